"""The pinned network backend: httpcore connects only to addresses the guard checked.

httpcore asks its network backend for a TCP stream to ``(host, port)`` of the
request's origin. :class:`PinnedBackend` answers by asking :meth:`Guard.resolve`
for the checked addresses of that host (one resolution per connection; a
private or mixed answer raises ``SSRFBlocked`` before any socket is opened) and
connecting to those *addresses*, in turn, through httpcore's own anyio backend.
The host name itself is never handed to anything that could resolve it again.

TLS is unaffected: httpcore calls ``start_tls`` on the returned stream with
``server_hostname`` set to the origin's host (``httpcore/_async/connection.py``,
``_connect``), so SNI and certificate verification still use the name, not the
address we connected to.

The returned stream is wrapped so that a TLS handshake interrupted by
cancellation (our deadline) closes its socket: httpcore's anyio stream closes
only on ``Exception``, and the connection object drops the stream unclosed.

The wrapper also answers httpcore's ``is_readable`` question itself. httpcore asks it of every idle
connection in the pool on every request (a readable idle socket means the server closed it), and
anyio's stream answers it by building its whole attribute table, with a ``getpeername`` system call,
each time: a fifth of a busy batch reader's main thread. We keep the socket and poll it.
"""

from __future__ import annotations

import contextlib
import select
import ssl
from collections.abc import Iterable
from typing import Any, Protocol, runtime_checkable

import httpcore

from weblens.errors import ConnectError, SSRFBlocked
from weblens.net.guard import Guard

__all__ = ["PinnedBackend"]

SocketOption = tuple[int, int, int] | tuple[int, int, bytes | bytearray] | tuple[int, int, None, int]


class PinnedBackend(httpcore.AsyncNetworkBackend):
    def __init__(self, guard: Guard, inner: httpcore.AsyncNetworkBackend | None = None) -> None:
        self._guard = guard
        self._inner = inner if inner is not None else httpcore.AnyIOBackend()

    async def connect_tcp(
        self,
        host: str,
        port: int,
        timeout: float | None = None,  # noqa: ASYNC109 (httpcore's signature)
        local_address: str | None = None,
        socket_options: Iterable[SocketOption] | None = None,
    ) -> httpcore.AsyncNetworkStream:
        addresses = await self._guard.resolve(host, port)
        failures: list[str] = []
        last: httpcore.ConnectError | None = None
        for address in addresses:
            try:
                stream = await self._inner.connect_tcp(
                    str(address),
                    port,
                    timeout=timeout,
                    local_address=local_address,
                    socket_options=socket_options,
                )
                return _ClosingStream(stream)
            except httpcore.ConnectError as exc:  # refused, unreachable: try the next checked address
                failures.append(f"{address}: {exc}")
                last = exc
        raise ConnectError(f"could not connect to {host}:{port} ({'; '.join(failures)})") from last

    async def connect_unix_socket(
        self,
        path: str,
        timeout: float | None = None,  # noqa: ASYNC109 (httpcore's signature)
        socket_options: Iterable[SocketOption] | None = None,
    ) -> httpcore.AsyncNetworkStream:
        raise SSRFBlocked("Unix domain sockets are never used by the guarded fetcher")

    async def sleep(self, seconds: float) -> None:
        await self._inner.sleep(seconds)


class _ClosingStream(httpcore.AsyncNetworkStream):
    """Delegates to the real stream; closes it if the TLS handshake fails or is cancelled."""

    def __init__(self, inner: httpcore.AsyncNetworkStream) -> None:
        self._inner = inner
        self._socket: _HasFileno | None = None

    async def read(self, max_bytes: int, timeout: float | None = None) -> bytes:  # noqa: ASYNC109
        return await self._inner.read(max_bytes, timeout)

    async def write(self, buffer: bytes, timeout: float | None = None) -> None:  # noqa: ASYNC109
        await self._inner.write(buffer, timeout)

    async def aclose(self) -> None:
        await self._inner.aclose()

    async def start_tls(
        self,
        ssl_context: ssl.SSLContext,
        server_hostname: str | None = None,
        timeout: float | None = None,  # noqa: ASYNC109
    ) -> httpcore.AsyncNetworkStream:
        try:
            return await self._inner.start_tls(ssl_context, server_hostname, timeout)
        except BaseException:
            with contextlib.suppress(Exception):  # already broken; the original error matters
                await self._inner.aclose()
            raise

    def get_extra_info(self, info: str) -> Any:
        if info == "is_readable":
            if self._socket is None:
                found = self._inner.get_extra_info("socket")  # a socket, or asyncio's TransportSocket
                if isinstance(found, _HasFileno):
                    self._socket = found
            if self._socket is not None:
                return socket_readable(self._socket)
        return self._inner.get_extra_info(info)


@runtime_checkable
class _HasFileno(Protocol):
    def fileno(self) -> int: ...


def socket_readable(sock: _HasFileno) -> bool:
    """Whether reading ``sock`` would not block: data or EOF waiting (a closed socket counts as readable,
    so that a connection on it is dropped)."""
    if sock.fileno() < 0:
        return True
    poller = select.poll()
    poller.register(sock, select.POLLIN)
    return bool(poller.poll(0))
