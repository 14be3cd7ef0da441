"""One request model per operation: the one place an operation's fields are declared.

Every frontend is derived from these models: the Python API (``Lens`` methods take the model, or
its fields as keywords), the CLI (one option per field, see :mod:`weblens.frontends.cli`), the HTTP
API (the JSON request bodies) and the MCP server (the tools' input schemas). A field added here
reaches all four with the same name, default and validation; nothing else needs to change.

Conventions:

* ``None`` as a default means "the corresponding setting" (``render`` → ``Settings.render``), so an
  operator's configuration applies to every frontend alike.
* Required fields become positional CLI arguments; ``list`` fields repeatable options; ``bool``
  fields ``--flag/--no-flag`` switches. :class:`Cli` adds CLI-only spellings (an alias, a short flag).
* Validation failures, wherever they happen, become :class:`~weblens.errors.InvalidArgument`
  (``invalid_argument``) naming the field: see :func:`invalid_argument`.
"""

from __future__ import annotations

import functools
import json
import warnings
from dataclasses import dataclass
from typing import Annotated, Any, ClassVar, Literal, Self, TypeVar, Union
from urllib.parse import urlsplit

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, create_model, field_validator

from weblens.errors import InvalidArgument
from weblens.models import RenderMode, WaitCondition

__all__ = [
    "MAX_READ",
    "AnswerRequest",
    "BrowseRequest",
    "ChatMessage",
    "Cli",
    "CrawlRequest",
    "DataRequest",
    "ExtractRequest",
    "GatherRequest",
    "MapRequest",
    "Ranker",
    "Request",
    "RespondRequest",
    "SearchRequest",
    "SessionBackRequest",
    "SessionClickRequest",
    "SessionCloseRequest",
    "SessionGotoRequest",
    "SessionOpenRequest",
    "SessionReadRequest",
    "SessionScrollRequest",
    "SessionSelectRequest",
    "SessionSnapshotRequest",
    "SessionTypeRequest",
    "SessionView",
    "Window",
    "action_bodies",
    "invalid_argument",
    "parse_session_action",
    "session_action_schema",
    "session_action_type",
]

R = TypeVar("R", bound="Request")

KNOWN_PROVIDERS = ("brave", "serpapi", "tavily", "searxng", "duckduckgo", "wikipedia")
Ranker = Literal["auto", "bm25", "embed", "hybrid"]

MAX_READ = 20
"""The most pages one gather, search --read, answer or respond call reads, and so the most search
results it asks for (a page read is a result read). 20 is what agents doing research ask for and what
Tavily returns raw content for; the pages are read a few at a time under one deadline
(``gather_concurrency``, ``gather_timeout_s``), so 20 cost about four times what 5 do
(bench/gather.py)."""


@dataclass(frozen=True)
class Cli:
    """CLI-only spelling of a field: extra option names (``"--site"``, ``"-p"``), or ``hidden``."""

    aliases: tuple[str, ...] = ()
    hidden: bool = False
    json_file: bool = False
    """The CLI takes a path to a JSON file (``-``: standard input) and puts its content in the field."""

    def __init__(self, *aliases: str, hidden: bool = False, json_file: bool = False) -> None:
        object.__setattr__(self, "aliases", aliases)
        object.__setattr__(self, "hidden", hidden)
        object.__setattr__(self, "json_file", json_file)


def invalid_argument(exc: ValidationError, *, prefix: str = "") -> InvalidArgument:
    """The first validation error as ``invalid_argument``, naming the field (dotted when nested)."""
    errors = exc.errors(include_url=False)
    if not errors:
        return InvalidArgument(str(exc))
    first = errors[0]
    where = ".".join(str(part) for part in first.get("loc", ()) if part != "__root__")
    field = f"{prefix}{where}" if where else (prefix.rstrip(".") or None)
    message = str(first.get("msg", "invalid value")).removeprefix("Value error, ")
    if first.get("type") == "extra_forbidden":
        message = "unknown field"
    extra = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
    return InvalidArgument(f"{field}: {message}{extra}" if field else message + extra, field=field)


