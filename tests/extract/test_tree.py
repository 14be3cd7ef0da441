"""AttributeSearch finds exactly what the equivalent XPath of contains() tests finds, by a walk and by
one search of the elements' joined attribute values (AttributeText) alike (properties)."""

from __future__ import annotations

import lxml.etree
import lxml.html
from hypothesis import given, settings
from hypothesis import strategies as st

from weblens.extract.tree import AttributeSearch, AttributeText

# searches of both kinds: with a class (a walk of the elements) and without (an XPath of values); with
# needles that hold other needles ("reply" holds "repl")
_SEARCHES = (
    {"class": ("omment", "byline"), "id": ("repl",), "itemprop": ("uthor",)},
    {"class": ("omment", "Comment"), "id": ("repl", "reply", "by line")},
    {"itemprop": ("uthor", "x"), "id": ("repl",)},
)


def _xpath(wanted: dict[str, tuple[str, ...]]) -> lxml.etree.XPath:
    tests = " or ".join(
        f'contains(@{name}, "{needle}")' for name, needles in wanted.items() for needle in needles
    )
    return lxml.etree.XPath(f".//*[{tests}]")


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
@given(_TREE, st.sampled_from(_SEARCHES))
def test_attribute_search_finds_what_the_xpath_finds(markup: str, wanted: dict[str, tuple[str, ...]]) -> None:
    root = lxml.html.document_fromstring(f"<html><body>{markup}</body></html>")
    search, xpath = AttributeSearch(wanted), _xpath(wanted)
    assert search(root) == list(xpath(root))
    top = root.find("body/div")
    assert top is not None
    assert search(top) == list(xpath(top))  # the root itself is never included


@settings(max_examples=100, deadline=None)
@given(_TREE, st.sampled_from(_SEARCHES), st.integers(min_value=-1, max_value=30))
def test_a_search_of_the_joined_values_finds_what_the_walk_finds(
    markup: str, wanted: dict[str, tuple[str, ...]], after: int
) -> None:
    root = lxml.html.document_fromstring(f"<html><body>{markup}</body></html>")
    elements = tuple(root.iter(lxml.etree.Element))
    search = AttributeSearch(wanted)
    text = AttributeText(elements)
    walked = list(search.among(elements))
    assert list(search.at(text, after)) == [(at, el) for at, el in walked if at > after]
    assert search.found_at(text, 0) == search(root)  # past the root: what lies below it
