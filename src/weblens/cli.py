"""The ``weblens`` command: extract, browse and search from a shell.

With ``--format json`` success prints one JSON object on stdout and failure
prints ``{"error": {"code", "message", "url"}}`` on stdout; either way the exit
code tells the error class (see ``EXIT_CODES``). Progress and logs go to stderr.
"""

from __future__ import annotations

import asyncio
import json
import sys
from collections.abc import Awaitable, Callable
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer
from pydantic import BaseModel, ValidationError
from rich.console import Console

from weblens.config import Settings
from weblens.errors import WeblensError
from weblens.extract import ExtractOptions, extract
from weblens.logs import configure_logging
from weblens.models import GatherResponse, PageExtract, RenderMode, SearchResponse, WaitCondition
from weblens.search.citations import format_sources
from weblens.session import Lens
from weblens.views import page_as_markdown, page_as_text, search_as_markdown, search_as_text

__all__ = ["EXIT_CODES", "app", "main"]

T = TypeVar("T")

EXIT_CODES: dict[str, int] = {
    "invalid_url": 10,
    "ssrf_blocked": 11,
    "dns_error": 12,
    "connect_error": 13,
    "fetch_timeout": 14,
    "size_limit_exceeded": 15,
    "too_many_redirects": 16,
    "http_error": 17,
    "unsupported_content_type": 18,
    "extraction_failed": 19,
    "render_timeout": 20,
    "render_failed": 21,
    "provider_error": 22,
    "rate_limited": 23,
    "not_configured": 24,
    "budget_exceeded": 25,
}
EXIT_USAGE = 2
EXIT_INTERNAL = 1

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="Search, fetch safely, extract and cite web pages for AI agents.",
    pretty_exceptions_enable=False,
)
stderr = Console(stderr=True)


class Format(StrEnum):
    JSON = "json"
    MARKDOWN = "markdown"
    TEXT = "text"


class LogFormat(StrEnum):
    CONSOLE = "console"
    JSON = "json"


FormatOpt = Annotated[Format, typer.Option("--format", "-f", help="Output format.")]
AllowOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--allow-host", help="host:port to let past the SSRF guard (repeatable; for local servers)."
    ),
]
NoCacheOpt = Annotated[bool, typer.Option("--no-cache", help="Neither read nor write the cache.")]
RefreshOpt = Annotated[
    bool, typer.Option("--refresh", help="Ignore cached entries, then store the fresh result.")
]
LogFormatOpt = Annotated[
    LogFormat, typer.Option("--log-format", help="Log lines on stderr as console or json.")
]
LogLevelOpt = Annotated[str, typer.Option("--log-level", help="debug, info, warning or error.")]
RenderOpt = Annotated[
    RenderMode | None, typer.Option("--render", help="auto: render when extraction is weak; always; never.")
]
WaitOpt = Annotated[
    str | None,
    typer.Option("--wait", help="Render wait: load, domcontentloaded, networkidle[:MS] or selector:CSS."),
]
RenderTimeoutOpt = Annotated[float | None, typer.Option("--render-timeout", help="Seconds per render.")]


def _settings(allow: list[str] | None, no_cache: bool, **overrides: Any) -> Settings:
    base = Settings()
    values: dict[str, Any] = {k: v for k, v in overrides.items() if v is not None}
    if allow:
        values["allow_hosts"] = [*base.allow_hosts, *allow]
    if no_cache:
        values["cache"] = "none"
    return Settings(**values) if values else base


def _emit(fmt: Format, model: BaseModel, human: Callable[[], str]) -> None:
    if fmt is Format.JSON:
        sys.stdout.write(model.model_dump_json() + "\n")
    else:
        sys.stdout.write(human().rstrip() + "\n")


def _fail(fmt: Format, exc: WeblensError) -> typer.Exit:
    if fmt is Format.JSON:
        sys.stdout.write(json.dumps({"error": exc.to_dict()}) + "\n")
    else:
        where = f" ({exc.url})" if exc.url else ""
        stderr.print(f"[bold red]error[/] {exc.code}: {exc.message}{where}", highlight=False)
    return typer.Exit(EXIT_CODES.get(exc.code, EXIT_INTERNAL))


def _run(fmt: Format, work: Awaitable[T]) -> T:
    try:
        return asyncio.run(work)  # type: ignore[arg-type]
    except WeblensError as exc:
        raise _fail(fmt, exc) from None


def _logging(fmt: LogFormat, level: str) -> None:
    configure_logging("json" if fmt is LogFormat.JSON else "console", level)


