"""The guarded forward proxy that every byte of a rendered page goes through.

Chromium is launched with ``--proxy-server`` pointing here (loopback included),
so it never resolves a page's host names nor connects anywhere itself. For each
request the proxy asks :class:`~weblens.net.guard.Guard` for the checked
addresses of the target and connects to one of exactly those; a refused target
gets a 403 and no connection is opened.

* ``CONNECT host:port`` (https, wss, and ws — Chromium tunnels WebSockets) →
  checked connect, ``200``, then bytes are spliced both ways.
* ``GET http://host/path`` (absolute form, plain http) → checked connect, the
  request is rewritten to origin form with ``Connection: close`` and sent
  upstream, the response is relayed with ``Connection: close``. A client
  connection carries exactly one request: nothing the client sends after it is
  ever forwarded, so a keep-alive connection cannot smuggle a second request to
  another host through the first host's upstream socket.

The proxy listens on 127.0.0.1 on a random port and answers only requests that
carry its per-instance random credentials (``Proxy-Authorization: Basic``);
request heads are bounded in size and time, tunnels close when idle.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import time
from collections import OrderedDict
from collections.abc import Coroutine
from dataclasses import dataclass, field
from types import TracebackType
from typing import Any, Self
from urllib.parse import urlsplit

from weblens.errors import ConnectError, DNSError, InvalidURL, SSRFBlocked, WeblensError
from weblens.net.guard import Guard
from weblens.render.http1 import (
    HeadError,
    RequestHead,
    basic_authorization,
    credentials_match,
    origin_request,
    parse_authority,
    parse_request_head,
    request_body_length,
    rewrite_response_head,
    simple_response,
)

__all__ = ["GuardedProxy", "ProxyLimits"]

_CHUNK = 64 * 1024
_REFUSED_HEADER = "X-Weblens-Refused"
_REALM = 'Basic realm="weblens-render"'


@dataclass(frozen=True, kw_only=True)
class ProxyLimits:
    max_head_bytes: int = 32 * 1024
    head_timeout_s: float = 10.0
    connect_timeout_s: float = 10.0
    idle_timeout_s: float = 60.0
    max_connections: int = 256
    remembered_refusals: int = 256


@dataclass
class _Activity:
    last: float = field(default_factory=time.monotonic)

    def touch(self) -> None:
        self.last = time.monotonic()

    def idle_for(self) -> float:
        return time.monotonic() - self.last


class GuardedProxy:
    """An HTTP/1.1 forward proxy on 127.0.0.1 that connects only where ``guard`` allows."""

    def __init__(self, guard: Guard, *, limits: ProxyLimits | None = None) -> None:
        self._guard = guard
        self._limits = limits or ProxyLimits()
        self.username = "weblens"
        self.password = secrets.token_urlsafe(24)
        self._expected = basic_authorization(self.username, self.password)
        self._server: asyncio.Server | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self._refusals: OrderedDict[tuple[str, int], WeblensError] = OrderedDict()
        self.port = 0
        self.upstream_connections = 0
        self.refused = 0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    async def start(self) -> None:
        self._server = await asyncio.start_server(
            self._handle, "127.0.0.1", 0, limit=self._limits.max_head_bytes
        )
        self.port = self._server.sockets[0].getsockname()[1]

    async def aclose(self) -> None:
        if self._server is None:
            return
        self._server.close()
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        await self._server.wait_closed()
        self._server = None

    async def __aenter__(self) -> Self:
        await self.start()
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.aclose()

    def refusal(self, host: str, port: int) -> WeblensError | None:
        """Why the latest connection to ``host:port`` was refused, if it was."""
        return self._refusals.get((host.lower().strip("[]"), port))

    # --- one client connection ------------------------------------------
    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        assert task is not None
        self._tasks.add(task)
        try:
            await self._serve_one(reader, writer)
        except asyncio.CancelledError:
            # Only aclose() cancels these tasks; end quietly (asyncio 3.11 logs a cancelled handler).
            return
        except HeadError as exc:
            marker = {_REFUSED_HEADER: exc.code} if isinstance(exc, _RefusedHead) else None
            await _send(writer, simple_response(exc.status, exc.reason, headers=marker))
        except (ConnectionError, OSError, asyncio.IncompleteReadError):
            pass
        finally:
            self._tasks.discard(task)
            await _close(writer)

    async def _serve_one(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if len(self._tasks) > self._limits.max_connections:
            raise HeadError(503, "too many connections")
        head = await self._read_head(reader)
        if not credentials_match(head, self._expected):
            challenge = {"Proxy-Authenticate": _REALM}
            await _send(writer, simple_response(407, "credentials required", headers=challenge))
            return
        if head.method == "CONNECT":
            await self._tunnel(head, reader, writer)
        else:
            await self._forward(head, reader, writer)

    async def _read_head(self, reader: asyncio.StreamReader) -> RequestHead:
        try:
            async with asyncio.timeout(self._limits.head_timeout_s):
                raw = await reader.readuntil(b"\r\n\r\n")
        except (asyncio.LimitOverrunError, ValueError) as exc:
            raise HeadError(431, "request head too large") from exc
        except TimeoutError as exc:
            raise HeadError(400, "request head not received in time") from exc
        return parse_request_head(raw)

    async def _tunnel(
        self, head: RequestHead, reader: asyncio.StreamReader, writer: asyncio.StreamWriter
    ) -> None:
        host, port = parse_authority(head.target)
        up_reader, up_writer = await self._open(host, port, url=f"https://{head.target}/")
        try:
            await _send(writer, simple_response(200))
            await self._splice(reader, writer, up_reader, up_writer)
        finally:
            await _close(up_writer)

    async def _forward(
        self, head: RequestHead, reader: asyncio.StreamReader, writer: asyncio.StreamWriter
    ) -> None:
        if head.target[:7].lower() != "http://":
            raise HeadError(400, "only absolute http:// targets and CONNECT are proxied")
        try:
            target = self._guard.check_url(head.target)
        except (InvalidURL, SSRFBlocked) as exc:
            raise self._refuse(_target_key(head.target), exc) from exc
        parts = urlsplit(target.url)
        path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
        length = request_body_length(head)
        up_reader, up_writer = await self._open(target.host, target.port, url=target.url)
        try:
            up_writer.write(origin_request(head, path=path, host_header=parts.netloc))
            await _copy_exactly(reader, up_writer, length)
            await self._relay_response(up_reader, reader, writer, method=head.method)
        finally:
            await _close(up_writer)

    async def _relay_response(
        self,
        up_reader: asyncio.StreamReader,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        *,
        method: str,
    ) -> None:
        while True:
            try:
                async with asyncio.timeout(self._limits.idle_timeout_s):
                    raw = await up_reader.readuntil(b"\r\n\r\n")
            except (asyncio.LimitOverrunError, ValueError) as exc:
                raise HeadError(502, "upstream response head too large") from exc
            except (TimeoutError, asyncio.IncompleteReadError) as exc:
                raise HeadError(502, "no response from upstream") from exc
            response = rewrite_response_head(raw, request_method=method)
            writer.write(response.raw)
            if response.status >= 200 or response.status == 101:
                break
        await writer.drain()
        # Relay the body: by its length when known, else until upstream closes; stop early if the
        # client hangs up. Whatever else the client sends is read and dropped, never forwarded.
        activity = _Activity()
        body = self._pump(up_reader, writer, activity, limit=response.body_length)
        await _first_of(body, _discard(reader))

    # --- upstream -------------------------------------------------------
    async def _open(
        self, host: str, port: int, *, url: str
    ) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        key = (host.lower().strip("[]"), port)
        try:
            async with asyncio.timeout(self._limits.connect_timeout_s):
                opened = await self._guard.open_connection(host, port, url=url)
        except (SSRFBlocked, InvalidURL, DNSError, ConnectError) as exc:
            raise self._refuse(key, exc) from exc
        except TimeoutError as exc:
            raise self._refuse(key, ConnectError(f"connecting to {host}:{port} timed out", url=url)) from exc
        self.upstream_connections += 1
        self._refusals.pop(key, None)
        return opened

    def _refuse(self, key: tuple[str, int], error: WeblensError) -> HeadError:
        self.refused += 1
        self._refusals[key] = error
        self._refusals.move_to_end(key)
        while len(self._refusals) > self._limits.remembered_refusals:
            self._refusals.popitem(last=False)
        status = 403 if isinstance(error, SSRFBlocked | InvalidURL) else 502
        return _RefusedHead(status, f"{error.code}: {error.message}", code=error.code)

    # --- byte pumps -----------------------------------------------------
    async def _splice(
        self,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        up_reader: asyncio.StreamReader,
        up_writer: asyncio.StreamWriter,
    ) -> None:
        activity = _Activity()
        await _first_of(self._pump(reader, up_writer, activity), self._pump(up_reader, writer, activity))

    async def _pump(
        self,
        src: asyncio.StreamReader,
        dst: asyncio.StreamWriter,
        activity: _Activity,
        *,
        limit: int | None = None,
    ) -> None:
        """Copy ``src`` to ``dst`` until EOF, ``limit`` bytes, or ``idle_timeout_s`` without traffic."""
        idle = self._limits.idle_timeout_s
        remaining = limit
        with contextlib.suppress(ConnectionError, OSError):
            while remaining is None or remaining > 0:
                want = _CHUNK if remaining is None else min(_CHUNK, remaining)
                try:
                    async with asyncio.timeout(idle):
                        chunk = await src.read(want)
                except TimeoutError:
                    if activity.idle_for() < idle:
                        continue
                    return
                if not chunk:
                    return
                if remaining is not None:
                    remaining -= len(chunk)
                activity.touch()
                dst.write(chunk)
                await dst.drain()


class _RefusedHead(HeadError):
    def __init__(self, status: int, reason: str, *, code: str) -> None:
        super().__init__(status, reason)
        self.code = code


def _target_key(target: str) -> tuple[str, int]:
    try:
        parts = urlsplit(target)
        return (parts.hostname or "", parts.port or 80)
    except ValueError:
        return ("", 0)


async def _first_of(*coros: Coroutine[Any, Any, None]) -> None:
    """Run ``coros`` together until the first one ends, then cancel the others."""
    tasks = [asyncio.create_task(coro) for coro in coros]
    try:
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


async def _discard(reader: asyncio.StreamReader) -> None:
    with contextlib.suppress(ConnectionError, OSError):
        while await reader.read(_CHUNK):
            pass


async def _copy_exactly(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, length: int) -> None:
    remaining = length
    while remaining:
        chunk = await reader.read(min(remaining, _CHUNK))
        if not chunk:
            raise asyncio.IncompleteReadError(b"", remaining)
        remaining -= len(chunk)
        writer.write(chunk)
        await writer.drain()
    await writer.drain()


async def _send(writer: asyncio.StreamWriter, data: bytes) -> None:
    with contextlib.suppress(ConnectionError, OSError):
        writer.write(data)
        await writer.drain()


async def _close(writer: asyncio.StreamWriter) -> None:
    writer.close()
    with contextlib.suppress(ConnectionError, OSError):
        await writer.wait_closed()
