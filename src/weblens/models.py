"""Data shapes shared by every part of weblens (see DESIGN.md §3).

All models are immutable pydantic models; derive a changed copy with
``model.model_copy(update={...})``. JSON field names are the public contract.
"""

from __future__ import annotations

import uuid
from enum import StrEnum
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr

__all__ = [
    "Answer",
    "Citation",
    "CrawlCounts",
    "CrawlError",
    "CrawlLine",
    "CrawlPageRef",
    "CrawlSummary",
    "DataField",
    "DataResult",
    "DataSource",
    "Element",
    "ExtractionMethod",
    "GatherFailure",
    "GatherResponse",
    "MapResult",
    "MapURL",
    "Outcome",
    "PageEvent",
    "PageExtract",
    "Passage",
    "ProgressEvent",
    "RenderJob",
    "RenderMode",
    "RenderResult",
    "SearchResponse",
    "SearchResult",
    "SessionClosed",
    "Snapshot",
    "WaitCondition",
    "WaitKind",
]


class ExtractionMethod(StrEnum):
    """Which part of the pipeline produced the text."""

    DENSITY = "density"
    READABILITY = "readability"
    RENDER = "render"
    FALLBACK = "fallback"


class Outcome(StrEnum):
    """What kind of page this turned out to be."""

    OK = "ok"
    THIN = "thin"
    JS_REQUIRED = "js_required"
    CHALLENGE = "challenge"
    NOT_HTML = "not_html"


class RenderMode(StrEnum):
    AUTO = "auto"
    ALWAYS = "always"
    NEVER = "never"


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)  # validators built on first use


class PageExtract(_Frozen):
    """The main content and metadata of one page, with where it came from."""

    final_url: str | None = None
    status: int | None = None
    content_type: str | None = None
    title: str | None = None
    description: str | None = None
    author: str | None = None
    authors: list[str] = Field(default_factory=list)
    published_date: str | None = None
    canonical_url: str | None = None
    site_name: str | None = None
    language: str | None = None
    primary_image: str | None = None
    images: list[str] = Field(default_factory=list)
    links: list[str] = Field(default_factory=list)
    text: str = ""
    markdown: str = ""
    word_count: int = 0
    confidence: float = Field(default=0.0, ge=0.0, le=1.0)
    extraction_method: ExtractionMethod = ExtractionMethod.FALLBACK
    outcome: Outcome = Outcome.OK
    warnings: list[str] = Field(default_factory=list)
    fetch_time_ms: float = 0.0
    extraction_time_ms: float = 0.0
    total_time_ms: float = 0.0
    from_cache: bool = False


class SearchResult(_Frozen):
    rank: int
    title: str
    url: str
    domain: str
    snippet: str = ""
    published: str | None = None
    provider: str


class SearchResponse(_Frozen):
    query: str
    results: list[SearchResult] = Field(default_factory=list)
    provider_used: str | None = None
    fallback_used: bool = False
    search_time_ms: float = 0.0
    from_cache: bool = False


class GatherFailure(_Frozen):
    url: str
    code: str
    message: str


class Passage(_Frozen):
    """A ranked piece of a page: ``page.text[start:end] == text``."""

    rank: int = Field(ge=1)
    url: str
    title: str | None = None
    text: str
    start: int = Field(ge=0)
    end: int = Field(ge=0)
    score: float
    """What orders the list (higher first); comparable within one ranking only."""
    relevance: float = Field(ge=0.0, le=1.0)
    """How well the passage matches the question, 0..1: the cosine similarity for the embedding
    rankers, BM25 calibrated against its own ceiling for bm25 (docs/research.md)."""
    also_at: list[str] = Field(default_factory=list)
    """Other pages that carry the same passage (near-duplicates collapsed into this one)."""


class GatherResponse(_Frozen):
    query: str
    search_results: list[SearchResult] = Field(default_factory=list)
    gathered_pages: list[PageExtract] = Field(default_factory=list)
    failures: list[GatherFailure] = Field(default_factory=list)
    provider_used: str | None = None
    fallback_used: bool = False
    total_search_time_ms: float = 0.0
    total_gather_time_ms: float = 0.0
    passages: list[Passage] = Field(default_factory=list)
    """The best passages of the pages read for the query (when asked for with ``passages``)."""


class Citation(_Frozen):
    """A ``[n]`` marker of an answer and the sentence of ``sources[n-1]`` that supports it."""

    n: int = Field(ge=1)
    url: str
    title: str | None = None
    quote: str | None = None
    """The supporting sentence, verbatim from the source's text (None: none was found)."""
    start: int | None = None
    end: int | None = None
    verified: bool = False
    """True only when ``sources[n-1].text[start:end] == quote``."""


Stage = Literal["query", "search", "select", "read", "rank", "expand", "answer", "verify"]


class ProgressEvent(_Frozen):
    """One step of an answer, for a progress display (``on_progress``)."""

    stage: Stage
    message: str
    done: int = 0
    total: int = 0
    elapsed_ms: float = 0.0


