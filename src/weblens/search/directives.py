"""``[[WEB_SEARCH: query]]`` directives in model output (pure).

A model that wants to search writes ``[[WEB_SEARCH: what to look up]]``. The
keyword is case-insensitive and may have spaces around it and the colon; the query
runs to the first ``]]``, may span lines, and is trimmed with its whitespace
collapsed. Empty queries are ignored; repeats (compared case-insensitively) are
kept once, first spelling first, in order of appearance.
"""

from __future__ import annotations

import re

__all__ = ["DIRECTIVE", "parse_search_directives", "strip_search_directives"]

DIRECTIVE = re.compile(r"\[\[\s*web_search\s*:(.*?)\]\]", re.IGNORECASE | re.DOTALL)
_BLANK_RUNS = re.compile(r"\n[ \t]*\n(?:[ \t]*\n)+")


def parse_search_directives(text: str) -> list[str]:
    """The distinct non-empty queries of the directives in ``text``, in order."""
    queries: list[str] = []
    seen: set[str] = set()
    for match in DIRECTIVE.finditer(text):
        query = " ".join(match.group(1).split())
        if query and query.casefold() not in seen:
            seen.add(query.casefold())
            queries.append(query)
    return queries


def strip_search_directives(text: str) -> str:
    """``text`` without its directives (and the blank lines they leave); unchanged if it has none."""
    if DIRECTIVE.search(text) is None:
        return text
    stripped = DIRECTIVE.sub("", text)
    return _BLANK_RUNS.sub("\n\n", stripped).strip()
