"""Documents that are not HTML pages: plain text, Markdown and JSON → PageExtract (pure).

* **plain text**: the text as written — line breaks kept (a poem's stanza, a list, an
  address stay line by line), runs of blank lines cut to one, trailing spaces and control
  characters dropped; the Markdown is the same lines with Markdown syntax escaped.
* **Markdown**: ``markdown`` is the source itself (front matter removed); ``text`` is what
  it reads as, without the syntax (rendered by markdown-it-py, then written out like an HTML
  page's text); the title is the front matter's ``title`` or the first level-1 heading.
* **JSON**: pretty-printed with two-space indentation, as ``text`` and as a fenced ``json``
  block in ``markdown``. Text that does not parse is kept as plain text, with a warning.

The whole document is the content: ``extraction_method`` is ``fallback`` and ``outcome`` is
``ok`` whenever there is any text (``thin`` when there is none).
"""

from __future__ import annotations

import json
import re
import time
from dataclasses import dataclass, field

import lxml.html

from weblens.charset import decode_body
from weblens.extract.confidence import confidence
from weblens.extract.dates import normalise_date
from weblens.extract.mdsyntax import HARD_BREAK, code_fence, escape_line_start, escape_text
from weblens.extract.media import collect_images, collect_links
from weblens.extract.metatext import normalise_language
from weblens.extract.text import render_text, strip_controls, word_count
from weblens.models import ExtractionMethod, Outcome, PageExtract

__all__ = ["DocumentParts", "document_extract", "json_extract", "markdown_extract", "text_extract"]

_BLANK_RUNS = re.compile(r"\n\n\n+")
_URL = re.compile(r"https?://[^\s<>\"'`)\]]+")
_FRONT_MATTER = re.compile(r"\A---[ \t]*\n(.*?\n)(?:---|\.\.\.)[ \t]*(?:\n|\Z)", re.S)
_FRONT_FIELD = re.compile(r"^([A-Za-z_][\w-]*)\s*:\s*(.+?)\s*$", re.M)


@dataclass(frozen=True, kw_only=True)
class DocumentParts:
    """What a document reader found; :func:`document_extract` turns it into a PageExtract."""

    text: str
    markdown: str
    title: str | None = None
    authors: tuple[str, ...] = ()
    published_date: str | None = None
    description: str | None = None
    language: str | None = None
    links: list[str] = field(default_factory=list)
    images: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


def document_extract(parts: DocumentParts, url: str | None, started: float) -> PageExtract:
    """The PageExtract of a whole document (its every word is content)."""
    text = parts.text.strip("\n")
    words = word_count(text)
    warnings = list(parts.warnings)
    if not words:
        warnings.append("thin: the document has no text")
    return PageExtract(
        final_url=url,
        title=parts.title,
        description=parts.description,
        author=", ".join(parts.authors) or None,
        authors=list(parts.authors),
        published_date=parts.published_date,
        language=parts.language,
        links=parts.links,
        images=parts.images,
        text=text,
        markdown=parts.markdown.strip("\n"),
        word_count=words,
        confidence=round(confidence(words, len(text), len(text)), 4),
        extraction_method=ExtractionMethod.FALLBACK,
        outcome=Outcome.OK if words else Outcome.THIN,
        warnings=warnings,
        extraction_time_ms=round((time.perf_counter() - started) * 1000, 3),
    )


def as_text(data: str | bytes, charset: str | None = None) -> str:
    """``data`` as text with ``\\n`` line ends and no control characters."""
    text = decode_body(bytes(data), charset)[0] if isinstance(data, bytes | bytearray) else data
    text = text.replace("\r\n", "\n").replace("\r", "\n").lstrip("\ufeff")
    return strip_controls(text.replace("\x00", ""))


def tidy_lines(text: str) -> str:
    """Trailing spaces dropped, runs of blank lines cut to one, outer blank lines removed."""
    lines = "\n".join(line.rstrip() for line in text.split("\n"))
    return _BLANK_RUNS.sub("\n\n", lines).strip("\n")


def _escaped_lines(text: str) -> str:
    """Plain text as Markdown: each line escaped, and ended by a hard break when a line of text
    follows it (a stanza or a list of lines is not joined by a Markdown reader)."""
    lines = [escape_line_start(escape_text(line.strip())) for line in text.split("\n")]
    return "\n".join(
        line + HARD_BREAK if line and at + 1 < len(lines) and lines[at + 1] else line
        for at, line in enumerate(lines)
    )


def _urls(text: str) -> list[str]:
    return list(dict.fromkeys(match.rstrip(".,;:!?") for match in _URL.findall(text)))


def text_extract(data: str | bytes, url: str | None, *, charset: str | None = None) -> PageExtract:
    """A plain-text document, line breaks kept."""
    started = time.perf_counter()
    text = tidy_lines(as_text(data, charset))
    parts = DocumentParts(text=text, markdown=_escaped_lines(text), links=_urls(text))
    return document_extract(parts, url, started)


def json_extract(data: str | bytes, url: str | None, *, charset: str | None = None) -> PageExtract:
    """A JSON document, pretty-printed (plain text with a warning when it does not parse)."""
    started = time.perf_counter()
    source = as_text(data, charset)
    try:
        value = json.loads(source)
    except (ValueError, RecursionError):
        text = tidy_lines(source)
        parts = DocumentParts(
            text=text,
            markdown=_escaped_lines(text),
            warnings=["invalid_json: the document is not valid JSON; kept as plain text"],
        )
        return document_extract(parts, url, started)
    pretty = json.dumps(value, indent=2, ensure_ascii=False)
    fence = code_fence(pretty)
    parts = DocumentParts(text=pretty, markdown=f"{fence}json\n{pretty}\n{fence}", links=_urls(pretty))
    return document_extract(parts, url, started)


def _front_matter(source: str) -> tuple[dict[str, str], str]:
    found = _FRONT_MATTER.match(source)
    if found is None:
        return {}, source
    fields = {key.lower(): value.strip("\"'") for key, value in _FRONT_FIELD.findall(found.group(1))}
    return fields, source[found.end() :]


def markdown_extract(data: str | bytes, url: str | None, *, charset: str | None = None) -> PageExtract:
    """A Markdown document: kept as Markdown; ``text`` without the syntax."""
    from markdown_it import MarkdownIt

    started = time.perf_counter()
    fields, body = _front_matter(as_text(data, charset))
    body = tidy_lines(body)
    rendered = MarkdownIt("commonmark", {"html": False}).enable("table").enable("strikethrough").render(body)
    root = lxml.html.fragment_fromstring(rendered or "<p></p>", create_parent="div")
    heading = root.find(".//h1")
    title = fields.get("title") or (" ".join(heading.text_content().split()) if heading is not None else None)
    author = fields.get("author")
    parts = DocumentParts(
        text=tidy_lines(render_text(root)),
        markdown=body,
        title=title or None,
        authors=(author,) if author else (),
        published_date=normalise_date(fields.get("date")),
        description=fields.get("description"),
        language=normalise_language(fields.get("lang") or fields.get("language") or ""),
        links=collect_links(root, url),
        images=collect_images(root, url),
    )
    return document_extract(parts, url, started)