class Request(BaseModel):
    """Base of every request model: immutable, unknown fields refused, no NaN or infinity."""

    model_config = ConfigDict(frozen=True, extra="forbid", allow_inf_nan=False, defer_build=True)
    """Fields are described by the docstring under each (:func:`_describe_fields`, one pass over this
    file: pydantic's ``use_attribute_docstrings`` reads the source again for every class, a third of
    this module's import time); validators are built on first use (``defer_build``)."""

    operation: ClassVar[str] = ""
    """The operation's name in every frontend (CLI command, HTTP path, MCP tool)."""

    @classmethod
    def build(cls, first: Self | Any = None, /, **fields: Any) -> Self:
        """The model from a model, or from its first required field given positionally plus keywords.

        ``BrowseRequest.build("https://…", render="never")`` and ``BrowseRequest.build(request)``
        both work; every failure is ``invalid_argument``.
        """
        if isinstance(first, cls):
            if not fields:
                return first
            return cls.parse({**first.model_dump(exclude_unset=True), **fields})
        if first is not None:
            positional = cls.positional_field()
            if positional is None:
                raise InvalidArgument(f"{cls.operation or cls.__name__} takes no positional argument")
            if positional in fields:
                raise InvalidArgument(f"{positional} given twice", field=positional)
            fields = {positional: first, **fields}
        return cls.parse(fields)

    @classmethod
    def parse(cls, data: Any) -> Self:
        """Validate a mapping (a JSON body, keyword arguments); ``invalid_argument`` on failure."""
        try:
            return cls.model_validate(data)
        except ValidationError as exc:
            raise invalid_argument(exc) from None

    @classmethod
    def positional_field(cls) -> str | None:
        """The first required field: what a bare positional argument fills."""
        for name, info in cls.model_fields.items():
            if info.is_required():
                return name
        return None


def _not_blank(value: str) -> str:
    if not value.strip():
        raise ValueError("must not be empty")
    return value


def _known_providers(value: list[str]) -> list[str]:
    names = [name.strip().lower() for name in value]
    unknown = [name for name in names if name not in KNOWN_PROVIDERS]
    if unknown:
        raise ValueError(f"unknown provider {unknown[0]!r} (known: {', '.join(KNOWN_PROVIDERS)})")
    return names


def _url_syntax(value: str) -> str:
    """A URL that at least parses (the SSRF guard decides the rest when it is fetched)."""
    try:
        parts = urlsplit(value)
        parts.port  # noqa: B018 - raises ValueError on a bad port
    except ValueError as exc:
        raise ValueError(f"not a valid URL ({exc})") from None
    if parts.scheme.lower() not in ("http", "https") or not parts.hostname:
        raise ValueError("must be an absolute http(s) URL")
    return value


class Window(Request):
    """Paging through a long text: what ``max_length`` and ``start_index`` select."""

    max_length: Annotated[int | None, Field(gt=0, le=10_000_000)] = None
    """Return at most this many characters of the text and of the Markdown, from start_index (a warning
    says where to continue). None: the whole text (the MCP browse tool uses 20000)."""
    start_index: Annotated[int, Field(ge=0)] = 0
    """Start the returned text at this character (continue where a max_length cut stopped)."""


class BrowseRequest(Window):
    operation: ClassVar[str] = "browse"

    url: Annotated[str, Field(min_length=1, max_length=8192)]
    """The http(s) URL to read."""
    render: RenderMode | None = None
    """auto: render in Chromium when extraction is weak or the page needs JavaScript; always; never.
    None: the render setting (auto)."""
    wait: str | None = None
    """When a rendered page is ready: load, domcontentloaded, networkidle[:MS] or selector:CSS.
    None: the render_wait setting."""
    render_timeout_s: Annotated[float | None, Field(gt=0, le=600), Cli("--render-timeout")] = None
    """Seconds for one render. None: the render_timeout_s setting (30)."""
    timeout_s: Annotated[float | None, Field(gt=0, le=600), Cli("--timeout")] = None
    """Seconds for the whole fetch, redirects and body included. None: the timeout_s setting (15)."""
    refresh: bool = False
    """Ignore a cached copy (the fresh result is stored)."""
    include_comments: bool | None = None
    """Keep reader comments of article pages (a discussion page's posts are its content either way).
    None: the include_comments setting (false)."""
    respect_robots: bool = False
    """Read only what the site's robots.txt allows (else robots_disallowed); batch reading does by default."""

    @field_validator("wait")
    @classmethod
    def _wait_spec(cls, value: str | None) -> str | None:
        if value is not None:
            WaitCondition.parse(value)
        return value


