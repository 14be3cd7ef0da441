"""Fetch limits against hostile loopback servers: size, bombs, drip, deadline, redirects."""

from __future__ import annotations

import asyncio
import gzip
import tracemalloc
import zlib
from collections.abc import Awaitable, Callable, Iterator

import brotli
import pytest

from tests.net.conftest import MakeFetcher
from tests.net.support import MB, brotli_bomb, deflate_bomb, gzip_bomb
from tests.support.servers import LoopbackServer, Request, Response
from weblens.errors import FetchTimeout, HTTPError, SizeLimitExceeded, TooManyRedirects, WeblensError
from weblens.net.fetch import GuardedFetcher
from weblens.net.resolver import StaticResolver

HTML = {"Content-Type": "text/html; charset=utf-8"}
Raw = Callable[[Request, asyncio.StreamWriter], Awaitable[None]]


async def _peak_memory_of(fetch: Awaitable[object]) -> tuple[int, BaseException | None]:
    """Peak traced allocation while ``fetch`` runs, and what it raised."""
    tracemalloc.start()
    try:
        await fetch
    except WeblensError as exc:
        return tracemalloc.get_traced_memory()[1], exc
    finally:
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    return peak, None


def _blocks(total: int, block: bytes) -> Iterator[bytes]:
    for _ in range(total // len(block)):
        yield block


# --- size ------------------------------------------------------------------------------------------
async def test_a_50_mb_streamed_body_stops_at_the_cap_with_bounded_memory(
    make_fetcher: MakeFetcher, server: LoopbackServer
) -> None:
    server.route("/big", Response(headers=HTML, chunks=_blocks(50 * MB, b"<p>" + b"x" * (64 * 1024 - 3))))
    fetcher = make_fetcher(server.allow_entry)
    peak, error = await _peak_memory_of(fetcher.fetch(server.url("/big")))
    assert isinstance(error, SizeLimitExceeded)
    assert error.code == "size_limit_exceeded"
    assert peak < 3 * fetcher.limits.max_bytes  # the cap plus pieces, never the whole 50 MB


async def test_a_declared_content_length_over_the_cap_fails_before_the_body(
    make_fetcher: MakeFetcher, server: LoopbackServer
) -> None:
    async def announce_only(request: Request, writer: asyncio.StreamWriter) -> None:
        writer.write(b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 52428800\r\n\r\n")
        await writer.drain()
        await asyncio.sleep(30)  # never sends the body: waiting for it would end in fetch_timeout

    server.route("/announced", announce_only, raw=True)
    with pytest.raises(SizeLimitExceeded, match="Content-Length"):
        await make_fetcher(server.allow_entry, timeout_s=5.0).fetch(server.url("/announced"))


@pytest.mark.parametrize(("size", "ok"), [(1000, True), (1001, False)])
async def test_the_cap_is_inclusive(
    make_fetcher: MakeFetcher, server: LoopbackServer, size: int, ok: bool
) -> None:
    server.route("/sized", Response(headers=HTML, chunks=[b"a" * size]))
    fetcher = make_fetcher(server.allow_entry, max_bytes=1000)
    if ok:
        assert len((await fetcher.fetch(server.url("/sized"))).body) == size
    else:
        with pytest.raises(SizeLimitExceeded):
            await fetcher.fetch(server.url("/sized"))


# --- compression bombs -----------------------------------------------------------------------------
@pytest.fixture(scope="module")
def brotli_1gb() -> bytes:
    return brotli_bomb()


@pytest.mark.parametrize("encoding", ["gzip", "deflate", "br"])
async def test_compression_bombs_stop_at_the_cap_without_inflating(
    make_fetcher: MakeFetcher, server: LoopbackServer, encoding: str, brotli_1gb: bytes
) -> None:
    chunks: Iterator[bytes] = {
        "gzip": lambda: gzip_bomb(),  # 10 GB of zeros
        "deflate": lambda: deflate_bomb(),  # 10 GB of zeros, raw deflate
        "br": lambda: iter([brotli_1gb[i : i + 16384] for i in range(0, len(brotli_1gb), 16384)]),  # 1 GB
    }[encoding]()
    headers = {"Content-Type": "text/html", "Content-Encoding": encoding}
    server.route("/bomb", Response(headers=headers, chunks=chunks))
    fetcher = make_fetcher(server.allow_entry)
    peak, error = await _peak_memory_of(fetcher.fetch(server.url("/bomb")))
    assert isinstance(error, SizeLimitExceeded)
    assert "decoded body" in error.message
    assert peak < 3 * fetcher.limits.max_bytes


def _raw_deflate(data: bytes) -> bytes:
    compressor = zlib.compressobj(6, zlib.DEFLATED, -zlib.MAX_WBITS)
    return compressor.compress(data) + compressor.flush()


@pytest.mark.parametrize(
    ("encoding", "encode"),
    [
        ("gzip", gzip.compress),
        ("x-gzip", gzip.compress),
        ("deflate", zlib.compress),
        ("deflate", _raw_deflate),
        ("br", brotli.compress),
        ("identity", lambda data: data),
    ],
)
async def test_content_encodings_are_decoded(
    make_fetcher: MakeFetcher, server: LoopbackServer, encoding: str, encode: Callable[[bytes], bytes]
) -> None:
    html = b"<html><body>" + b"<p>compressed words</p>" * 2000 + b"</body></html>"
    headers = {"Content-Type": "text/html", "Content-Encoding": encoding}
    server.route("/enc", Response(body=encode(html), headers=headers))
    page = await make_fetcher(server.allow_entry).fetch(server.url("/enc"))
    assert page.body == html
    assert server.requests[0].headers["accept-encoding"] == "gzip, deflate, br"


@pytest.mark.parametrize(
    ("encoding", "payload", "why"),
    [
        ("zstd", b"whatever", "unsupported Content-Encoding"),
        ("gzip, br", brotli.compress(gzip.compress(b"<p>x</p>")), "stacked"),
        ("gzip", b"\x1f\x8b\x08\x00garbage-not-gzip" * 10, "could not be decoded"),
        ("br", b"not brotli at all", "could not be decoded"),
    ],
)
async def test_unknown_or_corrupt_encodings_are_refused(
    make_fetcher: MakeFetcher, server: LoopbackServer, encoding: str, payload: bytes, why: str
) -> None:
    server.route(
        "/enc", Response(body=payload, headers={"Content-Type": "text/html", "Content-Encoding": encoding})
    )
    with pytest.raises(WeblensError, match=why) as info:
        await make_fetcher(server.allow_entry).fetch(server.url("/enc"))
    assert info.value.code == "unsupported_content_type"


# --- one deadline ----------------------------------------------------------------------------------
async def _drip_body(request: Request, writer: asyncio.StreamWriter) -> None:
    writer.write(b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 100\r\n\r\n")
    for _ in range(30):
        writer.write(b"x")
        await writer.drain()
        await asyncio.sleep(1)


async def _drip_headers(request: Request, writer: asyncio.StreamWriter) -> None:
    for byte in b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nX-Padding: " + b"y" * 40:
        writer.write(bytes([byte]))
        await writer.drain()
        await asyncio.sleep(1)


@pytest.mark.parametrize("handler", [_drip_body, _drip_headers])
async def test_a_server_that_drips_one_byte_per_second_times_out(
    make_fetcher: MakeFetcher, server: LoopbackServer, handler: Raw
) -> None:
    server.route("/drip", handler, raw=True)
    with pytest.raises(FetchTimeout) as info:
        await make_fetcher(server.allow_entry, timeout_s=1.0).fetch(server.url("/drip"))
    assert info.value.code == "fetch_timeout"


async def test_the_deadline_covers_every_redirect_hop(
    make_fetcher: MakeFetcher, server: LoopbackServer
) -> None:
    """Each hop answers in 0.4 s; five hops cannot fit in one 1 s deadline."""
    for hop in range(5):
        server.route(f"/slow{hop}", Response(302, headers={"Location": f"/slow{hop + 1}"}, delay_s=0.4))
    server.route("/slow5", Response(body=b"<p>end</p>", headers=HTML))
    with pytest.raises(FetchTimeout):
        await make_fetcher(server.allow_entry, timeout_s=1.0).fetch(server.url("/slow0"))
    assert len(server.requests) < 5


async def test_the_deadline_covers_name_resolution(make_fetcher: MakeFetcher) -> None:
    class HangingResolver:
        async def resolve(self, host: str) -> list[object]:
            await asyncio.Event().wait()
            raise AssertionError("unreachable")

    fetcher = make_fetcher("slow-dns.test:80", resolver=HangingResolver(), timeout_s=0.5)  # type: ignore[arg-type]
    with pytest.raises(FetchTimeout):
        await fetcher.fetch("http://slow-dns.test/")


async def test_the_deadline_covers_a_stalled_tls_handshake(make_fetcher: MakeFetcher) -> None:
    handlers: list[asyncio.Task[object]] = []

    async def silent(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        handlers.append(asyncio.current_task())  # type: ignore[arg-type]
        try:
            await asyncio.sleep(30)  # accepts the connection, never answers the ClientHello
        finally:
            writer.close()

    listener = await asyncio.start_server(silent, "127.0.0.1", 0)
    port = listener.sockets[0].getsockname()[1]
    try:
        resolver = StaticResolver({"stall.test": ["127.0.0.1"]})
        fetcher = make_fetcher(f"stall.test:{port}", resolver=resolver, timeout_s=1.0)
        with pytest.raises(FetchTimeout):
            await fetcher.fetch(f"https://stall.test:{port}/")
    finally:
        listener.close()
        for task in handlers:
            task.cancel()
        await asyncio.gather(*handlers, return_exceptions=True)
        await listener.wait_closed()


# --- redirects -------------------------------------------------------------------------------------
def _chain(server: LoopbackServer, hops: int) -> None:
    for hop in range(hops, 0, -1):
        server.route(f"/hop{hop}", Response(302, headers={"Location": f"/hop{hop - 1}"}))
    server.route("/hop0", Response(body=b"<p>arrived</p>", headers=HTML))


async def test_ten_redirects_are_followed(make_fetcher: MakeFetcher, server: LoopbackServer) -> None:
    _chain(server, 10)
    page = await make_fetcher(server.allow_entry).fetch(server.url("/hop10"))
    assert page.final_url == server.url("/hop0")
    assert page.redirects == tuple(server.url(f"/hop{n}") for n in range(9, -1, -1))
    assert page.url == server.url("/hop10")


async def test_eleven_redirects_are_too_many(make_fetcher: MakeFetcher, server: LoopbackServer) -> None:
    _chain(server, 11)
    with pytest.raises(TooManyRedirects) as info:
        await make_fetcher(server.allow_entry).fetch(server.url("/hop11"))
    assert info.value.code == "too_many_redirects"
    assert len(server.requests) == 11  # the 11th Location is never requested


async def test_max_redirects_is_configurable(make_fetcher: MakeFetcher, server: LoopbackServer) -> None:
    _chain(server, 1)
    with pytest.raises(TooManyRedirects):
        await make_fetcher(server.allow_entry, max_redirects=0).fetch(server.url("/hop1"))


@pytest.mark.parametrize("loop", [["/a"], ["/a", "/b"], ["/a", "/b", "/c"]])
async def test_an_endless_redirect_loop_ends(
    make_fetcher: MakeFetcher, server: LoopbackServer, loop: list[str]
) -> None:
    for here, there in zip(loop, loop[1:] + loop[:1], strict=True):
        server.route(here, Response(301, headers={"Location": there}))
    with pytest.raises(TooManyRedirects, match="loop"):
        await make_fetcher(server.allow_entry).fetch(server.url(loop[0]))
    assert len(server.requests) == len(loop)


async def test_a_redirect_that_sets_a_cookie_and_comes_back_is_followed(
    make_fetcher: MakeFetcher, server: LoopbackServer
) -> None:
    def gate(request: Request) -> Response:
        if "consent=yes" in request.headers.get("cookie", ""):
            return Response(body=b"<p>welcome</p>", headers=HTML)
        return Response(302, headers={"Location": "/gate", "Set-Cookie": "consent=yes; Path=/"})

    server.route("/gate", gate)
    fetcher = make_fetcher(server.allow_entry)
    page = await fetcher.fetch(server.url("/gate"))
    assert page.text == "<p>welcome</p>"
    # cookies live for one fetch only: the next fetch starts without them
    await fetcher.fetch(server.url("/gate"))
    assert "cookie" not in server.requests[2].headers


@pytest.mark.parametrize("status", [301, 302, 303, 307, 308])
async def test_every_redirect_status_is_followed_with_get(
    make_fetcher: MakeFetcher, server: LoopbackServer, status: int
) -> None:
    server.route("/from", Response(status, headers={"Location": "sub/../to?x=1"}))
    server.route("/to", Response(body=b"<p>to</p>", headers=HTML))
    page = await make_fetcher(server.allow_entry).fetch(server.url("/from"))
    assert page.final_url == server.url("/to?x=1")
    assert [r.method for r in server.requests] == ["GET", "GET"]


async def test_a_redirect_to_another_allowed_host_by_name(
    make_fetcher: MakeFetcher, server: LoopbackServer
) -> None:
    server.route("/from", Response(302, headers={"Location": f"//site.test:{server.port}/to"}))
    server.route("/to", Response(body=b"<p>to</p>", headers=HTML))
    resolver = StaticResolver({"site.test": ["127.0.0.1"]})
    page = await make_fetcher(server.allow_entry, resolver=resolver).fetch(server.url("/from"))
    assert page.final_url == f"http://site.test:{server.port}/to"


async def test_a_redirect_without_location_is_an_http_error(
    make_fetcher: MakeFetcher, server: LoopbackServer
) -> None:
    server.route("/nowhere", Response(302, headers=HTML))
    with pytest.raises(HTTPError) as info:
        await make_fetcher(server.allow_entry).fetch(server.url("/nowhere"))
    assert info.value.status == 302


# --- the client closes what it opened --------------------------------------------------------------
async def test_fetcher_closes_as_a_context_manager(server: LoopbackServer) -> None:
    from weblens.net.guard import Guard
    from weblens.net.policy import AllowList

    server.route("/", Response(body=b"<p>x</p>", headers=HTML))
    async with GuardedFetcher(Guard(StaticResolver({}), AllowList.parse([server.allow_entry]))) as fetcher:
        assert (await fetcher.fetch(server.url("/"))).status == 200
