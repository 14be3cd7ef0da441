"""Reading values the way a page writes them: text, numbers, currency and dates (pure).

    fold("  Café  “Noir” ")            # 'café "noir"'   (NFKC, case, quotes and dashes, white space)
    numbers_in("$1,299.00 or 1.299,00 €")   # {1299.0, 1.299}
    dates_in("Sat 31 October 2015")    # {date(2015, 10, 31)}
    parse_number("EUR 12,50")          # 12.5

These are the one definition of "the quote states the value" (:func:`states`) and of the lossless
readings used to coerce a value to its schema type (:func:`parse_number`, :func:`parse_date`).
A separator that could be either (``1,200``: twelve hundred in English, one point two in German)
gives both readings to :func:`numbers_in` (so a quote is never wrongly refused) and the
thousands reading to :func:`parse_number` (the common one on the web).
"""

from __future__ import annotations

import functools
import re
import unicodedata
from datetime import date, datetime
from typing import Any

__all__ = [
    "camel_words",
    "dates_in",
    "fold",
    "numbers_in",
    "parse_date",
    "parse_number",
    "schema_org_term",
    "states",
]

_QUOTES = str.maketrans(
    {
        "\u2018": "'",
        "\u2019": "'",
        "\u201a": "'",
        "\u201b": "'",
        "\u2032": "'",
        "\u00b4": "'",
        "`": "'",
        "\u201c": '"',
        "\u201d": '"',
        "\u201e": '"',
        "\u201f": '"',
        "\u00ab": '"',
        "\u00bb": '"',
        "\u2033": '"',
        "\u2010": "-",
        "\u2011": "-",
        "\u2012": "-",
        "\u2013": "-",
        "\u2014": "-",
        "\u2015": "-",
        "\u2212": "-",
        "\u2044": "/",
        "\u2026": "...",
    }
)
_SPACES = re.compile(r"\s+")


@functools.lru_cache(maxsize=4096)
def fold_char(char: str) -> str:
    """One character as :func:`fold` writes it (may be several characters, or a space)."""
    folded = unicodedata.normalize("NFKC", char).translate(_QUOTES).casefold()
    return " " if folded.isspace() else folded


def fold(text: str) -> str:
    """Text for comparison: NFKC, case-folded, one kind of quote and dash, single spaces, trimmed."""
    return _SPACES.sub(" ", "".join(fold_char(c) for c in text)).strip()


# --- numbers ---------------------------------------------------------------------------------------
_NUMBER = re.compile(
    r"(?<![\w.,])[-+−]?(?:\d{1,3}(?:(?:[,.'\u00a0\u202f]|\s(?=\d{3}\b))\d{3})+(?:[.,]\d+)?|\d+(?:[.,]\d+)?)(?![\d])"
)
_GROUP_SEPARATORS = "'\u00a0\u202f "


def _readings(token: str) -> set[float]:
    """Every value ``token`` (digits with separators) can mean."""
    sign = -1.0 if token[:1] in "-−" else 1.0
    body = token.lstrip("+-−")
    for sep in _GROUP_SEPARATORS:
        body = body.replace(sep, "")
    if "," in body and "." in body:  # the last one is the decimal mark
        decimal = "," if body.rfind(",") > body.rfind(".") else "."
        group = "." if decimal == "," else ","
        return {sign * float(body.replace(group, "").replace(decimal, "."))}
    for mark in (",", "."):
        if mark in body:
            parts = body.split(mark)
            grouped = len(parts) > 1 and all(len(p) == 3 for p in parts[1:]) and 1 <= len(parts[0]) <= 3
            out = set()
            if grouped:
                out.add(sign * float("".join(parts)))
            if len(parts) == 2:
                out.add(sign * float(f"{parts[0]}.{parts[1]}"))
            return out
    return {sign * float(body)}


def numbers_in(text: str) -> set[float]:
    """Every number written in ``text``, in each of its possible readings."""
    out: set[float] = set()
    for match in _NUMBER.finditer(text):
        out |= _readings(match.group())
    return out


def parse_number(text: str) -> float | None:
    """The one number ``text`` is (currency signs and codes, units and spaces around it allowed),
    or None when it holds no number or several."""
    found = [m.group() for m in _NUMBER.finditer(text)]
    if len(found) != 1:
        return None
    readings = _readings(found[0])
    rest = _NUMBER.sub(" ", text)
    if re.search(r"\d", rest):
        return None
    if len(readings) == 1:
        return readings.pop()
    return max(readings, key=abs)  # "1,200": the thousands reading


def same_number(a: float, b: float) -> bool:
    return abs(a - b) <= 1e-9 * max(1.0, abs(a), abs(b))


