"""DuckDuckGo's no-JavaScript HTML endpoint (no key needed).

Request: POST form ``q=…&b=`` to ``endpoint`` (``https://html.duckduckgo.com/html/``)
with a Referer on the same origin. ``recency_days`` → ``df`` (d/w/m/y, rounded up;
none above a year); sites → ``site:`` operators; ``kl`` (``us-en``) only when both
``region`` and ``language`` are given. The User-Agent is whatever the operator
configured (weblens does not pretend to be a browser; DuckDuckGo may answer some
User-Agents with its challenge, which then shows up as rate_limited).

Answer: an HTML page parsed with lxml. Results are the ``div.result`` blocks in
``div#links``; ads (``.result--ad``, ``//duckduckgo.com/y.js`` links) are skipped;
``//duckduckgo.com/l/?uddg=<target>`` redirect links are decoded to the target;
the optional ISO timestamp in ``.result__extras__url`` becomes ``published``. The
"No more results." block is an empty answer.

Blocks: HTTP 202, or the anomaly page on any status (``form#challenge-form``,
``anomaly-modal``, ``/anomaly.js``, "bots use DuckDuckGo too"), or a 403 / 429 →
rate_limited, never "no results". A page without ``div#links`` is a provider_error
(the layout changed), not an empty answer.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from datetime import datetime
from email.message import Message
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx
import lxml.etree
import lxml.html

from weblens.charset import decode_body
from weblens.errors import ProviderError, RateLimited
from weblens.models import SearchResult
from weblens.search.base import SearchQuery
from weblens.search.dates import parse_retry_after, to_iso
from weblens.search.http import (
    MAX_RESPONSE_BYTES,
    RequestSpec,
    body_excerpt,
    error_for_status,
    get_header,
    send,
)
from weblens.search.operators import recency_bucket, with_site_operators
from weblens.search.results import Row, rank_rows

__all__ = ["DEFAULT_ENDPOINT", "DuckDuckGoProvider", "build_request", "decode_href", "parse_response"]

NAME = "duckduckgo"
DEFAULT_ENDPOINT = "https://html.duckduckgo.com/html/"
_CHALLENGE_MARKERS = (
    'id="challenge-form"',
    "anomaly-modal",
    "/anomaly.js",
    "bots use DuckDuckGo too",
    "confirm this search was made by a human",
)
_BLOCK_STATUSES = frozenset({202, 403, 429})


def _has_class(name: str) -> str:
    return f"contains(concat(' ', normalize-space(@class), ' '), ' {name} ')"


_RESULTS = f"//div[@id='links']//div[{_has_class('result')}]"
_TITLE = f".//a[{_has_class('result__a')}]"
_SNIPPET = f".//*[{_has_class('result__snippet')}]"
_DATE = f".//*[{_has_class('result__extras__url')}]/span[not(@class)]"


def build_request(query: SearchQuery, *, endpoint: str = DEFAULT_ENDPOINT, user_agent: str) -> RequestSpec:
    form = [("q", with_site_operators(query.query, query.site_include, query.site_exclude)), ("b", "")]
    if (bucket := recency_bucket(query.recency_days)) is not None:
        form.append(("df", bucket[0]))
    if query.region and query.language:
        form.append(("kl", f"{query.region}-{query.language}"))
    parts = urlsplit(endpoint)
    headers = (
        ("User-Agent", user_agent),
        ("Referer", f"{parts.scheme}://{parts.netloc}/"),
        ("Accept", "text/html"),
    )
    return RequestSpec("POST", endpoint, headers=headers, form=tuple(form))


def decode_href(href: str) -> str | None:
    """The target of a result link: ``uddg`` redirects decoded, DuckDuckGo's own links (ads) → None."""
    href = href.strip()
    if href.startswith("//"):
        href = "https:" + href
    try:
        parts = urlsplit(href)
    except ValueError:
        return None
    host = (parts.hostname or "").lower()
    if host and host != "duckduckgo.com" and not host.endswith(".duckduckgo.com"):
        return href
    if parts.path.startswith("/l/"):
        targets = parse_qs(parts.query).get("uddg")
        return targets[0] if targets else None
    return None


def _charset(headers: Mapping[str, str]) -> str | None:
    message = Message()
    message["content-type"] = get_header(headers, "content-type") or ""
    charset = message.get_param("charset")
    return charset if isinstance(charset, str) else None


def _text(node: Any) -> str:
    return str(node.text_content()) if node is not None else ""


def _first(nodes: list[Any]) -> Any:
    return nodes[0] if nodes else None


def _rows(doc: Any) -> Iterator[Row]:
    for block in doc.xpath(_RESULTS):
        classes = set((block.get("class") or "").split())
        if "result--ad" in classes or "result--no-result" in classes:
            continue
        link = _first(block.xpath(_TITLE))
        url = decode_href(link.get("href") or "") if link is not None else None
        if url is None:
            continue
        dates = (to_iso(_text(span).replace("\xa0", " ")) for span in block.xpath(_DATE))
        yield Row(
            url=url,
            title=_text(link),
            snippet=_text(_first(block.xpath(_SNIPPET))),
            published=next((found for found in dates if found), None),
        )


def _is_challenge(text: str) -> bool:
    return any(marker in text for marker in _CHALLENGE_MARKERS)


def parse_response(
    status: int, headers: Mapping[str, str], body: bytes, *, now: datetime | None = None
) -> list[SearchResult]:
    text, _ = decode_body(body, _charset(headers))
    if status in _BLOCK_STATUSES or _is_challenge(text):
        retry_after = parse_retry_after(get_header(headers, "retry-after"), now=now)
        if _is_challenge(text):
            message = f"duckduckgo answered HTTP {status} with its bot challenge (anomaly page)"
        else:
            message = f"duckduckgo blocked the search (HTTP {status}): {body_excerpt(body, 120)!r}"
        raise RateLimited(message, provider=NAME, retry_after=retry_after)
    if status != 200:
        raise error_for_status(status, body_excerpt(body), provider=NAME, headers=headers, now=now)
    try:
        parser = lxml.html.HTMLParser(encoding="utf-8")
        doc = lxml.html.document_fromstring(text.encode("utf-8"), parser=parser)
    except (lxml.etree.ParserError, ValueError) as exc:
        raise ProviderError("duckduckgo returned an empty or unreadable page", provider=NAME) from exc
    if not doc.xpath("//div[@id='links']"):
        raise ProviderError(
            f"duckduckgo returned a page without a result list: {body_excerpt(body, 120)!r}", provider=NAME
        )
    return rank_rows(_rows(doc), provider=NAME)


class DuckDuckGoProvider:
    name = NAME

    def __init__(
        self,
        client: httpx.AsyncClient,
        *,
        user_agent: str,
        endpoint: str = DEFAULT_ENDPOINT,
        max_response_bytes: int = MAX_RESPONSE_BYTES,
    ) -> None:
        self._client = client
        self._user_agent = user_agent
        self._endpoint = endpoint
        self._max_bytes = max_response_bytes

    def is_configured(self) -> bool:
        return bool(self._endpoint)

    async def search(self, query: SearchQuery) -> list[SearchResult]:
        spec = build_request(query, endpoint=self._endpoint, user_agent=self._user_agent)
        raw = await send(self._client, spec, provider=NAME, max_bytes=self._max_bytes)
        return parse_response(raw.status, raw.headers, raw.body, now=raw.received_at)
