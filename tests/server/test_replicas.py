"""Several server processes behave as one service through Redis; a frozen or dead Redis never stalls them."""

from __future__ import annotations

import asyncio
import socket
import threading
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path

import httpx
import pytest
from structlog.testing import capture_logs

from tests.server.support import served
from tests.support.fake_providers import PATHS, recorded_response
from tests.support.pages import page
from tests.support.servers import LoopbackServer, Response
from tests.support.services import free_port, redis_server
from weblens import Lens, Settings

pytestmark = pytest.mark.redis
HTML = {"Content-Type": "text/html; charset=utf-8"}
KEY = {"Authorization": "Bearer k"}


def test_two_replicas_share_the_search_budget_through_redis(
    server: LoopbackServer, tmp_path: Path, shared_dir: Path
) -> None:
    server.route(PATHS["duckduckgo"], recorded_response(shared_dir, "duckduckgo/html_results_1.html"))
    with redis_server() as redis_url:
        env = {
            "WEBLENS_CACHE": "redis",
            "WEBLENS_REDIS_URL": redis_url,
            "WEBLENS_MAX_SEARCHES_PER_HOUR": "3",
            "WEBLENS_API_KEYS": "k",
            "WEBLENS_PROVIDERS": "duckduckgo",
            "WEBLENS_DUCKDUCKGO_ENDPOINT": server.url(PATHS["duckduckgo"]),
        }
        with served(tmp_path / "a", env=env) as (a, _), served(tmp_path / "b", env=env) as (b, _):
            statuses = [
                httpx.post(f"{base}/v1/search", json={"query": f"question {i}"}, headers=KEY, timeout=30)
                for i, base in enumerate((a, a, b, b))
            ]
    assert [r.status_code for r in statuses] == [200, 200, 200, 429]
    assert statuses[3].json()["error"]["code"] == "budget_exceeded"
    assert int(statuses[3].headers["retry-after"]) >= 1


def test_a_replica_keeps_serving_when_redis_dies(server: LoopbackServer, tmp_path: Path) -> None:
    server.route("/article", Response(body=page("article.html"), headers=HTML))
    with ExitStack() as redis:
        redis_url = redis.enter_context(redis_server())
        env = {
            "WEBLENS_CACHE": "redis",
            "WEBLENS_REDIS_URL": redis_url,
            "WEBLENS_ALLOW_HOSTS": server.allow_entry,
        }
        with served(tmp_path, env=env) as (base, _):
            assert httpx.get(f"{base}/readyz").json()["checks"]["cache"] == "ok"
            first = httpx.post(f"{base}/v1/browse", json={"url": server.url("/article")}, timeout=30)
            assert first.status_code == 200 and first.json()["from_cache"] is False
            redis.close()  # redis-server is gone; the replica goes on
            after = httpx.post(
                f"{base}/v1/browse", json={"url": server.url("/article") + "?again"}, timeout=30
            )
            assert after.status_code == 200
            ready = httpx.get(f"{base}/readyz").json()
            assert ready["status"] == "degraded" and "unreachable" in ready["checks"]["cache"]


@pytest.fixture
def dead_redis_replica(server: LoopbackServer, tmp_path: Path) -> Iterator[str]:
    server.route("/article", Response(body=page("article.html"), headers=HTML))
    env = {
        "WEBLENS_CACHE": "redis",
        "WEBLENS_REDIS_URL": f"redis://127.0.0.1:{free_port()}/0",
        "WEBLENS_ALLOW_HOSTS": server.allow_entry,
        "WEBLENS_RATE_LIMIT": "2/minute",
    }
    with served(tmp_path, env=env) as (base, _):
        yield base


def test_with_redis_unreachable_the_server_serves_with_local_limits(
    dead_redis_replica: str, server: LoopbackServer
) -> None:
    base = dead_redis_replica
    answers = [
        httpx.post(f"{base}/v1/browse", json={"url": server.url("/article")}, timeout=30) for _ in range(3)
    ]
    assert [a.status_code for a in answers] == [200, 200, 429]  # the limit still holds, counted locally
    ready = httpx.get(f"{base}/readyz").json()
    assert ready["status"] == "degraded" and "unreachable" in ready["checks"]["cache"]


class FrozenServer:
    """Accepts connections and never answers: a Redis that hangs. Counts what it received."""

    def __init__(self) -> None:
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(16)
        self.port = self.sock.getsockname()[1]
        self.connections: list[socket.socket] = []
        self.received = 0
        self._thread = threading.Thread(target=self._accept, daemon=True)
        self._thread.start()

    def _accept(self) -> None:
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            self.connections.append(conn)

    def close(self) -> None:
        self.sock.close()
        for conn in self.connections:
            conn.close()


async def test_a_frozen_redis_is_tried_once_then_skipped(server: LoopbackServer, tmp_path: Path) -> None:
    server.route("/article", Response(body=page("article.html"), headers=HTML))
    frozen = FrozenServer()
    try:
        settings = Settings(
            cache="redis",
            redis_url=f"redis://127.0.0.1:{frozen.port}/0",
            allow_hosts=[server.allow_entry],
            cache_timeout_s=0.3,
        )
        async with Lens(settings) as lens:
            with capture_logs() as logs:
                pages = [await lens.browse(server.url("/article") + f"?n={i}") for i in range(5)]
            assert all("stranded on the rocky shore" in p.text for p in pages)
            assert not lens.cache.healthy
        failures = [e for e in logs if e["event"] == "cache_error"]
        assert (
            len(failures) == 1 and failures[0]["error"] == "timeout"
        )  # then skipped, not waited on 10 times
    finally:
        frozen.close()
    await asyncio.sleep(0)