class ExtractRequest(Window):
    operation: ClassVar[str] = "extract"

    html: Annotated[str, Field(max_length=50_000_000)] = ""
    """The document to extract: HTML, or plain text, Markdown or JSON (no network is used)."""
    base64: Annotated[str | None, Field(max_length=70_000_000)] = None
    """A binary document (PDF) encoded as base64, instead of html."""
    url: Annotated[str | None, Field(max_length=8192)] = None
    """The document's URL, to make links absolute."""
    content_type: Annotated[str | None, Field(max_length=200)] = None
    """The document's media type (text/html, application/pdf, text/plain, text/markdown,
    application/json). None: sniffed from the content."""
    include_comments: bool | None = None
    """Keep reader comments of article pages. None: the include_comments setting (false)."""
    passages: Annotated[int, Field(ge=0, le=20)] = 0
    """Also rank the passages of the pages read against the query and return the best N (0: none)."""

    @field_validator("url")
    @classmethod
    def _url(cls, value: str | None) -> str | None:
        return value if value is None else _url_syntax(value)


class SearchRequest(Request):
    operation: ClassVar[str] = "search"

    query: Annotated[str, Field(min_length=1, max_length=2000)]
    """What to search for."""
    max_results: Annotated[int | None, Field(ge=1, le=MAX_READ)] = None
    """How many results (1-20). None: the max_results setting (8), or more when more pages are read."""
    recency_days: Annotated[int | None, Field(ge=1, le=36500)] = None
    """Only results published in the last N days (where the provider supports it)."""
    site_include: Annotated[list[str], Cli("--site")] = Field(default=[], max_length=20)
    """Only results from these sites (repeatable)."""
    site_exclude: Annotated[list[str], Cli("--exclude-site")] = Field(default=[], max_length=20)
    """No results from these sites (repeatable)."""
    language: Annotated[str | None, Field(min_length=2, max_length=16)] = None
    """Result language, e.g. en, de (where the provider supports it)."""
    region: Annotated[str | None, Field(min_length=2, max_length=16)] = None
    """Result region, e.g. us, de (where the provider supports it)."""
    providers: Annotated[list[str], Cli("--provider", "-p")] = Field(default=[], max_length=6)
    """Providers to try, in order (repeatable). Empty: the providers setting, else the default order."""
    refresh: bool = False
    """Ignore cached results (the fresh ones are stored)."""

    @field_validator("query")
    @classmethod
    def _query(cls, value: str) -> str:
        return _not_blank(value)

    @field_validator("site_include", "site_exclude")
    @classmethod
    def _sites(cls, value: list[str]) -> list[str]:
        for site in value:
            if not site.strip() or any(c.isspace() for c in site.strip()):
                raise ValueError(f"not a site: {site!r}")
        return [site.strip() for site in value]

    @field_validator("providers")
    @classmethod
    def _providers(cls, value: list[str]) -> list[str]:
        return _known_providers(value)


class GatherRequest(SearchRequest):
    operation: ClassVar[str] = "gather"

    read: Annotated[int | None, Field(ge=0, le=MAX_READ)] = None
    """Read the top N results (0-20; the search asks for at least N). None: the gather_read setting (3)."""
    render: RenderMode | None = None
    """Render pages in Chromium: auto, always or never. None: the render setting (auto)."""
    include_comments: bool | None = None
    """Keep reader comments of article pages. None: the include_comments setting (false)."""
    passages: Annotated[int, Field(ge=0, le=20)] = 0
    """Also rank the passages of the pages read against the query and return the best N (0: none)."""


