"""Reading more than five pages: answer, gather over HTTP (server-sent events) and the CLI stream
each page as it arrives; the read cap (MAX_READ) is one number for every operation and frontend."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest

from tests.research.conftest import BAKING, KNITTING, TIDE, Web
from tests.support.fake_providers import PATHS
from weblens import Lens
from weblens.errors import InvalidArgument
from weblens.models import GatherResponse, PageEvent, ProgressEvent
from weblens.requests import MAX_READ, AnswerRequest, GatherRequest, RespondRequest, SearchRequest
from weblens.server.http import create_app

QUESTION = "Which predator keeps mussels from taking over the rocky shore?"


def _shore(web: Web, count: int) -> list[str]:
    """``count`` pages titled "Shore notes, part i": the tide-pool article at the middle one, bread
    and knitting pages around it."""
    paths = [f"/shore{i}" for i in range(count)]
    for i, path in enumerate(paths):
        html, title = (
            (TIDE, "Tide pools of the rocky shore")
            if i == count // 2
            else (BAKING, "Baking sourdough bread at home")
            if i % 2
            else (KNITTING, "Knitting your first scarf")
        )
        web.page(path, html.replace(title, f"Shore notes, part {i}"))
    web.results(*paths)
    return paths


def _brave_counts(web: Web) -> list[int]:
    return [
        int(parse_qs(urlsplit(r.target).query)["count"][0])
        for r in web.server.requests
        if r.path == PATHS["brave"]
    ]


def test_every_operation_that_reads_takes_the_same_cap() -> None:
    for model, field in ((GatherRequest, "read"), (AnswerRequest, "read"), (RespondRequest, "read")):
        limits = [getattr(m, "le", None) for m in model.model_fields[field].metadata]
        assert MAX_READ in limits, model
    for model in (SearchRequest, AnswerRequest):
        limits = [getattr(m, "le", None) for m in model.model_fields["max_results"].metadata]
        assert MAX_READ in limits, model
    assert RespondRequest.build(None, messages="hi", read=MAX_READ).read == MAX_READ
    with pytest.raises(InvalidArgument) as caught:
        AnswerRequest.build(QUESTION, read=MAX_READ + 1)
    assert caught.value.field == "read"


async def test_answer_reads_twelve_pages_and_reports_each_as_it_arrives(web: Web) -> None:
    paths = _shore(web, 12)
    steps: list[ProgressEvent] = []
    async with Lens(web.settings(embedder="none")) as lens:
        answer = await lens.answer(QUESTION, read=12, on_progress=steps.append)
    assert len(answer.sources) == 12 and not answer.expanded
    assert {s.final_url for s in answer.sources} == {web.server.url(p) for p in paths}
    assert _brave_counts(web)[-1] >= 12  # the engine was asked for enough results to read 12
    reads = [s for s in steps if s.stage == "read"]
    assert [s.done for s in reads] == [0, *range(1, 13), 12]
    assert all(s.total == 12 for s in reads)
    assert sum(s.message.startswith("Read Shore notes") for s in reads) == 12
    assert answer.citations and all(c.verified for c in answer.citations)


async def _gather_http(web: Web, body: dict[str, Any], headers: dict[str, str]) -> httpx.Response:
    async with Lens(web.settings(embedder="none")) as lens:
        app = create_app(web.settings(), lens=lens)
        transport = httpx.ASGITransport(app=app, client=("127.0.0.1", 5000))
        async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as client:
            return await client.post("/v1/gather", json=body, headers=headers)


def _events(response: httpx.Response) -> list[tuple[str, Any]]:
    out = []
    for block in response.text.strip().split("\n\n"):
        head, data = block.split("\n", 1)
        out.append((head.removeprefix("event: "), json.loads(data.removeprefix("data: "))))
    return out


async def test_http_gather_streams_pages_then_the_whole_response(web: Web) -> None:
    paths = _shore(web, 8)
    web.page("/shore3", "gone", status=404)
    response = await _gather_http(
        web, {"query": "ochre sea star", "read": 8}, {"Accept": "text/event-stream"}
    )
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/event-stream")
    events = _events(response)
    names = [name for name, _ in events]
    assert names[-1] == "gather" and set(names[:-1]) == {"progress", "page"}
    pages = [PageEvent.model_validate(data) for name, data in events if name == "page"]
    assert sorted(e.rank for e in pages) == list(range(1, 9))
    assert [e.done for e in pages] == list(range(1, 9))
    failed = [e for e in pages if e.failure is not None]
    assert [(e.url, e.failure.code) for e in failed if e.failure] == [
        (web.server.url(paths[3]), "http_error")
    ]
    final = GatherResponse.model_validate(events[-1][1])
    assert len(final.gathered_pages) == 7 and [f.code for f in final.failures] == ["http_error"]
    streamed = {e.page.final_url: e.page for e in pages if e.page is not None}
    assert all(streamed[p.final_url] == p for p in final.gathered_pages if p.final_url)
    plain = await _gather_http(web, {"query": "ochre sea star", "read": 8}, {})
    assert plain.headers["content-type"].startswith("application/json")
    plain_pages = GatherResponse.model_validate(plain.json()).gathered_pages
    assert [(p.final_url, p.text) for p in plain_pages] == [
        (p.final_url, p.text) for p in final.gathered_pages
    ]


async def test_http_gather_stream_refuses_a_read_over_the_cap_as_plain_json(web: Web) -> None:
    response = await _gather_http(
        web, {"query": "ochre sea star", "read": MAX_READ + 1}, {"Accept": "text/event-stream"}
    )
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "invalid_argument"
    assert response.json()["error"]["message"].startswith("read:")


def test_cli_search_read_shows_each_page_on_stderr(web: Web) -> None:
    _shore(web, 7)
    env = {
        **os.environ,
        "WEBLENS_PROVIDERS": "brave",
        "WEBLENS_BRAVE_API_KEY": "k",
        "WEBLENS_BRAVE_ENDPOINT": web.server.url(PATHS["brave"]),
        "WEBLENS_ALLOW_HOSTS": web.server.allow_entry,
        "WEBLENS_RENDER": "never",
        "WEBLENS_PER_DOMAIN_RATE_LIMIT": "off",
        "WEBLENS_CACHE_DIR": str(web.tmp_path / "cli-cache"),
    }
    proc = subprocess.run(
        [sys.executable, "-m", "weblens", "search", "ochre sea star", "--read", "7"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    found = GatherResponse.model_validate_json(proc.stdout)
    assert len(found.gathered_pages) == 7
    lines = [line for line in proc.stderr.splitlines() if line.startswith("read: Read Shore notes")]
    assert len(lines) == 7  # one line per page as it arrives (stderr is not a terminal here)
    assert "search: Searching for: ochre sea star" in proc.stderr
