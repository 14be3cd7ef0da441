"""The I/O edge shared by the engines: send one request, read a capped body, translate failures.

Engines describe a request as a :class:`RequestSpec` (a pure value built by their
``build_request``), :func:`send` performs it with the injected ``httpx.AsyncClient``
and returns a :class:`RawResponse` for their pure ``parse_response``. httpx errors
never leave this module: timeouts become :class:`ProviderTimeout`, connection
failures :class:`TransientProviderError`, anything else ``ProviderError``.
Redirects are not followed: an endpoint is operator configuration, and an API key
must not travel to wherever a redirect points.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Literal

import httpx

from weblens.errors import NotConfigured, ProviderError, RateLimited, WeblensError
from weblens.search.base import CONFIG_HINTS, ProviderTimeout, TransientProviderError
from weblens.search.dates import parse_retry_after

__all__ = [
    "MAX_RESPONSE_BYTES",
    "RawResponse",
    "RequestSpec",
    "body_excerpt",
    "error_for_status",
    "get_header",
    "read_json",
    "send",
]

MAX_RESPONSE_BYTES = 5 * 1024 * 1024
Pairs = tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class RequestSpec:
    """One HTTP request to a provider, as a value."""

    method: Literal["GET", "POST"]
    url: str
    params: Pairs = ()
    headers: Pairs = ()
    form: Pairs = ()
    json: Mapping[str, Any] | None = field(default=None)

    def param(self, name: str) -> str | None:
        return next((value for key, value in self.params if key == name), None)

    def header(self, name: str) -> str | None:
        return next((value for key, value in self.headers if key.lower() == name.lower()), None)

    def form_value(self, name: str) -> str | None:
        return next((value for key, value in self.form if key == name), None)


@dataclass(frozen=True)
class RawResponse:
    status: int
    headers: Mapping[str, str]
    body: bytes
    received_at: datetime


def get_header(headers: Mapping[str, str], name: str) -> str | None:
    """Case-insensitive header lookup on any mapping."""
    wanted = name.lower()
    return next((value for key, value in headers.items() if key.lower() == wanted), None)


def body_excerpt(body: bytes, limit: int = 200) -> str:
    """The start of a body as one line of text, for error messages."""
    text = " ".join(body[: limit * 4].decode("utf-8", errors="replace").split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def read_json(body: bytes, *, provider: str) -> Any:
    """Decode a JSON body or raise ProviderError saying what came back instead."""
    try:
        return json.loads(body)
    except ValueError as exc:  # JSONDecodeError and UnicodeDecodeError
        raise ProviderError(
            f"{provider} returned a response that is not JSON: {body_excerpt(body)!r}", provider=provider
        ) from exc


def error_for_status(
    status: int, message: str, *, provider: str, headers: Mapping[str, str], now: datetime | None = None
) -> WeblensError:
    """The default mapping of an HTTP error status; engines handle their special cases first."""
    detail = message or f"HTTP {status}"
    if status == 401:
        hint = CONFIG_HINTS.get(provider, "its settings")
        message = f"{provider} rejected the credentials ({detail}); check {hint}"
        return NotConfigured(message, provider=provider)
    if status == 429:
        retry_after = parse_retry_after(get_header(headers, "retry-after"), now=now)
        message = f"{provider} is rate limiting: {detail}"
        return RateLimited(message, provider=provider, retry_after=retry_after)
    if status >= 500:
        return TransientProviderError(f"{provider} failed with HTTP {status}: {detail}", provider=provider)
    if 300 <= status < 400:
        target = get_header(headers, "location") or "?"
        return ProviderError(f"{provider} redirected to {target}; check its endpoint", provider=provider)
    return ProviderError(f"{provider} answered HTTP {status}: {detail}", provider=provider)


async def _read_capped(response: httpx.Response, max_bytes: int, provider: str) -> bytes:
    chunks: list[bytes] = []
    size = 0
    async for chunk in response.aiter_bytes():
        size += len(chunk)
        if size > max_bytes:
            raise ProviderError(f"{provider} sent more than {max_bytes} bytes", provider=provider)
        chunks.append(chunk)
    return b"".join(chunks)


async def send(
    client: httpx.AsyncClient, spec: RequestSpec, *, provider: str, max_bytes: int = MAX_RESPONSE_BYTES
) -> RawResponse:
    """Perform ``spec`` and return the status, headers and (capped) body."""
    try:
        request = client.build_request(
            spec.method,
            spec.url,
            params=list(spec.params) or None,
            headers=list(spec.headers),
            data=dict(spec.form) if spec.form else None,
            json=spec.json,
        )
        response = await client.send(request, stream=True, follow_redirects=False)
        try:
            body = await _read_capped(response, max_bytes, provider)
        finally:
            await response.aclose()
    except httpx.TimeoutException as exc:
        raise ProviderTimeout(f"{provider} did not answer in time", provider=provider) from exc
    except httpx.TransportError as exc:
        raise TransientProviderError(f"{provider} could not be reached: {exc!r}", provider=provider) from exc
    except (httpx.HTTPError, httpx.InvalidURL) as exc:
        raise ProviderError(f"{provider} request failed: {exc!r}", provider=provider) from exc
    return RawResponse(response.status_code, response.headers, body, datetime.now(UTC))
