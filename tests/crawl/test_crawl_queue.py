"""A crawl over the queue: a real redis-server, two real workers (one SIGKILLed midway), the
coordinator a real ``weblens crawl --queue`` process; still one line per URL, every page read."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.crawl.bigsite import generated_site, requested_pages
from tests.support.servers import LoopbackServer
from tests.support.services import redis_server

pytestmark = pytest.mark.redis


@pytest.fixture(scope="module")
def redis_url() -> Iterator[str]:
    with redis_server() as url:
        yield url


def _env(allow: str) -> dict[str, str]:
    return {
        **os.environ,
        "WEBLENS_CACHE": "none",
        "WEBLENS_RENDER": "never",
        "WEBLENS_CRAWL_RATE_LIMIT": "off",
        "WEBLENS_ALLOW_HOSTS": allow,
        "WEBLENS_BATCH_JOB_TIMEOUT_S": "5",  # a killed worker's jobs come back after 15 s
    }


def _weblens(*args: str, env: dict[str, str], capture: bool = False) -> subprocess.Popen[bytes]:
    out = subprocess.PIPE if capture else subprocess.DEVNULL
    return subprocess.Popen(
        [sys.executable, "-m", "weblens", *args], env=env, stdout=out, stderr=subprocess.DEVNULL
    )


def _kill_while_reading(
    worker: subprocess.Popen[bytes], agent: str, server: LoopbackServer, *, after: int
) -> None:
    """SIGKILL ``worker`` just after one of its page requests reached the site (which holds each answer
    0.15 s, so that page is mid-job), once ``after`` pages were asked for."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        requests = list(server.requests)
        mine = [r for r in requests[-6:] if r.headers.get("user-agent") == agent and r.path.startswith("/p/")]
        if len(requests) >= after and mine:
            worker.send_signal(signal.SIGKILL)
            worker.wait(timeout=10)
            return
        time.sleep(0.005)
    raise AssertionError("the worker never got to read a page")


def test_two_workers_one_killed(tmp_path: Path, redis_url: str) -> None:
    total = 60
    with generated_site(total, delay_s=0.15) as server:
        env = _env(server.allow_entry)
        workers = [
            _weblens(
                "worker", "--queue", redis_url, "--concurrency", "3", env={**env, "WEBLENS_USER_AGENT": agent}
            )
            for agent in ("worker-one", "worker-two")
        ]
        out = tmp_path / "out.jsonl"
        try:
            coordinator = _weblens(
                "crawl", server.url("/p/0.html"), "--out", str(out), "--queue", redis_url,
                "--concurrency", "6", "--no-sitemaps", env=env, capture=True,
            )  # fmt: skip
            _kill_while_reading(workers[0], "worker-one", server, after=15)
            stdout, _ = coordinator.communicate(timeout=180)
        finally:
            for worker in workers:
                if worker.poll() is None:
                    worker.send_signal(signal.SIGTERM)
                    worker.wait(timeout=30)
        asked = requested_pages(server)
    assert coordinator.returncode == 0
    summary = json.loads(stdout)
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    urls = [line["url"] for line in lines]
    assert len(urls) == len(set(urls)) == total  # every page once, though a worker died
    assert all("page" in line for line in lines)
    assert summary["counts"]["pages"] == total and summary["stopped"] == "done"
    assert sum(asked.values()) <= total + 3 * 2  # at most the killed worker's jobs are read twice
