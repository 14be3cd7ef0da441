"""Lens.respond: the two-pass [[WEB_SEARCH: …]] flow with verified citations."""

from __future__ import annotations

import json

import pytest

from tests.research.conftest import BAKING, TIDE, Web
from tests.support.fake_openai import FakeOpenAI
from weblens import Lens
from weblens.errors import NotConfigured

ASK = [{"role": "user", "content": "Which predator keeps mussels from taking over the rocky shore?"}]


async def test_the_model_searches_then_answers_from_numbered_sources(web: Web, fake_llm: FakeOpenAI) -> None:
    web.page("/tide", TIDE)
    web.page("/bread", BAKING)
    web.results("/tide", "/bread")
    fake_llm.reply(
        "[[WEB_SEARCH: rocky shore keystone predator]]",
        "The ochre sea star is the keystone predator of the rocky shore [1]. Also [5].",
    )
    settings = web.settings(llm_base_url=fake_llm.base_url, llm_model="m")
    async with Lens(settings) as lens:
        answer = await lens.respond(ASK, read=2)
    assert answer.llm_used and answer.search_query == "rocky shore keystone predator"
    assert [p.final_url for p in answer.sources] == [web.server.url("/tide"), web.server.url("/bread")]
    assert answer.citations[0].n == 1 and answer.citations[0].verified
    assert "[5]" not in answer.answer and any("removed [5]" in w for w in answer.warnings)
    second = fake_llm.chats[1]["messages"]
    assert second[-2] == {"role": "assistant", "content": "[[WEB_SEARCH: rocky shore keystone predator]]"}
    assert "[1] Tide pools of the rocky shore" in second[-1]["content"]
    assert "[2] Baking sourdough" in second[-1]["content"]


async def test_no_directive_means_the_first_reply_is_the_answer(web: Web, fake_llm: FakeOpenAI) -> None:
    fake_llm.reply("Hello! How can I help? [1]")
    settings = web.settings(llm_base_url=fake_llm.base_url, llm_model="m")
    async with Lens(settings) as lens:
        answer = await lens.respond("hi there")
    assert answer.answer == "Hello! How can I help?" and answer.sources == []
    assert web.searches() == 0 and len(fake_llm.chats) == 1


async def test_a_spent_budget_tells_the_model_the_web_is_unavailable(web: Web, fake_llm: FakeOpenAI) -> None:
    web.page("/tide", TIDE)
    web.results("/tide")
    fake_llm.reply("[[WEB_SEARCH: sea star]]", "I could not check this on the web.")
    settings = web.settings(llm_base_url=fake_llm.base_url, llm_model="m", max_searches_per_hour=0)
    async with Lens(settings) as lens:
        answer = await lens.respond(ASK)
    told = fake_llm.chats[1]["messages"][-1]["content"]
    assert "unavailable" in told and "budget_exceeded" in told
    assert answer.sources == [] and any("web unavailable" in w for w in answer.warnings)
    assert web.searches() == 0


async def test_respond_without_a_model_is_not_configured(web: Web) -> None:
    async with Lens(web.settings()) as lens:
        with pytest.raises(NotConfigured, match="WEBLENS_LLM_BASE_URL"):
            await lens.respond("hi")


async def test_the_system_prompt_explains_the_directive(web: Web, fake_llm: FakeOpenAI) -> None:
    fake_llm.reply("Fine.")
    settings = web.settings(llm_base_url=fake_llm.base_url, llm_model="m")
    async with Lens(settings) as lens:
        await lens.respond([{"role": "system", "content": "Be brief."}, {"role": "user", "content": "hi"}])
    messages = fake_llm.chats[0]["messages"]
    assert "[[WEB_SEARCH:" in messages[0]["content"]
    assert messages[1:] == [{"role": "system", "content": "Be brief."}, {"role": "user", "content": "hi"}]
    assert json.dumps(messages)