class AnswerRequest(Request):
    operation: ClassVar[str] = "answer"

    question: Annotated[str, Field(min_length=1, max_length=2000)]
    """The question to answer from the web."""
    read: Annotated[int, Field(ge=1, le=MAX_READ)] = 3
    """Pages to read first (1-20); weak passages make it read more, up to the answer_max_pages setting
    (5) in all."""
    max_results: Annotated[int, Field(ge=1, le=MAX_READ)] = 10
    """Search results to consider (1-20; at least read are asked for)."""
    top_k: Annotated[int, Field(ge=1, le=20)] = 5
    """Passages to return with the answer (1-20)."""
    ranker: Ranker = "auto"
    """How passages are ranked: auto (hybrid when an embedder is available), bm25, embed or hybrid."""
    providers: Annotated[list[str], Cli("--provider", "-p")] = Field(default=[], max_length=6)
    """Search providers to try, in order (repeatable). Empty: the providers setting."""

    @field_validator("question")
    @classmethod
    def _question(cls, value: str) -> str:
        return _not_blank(value)

    @field_validator("providers")
    @classmethod
    def _providers(cls, value: list[str]) -> list[str]:
        return _known_providers(value)


class ChatMessage(BaseModel):
    """One message of a conversation (OpenAI chat format)."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    role: Literal["system", "user", "assistant"]
    content: Annotated[str, Field(max_length=200_000)]


_ROLE_PREFIX = ("system:", "user:", "assistant:")


def _message(value: Any) -> Any:
    """``"user: hi"`` or a bare ``"hi"`` (a user message) as a message object."""
    if not isinstance(value, str):
        return value
    head, sep, rest = value.partition(":")
    if sep and f"{head.strip().lower()}:" in _ROLE_PREFIX:
        return {"role": head.strip().lower(), "content": rest.strip()}
    return {"role": "user", "content": value}


class RespondRequest(Request):
    operation: ClassVar[str] = "respond"

    messages: Annotated[list[ChatMessage], Field(min_length=1, max_length=100)]
    """The conversation so far, oldest first; a plain string is one user message (on the command
    line: "user: …", "assistant: …" or just the question)."""
    read: Annotated[int, Field(ge=1, le=MAX_READ)] = 3
    """Pages to read for each search the model asks for (1-20)."""
    max_searches: Annotated[int, Field(ge=0, le=5)] = 3
    """Searches the model may ask for (0-5; 0: it is told the web is unavailable)."""

    @field_validator("messages", mode="before")
    @classmethod
    def _messages(cls, value: Any) -> Any:
        if isinstance(value, str):
            value = [value]
        if isinstance(value, list | tuple):
            return [_message(item) for item in value]
        return value


# --- interactive browsing sessions ----------------------------------------------------------------
SessionId = Annotated[str, Field(min_length=1, max_length=200)]
Index = Annotated[int, Field(ge=1, le=10_000)]


class SessionView(Request):
    """How much of the page the snapshot after an action shows (every action takes these)."""

    changes_only: bool = False
    """List only the elements and text lines that appeared or changed since the previous snapshot of
    this page (the first snapshot of a page is always whole)."""
    text_offset: Annotated[int, Field(ge=0, le=100_000_000)] = 0
    """Start the snapshot's text at this character, to read on where a cut text stopped."""


class SessionOpenRequest(SessionView):
    operation: ClassVar[str] = "session_open"

    url: Annotated[str | None, Field(min_length=1, max_length=8192)] = None
    """Open this http(s) URL in the new session. None: an empty page (then use session_goto)."""


class SessionGotoRequest(SessionView):
    operation: ClassVar[str] = "session_goto"

    session_id: SessionId
    """The session, as session_open returned it."""
    url: Annotated[str, Field(min_length=1, max_length=8192)]
    """The http(s) URL to load in the session (guarded like every fetch)."""


class SessionClickRequest(SessionView):
    operation: ClassVar[str] = "session_click"

    session_id: SessionId
    """The session, as session_open returned it."""
    index: Index
    """The element's number in the latest snapshot."""


class SessionTypeRequest(SessionView):
    operation: ClassVar[str] = "session_type"

    session_id: SessionId
    """The session, as session_open returned it."""
    index: Index
    """The field's number in the latest snapshot."""
    text: Annotated[str, Field(max_length=100_000)]
    """The text to put in the field (it replaces what the field held)."""
    submit: bool = False
    """Then press Enter (or submit the field's form)."""


