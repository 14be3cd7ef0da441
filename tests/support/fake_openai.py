"""A fake OpenAI-compatible server on loopback: chat completions and embeddings, real wire format.

    with FakeOpenAI() as llm:
        llm.reply("Paris is the capital [1].")           # next chat answer (queued; the last repeats)
        llm.fail(500)                                     # next chat call answers HTTP 500
        llm.reply_message({"role": "assistant", "content": None, "tool_calls": [...]})  # a whole message
        settings = Settings(llm_base_url=llm.base_url, llm_model="fake-model")
        llm.chats                                         # the request bodies received, as dicts

Embeddings are deterministic bag-of-words vectors (as :class:`weblens.research.embed.FakeEmbedder`).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, Self

from tests.support.servers import LoopbackServer, Request, Response
from weblens.research.embed import FakeEmbedder

__all__ = ["FakeOpenAI"]

Step = str | int | dict[str, Any] | Callable[[dict[str, Any]], str]


class FakeOpenAI:
    def __init__(self) -> None:
        self.server = LoopbackServer()
        self.chats: list[dict[str, Any]] = []
        self.embedding_calls: list[dict[str, Any]] = []
        self._steps: list[Step] = []
        self._embed_failures: list[int] = []
        self._embedder = FakeEmbedder(32)
        self.delay_s = 0.0

    def __enter__(self) -> Self:
        self.server.__enter__()
        self.server.route("/v1/chat/completions", self._chat)
        self.server.route("/v1/embeddings", self._embeddings)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.__exit__(*exc)

    @property
    def base_url(self) -> str:
        return self.server.url("/v1")

    def reply(self, *contents: str | Callable[[dict[str, Any]], str]) -> None:
        """Queue chat answers: text, or a function of the request body giving the text."""
        self._steps.extend(contents)

    def reply_message(self, *messages: dict[str, Any]) -> None:
        """Queue chat answers given as whole assistant messages (for tool calls)."""
        self._steps.extend(messages)

    def fail(self, status: int, times: int = 1) -> None:
        """Queue ``times`` chat answers with this HTTP status (and an OpenAI error body)."""
        self._steps.extend([status] * times)

    def fail_embeddings(self, status: int, times: int = 1) -> None:
        self._embed_failures.extend([status] * times)

    def _next(self) -> Step:
        if not self._steps:
            return "I do not know."
        return self._steps.pop(0) if len(self._steps) > 1 else self._steps[0]

    def _chat(self, request: Request) -> Response:
        body = json.loads(request.body)
        self.chats.append(body)
        step = self._next()
        if isinstance(step, int):
            return _error(step)
        if isinstance(step, dict):
            message, finish = step, ("tool_calls" if step.get("tool_calls") else "stop")
        else:
            message, finish = {"role": "assistant", "content": step(body) if callable(step) else step}, "stop"
        return _json(
            {
                "id": f"chatcmpl-{len(self.chats)}",
                "object": "chat.completion",
                "created": 1_700_000_000,
                "model": body.get("model", "fake"),
                "choices": [{"index": 0, "message": message, "finish_reason": finish}],
                "usage": {"prompt_tokens": 10, "completion_tokens": 10, "total_tokens": 20},
            },
            delay_s=self.delay_s,
        )

    def _embeddings(self, request: Request) -> Response:
        body = json.loads(request.body)
        self.embedding_calls.append(body)
        if self._embed_failures:
            return _error(self._embed_failures.pop(0))
        texts = body["input"] if isinstance(body["input"], list) else [body["input"]]
        vectors = self._embedder.embed(texts)
        data = [
            {"object": "embedding", "index": i, "embedding": [float(x) for x in row]}
            for i, row in enumerate(vectors)
        ]
        return _json({"object": "list", "data": data, "model": body.get("model", "fake"), "usage": {}})


def _json(data: Any, status: int = 200, delay_s: float = 0.0) -> Response:
    return Response(
        status=status,
        body=json.dumps(data).encode(),
        headers={"Content-Type": "application/json"},
        delay_s=delay_s,
    )


def _error(status: int) -> Response:
    return _json(
        {"error": {"message": f"fake failure {status}", "type": "server_error", "code": None}}, status
    )
