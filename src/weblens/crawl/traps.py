"""Endless URL spaces, recognised so that a crawl ends by itself (pure).

A calendar that links the next month forever, a faceted search that multiplies its filters, a
relative link that nests a path into itself: a breadth-first crawl would never finish them. Each
rule below cuts a URL before it is queued, with a named reason that the crawl's summary counts.
The thresholds are far above what a real site's pages reach, so no real page is cut; the overall
budget (``max_pages``) ends whatever slips through.

Rules on the URL alone (:func:`trap_of`):

* ``long_url`` — over :data:`MAX_URL_CHARS` characters;
* ``deep_path`` — over :data:`MAX_PATH_SEGMENTS` path segments;
* ``repeated_segments`` — one segment more than :data:`MAX_SEGMENT_REPEATS` times (``/a/b/a/b/a/b``);
* ``far_date`` — a year and month more than :data:`MAX_FUTURE_MONTHS` months after today in the path
  or query (a calendar's "next month", followed forever).

Rules that count (the frontier keeps the counts, :mod:`weblens.crawl.frontier`):

* ``query_variants`` — more than :data:`MAX_QUERY_VARIANTS` distinct queries under one path (faceted
  search, sort orders, a calendar kept in the query);
* ``date_pages`` — more than :data:`MAX_DATE_PAGES` URLs of one dated shape (``/events/####/##/``),
  a calendar kept in the path followed into the past.
"""

from __future__ import annotations

import datetime as dt
import re
from collections import Counter
from urllib.parse import urlsplit

__all__ = [
    "MAX_DATE_PAGES",
    "MAX_FUTURE_MONTHS",
    "MAX_PATH_SEGMENTS",
    "MAX_QUERY_VARIANTS",
    "MAX_SEGMENT_REPEATS",
    "MAX_URL_CHARS",
    "date_shape",
    "path_key",
    "trap_of",
]

MAX_URL_CHARS = 2048
"""Characters of a URL. Browsers and servers handle longer ones, but a crawl meeting one has almost
always been led into a loop that appends to the URL; a link of a real page is well under 500."""
MAX_PATH_SEGMENTS = 32
"""Path segments. Documentation trees nest under 12 (the deepest of Debian's packaged manuals: 9)."""
MAX_SEGMENT_REPEATS = 2
"""Times one segment may occur in a path. ``/en/docs/en/`` happens; a third ``en`` is a relative link
resolved against itself again and again."""
MAX_QUERY_VARIANTS = 100
"""Distinct query strings under one path. A real listing's pages (``?page=2`` …) or a search's few
sort orders stay well under it; faceted filters and calendars multiply past it within a few hops."""
MAX_DATE_PAGES = 400
"""URLs of one dated shape (digits replaced, year and month in it): 33 years of monthly archive
pages; a calendar followed into the past stops there."""
MAX_FUTURE_MONTHS = 24
"""How far after today a year-month in a URL may be. Event calendars announce a year or so ahead;
a date further out is a calendar's "next month" followed forever."""

_YEAR_MONTH = re.compile(r"(?<![0-9])((?:19|20|21)[0-9]{2})(?:[-/_.]|%2[fF])(0[1-9]|1[0-2])(?![0-9])")
_DIGITS = re.compile(r"[0-9]+")


def trap_of(url: str, *, today: dt.date | None = None) -> str | None:
    """The name of the rule that cuts ``url`` by its spelling alone, or None (see the module doc)."""
    if len(url) > MAX_URL_CHARS:
        return "long_url"
    parts = urlsplit(url)
    segments = [s for s in parts.path.split("/") if s]
    if len(segments) > MAX_PATH_SEGMENTS:
        return "deep_path"
    if segments and max(Counter(segments).values()) > MAX_SEGMENT_REPEATS:
        return "repeated_segments"
    if _is_far_future(parts.path + "?" + parts.query, today or dt.date.today()):
        return "far_date"
    return None


def _is_far_future(text: str, today: dt.date) -> bool:
    now = today.year * 12 + today.month
    for match in _YEAR_MONTH.finditer(text):
        if int(match.group(1)) * 12 + int(match.group(2)) > now + MAX_FUTURE_MONTHS:
            return True
    return False


def path_key(url: str) -> str | None:
    """What the ``query_variants`` rule counts under: the URL without its query, when it has one."""
    parts = urlsplit(url)
    if not parts.query:
        return None
    return f"{parts.scheme}://{parts.netloc}{parts.path}"


def date_shape(url: str) -> str | None:
    """What the ``date_pages`` rule counts under: the URL with every run of digits replaced by ``#``,
    when it holds a year and a month and no longer number (``/2019/05/12345.html`` is an article's
    id under its month, one of thousands, not a calendar); else None."""
    parts = urlsplit(url)
    tail = parts.path + ("?" + parts.query if parts.query else "")
    if not _YEAR_MONTH.search(tail) or any(len(run) > 4 for run in _DIGITS.findall(tail)):
        return None
    return f"{parts.netloc}{_DIGITS.sub('#', tail)}"
