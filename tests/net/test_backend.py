"""The pinned backend's own answer to httpcore's "is this idle connection readable?" question."""

from __future__ import annotations

import asyncio
import socket

from tests.support.servers import LoopbackServer, Request
from weblens import Lens, Settings
from weblens.net.backend import socket_readable


def test_an_idle_socket_is_readable_only_when_data_or_the_end_is_waiting() -> None:
    ours, theirs = socket.socketpair()
    try:
        assert not socket_readable(ours)  # idle: the connection can be reused
        theirs.sendall(b"x")
        assert socket_readable(ours)  # unexpected data: httpcore drops the connection
        ours.recv(1)
        theirs.close()
        assert socket_readable(ours)  # the server hung up
    finally:
        ours.close()
    assert socket_readable(ours)  # closed on our side: never reused


async def keep_alive_then_hang_up(request: Request, writer: asyncio.StreamWriter) -> None:
    """A response that promises a reusable connection; the server closes it right after."""
    body = b"<html><body><p>first page</p></body></html>"
    writer.write(
        b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: %d\r\n\r\n%s" % (len(body), body)
    )
    await writer.drain()


async def test_a_connection_the_server_closed_is_not_reused(server: LoopbackServer) -> None:
    server.route("/a", keep_alive_then_hang_up, raw=True)
    settings = Settings(
        allow_hosts=[server.allow_entry], cache="none", per_domain_rate_limit=1000, fetch_retries=0
    )
    async with Lens(settings) as lens:
        first = await lens.browse(server.url("/a"), render="never")
        await asyncio.sleep(0.1)  # the hang-up reaches our idle connection
        again = await lens.browse(server.url("/a"), render="never")
    assert first.text == again.text == "first page"
    assert server.connections == 2  # the closed connection was seen as such, not written to
