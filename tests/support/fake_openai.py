"""A fake OpenAI-compatible server on loopback: chat completions and embeddings, real wire format.

    with FakeOpenAI() as llm:
        llm.reply("Paris is the capital [1].")           # next chat answer (queued; the last repeats)
        llm.fail(500)                                     # next chat call answers HTTP 500
        llm.reply_message({"role": "assistant", "content": None, "tool_calls": [...]})  # a whole message
        settings = Settings(llm_base_url=llm.base_url, llm_model="fake-model")
        llm.chats                                         # the request bodies received, as dicts

Embeddings are deterministic bag-of-words vectors (as :class:`weblens.research.embed.FakeEmbedder`).

For the data operation, ``llm.refuse_json_schema = True`` makes the server answer HTTP 400 to a
request with ``response_format`` ``json_schema`` (as endpoints without structured output do), and
:class:`DataModel` plays a model that fills a schema from the part of the page it is shown,
honestly or in one of the adversarial ways of :data:`BEHAVIOURS`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal, Self

from tests.support.servers import LoopbackServer, Request, Response
from weblens.research.embed import FakeEmbedder

__all__ = ["BEHAVIOURS", "DataModel", "Fact", "FakeOpenAI"]

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
        self.refuse_json_schema = False

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

    def answer_always(self, content: str | Callable[[dict[str, Any]], str]) -> None:
        """Answer every chat from now on with ``content`` (what was queued is dropped)."""
        self._steps[:] = [content]

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
        if self.refuse_json_schema and (body.get("response_format") or {}).get("type") == "json_schema":
            return _json(
                {
                    "error": {
                        "message": "response_format json_schema is not supported",
                        "type": "invalid_request_error",
                    }
                },
                400,
            )
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


# --- a model for the data operation -----------------------------------------------------------------
Behaviour = Literal[
    "honest", "number_as_string", "invent", "foreign_quote", "words_without_value", "no_quote"
]
BEHAVIOURS: tuple[Behaviour, ...] = (
    "honest",
    "number_as_string",
    "invent",
    "foreign_quote",
    "words_without_value",
    "no_quote",
)
"""honest: the value and the page's words; number_as_string: the same, the number written as a string;
invent: a value the page does not state, with real words of the page that do not state it;
foreign_quote: the value with words the page does not contain; words_without_value: a value the page
does not state, quoting real words near where it would be; no_quote: a value with no quote at all."""


@dataclass(frozen=True)
class Fact:
    """One value a page states: ``evidence`` is words of the page that state it (the honest quote)."""

    path: str
    value: Any
    evidence: str
    behaviour: Behaviour = "honest"
    decoy: str = ""
    """Real words of the page that do not state the value (for invent and words_without_value)."""

    @property
    def is_lie(self) -> bool:
        return self.behaviour not in ("honest", "number_as_string")


def _folded(text: str) -> str:
    return " ".join(re.sub(r"[*_`#>|\[\]()]", " ", text).casefold().split())


class DataModel:
    """A chat step answering the data operation's prompt from the part of the page in the request.

    A fact is answered only when its evidence is in the part shown ("answers only from the chunk it
    saw"); lies are told in every part that holds the evidence. Array facts (``items[0]``,
    ``items[1]``…) become one array per part, holding the items whose evidence that part shows.
    """

    def __init__(self, facts: list[Fact]) -> None:
        self.facts = facts
        self.parts_seen = 0
        self.told: set[str] = set()
        """The paths of the facts it answered (a fact no part showed whole is never answered)."""

    def __call__(self, body: dict[str, Any]) -> str:
        user = next(m["content"] for m in body["messages"] if m["role"] == "user")
        part = user.split("<page>", 1)[1].rsplit("</page>", 1)[0]
        self.parts_seen += 1
        shown = _folded(part)
        answer: dict[str, Any] = {}
        for fact in self.facts:
            if _folded(fact.evidence) not in shown:
                continue
            leaf = self._leaf(fact)
            self.told.add(fact.path)
            name, _, index = fact.path.partition("[")
            if index:
                answer.setdefault(name, []).append(leaf)
            else:
                answer[name] = leaf
        return "```json\n" + json.dumps(answer) + "\n```"

    @staticmethod
    def _leaf(fact: Fact) -> dict[str, Any]:
        if fact.behaviour == "honest":
            return {"value": fact.value, "quote": fact.evidence}
        if fact.behaviour == "number_as_string":
            return {"value": str(fact.value), "quote": fact.evidence}
        if fact.behaviour == "invent":
            return {"value": _invented(fact.value), "quote": fact.decoy or fact.evidence}
        if fact.behaviour == "foreign_quote":
            return {"value": fact.value, "quote": f"{fact.evidence} as announced by Zorblax Quintessence"}
        if fact.behaviour == "words_without_value":
            return {"value": _invented(fact.value), "quote": fact.decoy}
        return {"value": fact.value, "quote": None}


def _invented(value: Any) -> Any:
    if isinstance(value, bool):
        return not value
    if isinstance(value, int | float):
        return value * 7 + 13
    return f"Quintessa {value} Deluxe"
