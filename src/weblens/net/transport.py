"""An httpx transport over an httpcore pool whose every connection goes through the pinned backend.

The fetcher sends ``httpx.Request`` objects straight to :class:`PinnedTransport`
rather than through ``httpx.AsyncClient``: the client would parse each
``Location`` header with its own URL parser even when not following redirects
(and fail on values it dislikes), and it consults proxy environment variables
unless told not to. Without the client there is no proxy code path at all, and
redirects are judged only by our own parser and guard.

This module is also the boundary where httpcore's exceptions become weblens
errors; weblens errors raised by the guard inside the backend pass through.
"""

from __future__ import annotations

import ssl
from collections.abc import AsyncIterable, AsyncIterator, Iterator
from contextlib import contextmanager

import httpcore
import httpx

from weblens.errors import ConnectError, FetchTimeout, InvalidURL, WeblensError
from weblens.net.backend import PinnedBackend
from weblens.net.guard import Guard

__all__ = ["PinnedTransport", "TLSError"]


class TLSError(ConnectError):
    """The TLS handshake failed (certificate not trusted, wrong name, protocol); code ``connect_error``."""


class PinnedTransport(httpx.AsyncBaseTransport):
    def __init__(
        self,
        guard: Guard,
        *,
        ssl_context: ssl.SSLContext | None = None,
        max_connections: int = 20,
        keepalive_expiry: float = 30.0,
    ) -> None:
        self._pool = httpcore.AsyncConnectionPool(
            ssl_context=ssl_context if ssl_context is not None else httpx.create_ssl_context(),
            max_connections=max_connections,
            max_keepalive_connections=max_connections,
            keepalive_expiry=keepalive_expiry,
            http1=True,
            http2=False,
            retries=0,
            network_backend=PinnedBackend(guard),
        )

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        assert isinstance(request.stream, httpx.AsyncByteStream)
        extensions = {k: v for k, v in request.extensions.items() if k != "sni_hostname"}
        core_request = httpcore.Request(
            method=request.method,
            url=httpcore.URL(
                scheme=request.url.raw_scheme,
                host=request.url.raw_host,
                port=request.url.port,
                target=request.url.raw_path,
            ),
            headers=request.headers.raw,
            content=request.stream,
            extensions=extensions,
        )
        host = request.url.host
        with translate_errors(host):
            response = await self._pool.handle_async_request(core_request)
        assert isinstance(response.stream, AsyncIterable)
        return httpx.Response(
            status_code=response.status,
            headers=response.headers,
            stream=_ResponseStream(response.stream, host),
            extensions=response.extensions,
        )

    async def aclose(self) -> None:
        await self._pool.aclose()


class _ResponseStream(httpx.AsyncByteStream):
    def __init__(self, stream: AsyncIterable[bytes], host: str) -> None:
        self._stream = stream
        self._host = host

    async def __aiter__(self) -> AsyncIterator[bytes]:
        with translate_errors(self._host, reading=True):
            async for part in self._stream:
                yield part

    async def aclose(self) -> None:
        close = getattr(self._stream, "aclose", None)
        if close is not None:
            await close()


@contextmanager
def translate_errors(host: str, *, reading: bool = False) -> Iterator[None]:
    """Map httpcore/httpx exceptions to weblens errors; weblens errors pass through."""
    try:
        yield
    except WeblensError:
        raise
    except httpcore.TimeoutException as exc:
        raise FetchTimeout(f"timed out talking to {host}") from exc
    except httpcore.ConnectError as exc:
        cause = exc.__cause__ or exc.__context__
        if isinstance(cause, ssl.SSLError):
            raise TLSError(f"TLS handshake with {host} failed: {_tls_reason(cause)}") from exc
        raise ConnectError(f"could not connect to {host}: {_detail(exc)}") from exc
    except httpcore.RemoteProtocolError as exc:
        raise ConnectError(f"{host} broke the HTTP protocol: {_detail(exc)}") from exc
    except (httpcore.NetworkError, httpcore.ProtocolError) as exc:
        what = "reading the response from" if reading else "talking to"
        raise ConnectError(f"connection failed while {what} {host}: {_detail(exc)}") from exc
    except httpcore.UnsupportedProtocol as exc:
        raise InvalidURL(f"unsupported protocol: {exc}") from exc


def _detail(exc: Exception) -> str:
    cause = exc.__cause__ or exc.__context__
    text = str(exc) or (str(cause) if cause else "")
    return text or type(cause or exc).__name__


def _tls_reason(exc: ssl.SSLError) -> str:
    if isinstance(exc, ssl.SSLCertVerificationError):
        return f"certificate verification failed ({exc.verify_message})"
    return exc.reason or str(exc)
