"""Publication dates as engines print them → ISO 8601, or ``None`` when unknown (pure).

Understood: ISO 8601 (``2024-12-27T15:49:55``, ``2025-06-23T00:00:00.0000000``,
``...Z``), RFC 1123 (``Mon, 01 Jun 2026 10:50:50 GMT``), English dates
(``June 30, 2025``, ``Nov 20, 2022``, ``20 Nov 2022``) and, only when ``now`` (the
moment the answer arrived) is given, relative ages in minutes, hours, days or weeks
(``4 days ago`` → the calendar date four days before ``now``). "3 months ago" is too
vague for a date and gives ``None``.

A time of exactly midnight without a time zone is how engines write "a date with no
time", so it comes back as a bare date (``2019-09-06``). A time without a time zone
keeps having none: no offset is invented.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from email.utils import parsedate_to_datetime

__all__ = ["parse_retry_after", "to_iso"]

_ENGLISH_FORMATS = ("%B %d, %Y", "%b %d, %Y", "%d %B %Y", "%d %b %Y", "%b. %d, %Y")
_RELATIVE = re.compile(r"^(\d+|an?|one)\s+(minute|min|hour|hr|day|week)s?\s+ago$", re.IGNORECASE)
_UNIT = {
    "minute": "minutes",
    "min": "minutes",
    "hour": "hours",
    "hr": "hours",
    "day": "days",
    "week": "weeks",
}
_FRACTION = re.compile(r"(\.\d{6})\d+")


def _format(moment: datetime) -> str:
    if moment.tzinfo is None and moment.time() == datetime.min.time():
        return moment.date().isoformat()
    return moment.isoformat()


def _from_iso(text: str) -> datetime | None:
    try:
        return datetime.fromisoformat(_FRACTION.sub(r"\1", text))
    except ValueError:
        return None


def _from_rfc1123(text: str) -> datetime | None:
    try:
        return parsedate_to_datetime(text)
    except (TypeError, ValueError, IndexError):
        return None


def _from_english(text: str) -> datetime | None:
    for fmt in _ENGLISH_FORMATS:
        try:
            return datetime.strptime(text, fmt)
        except ValueError:
            continue
    return None


def _from_relative(text: str, now: datetime | None) -> datetime | None:
    match = _RELATIVE.match(text)
    if match is None or now is None:
        return None
    amount = 1 if match.group(1).lower() in ("a", "an", "one") else int(match.group(1))
    moment = now - timedelta(**{_UNIT[match.group(2).lower()]: amount})
    return datetime.combine(moment.date(), datetime.min.time())


def to_iso(value: object, *, now: datetime | None = None) -> str | None:
    """ISO 8601 for a date as an engine wrote it; ``None`` when absent or not understood."""
    if not isinstance(value, str) or not value.strip():
        return None
    text = " ".join(value.split())
    if text.lower() == "yesterday":
        text = "1 day ago"
    moment = _from_iso(text) or _from_rfc1123(text) or _from_english(text) or _from_relative(text, now)
    if moment is None or not 1 <= moment.year <= 9999:
        return None
    return _format(moment)


def parse_retry_after(value: str | None, *, now: datetime | None = None) -> float | None:
    """Seconds to wait from a Retry-After header (delta-seconds or an HTTP date)."""
    if value is None or not value.strip():
        return None
    text = value.strip()
    if text.isdigit():
        return float(text)
    moment = _from_rfc1123(text)
    if moment is None:
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return max(0.0, (moment - (now or datetime.now(UTC))).total_seconds())
