"""One module per search engine, each with a pure ``build_request``/``parse_response`` and a thin provider."""

from weblens.search.providers.brave import BraveProvider
from weblens.search.providers.duckduckgo import DuckDuckGoProvider
from weblens.search.providers.searxng import SearxngProvider
from weblens.search.providers.serpapi import SerpApiProvider
from weblens.search.providers.tavily import TavilyProvider
from weblens.search.providers.wikipedia import WikipediaProvider

__all__ = [
    "BraveProvider",
    "DuckDuckGoProvider",
    "SearxngProvider",
    "SerpApiProvider",
    "TavilyProvider",
    "WikipediaProvider",
]
