"""weblens.rank: bm25 (bm25s), hybrid with an embedder on the first-stage candidates only, duplicates."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from weblens import PageExtract, rank
from weblens.errors import InvalidArgument
from weblens.research.embed import CachedEmbedder, FakeEmbedder
from weblens.research.rank import RankOptions, _bm25_scores, _fuse

SHORE = (
    "Tide pools form where the sea retreats at low tide.\n\n"
    "The ochre sea star is the keystone predator of the rocky shore: it eats mussels.\n\n"
    "Visitors should step only on bare rock and watch the incoming tide."
)
BREAD = (
    "A sourdough starter is flour and water colonised by wild yeast.\n\n"
    "Shape the loaf, proof it overnight and bake it in a hot covered pot."
)


def pages() -> list[PageExtract]:
    return [
        PageExtract(final_url="https://a.example/bread", title="Bread", text=BREAD),
        PageExtract(final_url="https://b.example/shore", title="Shore", text=SHORE),
    ]


def test_bm25_finds_the_passage_and_keeps_offsets() -> None:
    small = RankOptions(max_chars=90, overlap=0)
    got = rank("which predator eats mussels", pages(), top_k=3, ranker="bm25", options=small)
    assert got[0].url == "https://b.example/shore" and "ochre sea star" in got[0].text
    assert [p.rank for p in got] == list(range(1, len(got) + 1))
    texts = {p.final_url: p.text for p in pages()}
    for passage in got:
        assert texts[passage.url][passage.start : passage.end] == passage.text
        assert 0.0 <= passage.relevance <= 1.0
    assert got[0].score >= got[-1].score
    assert got[0].relevance > got[-1].relevance


def test_bm25_relevance_is_the_share_of_the_question_covered() -> None:
    only = [
        ("https://x.example/", "mussels predator mussels predator"),
        ("https://y.example/", "nothing here"),
    ]
    full = rank("predator mussels", only, ranker="bm25")[0].relevance
    half = rank("predator mussels seastar", only, ranker="bm25")[0].relevance
    assert 0.5 < full <= 1.0 and half < full


def test_pairs_of_url_and_text_are_pages_too() -> None:
    got = rank("starter yeast", [("https://a.example/", BREAD)], top_k=1, ranker="bm25")
    assert got[0].url == "https://a.example/" and got[0].title is None


def test_hybrid_embeds_only_the_first_stage_candidates_and_caches_them() -> None:
    fake = FakeEmbedder()
    cached = CachedEmbedder(fake)
    many = [(f"https://p{i}.example/", f"Filler paragraph number {i} about gardening.") for i in range(40)]
    many.append(("https://shore.example/", SHORE))
    options = RankOptions(candidates=6)
    first = rank("ochre sea star mussels", many, top_k=3, ranker="hybrid", embedder=cached, options=options)
    assert first[0].url == "https://shore.example/"
    assert fake.calls == [7]  # the question and 6 candidates, never all 41 passages
    rank("ochre sea star mussels", many, top_k=3, ranker="hybrid", embedder=cached, options=options)
    assert fake.calls == [7]  # second time: all from the cache
    assert cached.hits == 7


def test_embed_ranker_scores_every_passage_by_cosine() -> None:
    fake = FakeEmbedder()
    got = rank("sourdough starter yeast", pages(), top_k=2, ranker="embed", embedder=fake)
    assert got[0].url == "https://a.example/bread"
    assert got[0].relevance == pytest.approx(max(0.0, got[0].score), abs=1e-4)


def test_auto_is_hybrid_with_an_embedder() -> None:
    fake = FakeEmbedder()
    rank("sea star", pages(), ranker="auto", embedder=fake)
    assert fake.calls


def test_near_duplicates_across_pages_are_collapsed_with_also_at() -> None:
    copies = [
        PageExtract(final_url="https://b.example/shore", text=SHORE),
        PageExtract(final_url="https://mirror.example/shore", text=SHORE.replace("Tide pools", "Rock pools")),
        PageExtract(final_url="https://a.example/bread", text=BREAD),
    ]
    got = rank("ochre sea star predator mussels", copies, top_k=3, ranker="bm25")
    assert got[0].url == "https://b.example/shore"
    assert got[0].also_at == ["https://mirror.example/shore"]
    assert all(p.url != "https://mirror.example/shore" for p in got)


def test_empty_inputs_and_bad_arguments() -> None:
    assert rank("anything", []) == []
    assert rank("anything", [("https://x.example/", "   ")]) == []
    assert rank("the of and", pages(), ranker="bm25")[0].relevance == 0.0
    with pytest.raises(InvalidArgument):
        rank("q", pages(), ranker="magic")
    with pytest.raises(InvalidArgument):
        rank("q", pages(), top_k=0)


def test_a_failing_embedder_falls_back_to_bm25_when_told_how_to_warn() -> None:
    class Broken:
        name = "broken"

        def embed(self, texts: object) -> object:
            from weblens.errors import LLMError

            raise LLMError("down")

    warnings: list[str] = []
    got = rank("sea star", pages(), ranker="hybrid", embedder=Broken(), warn=warnings.append)
    assert got and "bm25" in warnings[0]
    with pytest.raises(Exception, match="down"):
        rank("sea star", pages(), ranker="hybrid", embedder=Broken())


def test_bm25_parameters_reach_the_scores() -> None:
    same_term = [
        ("https://short.example/", "Mussels."),
        ("https://long.example/", "Mussels " + "and many other words about the shore " * 8),
    ]
    normalised = rank("mussels", same_term, top_k=2, ranker="bm25")
    assert normalised[0].url == "https://short.example/" and normalised[0].score > normalised[1].score
    flat = rank("mussels", same_term, top_k=2, ranker="bm25", options=RankOptions(b=0.0))
    assert flat[0].score == pytest.approx(flat[1].score)  # b = 0: length does not count


def test_query_expansion_reaches_passages_sharing_the_best_passages_words() -> None:
    texts = [
        ("https://a.example/", "The ochre sea star eats mussels on the rocky shore."),
        ("https://b.example/", "Pisaster ochraceus keeps the rocky shore open for barnacles."),
        ("https://c.example/", "Sourdough starters need daily feeding with flour."),
        ("https://d.example/", "Trains leave the station every hour on weekdays."),
    ]
    plain = {p.url: p for p in rank("which sea star eats mussels", texts, top_k=4, ranker="bm25")}
    expanded_options = RankOptions(expansion_terms=3, expansion_passages=1)
    expanded = {
        p.url: p
        for p in rank("which sea star eats mussels", texts, top_k=4, ranker="bm25", options=expanded_options)
    }
    assert plain["https://b.example/"].score == 0.0
    assert expanded["https://b.example/"].score > expanded["https://c.example/"].score == 0.0
    assert expanded["https://a.example/"].relevance == plain["https://a.example/"].relevance


class _TableEmbedder:
    """Vectors chosen by the test: a text containing a key word gets that word's vector."""

    name = "table"

    def __init__(self, table: dict[str, list[float]]) -> None:
        self.table = table

    def embed(self, texts: object) -> object:
        import numpy as np

        rows = []
        for text in texts:  # type: ignore[attr-defined]
            row = next((v for k, v in self.table.items() if k in text), [0.0, 0.0, 1.0])
            rows.append(np.asarray(row, dtype=np.float32) / np.linalg.norm(row))
        return np.stack(rows)


