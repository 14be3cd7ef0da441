"""The model adapters against a fake OpenAI-compatible server on loopback, and the bundled embedder."""

from __future__ import annotations

import socket
from typing import Any

import numpy as np
import pytest

from tests.support.fake_openai import FakeOpenAI
from weblens.errors import LLMError
from weblens.research.embed import CachedEmbedder, FakeEmbedder, LocalEmbedder, RemoteEmbedder
from weblens.research.llm import OpenAIChat

HI = [{"role": "user", "content": "hi"}]


async def test_chat_reply_and_request_format(fake_llm: FakeOpenAI) -> None:
    fake_llm.reply("hello there")
    model = OpenAIChat(fake_llm.base_url, "fake-model", api_key="sk-test")
    try:
        assert await model.complete(HI, json_reply=True) == "hello there"
    finally:
        await model.aclose()
    (body,) = fake_llm.chats
    assert body["model"] == "fake-model" and body["messages"] == HI
    assert body["response_format"] == {"type": "json_object"}
    request = fake_llm.server.requests[0]
    assert request.headers.get("authorization") == "Bearer sk-test"


async def test_one_retry_on_a_5xx_answer(fake_llm: FakeOpenAI) -> None:
    fake_llm.fail(503)
    fake_llm.reply("second time lucky")
    model = OpenAIChat(fake_llm.base_url, "m")
    try:
        assert await model.complete(HI) == "second time lucky"
    finally:
        await model.aclose()
    assert len(fake_llm.chats) == 2


async def test_two_failures_are_llm_error(fake_llm: FakeOpenAI) -> None:
    fake_llm.fail(500, times=3)
    model = OpenAIChat(fake_llm.base_url, "m")
    try:
        with pytest.raises(LLMError, match="HTTP 500"):
            await model.complete(HI)
    finally:
        await model.aclose()
    assert len(fake_llm.chats) == 2


async def test_a_client_error_is_not_retried(fake_llm: FakeOpenAI) -> None:
    fake_llm.fail(401)
    model = OpenAIChat(fake_llm.base_url, "m")
    try:
        with pytest.raises(LLMError, match="HTTP 401"):
            await model.complete(HI)
    finally:
        await model.aclose()
    assert len(fake_llm.chats) == 1


async def test_a_timeout_is_retried_once_then_llm_error(fake_llm: FakeOpenAI) -> None:
    fake_llm.delay_s = 0.5
    model = OpenAIChat(fake_llm.base_url, "m", timeout_s=0.1)
    try:
        with pytest.raises(LLMError, match="in time"):
            await model.complete(HI)
    finally:
        await model.aclose()
    assert len(fake_llm.chats) == 2


async def test_an_empty_reply_is_retried_then_llm_error(fake_llm: FakeOpenAI) -> None:
    fake_llm.reply("")
    model = OpenAIChat(fake_llm.base_url, "m")
    try:
        with pytest.raises(LLMError, match="no text"):
            await model.complete(HI)
    finally:
        await model.aclose()
    assert len(fake_llm.chats) == 2


def test_remote_embeddings_are_normalised_and_retried(fake_llm: FakeOpenAI) -> None:
    fake_llm.fail_embeddings(502)
    embedder = RemoteEmbedder(fake_llm.base_url, "embed-model")
    vectors = embedder.embed(["sea star", "sea star eats mussels", "sourdough"])
    embedder.close()
    assert vectors.shape[0] == 3
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    assert vectors[0] @ vectors[1] > vectors[0] @ vectors[2]
    assert len(fake_llm.embedding_calls) == 2 and fake_llm.embedding_calls[1]["model"] == "embed-model"


def test_remote_embeddings_failing_twice_is_llm_error(fake_llm: FakeOpenAI) -> None:
    fake_llm.fail_embeddings(500, times=2)
    with pytest.raises(LLMError):
        RemoteEmbedder(fake_llm.base_url, "m").embed(["x"])


def test_the_cache_embeds_each_text_once() -> None:
    fake = FakeEmbedder()
    cached = CachedEmbedder(fake, max_entries=10)
    first = cached.embed(["a b", "c d", "a b"])
    second = cached.embed(["c d", "e f"])
    assert fake.calls == [2, 1]
    assert np.allclose(first[1], second[0])


@pytest.fixture(scope="module")
def local() -> LocalEmbedder:
    return LocalEmbedder()


def test_the_bundled_model_loads_and_embeds_with_no_network(
    local: LocalEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("the local embedder tried to use the network")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)
    vectors = local.embed(
        [
            "What do sea stars eat?",
            "The ochre sea star feeds on mussels along the rocky shore.",
            "Knead the dough and let it rise overnight.",
        ]
    )
    assert vectors.shape == (3, 384)
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-4)
    assert vectors[0] @ vectors[1] > vectors[0] @ vectors[2] + 0.2
