"""Publication dates as pages write them → ISO 8601, or None (pure).

``normalise_date`` understands ISO 8601 and its common variants (``2024-03-15``,
``2024-03-15T10:30:00+01:00``, ``2024-03-15 10:30``, ``20240315``, ``2024/03/15``,
fractions of a second, ``+0100`` offsets), RFC 2822 (``Fri, 15 Mar 2024 10:30:00 +0100``)
English forms (``March 15, 2024``, ``15 March 2024``, ``Mar. 15th, 2024``), the same with the
month named in German, French, Spanish, Portuguese, Italian, Dutch or nine more languages
(``3. Juli 2018``, ``17 de marzo de 2020``, ``1er juillet 2019``, ``5 lipca 2019``), day-first
dates with dots (``27.06.2018 09:54``), Chinese, Japanese and Korean dates (``2018年6月18日``,
``2019년 7월 3일``) and numbers parted by slashes or hyphens when their order is plain
(``22/11/2020``, ``11-22-2020``; ``05/06/2020`` could be either and gives None). The
answer keeps what the source knows and invents nothing:

- a date alone stays a date: ``2024-03-15``;
- a time without a zone stays without one: ``2024-03-15T10:30:00``;
- a zone is written as an offset, ``Z``/``UTC``/``GMT`` as ``+00:00``.

Impossible dates (``2024-02-30``, month 13, hour 25) and years outside 1900–2100 give None.
``date_from_url`` finds ``/2024/03/15/``, ``/2024-03-15/`` or ``20240315`` in a URL path.
``in_own_zone`` and ``is_zone_apart`` tell a time in UTC from the publisher's own day.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import date, datetime, timedelta, timezone
from urllib.parse import urlsplit

__all__ = [
    "date_from_url",
    "dates_in",
    "day_first_in",
    "find_date",
    "in_own_zone",
    "is_month_word",
    "is_utc_time",
    "is_zone_apart",
    "normalise_date",
]

_MIN_YEAR = 1900
_MAX_YEAR = 2100
_URL_MIN_YEAR = 1990
# How far a zone's clock runs from UTC, in hours: UTC-12 (Baker Island) to UTC+14 (Kiribati).
_WEST_MOST = 12
_EAST_MOST = 14
_MAX_INPUT = 200

_ISO = re.compile(
    r"""^(?P<y>\d{4})(?P<s>[-/.]?)(?P<m>\d{1,2})(?P=s)(?P<d>\d{1,2})
    (?:[T\s]+(?P<H>\d{1,2}):?(?P<M>\d{2})(?::?(?P<S>\d{2})(?:[.,]\d+)?)?
       \s*(?P<tz>Z|UTC|GMT|[+-]\d{2}(?::?\d{2})?)?)?$""",
    re.X | re.I,
)
_MONTH_NAMES = (
    # English (with the abbreviations), then German, French, Spanish, Portuguese, Italian, Dutch;
    # then Catalan, Romanian, Swedish/Danish/Norwegian, Polish, Czech, Turkish, Indonesian/Malay,
    # Russian and Ukrainian (the forms a day's date takes: "20 septembrie 2020", "5 lipca 2019",
    # "3 марта 2021"); then the short forms of these languages ("janv.", "Mär.", "okt", "мар."), Greek
    # (genitive: "25 Μαρτίου 2019") and Arabic ("25 مارس 2019"). A month's names in one tuple; a name two
    # languages share is written once.
    ("jan", "january", "januar", "jänner", "janvier", "enero", "janeiro", "gennaio", "januari",
     "gener", "ianuarie", "styczeń", "stycznia", "ledna", "leden", "ocak", "январь", "января", "січня",
     "janv", "ene", "gen", "янв", "ιανουαρίου", "يناير"),
    ("feb", "february", "februar", "février", "fevrier", "febrero", "fevereiro", "febbraio", "februari",
     "febrer", "februarie", "luty", "lutego", "února", "únor", "şubat", "subat", "февраль", "февраля",
     "лютого", "févr", "fevr", "fev", "фев", "φεβρουαρίου", "فبراير"),
    ("mar", "march", "märz", "maerz", "mars", "marzo", "março", "marco", "maart",
     "març", "martie", "marzec", "marca", "března", "březen", "mart", "maret", "март", "марта",
     "березня", "mär", "mrz", "mrt", "marts", "мар", "μαρτίου", "مارس"),
    ("apr", "april", "avril", "abril", "aprile",
     "aprilie", "kwiecień", "kwietnia", "dubna", "duben", "nisan", "апрель", "апреля", "квітня",
     "avr", "abr", "апр", "απριλίου", "أبريل", "ابريل"),
    ("may", "mai", "mayo", "maio", "maggio", "mei",
     "maig", "maj", "maja", "května", "květen", "mayıs", "mayis", "май", "мая", "травня",
     "mag", "μαΐου", "مايو"),
    ("jun", "june", "juni", "juin", "junio", "junho", "giugno",
     "juny", "iunie", "czerwiec", "czerwca", "června", "červen", "haziran", "июнь", "июня", "червня",
     "giu", "июн", "ιουνίου", "يونيو"),
    ("jul", "july", "juli", "juillet", "julio", "julho", "luglio",
     "juliol", "iulie", "lipiec", "lipca", "července", "červenec", "temmuz", "июль", "июля", "липня",
     "juil", "lug", "июл", "ιουλίου", "يوليو"),
    ("aug", "august", "août", "aout", "agosto", "augustus",
     "agost", "augusti", "sierpień", "sierpnia", "srpna", "srpen", "ağustos", "agustos", "agustus",
     "август", "августа", "серпня", "ago", "авг", "αυγούστου", "أغسطس", "اغسطس"),
    ("sep", "sept", "september", "septembre", "septiembre", "setiembre", "setembro", "settembre",
     "setembre", "septembrie", "wrzesień", "września", "září", "eylül", "eylul", "сентябрь", "сентября",
     "вересня", "set", "сен", "сент", "σεπτεμβρίου", "سبتمبر"),
    ("oct", "october", "oktober", "octobre", "octubre", "outubro", "ottobre",
     "octombrie", "październik", "października", "října", "říjen", "ekim", "октябрь", "октября",
     "жовтня", "okt", "ott", "out", "окт", "οκτωβρίου", "أكتوبر", "اكتوبر"),
    ("nov", "november", "novembre", "noviembre", "novembro",
     "noiembrie", "listopad", "listopada", "listopadu", "kasım", "kasim", "ноябрь", "ноября",
     "листопада", "ноя", "нояб", "νοεμβρίου", "نوفمبر"),
    ("dec", "december", "dezember", "décembre", "decembre", "diciembre", "dezembro", "dicembre",
     "desembre", "decembrie", "grudzień", "grudnia", "prosince", "prosinec", "aralık", "aralik",
     "desember", "декабрь", "декабря", "грудня",
     "déc", "dez", "dic", "дек", "δεκεμβρίου", "ديسمبر"),
)  # fmt: skip
_MONTHS = {name: index for index, names in enumerate(_MONTH_NAMES, start=1) for name in names}
_ABBREVIATIONS = frozenset(names[0] for names in _MONTH_NAMES)  # "jan" … "dec"
_LONGEST_ENGLISH = 9  # letters of "september"


def is_month_word(word: str) -> bool:
    """``word`` names a month: one of the names above, or a word of at most nine letters opening
    with an English abbreviation ("Sept", "Sept.", "Marchs" typed in a hurry)."""
    folded = word.lower().rstrip(".")  # lower, not casefold: that spells "ΐ" in three code points
    return folded in _MONTHS or (folded[:3] in _ABBREVIATIONS and len(folded) <= _LONGEST_ENGLISH)


_LETTER = r"[^\W\d_]"  # a letter of any script
_MONTH = rf"(?P<mon>{_LETTER}{{3,12}})\.?"  # "października": 12 letters
_DAY = r"(?P<d>\d{1,2})(?:st|nd|rd|th|er|º|°)?"
_TIME = (
    r"(?:,?\s+(?:at\s+|um\s+|à\s+|a\s+las\s+|às\s+|alle\s+|om\s+|-\s+|\|\s+)?"
    r"(?P<H>\d{1,2})[:h](?P<M>\d{2})(?::(?P<S>\d{2}))?\s*(?P<ampm>[ap]\.?m\.?)?(?:\s*(?:uhr|h)\b)?)?"
)
_ZONE = r"(?:\s*(?P<tz>Z|UT|UTC|GMT|[ECMP][SD]T|CES?T|BST|WES?T|EES?T|MSK|JST|KST|AE[SD]T|[+-]\d{2}:?\d{2}))?"
_WEEKDAY = rf"(?:{_LETTER}{{2,13}}\.?,?\s+)?"
_OF = r"(?:of|de|del)"  # "15th of March", "17 de marzo de 2020", "1 de março de 2020"
_ENGLISH = (
    re.compile(rf"^{_WEEKDAY}{_MONTH}\s+{_DAY},?\s+(?P<y>\d{{4}}){_TIME}{_ZONE}$", re.I),
    re.compile(
        rf"^{_WEEKDAY}{_DAY}\.?\s+(?:{_OF}\s+)?{_MONTH},?\s+(?:{_OF}\s+)?(?P<y>\d{{4}}){_TIME}{_ZONE}$",
        re.I,
    ),
    # the day, the month's name and the year parted by hyphens, as PEPs, Oracle and directory
    # listings write it: "14-Jan-2025"
    re.compile(rf"^{_DAY}-{_MONTH}-(?P<y>\d{{4}}){_TIME}{_ZONE}$", re.I),
    # the C library's and mail archives' form: "Tue Mar  5 09:14:02 UTC 2024"
    re.compile(
        rf"^{_WEEKDAY}{_MONTH}\s+{_DAY}\s+(?P<H>\d{{1,2}}):(?P<M>\d{{2}})(?::(?P<S>\d{{2}}))?(?P<ampm>)"
        rf"{_ZONE}\s+(?P<y>\d{{4}})$",
        re.I,
    ),
)
# day first with dots, as most of Europe writes it: "27.06.2018", "3.7.2018 09:54"
_DAY_FIRST = re.compile(
    rf"^{_WEEKDAY}(?P<d>\d{{1,2}})\.\s?(?P<m>\d{{1,2}})\.\s?(?P<y>\d{{4}}){_TIME}{_ZONE}$", re.I
)
# year first with dots, as Korea and China often write it: "2026.12.05.", "2026. 12. 5.", "2019.07.03 14:30"
_YEAR_FIRST_DOTTED = re.compile(
    rf"^(?P<y>\d{{4}})\.\s?(?P<m>\d{{1,2}})\.\s?(?P<d>\d{{1,2}})\.?{_TIME}{_ZONE}$", re.I
)
# numbers parted by slashes or hyphens, the year last: "22/11/2020", "11-22-2020 - 04:30". Read only
# when the order is plain (one of the first two numbers is over 12): "05/06/2020" is June 5th in
# most of the world and May 6th in the United States, and the page rarely says which
_SLASHED = re.compile(
    rf"^(?P<a>\d{{1,2}})(?P<s>[/-])(?P<b>\d{{1,2}})(?P=s)(?P<y>\d{{4}}){_TIME}{_ZONE}$", re.I
)
# Chinese and Japanese (年 月 日) and Korean (년 월 일) write the year, month and day with their
# signs: "2018年6月18日 10:01", "2020年 3月 5日(木) 14:30", "2019년 7월 3일 오후"
_CJK_DATE = (
    r"(?P<y>\d{4})\s*[年년]\s*(?P<m>\d{1,2})\s*[月월]\s*(?P<d>\d{1,2})\s*[日일]"
    r"(?:\s*[(（]\S{1,3}[)）])?(?:\s*(?P<H>\d{1,2}):(?P<M>\d{2})(?::(?P<S>\d{2}))?)?(?P<tz>)"
)
_CJK = re.compile(rf"^{_CJK_DATE}")
_MONTHS_IN_YEAR = 12
_NAMED_ZONES = {
    "Z": 0, "UT": 0, "UTC": 0, "GMT": 0,
    "EST": -5 * 60, "EDT": -4 * 60, "CST": -6 * 60, "CDT": -5 * 60,
    "MST": -7 * 60, "MDT": -6 * 60, "PST": -8 * 60, "PDT": -7 * 60,
    # Europe's, Moscow's, Japan's, Korea's and eastern Australia's, as mail archives and forums stamp
    # them ("Wed Oct  9 21:37:12 CEST 2024"); "IST" names three zones and is left unread
    "WET": 0, "WEST": 60, "BST": 60, "CET": 60, "CEST": 2 * 60, "EET": 2 * 60, "EEST": 3 * 60,
    "MSK": 3 * 60, "JST": 9 * 60, "KST": 9 * 60, "AEST": 10 * 60, "AEDT": 11 * 60,
}  # fmt: skip
_URL_DATES = (
    re.compile(r"/(?P<y>\d{4})/(?P<m>\d{1,2})/(?P<d>\d{1,2})(?:/|$|[-_.])"),
    re.compile(r"(?:^|[/_.-])(?P<y>\d{4})[-_](?P<m>\d{2})[-_](?P<d>\d{2})(?=$|[/_.-])"),
    re.compile(r"(?:^|[/_.-])(?P<y>\d{4})(?P<m>\d{2})(?P<d>\d{2})(?=$|[/_.-])"),
)
# a URL's date with the month's name, as some newspapers write it: "/2024/mar/12/"
_URL_MONTH_NAMED = re.compile(r"/(?P<y>\d{4})/(?P<mon>[a-z]{3,9})/(?P<d>\d{1,2})(?:/|$|[-_.])", re.I)


def normalise_date(value: str | None, *, day_first: bool | None = None) -> str | None:
    """``value`` as ISO 8601 (see the module docstring), or None when it is not a real date.
    ``day_first`` is the page's convention for numbers parted by slashes or hyphens whose order
    the numbers leave open (``05/06/2020``): True where days come first (most of the world), False
    where months do (the United States); None when the page does not say, and such a date is left
    unread."""
    if not value:
        return None
    text = " ".join(value.split())
    if not text or len(text) > _MAX_INPUT:
        return None
    match = _ISO.match(text)
    if match:
        return _build(match.group("y"), match.group("m"), match.group("d"), match, None)
    match = _DAY_FIRST.match(text) or _YEAR_FIRST_DOTTED.match(text)
    if match:
        return _build(match.group("y"), match.group("m"), match.group("d"), match, match.group("ampm"))
    match = _CJK.match(text)
    if match:
        return _build(match.group("y"), match.group("m"), match.group("d"), match, None)
    match = _SLASHED.match(text)
    if match:
        first, second = int(match.group("a")), int(match.group("b"))
        if (first > _MONTHS_IN_YEAR) != (second > _MONTHS_IN_YEAR):
            days_first = first > _MONTHS_IN_YEAR  # the numbers say which is the month
        elif first > _MONTHS_IN_YEAR or day_first is None:
            return None  # neither is a month, or either could be and the page does not say which
        else:
            days_first = day_first
        day, number = (first, second) if days_first else (second, first)
        return _build(match.group("y"), str(number), str(day), match, match.group("ampm"))
    for pattern in _ENGLISH:
        match = pattern.match(text)
        if match:
            month = _MONTHS.get(match.group("mon").lower())
            if month is None:
                return None
            return _build(match.group("y"), str(month), match.group("d"), match, match.group("ampm"))
    return None


_IN_TEXT = (
    # ISO, and year first with a month or day of one digit, as Chinese forums write it ("2023-6-20")
    re.compile(r"\b\d{4}-\d{1,2}-\d{1,2}(?:[T ]\d{1,2}:\d{2}(?::\d{2})?)?\b(?!-)"),
    re.compile(rf"\b(?:[A-Za-z]{{3,9}},?\s+)?{_LETTER}{{3,12}}\.?\s+\d{{1,2}}(?:st|nd|rd|th)?,?\s+\d{{4}}\b"),
    re.compile(
        rf"\b\d{{1,2}}(?:st|nd|rd|th|er|º|°)?\.?\s+(?:{_OF}\s+)?{_LETTER}{{3,12}}\.?,?\s+(?:{_OF}\s+)?\d{{4}}\b"
    ),
    re.compile(r"(?<![\d.])\d{1,2}\.\s?\d{1,2}\.\s?\d{4}\b(?!\.\d)"),
    re.compile(r"(?<![\d.])\d{4}\.\s?\d{1,2}\.\s?\d{1,2}\b(?!\.?\d)"),
    re.compile(rf"(?<!\d){_CJK_DATE}"),
    re.compile(r"(?<![\d/])\d{4}/\d{1,2}/\d{1,2}\b(?!/)"),
    re.compile(r"(?<![\d/-])\d{1,2}([/-])\d{1,2}\1\d{4}\b(?![/-]\d)"),
    re.compile(
        r"\b(?:[A-Za-z]{3}\s+)?[A-Za-z]{3}\s+\d{1,2}\s+\d{1,2}:\d{2}(?::\d{2})?(?:\s+[A-Z]{1,4})?\s+\d{4}\b"
    ),
)


# the languages whose writers put the day first in dates of numbers ("09/04/2024" is 9 April): Europe's,
# Turkey's, Indonesia's and Malaysia's, Vietnam's, the Arabic, Hebrew and Indian languages'
_DAY_FIRST_LANGUAGES = frozenset(
    (
        "fr", "de", "es", "it", "pt", "nl", "pl", "ru", "uk", "be", "tr", "id", "ms", "vi", "el", "ro", "cs",
        "sk", "hu", "da", "sv", "nb", "nn", "no", "fi", "is", "ca", "gl", "eu", "hr", "sr", "bs", "sl", "bg",
        "mk", "sq", "lt", "lv", "et", "ga", "cy", "he", "ar", "hi", "bn", "ur", "ta", "te", "mr",
    )
)  # fmt: skip
# English: Britain's and most of the Commonwealth's day first. "en-US" is no sign of the order: it is
# the default of blog engines wherever they run (a Philippine forum declares it and writes "09/05/2024"
# for 9 May), so it, "en" alone, Canada's and the Philippines' say nothing
_DAY_FIRST_ENGLISH = frozenset(("gb", "uk", "au", "nz", "ie", "in", "za", "sg", "hk", "my", "ng", "ke"))


def day_first_in(language: str | None) -> bool | None:
    """True when a page in ``language`` (BCP 47: "fr", "en-GB") writes the day before the month in
    dates of numbers; None when the language does not say (English without such a region, a
    language whose dates are written year first)."""
    if not language:
        return None
    primary, _, region = language.lower().replace("_", "-").partition("-")
    if primary == "en":
        return True if region.split("-", 1)[0] in _DAY_FIRST_ENGLISH else None
    return True if primary in _DAY_FIRST_LANGUAGES else None


def find_date(text: str | None, *, day_first: bool | None = None) -> str | None:
    """The first real date written somewhere in a short ``text`` ("Posted on March 2, 2019 by …");
    ``day_first`` as for :func:`normalise_date`."""
    if not text or len(text) > _MAX_INPUT:
        return None
    for pattern in _IN_TEXT:
        for match in pattern.finditer(text):
            found = normalise_date(match.group(0), day_first=day_first)
            if found:
                return found
    return None


def dates_in(text: str | None, *, day_first: bool | None = None) -> list[tuple[int, int, str]]:
    """Every real date written in a short ``text``, as (start, end, date), in the order written (a
    line may give two: "Updated: April 2, 2019 · Published: March 25, 2019"); ``day_first`` as for
    :func:`normalise_date`."""
    if not text or len(text) > _MAX_INPUT:
        return []
    found: list[tuple[int, int, str]] = []
    for pattern in _IN_TEXT:
        for match in pattern.finditer(text):
            start, end = match.span()
            if any(start < other_end and other_start < end for other_start, other_end, _ in found):
                continue  # a part of a date another pattern read whole
            date = normalise_date(match.group(0), day_first=day_first)
            if date:
                found.append((start, end, date))
    return sorted(found)


def date_from_url(url: str | None) -> str | None:
    """A date written in the path of ``url`` (``/2024/03/15/``, ``2024-03-15``, ``20240315``,
    ``/2024/mar/15/``), or None."""
    if not url:
        return None
    try:
        path = urlsplit(url).path
    except ValueError:
        return None
    for pattern in _URL_DATES:
        for match in pattern.finditer(path):
            found = _make_date(match.group("y"), match.group("m"), match.group("d"))
            if found is not None and found.year >= _URL_MIN_YEAR:
                return found.isoformat()
    for match in _URL_MONTH_NAMED.finditer(path):
        month = _MONTHS.get(match.group("mon").lower())
        found = _make_date(match.group("y"), str(month), match.group("d")) if month else None
        if found is not None and found.year >= _URL_MIN_YEAR:
            return found.isoformat()
    return None


def in_own_zone(found: str, others: Iterable[str | None]) -> str:
    """``found``, a normalised date, written on the publisher's clock: when it is a time in UTC
    (``+00:00``) and ``others`` (the page's declared dates, normalised; None for one that is
    not a date) hold the same instant written in a zone of its own, that one; else ``found``."""
    moment = _utc_moment(found)
    if moment is None:
        return found
    for other in others:
        if other is not None and _is_same_instant_in_a_zone(other, moment):
            return other
    return found


def is_utc_time(found: str) -> bool:
    """Whether ``found`` (normalised) is a time written in UTC."""
    return _utc_moment(found) is not None


def is_zone_apart(found: str, day: str) -> bool:
    """Whether ``day`` can be the publisher's own day for ``found``, a time in UTC that falls
    on the day before or after it: a zone runs from 12 hours behind UTC to 14 ahead."""
    moment = _utc_moment(found)
    if moment is None:
        return False
    shift = (date.fromisoformat(day) - moment.date()).days
    hours = moment.hour + moment.minute / 60
    return (shift == 1 and hours >= 24 - _EAST_MOST) or (shift == -1 and hours < _WEST_MOST)


def _utc_moment(found: str) -> datetime | None:
    """``found`` as a moment when it is a time written in UTC, else None."""
    if "T" not in found or not found.endswith("+00:00"):
        return None
    try:
        return datetime.fromisoformat(found)
    except ValueError:
        return None


def _is_same_instant_in_a_zone(other: str, moment: datetime) -> bool:
    if "T" not in other or other.endswith("+00:00"):
        return False
    try:
        written = datetime.fromisoformat(other)
    except ValueError:
        return False
    return written.tzinfo is not None and written == moment


def _make_date(year: str, month: str, day: str) -> date | None:
    try:
        found = date(int(year), int(month), int(day))
    except ValueError:
        return None
    return found if _MIN_YEAR <= found.year <= _MAX_YEAR else None


def _build(year: str, month: str, day: str, match: re.Match[str], ampm: str | None) -> str | None:
    found = _make_date(year, month, day)
    if found is None:
        return None
    hour_text = match.group("H")
    if hour_text is None:
        return found.isoformat()
    hour, minute = int(hour_text), int(match.group("M"))
    second = int(match.group("S") or 0)
    if ampm:
        if not 1 <= hour <= 12:
            return None
        hour = hour % 12 + (12 if ampm.lower().startswith("p") else 0)
    try:
        zone = _zone(match.group("tz"))
        moment = datetime(found.year, found.month, found.day, hour, minute, second, tzinfo=zone)
    except ValueError:
        return None
    return moment.isoformat()


def _zone(text: str | None) -> timezone | None:
    """The zone of an offset or a name; None when absent. ValueError when impossible."""
    if not text:
        return None
    named = _NAMED_ZONES.get(text.upper())
    if named is not None:
        return timezone(timedelta(minutes=named))
    sign = -1 if text[0] == "-" else 1
    digits = text[1:].replace(":", "")
    hours, minutes = int(digits[:2]), int(digits[2:] or 0)
    if hours > 14 or minutes > 59:
        raise ValueError(text)
    return timezone(sign * timedelta(hours=hours, minutes=minutes))