class SessionSelectRequest(SessionView):
    operation: ClassVar[str] = "session_select"

    session_id: SessionId
    """The session, as session_open returned it."""
    index: Index
    """The select's number in the latest snapshot."""
    option: Annotated[str, Field(max_length=10_000)]
    """The option to choose: its value or its visible text."""


class SessionScrollRequest(SessionView):
    operation: ClassVar[str] = "session_scroll"

    session_id: SessionId
    """The session, as session_open returned it."""
    direction: Literal["down", "up"] = "down"
    """Scroll by about one screen (down loads lazy and infinite-scroll content)."""


class SessionBackRequest(SessionView):
    operation: ClassVar[str] = "session_back"

    session_id: SessionId
    """The session, as session_open returned it."""


class SessionSnapshotRequest(SessionView):
    operation: ClassVar[str] = "session_snapshot"

    session_id: SessionId
    """The session, as session_open returned it."""


class SessionReadRequest(Window):
    operation: ClassVar[str] = "session_read"

    session_id: SessionId
    """The session, as session_open returned it."""


class SessionCloseRequest(Request):
    operation: ClassVar[str] = "session_close"

    session_id: SessionId
    """The session to close (its browser context, cookies and storage go with it)."""


SESSION_ACTIONS: dict[str, type[Request]] = {
    "goto": SessionGotoRequest,
    "click": SessionClickRequest,
    "type": SessionTypeRequest,
    "select": SessionSelectRequest,
    "scroll": SessionScrollRequest,
    "back": SessionBackRequest,
    "snapshot": SessionSnapshotRequest,
    "read": SessionReadRequest,
}
"""The ``action`` names of ``POST /v1/sessions/{id}/actions`` and the request each one makes."""


def _action_body(action: str, model: type[Request]) -> type[Request]:
    """``model`` without ``session_id`` (the URL names it), tagged ``{"action": action}``."""
    fields: dict[str, Any] = {
        name: (info.annotation, info) for name, info in model.model_fields.items() if name != "session_id"
    }
    tag: Any = Literal[action]
    name = f"{action.capitalize()}Action"
    body: type[Request] = create_model(name, __base__=Request, action=(tag, ...), **fields)
    body.__doc__ = f"Body of a session action: {action}."
    return body


@functools.cache
def action_bodies() -> dict[str, type[Request]]:
    """The body model of each action (built on first use: building models costs import time)."""
    return {action: _action_body(action, model) for action, model in SESSION_ACTIONS.items()}


def session_action_type() -> Any:
    """One action for ``POST /v1/sessions/{id}/actions``: ``{"action": "click", "index": 3}``."""
    return Annotated[Union[tuple(action_bodies().values())], Field(discriminator="action")]  # noqa: UP007


def parse_session_action(session_id: str, body: bytes | str) -> Request:
    """The request an action body makes on ``session_id`` (``invalid_argument`` when it is not one)."""
    try:
        data = json.loads(body)
    except ValueError:
        raise InvalidArgument("the request body is not valid JSON", field="body") from None
    if not isinstance(data, dict):
        raise InvalidArgument("the request body must be a JSON object", field="body")
    action = data.get("action")
    if action not in SESSION_ACTIONS:
        known = ", ".join(SESSION_ACTIONS)
        raise InvalidArgument(f"action: must be one of {known} (got {action!r})", field="action")
    fields = action_bodies()[action].parse(data).model_dump(exclude={"action"}, exclude_unset=True)
    return SESSION_ACTIONS[action].parse({**fields, "session_id": session_id})


def session_action_schema() -> dict[str, Any]:
    """The JSON schema of a session action body (for the OpenAPI document)."""
    adapter: TypeAdapter[Any] = TypeAdapter(session_action_type())
    return adapter.json_schema(ref_template="#/components/schemas/{model}")


# --- typed data -----------------------------------------------------------------------------------
DataSourceName = Literal["auto", "embedded", "selectors", "tables", "llm"]

