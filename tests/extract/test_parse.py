"""parse.py: any input becomes a tree, nothing raises."""

from __future__ import annotations

import os

import lxml.etree
import pytest
from hypothesis import given
from hypothesis import strategies as st

import weblens
from weblens.extract.parse import looks_binary, parse_html


def _text(html: str | bytes) -> str:
    return str(parse_html(html).root.text_content())


@pytest.mark.parametrize("empty", [b"", "", b"   \n\t", "   "])
def test_empty_input_gives_an_empty_document(empty: str | bytes) -> None:
    page = parse_html(empty)
    assert page.root.tag == "html"
    assert _text(empty).strip() == ""


def test_bytes_are_decoded_with_the_declared_charset() -> None:
    body = '<html><head><meta charset="windows-1252"></head><body><p>caf\xe9 cr\xe8me</p></body></html>'
    assert "café crème" in _text(body.encode("cp1252"))


def test_nul_bytes_are_stripped() -> None:
    assert "abc" in _text("<p>a\x00b\x00c</p>")


def test_xhtml_with_an_xml_declaration_parses() -> None:
    doc = (
        '<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE html>\n'
        '<html xmlns="http://www.w3.org/1999/xhtml"><body><p>Hello XHTML</p></body></html>'
    )
    assert "Hello XHTML" in _text(doc)
    assert "Hello XHTML" in _text(doc.encode())


def test_plain_text_keeps_its_paragraphs() -> None:
    root = parse_html("First paragraph here.\n\nSecond one & more < less.").root
    paragraphs = [p.text_content() for p in root.iter("p")]
    assert paragraphs == ["First paragraph here.", "Second one & more < less."]


def test_deep_nesting_keeps_the_text_below_the_parser_depth_limit() -> None:
    doc = "<html><body>" + "<div>" * 100_000 + "deep text" + "</div>" * 100_000 + "<p>after</p></body></html>"
    page = parse_html(doc)
    assert page.flattened
    assert "deep text" in _text(doc)
    assert "after" in _text(doc)


def test_deep_nesting_of_inline_tags_is_flattened_too() -> None:
    doc = "<b>" * 5000 + "bold" + "</b>" * 5000
    assert "bold" in _text(doc)


def test_binary_garbage_is_flagged_and_parses() -> None:
    garbage = os.urandom(50_000)
    page = parse_html(garbage)
    assert page.binary
    assert looks_binary(garbage)


@pytest.mark.parametrize(
    "text",
    [
        b"<html><body><p>plain ascii page</p></body></html>",
        "<p>unicode text: \u00e9\u00e8 \u4e2d\u6587 \U0001f600</p>".encode(),
        "\ufeff<p>with a BOM</p>".encode("utf-16"),
    ],
)
def test_text_is_not_binary(text: bytes) -> None:
    assert not looks_binary(text)
    assert not parse_html(text).binary


def test_invalid_utf8_is_replaced_not_fatal() -> None:
    page = parse_html(b"<html><body><p>ok \xff\xfe\xfd still ok</p></body></html>")
    assert "still ok" in page.root.text_content()


def test_html_len_is_the_decoded_length() -> None:
    assert parse_html("<p>abc</p>").html_len == len("<p>abc</p>")


def test_what_follows_an_early_closing_body_is_in_the_body() -> None:
    # a menu closed with </body>, then the page: a browser shows it all as the body's
    html = (
        "<html><body><table><tr><td><a href='/a'>Menu</a></td></tr></table></body>\n"
        "<table><tr><td><p>The article itself, after the early end of the body.</p></td></tr></table>"
        "<br>tail text<p>Last words.</p>"
    )
    root = parse_html(html).root
    body = root.find("body")
    assert body is not None
    assert [el.tag for el in root] == ["body"]
    text = " ".join(body.text_content().split())
    order = [text.index(part) for part in ("Menu", "The article itself", "tail text", "Last words")]
    assert order == sorted(order)


def test_an_early_closing_body_loses_no_article() -> None:

    paragraph = "<p>A paragraph of the article, which goes on for a while to be read as prose here.</p>"
    html = (
        "<html><head><title>T</title></head><body><div><a href='/x'>Home</a></div></body>"
        f"<div><h1>Report</h1>{paragraph * 6}</div></html>"
    )
    page = weblens.extract(html, "https://example.org/")
    assert page.text.count("A paragraph of the article") == 6


_POST = " ".join(
    f"Sentence {i} of the streamed post says one more thing about simulators." for i in range(30)
)
# React's streamed rendering, as a server sends it: the shell with placeholders first, the parts
# later, hidden, and the inline script that swaps each into its place
_STREAMED = (
    "<html><body><div><header>Site</header><!--$?--><template id='B:1'></template>"
    "<p>Loading…</p><!--/$--><footer>Links</footer></div>"
    "<div hidden id='S:1'><article><h1>Simulators</h1><p>{post}</p>"
    "<!--$?--><template id='B:2'></template><!--/$--></article></div>"
    "<div hidden id='S:2'><p>The closing paragraph arrived last of all, after the rest of it.</p></div>"
    "{script}</body></html>"
)
_SWAP = "<script>$RC=function(b,c){{}};$RC('B:1','S:1');$RC('B:2','S:2')</script>"


