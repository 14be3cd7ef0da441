"""The guarded proxy spoken to directly over sockets (no browser)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from tests.render.support import guard_for
from tests.support.servers import LoopbackServer, Response
from weblens.net.guard import Guard
from weblens.net.resolver import ScriptedResolver, StaticResolver
from weblens.render.http1 import basic_authorization
from weblens.render.proxy import GuardedProxy, ProxyLimits

Streams = tuple[asyncio.StreamReader, asyncio.StreamWriter]


@pytest.fixture
async def proxy_for() -> AsyncIterator[object]:
    started: list[GuardedProxy] = []

    async def start(guard: Guard, limits: ProxyLimits | None = None) -> GuardedProxy:
        proxy = GuardedProxy(guard, limits=limits)
        await proxy.start()
        started.append(proxy)
        return proxy

    yield start
    for proxy in started:
        await proxy.aclose()


def auth(proxy: GuardedProxy) -> str:
    return f"Proxy-Authorization: {basic_authorization(proxy.username, proxy.password)}\r\n"


async def hang_up(writer: asyncio.StreamWriter) -> None:
    """Close our end and give the servers' threads a moment to see it (no socket left to the GC)."""
    writer.close()
    await writer.wait_closed()
    await asyncio.sleep(0.1)


async def exchange(proxy: GuardedProxy, data: bytes) -> bytes:
    reader, writer = await asyncio.open_connection("127.0.0.1", proxy.port)
    writer.write(data)
    await writer.drain()
    answer = await asyncio.wait_for(reader.read(), timeout=10)
    await hang_up(writer)
    return answer


