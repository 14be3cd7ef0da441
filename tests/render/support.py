"""Helpers for the render tests: fixture pages, a WebSocket endpoint, guards for loopback servers."""

from __future__ import annotations

import asyncio
import base64
import hashlib
from pathlib import Path

from tests.support.servers import LoopbackServer, Request, Response
from weblens.net.guard import Guard
from weblens.net.policy import AllowList
from weblens.net.resolver import Resolver, StaticResolver

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "render"
_WS_GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"


def page(name: str, **values: object) -> Response:
    """A fixture page with ``{KEY}`` placeholders filled in."""
    text = (FIXTURES / name).read_text(encoding="utf-8")
    for key, value in values.items():
        text = text.replace("{" + key + "}", str(value))
    return Response(body=text.encode("utf-8"))


def guard_for(*servers: LoopbackServer, resolver: Resolver | None = None) -> Guard:
    """A guard that lets exactly these loopback servers through (and nothing else private)."""
    allow = AllowList.parse([server.allow_entry for server in servers])
    return Guard(resolver=resolver or StaticResolver({}), allow=allow)


async def websocket_hello(request: Request, writer: asyncio.StreamWriter) -> None:
    """Accept a WebSocket handshake, send one text frame ``hello-ws``, close soon after."""
    key = request.headers["sec-websocket-key"]
    accept = base64.b64encode(hashlib.sha1((key + _WS_GUID).encode()).digest()).decode()
    writer.write(
        (
            "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Accept: {accept}\r\n\r\n"
        ).encode()
    )
    message = b"hello-ws"
    writer.write(bytes([0x81, len(message)]) + message)
    await writer.drain()
    await asyncio.sleep(0.5)


async def never_answer(request: Request, writer: asyncio.StreamWriter) -> None:
    await asyncio.sleep(3600)


class PinnedServer(LoopbackServer):
    """A LoopbackServer on a chosen port (to share a port number with another loopback address)."""

    def __init__(self, host: str, port: int) -> None:
        super().__init__(host)
        self._wanted_port = port

    async def _start(self) -> None:
        self._server = await asyncio.start_server(self._serve, self.host, self._wanted_port)
        self.port = self._server.sockets[0].getsockname()[1]
