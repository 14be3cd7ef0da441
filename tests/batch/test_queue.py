"""Scale-out on one machine: a real redis-server, two real worker processes (one killed midway), and the
coordinator as a real ``weblens batch --queue`` process."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.batch.support import ARTICLE, Farm, farm, inputs_of, read_lines
from tests.support.services import redis_server
from weblens.batch.queue import QueueOptions

pytestmark = pytest.mark.redis


@pytest.fixture(scope="module")
def redis_url() -> Iterator[str]:
    with redis_server() as url:
        yield url


def _env(**extra: str) -> dict[str, str]:
    return {
        **os.environ,
        "WEBLENS_TIMEOUT_S": "10",
        "WEBLENS_FETCH_RETRIES": "0",
        "WEBLENS_CACHE": "none",
        "WEBLENS_BATCH_JOB_TIMEOUT_S": "5",  # a killed worker's jobs come back after 15.5 s
        **extra,
    }


def _weblens(*args: str, env: dict[str, str], capture: bool = False) -> subprocess.Popen[bytes]:
    out = subprocess.PIPE if capture else subprocess.DEVNULL
    return subprocess.Popen(
        [sys.executable, "-m", "weblens", *args], env=env, stdout=out, stderr=subprocess.DEVNULL
    )


def _kill_while_reading(worker: subprocess.Popen[bytes], agent: str, sites: Farm) -> tuple[int, str]:
    """SIGKILL ``worker`` just after one of its page requests reached a server (the server holds each
    answer 0.4 s, so the page is mid-job); returns that (port, target)."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        with sites.lock:
            recent = [a for a in sites.agents[-8:] if a[3].endswith(agent) and a[2].startswith("/p?")]
            enough = len(sites.agents) >= 20
        if enough and recent and time.monotonic() - recent[-1][0] < 0.2:
            worker.send_signal(signal.SIGKILL)
            worker.wait(timeout=10)
            return recent[-1][1], recent[-1][2]
        time.sleep(0.01)
    raise AssertionError("the worker never got to read a page")


def test_the_default_redelivery_is_within_a_minute() -> None:
    assert QueueOptions(url="redis://x").redelivery_s < 60


def test_two_workers_one_killed_midway(tmp_path: Path, redis_url: str) -> None:
    with farm(3, delay_s=0.4) as sites:
        urls = sites.urls(30)
        source = tmp_path / "urls.txt"
        source.write_text("\n".join([*urls, urls[0], '{"url": []}']) + "\n")
        out = tmp_path / "out.jsonl"
        env = _env(
            WEBLENS_ALLOW_HOSTS=",".join(sites.allow),
            WEBLENS_PER_DOMAIN_RATE_LIMIT="10/second",
            WEBLENS_PER_DOMAIN_BURST="3",
        )
        workers = [
            _weblens(
                "worker", "--queue", redis_url, "--concurrency", "4", env={**env, "WEBLENS_USER_AGENT": agent}
            )
            for agent in ("weblens/0.1 worker-a", "weblens/0.1 worker-b")
        ]
        try:
            coordinator = _weblens(
                "batch", str(source), "--out", str(out), "--queue", redis_url, env=env, capture=True
            )
            victim = _kill_while_reading(workers[0], "worker-a", sites)
            stdout, _ = coordinator.communicate(timeout=120)
        finally:
            for worker in workers:
                worker.send_signal(signal.SIGTERM)
                worker.wait(timeout=30)
        counts = sites.requested()
        lines = read_lines(out)
        stamps = {port: sorted(t for t, _ in arrivals) for port, arrivals in sites.arrivals.items()}
    assert coordinator.returncode == 0, stdout
    assert workers[1].returncode == 0  # SIGTERM is a clean stop
    assert len(lines) == len(urls) + 1  # one line per key: the repeated URL once, the bad line once
    assert len({line["key"] for line in lines}) == len(lines)
    assert set(inputs_of(lines)) >= set(urls)
    failed = [line for line in lines if "error" in line and "/p?" in str(line["input"])]
    assert sum(1 for line in lines if "page" in line) == 90, failed
    # the page the killed worker was reading was read again, by the other one
    assert counts[victim] == 2
    assert [agent for _, port, target, agent in sites.agents if (port, target) == victim][-1].endswith(
        "worker-b"
    )
    # the per-site limit held across both workers, measured at each server
    for arrivals in stamps.values():
        worst = max(sum(1 for t in arrivals[i:] if t <= start + 1.0) for i, start in enumerate(arrivals))
        assert worst <= 3 + 10 + 2


