"""mdpre.py: a <pre> of prose with links, as Markdown paragraphs that keep the links."""

from __future__ import annotations

import re

import lxml.html
from hypothesis import given
from hypothesis import strategies as st

from weblens.extract.markdown import to_markdown
from weblens.extract.mdpre import is_prose

BASE = "https://docs.example/doc/html/rfc9876"

RFC = """<pre>
Internet Engineering Task Force (IETF)                        M. Okonkwo
Request for Comments: 9876                                  Lattice Labs

Abstract

   This document defines the Retry-Budget HTTP response header field,
   which lets a server advertise how many automatic retries a client
   may spend.  Further information is available in <a href="./rfc7841#section-2">Section 2 of
   RFC 7841</a> and at
   <a href="https://www.rfc-editor.example/info/rfc9876">https://www.rfc-editor.example/info/rfc9876</a>.

<h2><a href="#section-1">1</a>.  Introduction</h2>

   HTTP already provides the Retry-After field (see <a href="./rfc9110#section-10.2.3">Section 10.2.3 of
   RFC 9110</a>), but it only describes when a single request may be
   repeated.  This document fills that gap.

   For example:

     HTTP/1.1 503 Service Unavailable
     Retry-Budget: tokens=3, window=60

   Authors' Addresses
   Mira Okonkwo
   Lattice Labs
</pre>"""


def markdown_of(body: str) -> str:
    return to_markdown(lxml.html.fromstring(f"<div>{body}</div>"), BASE)


def test_a_document_in_a_pre_keeps_its_links_paragraphs_and_headings() -> None:
    md = markdown_of(RFC)
    assert "[Section 2 of RFC 7841](https://docs.example/doc/html/rfc7841#section-2)" in md
    assert "[https://www.rfc-editor.example/info/rfc9876](https://www.rfc-editor.example/info/rfc9876)." in md
    # wrapped lines are one paragraph
    assert "which lets a server advertise how many automatic retries a client may spend." in md
    assert "## 1. Introduction" in md
    # columns and an example stay code, as written
    assert "```\nInternet Engineering Task Force (IETF)                        M. Okonkwo\n" in md
    assert "```\nHTTP/1.1 503 Service Unavailable\nRetry-Budget: tokens=3, window=60\n```" in md
    # short lines of words stay lines
    assert "Authors' Addresses  \nMira Okonkwo  \nLattice Labs" in md


def test_code_with_links_and_text_without_links_stay_code_blocks() -> None:
    signature = (
        '<pre>public static <a href="Item.html">Item</a> parse(<a href="Source.html">Source</a> source,\n'
        '                          <a href="Options.html">Options</a> options)\n'
        '        throws <a href="ParseError.html">ParseError</a>;</pre>'
    )
    assert markdown_of(signature).startswith("```\npublic static Item parse(Source source,")
    plain = "<pre>" + "\n\n".join(
        ["This is a long line of prose that wraps at about seventy columns or so"] * 3
    )
    assert markdown_of(plain + "</pre>").startswith("```\nThis is a long line")


def test_a_table_of_contents_of_anchors_is_lines() -> None:
    pre = (
        "<pre>   Some prose that runs long enough to wrap onto a second line of the\n"
        '   text, with a <a href="https://other.example/">link</a> in it.\n\n'
        "Table of Contents\n\n"
        '   <a href="#s1">1</a>.  Introduction\n   <a href="#s2">2</a>.  References\n\n'
        "   And a last paragraph that also runs long enough to wrap onto a second\n"
        "   line of the text.</pre>"
    )
    assert "1\\. Introduction  \n2\\. References" in markdown_of(pre)


@given(
    st.lists(
        st.lists(
            st.sampled_from(["harbour", "bridge", "reopens", "cars", "deck", "piers", "council"]), min_size=8
        ),
        min_size=2,
        max_size=5,
    ),
    st.integers(min_value=0, max_value=6),
)
def test_no_word_of_a_prose_pre_is_lost_or_moved(paragraphs: list[list[str]], linked: int) -> None:
    blocks = []
    for words in paragraphs:
        words = list(words)
        words[min(linked, len(words) - 1)] = f'<a href="/w/{linked}">{words[min(linked, len(words) - 1)]}</a>'
        lines = [" ".join(words[i : i + 6]) for i in range(0, len(words), 6)]
        blocks.append("\n".join(lines))
    html = "<pre>" + "\n\n".join(blocks) + "</pre>"
    md = markdown_of(html)
    shown = re.sub(r"\]\([^)]*\)", "", md).replace("[", "").replace("```", "").split()
    assert shown == lxml.html.fromstring(html).text_content().split()


def test_is_prose() -> None:
    wrapped = ["   This document defines the Retry-Budget HTTP response header field,", "   which lets it."]
    assert is_prose(wrapped)
    assert not is_prose(["x = {a: 1};", "y = [b | c];"])  # code
    assert not is_prose(["Name        Value", "Ann         Three"])  # columns
    assert not is_prose(["short line", "another short line of text here", "and"])  # not wrapped
