"""The operations every frontend offers, each declared once: name, request model, result, how to run it.

The CLI (:mod:`weblens.cli`), the HTTP API (:mod:`weblens.server.http`) and the MCP server
(:mod:`weblens.server.mcp`) iterate over :data:`OPERATIONS`; none of them lists an operation's
fields. Adding an operation is one :class:`Operation` here; adding a field is one line in
:mod:`weblens.requests`.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from weblens.models import (
    Answer,
    CrawlSummary,
    DataResult,
    GatherResponse,
    MapResult,
    PageExtract,
    SearchResponse,
    SessionClosed,
    Snapshot,
)
from weblens.requests import (
    AnswerRequest,
    BrowseRequest,
    CrawlRequest,
    DataRequest,
    ExtractRequest,
    GatherRequest,
    MapRequest,
    Request,
    RespondRequest,
    SearchRequest,
    SessionBackRequest,
    SessionClickRequest,
    SessionCloseRequest,
    SessionGotoRequest,
    SessionOpenRequest,
    SessionReadRequest,
    SessionScrollRequest,
    SessionSelectRequest,
    SessionSnapshotRequest,
    SessionTypeRequest,
)
from weblens.search.citations import format_sources
from weblens.views import (
    answer_as_markdown,
    answer_as_text,
    closed_as_text,
    crawl_as_markdown,
    crawl_as_text,
    data_as_markdown,
    data_as_text,
    map_as_markdown,
    map_as_text,
    page_as_markdown,
    page_as_text,
    passages_as_markdown,
    passages_as_text,
    search_as_markdown,
    search_as_text,
    snapshot_as_text,
)

if TYPE_CHECKING:
    from weblens.config import Settings
    from weblens.session import Lens

__all__ = ["OPERATIONS", "Operation", "View"]

View = Callable[[Any], str]


@dataclass(frozen=True, kw_only=True)
class Operation:
    name: str
    request: type[Request]
    result: type[BaseModel]
    run: Callable[[Lens, Any], Awaitable[BaseModel]]
    summary: str
    markdown: View
    text: View
    network: bool = True
    """False for operations that never leave the process (extract)."""
    read_only: bool = True
    """MCP annotation: the operation changes nothing outside weblens."""
    cli: bool = True
    """Offered as a CLI command of its own (session steps are not: a session lives in one process,
    so the CLI runs them in order with ``weblens interact``)."""
    standalone: Callable[[Settings | None, Any], BaseModel] | None = None
    """How to run it without a Lens, for an operation that needs none (extract): the CLI then does not
    load the network, research and rendering stacks for one call (nor the settings, None, when no
    ``WEBLENS_*`` variable could change one)."""
    job: bool = False
    """Runs as a job over HTTP (``POST`` answers its id; ``GET``/``DELETE`` on it: crawl), not in one call."""

    @property
    def http_path(self) -> str:
        return f"/v1/{self.name}"


def _extract_standalone(settings: Settings | None, request: ExtractRequest) -> PageExtract:
    from weblens.extracting import extract_standalone  # the extractor loads when a document comes

    return extract_standalone(settings, request)


def _sources(found: GatherResponse) -> str:
    text = format_sources(found)
    if found.passages:
        text += "\nBest passages:\n\n" + passages_as_markdown(found.passages)
    return text


def _passages_text(found: GatherResponse) -> str:
    return passages_as_text(found.passages) if found.passages else format_sources(found)


EXTRACT = Operation(
    name="extract",
    request=ExtractRequest,
    result=PageExtract,
    run=lambda lens, req: lens.extract(req),
    summary="Extract the main content and metadata of a document given in the call (no network).",
    markdown=page_as_markdown,
    text=page_as_text,
    network=False,
    standalone=_extract_standalone,
)
BROWSE = Operation(
    name="browse",
    request=BrowseRequest,
    result=PageExtract,
    run=lambda lens, req: lens.browse(req),
    summary="Read a web page through the SSRF guard: main content as Markdown and text, metadata, "
    "confidence; rendered in Chromium when the page needs JavaScript.",
    markdown=page_as_markdown,
    text=page_as_text,
)
SEARCH = Operation(
    name="search",
    request=SearchRequest,
    result=SearchResponse,
    run=lambda lens, req: lens.search(req),
    summary="Search the web through the configured providers (with fallback): ranked titles, URLs, snippets.",
    markdown=search_as_markdown,
    text=search_as_text,
)
GATHER = Operation(
    name="gather",
    request=GatherRequest,
    result=GatherResponse,
    run=lambda lens, req: lens.gather(req),
    summary="Search, then read the top results: numbered sources with their text, ready to cite as [n].",
    markdown=_sources,
    text=_passages_text,
)
ANSWER = Operation(
    name="answer",
    request=AnswerRequest,
    result=Answer,
    run=lambda lens, req: lens.answer(req),
    summary="Answer a question from the web: search, read, rank passages, answer citing [n], every "
    "citation checked against its source (extractive without a configured LLM; abstains when the "
    "web does not answer).",
    markdown=answer_as_markdown,
    text=answer_as_text,
)
RESPOND = Operation(
    name="respond",
    request=RespondRequest,
    result=Answer,
    run=lambda lens, req: lens.respond(req),
    summary="Continue a conversation with the configured LLM, letting it search the web "
    "([[WEB_SEARCH: …]]) and cite what it read as [n], each citation checked.",
    markdown=answer_as_markdown,
    text=answer_as_text,
)


def _session_op(name: str, request: type[Request], summary: str, **extra: Any) -> Operation:
    """A browsing-session operation: it acts on a live page (not read-only), answers a Snapshot."""
    values: dict[str, Any] = {
        "result": Snapshot,
        "run": lambda lens, req: lens.session_act(req),
        "markdown": snapshot_as_text,
        "text": snapshot_as_text,
        "read_only": False,
        "cli": False,
        **extra,
    }
    return Operation(name=name, request=request, summary=summary, **values)


_NUMBERS = " Numbers are those of the latest snapshot of the session."
SESSION_OPERATIONS = (
    _session_op(
        "session_open",
        SessionOpenRequest,
        "Open an interactive browsing session (optionally on a URL): a live page you operate step by "
        "step. Answers a snapshot: the page's visible text and its numbered controls, with the "
        "session_id every later session call needs.",
        run=lambda lens, req: lens.session_open(req),
    ),
    _session_op("session_goto", SessionGotoRequest, "Load a URL in the session; answers the new snapshot."),
    _session_op("session_click", SessionClickRequest, "Click the element numbered index." + _NUMBERS),
    _session_op(
        "session_type",
        SessionTypeRequest,
        "Type text into the field numbered index (replacing its text); submit=true then presses Enter "
        "or submits its form." + _NUMBERS,
    ),
    _session_op(
        "session_select",
        SessionSelectRequest,
        "Choose an option (its value or visible text) in the select numbered index." + _NUMBERS,
    ),
    _session_op(
        "session_scroll",
        SessionScrollRequest,
        "Scroll the page down or up by about a screen (loads lazy and infinite-scroll content); use "
        "changes_only to see only what appeared.",
    ),
    _session_op(
        "session_back", SessionBackRequest, "Go back to the previous page (or the tab a link opened from)."
    ),
    _session_op(
        "session_snapshot",
        SessionSnapshotRequest,
        "Look at the page again without acting: read on through a long text with text_offset, or see "
        "what changed since the last look with changes_only.",
    ),
    _session_op(
        "session_read",
        SessionReadRequest,
        "Read the session's current page as an article: main content as Markdown, metadata (like "
        "browse, for a page you reached by clicking and typing).",
        result=PageExtract,
        run=lambda lens, req: lens.session_read(req),
        markdown=page_as_markdown,
        text=page_as_text,
        read_only=True,
    ),
    _session_op(
        "session_close",
        SessionCloseRequest,
        "Close the session (its page, cookies and storage are discarded).",
        result=SessionClosed,
        run=lambda lens, req: lens.session_close(req),
        markdown=closed_as_text,
        text=closed_as_text,
    ),
)

DATA = Operation(
    name="data",
    request=DataRequest,
    result=DataResult,
    run=lambda lens, req: lens.data(req),
    summary="Read typed data out of a page along a JSON Schema (embedded JSON-LD/microdata/RDFa/"
    "OpenGraph, your selectors, tables, then a model for what is missing): every value comes with "
    "where the page states it, and a value the page does not state is not returned.",
    markdown=data_as_markdown,
    text=data_as_text,
)

CRAWL = Operation(
    name="crawl",
    request=CrawlRequest,
    result=CrawlSummary,
    run=lambda lens, req: lens.crawl(req, list_pages=True),
    summary="Crawl a site breadth-first from a URL (its sitemaps too; robots.txt honoured; every page once, "
    "duplicates named): the pages read, each with its title and word count (read one with browse: it "
    "comes from the cache). Bound it with max_pages.",
    markdown=crawl_as_markdown,
    text=crawl_as_text,
    job=True,
)
MAP = Operation(
    name="map",
    request=MapRequest,
    result=MapResult,
    run=lambda lens, req: lens.map(req),
    summary="List a site's pages quickly: its sitemaps first, else the links of a few of its pages "
    "(robots.txt honoured); search orders them by relevance to a text.",
    markdown=map_as_markdown,
    text=map_as_text,
)

OPERATIONS: dict[str, Operation] = {
    op.name: op
    for op in (EXTRACT, BROWSE, SEARCH, GATHER, ANSWER, RESPOND, *SESSION_OPERATIONS, DATA, CRAWL, MAP)
}