# --- dates -----------------------------------------------------------------------------------------
_MONTHS = {
    name: number
    for number, names in enumerate(
        (
            ("january", "jan"),
            ("february", "feb"),
            ("march", "mar"),
            ("april", "apr"),
            ("may",),
            ("june", "jun"),
            ("july", "jul"),
            ("august", "aug"),
            ("september", "sep", "sept"),
            ("october", "oct"),
            ("november", "nov"),
            ("december", "dec"),
        ),
        start=1,
    )
    for name in names
}
_MONTH = "(" + "|".join(sorted(_MONTHS, key=len, reverse=True)) + r")\.?"
_DAY = r"(\d{1,2})(?:st|nd|rd|th)?\.?"
_YEAR = r"(\d{4})"
_DATE_FORMS = (
    (re.compile(rf"\b{_DAY}\s+(?:of\s+)?{_MONTH},?\s+{_YEAR}\b", re.IGNORECASE), "dmy"),
    (re.compile(rf"\b{_MONTH}\s+{_DAY},?\s+{_YEAR}\b", re.IGNORECASE), "mdy"),
    (re.compile(r"\b(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?!\d)"), "ymd"),
    (re.compile(r"(?<!\d)(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})\b"), "numeric"),
)


def _date(year: int, month: int, day: int) -> date | None:
    try:
        return date(year, month, day)
    except ValueError:
        return None


def dates_in(text: str) -> set[date]:
    """Every full date (day, month and year) written in ``text``; ``10/11/2015`` gives both readings."""
    out: set[date] = set()
    for pattern, order in _DATE_FORMS:
        for m in pattern.finditer(text):
            groups = m.groups()
            candidates: list[date | None]
            if order == "dmy":
                candidates = [_date(int(groups[2]), _MONTHS[groups[1].lower()], int(groups[0]))]
            elif order == "mdy":
                candidates = [_date(int(groups[2]), _MONTHS[groups[0].lower()], int(groups[1]))]
            elif order == "ymd":
                candidates = [_date(int(groups[0]), int(groups[1]), int(groups[2]))]
            else:
                a, b, year = int(groups[0]), int(groups[1]), int(groups[2])
                candidates = [_date(year, b, a), _date(year, a, b)]
            out |= {d for d in candidates if d is not None}
    return out


def parse_date(value: Any) -> date | None:
    """The date ``value`` names: ISO 8601 (a date-time gives its date part) or one written date."""
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    if not isinstance(value, str) or not value.strip():
        return None
    text = value.strip()
    try:
        return datetime.fromisoformat(text.replace("Z", "+00:00")).date()
    except ValueError:
        pass
    m = re.match(r"^(\d{4})-(\d{2})-(\d{2})[T ]", text)  # ISO with a zone Python does not read (-0400)
    if m:
        return _date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
    found = dates_in(text)
    return found.pop() if len(found) == 1 else None


def parse_datetime(value: Any) -> datetime | None:
    if isinstance(value, datetime):
        return value
    if not isinstance(value, str):
        return None
    text = value.strip().replace("Z", "+00:00")
    text = re.sub(r"([+-]\d{2})(\d{2})$", r"\1:\2", text)
    try:
        return datetime.fromisoformat(text)
    except ValueError:
        return None


# --- terms -----------------------------------------------------------------------------------------
_SCHEMA_ORG_TERM = re.compile(r"^https?://(?:www\.)?schema\.org/([A-Za-z][A-Za-z0-9]*)/?$")


def schema_org_term(value: str) -> str | None:
    """``InStock`` from ``https://schema.org/InStock`` (an enumeration member as a URL)."""
    m = _SCHEMA_ORG_TERM.match(value.strip())
    return m.group(1) if m else None


def camel_words(name: str) -> str:
    """``"InStock"`` → ``"in stock"``, ``"date_published"`` → ``"date published"``."""
    spaced = re.sub(r"(?<=[a-z0-9])(?=[A-Z])|[_\-]+", " ", name)
    return fold(spaced)


# --- the check -------------------------------------------------------------------------------------
def states(quote: str, value: Any, *, kind: str = "string", fmt: str | None = None) -> bool:
    """Whether ``quote`` (the page's own words) states ``value`` of that schema kind.

    Numbers: a number written in the quote equals it (any currency, grouping or decimal mark).
    Dates (``format: date``/``date-time``): a full date in the quote is the value's date. Strings:
    the value's words appear in the quote (case, quotes, dashes and spacing aside; an enumeration
    term like ``InStock`` as its words). Booleans cannot be read off words; the caller decides.
    """
    if value is None or isinstance(value, bool):
        return False
    if kind in ("number", "integer") or isinstance(value, int | float):
        target = value if isinstance(value, int | float) else parse_number(str(value))
        return target is not None and any(same_number(float(target), n) for n in numbers_in(quote))
    text = str(value)
    if fmt in ("date", "date-time"):
        when = parse_date(text)
        if when is not None:
            return when in dates_in(quote) or when.isoformat() in quote
    folded_quote = fold(quote)
    if _has_words(folded_quote, fold(text)):
        return True
    return _has_words(folded_quote, camel_words(schema_org_term(text) or text))


def _has_words(text: str, words: str) -> bool:
    """``words`` in ``text``, not starting or ending inside a word ("Nor" is not in "Norway")."""
    if not words:
        return False
    before = r"(?<!\w)" if words[0].isalnum() else ""
    after = r"(?!\w)" if words[-1].isalnum() else ""
    return re.search(before + re.escape(words) + after, text) is not None
