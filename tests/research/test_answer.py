"""Lens.answer end to end: pages and a Brave-format search on loopback, with and without a chat model."""

from __future__ import annotations

import json

from tests.research.conftest import BAKING, KNITTING, TIDE, Web
from tests.support.fake_openai import FakeOpenAI
from weblens import Lens
from weblens.models import ProgressEvent
from weblens.research.embed import FakeEmbedder

QUESTION = "Which predator keeps mussels from taking over the rocky shore?"


async def test_extractive_answer_cites_verified_sentences_without_a_model(web: Web) -> None:
    web.page("/tide", TIDE)
    web.page("/bread", BAKING)
    web.page("/scarf", KNITTING)
    web.results("/bread", "/tide", "/scarf")
    events: list[ProgressEvent] = []
    async with Lens(web.settings(), embedder=FakeEmbedder()) as lens:
        answer = await lens.answer(QUESTION, on_progress=events.append)
    assert not answer.llm_used and not answer.abstained
    assert "ochre sea star" in answer.answer
    assert [p.final_url for p in answer.sources] == [web.server.url(p) for p in ("/bread", "/tide", "/scarf")]
    assert answer.citations and all(c.verified for c in answer.citations)
    for citation in answer.citations:
        source = answer.sources[citation.n - 1]
        assert source.text[citation.start : citation.end] == citation.quote
        assert f"[{citation.n}]" in answer.answer
    assert answer.citations[0].n == 2  # the tide pool page, numbered in reading order
    assert len(answer.answer) < 1000
    assert answer.passages[0].url == web.server.url("/tide")
    stages = [e.stage for e in events]
    assert stages[0] == "query" and stages[-1] == "verify"
    assert {"search", "select", "read", "rank", "answer"} <= set(stages)
    assert set(answer.timings) >= {"query", "search", "select", "read", "rank", "answer", "verify", "total"}


async def test_unrelated_pages_make_it_abstain_and_cite_nothing(web: Web) -> None:
    web.page("/bread", BAKING)
    web.page("/scarf", KNITTING)
    web.results("/bread", "/scarf")
    async with Lens(web.settings(), embedder=FakeEmbedder()) as lens:
        answer = await lens.answer(QUESTION)
    assert answer.abstained and answer.citations == []
    assert answer.answer.startswith("The web did not answer this question")
    assert "searched for" in answer.answer and "read 2 of 2 page(s)" in answer.answer
    assert "[" not in answer.answer.split("Tried:")[0]


async def test_nothing_read_abstains_and_lists_the_failures(web: Web) -> None:
    web.page("/gone", "missing", status=404)
    web.results("/gone")
    async with Lens(web.settings(), embedder=FakeEmbedder()) as lens:
        answer = await lens.answer(QUESTION)
    assert answer.abstained and answer.sources == [] and answer.citations == []
    assert "no page could be read" in answer.answer
    assert [f.code for f in answer.failures] == ["http_error"]


async def test_weak_passages_read_more_results_once(web: Web) -> None:
    web.page("/bread", BAKING)
    web.page("/scarf", KNITTING)
    web.page("/tide", TIDE)
    web.results("/bread", "/scarf", "/tide")
    async with Lens(web.settings(), embedder=FakeEmbedder()) as lens:
        answer = await lens.answer(QUESTION, read=2)
    assert answer.expanded and not answer.abstained
    assert [p.final_url for p in answer.sources][-1] == web.server.url("/tide")
    assert "ochre sea star" in answer.answer
    assert web.searches() == 1


async def test_with_a_model_it_rewrites_selects_answers_and_checks_markers(
    web: Web, fake_llm: FakeOpenAI
) -> None:
    web.page("/tide", TIDE)
    web.page("/bread", BAKING)
    web.page("/scarf", KNITTING)
    web.results("/bread", "/scarf", "/tide")
    fake_llm.reply(
        "rocky shore keystone predator mussels",
        '{"indices": [3, 1]}',
        "The ochre sea star keeps mussels in check [1]. Bread needs proofing [2]. Also [7].",
    )
    settings = web.settings(llm_base_url=fake_llm.base_url, llm_model="fake-model")
    async with Lens(settings, embedder=FakeEmbedder()) as lens:
        answer = await lens.answer(QUESTION, read=2)
    assert answer.llm_used and answer.search_query == "rocky shore keystone predator mussels"
    assert [p.final_url for p in answer.sources] == [web.server.url("/tide"), web.server.url("/bread")]
    assert "[7]" not in answer.answer
    assert any("removed [7]" in w for w in answer.warnings)
    first = next(c for c in answer.citations if c.n == 1)
    assert first.verified and "sea star" in (first.quote or "")
    second = next(c for c in answer.citations if c.n == 2)
    assert not second.verified and any("[2] is not supported" in w for w in answer.warnings)
    _system, user = fake_llm.chats[2]["messages"]
    assert "[1]" in user["content"] and "ochre sea star" in user["content"]
    assert "Knitting" not in user["content"]


async def test_a_garbage_selection_falls_back_to_the_top_results(web: Web, fake_llm: FakeOpenAI) -> None:
    web.page("/tide", TIDE)
    web.page("/bread", BAKING)
    web.page("/scarf", KNITTING)
    web.results("/tide", "/bread", "/scarf")
    fake_llm.reply("tide pools predator", "I think result two looks best!", "The sea star [1].")
    settings = web.settings(llm_base_url=fake_llm.base_url, llm_model="fake-model")
    async with Lens(settings, embedder=FakeEmbedder()) as lens:
        answer = await lens.answer(QUESTION, read=2)
    assert [p.final_url for p in answer.sources] == [web.server.url("/tide"), web.server.url("/bread")]
    assert any("choice of results was unusable" in w for w in answer.warnings)


async def test_a_failing_model_falls_back_to_the_extractive_answer(web: Web, fake_llm: FakeOpenAI) -> None:
    web.page("/tide", TIDE)
    web.results("/tide")
    fake_llm.fail(500, times=10)
    settings = web.settings(llm_base_url=fake_llm.base_url, llm_model="fake-model")
    async with Lens(settings, embedder=FakeEmbedder()) as lens:
        answer = await lens.answer(QUESTION)
    assert not answer.llm_used and "ochre sea star" in answer.answer
    assert any("llm_error" in w for w in answer.warnings)
    assert all(c.verified for c in answer.citations)


async def test_abstaining_never_asks_the_model(web: Web, fake_llm: FakeOpenAI) -> None:
    web.page("/bread", BAKING)
    web.results("/bread")
    fake_llm.reply("predator rocky shore", "Sea otters, obviously [1].")
    settings = web.settings(llm_base_url=fake_llm.base_url, llm_model="fake-model")
    async with Lens(settings, embedder=FakeEmbedder()) as lens:
        answer = await lens.answer(QUESTION)
    assert answer.abstained and not answer.llm_used
    assert all("Passages" not in json.dumps(chat["messages"]) for chat in fake_llm.chats)