def test_rank_fusion_orders_by_reciprocal_ranks() -> None:
    # BM25 prefers the passage saying "mussels" three times; the embedder prefers "keystone".
    texts = [
        ("https://lexical.example/", "Mussels mussels mussels on the shore."),
        ("https://semantic.example/", "The keystone predator of the shore eats mussels."),
        ("https://neither.example/", "Mussels are sold at the market."),
    ]
    table = {"question": [1.0, 0.0, 0.0], "keystone": [1.0, 0.1, 0.0], "Mussels mussels": [0.2, 1.0, 0.0]}
    embedder = _TableEmbedder(table)
    lexical_heavy = RankOptions(fusion="rank", lexical_weight=0.9, candidates=3)
    semantic_heavy = RankOptions(fusion="rank", lexical_weight=0.1, candidates=3)
    first = rank("question mussels", texts, ranker="hybrid", embedder=embedder, options=lexical_heavy)
    second = rank("question mussels", texts, ranker="hybrid", embedder=embedder, options=semantic_heavy)
    assert first[0].url == "https://lexical.example/"
    assert second[0].url == "https://semantic.example/"
    assert second[0].relevance == pytest.approx(0.995, abs=0.01)  # relevance stays the cosine


@settings(max_examples=200, deadline=None)
@given(
    scores=st.lists(
        st.tuples(st.floats(0.0, 30.0), st.floats(-1.0, 1.0)),
        min_size=1,
        max_size=20,
        unique_by=lambda s: s[0],
    ),
    fusion=st.sampled_from(["score", "rank"]),
    weight=st.floats(0.0, 1.0),
)
def test_fusion_never_puts_a_candidate_behind_one_it_beats_on_both_signals(
    scores: list[tuple[float, float]], fusion: str, weight: float
) -> None:
    ordered = sorted(scores, key=lambda s: -s[0])  # candidates come in BM25 order
    chosen = list(range(len(ordered)))
    options = RankOptions(fusion=fusion, lexical_weight=weight)  # type: ignore[arg-type]
    fused = _fuse(chosen, [s[0] for s in ordered], [s[1] for s in ordered], options)
    assert sorted(i for i, _, _ in fused) == chosen
    position = {i: n for n, (i, _, _) in enumerate(fused)}
    for a in chosen:
        for b in chosen:
            beats = ordered[a][0] > ordered[b][0] and ordered[a][1] > ordered[b][1]
            if beats:
                assert fused[position[a]][1] >= fused[position[b]][1]
    assert all(0.0 <= relevance <= 1.0 for _, _, relevance in fused)


