"""A real HTTP/1.1 server on loopback, run in a background thread, for tests.

It speaks just enough HTTP to serve pages, redirects and hostile behaviour
(slow drips, endless bodies, gzip bombs) and counts what reached it, so a test
can prove that a blocked request never opened a connection.

    with LoopbackServer() as server:
        server.route("/page", Response(body=b"<html>...</html>"))
        server.route("/drip", drip_handler)          # async (Request, StreamWriter) -> None
        url = server.url("/page")                    # http://127.0.0.1:PORT/page
        server.allow_entry                           # "127.0.0.1:PORT" for WEBLENS_ALLOW_HOSTS
        server.connections                           # connections accepted so far
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from http import HTTPStatus
from typing import Self

__all__ = ["LoopbackServer", "RawHandler", "Request", "Response"]


@dataclass(frozen=True)
class Request:
    method: str
    target: str
    path: str
    headers: dict[str, str]
    body: bytes


@dataclass
class Response:
    status: int = 200
    body: bytes = b""
    headers: dict[str, str] = field(default_factory=lambda: {"Content-Type": "text/html; charset=utf-8"})
    delay_s: float = 0.0  # wait before answering
    chunks: Iterable[bytes] | None = None  # stream these instead of body (no Content-Length)
    chunk_delay_s: float = 0.0


RawHandler = Callable[[Request, asyncio.StreamWriter], Awaitable[None]]
Route = Response | Callable[[Request], Response] | RawHandler


class LoopbackServer:
    def __init__(self, host: str = "127.0.0.1") -> None:
        self.host = host
        self.port = 0
        self.connections = 0
        self.requests: list[Request] = []
        self.in_flight = 0
        self.max_in_flight = 0
        self._routes: dict[str, tuple[Route, bool]] = {}
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)
        self._server: asyncio.Server | None = None
        self._lock = threading.Lock()

    # --- configuration -------------------------------------------------
    def route(self, path: str, handler: Route, *, raw: bool = False) -> None:
        """Serve ``handler`` at ``path``; ``raw=True`` hands the socket writer to the handler."""
        self._routes[path] = (handler, raw)

    def url(self, path: str = "/") -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}{path}"

    @property
    def allow_entry(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{host}:{self.port}"

    # --- lifecycle -----------------------------------------------------
    def __enter__(self) -> Self:
        self._thread.start()
        fut = asyncio.run_coroutine_threadsafe(self._start(), self._loop)
        fut.result(timeout=10)
        return self

    def __exit__(self, *exc: object) -> None:
        asyncio.run_coroutine_threadsafe(self._stop(), self._loop).result(timeout=10)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout=10)
        self._loop.close()

    async def _start(self) -> None:
        self._server = await asyncio.start_server(self._serve, self.host, 0)
        self.port = self._server.sockets[0].getsockname()[1]

    async def _stop(self) -> None:
        assert self._server is not None
        self._server.close()
        tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    # --- serving -------------------------------------------------------
    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        with self._lock:
            self.connections += 1
        try:
            while True:
                request = await _read_request(reader)
                if request is None:
                    break
                keep_alive = await self._answer(request, writer)
                if not keep_alive:
                    break
        except (ConnectionError, asyncio.IncompleteReadError):
            pass
        except asyncio.CancelledError:  # the server is shutting down; end the handler quietly
            pass
        finally:
            writer.close()

    async def _answer(self, request: Request, writer: asyncio.StreamWriter) -> bool:
        with self._lock:
            self.requests.append(request)
            self.in_flight += 1
            self.max_in_flight = max(self.max_in_flight, self.in_flight)
        try:
            route, raw = self._routes.get(request.path, (Response(404, b"not found"), False))
            if raw:
                await route(request, writer)  # type: ignore[call-arg,misc]
                return False
            response = route(request) if callable(route) else route  # type: ignore[call-arg]
            assert isinstance(response, Response)
            await _write_response(response, writer, head_only=request.method == "HEAD")
            return response.chunks is None
        finally:
            with self._lock:
                self.in_flight -= 1


async def _read_request(reader: asyncio.StreamReader) -> Request | None:
    line = await reader.readline()
    if not line:
        return None
    method, target, _ = line.decode("latin-1").split(" ", 2)
    headers: dict[str, str] = {}
    while True:
        raw = await reader.readline()
        if raw in (b"\r\n", b"\n", b""):
            break
        name, _, value = raw.decode("latin-1").partition(":")
        headers[name.strip().lower()] = value.strip()
    length = int(headers.get("content-length", "0") or 0)
    body = await reader.readexactly(length) if length else b""
    path = target.split("?", 1)[0]
    if "://" in path:  # absolute-form (proxy requests)
        path = "/" + path.split("://", 1)[1].partition("/")[2]
    return Request(method, target, path, headers, body)


async def _write_response(response: Response, writer: asyncio.StreamWriter, *, head_only: bool) -> None:
    if response.delay_s:
        await asyncio.sleep(response.delay_s)
    reason = HTTPStatus(response.status).phrase if response.status in HTTPStatus._value2member_map_ else "X"
    headers = dict(response.headers)
    if response.chunks is None:
        headers.setdefault("Content-Length", str(len(response.body)))
    else:
        headers["Connection"] = "close"
    head = f"HTTP/1.1 {response.status} {reason}\r\n" + "".join(f"{k}: {v}\r\n" for k, v in headers.items())
    writer.write(head.encode("latin-1") + b"\r\n")
    if head_only:
        await writer.drain()
        return
    if response.chunks is None:
        writer.write(response.body)
        await writer.drain()
        return
    for chunk in response.chunks:
        writer.write(chunk)
        await writer.drain()
        if response.chunk_delay_s:
            await asyncio.sleep(response.chunk_delay_s)
