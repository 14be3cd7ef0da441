"""weblens.extract survives hostile input: it returns a PageExtract, or raises only ExtractionFailed.

Bounded time is checked by the suite finishing; no wall-clock assertions.
"""

from __future__ import annotations

import os
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import weblens
from weblens.errors import ExtractionFailed
from weblens.extract.parse import parse_html
from weblens.models import ExtractionMethod, Outcome, PageExtract


def _ok(result: PageExtract) -> PageExtract:
    assert isinstance(result, PageExtract)
    assert 0.0 <= result.confidence <= 1.0
    assert result.extraction_method is not ExtractionMethod.RENDER
    assert "\x00" not in result.text
    return result


@pytest.mark.parametrize(
    "empty", [b"", "", b" ", "\n\n", "<html></html>", "<!DOCTYPE html>", "<?xml version='1.0'?>"]
)
def test_empty_documents(empty: str | bytes) -> None:
    result = _ok(weblens.extract(empty))
    assert result.text == ""
    assert result.outcome in (Outcome.THIN, Outcome.OK)


def test_binary_garbage() -> None:
    result = _ok(weblens.extract(os.urandom(200_000)))
    assert result.outcome is Outcome.NOT_HTML


def test_binary_garbage_as_text() -> None:
    rng = random.Random(7)
    noise = "".join(chr(rng.randrange(0, 32)) for _ in range(5000))
    assert _ok(weblens.extract(noise)).outcome is Outcome.NOT_HTML


def test_invalid_utf8() -> None:
    body = (
        b"<html><body><p>"
        + b"valid words \xc3\x28 \xa0\xa1 \xf0\x28\x8c\x28 more words " * 200
        + b"</p></body></html>"
    )
    assert "valid words" in _ok(weblens.extract(body)).text


def test_nul_bytes_everywhere() -> None:
    html = "<html><body><article><p>" + "text\x00with\x00nuls. " * 300 + "</p></article></body></html>"
    result = _ok(weblens.extract(html))
    assert "textwithnuls." in result.text


def test_100_000_nested_divs() -> None:
    html = (
        "<html><body>" + "<div>" * 100_000 + "the bottom of the well" + "</div>" * 100_000 + "</body></html>"
    )
    assert "the bottom of the well" in _ok(weblens.extract(html)).text


def test_100_000_unclosed_nested_divs() -> None:
    _ok(weblens.extract("<div>" * 100_000 + "unclosed"))


def test_a_10_mb_single_text_node() -> None:
    html = "<html><body><p>" + "word " * 2_000_000 + "</p></body></html>"
    result = _ok(weblens.extract(html))
    assert result.word_count == 2_000_000
    assert result.confidence >= 0.9


def test_a_10_mb_text_node_without_spaces() -> None:
    _ok(weblens.extract("<p>" + "x" * 10_000_000 + "</p>"))


@pytest.mark.parametrize(
    "table",
    [
        "<table><tr><td>a<td>b<tr><td>c</table></td></tr>",
        "<table><td><table><td><table>deep</td></td>",
        "<tr><td>orphan row</td></tr>",
        "<table>" + "<tr>" * 500 + "x",
        "<table><caption>cap</caption><tbody><tr><th colspan=99999>h</th></tr></tbody></table>",
    ],
)
def test_broken_tables(table: str) -> None:
    _ok(weblens.extract(f"<html><body>{table}</body></html>"))


def test_html_inside_svg() -> None:
    html = (
        "<html><body><svg><foreignObject><div><p>SVG-HTML text</p></div></foreignObject>"
        "<text>svg text</text></svg><article><p>"
        + "Real words of the page. " * 40
        + "</p></article></body></html>"
    )
    result = _ok(weblens.extract(html))
    assert "SVG-HTML" not in result.text
    assert "Real words of the page." in result.text


def test_xhtml_with_xml_declaration_as_str() -> None:
    html = (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" '
        '"http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd">\n'
        '<html xmlns="http://www.w3.org/1999/xhtml" xml:lang="en"><head><title>X</title></head>'
        "<body><div><p>" + "An XHTML document with a declaration. " * 20 + "</p></div></body></html>"
    )
    assert "An XHTML document" in _ok(weblens.extract(html)).text


def test_text_plain_given_as_a_string() -> None:
    text = "Meeting notes\n\nThe team agreed to ship on Friday.\n\nNext review in two weeks."
    result = _ok(weblens.extract(text))
    assert result.text == text
    assert result.outcome in (Outcome.THIN, Outcome.OK)


def test_unbalanced_and_weird_markup() -> None:
    for html in ["<<<>>>", "</p></div></body>", "<p <p <p>", "<a href='", "<!-- unterminated", "<![CDATA[x"]:
        _ok(weblens.extract(html))


