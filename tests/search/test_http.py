"""The shared I/O edge: capped reads, failures translated, no redirects followed."""

from __future__ import annotations

import socket
from datetime import UTC, datetime

import httpx
import pytest

from tests.support.servers import LoopbackServer, Response
from weblens.errors import ProviderError
from weblens.search.base import ProviderTimeout, TransientProviderError
from weblens.search.dates import parse_retry_after
from weblens.search.http import RequestSpec, read_json, send


async def test_body_over_the_cap_is_refused(server: LoopbackServer, client: httpx.AsyncClient) -> None:
    server.route("/big", Response(chunks=[b"x" * 4096] * 8))
    with pytest.raises(ProviderError, match="more than 10000 bytes"):
        await send(client, RequestSpec("GET", server.url("/big")), provider="p", max_bytes=10_000)


async def test_body_within_the_cap_is_read(server: LoopbackServer, client: httpx.AsyncClient) -> None:
    server.route("/ok", Response(body=b'{"a": 1}', headers={"Content-Type": "application/json"}))
    raw = await send(client, RequestSpec("GET", server.url("/ok")), provider="p", max_bytes=100)
    assert (raw.status, raw.body) == (200, b'{"a": 1}')
    assert raw.headers["content-type"] == "application/json"


async def test_refused_connection_is_transient(client: httpx.AsyncClient) -> None:
    with socket.socket() as sock:  # a port that was free a moment ago and has no listener
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    with pytest.raises(TransientProviderError, match="could not be reached"):
        await send(client, RequestSpec("GET", f"http://127.0.0.1:{port}/"), provider="p")


async def test_slow_answer_is_a_provider_timeout(server: LoopbackServer) -> None:
    server.route("/slow", Response(body=b"{}", delay_s=1.0))
    async with httpx.AsyncClient(trust_env=False, timeout=0.2) as fast_client:
        with pytest.raises(ProviderTimeout) as caught:
            await send(fast_client, RequestSpec("GET", server.url("/slow")), provider="p")
    assert caught.value.code == "provider_error"
    assert caught.value.provider == "p"


async def test_redirects_are_not_followed(server: LoopbackServer, client: httpx.AsyncClient) -> None:
    server.route("/moved", Response(status=302, headers={"Location": server.url("/elsewhere")}))
    raw = await send(client, RequestSpec("GET", server.url("/moved")), provider="p")
    assert raw.status == 302
    assert [r.path for r in server.requests] == ["/moved"]


def test_read_json_names_what_came_back() -> None:
    with pytest.raises(ProviderError, match="'<html>nope</html>'"):
        read_json(b"<html>nope</html>", provider="p")


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("120", 120.0),
        ("Wed, 01 Jan 2025 00:00:30 GMT", 30.0),
        ("Tue, 31 Dec 2024 23:00:00 GMT", 0.0),  # in the past: no wait
        ("soon", None),
        ("", None),
        (None, None),
    ],
)
def test_retry_after_seconds_or_http_date(value: str | None, expected: float | None) -> None:
    assert parse_retry_after(value, now=datetime(2025, 1, 1, tzinfo=UTC)) == expected
