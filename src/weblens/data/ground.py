"""Checking every value against the page, and typing it by the schema (pure).

* **Model values** (``llm``): the quote must be found in ``page.text`` (:class:`TextIndex`; the
  reported quote is then the page's own words, so ``page.text[start:end] == quote``) and must state
  the value (:func:`weblens.data.normalize.states`). A boolean cannot be read off words: it passes
  when its quote is on the page. A ``format: uri`` value passes when it is one of the page's links.
* **DOM values** (``selector``, ``table``): read from the element itself, so they are true to the
  page by construction; their ``pointer`` is the element's XPath, and when the element's text is
  part of ``page.text`` its offsets are given too (found in page order, each near the last).
* **Embedded values** (JSON-LD, microdata, RDFa, OpenGraph): the ``pointer`` must lead to the value
  in the embedded document.

Then the value is coerced to its schema type where nothing is lost (``"12.50"`` → 12.5,
``"$1,299"`` → 1299, ``"2015-10-31T20:00-0400"`` → ``"2015-10-31"`` for ``format: date``,
``https://schema.org/InStock`` → ``"InStock"``, an enum member matched by its words); a value that
cannot be coerced fails with the reason.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from datetime import date, datetime
from typing import Any

from weblens.data.found import Found
from weblens.data.locate import TextIndex
from weblens.data.normalize import (
    camel_words,
    fold,
    parse_date,
    parse_datetime,
    parse_number,
    schema_org_term,
    states,
)
from weblens.data.schema import ScalarNode

__all__ = ["EMBEDDED_SOURCES", "coerce", "ground_dom", "ground_embedded", "ground_llm", "resolve_pointer"]

EMBEDDED_SOURCES = frozenset(("json-ld", "microdata", "rdfa", "opengraph"))
MIN_YEAR = 1000
"""Dates before this year are placeholders (``0001-01-01`` is an empty date in several web stacks)."""
NEAR_CHARS = 2000
"""How far after the previous DOM value the next one's text is looked for in page.text (a table's
next cell, a listing's next card): further away it is more likely another occurrence of the words."""


# --- model values --------------------------------------------------------------------------------------
def ground_llm(found: Found, node: ScalarNode, index: TextIndex, links: Sequence[str]) -> None:
    """Check a model's value against its quote and the page (sets quote/start/end/verified/problem)."""
    if found.value is None:
        return
    if not isinstance(found.quote, str) or not found.quote.strip():
        found.problem = "no quote was given for it (not stated on the page as far as can be checked)"
        found.quote = None
        return
    span = index.find(found.quote)
    if span is None:
        found.problem = f"the quoted words are not on the page ({_short(found.quote)})"
        return
    found.start, found.end = span
    found.quote = index.text[span[0] : span[1]]
    if node.kind == "boolean" or _is_link(found.value, node, links) or _states(found, node):
        found.verified = True
    else:
        found.problem = (
            f"the quote does not state the value {_short(str(found.value))} ({_short(found.quote)})"
        )


def _is_link(value: object, node: ScalarNode, links: Sequence[str]) -> bool:
    return node.format in ("uri", "url", "iri") and isinstance(value, str) and value in links


def _states(found: Found, node: ScalarNode) -> bool:
    return states(found.quote or "", found.value, kind=node.kind, fmt=node.format)


# --- DOM values ----------------------------------------------------------------------------------------
def ground_dom(founds: Sequence[Found], index: TextIndex) -> None:
    """Offsets for DOM values whose text is part of page.text, found in page order."""
    cursor: int | None = None
    for found in founds:
        if not found.quote:
            continue
        span = None
        if cursor is not None:
            span = index.find_near(found.quote, start=cursor, window=NEAR_CHARS)
        if span is None and cursor is None:
            span = index.find(found.quote)
        if span is None:
            found.quote = None  # the element is outside the main text: its pointer says where it is
            continue
        found.start, found.end = span
        found.quote = index.text[span[0] : span[1]]
        cursor = span[1]