async def test_requests_without_the_secret_are_refused(proxy_for, server: LoopbackServer) -> None:  # type: ignore[no-untyped-def]
    proxy = await proxy_for(guard_for(server))
    server.route("/", Response(body=b"hi"))

    bare = await exchange(proxy, f"GET {server.url('/')} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
    wrong = await exchange(
        proxy,
        f"CONNECT {server.allow_entry} HTTP/1.1\r\nProxy-Authorization: Basic d2VibGVuczp4\r\n\r\n".encode(),
    )

    assert bare.startswith(b"HTTP/1.1 407 ")
    assert b'Proxy-Authenticate: Basic realm="weblens-render"' in bare
    assert wrong.startswith(b"HTTP/1.1 407 ")
    assert server.connections == 0


async def test_forwards_an_allowed_plain_request_in_origin_form(proxy_for, server: LoopbackServer) -> None:  # type: ignore[no-untyped-def]
    proxy = await proxy_for(guard_for(server))
    server.route("/page", Response(body=b"hello"))

    answer = await exchange(
        proxy,
        f"GET {server.url('/page?x=1')} HTTP/1.1\r\nHost: {server.allow_entry}\r\n{auth(proxy)}"
        "Connection: keep-alive\r\n\r\n".encode(),
    )

    assert answer.startswith(b"HTTP/1.1 200 OK\r\n")
    assert b"Connection: close\r\n" in answer
    assert answer.endswith(b"hello")
    seen = server.requests[0]
    assert seen.target == "/page?x=1"
    assert seen.headers["host"] == server.allow_entry
    assert seen.headers["connection"] == "close"
    assert "proxy-authorization" not in seen.headers


async def test_forwards_a_request_body(proxy_for, server: LoopbackServer) -> None:  # type: ignore[no-untyped-def]
    proxy = await proxy_for(guard_for(server))
    server.route("/post", Response(body=b"ok"))

    await exchange(
        proxy,
        f"POST {server.url('/post')} HTTP/1.1\r\n{auth(proxy)}Content-Length: 5\r\n\r\nabcde".encode(),
    )

    assert server.requests[0].body == b"abcde"


async def test_keep_alive_connection_cannot_carry_a_second_request_elsewhere(  # type: ignore[no-untyped-def]
    proxy_for, server: LoopbackServer, trap: LoopbackServer
) -> None:
    proxy = await proxy_for(guard_for(server))
    server.route("/a", Response(body=b"A"))
    first = f"GET {server.url('/a')} HTTP/1.1\r\nHost: {server.allow_entry}\r\n{auth(proxy)}\r\n"
    second = f"GET {trap.url('/b')} HTTP/1.1\r\nHost: {trap.allow_entry}\r\n{auth(proxy)}\r\n"
    smuggled = f"GET /c HTTP/1.1\r\nHost: {server.allow_entry}\r\n\r\n"

    answer = await exchange(proxy, (first + second + smuggled).encode())

    assert answer.count(b"HTTP/1.1 ") == 1
    assert [r.path for r in server.requests] == ["/a"]
    assert trap.connections == 0


async def test_connect_to_a_target_that_is_not_allowed_gets_403_and_no_connection(  # type: ignore[no-untyped-def]
    proxy_for, server: LoopbackServer, trap: LoopbackServer
) -> None:
    proxy = await proxy_for(guard_for(server))

    answer = await exchange(proxy, f"CONNECT {trap.allow_entry} HTTP/1.1\r\n{auth(proxy)}\r\n".encode())
    plain = await exchange(proxy, f"GET {trap.url('/')} HTTP/1.1\r\n{auth(proxy)}\r\n".encode())
    by_name = await exchange(proxy, f"CONNECT localhost:{trap.port} HTTP/1.1\r\n{auth(proxy)}\r\n".encode())

    for refused in (answer, plain, by_name):
        assert refused.startswith(b"HTTP/1.1 403 Forbidden\r\n")
        assert b"X-Weblens-Refused: ssrf_blocked" in refused
    assert trap.connections == 0
    assert proxy.refused == 3
    refusal = proxy.refusal("127.0.0.1", trap.port)
    assert refusal is not None
    assert refusal.code == "ssrf_blocked"


async def test_connect_to_an_allowed_target_tunnels_bytes(proxy_for, server: LoopbackServer) -> None:  # type: ignore[no-untyped-def]
    proxy = await proxy_for(guard_for(server))
    server.route("/t", Response(body=b"through the tunnel"))

    reader, writer = await asyncio.open_connection("127.0.0.1", proxy.port)
    writer.write(f"CONNECT {server.allow_entry} HTTP/1.1\r\n{auth(proxy)}\r\n".encode())
    established = await reader.readuntil(b"\r\n\r\n")
    writer.write(f"GET /t HTTP/1.1\r\nHost: {server.allow_entry}\r\n\r\n".encode())
    answer = await asyncio.wait_for(reader.readuntil(b"tunnel"), timeout=10)  # the server keeps it open
    await hang_up(writer)

    assert established == b"HTTP/1.1 200 Connection Established\r\n\r\n"
    assert answer.endswith(b"through the tunnel")


async def test_names_are_resolved_once_per_connection_and_every_answer_checked(  # type: ignore[no-untyped-def]
    proxy_for, server: LoopbackServer
) -> None:
    resolver = ScriptedResolver({"rebind.example": [["127.0.0.1"], ["10.0.0.1"]]})
    proxy = await proxy_for(guard_for(server, resolver=resolver))
    server.route("/", Response(body=b"first"))
    target = f"rebind.example:{server.port}"

    first = await exchange(proxy, f"GET http://{target}/ HTTP/1.1\r\n{auth(proxy)}\r\n".encode())
    second = await exchange(proxy, f"CONNECT {target} HTTP/1.1\r\n{auth(proxy)}\r\n".encode())

    assert first.endswith(b"first")
    assert second.startswith(b"HTTP/1.1 403 ")
    assert resolver.calls == ["rebind.example", "rebind.example"]
    assert server.connections == 1


async def test_unresolvable_name_is_a_bad_gateway(proxy_for) -> None:  # type: ignore[no-untyped-def]
    proxy = await proxy_for(Guard(resolver=StaticResolver({})))

    answer = await exchange(proxy, f"CONNECT nowhere.example:443 HTTP/1.1\r\n{auth(proxy)}\r\n".encode())

    assert answer.startswith(b"HTTP/1.1 502 ")
    assert b"X-Weblens-Refused: dns_error" in answer


@pytest.mark.parametrize(
    ("request_line", "status"),
    [
        ("GET / HTTP/1.1", b"400"),  # origin form is not a proxy request
        ("GET https://a.example/ HTTP/1.1", b"400"),  # https must use CONNECT
        ("GET ftp://a.example/ HTTP/1.1", b"400"),
        ("CONNECT a.example HTTP/1.1", b"400"),
    ],
)
async def test_refuses_requests_it_does_not_proxy(proxy_for, request_line: str, status: bytes) -> None:  # type: ignore[no-untyped-def]
    proxy = await proxy_for(Guard(resolver=StaticResolver({})))

    answer = await exchange(proxy, f"{request_line}\r\n{auth(proxy)}\r\n".encode())

    assert answer.startswith(b"HTTP/1.1 " + status)


async def test_chunked_upload_is_not_forwarded(proxy_for, server: LoopbackServer) -> None:  # type: ignore[no-untyped-def]
    proxy = await proxy_for(guard_for(server))

    answer = await exchange(
        proxy,
        f"POST {server.url('/')} HTTP/1.1\r\n{auth(proxy)}Transfer-Encoding: chunked\r\n\r\n".encode()
        + b"0\r\n\r\n",
    )

    assert answer.startswith(b"HTTP/1.1 501 ")
    assert server.connections == 0


async def test_oversized_and_slow_heads_are_refused(proxy_for) -> None:  # type: ignore[no-untyped-def]
    limits = ProxyLimits(max_head_bytes=1024, head_timeout_s=0.3)
    proxy = await proxy_for(Guard(resolver=StaticResolver({})), limits)

    big = await exchange(proxy, b"GET http://a.example/ HTTP/1.1\r\nX: " + b"a" * 4096 + b"\r\n\r\n")
    reader, writer = await asyncio.open_connection("127.0.0.1", proxy.port)
    writer.write(b"GET http://a.example/ HTTP/1.1\r\n")
    slow = await asyncio.wait_for(reader.read(), timeout=10)
    await hang_up(writer)

    assert big.startswith(b"HTTP/1.1 431 ")
    assert slow.startswith(b"HTTP/1.1 400 ")


async def test_idle_tunnel_is_closed(proxy_for, server: LoopbackServer) -> None:  # type: ignore[no-untyped-def]
    proxy = await proxy_for(guard_for(server), ProxyLimits(idle_timeout_s=0.3))

    reader, writer = await asyncio.open_connection("127.0.0.1", proxy.port)
    writer.write(f"CONNECT {server.allow_entry} HTTP/1.1\r\n{auth(proxy)}\r\n".encode())
    await reader.readuntil(b"\r\n\r\n")
    rest = await asyncio.wait_for(reader.read(), timeout=10)  # nobody speaks: the proxy hangs up
    await hang_up(writer)

    assert rest == b""


async def test_aclose_ends_open_tunnels(proxy_for, server: LoopbackServer) -> None:  # type: ignore[no-untyped-def]
    proxy = await proxy_for(guard_for(server))

    reader, writer = await asyncio.open_connection("127.0.0.1", proxy.port)
    writer.write(f"CONNECT {server.allow_entry} HTTP/1.1\r\n{auth(proxy)}\r\n".encode())
    await reader.readuntil(b"\r\n\r\n")
    await proxy.aclose()
    rest = await asyncio.wait_for(reader.read(), timeout=10)
    await hang_up(writer)

    assert rest == b""