@app.command("extract")
def extract_cmd(
    file: Annotated[str, typer.Argument(help="HTML, PDF, text, Markdown or JSON file; - for stdin.")],
    url: Annotated[str | None, typer.Option("--url", help="The page's URL, to make links absolute.")] = None,
    fmt: FormatOpt = Format.JSON,
) -> None:
    """Extract the main content of a page or document file (no network)."""
    try:
        data = sys.stdin.buffer.read() if file == "-" else Path(file).read_bytes()
    except OSError as exc:
        stderr.print(f"[bold red]error[/] cannot read {file}: {exc.strerror}")
        raise typer.Exit(EXIT_USAGE) from None
    settings = Settings()
    options = ExtractOptions(
        include_comments=settings.include_comments,
        markdown_links=settings.markdown_links,
        markdown_images=settings.markdown_images,
    )
    try:
        page = extract(data, url, options=options)
    except WeblensError as exc:
        raise _fail(fmt, exc) from None
    _emit(fmt, page, lambda: _page_view(fmt, page))


def _page_view(fmt: Format, page: PageExtract) -> str:
    return page_as_markdown(page) if fmt is Format.MARKDOWN else page_as_text(page)


@app.command("browse")
def browse_cmd(
    url: Annotated[str, typer.Argument(help="The http(s) URL to read.")],
    fmt: FormatOpt = Format.JSON,
    render: RenderOpt = None,
    wait: WaitOpt = None,
    render_timeout: RenderTimeoutOpt = None,
    allow_host: AllowOpt = None,
    no_cache: NoCacheOpt = False,
    refresh: RefreshOpt = False,
    timeout: Annotated[float | None, typer.Option("--timeout", help="Seconds for the whole fetch.")] = None,
    log_format: LogFormatOpt = LogFormat.CONSOLE,
    log_level: LogLevelOpt = "warning",
) -> None:
    """Fetch a page through the SSRF guard, extract it, render it when needed."""
    _logging(log_format, log_level)
    condition = _wait_condition(wait)
    settings = _settings(allow_host, no_cache, timeout_s=timeout)

    async def work() -> PageExtract:
        async with Lens(settings) as lens:
            return await lens.browse(
                url, render=render, wait=condition, render_timeout_s=render_timeout, refresh=refresh
            )

    page = _run(fmt, work())
    _emit(fmt, page, lambda: _page_view(fmt, page))


def _wait_condition(spec: str | None) -> WaitCondition | None:
    if spec is None:
        return None
    try:
        return WaitCondition.parse(spec)
    except (ValueError, ValidationError) as exc:
        raise typer.BadParameter(str(exc), param_hint="--wait") from None


@app.command("search")
def search_cmd(
    query: Annotated[str, typer.Argument(help="What to search for.")],
    fmt: FormatOpt = Format.JSON,
    provider: Annotated[
        list[str] | None, typer.Option("--provider", "-p", help="Provider to use, in order (repeatable).")
    ] = None,
    max_results: Annotated[int | None, typer.Option("--max-results", min=1, max=10)] = None,
    read: Annotated[
        int, typer.Option("--read", min=0, max=5, help="Read the top N results (0: only search).")
    ] = 0,
    recency_days: Annotated[int | None, typer.Option("--recency-days", min=1)] = None,
    site: Annotated[list[str] | None, typer.Option("--site", help="Only this site (repeatable).")] = None,
    exclude_site: Annotated[list[str] | None, typer.Option("--exclude-site", help="Not this site.")] = None,
    render: RenderOpt = None,
    allow_host: AllowOpt = None,
    no_cache: NoCacheOpt = False,
    refresh: RefreshOpt = False,
    log_format: LogFormatOpt = LogFormat.CONSOLE,
    log_level: LogLevelOpt = "warning",
) -> None:
    """Search, and with --read N read the top results with citations."""
    _logging(log_format, log_level)
    settings = _settings(allow_host, no_cache, providers=provider or None)
    kwargs: dict[str, Any] = {
        "max_results": max_results,
        "recency_days": recency_days,
        "site_include": site or (),
        "site_exclude": exclude_site or (),
        "refresh": refresh,
    }

    async def work() -> SearchResponse | GatherResponse:
        async with Lens(settings) as lens:
            if read <= 0:
                return await lens.search(query, **kwargs)
            with stderr.status(f"Searching and reading the top {read} results…"):
                return await lens.gather(query, read=read, render=render, **kwargs)

    result = _run(fmt, work())
    if isinstance(result, GatherResponse):
        human = format_sources(result, max_chars_per_page=settings.max_chars_per_page)
        _emit(fmt, result, lambda: human)
    else:
        _emit(
            fmt,
            result,
            lambda: search_as_markdown(result) if fmt is Format.MARKDOWN else search_as_text(result),
        )


def main() -> None:
    """Console-script entry point."""
    app()


if __name__ == "__main__":
    main()
