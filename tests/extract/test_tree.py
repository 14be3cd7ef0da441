"""AttributeSearch finds exactly what the equivalent XPath of contains() tests finds (property)."""

from __future__ import annotations

import lxml.etree
import lxml.html
from hypothesis import given, settings
from hypothesis import strategies as st

from weblens.extract.tree import AttributeSearch

_WANTED = {"class": ("omment", "byline"), "id": ("repl",), "itemprop": ("uthor",)}
_XPATH = lxml.etree.XPath(
    ".//*["
    + " or ".join(f'contains(@{name}, "{needle}")' for name, needles in _WANTED.items() for needle in needles)
    + "]"
)
# attribute values built from the needles, near misses of them and filler
_PIECES = st.sampled_from(["omment", "Comment", "byline", "by line", "repl", "reply", "uthor", "x", " ", "-"])
_VALUE = st.lists(_PIECES, max_size=4).map("".join)
_ATTRIBUTES = st.dictionaries(
    st.sampled_from(["class", "id", "itemprop", "href", "title"]), _VALUE, max_size=3
)


def _element(attributes: dict[str, str], children: list[str]) -> str:
    attrs = "".join(f' {name}="{value}"' for name, value in attributes.items())
    return f"<div{attrs}>t{''.join(children)}</div>"


_TREE = st.recursive(
    st.builds(_element, _ATTRIBUTES, st.just([])),
    lambda inner: st.builds(_element, _ATTRIBUTES, st.lists(inner, max_size=4)),
    max_leaves=25,
)


@settings(max_examples=100, deadline=None)
@given(_TREE)
def test_attribute_search_finds_what_the_xpath_finds(markup: str) -> None:
    root = lxml.html.document_fromstring(f"<html><body>{markup}</body></html>")
    assert AttributeSearch(_WANTED)(root) == list(_XPATH(root))
    top = root.find("body/div")
    assert top is not None
    assert AttributeSearch(_WANTED)(top) == list(_XPATH(top))  # the root itself is never included
