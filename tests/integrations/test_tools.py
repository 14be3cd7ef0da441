"""weblens.tools and `weblens tools`: definitions for function calling, and one call, against loopback."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from typing import Any

import pytest
from openai import OpenAI

from tests.integrations.conftest import Web
from tests.support.fake_openai import FakeOpenAI
from weblens import Lens, tools
from weblens.errors import InvalidArgument
from weblens.models import GatherResponse, PageExtract
from weblens.operations import OPERATIONS


def test_the_definitions_are_every_operation_but_the_session_ones_unless_asked() -> None:
    openai = tools.definitions("openai")
    anthropic = tools.definitions("anthropic")
    plain = [name for name in OPERATIONS if not name.startswith("session_")]
    assert [d["function"]["name"] for d in openai] == plain
    assert [d["name"] for d in anthropic] == plain
    assert [d["name"] for d in tools.definitions("anthropic", sessions=True)] == list(OPERATIONS)
    browse = next(d for d in anthropic if d["name"] == "browse")
    assert browse["description"] == OPERATIONS["browse"].summary
    assert browse["input_schema"]["required"] == ["url"]
    assert openai[1] == {
        "type": "function",
        "function": {
            "name": "browse",
            "description": browse["description"],
            "parameters": browse["input_schema"],
        },
    }
    text = json.dumps(openai)
    assert "$ref" not in text and "$defs" not in text  # self-contained: any function-calling API takes it
    assert browse["input_schema"]["properties"]["render"]["anyOf"][0]["enum"] == ["auto", "always", "never"]
    with pytest.raises(InvalidArgument):
        tools.definitions("gemini")


def test_cli_prints_the_same_definitions() -> None:
    for fmt in ("openai", "anthropic"):
        proc = subprocess.run(
            [sys.executable, "-m", "weblens", "tools", "--format", fmt],
            capture_output=True,
            text=True,
            check=False,
            env={k: v for k, v in os.environ.items() if not k.startswith("WEBLENS_")},
        )
        assert proc.returncode == 0, proc.stderr
        assert json.loads(proc.stdout) == tools.definitions(fmt)
    bad = subprocess.run(
        [sys.executable, "-m", "weblens", "tools", "--format", "gemini"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert bad.returncode == 2 and json.loads(bad.stdout)["error"]["code"] == "invalid_argument"


def test_call_runs_one_operation_and_answers_its_result_as_json(web: Web) -> None:
    settings = web.settings(embedder="none")
    page = PageExtract.model_validate_json(
        tools.call("browse", {"url": web.server.url("/tide")}, settings=settings)
    )
    assert page.title == "Tide pools of the rocky shore" and "ochre sea star" in page.text
    found = tools.call("gather", '{"query": "ochre sea star", "read": 2}', settings=settings)  # JSON text too
    gathered = GatherResponse.model_validate_json(found)
    assert [p.final_url for p in gathered.gathered_pages] == [
        web.server.url("/bread"),
        web.server.url("/tide"),
    ]


@pytest.mark.parametrize(
    ("name", "arguments", "code", "needle"),
    [
        ("fly", {}, "invalid_argument", "no tool 'fly'"),
        ("browse", "{not json", "invalid_argument", "not valid JSON"),
        ("browse", [1, 2], "invalid_argument", "must be a JSON object"),
        (
            "browse",
            {"url": "https://example.org/", "colour": "red"},
            "invalid_argument",
            "colour: unknown field",
        ),
        ("gather", {"query": "q", "read": 21}, "invalid_argument", "read:"),
        ("browse", {"url": "http://169.254.169.254/latest/meta-data/"}, "ssrf_blocked", ""),
        ("session_click", {"session_id": "s", "index": 1}, "invalid_argument", "acall(..., lens=lens)"),
    ],
)
def test_a_bad_call_answers_the_error_object_never_raises(
    name: str, arguments: Any, code: str, needle: str
) -> None:
    answer = json.loads(tools.call(name, arguments))
    assert answer["error"]["code"] == code
    assert needle in answer["error"]["message"]


async def test_acall_runs_on_the_lens_it_is_given(web: Web) -> None:
    async with Lens(web.settings(embedder="none")) as lens:
        first = await tools.acall("browse", {"url": web.server.url("/tide")}, lens=lens)
        second = await tools.acall("browse", {"url": web.server.url("/tide")}, lens=lens)
    pages = [PageExtract.model_validate_json(r) for r in (first, second)]
    assert [p.from_cache for p in pages] == [False, True]  # one Lens across calls: its cache answered
    assert len([r for r in web.server.requests if r.path == "/tide"]) == 1


def test_call_from_inside_a_running_loop_runs_beside_it(web: Web) -> None:
    settings = web.settings(embedder="none")

    async def inside() -> str:
        return tools.call("browse", {"url": web.server.url("/scarf")}, settings=settings)

    page = PageExtract.model_validate_json(asyncio.run(inside()))  # works from a notebook's loop too
    assert page.title == "Knitting your first scarf"


def test_an_agent_loop_with_the_openai_client_and_a_few_lines(web: Web) -> None:
    """The loop an agent builder writes: give the model the definitions, run the tool it calls,
    hand back the result. The model is a fake OpenAI-compatible server on loopback (its real wire
    format), the page a loopback page."""
    with FakeOpenAI() as llm:
        arguments = json.dumps({"url": web.server.url("/tide"), "max_length": 400})
        call = {"id": "call_1", "type": "function", "function": {"name": "browse", "arguments": arguments}}
        llm.reply_message({"role": "assistant", "content": None, "tool_calls": [call]})
        llm.reply("The ochre sea star keeps mussels in check.")
        messages: list[Any] = [{"role": "user", "content": "What keeps mussels in check?"}]
        with OpenAI(base_url=llm.base_url, api_key="test") as client:
            while True:  # --- the few lines ---
                reply = client.chat.completions.create(
                    model="m", messages=messages, tools=tools.definitions("openai")
                )
                message = reply.choices[0].message
                if not message.tool_calls:
                    break
                messages.append(message.model_dump(exclude_none=True))
                for tool_call in message.tool_calls:
                    name, arguments = tool_call.function.name, tool_call.function.arguments
                    result = tools.call(name, arguments, settings=web.settings())
                    messages.append({"role": "tool", "tool_call_id": tool_call.id, "content": result})
        assert message.content == "The ochre sea star keeps mussels in check."
        first, second = llm.chats
    assert [t["function"]["name"] for t in first["tools"]] == [
        d["function"]["name"] for d in tools.definitions()
    ]
    handed_back = PageExtract.model_validate_json(second["messages"][-1]["content"])
    assert handed_back.title == "Tide pools of the rocky shore" and len(handed_back.text) <= 400
