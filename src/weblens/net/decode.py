"""Bounded Content-Encoding decoders: pure, no I/O.

A decoder is fed raw body bytes and yields decoded pieces of at most about
``STEP`` bytes each, so the caller can count the *decoded* size and stop at its
cap without a compression bomb ever being inflated in memory: zlib is driven
with ``max_length`` and ``unconsumed_tail``, brotli with ``output_buffer_limit``.

Supported: identity, gzip (also multi-member, and ``x-gzip``), deflate (zlib
wrapped, or raw deflate as some servers send it) and br. Anything else, or a
chain of several encodings, is refused with :class:`UnsupportedEncoding`.
Corrupt data raises :class:`CorruptEncoding`. A stream that simply ends early
is accepted with what was decoded, as browsers do.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterator
from typing import Protocol

__all__ = [
    "ACCEPT_ENCODING",
    "STEP",
    "ContentDecoder",
    "CorruptEncoding",
    "UnsupportedEncoding",
    "decoder_for",
]

ACCEPT_ENCODING = "gzip, deflate, br"
STEP = 64 * 1024  # largest piece a zlib decoder yields at once (brotli: about 1.5x this)

_GZIP_MAGIC = b"\x1f\x8b"


class UnsupportedEncoding(ValueError):
    """The Content-Encoding is unknown or a chain we do not decode."""


class CorruptEncoding(ValueError):
    """The body is not valid data of its Content-Encoding."""


class ContentDecoder(Protocol):
    def feed(self, data: bytes) -> Iterator[bytes]:
        """Decode ``data`` (plus anything held back), yielding bounded pieces."""
        ...


class IdentityDecoder:
    def feed(self, data: bytes) -> Iterator[bytes]:
        for start in range(0, len(data), STEP):
            yield data[start : start + STEP]


class ZlibDecoder:
    """gzip (``gzip=True``, multi-member) or deflate (zlib header or raw, detected).

    A gzip body may be several members back to back. A network read can end exactly where one
    member ends (or inside the next member's two-byte magic), so reaching the end of a member
    with nothing left over means "wait for the next read", not "done": only bytes that do not
    start a new member end the body (trailing garbage is ignored, as browsers do).
    """

    def __init__(self, *, gzip: bool) -> None:
        self._gzip = gzip
        self._z: zlib._Decompress | None = zlib.decompressobj(16 + zlib.MAX_WBITS) if gzip else None
        self._head = b""  # deflate: bytes held until the first two tell zlib from raw
        self._between = False  # gzip: a member has ended; the next bytes may start another
        self._done = False  # trailing garbage after the last gzip member is ignored

    def feed(self, data: bytes) -> Iterator[bytes]:
        if self._done:
            return
        if self._z is None:
            self._head += data
            if len(self._head) < 2:
                return
            data, self._head = self._head, b""
            self._z = zlib.decompressobj(zlib.MAX_WBITS if _has_zlib_header(data) else -zlib.MAX_WBITS)
        if self._between:
            data, self._head = self._head + data, b""
            if len(data) < len(_GZIP_MAGIC):
                self._head = data  # not yet enough to tell a new member from trailing bytes
                return
            self._between = False
            data = self._next_member(data)
            if not data:
                return
        yield from self._inflate(data)

    def _inflate(self, data: bytes) -> Iterator[bytes]:
        pending = data
        while not self._done:
            assert self._z is not None
            try:
                # an empty ``pending`` after a full piece drains output zlib still holds
                out = self._z.decompress(pending, STEP)
            except zlib.error as exc:
                raise CorruptEncoding(f"corrupt {self._name} data: {exc}") from exc
            if out:
                yield out
            if self._z.eof:
                rest = self._z.unused_data
                if self._gzip and len(rest) < len(_GZIP_MAGIC):
                    self._between, self._head = True, rest  # the next read may bring another member
                    return
                pending = self._next_member(rest)
                if not pending:
                    return
                continue
            pending = self._z.unconsumed_tail
            if not pending and len(out) < STEP:
                return

    def _next_member(self, rest: bytes) -> bytes:
        if self._gzip and rest.startswith(_GZIP_MAGIC):
            self._z = zlib.decompressobj(16 + zlib.MAX_WBITS)
            return rest
        self._done = True
        return b""

    @property
    def _name(self) -> str:
        return "gzip" if self._gzip else "deflate"


def _has_zlib_header(data: bytes) -> bool:
    """RFC 1950: compression method 8 and a header checksum divisible by 31."""
    return data[0] & 0x0F == 8 and (data[0] << 8 | data[1]) % 31 == 0


class BrotliDecoder:
    def __init__(self) -> None:
        import brotli

        self._error: type[Exception] = brotli.error
        self._d = brotli.Decompressor()

    def feed(self, data: bytes) -> Iterator[bytes]:
        try:
            out = self._d.process(data, output_buffer_limit=STEP)
            if out:
                yield out
            # a full piece means more output may be pending (can_accept_more_data() can already be
            # True then); the decoder must be drained with empty input before it takes more
            while out and (len(out) >= STEP or not self._d.can_accept_more_data()):
                if self._d.is_finished():
                    return
                out = self._d.process(b"", output_buffer_limit=STEP)
                if out:
                    yield out
        except self._error as exc:
            raise CorruptEncoding(f"corrupt br data: {exc}") from exc


def decoder_for(content_encoding: str | None) -> ContentDecoder:
    """The decoder for a Content-Encoding header value (None or empty: identity)."""
    codings = [c.strip().lower() for c in (content_encoding or "").split(",") if c.strip()]
    codings = [c for c in codings if c != "identity"]
    if not codings:
        return IdentityDecoder()
    if len(codings) > 1:
        raise UnsupportedEncoding(f"stacked Content-Encoding {content_encoding!r} is not supported")
    coding = codings[0]
    if coding in ("gzip", "x-gzip"):
        return ZlibDecoder(gzip=True)
    if coding == "deflate":
        return ZlibDecoder(gzip=False)
    if coding == "br":
        return BrotliDecoder()
    raise UnsupportedEncoding(f"unsupported Content-Encoding {coding!r}")
