"""weblens.rank: bm25 (bm25s), hybrid with an embedder on the first-stage candidates only, duplicates."""

from __future__ import annotations

import pytest

from weblens import PageExtract, rank
from weblens.errors import InvalidArgument
from weblens.research.embed import CachedEmbedder, FakeEmbedder
from weblens.research.rank import RankOptions

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