async def test_a_coordinator_that_loses_redis_says_how_to_go_on(tmp_path: Path) -> None:
    from weblens.batch.plan import BatchOptions
    from weblens.batch.queue import run_queued
    from weblens.config import Settings
    from weblens.errors import NotConfigured

    source = tmp_path / "urls.txt"
    source.write_text("http://a.test/\nhttp://b.test/\n")
    with redis_server() as url:
        task = asyncio.create_task(
            run_queued(Settings(), QueueOptions(url=url), source, tmp_path / "out.jsonl", BatchOptions())
        )
        await asyncio.sleep(1.0)  # enqueued; no worker takes the jobs
        assert not task.done()
    with pytest.raises(NotConfigured, match="--resume"):
        await asyncio.wait_for(task, 30)


async def _until_queued(redis: Any, name: str) -> None:
    for _ in range(600):
        if await redis.zcard(name):
            return
        await asyncio.sleep(0.05)
    raise AssertionError("nothing was enqueued")


async def test_a_job_that_left_the_queue_without_a_line_is_enqueued_again_then_given_up(
    tmp_path: Path, redis_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from redis import asyncio as aioredis

    from weblens.batch import queue as batch_queue
    from weblens.batch.plan import BatchOptions
    from weblens.config import Settings

    monkeypatch.setattr(batch_queue, "STALL_CHECK_S", 1.0)
    monkeypatch.setattr(batch_queue, "MAX_LOST", 1)
    source = tmp_path / "urls.txt"
    source.write_text("http://lost.test/\n")
    out = tmp_path / "out.jsonl"
    name = f"test-lost-{os.getpid()}"
    options = QueueOptions(url=redis_url, queue_name=name)
    task = asyncio.create_task(batch_queue.run_queued(Settings(), options, source, out, BatchOptions()))
    redis = aioredis.Redis.from_url(redis_url)
    try:
        for _ in range(2):  # arq "gives up" on the job twice: no worker ever writes its line
            await _until_queued(redis, name)
            await redis.delete(name, *[key async for key in redis.scan_iter("arq:job:*")])
        await asyncio.wait_for(task, 30)
    finally:
        await redis.aclose()
    (line,) = read_lines(out)
    assert line["error"]["code"] == "internal_error"  # type: ignore[index]
    assert "lost" in line["error"]["message"]  # type: ignore[index]


async def test_a_job_cut_by_its_budget_is_read_again_then_given_up(redis_url: str) -> None:
    from arq.worker import Retry
    from redis import asyncio as aioredis

    from tests.support.servers import LoopbackServer, Request, Response
    from weblens.batch.queue import BUDGET_RETRIES, read_page, stream_key
    from weblens.config import Settings
    from weblens.session import Lens

    hits: list[str] = []

    def slow_first(request: Request) -> Response:  # a loaded moment: the first reading is late
        hits.append(request.target)
        return Response(body=ARTICLE, delay_s=2.0 if len(hits) == 1 else 0.0)

    run = f"test-budget-{os.getpid()}"
    redis = aioredis.Redis.from_url(redis_url)
    try:
        with LoopbackServer() as server:
            server.route("/p", slow_first)
            server.route("/slow", lambda _request: Response(body=ARTICLE, delay_s=2.0))
            settings = Settings(allow_hosts=[server.allow_entry], cache="none")  # type: ignore[arg-type]
            async with Lens(settings) as lens:
                ctx = {"lens": lens, "budget_s": 0.8, "redis": redis}
                late = {"url": server.url("/p")}
                with pytest.raises(Retry):
                    await read_page(ctx, run, "late", late["url"], late)
                await read_page(ctx, run, "late", late["url"], late)  # in time the second time
                slow = {"url": server.url("/slow")}
                for _ in range(BUDGET_RETRIES):
                    with pytest.raises(Retry):
                        await read_page(ctx, run, "slow", slow["url"], slow)
                await read_page(ctx, run, "slow", slow["url"], slow)  # the retries are spent: its line
        entries = await redis.xrange(stream_key(run))
        lines = {fields[b"key"]: json.loads(fields[b"line"]) for _, fields in entries}
        assert set(lines) == {b"late", b"slow"}
        assert "page" in lines[b"late"]
        assert lines[b"slow"]["error"]["code"] == "fetch_timeout"
    finally:
        await redis.delete(stream_key(run), *[key async for key in redis.scan_iter(f"weblens:batch:{run}:*")])
        await redis.aclose()
