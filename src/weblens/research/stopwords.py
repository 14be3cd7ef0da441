"""Words that carry no topic: one list for the research modules, each adding the few its job needs."""

from __future__ import annotations

__all__ = ["FUNCTION_WORDS"]

FUNCTION_WORDS = frozenset(
    (
        "a",
        "an",
        "and",
        "are",
        "as",
        "at",
        "be",
        "by",
        "for",
        "from",
        "has",
        "have",
        "how",
        "in",
        "is",
        "it",
        "its",
        "of",
        "on",
        "or",
        "that",
        "the",
        "this",
        "to",
        "was",
        "were",
        "what",
        "when",
        "where",
        "which",
        "who",
        "with",
    )
)
"""Articles, prepositions, auxiliaries and question words common to every use."""
