"""weblens: search, fetch safely, extract, render and cite the web for AI agents.

import weblens
page = weblens.browse("https://example.org/")          # one-shot, synchronous
async with weblens.Lens() as lens:                      # many calls, async
    found = await lens.gather("question", read=3)
weblens.extract(html, url)                              # pure, no network
weblens.extract_data(html, schema, url=url)             # typed data, every value grounded
"""

from __future__ import annotations

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
__version__ = "0.1.0"
