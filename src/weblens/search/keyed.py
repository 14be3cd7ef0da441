"""The thin I/O shared by engines that need an API key (Brave, SerpApi, Tavily).

Each engine module keeps its pure ``build_request``/``parse_response``; its provider class
only says how to call them (:meth:`KeyedProvider.build` and :meth:`KeyedProvider.parse`).
"""

from __future__ import annotations

from typing import ClassVar

import httpx

from weblens.errors import NotConfigured
from weblens.models import SearchResult
from weblens.search.base import CONFIG_HINTS, SearchQuery
from weblens.search.http import MAX_RESPONSE_BYTES, RawResponse, RequestSpec, send

__all__ = ["KeyedProvider"]


class KeyedProvider:
    name: str
    default_endpoint: ClassVar[str]

    def __init__(
        self,
        client: httpx.AsyncClient,
        *,
        api_key: str | None,
        endpoint: str | None = None,
        max_response_bytes: int = MAX_RESPONSE_BYTES,
    ) -> None:
        self._client = client
        self._api_key = api_key
        self._endpoint = endpoint or self.default_endpoint
        self._max_bytes = max_response_bytes

    def is_configured(self) -> bool:
        return bool(self._api_key)

    def build(self, query: SearchQuery, api_key: str, endpoint: str) -> RequestSpec:
        raise NotImplementedError

    def parse(self, raw: RawResponse) -> list[SearchResult]:
        raise NotImplementedError

    async def search(self, query: SearchQuery) -> list[SearchResult]:
        if not self._api_key:
            raise NotConfigured(
                f"{self.name} needs an API key: set {CONFIG_HINTS[self.name]}", provider=self.name
            )
        spec = self.build(query, self._api_key, self._endpoint)
        raw = await send(self._client, spec, provider=self.name, max_bytes=self._max_bytes)
        return self.parse(raw)
