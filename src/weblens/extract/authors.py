"""Author values as pages write them → person names (pure).

"By A and B", "A, B & C", "Written by A | Updated March 5", "Text: A" give the names; a URL (an
``article:author`` Facebook profile), an e-mail, a ``@handle``, anything with digits, a
job title alone ("Staff Writer") or a part ending in one ("AP Auto Writer") is not a name.
Names are at most 100 characters and 8 words. Sources with one tag per author
(``citation_author``, ``dc.creator``) are not split, and their bibliographic "Last, First"
becomes "First Last".
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from weblens.extract.metatext import clean_text, looks_like_url

__all__ = ["dedupe_names", "is_name", "split_authors"]

_MAX_AUTHOR = 100
_MAX_AUTHOR_WORDS = 8
_MAX_VALUE = 800
_BY = re.compile(  # "By", "Written by", and a one-word label in any language: "Author:", "Текст:"
    r"^(?:(?:written|posted|reported|published|story|text|words)\s+)?by\b[:\s]*|^authors?\s*[:\-]\s*"
    r"|^[^\W\d_]{2,15}\s?:\s+",
    re.I,
)
_AUTHOR_SPLIT = re.compile(r"\s*(?:[,;|/•·\n]|\s&\s|\s+and\s+|\s+with\s+)\s*", re.I)
_TRIM = " .:-–—()[]\"'"
_ROLE_WORDS = frozenset(
    (
        "staff", "writer", "writers", "reporter", "reporters", "editor", "editors", "correspondent",
        "contributor", "contributing", "columnist", "senior", "special", "chief", "associate",
        "managing", "news", "desk", "team", "the", "guest", "freelance", "photographer", "author",
        "updated", "posted", "published", "min", "read",
    )
)  # fmt: skip
_ROLE_TITLES = frozenset(
    (
        "writer",
        "reporter",
        "editor",
        "correspondent",
        "contributor",
        "columnist",
        "staff",
        "producer",
        "intern",
    )
)


def split_authors(raw: str, *, one_person: bool = False) -> list[str]:
    """The person names in one author value: "By A and B" → ["A", "B"]; URLs, handles, roles → []."""
    text = clean_text(raw, _MAX_VALUE)
    if not text or looks_like_url(text):
        return []
    if one_person:
        last, comma, first = text.partition(",")
        name = f"{first.strip()} {last.strip()}" if comma and "," not in first else text
        name = _BY.sub("", name).strip(_TRIM)
        return [name] if is_name(name) else []
    names: list[str] = []
    for part in _AUTHOR_SPLIT.split(_BY.sub("", text)):
        name = _BY.sub("", part).strip(_TRIM)
        if is_name(name):
            names.append(name)
    return names


def is_name(name: str) -> bool:
    """Whether ``name`` can be a person's (or an agency's) name."""
    if not name or len(name) > _MAX_AUTHOR or any(ch.isdigit() for ch in name):
        return False
    if "@" in name or looks_like_url(name) or not any(ch.isalpha() for ch in name):
        return False
    words = name.split()
    if len(words) > _MAX_AUTHOR_WORDS:
        return False
    lowered = [word.lower().strip(".,") for word in words]
    return lowered[-1] not in _ROLE_TITLES and not all(word in _ROLE_WORDS for word in lowered)


def dedupe_names(names: Iterable[str]) -> tuple[str, ...]:
    """``names`` without repeats (ignoring case), first spelling kept, in order."""
    seen: dict[str, str] = {}
    for name in names:
        seen.setdefault(name.casefold(), name)
    return tuple(seen.values())