def test_a_streamed_react_page_is_read_with_its_parts_in_place() -> None:
    page = parse_html(_STREAMED.format(post=_POST, script=_SWAP.format()))
    article = page.root.find(".//article")
    assert article is not None and article.getparent().tag == "div"
    assert not page.root.xpath("//*[@hidden]") and not page.root.xpath("//template")
    assert article.text_content().endswith("after the rest of it.")  # the nested part, in its place
    out = weblens.extract(
        _STREAMED.format(post=_POST, script=_SWAP.format()), "https://blog.example/p/simulators"
    )
    assert out.outcome == "ok" and "Sentence 29 of the streamed post" in out.text


def test_hidden_parts_without_the_swapping_script_stay_hidden() -> None:
    # hidden text a browser would not show is never revealed, whatever its box is called: the page
    # runs scripts, and none of them swaps the parts in
    others = "<script>window.dataLayer = [];</script>"
    page = parse_html(_STREAMED.format(post=_POST, script=others))
    assert len(page.root.xpath("//div[@hidden]")) == 2
    out = weblens.extract(_STREAMED.format(post=_POST, script=others), "https://blog.example/p/simulators")
    assert "Sentence 29" not in out.text


@pytest.mark.parametrize("data", ["", '<script type="application/ld+json">{"@type": "BlogPosting"}</script>'])
def test_a_streamed_page_saved_without_its_scripts_is_read_with_its_parts_in_place(data: str) -> None:
    # a copy saved without its scripts (a clipper's, an archive's) keeps the stream as it was sent:
    # its scripts would have swapped the parts in; a block of data is no script
    html = _STREAMED.format(post=_POST, script=data)
    assert not parse_html(html).root.xpath("//div[@hidden]")
    out = weblens.extract(html, "https://blog.example/p/simulators")
    assert out.outcome == "ok" and "Sentence 29 of the streamed post" in out.text


_STREAM_PIECES = st.sampled_from(
    [
        "<div hidden id='S:1'>",
        "<div hidden id='S:2'>",
        "<div hidden id='S:1'>",
        "<template id='B:1'>",
        "<template id='P:2'>",
        "</template>",
        "</div>",
        "<p>words</p>",
        "tail text",
        "<article>",
        "</article>",
    ]
)


@given(st.lists(_STREAM_PIECES, max_size=14), st.booleans())
def test_streamed_parts_in_any_arrangement_parse_and_stay_hidden_without_the_script(
    pieces: list[str], script: bool
) -> None:
    # nested, repeated, unclosed, a placeholder inside its own part: parsing never raises, and
    # without the swapping script every hidden part stays where it was sent
    html = "<html><body>" + "".join(pieces) + ("<script>$RC('B:1','S:1')</script>" if script else "")
    page = parse_html(html + "</body></html>")
    if not script:
        sent = parse_html(html.replace("<script", "<x-script") + "</body></html>")
        assert len(page.root.xpath("//div[@hidden]")) == len(sent.root.xpath("//div[@hidden]"))


@given(
    st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=40),
    st.sampled_from([b"", b"\xef\xbb\xbf"]),
    st.sampled_from([b"", b"\xff", b"\xc3", b"\xed\xa0\x80", b"\xef\xbf\xbd"]),
)
def test_bytes_parse_as_their_decoded_text(text: str, bom: bytes, odd: bytes) -> None:
    """UTF-8 bytes and the text they decode to give the same tree, whether or not the bytes carry a
    byte-order mark, an invalid sequence or a real replacement character (bytes read as they came
    must be exactly the decoded text)."""
    from weblens.charset import decode_body

    body = bom + f"<html><body><p>{text}</p>".encode() + odd + b"<p>end</p></body></html>"
    decoded, _ = decode_body(body)
    from_bytes, from_text = parse_html(body), parse_html(decoded)
    assert from_bytes.source == from_text.source
    assert from_bytes.root.text_content() == from_text.root.text_content()


def test_a_parsed_page_holds_its_elements_in_document_order() -> None:
    # what the searches before cleaning walk: every element, the root first, as the tree holds them
    page = parse_html(
        "<html><head><title>T</title></head><body><div><p>a<b>b</b></p><!-- c --></div></body></html>"
    )
    assert [el.tag for el in page.elements] == ["html", "head", "title", "body", "div", "p", "b"]
    assert list(page.elements) == list(page.root.iter(lxml.etree.Element))


@pytest.mark.parametrize("void", ["embed", "source", "wbr", "bgsound"])
def test_what_follows_a_void_element_is_put_back_after_it(void: str) -> None:
    page = parse_html(
        f'<html><body><div>one<{void} src="a" hidden="true">two<p>three</p> four<p>five</p></div>'
        "</body></html>"
    )
    held = page.root.find(f".//{void}")
    assert held is not None and len(held) == 0 and held.text is None
    div = held.getparent()
    assert [child.tag for child in div] == [void, "p", "p"]
    assert div.text_content() == "onetwothree fourfive"


def test_an_old_page_behind_a_hidden_embedded_tune_keeps_its_text() -> None:
    html = (
        "<html><head><title>Fan page</title></head><body>"
        '<EMBED SRC="tune.mid" AUTOSTART="true" HIDDEN="true">'
        "<CENTER><FONT SIZE=+2><B>The Story So Far</B></FONT></CENTER><BR>"
        + "The band formed in Leeds in the autumn of 1993, when two art students met in a basement. " * 6
        + "<BR><BR>Their first gig was at a pub in March 1994, supporting a band nobody remembers now. " * 4
        + "</body></html>"
    )
    page = weblens.extract(html, "http://www.example.com/history.html")
    assert page.outcome == "ok"
    assert "Their first gig was at a pub in March 1994" in page.text