def test_non_text_input_raises_extraction_failed() -> None:
    with pytest.raises(ExtractionFailed) as info:
        weblens.extract(12345)  # type: ignore[arg-type]
    assert info.value.code == "extraction_failed"


def test_many_attributes_and_entities() -> None:
    attrs = " ".join(f'data-a{i}="{i}"' for i in range(2000))
    _ok(weblens.extract(f"<div {attrs}>&amp;&lt;&#x1F600;&#0;&#xD800;&bogus;</div>"))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=4000))
def test_any_bytes(data: bytes) -> None:
    """Any bytes give a PageExtract — except a broken PDF, which is a clear ExtractionFailed."""
    try:
        _ok(weblens.extract(data))
    except ExtractionFailed:
        assert data.lstrip().startswith(b"%PDF-")


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=3000))
def test_any_text(data: str) -> None:
    """Any text gives a PageExtract — except text that opens as a PDF, which is read as one and, a
    PDF being no text, is a clear ExtractionFailed (as broken PDF bytes are)."""
    try:
        _ok(weblens.extract(data))
    except ExtractionFailed:
        assert data.lstrip().startswith("%PDF-")


_TAGS = [
    "div",
    "p",
    "span",
    "a",
    "table",
    "tr",
    "td",
    "ul",
    "li",
    "svg",
    "script",
    "style",
    "h1",
    "pre",
    "form",
    "b",
]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(
        st.one_of(
            st.sampled_from([f"<{t}>" for t in _TAGS] + [f"</{t}>" for t in _TAGS]), st.text(max_size=30)
        )
    )
)
def test_any_tag_soup(parts: list[str]) -> None:
    _ok(weblens.extract("".join(parts)))


@pytest.mark.parametrize(
    "html",
    ["\x1f<form></form>0", "<div>a\x01<nav>x</nav>b\x02</div>", "<p>x\x0b<span hidden>h</span>\x1e</p>"],
)
def test_control_characters_next_to_removed_elements(html: str) -> None:
    result = _ok(weblens.extract(html))
    assert not any(ch in result.text for ch in "\x01\x02\x0b\x1e\x1f")


def test_a_chain_of_nested_containers_keeps_nearly_every_paragraph() -> None:
    sentence = "with a clause, goes on for a while about the matter at hand, and then ends here."
    chain = "".join(f"<div><p>Paragraph {i}, {sentence}</p>" for i in range(1500))
    html = "<html><body>" + chain + "</div>" * 1500 + "</body></html>"
    text = _ok(weblens.extract(html)).text
    # descending past a title or a standfirst leaves at most two paragraphs behind
    assert "Paragraph 2," in text and "Paragraph 1499," in text


def test_a_page_of_many_short_lines_is_not_trimmed_away() -> None:
    html = "<html><body>" + "<p>x y</p>" * 20_000 + "</body></html>"
    assert _ok(weblens.extract(html)).word_count == 40_000


def test_many_links_and_many_hidden_elements() -> None:
    links = "<ul>" + "<li><a href='/a'>link text</a></li>" * 20_000 + "</ul>"
    hidden = "<div style='display:none'>h</div><p>Visible words here.</p>" * 10_000
    result = _ok(weblens.extract(f"<html><body>{links}{hidden}</body></html>"))
    assert "Visible words here." in result.text
    assert "\nh\n" not in result.text


def test_control_characters_in_code_lines_are_dropped_not_fatal() -> None:
    # lxml parses them into the tree but refuses to write them back: joining code lines must not fail
    prose = "<p>" + "The example below shows the whole program in a few lines. " * 4 + "</p>"
    lines = "<div class='line'>a = 1\x01\x0b\x0c</div><div class='line'>b = 2</div>"
    result = weblens.extract(
        f"<html><body><article>{prose}<div class='fragment'>{lines}</div>{prose}</article></body></html>"
    )
    _ok(result)
    assert "```\na = 1\nb = 2\n```" in result.markdown


def test_a_start_tag_flooded_with_attributes_keeps_its_name_only() -> None:
    """One element with 30,000 attributes (a hostile page's way to hold a worker: libxml2 and lxml
    read them in quadratic time) is parsed as the bare tag; the text around it stays. A long tag of
    a few attributes (an inline picture's data URI) keeps them."""
    flood = " ".join(f'data-a{i}="v{i}"' for i in range(30_000))
    picture = "A" * 70_000
    html = (
        f"<html><body><div id='x' {flood}><p>The council met on Tuesday to review the proposal.</p></div>"
        f"<img id='pic' alt='a map' src='data:image/png;base64,{picture}='></body></html>"
    )
    page = parse_html(html)
    div = page.root.find(".//div")
    assert div is not None and len(div.attrib) == 0
    assert "The council met on Tuesday" in div.text_content()
    img = page.root.find(".//img")
    assert img is not None and img.get("alt") == "a map" and (img.get("src") or "").endswith("A=")
