"""weblens.search: providers behind one protocol, an orchestrator with fallback, citations.

Usage::

    async with new_search_client(settings) as client:
        orchestrator = orchestrator_from_settings(settings, client)
        response = await orchestrator.search(SearchQuery(query="...", max_results=5))
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from weblens.lazyload import lazy_exports

if TYPE_CHECKING:
    from weblens.search.base import (
        MAX_RESULTS_CAP,
        ProviderTimeout,
        SearchProvider,
        SearchQuery,
        TransientProviderError,
    )
    from weblens.search.citations import cut_text, format_sources
    from weblens.search.directives import parse_search_directives, strip_search_directives
    from weblens.search.factory import (
        KNOWN_PROVIDERS,
        new_search_client,
        orchestrator_from_settings,
        providers_from_settings,
    )
    from weblens.search.fakes import StaticProvider
    from weblens.search.orchestrator import SearchOrchestrator
    from weblens.search.urls import dedupe, normalise_url

_EXPORTS = {
    "weblens.search.base": (
        "MAX_RESULTS_CAP",
        "ProviderTimeout",
        "SearchProvider",
        "SearchQuery",
        "TransientProviderError",
    ),
    "weblens.search.citations": (
        "cut_text",
        "format_sources",
    ),
    "weblens.search.directives": (
        "parse_search_directives",
        "strip_search_directives",
    ),
    "weblens.search.factory": (
        "KNOWN_PROVIDERS",
        "new_search_client",
        "orchestrator_from_settings",
        "providers_from_settings",
    ),
    "weblens.search.fakes": ("StaticProvider",),
    "weblens.search.orchestrator": ("SearchOrchestrator",),
    "weblens.search.urls": (
        "dedupe",
        "normalise_url",
    ),
}
__all__ = [
    "KNOWN_PROVIDERS",
    "MAX_RESULTS_CAP",
    "ProviderTimeout",
    "SearchOrchestrator",
    "SearchProvider",
    "SearchQuery",
    "StaticProvider",
    "TransientProviderError",
    "cut_text",
    "dedupe",
    "format_sources",
    "new_search_client",
    "normalise_url",
    "orchestrator_from_settings",
    "parse_search_directives",
    "providers_from_settings",
    "strip_search_directives",
]
__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
