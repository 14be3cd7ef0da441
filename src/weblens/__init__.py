"""weblens: search, fetch safely, extract, render and cite the web for AI agents.

import weblens
page = weblens.browse("https://example.org/")          # one-shot, synchronous
async with weblens.Lens() as lens:                      # many calls, async
    found = await lens.gather("question", read=3)
weblens.extract(html, url)                              # pure, no network
"""

from __future__ import annotations

from weblens import errors, models
from weblens.config import Settings
from weblens.errors import WeblensError
from weblens.extract import ExtractOptions, extract
from weblens.models import GatherResponse, PageExtract, SearchResponse, SearchResult, Snapshot
from weblens.session import Lens
from weblens.sync import browse, gather, search

__all__ = [
    "ExtractOptions",
    "GatherResponse",
    "Lens",
    "PageExtract",
    "SearchResponse",
    "SearchResult",
    "Settings",
    "Snapshot",
    "WeblensError",
    "browse",
    "errors",
    "extract",
    "gather",
    "models",
    "search",
]
__version__ = "0.1.0"
