"""The extract operation without a Lens: a document given in the call, extracted off the event loop.

``Lens.extract`` and the ``weblens extract`` command share this path; the command runs it without
opening a Lens (nothing to fetch, render or cache), so it does not load the network, research and
rendering stacks.
"""

from __future__ import annotations

import base64
import binascii
import zlib
from dataclasses import replace
from typing import TYPE_CHECKING

from weblens.defaults import MAX_DOWNLOAD_BYTES
from weblens.errors import ExtractionFailed, InvalidArgument, SizeLimitExceeded, UnsupportedContentType
from weblens.extract import ExtractOptions
from weblens.extract.kinds import binary_media_type
from weblens.models import PageExtract
from weblens.paging import window
from weblens.requests import ExtractRequest
from weblens.workers import ExtractionPool, PoolOptions, run_extract

if TYPE_CHECKING:
    from weblens.config import Settings

__all__ = ["extract_document", "extract_options", "extract_standalone", "pool_options"]


def extract_options(s: Settings) -> ExtractOptions:
    """The extraction choices the settings make (comments, links and images in the Markdown)."""
    return ExtractOptions(
        include_comments=s.include_comments,
        markdown_links=s.markdown_links,
        markdown_images=s.markdown_images,
    )


def pool_options(s: Settings) -> PoolOptions:
    """The extraction workers the settings ask for (count, time and memory budgets, inline size)."""
    return PoolOptions(
        workers=s.extract_workers,
        timeout_s=s.extract_timeout_s,
        max_memory_mb=s.extract_max_memory_mb,
        inline_max_bytes=s.extract_inline_max_bytes,
    )


async def extract_document(
    req: ExtractRequest,
    data: str | bytes | None = None,
    *,
    extractor: ExtractionPool,
    options: ExtractOptions,
    max_bytes: int,
) -> PageExtract:
    """1. the document (``data``, else the request's html or base64), 2. refused when it is empty or
    binary data that is no document, 3. extracted (in the worker pool when large), 4. windowed."""
    document = _readable(_document(req) if data is None else data, max_bytes)
    if req.include_comments is not None:
        options = replace(options, include_comments=req.include_comments)
    page = await extractor.extract(document, req.url, options, content_type=req.content_type)
    return window(page, req.max_length, req.start_index)


def extract_standalone(settings: Settings | None, req: ExtractRequest) -> PageExtract:
    """The extract operation for one call (the command line): the settings' options (their defaults
    for ``None``: nothing sets one), a small document extracted right here, a large one in a pool of
    its own (within its time and memory budgets), closed after."""
    options = extract_options(settings) if settings is not None else ExtractOptions()
    budgets = pool_options(settings) if settings is not None else PoolOptions()
    max_bytes = settings.max_download_bytes if settings is not None else MAX_DOWNLOAD_BYTES
    document = _readable(_document(req), max_bytes)
    if len(document) <= budgets.inline_max_bytes:
        if req.include_comments is not None:
            options = replace(options, include_comments=req.include_comments)
        page = run_extract(document, req.url, options, content_type=req.content_type)
        return window(page, req.max_length, req.start_index)
    import asyncio

    async def pooled() -> PageExtract:
        pool = ExtractionPool(budgets)
        try:
            return await extract_document(req, document, extractor=pool, options=options, max_bytes=max_bytes)
        finally:
            await pool.aclose()

    return asyncio.run(pooled())


def _document(req: ExtractRequest) -> str | bytes:
    if req.base64 is None:
        return req.html
    if req.html:
        raise InvalidArgument("give html or base64, not both", field="base64")
    try:
        return base64.b64decode(req.base64, validate=True)
    except (binascii.Error, ValueError) as exc:
        raise InvalidArgument(f"base64: not valid base64 ({exc})", field="base64") from None


def _readable(data: str | bytes, max_bytes: int) -> str | bytes:
    """A document the extract operation can read: refuse empty input and binary data that is no
    document (an image, an archive) with a clear error; a gzip file is read decompressed."""
    if not (data.strip() if isinstance(data, str) else bytes(data).strip()):
        raise InvalidArgument("the document is empty", field="html")
    media_type = binary_media_type(data)
    if media_type == "application/gzip" and isinstance(data, bytes):
        return _readable(_gunzip(data, max_bytes), max_bytes)
    if media_type is not None:
        raise UnsupportedContentType(
            f"{media_type} is not a document weblens reads (HTML, PDF, plain text, Markdown or JSON)",
            content_type=media_type,
        )
    return data


def _gunzip(data: bytes, max_bytes: int) -> bytes:
    """Every member of a gzip file, decompressed, at most ``max_bytes`` (a bomb stops there)."""
    out = bytearray()
    rest = data
    while rest:
        inflater = zlib.decompressobj(wbits=zlib.MAX_WBITS | 16)
        try:
            out += inflater.decompress(rest, max_bytes + 1 - len(out))
        except zlib.error as exc:
            raise ExtractionFailed(f"the gzip data is damaged ({exc})") from None
        if len(out) > max_bytes or inflater.unconsumed_tail:
            raise SizeLimitExceeded(f"the document is larger than {max_bytes} bytes once decompressed")
        if not inflater.eof:
            raise ExtractionFailed("the gzip data is cut short")
        rest = inflater.unused_data.lstrip(b"\0")
    return bytes(out)
