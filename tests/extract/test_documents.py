"""Documents that are not HTML: PDF, plain text, Markdown and JSON through the same PageExtract."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from markdown_it import MarkdownIt

import weblens
from tests.support.pdfs import make_pdf
from weblens.errors import CorruptDocument, EncryptedDocument, ExtractionFailed
from weblens.extract import ExtractOptions
from weblens.extract.kinds import DocumentKind, kind_of_media_type, sniff_kind
from weblens.extract.pdf import pdf_date
from weblens.models import ExtractionMethod, Outcome

REPORT = make_pdf(
    [
        ["Annual report of the harbour board.", "The harbour handled more ships than ever before."],
        ["Second page: the accounts.", "Income rose by a tenth over the year."],
    ],
    title="Harbour Board Annual Report",
    author="Jane Marlow",
    created="D:20240315103000+01'00'",
)


# --- PDF -------------------------------------------------------------------------------------------


def test_a_pdf_is_read_page_by_page_with_its_document_information() -> None:
    result = weblens.extract(REPORT, "https://harbour.example/report.pdf")
    assert result.outcome is Outcome.OK
    assert result.title == "Harbour Board Annual Report"
    assert result.author == "Jane Marlow" and result.authors == ["Jane Marlow"]
    assert result.published_date == "2024-03-15T10:30:00+01:00"
    assert result.text.index("Annual report") < result.text.index("Second page")
    assert "The harbour handled more ships than ever before.\n\nSecond page" in result.text
    assert result.images == [] and result.primary_image is None
    assert result.word_count > 20
    assert "---" in result.markdown


def test_a_pdf_given_with_its_content_type_is_read_as_a_pdf() -> None:
    result = weblens.extract(REPORT, content_type="application/pdf")
    assert "Income rose" in result.text


def test_an_encrypted_pdf_is_a_clear_error_never_an_empty_success() -> None:
    locked = make_pdf([["Secret minutes of the board."]], title="Minutes", user_password="harbour")
    with pytest.raises(EncryptedDocument) as info:
        weblens.extract(locked)
    assert info.value.code == "extraction_failed"
    assert "encrypted" in info.value.message


@pytest.mark.parametrize(
    "broken",
    [b"%PDF-1.4\nthis is not a pdf at all", REPORT[: len(REPORT) // 3], b"%PDF-" + bytes(range(256)) * 4],
)
def test_a_broken_pdf_is_a_clear_error(broken: bytes) -> None:
    with pytest.raises(ExtractionFailed) as info:
        weblens.extract(broken)
    assert isinstance(info.value, CorruptDocument)


def test_the_page_limit_is_reported_not_silent() -> None:
    many = make_pdf([[f"Page number {n} of the manual."] for n in range(1, 6)])
    result = weblens.extract(many, options=ExtractOptions(max_pages=2))
    assert "Page number 2" in result.text and "Page number 3" not in result.text
    assert any(w.startswith("truncated: 3 of 5 pages") for w in result.warnings)


def test_a_pdf_without_a_text_layer_is_thin_with_a_reason() -> None:
    scanned = make_pdf([[], []])
    result = weblens.extract(scanned)
    assert result.outcome is Outcome.THIN and result.text == ""
    assert any(w.startswith("no_text_layer") for w in result.warnings)


@pytest.mark.parametrize(
    ("raw", "iso"),
    [
        ("D:20240315103000+01'00'", "2024-03-15T10:30:00+01:00"),
        ("D:20240315103000Z", "2024-03-15T10:30:00+00:00"),
        ("D:20240315", "2024-03-15"),
        ("D:2024", "2024-01-01"),
        ("20240315103000", "2024-03-15T10:30:00"),
        ("yesterday", None),
        ("D:20241399", None),
    ],
)
def test_pdf_dates(raw: str, iso: str | None) -> None:
    assert pdf_date(raw) == iso


# --- plain text ------------------------------------------------------------------------------------

POEM = "Roses are red,\nviolets are blue.\n\nSugar is sweet\nand so are you.\n"
LIST = "Shopping:\n- bread\n- milk\n1. first\n2. second"


def test_plain_text_keeps_its_line_breaks_stanzas_and_lists() -> None:
    poem = weblens.extract(POEM.encode(), content_type="text/plain; charset=utf-8")
    assert poem.text == POEM.strip()
    assert poem.markdown.split("\n") == [
        "Roses are red,  ",  # a hard break: a Markdown reader does not join the lines
        "violets are blue.",
        "",
        "Sugar is sweet  ",
        "and so are you.",
    ]
    listing = weblens.extract(LIST, content_type="text/plain")
    assert listing.text == LIST
    assert listing.markdown.split("\n")[1] == "\\- bread  "  # literal, not a Markdown list
    assert "<br />\n- bread<br />" in MarkdownIt("commonmark").render(listing.markdown)
    assert poem.extraction_method is ExtractionMethod.FALLBACK and poem.outcome is Outcome.OK


def test_plain_text_without_a_content_type_is_sniffed() -> None:
    assert weblens.extract(POEM).text == POEM.strip()


def test_plain_text_in_a_legacy_charset_is_decoded() -> None:
    text = "Съешь же ещё этих мягких французских булок,\nда выпей чаю."
    result = weblens.extract(text.encode("cp1251"), content_type="text/plain; charset=windows-1251")
    assert result.text == text


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.text(st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=30), max_size=8)
)
def test_property_every_nonblank_line_of_a_plain_text_stays_a_line(lines: list[str]) -> None:
    text = "\n".join(lines)
    result = weblens.extract(text, content_type="text/plain")
    out = result.text.split("\n")
    for line in lines:
        if line.strip():
            assert line.rstrip() in out


# --- Markdown ----------------------------------------------------------------------------------------

NOTES = """---
title: Release notes
author: Sam Reed
date: 2024-05-02
---
# Version 2.0

