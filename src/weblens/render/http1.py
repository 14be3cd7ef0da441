"""Pure HTTP/1.1 message-head handling for the render proxy: parse, check, rebuild. No I/O.

The proxy only ever needs three things from a request head: what it asks for
(CONNECT authority or absolute-form URL), whether it carries our credentials,
and a clean origin-form copy to send upstream. Everything ambiguous is refused
with a status code rather than guessed at.
"""

from __future__ import annotations

import base64
import hmac
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

__all__ = [
    "HOP_BY_HOP",
    "HeadError",
    "RequestHead",
    "ResponseHead",
    "basic_authorization",
    "credentials_match",
    "origin_request",
    "parse_authority",
    "parse_request_head",
    "request_body_length",
    "rewrite_response_head",
    "simple_response",
]

MAX_HEADERS = 100
HOP_BY_HOP = frozenset(
    {
        "connection",
        "keep-alive",
        "proxy-authenticate",
        "proxy-authorization",
        "proxy-connection",
        "te",
        "trailer",
        "transfer-encoding",
        "upgrade",
    }
)
_TOKEN_CHARS = frozenset("!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
_REASONS: Mapping[int, str] = MappingProxyType(
    {
        200: "Connection Established",
        400: "Bad Request",
        403: "Forbidden",
        405: "Method Not Allowed",
        407: "Proxy Authentication Required",
        411: "Length Required",
        431: "Request Header Fields Too Large",
        501: "Not Implemented",
        502: "Bad Gateway",
        503: "Service Unavailable",
        504: "Gateway Timeout",
    }
)


class HeadError(ValueError):
    """A request the proxy refuses to interpret; ``status`` is the answer to send."""

    def __init__(self, status: int, reason: str) -> None:
        super().__init__(reason)
        self.status = status
        self.reason = reason


@dataclass(frozen=True, slots=True)
class RequestHead:
    method: str
    target: str
    version: str
    headers: tuple[tuple[str, str], ...]

    def get(self, name: str) -> str | None:
        """The value of header ``name`` (case-insensitive); refuses duplicates of it."""
        found = [value for key, value in self.headers if key.lower() == name]
        if len(found) > 1:
            raise HeadError(400, f"duplicate {name} header")
        return found[0] if found else None


def parse_request_head(raw: bytes) -> RequestHead:
    """Parse a request line and headers (``raw`` ends with the blank line)."""
    try:
        text = raw.decode("ascii")
    except UnicodeDecodeError as exc:
        raise HeadError(400, "non-ASCII bytes in request head") from exc
    lines = text.split("\r\n")
    while lines and lines[-1] == "":
        lines.pop()
    if not lines:
        raise HeadError(400, "empty request")
    parts = lines[0].split(" ")
    if len(parts) != 3 or not parts[0] or not set(parts[0]) <= _TOKEN_CHARS or not parts[1]:
        raise HeadError(400, "malformed request line")
    method, target, version = parts
    if version not in ("HTTP/1.1", "HTTP/1.0"):
        raise HeadError(400, "unsupported HTTP version")
    if len(lines) - 1 > MAX_HEADERS:
        raise HeadError(431, "too many header fields")
    headers = tuple(_parse_header(line) for line in lines[1:])
    return RequestHead(method=method, target=target, version=version, headers=headers)


def _parse_header(line: str) -> tuple[str, str]:
    name, sep, value = line.partition(":")
    if not sep or not name or not set(name) <= _TOKEN_CHARS:
        raise HeadError(400, "malformed header field")  # also refuses obsolete line folding
    if "\x00" in value or "\r" in value or "\n" in value:
        raise HeadError(400, "control character in header value")
    return name, value.strip(" \t")


def parse_authority(authority: str) -> tuple[str, int]:
    """``host:port`` or ``[v6]:port`` of a CONNECT request; the port is required."""
    host, sep, port = authority.rpartition(":")
    if not sep or not host or not port.isdigit() or len(port) > 5 or not 0 < int(port) < 65536:
        raise HeadError(400, "CONNECT target must be host:port")
    if host.startswith("["):
        if not host.endswith("]") or len(host) < 3:
            raise HeadError(400, "malformed IPv6 authority")
        host = host[1:-1]
    elif ":" in host or "@" in host or "/" in host:
        raise HeadError(400, "malformed CONNECT authority")
    return host, int(port)


def basic_authorization(username: str, password: str) -> str:
    token = base64.b64encode(f"{username}:{password}".encode()).decode("ascii")
    return f"Basic {token}"


def credentials_match(head: RequestHead, expected: str) -> bool:
    """True when Proxy-Authorization equals ``expected`` (constant-time comparison)."""
    try:
        given = head.get("proxy-authorization")
    except HeadError:
        return False
    return given is not None and hmac.compare_digest(given.encode(), expected.encode())


def request_body_length(head: RequestHead) -> int:
    """Bytes of request body to forward; chunked uploads are refused (Chromium never sends them on h1)."""
    if head.get("transfer-encoding") is not None:
        raise HeadError(501, "chunked request bodies are not supported")
    length = head.get("content-length")
    if length is None:
        return 0
    if not length.isdigit() or len(length) > 15:
        raise HeadError(400, "malformed Content-Length")
    return int(length)


def origin_request(head: RequestHead, *, path: str, host_header: str) -> bytes:
    """The request to send upstream: origin-form target, hop-by-hop headers removed, one request only."""
    named = {token.strip().lower() for token in (head.get("connection") or "").split(",") if token.strip()}
    drop = HOP_BY_HOP | named | {"host"}
    lines = [f"{head.method} {path} HTTP/1.1", f"Host: {host_header}"]
    lines += [f"{name}: {value}" for name, value in head.headers if name.lower() not in drop]
    lines.append("Connection: close")
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")


@dataclass(frozen=True, slots=True)
class ResponseHead:
    raw: bytes
    """The head to send to the client (``Connection: close`` set, keep-alive headers removed)."""
    status: int
    body_length: int | None
    """Body bytes that follow, or ``None`` when the body ends only when the server closes."""


def rewrite_response_head(raw: bytes, *, request_method: str = "GET") -> ResponseHead:
    """Mark an upstream response head ``Connection: close`` and work out where its body ends.

    The client connection carries exactly one request, so it must never be
    offered for reuse.
    """
    lines = raw.decode("latin-1").split("\r\n")
    while lines and lines[-1] == "":
        lines.pop()
    status_line = lines[0] if lines else ""
    parts = status_line.split(" ", 2)
    if len(parts) < 2 or not parts[0].startswith("HTTP/1.") or not parts[1].isdigit() or len(parts[1]) != 3:
        raise HeadError(502, "malformed upstream status line")
    status = int(parts[1])
    fields = [(line.partition(":")[0].strip().lower(), line.partition(":")[2].strip()) for line in lines[1:]]
    kept = [line for line, (name, _) in zip(lines[1:], fields, strict=True) if name not in _RESPONSE_DROP]
    out = "\r\n".join([status_line, *kept, "Connection: close"]) + "\r\n\r\n"
    return ResponseHead(out.encode("latin-1"), status, _body_length(status, fields, request_method))


def _body_length(status: int, fields: list[tuple[str, str]], request_method: str) -> int | None:
    if request_method == "HEAD" or status < 200 or status in (204, 304):
        return 0
    if any(name == "transfer-encoding" for name, _ in fields):
        return None
    lengths = {value for name, value in fields if name == "content-length"}
    if not lengths:
        return None
    if len(lengths) > 1 or not all(value.isdigit() for value in lengths):
        raise HeadError(502, "conflicting or malformed upstream Content-Length")
    return int(lengths.pop())


_RESPONSE_DROP = frozenset({"connection", "keep-alive", "proxy-connection", "proxy-authenticate"})


def simple_response(status: int, message: str = "", *, headers: dict[str, str] | None = None) -> bytes:
    """A complete small response from the proxy itself (always closes the connection)."""
    body = (message + "\n").encode() if message else b""
    lines = [f"HTTP/1.1 {status} {_REASONS.get(status, 'Error')}"]
    lines += [f"{name}: {value}" for name, value in (headers or {}).items()]
    if status != 200:
        lines += ["Content-Type: text/plain; charset=utf-8", f"Content-Length: {len(body)}"]
        lines.append("Connection: close")
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + (body if status != 200 else b"")
