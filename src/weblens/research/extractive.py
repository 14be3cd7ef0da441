"""An answer made of the sources' own sentences, when no chat model is configured (pure).

The best passages' sentences (whole sentences of the page around each passage) are scored by how
much of the question's vocabulary they carry, weighted by rarity among those sentences, plus a small
prior for the passage's rank; the best few, up to about ``max_chars``, become the answer, each
followed by the ``[n]`` of its source. Each citation records the sentence exactly as the source has
it, with its offsets; in the answer's text, bracketed numbers the source itself carries (a paper's
reference markers such as ``[4]``) are left out so that every ``[n]`` in the answer is weblens's.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from weblens.models import Citation, PageExtract, Passage
from weblens.research.chunk import Span, sentences_within
from weblens.research.cite import MARKER
from weblens.research.stopwords import FUNCTION_WORDS

__all__ = ["ExtractiveOptions", "extractive_answer"]

_WORD = re.compile(r"\w+")
_STOP = FUNCTION_WORDS | frozenset(
    (
        "did",
        "do",
        "does",
        "whom",
        "whose",
        "why",
    )
)


@dataclass(frozen=True, kw_only=True)
class ExtractiveOptions:
    max_chars: int = 900
    max_sentences: int = 3
    from_passages: int = 3
    min_chars: int = 25
    max_sentence_chars: int = 600


@cache
def _stemmer() -> Any:
    try:
        import Stemmer
    except ImportError:
        return None
    return Stemmer.Stemmer("english")


def _terms(text: str) -> set[str]:
    words = [w for w in _WORD.findall(text.casefold()) if w not in _STOP]
    stemmer = _stemmer()
    return set(stemmer.stemWords(words) if stemmer is not None else words)


def extractive_answer(
    question: str,
    passages: Sequence[Passage],
    sources: Sequence[PageExtract],
    numbers: Mapping[str, int],
    options: ExtractiveOptions | None = None,
) -> tuple[str, list[Citation]]:
    """A few sentences of the sources, each followed by ``[n]`` (``numbers`` maps a URL to its n),
    and their citations."""
    opts = options or ExtractiveOptions()
    candidates = _candidates(passages[: opts.from_passages], sources, numbers, opts)
    if not candidates:
        return "", []
    asked = _terms(question)
    df: dict[str, int] = {}
    for _, _, _, terms in candidates:
        for term in terms & asked:
            df[term] = df.get(term, 0) + 1
    weight = {t: math.log(1 + len(candidates) / (1 + df.get(t, 0))) for t in asked}
    total = sum(weight.values()) or 1.0

    def score(item: tuple[int, int, Span, set[str]]) -> float:
        rank, _, _, terms = item
        return sum(weight[t] for t in terms & asked) / total + 0.1 / rank

    chosen: list[tuple[int, Span]] = []
    used = 0
    for _, n, span, _ in sorted(candidates, key=score, reverse=True):
        if len(chosen) == opts.max_sentences or (chosen and used + len(span.text) > opts.max_chars):
            break
        chosen.append((n, span))
        used += len(span.text)
    text = " ".join(f"{_without_markers(span.text)} [{n}]" for n, span in chosen)
    citations = [
        Citation(
            n=n,
            url=sources[n - 1].final_url or "",
            title=sources[n - 1].title,
            quote=span.text,
            start=span.start,
            end=span.end,
            verified=sources[n - 1].text[span.start : span.end] == span.text,
        )
        for n, span in chosen
    ]
    return text, citations


def _without_markers(sentence: str) -> str:
    return " ".join(MARKER.sub("", sentence).split()).replace(" .", ".").replace(" ,", ",")


def _candidates(
    passages: Sequence[Passage],
    sources: Sequence[PageExtract],
    numbers: Mapping[str, int],
    opts: ExtractiveOptions,
) -> list[tuple[int, int, Span, set[str]]]:
    """(passage rank, source number, sentence, its terms) for the sentences of the best passages."""
    out: list[tuple[int, int, Span, set[str]]] = []
    seen: set[tuple[int, int]] = set()
    for passage in passages:
        n = numbers.get(passage.url)
        if n is None:
            continue
        for span in sentences_within(sources[n - 1].text, passage.start, passage.end):
            if (n, span.start) in seen:
                continue
            seen.add((n, span.start))
            if opts.min_chars <= len(span.text) <= opts.max_sentence_chars and len(span.text.split()) >= 4:
                out.append((passage.rank, n, span, _terms(span.text)))
    return out