def test_passages_are_embedded_after_their_page_title() -> None:
    seen: list[str] = []

    class Recording(FakeEmbedder):
        def embed(self, texts: Sequence[str]) -> Any:
            seen.extend(texts)
            return super().embed(texts)

    rank("ochre sea star", pages(), ranker="hybrid", embedder=Recording())
    assert "Shore\n" + SHORE in seen
    seen.clear()
    untitled = RankOptions(embed_title=False)
    rank("ochre sea star", pages(), ranker="embed", embedder=Recording(), options=untitled)
    assert SHORE in seen and BREAD in seen
    assert not any(text.startswith(("Shore\n", "Bread\n")) for text in seen)
    seen.clear()
    rank("ochre sea star", [("https://b.example/shore", SHORE)], ranker="hybrid", embedder=Recording())
    assert seen == ["ochre sea star", SHORE]  # a pair has no title


@settings(max_examples=100, deadline=None)
@given(
    docs=st.lists(st.lists(st.sampled_from("abcdefgh"), max_size=30), min_size=1, max_size=12),
    asked=st.lists(st.sampled_from("abcdefgh"), min_size=1, max_size=4, unique=True),
    k1=st.floats(0.5, 2.0),
    b=st.floats(0.0, 1.0),
)
def test_bm25_scores_are_bm25s_lucene_scores(
    docs: list[list[str]], asked: list[str], k1: float, b: float
) -> None:
    import bm25s
    import numpy as np
    from bm25s.tokenization import Tokenized

    assume(any(docs))  # bm25s divides by the average length
    vocab = {word: i for i, word in enumerate("abcdefgh")}
    index = bm25s.BM25(method="lucene", k1=k1, b=b)
    index.index(Tokenized(ids=[[vocab[w] for w in doc] for doc in docs], vocab=vocab), show_progress=False)
    expected = np.asarray(index.get_scores([vocab[w] for w in asked]), dtype=np.float64)
    counts = [(len(doc), {w: doc.count(w) for w in set(doc)}) for doc in docs]
    got, df = _bm25_scores(asked, counts, RankOptions(k1=k1, b=b))
    assert got == pytest.approx(expected, rel=1e-4, abs=1e-5)
    assert list(df) == [sum(1 for doc in docs if w in doc) for w in asked]