with warnings.catch_warnings():
    # The public name of the field is ``schema`` (as in every data-extraction API); pydantic warns
    # that it shadows BaseModel.schema(), a deprecated class method nobody calls on a request.
    warnings.filterwarnings("ignore", message='Field name "schema"', category=UserWarning)

    class DataRequest(Request):
        operation: ClassVar[str] = "data"

        url: Annotated[str, Field(min_length=1, max_length=8192)]
        """The http(s) URL of the page to read data from."""
        schema: Annotated[dict[str, Any] | None, Cli(json_file=True)] = None  # type: ignore[assignment]
        """A JSON Schema of the data (objects, arrays, strings, numbers, integers, booleans, enums,
        dates); on the command line, a JSON file. Optional with selectors (the records they name)."""
        selectors: Annotated[dict[str, Any] | None, Cli(json_file=True)] = None
        """Selectors for a page whose layout you know: {"base": CSS or XPath of each record,
        "fields": {"name": "h3", "url": {"selector": "a", "attribute": "href"}}}; a JSON file on the
        command line."""
        instructions: Annotated[str | None, Field(max_length=4000)] = None
        """Free text to steer the model (what to prefer, how to read a field)."""
        sources: Annotated[list[DataSourceName], Field(min_length=1, max_length=5)] = ["auto"]
        """Where values may come from (repeatable): auto (embedded data, selectors, tables, then a
        model for what is missing when one is configured), embedded, selectors, tables, llm."""
        grounding: Literal["strict", "report"] = "strict"
        """strict: a value the page does not state is not returned (null and a warning); report: it
        is kept with verified false."""
        render: RenderMode | None = None
        """auto: render in Chromium when the page needs JavaScript; always; never. None: the render
        setting (auto)."""
        timeout_s: Annotated[float | None, Field(gt=0, le=600), Cli("--timeout")] = None
        """Seconds for the whole fetch. None: the timeout_s setting (15)."""
        include_text: bool = False
        """Return the page's text and Markdown too (the text every quote's offsets refer to)."""
        respect_robots: bool = False
        """Read only what the site's robots.txt allows (else robots_disallowed); batch reading does by
        default."""

        @field_validator("url")
        @classmethod
        def _url(cls, value: str) -> str:
            return _url_syntax(value)

        @field_validator("sources", mode="before")
        @classmethod
        def _sources(cls, value: Any) -> Any:
            if isinstance(value, str):
                value = [value]
            if isinstance(value, list | tuple):  # "embedded,tables" as well as repeated options
                return [part.strip() for one in value for part in str(one).split(",") if part.strip()]
            return value

        @field_validator("schema", "selectors", mode="before")
        @classmethod
        def _json_text(cls, value: Any) -> Any:
            if isinstance(value, str):  # JSON text (a form field, an environment variable)
                try:
                    return json.loads(value)
                except ValueError as exc:
                    raise ValueError(f"not valid JSON ({exc})") from None
            return value


# --- crawl and map --------------------------------------------------------------------------------
ScopeName = Literal["subpath", "host", "domain"]

MAX_CRAWL_PAGES = 1_000_000
"""The largest ``max_pages`` a crawl takes (its frontier lives on disk, so this bounds time, not memory)."""


def _globs(value: list[str]) -> list[str]:
    for glob in value:
        if not glob.strip():
            raise ValueError("a pattern must not be empty")
    return [glob.strip() for glob in value]


