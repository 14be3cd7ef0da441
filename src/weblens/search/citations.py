"""Gathered pages → numbered sources a model can cite as [1], [2]… (pure).

    Sources for: <query>

    [1] Title — https://example.com/a (Jane Doe, 2024-05-01)

    page text, cut to max_chars_per_page on a paragraph boundary …

    [… cut]

    ---

    [2] …

    Could not read:
    - https://example.com/b — http_error: HTTP 404

The parenthesis lists what is known of (author, date) and is left out when neither
is. The title is the page's, else the search result's for that URL, else the URL.
Text longer than ``max_chars_per_page`` is cut at the last paragraph break that
fits — or, when that would keep less than half the allowance, the last line break,
sentence end or space, in that order of preference — never inside a word (a single
word longer than the limit leaves no text). The cut is marked with
:data:`CUT_MARKER` on its own line.
"""

from __future__ import annotations

import re

from weblens.models import GatherResponse, PageExtract, SearchResult
from weblens.search.urls import normalise_url

__all__ = ["CUT_MARKER", "SEPARATOR", "cut_text", "format_sources"]

CUT_MARKER = "[… cut]"
SEPARATOR = "\n\n---\n\n"
_BOUNDARIES = (re.compile(r"\n[ \t]*\n"), re.compile(r"\n"), re.compile(r"(?<=[.!?…])\s"), re.compile(r"\s"))
_ISO_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}")


def cut_text(text: str, max_chars: int) -> str:
    """``text`` (stripped) if it fits, else its longest fitting prefix ending at a boundary, marked."""
    text = text.strip()
    if len(text) <= max_chars:
        return text
    window = text[: max_chars + 1]  # a boundary right after max_chars still ends a fitting prefix
    best = ""
    for boundary in _BOUNDARIES:
        ends = [match.start() for match in boundary.finditer(window)]
        kept = text[: ends[-1]].rstrip() if ends else ""
        if len(kept) * 2 >= max_chars:
            return f"{kept}\n\n{CUT_MARKER}"
        best = max(best, kept, key=len)
    return f"{best}\n\n{CUT_MARKER}" if best else CUT_MARKER


def _byline(page: PageExtract) -> str:
    author = page.author or ", ".join(page.authors)
    date = page.published_date or ""
    date = match.group(0) if (match := _ISO_DATE.match(date)) else date
    known = [part for part in (author, date) if part]
    return f" ({', '.join(known)})" if known else ""


def _title(page: PageExtract, url: str, results: list[SearchResult]) -> str:
    if page.title and page.title.strip():
        return " ".join(page.title.split())
    wanted = normalise_url(url)
    match = next((r.title for r in results if normalise_url(r.url) == wanted), None)
    return match or url or "(untitled)"


def _source(number: int, page: PageExtract, results: list[SearchResult], max_chars: int) -> str:
    url = page.final_url or page.canonical_url or ""
    head = f"[{number}] {_title(page, url, results)} — {url}{_byline(page)}"
    body = cut_text(page.text, max_chars)
    return f"{head}\n\n{body}" if body else head


def format_sources(gather: GatherResponse, *, max_chars_per_page: int = 12_000) -> str:
    """Numbered sources with their text, then the pages that could not be read."""
    sections = [f"Sources for: {gather.query}"]
    sources = [
        _source(number, page, gather.search_results, max_chars_per_page)
        for number, page in enumerate(gather.gathered_pages, start=1)
    ]
    sections.append(SEPARATOR.join(sources) if sources else "No source could be read.")
    if gather.failures:
        lines = [f"- {f.url} — {f.code}: {f.message}" for f in gather.failures]
        sections.append("Could not read:\n" + "\n".join(lines))
    return "\n\n".join(sections) + "\n"