class PageEvent(_Frozen):
    """One result of a gather as soon as it is read or has failed (``on_page``; the ``page`` event of
    ``POST /v1/gather`` as server-sent events), while the slower pages are still coming."""

    rank: int = Field(ge=1)
    """The search result's rank: the page of ``search_results[rank - 1]``."""
    url: str
    """The result's URL (the page's ``final_url`` may differ after redirects)."""
    page: PageExtract | None = None
    """The page, when it was read (``gathered_pages`` will hold it)."""
    failure: GatherFailure | None = None
    """Why it was not, otherwise (``failures`` will hold it)."""
    done: int = 0
    """Results finished so far, this one included."""
    total: int = 0
    """Results being read."""
    elapsed_ms: float = 0.0


class Answer(_Frozen):
    """A cited answer: ``[n]`` in ``answer`` names ``sources[n-1]``."""

    question: str
    search_query: str = ""
    answer: str
    citations: list[Citation] = Field(default_factory=list)
    passages: list[Passage] = Field(default_factory=list)
    sources: list[PageExtract] = Field(default_factory=list)
    failures: list[GatherFailure] = Field(default_factory=list)
    warnings: list[str] = Field(default_factory=list)
    llm_used: bool = False
    expanded: bool = False
    """True when the first passages were weak and more search results were read."""
    abstained: bool = False
    """True when the web did not answer: the answer says so and cites nothing."""
    timings: dict[str, float] = Field(default_factory=dict)
    """Milliseconds per stage (query, search, select, read, rank, expand, answer, verify) and total."""


WaitKind = Literal["domcontentloaded", "load", "networkidle", "selector"]


class WaitCondition(_Frozen):
    """When a rendered page counts as ready."""

    kind: WaitKind = "load"
    idle_ms: int = Field(default=500, ge=0)
    selector: str | None = None

    @classmethod
    def parse(cls, spec: str) -> WaitCondition:
        """Parse the CLI form: ``load``, ``domcontentloaded``, ``networkidle[:MS]``, ``selector:CSS``."""
        name, _, arg = spec.partition(":")
        if name == "selector" and arg:
            return cls(kind="selector", selector=arg)
        if name == "networkidle":
            return cls(kind="networkidle", idle_ms=int(arg) if arg else 500)
        if name == "load" and not arg:
            return cls(kind="load")
        if name == "domcontentloaded" and not arg:
            return cls(kind="domcontentloaded")
        raise ValueError(f"unknown wait condition {spec!r}")


class RenderJob(_Frozen):
    url: str
    job_id: str = Field(default_factory=lambda: uuid.uuid4().hex)
    timeout_s: float = Field(default=30.0, gt=0)
    wait: WaitCondition = Field(default_factory=WaitCondition)


class RenderResult(_Frozen):
    job_id: str
    url: str
    final_url: str
    title: str
    html: str
    elapsed_ms: float
    status: int | None = None  # of the response that delivered the main document
    content_type: str | None = None  # its media type, without parameters


class Element(_Frozen):
    """One control of a browsing session's page, numbered for the agent (valid until the next snapshot)."""

    index: int = Field(ge=1)
    tag: str
    kind: str = ""
    """The input type for inputs (text, search, checkbox…), ``link`` for links, the ARIA role for role
    widgets, else empty."""
    label: str = ""
    """The accessible name: aria-label(ledby), label, placeholder, text, title or alt."""
    value: str | None = None
    """The current value of a field (checked/unchecked for boxes, the chosen option for selects);
    ``None`` for controls without one (buttons, links)."""
    href: str | None = None
    in_overlay: bool = False
    """Inside an open overlay or modal (cookie banner, dialog): these come first."""
    is_new: bool = False
    """Appeared or changed since the previous snapshot of the same page."""

    def render(self) -> str:
        """``[3] a (link) "Products"`` / ``[1] input (text) "Search" value=""``."""
        kind = f" ({self.kind})" if self.kind else ""
        value = "" if self.value is None else f" value={_quoted(self.value)}"
        return f"[{self.index}] {self.tag}{kind} {_quoted(self.label)}{value}"


class Snapshot(_Frozen):
    """What an interactive page shows after an action: its visible text and its numbered controls."""

    session_id: str
    url: str
    title: str = ""
    text: str = ""
    """Visible text, at most 5,000 characters (from ``text_offset``; with ``changes_only``, only the lines
    that are new since the previous snapshot of the page)."""
    text_truncated: bool = False
    """More text follows: ask again with a larger ``text_offset``."""
    elements: list[Element] = Field(default_factory=list)
    has_overlay: bool = False
    """An overlay or modal (cookie banner, dialog) is open; its controls are listed first."""

    _next_text_offset: int | None = PrivateAttr(default=None)

    def render(self) -> str:
        """The text an agent reads (Page, Title, Content, Interactive Elements)."""
        content = self.text
        if self.text_truncated:
            where = (
                f"text_offset={self._next_text_offset}" if self._next_text_offset else "a larger text_offset"
            )
            content += f"\n[more text follows: read on with {where}]"
        lines = [f"Page: {self.url}", f"Title: {self.title}", "", "--- Content ---", content, ""]
        lines.append("--- Interactive Elements ---")
        lines += [element.render() for element in self.elements]
        return "\n".join(lines)


