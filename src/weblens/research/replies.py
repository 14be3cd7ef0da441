"""Reading a chat model's replies, which are untrusted input (pure).

Anything that is not what was asked for gives ``None`` and the caller falls back to what it would
do without a model: the question's keywords as the query, the top results as the selection.
"""

from __future__ import annotations

import json
import re

from weblens.research.stopwords import FUNCTION_WORDS

__all__ = ["keywords", "parse_indices", "parse_query"]

_WORD = re.compile(r"[\w][\w'’.-]*[\w]|\w")
_STOP = FUNCTION_WORDS | frozenset(
    (
        "about",
        "above",
        "after",
        "again",
        "all",
        "also",
        "am",
        "any",
        "been",
        "before",
        "being",
        "below",
        "between",
        "both",
        "but",
        "can",
        "could",
        "did",
        "do",
        "does",
        "doing",
        "down",
        "during",
        "each",
        "few",
        "further",
        "had",
        "having",
        "he",
        "her",
        "here",
        "hers",
        "him",
        "his",
        "i",
        "if",
        "into",
        "itself",
        "just",
        "me",
        "more",
        "most",
        "my",
        "no",
        "nor",
        "not",
        "now",
        "off",
        "once",
        "only",
        "other",
        "our",
        "out",
        "over",
        "own",
        "please",
        "same",
        "she",
        "should",
        "so",
        "some",
        "such",
        "tell",
        "than",
        "their",
        "them",
        "then",
        "there",
        "these",
        "they",
        "those",
        "through",
        "too",
        "under",
        "until",
        "up",
        "very",
        "we",
        "while",
        "whom",
        "why",
        "will",
        "would",
        "you",
        "your",
    )
)
MAX_QUERY_WORDS = 12


def keywords(question: str, *, limit: int = MAX_QUERY_WORDS) -> str:
    """The question's words minus stop words, in order (the whole question when nothing is left)."""
    words = [w for w in _WORD.findall(question) if w.casefold() not in _STOP]
    kept = list(dict.fromkeys(words))[:limit]
    return " ".join(kept) if kept else " ".join(question.split())[:200]


def parse_query(reply: str) -> str | None:
    """A search query from a rewrite reply: one short line, no markup; else None."""
    lines = [line.strip() for line in reply.strip().splitlines() if line.strip()]
    if len(lines) != 1:
        return None
    query = re.sub(r"^(?:search\s+)?query\s*:\s*", "", lines[0], flags=re.IGNORECASE)
    query = query.strip().strip("`").strip()
    if query[:1] == query[-1:] and query[:1] in ("'", '"'):
        query = query[1:-1].strip()
    if not query or len(query) > 300 or len(query.split()) > 2 * MAX_QUERY_WORDS:
        return None
    return " ".join(query.split())


def parse_indices(reply: str, *, count: int, pick: int) -> list[int] | None:
    """0-based result indices from ``{"indices": [1, 3]}`` (1-based numbers, 1..count), at most
    ``pick`` of them, in order, without repeats; None for anything else or for no valid index."""
    text = reply.strip()
    fenced = re.fullmatch(r"```(?:json)?\s*(.*?)\s*```", text, flags=re.DOTALL)
    if fenced:
        text = fenced.group(1)
    try:
        data = json.loads(text)
    except ValueError:
        return None
    if not isinstance(data, dict) or not isinstance(data.get("indices"), list):
        return None
    picked: list[int] = []
    for value in data["indices"]:
        if isinstance(value, bool) or not isinstance(value, int):
            return None
        if 1 <= value <= count and value - 1 not in picked:
            picked.append(value - 1)
    return picked[:pick] or None
