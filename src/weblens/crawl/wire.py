"""A crawl's page read, as JSON for the trip from a worker back to the crawl (pure).

Over a queue the worker reads the page (fetch, extract, links, fingerprint) and the coordinator
settles it, so what the worker found travels as a JSON object: :func:`dump_read` and
:func:`load_read` are inverse (``load_read(dump_read(r)) == r``); failures travel as the error's own
``to_dict()`` and come back as the same error class (:func:`load_error`).
"""

from __future__ import annotations

import base64
from typing import Any

from weblens.crawl.engine import CrawlRead
from weblens.crawl.fingerprint import Fingerprint
from weblens.crawl.links import PageLinks
from weblens.errors import HTTPError, InternalError, UnsupportedContentType, WeblensError, error_for_code
from weblens.models import PageExtract

__all__ = ["dump_error", "dump_read", "load_error", "load_read"]


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def dump_read(read: CrawlRead) -> dict[str, Any]:
    body: dict[str, Any] | None = None
    if isinstance(read.body, str):
        body = {"text": read.body}
    elif isinstance(read.body, bytes | bytearray):
        body = {"base64": _b64(bytes(read.body))}
    return {
        "page": read.page.model_dump(mode="json"),
        "links": list(read.links.links),
        "titles": list(read.links.titles),
        "canonical": read.links.canonical,
        "nofollow": read.links.nofollow,
        "key": _b64(read.fingerprint.key),
        "signature": _b64(read.fingerprint.signature),
        "body": body,
        "is_html": read.is_html,
        "render_gain": read.render_gain,
    }


def load_read(data: dict[str, Any]) -> CrawlRead:
    body = data.get("body")
    loaded: str | bytes | None = None
    if isinstance(body, dict):
        loaded = body["text"] if "text" in body else base64.b64decode(body["base64"])
    return CrawlRead(
        page=PageExtract.model_validate(data["page"]),
        links=PageLinks(
            links=tuple(data["links"]),
            titles=tuple(data.get("titles") or ()),
            canonical=data.get("canonical"),
            nofollow=bool(data.get("nofollow")),
        ),
        fingerprint=Fingerprint(
            key=base64.b64decode(data["key"]), signature=base64.b64decode(data["signature"])
        ),
        body=loaded,
        is_html=bool(data.get("is_html", True)),
        render_gain=data.get("render_gain"),
    )


def dump_error(exc: WeblensError) -> dict[str, Any]:
    return exc.to_dict()


def load_error(data: dict[str, Any]) -> WeblensError:
    """The error a worker met, as its own class (``http_error`` keeps status and ``Retry-After``)."""
    code, message, url = data.get("code", "internal_error"), data.get("message"), data.get("url")
    if code == HTTPError.code:
        return HTTPError(
            message, url=url, status=int(data.get("status") or 0), retry_after=data.get("retry_after")
        )
    if code == UnsupportedContentType.code:
        return UnsupportedContentType(message, url=url, content_type=data.get("content_type"))
    cls = error_for_code(code)
    try:
        return cls(message, url=url)
    except TypeError:  # an error class that needs more than a message
        return InternalError(f"{code}: {message}", url=url)