# --- embedded values -----------------------------------------------------------------------------------
def resolve_pointer(document: Any, pointer: str) -> Any:
    """The value at an RFC 6901 pointer (``/json-ld/0/offers/price``), or a KeyError."""
    current = document
    for raw in pointer.split("/")[1:]:
        part = raw.replace("~1", "/").replace("~0", "~")
        if isinstance(current, list | tuple):
            current = current[int(part)]
        elif isinstance(current, dict):
            current = current[part]
        else:
            raise KeyError(pointer)
    return current


def ground_embedded(found: Found, document: Any) -> None:
    """An embedded value passes when its pointer leads to it (or to the object it was read from)."""
    try:
        target = resolve_pointer(document, found.pointer or "")
    except (KeyError, IndexError, ValueError):
        found.problem = f"its pointer {found.pointer} leads nowhere in the page's structured data"
        return
    if isinstance(target, dict | list) or _same(target, found.value):
        found.verified = True
    else:
        found.problem = f"the page's structured data has {_short(str(target))} at {found.pointer}"


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, str) and isinstance(b, str):
        return html.unescape(a).strip() == html.unescape(b).strip()
    return bool(a == b)


# --- types ---------------------------------------------------------------------------------------------
def coerce(value: Any, node: ScalarNode) -> tuple[Any, str | None]:
    """``value`` as the schema's type where nothing is lost, else ``(None, why)``."""
    if node.enum is not None:
        return _enum(value, node.enum)
    if node.kind == "string":
        return _string(value, node)
    if node.kind in ("number", "integer"):
        return _number(value, integer=node.kind == "integer")
    return _boolean(value)


def _string(value: Any, node: ScalarNode) -> tuple[Any, str | None]:
    if isinstance(value, bool):
        return ("true" if value else "false"), None
    text = str(value).strip() if isinstance(value, str | int | float) else None
    if text is None:
        return None, f"{type(value).__name__} is not text"
    if node.format == "date":
        when = parse_date(text)
        if when is not None and when.year < MIN_YEAR:
            return None, f"{_short(text)} is a placeholder, not a date"
        return (when.isoformat(), None) if when else (None, f"{_short(text)} is not a date")
    if node.format == "date-time":
        moment = parse_datetime(text)
        if moment is not None:
            return moment.isoformat(), None
        day = parse_date(text)
        return (day.isoformat(), None) if day else (None, f"{_short(text)} is not a date and time")
    return (schema_org_term(text) or text), None


def _number(value: Any, *, integer: bool) -> tuple[Any, str | None]:
    if isinstance(value, bool):
        return None, "a boolean is not a number"
    number: float | None
    if isinstance(value, int | float):
        number = float(value)
    elif isinstance(value, str):
        number = parse_number(value)
    else:
        number = None
    if number is None:
        return None, f"{_short(str(value))} is not a number"
    if integer:
        if not number.is_integer():
            return None, f"{_short(str(value))} is not a whole number"
        return int(number), None
    return (int(number) if isinstance(value, int) else number), None


def _boolean(value: Any) -> tuple[Any, str | None]:
    if isinstance(value, bool):
        return value, None
    words = {"true": True, "yes": True, "1": True, "false": False, "no": False, "0": False}
    text = fold(str(value))
    if text in words:
        return words[text], None
    return None, f"{_short(str(value))} is not true or false"


def _enum(value: Any, members: tuple[Any, ...]) -> tuple[Any, str | None]:
    if value in members:
        return value, None
    text = str(value)
    wanted = {fold(text), camel_words(schema_org_term(text) or text)}
    for member in members:
        if {fold(str(member)), camel_words(str(member))} & wanted:
            return member, None
    return None, f"{_short(text)} is not one of {', '.join(map(str, members))}"


def json_value(value: Any) -> Any:
    if isinstance(value, datetime | date):
        return value.isoformat()
    return value


def _short(text: str, limit: int = 80) -> str:
    text = " ".join(text.split())
    return repr(text if len(text) <= limit else text[: limit - 1] + "…")
