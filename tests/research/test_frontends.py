"""answer through every frontend: the CLI (with its progress display), HTTP (JSON and server-sent
events) and MCP; `weblens search --passages`."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any

import httpx

from tests.research.conftest import BAKING, KNITTING, TIDE, Web
from tests.support.fake_providers import PATHS
from weblens import Lens
from weblens.models import Answer, GatherResponse
from weblens.research.embed import FakeEmbedder
from weblens.server.http import create_app
from weblens.server.mcp import LensHolder, build_mcp_server

QUESTION = "Which predator keeps mussels from taking over the rocky shore?"


def _site(web: Web) -> None:
    web.page("/tide", TIDE)
    web.page("/bread", BAKING)
    web.page("/scarf", KNITTING)
    web.results("/bread", "/tide", "/scarf")


def _cli(web: Web, *args: str) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "WEBLENS_PROVIDERS": "brave",
        "WEBLENS_BRAVE_API_KEY": "k",
        "WEBLENS_BRAVE_ENDPOINT": web.server.url(PATHS["brave"]),
        "WEBLENS_ALLOW_HOSTS": web.server.allow_entry,
        "WEBLENS_RENDER": "never",
        "WEBLENS_EMBEDDER": "none",
        "WEBLENS_CACHE_DIR": str(web.tmp_path / "cli-cache"),
    }
    return subprocess.run(
        [sys.executable, "-m", "weblens", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )


def test_cli_answer_prints_a_cited_answer_and_progress_on_stderr(web: Web) -> None:
    _site(web)
    proc = _cli(web, "answer", QUESTION, "--top-k", "3", "--format", "json")
    assert proc.returncode == 0, proc.stderr
    answer = Answer.model_validate_json(proc.stdout)
    assert answer.citations and all(c.verified for c in answer.citations)
    assert len(answer.passages) == 3
    for stage in ("query:", "search:", "read:", "rank:", "answer:", "verify:"):
        assert stage in proc.stderr
    markdown = _cli(web, "answer", QUESTION, "--format", "markdown")
    assert markdown.returncode == 0, markdown.stderr
    out = markdown.stdout
    assert "## Sources" in out and f"[2] [Tide pools of the rocky shore]({web.server.url('/tide')})" in out
    assert "    > " in out  # the verified quote under its source


def test_cli_answer_rejects_a_bad_ranker_as_invalid_argument(web: Web) -> None:
    proc = _cli(web, "answer", QUESTION, "--ranker", "magic")
    assert proc.returncode == 2
    assert json.loads(proc.stdout)["error"]["code"] == "invalid_argument"


def test_cli_search_prints_ranked_passages(web: Web) -> None:
    _site(web)
    proc = _cli(web, "search", "ochre sea star mussels", "--read", "3", "--passages", "2")
    assert proc.returncode == 0, proc.stderr
    found = GatherResponse.model_validate_json(proc.stdout)
    assert len(found.passages) == 2 and found.passages[0].url == web.server.url("/tide")
    text = _cli(web, "search", "ochre sea star mussels", "--read", "3", "--passages", "2", "-f", "text")
    assert text.stdout.startswith(f"1. {web.server.url('/tide')} [")


async def _http(web: Web, body: dict[str, Any], headers: dict[str, str] | None = None) -> httpx.Response:
    async with Lens(web.settings(), embedder=FakeEmbedder()) as lens:
        app = create_app(web.settings(), lens=lens)
        transport = httpx.ASGITransport(app=app, client=("127.0.0.1", 5000))
        async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as client:
            return await client.post("/v1/answer", json=body, headers=headers or {})


async def test_http_answer_json(web: Web) -> None:
    _site(web)
    response = await _http(web, {"question": QUESTION, "top_k": 2})
    assert response.status_code == 200
    answer = Answer.model_validate(response.json())
    assert answer.citations[0].verified and len(answer.passages) == 2


async def test_http_answer_streams_progress_then_the_answer(web: Web) -> None:
    _site(web)
    response = await _http(web, {"question": QUESTION}, {"Accept": "text/event-stream"})
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/event-stream")
    events = [block.split("\n", 1) for block in response.text.strip().split("\n\n")]
    names = [head.removeprefix("event: ") for head, _ in events]
    assert names[-1] == "answer" and set(names[:-1]) == {"progress"}
    stages = [json.loads(data.removeprefix("data: "))["stage"] for head, data in events[:-1]]
    assert stages[0] == "query" and stages[-1] == "verify"
    assert Answer.model_validate_json(events[-1][1].removeprefix("data: ")).citations


async def test_http_answer_stream_reports_an_error_event(web: Web) -> None:
    response = await _http(
        web.__class__(web.server, web.tmp_path), {"question": QUESTION}, {"Accept": "text/event-stream"}
    )  # no search results route: the provider fails
    head, data = response.text.strip().split("\n\n")[-1].split("\n", 1)
    assert head == "event: error"
    assert json.loads(data.removeprefix("data: "))["error"]["code"] == "provider_error"


async def test_http_answer_bad_body_is_a_plain_json_error(web: Web) -> None:
    response = await _http(web, {"question": ""}, {"Accept": "text/event-stream"})
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "invalid_argument"


async def test_mcp_answer_tool(web: Web) -> None:
    _site(web)
    async with LensHolder(web.settings(embedder="none")) as holder:
        server = build_mcp_server(holder)
        tools = {tool.name: tool for tool in await server.list_tools()}
        assert {"answer", "respond"} <= set(tools)
        assert tools["answer"].input_schema["properties"]["top_k"]["default"] == 5
        result = await server.call_tool("answer", {"question": QUESTION})
    text = result.content[0].text if hasattr(result, "content") else str(result)
    assert "## Sources" in text and "[2]" in text
