"""Crawls over HTTP (jobs: start, page through lines, stream events, cancel) and map, on real uvicorn."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import httpx

from tests.crawl.site import site
from tests.support.asgi import serving
from weblens.config import Settings
from weblens.server.http import create_app


def _settings(allow: str, tmp_path: Path, **extra: Any) -> Settings:
    return Settings(
        allow_hosts=[allow],
        cache_dir=tmp_path / "cache",
        cache="none",
        crawl_rate_limit="off",
        render="never",
        **extra,
    )


def _wait_done(api: str, job: str, **headers: str) -> dict[str, Any]:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        body: dict[str, Any] = httpx.get(f"{api}/v1/crawl/{job}", headers=headers).json()
        if body["status"] != "running":
            return body
        time.sleep(0.1)
    raise AssertionError("the crawl did not end")


def test_a_crawl_job_from_start_to_lines(tmp_path: Path) -> None:
    with site() as s, serving(create_app(_settings(s.allow, tmp_path))) as api:
        started = httpx.post(
            f"{api}/v1/crawl", json={"url": s.url("/docs/index.html"), "exclude": ["/docs/cal*"]}
        )
        assert started.status_code == 202
        job = started.json()["id"]
        done = _wait_done(api, job)
        assert done["status"] == "done" and done["summary"]["stopped"] == "done"
        total = done["total_lines"]
        assert (
            total
            == done["summary"]["counts"]["pages"]
            + done["summary"]["counts"]["duplicates"]
            + done["summary"]["counts"]["errors"]
        )
        first = httpx.get(f"{api}/v1/crawl/{job}", params={"offset": 0, "limit": 3}).json()
        rest = httpx.get(
            f"{api}/v1/crawl/{job}", params={"offset": first["next_offset"], "limit": 1000}
        ).json()
        lines = first["lines"] + rest["lines"]
        assert len(lines) == total and lines[0]["url"] == s.url("/docs/index.html") and "page" in lines[0]
        assert len({line["url"] for line in lines}) == total
        download = httpx.get(f"{api}/v1/crawl/{job}/lines")
        assert download.headers["content-type"].startswith("application/x-ndjson")
        assert [json.loads(x)["url"] for x in download.text.splitlines()] == [line["url"] for line in lines]
        replay = httpx.get(f"{api}/v1/crawl/{job}", headers={"Accept": "text/event-stream"}).text
        assert replay.count("event: line") == total and "event: crawl" in replay


def test_a_crawl_streamed_as_events(tmp_path: Path) -> None:
    with (
        site() as s,
        serving(create_app(_settings(s.allow, tmp_path))) as api,
        httpx.stream(
            "POST",
            f"{api}/v1/crawl",
            json={"url": s.url("/docs/b.html"), "sitemaps": False, "max_pages": 2},
            headers={"Accept": "text/event-stream"},
            timeout=60,
        ) as response,
    ):
        text = "".join(response.iter_text())
    events = [block.split("\n", 1) for block in text.strip().split("\n\n")]
    names = [head.removeprefix("event: ") for head, _ in events]
    assert names.count("line") == 2 and names[-1] == "crawl"
    first_line = json.loads(events[names.index("line")][1].removeprefix("data: "))
    assert first_line["status"] == "page" and first_line["title"] == "B"


def test_job_errors_cancel_and_ownership(tmp_path: Path) -> None:
    with site() as s:
        s.server.route("/docs/hang.html", _hanging(), raw=True)
        app = create_app(_settings(s.allow, tmp_path, api_keys=["alice", "bob"]))
        with serving(app) as api:
            alice, bob = {"Authorization": "Bearer alice"}, {"Authorization": "Bearer bob"}
            bad = httpx.post(f"{api}/v1/crawl", json={"url": "ftp://x"}, headers=alice)
            assert bad.status_code == 400 and bad.json()["error"]["code"] == "invalid_argument"
            blocked = httpx.post(f"{api}/v1/crawl", json={"url": "http://10.1.2.3/"}, headers=alice)
            assert blocked.status_code == 403 and blocked.json()["error"]["code"] == "ssrf_blocked"
            missing = httpx.post(f"{api}/v1/crawl", json={"url": s.url("/docs/missing.html")}, headers=alice)
            job = missing.json()["id"]  # the start page itself is read in the job: it fails there
            failed = _wait_done(api, job, **alice)
            assert failed["status"] == "failed" and failed["error"]["code"] == "http_error"
            assert failed["total_lines"] == 0
            assert httpx.get(f"{api}/v1/crawl/{job}", headers=bob).status_code == 404  # not bob's
            slow = httpx.post(
                f"{api}/v1/crawl", json={"url": s.url("/docs/hang.html")}, headers=alice
            ).json()["id"]
            cancelled = httpx.delete(f"{api}/v1/crawl/{slow}", headers=alice)
            assert cancelled.status_code == 200 and cancelled.json()["status"] == "cancelled"
            assert httpx.get(f"{api}/v1/crawl/nope", headers=alice).json()["error"]["code"] == "not_found"
            assert httpx.get(f"{api}/v1/crawl/{slow}?offset=x", headers=alice).status_code == 400


def _hanging() -> Any:
    import asyncio

    from tests.support.servers import Request

    async def hang(_request: Request, _writer: asyncio.StreamWriter) -> None:
        await asyncio.sleep(3600)

    return hang


def test_map_over_http(tmp_path: Path) -> None:
    with site() as s, serving(create_app(_settings(s.allow, tmp_path))) as api:
        found = httpx.post(
            f"{api}/v1/map", json={"url": s.url("/docs/index.html"), "search": "listed sitemap"}
        )
    body = found.json()
    urls = [item["url"] for item in body["urls"]]
    assert s.url("/docs/from-sitemap.html") in urls and s.url("/outside/page.html") in urls
    assert all(item["source"] == "sitemap" for item in body["urls"])
