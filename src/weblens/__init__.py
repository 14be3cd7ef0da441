"""weblens: search, fetch safely, extract, render and cite the web for AI agents.

import weblens
page = weblens.browse("https://example.org/")          # one-shot, synchronous
async with weblens.Lens() as lens:                      # many calls, async
    found = await lens.gather("question", read=3)
weblens.extract(html, url)                              # pure, no network
weblens.extract_data(html, schema, url=url)             # typed data, every value grounded

The public names are imported when first used (PEP 562), so ``import weblens`` and the light
commands (``weblens --version``, ``weblens extract``) do not pay for the server, research and
rendering stacks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from weblens.lazyload import lazy_exports

if TYPE_CHECKING:
    from weblens import errors, models
    from weblens.config import Settings
    from weblens.data import extract_data
    from weblens.errors import WeblensError
    from weblens.extract import ExtractOptions, extract
    from weblens.models import (
        Answer,
        Citation,
        DataField,
        DataResult,
        GatherResponse,
        PageExtract,
        Passage,
        ProgressEvent,
        SearchResponse,
        SearchResult,
        Snapshot,
    )
    from weblens.requests import (
        AnswerRequest,
        BrowseRequest,
        DataRequest,
        ExtractRequest,
        GatherRequest,
        SearchRequest,
    )
    from weblens.research.chunk import Span, chunk
    from weblens.research.rank import rank
    from weblens.session import Lens
    from weblens.sync import browse, gather, search

__version__ = "0.1.0"

_EXPORTS = {
    "weblens.errors": ("errors", "WeblensError"),
    "weblens.models": (
        "models", "Answer", "Citation", "DataField", "DataResult", "GatherResponse", "PageExtract",
        "Passage", "ProgressEvent", "SearchResponse", "SearchResult", "Snapshot",
    ),
    "weblens.config": ("Settings",),
    "weblens.data": ("extract_data",),
    "weblens.extract": ("ExtractOptions", "extract"),
    "weblens.requests": (
        "AnswerRequest", "BrowseRequest", "DataRequest", "ExtractRequest", "GatherRequest", "SearchRequest",
    ),
    "weblens.research.chunk": ("Span", "chunk"),
    "weblens.research.rank": ("rank",),
    "weblens.session": ("Lens",),
    "weblens.sync": ("browse", "gather", "search"),
}  # fmt: skip
__all__ = [
    "Answer",
    "AnswerRequest",
    "BrowseRequest",
    "Citation",
    "DataField",
    "DataRequest",
    "DataResult",
    "ExtractOptions",
    "ExtractRequest",
    "GatherRequest",
    "GatherResponse",
    "Lens",
    "PageExtract",
    "Passage",
    "ProgressEvent",
    "SearchRequest",
    "SearchResponse",
    "SearchResult",
    "Settings",
    "Snapshot",
    "Span",
    "WeblensError",
    "browse",
    "chunk",
    "errors",
    "extract",
    "extract_data",
    "gather",
    "models",
    "rank",
    "search",
]
__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