class CrawlRequest(Request):
    operation: ClassVar[str] = "crawl"

    url: Annotated[str, Field(min_length=1, max_length=8192)]
    """The http(s) URL the crawl starts from (breadth-first)."""
    max_pages: Annotated[int, Field(ge=1, le=MAX_CRAWL_PAGES)] = 1000
    """The most pages read (a hard limit: every request for a page counts)."""
    max_depth: Annotated[int | None, Field(ge=0, le=1000)] = None
    """Follow links at most this many hops from the start page (0: the start page only). None: no limit."""
    scope: ScopeName = "subpath"
    """subpath: the start URL's host, below its directory; host: the whole host; domain: every host of
    its registrable domain."""
    include: Annotated[list[str], Field(max_length=50)] = []
    """Only URLs whose path matches one of these globs (repeatable; e.g. /docs/*)."""
    exclude: Annotated[list[str], Field(max_length=50)] = []
    """No URL whose path matches one of these globs (repeatable; e.g. */changelog/*)."""
    include_query: bool = False
    """Match include/exclude against the path and the query (?…), not the path alone."""
    allow_subdomains: bool = False
    """Also crawl the hosts below the start host (with scope host or subpath)."""
    ignore_robots: bool = False
    """Do not read robots.txt (it is honoured by default, Crawl-delay included)."""
    sitemaps: bool = True
    """Also queue the pages the site's sitemaps list (robots.txt Sitemap lines, /sitemap.xml)."""
    concurrency: Annotated[int | None, Field(ge=1, le=256)] = None
    """Pages read at once (and the most in flight to one site). None: the crawl_concurrency setting (4)."""
    render: RenderMode | None = None
    """auto: render a page in Chromium when extraction is weak or it needs JavaScript; always; never.
    None: the render setting (auto)."""
    timeout_s: Annotated[float | None, Field(gt=0, le=600), Cli("--timeout")] = None
    """Seconds for each page's fetch. None: the timeout_s setting (15)."""

    @field_validator("url")
    @classmethod
    def _url(cls, value: str) -> str:
        return _url_syntax(value)

    @field_validator("include", "exclude")
    @classmethod
    def _patterns(cls, value: list[str]) -> list[str]:
        return _globs(value)


class MapRequest(Request):
    operation: ClassVar[str] = "map"

    url: Annotated[str, Field(min_length=1, max_length=8192)]
    """The site to list: its sitemaps first, then links from a few of its pages."""
    limit: Annotated[int, Field(ge=1, le=100_000)] = 5000
    """The most URLs listed."""
    search: Annotated[str | None, Field(min_length=1, max_length=500)] = None
    """Order the URLs by relevance to this text (BM25 over their address and title)."""
    scope: ScopeName = "host"
    """host: the start URL's host; subpath: below its directory; domain: every host of its domain."""
    allow_subdomains: bool = False
    """Also list the hosts below the start host (with scope host or subpath)."""
    ignore_robots: bool = False
    """List pages robots.txt disallows too (left out by default)."""
    timeout_s: Annotated[float | None, Field(gt=0, le=600), Cli("--timeout")] = None
    """Seconds for the whole map. None: 20."""

    @field_validator("url")
    @classmethod
    def _url(cls, value: str) -> str:
        return _url_syntax(value)


# --- field descriptions --------------------------------------------------------------------------
def _field_docstrings(source: str) -> dict[str, dict[str, str]]:
    """Per module-level class of ``source`` (at the top level or inside a ``with`` block there):
    each annotated attribute's docstring (the string right under it). Function bodies are not
    visited — no request model is defined in one — which keeps this pass to a few milliseconds."""
    import ast
    import inspect

    found: dict[str, dict[str, str]] = {}
    statements = list(ast.parse(source).body)
    for node in statements:
        if isinstance(node, ast.With):
            statements.extend(node.body)
        if not isinstance(node, ast.ClassDef):
            continue
        docs: dict[str, str] = {}
        for before, after in zip(node.body, node.body[1:], strict=False):
            if (
                isinstance(before, ast.AnnAssign)
                and isinstance(before.target, ast.Name)
                and isinstance(after, ast.Expr)
                and isinstance(after.value, ast.Constant)
                and isinstance(after.value.value, str)
            ):
                docs[before.target.id] = inspect.cleandoc(after.value.value)
        found[node.name] = docs
    return found


def _describe_fields(namespace: dict[str, Any]) -> None:
    """Give every field of this module's request models the docstring written under it (in its own
    class or the class it comes from), as pydantic's ``use_attribute_docstrings`` would."""
    from pathlib import Path

    docs = _field_docstrings(Path(__file__).read_text(encoding="utf-8"))
    for model in namespace.values():
        if not (isinstance(model, type) and issubclass(model, BaseModel)):
            continue
        for name, info in model.model_fields.items():
            if info.description is not None:
                continue
            for owner in model.__mro__:
                doc = docs.get(owner.__name__, {}).get(name) if owner.__module__ == __name__ else None
                if doc is not None:
                    info.description = doc
                    break


_describe_fields(globals())
