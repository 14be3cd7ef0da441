"""The one ASGI layer in front of the HTTP app: API keys, per-key rate limit, body caps, metrics.

It is a plain ASGI callable (no per-request middleware stack): for each HTTP request it

1. checks ``Authorization: Bearer KEY`` against the configured keys in constant time (public paths —
   health probes, the dashboard page and its assets — need none);
2. counts the request against the key's rate limit (``WEBLENS_RATE_LIMIT``, e.g. ``60/minute``) in the
   shared counter store, over a sliding window (:mod:`weblens.cache.window`), and sets the key as the scope of
   the hourly search budget;
3. reads the body within its size cap (10 MB for ``/v1/extract``, 64 KB elsewhere) and its time limit
   (a client that trickles its body is cut off), then hands it on;
4. cancels the request's work when the client goes away, and records route, status and latency.

Keys are never logged; a key is known inside the server only by a short hash (``key_id``).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import re
import time
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from dataclasses import dataclass, field
from typing import Any

from weblens.cache.window import Counter, seconds_until_room, spend
from weblens.server.errors import error_body
from weblens.server.metrics import Metrics
from weblens.session import budget_scope

__all__ = ["Gate", "GateOptions", "RateLimit", "key_id"]

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


_UNITS = {"second": 1.0, "s": 1.0, "minute": 60.0, "min": 60.0, "m": 60.0, "hour": 3600.0, "h": 3600.0}
_RATE = re.compile(r"^\s*(\d+)\s*/\s*(\d*)\s*([a-z]+)\s*$")
_ROUTE_PARAM = re.compile(r"^(/v1/sessions/)[^/]+")
_KNOWN_PATHS = frozenset({"/", "/healthz", "/readyz", "/metrics", "/openapi.json", "/docs", "/mcp"})


@dataclass(frozen=True)
class RateLimit:
    requests: int
    window_s: float

    @classmethod
    def parse(cls, spec: str) -> RateLimit:
        """``60/minute``, ``10/second``, ``1000/hour``, ``100/5minute``."""
        found = _RATE.match(spec.lower())
        if not found or found.group(3) not in _UNITS or int(found.group(1)) < 1:
            raise ValueError(f"rate limit must look like 60/minute, got {spec!r}")
        count = int(found.group(2) or 1)
        return cls(int(found.group(1)), _UNITS[found.group(3)] * max(count, 1))


def key_id(key: str) -> str:
    """A short, stable, non-reversible name for an API key (for counters and logs)."""
    return hashlib.sha256(key.encode("utf-8")).hexdigest()[:12]


@dataclass(frozen=True, kw_only=True)
class GateOptions:
    api_keys: tuple[str, ...] = ()
    rate_limit: RateLimit | None = None
    public_paths: frozenset[str] = frozenset({"/healthz", "/readyz"})
    public_prefixes: tuple[str, ...] = ()
    unmetered_paths: frozenset[str] = frozenset()
    """Paths that need a key but do not count against its rate limit (the dashboard's polling)."""
    body_caps: dict[str, int] = field(default_factory=lambda: {"/v1/extract": 10 * 1024 * 1024})
    default_body_cap: int = 64 * 1024
    body_timeout_s: float = 15.0
    watch_disconnect: bool = True
    """Cancel a request's work when its client goes away (off for apps that read their own stream)."""


class _Refused(Exception):
    def __init__(
        self, status: int, code: str, message: str, headers: Iterable[tuple[bytes, bytes]] = ()
    ) -> None:
        super().__init__(message)
        self.status, self.code, self.message, self.headers = status, code, message, list(headers)


class Gate:
    def __init__(
        self,
        app: ASGIApp,
        options: GateOptions,
        *,
        counter: Counter | None = None,
        metrics: Metrics | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.app = app
        self.options = options
        self._keys = [key.encode("utf-8") for key in options.api_keys]
        self._counter = counter
        self._metrics = metrics
        self._clock = clock

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        status = {"code": 0}

        async def send_tracked(message: Message) -> None:
            if message["type"] == "http.response.start":
                status["code"] = int(message["status"])
            await send(message)

        try:
            await self._serve(scope, receive, send_tracked)
        finally:
            if self._metrics is not None and status["code"]:
                self._metrics.request(_route(scope), status["code"], time.perf_counter() - started)

    async def _serve(self, scope: Scope, receive: Receive, send: Send) -> None:
        path: str = scope["path"]
        try:
            if not self._is_public(path):
                who = self._authenticate(scope)
                if who:
                    scope.setdefault("state", {})["key_id"] = who
                    budget_scope.set(who)
                if path not in self.options.unmetered_paths:
                    await self._count(who)
            body = await self._read_body(scope, receive)
        except _Refused as refusal:
            await _answer(send, refusal)
            return
        await self._run_app(scope, body, receive, send)

    # --- the checks -------------------------------------------------------------------------
    def _is_public(self, path: str) -> bool:
        return path in self.options.public_paths or path.startswith(self.options.public_prefixes)

    def _authenticate(self, scope: Scope) -> str:
        """The caller's key id ('' when the server has no keys); refuses a missing or wrong key."""
        if not self._keys:
            return ""
        given = _bearer(scope)
        matched = b""
        for key in self._keys:  # every key is compared: the time does not tell which one matched
            if hmac.compare_digest(given, key):
                matched = key
        if not given or not matched:
            raise _Refused(
                401,
                "unauthorized",
                "a valid API key is required: Authorization: Bearer KEY",
                [(b"www-authenticate", b'Bearer realm="weblens"')],
            )
        return key_id(matched.decode("utf-8"))

    async def _count(self, who: str) -> None:
        limit = self.options.rate_limit
        if limit is None or self._counter is None:
            return
        window = await spend(self._counter, f"rate:{who or 'anonymous'}", self._clock(), limit.window_s)
        if window.used > limit.requests:
            retry = seconds_until_room(window, limit.requests)
            raise _Refused(
                429,
                "rate_limited",
                f"rate limit of {limit.requests} requests per {limit.window_s:g} s reached; "
                f"retry in {retry} s",
                [(b"retry-after", str(retry).encode())],
            )

    async def _read_body(self, scope: Scope, receive: Receive) -> bytes:
        cap = self.options.body_caps.get(scope["path"], self.options.default_body_cap)
        declared = _header(scope, b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > cap:
            raise _too_large(cap)
        chunks: list[bytes] = []
        size = 0
        try:
            async with asyncio.timeout(self.options.body_timeout_s):
                while True:
                    message = await receive()
                    if message["type"] == "http.disconnect":
                        raise _Refused(499, "client_closed", "the client closed the connection")
                    chunk = message.get("body", b"")
                    size += len(chunk)
                    if size > cap:
                        raise _too_large(cap)
                    chunks.append(chunk)
                    if not message.get("more_body", False):
                        return b"".join(chunks)
        except TimeoutError:
            raise _Refused(
                408,
                "invalid_argument",
                f"the request body did not arrive within {self.options.body_timeout_s:g} s",
            ) from None

    # --- running the app, cancelled when the client leaves --------------------------------------
    async def _run_app(self, scope: Scope, body: bytes, receive: Receive, send: Send) -> None:
        delivered = False

        async def replay() -> Message:
            nonlocal delivered
            if not delivered:
                delivered = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        if not self.options.watch_disconnect:
            await self.app(scope, replay, send)
            return
        work = asyncio.ensure_future(self.app(scope, replay, send))
        watcher = asyncio.ensure_future(_wait_for_disconnect(receive))
        try:
            done, _ = await asyncio.wait({work, watcher}, return_when=asyncio.FIRST_COMPLETED)
            if work not in done:  # the client went away: stop its work (and its browser pages)
                work.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await work
                return
            work.result()
        finally:
            watcher.cancel()
            if not work.done():
                work.cancel()


async def _wait_for_disconnect(receive: Receive) -> None:
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            return


def _too_large(cap: int) -> _Refused:
    return _Refused(413, "invalid_argument", f"the request body is larger than {cap} bytes")


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key == name:
            return bytes(value).decode("latin-1")
    return None


def _bearer(scope: Scope) -> bytes:
    value = _header(scope, b"authorization") or ""
    scheme, _, token = value.partition(" ")
    return token.strip().encode("utf-8") if scheme.lower() == "bearer" else b""


def _route(scope: Scope) -> str:
    route = scope.get("route")
    path = getattr(route, "path", None)
    if isinstance(path, str):
        return path
    raw: str = scope["path"]
    if raw.startswith("/v1/"):
        return _ROUTE_PARAM.sub(r"\1{id}", raw)
    return raw if raw in _KNOWN_PATHS else "other"


async def _answer(send: Send, refusal: _Refused) -> None:
    body = error_body(refusal.code, refusal.message)
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    await send(
        {"type": "http.response.start", "status": refusal.status, "headers": headers + refusal.headers}
    )
    await send({"type": "http.response.body", "body": body})