The **new** parser is [documented here](https://docs.example/parser) and *faster*.

- nested lists
  - keep their place
- `code spans`

```python
print("hello")
```
"""


def test_markdown_stays_markdown_and_its_text_has_no_syntax() -> None:
    result = weblens.extract(NOTES.encode(), "https://docs.example/notes.md", content_type="text/markdown")
    assert result.markdown.startswith("# Version 2.0")
    assert "[documented here](https://docs.example/parser)" in result.markdown
    assert "The new parser is documented here and faster." in result.text
    assert "**" not in result.text and "](" not in result.text and "```" not in result.text
    assert 'print("hello")' in result.text
    assert result.title == "Release notes" and result.author == "Sam Reed"
    assert result.published_date == "2024-05-02"
    assert result.links == ["https://docs.example/parser"]


def test_markdown_is_sniffed_and_titled_by_its_first_heading() -> None:
    result = weblens.extract(
        "# Setup guide\n\nInstall it:\n\n- step one\n- step two\n\nSee [the docs](/docs)."
    )
    assert result.title == "Setup guide"
    assert result.markdown.startswith("# Setup guide")


# --- JSON ----------------------------------------------------------------------------------------------


def test_json_is_pretty_printed() -> None:
    raw = b'{"name":"harbour","ships":[1,2],"note":"caf\\u00e9"}'
    result = weblens.extract(raw)
    assert result.text == json.dumps(json.loads(raw), indent=2, ensure_ascii=False)
    assert result.markdown.startswith("```json\n") and result.markdown.endswith("\n```")
    assert "café" in result.text


def test_json_content_types_include_the_plus_json_suffix() -> None:
    result = weblens.extract('{"a": 1}', content_type="application/ld+json")
    assert result.text == '{\n  "a": 1\n}'


def test_invalid_json_is_kept_as_text_with_a_warning() -> None:
    result = weblens.extract("{not json", content_type="application/json")
    assert result.text == "{not json"
    assert any(w.startswith("invalid_json") for w in result.warnings)


# --- sniffing -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "kind"),
    [
        (b"%PDF-1.7\n...", DocumentKind.PDF),
        (b"\n\n%PDF-1.4", DocumentKind.PDF),
        (b"<!DOCTYPE html><p>x</p>", DocumentKind.HTML),
        ("<p>A fragment</p>", DocumentKind.HTML),
        ("<pre>code\n  indented</pre>", DocumentKind.HTML),
        ("<dl><dt>Term</dt><dd>Meaning</dd></dl>", DocumentKind.HTML),
        ("<blockquote>A quote</blockquote>", DocumentKind.HTML),
        ("  <article><section>Body text</section></article>", DocumentKind.HTML),
        ("Use a <blink> tag? No: plain text", DocumentKind.TEXT),
        ("a <bold claim> and 3 < 4 > 2", DocumentKind.TEXT),
        ("Plain words, nothing else.", DocumentKind.TEXT),
        ('[{"a": 1}]', DocumentKind.JSON),
        ("{ not json at all", DocumentKind.TEXT),
        ("# Title\n\n- item\n- item", DocumentKind.MARKDOWN),
        ("Intro\n\n- one\n- two\n- three", DocumentKind.MARKDOWN),
        ("Just a line with - a dash", DocumentKind.TEXT),
        ("", DocumentKind.HTML),
    ],
)
def test_sniffing(data: str | bytes, kind: DocumentKind) -> None:
    assert sniff_kind(data) is kind


@pytest.mark.parametrize(
    ("declared", "kind"),
    [
        ("text/html; charset=utf-8", DocumentKind.HTML),
        ("application/pdf", DocumentKind.PDF),
        ("TEXT/PLAIN", DocumentKind.TEXT),
        ("text/markdown", DocumentKind.MARKDOWN),
        ("application/vnd.api+json", DocumentKind.JSON),
        ("image/png", None),
        (None, None),
    ],
)
def test_declared_kinds(declared: str | None, kind: DocumentKind | None) -> None:
    assert kind_of_media_type(declared) is kind


def test_a_declared_type_wins_over_sniffing() -> None:
    assert weblens.extract("# not a heading", content_type="text/plain").text == "# not a heading"


def test_binary_input_is_still_not_html() -> None:
    assert weblens.extract(bytes(range(256)) * 8).outcome is Outcome.NOT_HTML
