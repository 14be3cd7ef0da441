"""Data shapes shared by every part of weblens (see DESIGN.md §3).

All models are immutable pydantic models; derive a changed copy with
``model.model_copy(update={...})``. JSON field names are the public contract.
"""

from __future__ import annotations

import uuid
from enum import StrEnum
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

__all__ = [
    "ExtractionMethod",
    "GatherFailure",
    "GatherResponse",
    "Outcome",
    "PageExtract",
    "RenderJob",
    "RenderMode",
    "RenderResult",
    "SearchResponse",
    "SearchResult",
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
    model_config = ConfigDict(frozen=True, extra="forbid")


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


class GatherResponse(_Frozen):
    query: str
    search_results: list[SearchResult] = Field(default_factory=list)
    gathered_pages: list[PageExtract] = Field(default_factory=list)
    failures: list[GatherFailure] = Field(default_factory=list)
    provider_used: str | None = None
    fallback_used: bool = False
    total_search_time_ms: float = 0.0
    total_gather_time_ms: float = 0.0


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
