"""Turn an engine's raw rows into ranked SearchResults (pure).

Every engine ends its ``parse_response`` here, so all of them agree on the
rules: only absolute http(s) URLs survive, titles and snippets are plain text,
``domain`` is the lower-case host without ``www.``, ranks run 1..n in the engine's
order, and a row without a usable title shows its URL instead.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from weblens.models import SearchResult
from weblens.search.dates import to_iso
from weblens.search.text import clean_text, domain_of, is_web_url

__all__ = ["Row", "rank_items", "rank_rows"]


@dataclass(frozen=True)
class Row:
    url: object
    title: object
    snippet: object = ""
    published: str | None = None


def rank_rows(rows: Iterable[Row], *, provider: str) -> list[SearchResult]:
    results: list[SearchResult] = []
    for row in rows:
        if not is_web_url(row.url):
            continue
        url = str(row.url).strip()
        results.append(
            SearchResult(
                rank=len(results) + 1,
                title=clean_text(row.title) or url,
                url=url,
                domain=domain_of(url),
                snippet=clean_text(row.snippet),
                published=row.published,
                provider=provider,
            )
        )
    return results


def rank_items(
    items: Iterable[object],
    *,
    provider: str,
    snippet: str,
    dates: tuple[str, ...],
    url: str = "url",
    title: str = "title",
    now: datetime | None = None,
) -> list[SearchResult]:
    """Rank the JSON objects of an engine's answer, naming the keys that hold each field
    (``dates``: tried in order, the first that parses wins)."""
    rows = (
        Row(
            url=item.get(url),
            title=item.get(title),
            snippet=item.get(snippet),
            published=next((iso for key in dates if (iso := to_iso(item.get(key), now=now))), None),
        )
        for item in items
        if isinstance(item, dict)
    )
    return rank_rows(rows, provider=provider)
