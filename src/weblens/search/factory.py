"""Build the providers (and their HTTP client) from Settings.

``providers_from_settings`` honours ``settings.providers`` (``WEBLENS_PROVIDERS``,
names in order, duplicates ignored; an unknown name is ``NotConfigured`` naming the
known ones) or else the default order: brave, serpapi, tavily, searxng, then
duckduckgo and wikipedia. Every named provider is built, configured or not — the
orchestrator skips the unconfigured ones and names their settings when none is usable.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib.metadata import PackageNotFoundError, version

import httpx

from weblens.config import DEFAULT_PROVIDER_ORDER, Settings
from weblens.errors import NotConfigured
from weblens.search.base import SearchProvider
from weblens.search.orchestrator import SearchOrchestrator
from weblens.search.providers.brave import BraveProvider
from weblens.search.providers.duckduckgo import DuckDuckGoProvider
from weblens.search.providers.searxng import SearxngProvider
from weblens.search.providers.serpapi import SerpApiProvider
from weblens.search.providers.tavily import TavilyProvider
from weblens.search.providers.wikipedia import WikipediaProvider, contact_user_agent

__all__ = [
    "KNOWN_PROVIDERS",
    "new_search_client",
    "orchestrator_from_settings",
    "provider_names",
    "providers_from_settings",
]

Builder = Callable[[Settings, httpx.AsyncClient], SearchProvider]

_BUILDERS: dict[str, Builder] = {
    "brave": lambda s, c: BraveProvider(c, api_key=s.brave_api_key, endpoint=s.brave_endpoint),
    "serpapi": lambda s, c: SerpApiProvider(c, api_key=s.serpapi_api_key, endpoint=s.serpapi_endpoint),
    "tavily": lambda s, c: TavilyProvider(c, api_key=s.tavily_api_key, endpoint=s.tavily_endpoint),
    "searxng": lambda s, c: SearxngProvider(c, base_url=s.searxng_url),
    "duckduckgo": lambda s, c: DuckDuckGoProvider(
        c, user_agent=s.duckduckgo_user_agent, endpoint=s.duckduckgo_endpoint
    ),
    "wikipedia": lambda s, c: WikipediaProvider(
        c,
        user_agent=contact_user_agent(s.contact, _short_version()),
        language=s.wikipedia_language,
        endpoint=s.wikipedia_endpoint,
    ),
}
KNOWN_PROVIDERS = tuple(_BUILDERS)


def _short_version() -> str:
    try:
        return ".".join(version("weblens").split(".")[:2])
    except PackageNotFoundError:
        return "0"


def provider_names(settings: Settings) -> list[str]:
    """The provider order to use, validated."""
    names: list[str] = []
    for raw in settings.providers or DEFAULT_PROVIDER_ORDER:
        name = raw.strip().lower()
        if name not in _BUILDERS:
            raise NotConfigured(
                f"unknown search provider {raw!r} in WEBLENS_PROVIDERS; known: {', '.join(KNOWN_PROVIDERS)}"
            )
        if name not in names:
            names.append(name)
    return names


def providers_from_settings(settings: Settings, client: httpx.AsyncClient) -> list[SearchProvider]:
    return [_BUILDERS[name](settings, client) for name in provider_names(settings)]


def new_search_client(settings: Settings) -> httpx.AsyncClient:
    """The HTTP client for provider APIs: no proxy variables from the environment, search timeout.

    Provider endpoints are operator configuration (a SearXNG on localhost is normal),
    so this client is deliberately not the SSRF-guarded one used for pages.
    """
    return httpx.AsyncClient(trust_env=False, timeout=settings.search_timeout_s)


def orchestrator_from_settings(settings: Settings, client: httpx.AsyncClient) -> SearchOrchestrator:
    return SearchOrchestrator(
        providers_from_settings(settings, client),
        timeout_s=settings.search_timeout_s,
        retry_backoff_s=settings.retry_backoff_s,
    )