class SessionClosed(_Frozen):
    session_id: str
    closed: bool = True


def _quoted(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ")
    return f'"{escaped}"'


# --- typed data (weblens data) ---------------------------------------------------------------------------
DataSource = Literal["json-ld", "microdata", "rdfa", "opengraph", "selector", "table", "llm"]


class DataField(_Frozen):
    """Where one value of a data result comes from.

    Text grounding: ``page.text[start:end] == quote`` and the quote states the value (model values
    always; selector and table values when their element is part of the page's main text).
    ``pointer``: an RFC 6901 pointer into the page's embedded data (``/json-ld/0/offers/price``) for
    embedded values, the element's XPath for selector and table values.
    """

    path: str
    """The field in ``data``: ``offers[0].price``, ``ingredients[2]``, ``[3].name``."""
    value: Any = None
    source: DataSource
    quote: str | None = None
    start: int | None = None
    end: int | None = None
    pointer: str | None = None
    verified: bool = False
    """The check passed (always true under strict grounding: what fails is not returned)."""


class DataResult(_Frozen):
    """Typed data read from one page, every value with where the page states it."""

    url: str | None = None
    data: Any = None
    """Shaped like the schema; a field the page does not state (or that failed its check) is null."""
    fields: list[DataField] = Field(default_factory=list)
    warnings: list[str] = Field(default_factory=list)
    llm_used: bool = False
    page: PageExtract | None = None
    """The page's extraction (without text and Markdown unless include_text was asked)."""
    timings: dict[str, float] = Field(default_factory=dict)
    """Milliseconds: fetch, prepare (parse, extract, embedded, selectors, tables), llm, finish, total."""


# --- crawl and map (weblens crawl, weblens map) ----------------------------------------------------------
class CrawlError(_Frozen):
    code: str
    message: str
    url: str | None = None


class CrawlLine(_Frozen):
    """One line of a crawl's output: one canonical URL, read (``page``), failed (``error``) or found to
    be the same page as an earlier one (``duplicate_of``)."""

    url: str
    depth: int
    found_on: str | None = None
    """The page (or sitemap) the URL was first found on; None for the start URL."""
    page: PageExtract | None = None
    error: CrawlError | None = None
    duplicate_of: str | None = None
    data: DataResult | None = None
    """With a data schema (``--data-schema``): the page's typed data."""

    @property
    def kind(self) -> Literal["page", "error", "duplicate"]:
        if self.page is not None:
            return "page"
        return "error" if self.error is not None else "duplicate"


class CrawlCounts(_Frozen):
    """Where a crawl stands (its progress, and its summary at the end)."""

    pages: int = 0
    """URLs read into a page line."""
    errors: int = 0
    duplicates: int = 0
    queued: int = 0
    """URLs found and waiting to be read."""
    in_flight: int = 0
    cut: dict[str, int] = Field(default_factory=dict)
    """URLs not read, by reason: robots_disallowed, max_depth, max_pages, ssrf_blocked, and the trap
    rules (query_variants, date_pages, far_date, repeated_segments, deep_path, long_url)."""
    off_scope: int = 0
    """Distinct links that lead out of the crawl's scope (never read)."""
    elapsed_s: float = 0.0
    pages_per_s: float = 0.0
    eta_s: float | None = None
    """Seconds left at the current pace, when the crawl is bounded by max_pages."""

    @property
    def lines(self) -> int:
        return self.pages + self.errors + self.duplicates


class CrawlPageRef(_Frozen):
    url: str
    title: str | None = None
    words: int = 0
    status: Literal["page", "error", "duplicate"] = "page"
    detail: str | None = None
    """The error code, or the URL this one duplicates."""


class CrawlSummary(_Frozen):
    """What a crawl did: its counts, why it stopped, and what it could not do."""

    url: str
    """The canonical start URL."""
    scope: str
    """What was in scope, in words (``docs.example.org/guide/``)."""
    out: str | None = None
    counts: CrawlCounts = Field(default_factory=CrawlCounts)
    stopped: Literal["done", "max_pages", "cancelled"] = "done"
    """done: nothing left to read; max_pages: the budget was reached; cancelled."""
    resumed: bool = False
    warnings: list[str] = Field(default_factory=list)
    """Sitemaps skipped, hosts blocked by the SSRF guard (once each), …"""
    pages: list[CrawlPageRef] = Field(default_factory=list)
    """With ``list_pages``: one entry per URL read (for an agent: read a page with browse, from the cache)."""


class MapURL(_Frozen):
    url: str
    lastmod: str | None = None
    title: str | None = None
    source: Literal["sitemap", "links"] = "sitemap"


class MapResult(_Frozen):
    url: str
    """The canonical start URL."""
    urls: list[MapURL] = Field(default_factory=list)
    sitemaps: list[str] = Field(default_factory=list)
    """The sitemap documents read."""
    warnings: list[str] = Field(default_factory=list)
    map_time_ms: float = 0.0
