"""Every prompt weblens sends to a chat model, in one place (pure: values in, messages out).

Prompts are short and say exactly what shape of reply is expected; the replies are still untrusted
and checked by their callers (:mod:`weblens.research.replies`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from weblens.models import Passage, SearchResult

__all__ = [
    "WEB_UNAVAILABLE",
    "answer_messages",
    "query_messages",
    "respond_sources_message",
    "respond_system",
    "select_messages",
]

Message = dict[str, str]
_REFERENCE = re.compile(r"\[\s*\d{1,4}(?:\s*[,–-]\s*\d{1,4})*\s*\]")
"""A page's own bracketed reference numbers, left out of what the model reads: its [n] are ours."""

QUERY_SYSTEM = (
    "Rewrite the user's question as one web search query: the key terms only, at most 12 words, "
    "no quotes unless a phrase must match exactly. Reply with the query alone."
)

SELECT_SYSTEM = (
    "You pick the search results most likely to answer a question. Reply with JSON only: "
    '{"indices": [i, ...]} listing at most N result numbers, best first. Pick none of the results '
    'that look irrelevant; reply {"indices": []} if none fits.'
)

ANSWER_SYSTEM = (
    "Answer the question using only the numbered passages below. After each sentence that uses a "
    "passage, cite its source number in square brackets, like [1] or [2][3]; cite only numbers that "
    "appear below. Quote exact wording where it matters. If the passages do not answer the question, "
    "say so plainly instead of guessing. Be concise: a few sentences."
)

RESPOND_SYSTEM = (
    "You can search the web. If you need current or specific facts, reply with one or more lines "
    "[[WEB_SEARCH: query]] and nothing else; you will then get numbered sources. When you answer "
    "from sources, cite them as [1], [2] after the sentences they support, and only those numbers."
)

WEB_UNAVAILABLE = (
    "Web search is unavailable right now ({reason}). Do not guess at facts you would have looked up: "
    "answer from what you know for certain, and say plainly what you could not check."
)


def query_messages(question: str) -> list[Message]:
    return [{"role": "system", "content": QUERY_SYSTEM}, {"role": "user", "content": question}]


def select_messages(question: str, results: Sequence[SearchResult], pick: int) -> list[Message]:
    lines = [f"{i}. {r.title}\n   {r.url}\n   {r.snippet}".rstrip() for i, r in enumerate(results, start=1)]
    system = SELECT_SYSTEM.replace("N result", f"{pick} result")
    user = f"Question: {question}\n\nResults:\n" + "\n".join(lines)
    return [{"role": "system", "content": system}, {"role": "user", "content": user}]


def answer_messages(question: str, passages: Sequence[tuple[int, Passage]]) -> list[Message]:
    """``passages`` come with the number of the source each belongs to."""
    blocks = [f"[{n}] {p.title or p.url}\n{_REFERENCE.sub('', p.text)}" for n, p in passages]
    user = f"Question: {question}\n\nPassages:\n\n" + "\n\n".join(blocks)
    return [{"role": "system", "content": ANSWER_SYSTEM}, {"role": "user", "content": user}]


def respond_system() -> Message:
    return {"role": "system", "content": RESPOND_SYSTEM}


def respond_sources_message(sources_text: str | None, reason: str = "") -> Message:
    """What the model reads after it asked to search: the numbered sources, or that the web is out."""
    if sources_text is None:
        return {"role": "user", "content": WEB_UNAVAILABLE.format(reason=reason or "not configured")}
    return {
        "role": "user",
        "content": sources_text
        + "\nAnswer the conversation's last question from these sources, citing them as [n]. "
        "Do not ask to search again.",
    }
