"""Emphasis in the Markdown reads back as emphasis: no marker is left for a reader to show as text."""

from __future__ import annotations

import re

import lxml.etree
import lxml.html
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lxml.html import HtmlElement
from markdown_it import MarkdownIt

import weblens
from weblens.extract.markdown import to_markdown
from weblens.extract.mdinline import emphasis, plain, resolve

_READER = MarkdownIt("commonmark").enable("strikethrough")
_SPACES = re.compile(r"\s+")


def read(markdown: str) -> tuple[str, str]:
    """What a CommonMark reader shows: its text (white space collapsed) and its HTML."""
    html = _READER.render(markdown)
    root = lxml.html.fragment_fromstring(html or "<p></p>", create_parent="div")
    return _SPACES.sub(" ", root.text_content()).strip(), html


def md(html: str) -> str:
    return to_markdown(lxml.html.fragment_fromstring(html, create_parent="div"), None)


@pytest.mark.parametrize(
    ("html", "markdown"),
    [
        # touching runs of one kind are one run (a word set in two sizes, each bold)
        ("<p><b>B</b><b>USINESS</b> news</p>", "**BUSINESS** news"),
        ("<p><i><b>Urgent</b><b>: read this</b></i> now</p>", "***Urgent: read this*** now"),
        # punctuation at the edge moves out when the marker could not be read with it inside
        ("<p><b>Toxicity:</b>Leaves are dark</p>", "**Toxicity**:Leaves are dark"),
        ("<p>Price<b>, today</b> only</p>", "Price, **today** only"),
        # a run of nothing but punctuation between letters cannot be emphasis: its text stays
        ("<p>BMC 2004, 4<b>:</b>29</p>", "BMC 2004, 4:29"),
        ('<p>of a <i>nation</i><b>.</b>"</p>', 'of a *nation*."'),
        # a run across a paragraph break is closed before it and opened after it
        ("<p><b>one<br><br>two</b></p>", "**one**\n\n**two**"),
        # what already read well is unchanged
        ("<p><b>bold</b> and <i>italic</i>, <s>gone</s>.</p>", "**bold** and *italic*, ~~gone~~."),
        ("<p>a <i><b>x</b></i> b</p>", "a ***x*** b"),
        # inside a word a marker could open as well as close: left out, as the rules of a reader
        # for such runs (their lengths' multiples of three) are easy to get wrong
        ("<p>un<i>believ</i>able, <b>B</b>old</p>", "unbelievable, Bold"),
    ],
)
def test_emphasis_is_written_where_a_reader_takes_it(html: str, markdown: str) -> None:
    out = md(html)
    assert out == markdown
    assert "*" not in read(out)[0] and "~" not in read(out)[0]


def test_white_space_at_the_ends_of_code_stays_between_the_words() -> None:
    assert md("<p>Unflag <code>resolve(), with </code>parentURL <code>a</code>.</p>") == (
        "Unflag `resolve(), with` parentURL `a`."
    )


def test_a_page_cannot_forge_a_marker() -> None:
    # the placeholders are noncharacters; a page that holds them gets them removed, not read as markers
    forged = "a \ufdd2b\ufdd3 c \ufdd6d\ufdd7"
    assert plain(forged) == "a b c d"
    page = weblens.extract(f"<html><body><p>{forged}</p></body></html>")
    assert page.markdown == "a b c d"
    assert resolve("plain text") == "plain text"
    assert resolve(emphasis("**", "x")) == "**x**"


_WORDS = st.sampled_from(
    ["word", "B", "USINESS", "x1", "é", "日本", "4", " ", "  ", ":", ".", ",", "(", ")", '"', "!", "?", "-",
     "/", "a b", " c ", "·", "©", "\u00a0", "*", "_", "`", "[", "]", "\\", "~", "<"]
)  # fmt: skip
_INLINE = ["b", "strong", "i", "em", "s", "del", "span", "a", "code"]


@st.composite
def _inline_trees(draw: st.DrawFn) -> HtmlElement:
    root = lxml.html.Element("p")
    nodes = [root]
    root.text = draw(_WORDS)
    for _ in range(draw(st.integers(1, 14))):
        parent = draw(st.sampled_from(nodes))
        tag = draw(st.sampled_from(_INLINE))
        child = lxml.etree.SubElement(
            parent, tag, {"href": "https://site.example/a_(b)*"} if tag == "a" else {}
        )
        child.text = "".join(draw(st.lists(_WORDS, max_size=3)))
        child.tail = "".join(draw(st.lists(_WORDS, max_size=2)))
        nodes.append(child)
    return root


@settings(max_examples=600, deadline=None)
@given(_inline_trees())
def test_every_marker_is_read_as_markup(root: HtmlElement) -> None:
    # a reader shows exactly the text of the element: no asterisk or tilde of ours is left as text
    out = to_markdown(root, None)
    for code in list(root.iter("code")):  # a code span's spaces are collapsed (those at its ends stay)
        raw = code.text_content()
        content = " ".join(raw.split())
        content = (" " if raw[:1].isspace() else "") + content + (" " if raw[-1:].isspace() else "")
        for child in list(code):
            code.remove(child)
        code.text = content
    expected = _SPACES.sub(" ", root.text_content().replace("\u00a0", " ")).strip()
    shown, html = read(out)
    assert shown.replace("\u00a0", " ") == expected, (lxml.html.tostring(root), out, html)
