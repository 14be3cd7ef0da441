"""``weblens crawl``: a whole site into JSON lines (and Markdown files, an llms.txt), here or over workers.

The crawl's options are :class:`~weblens.requests.CrawlRequest`'s fields (as every frontend has them);
what only a command line has is added here: ``--out`` (required), ``--resume``, ``--queue``,
``--markdown-dir``, ``--llms-txt``, ``--data-schema``. Progress goes to stderr; when the crawl ends, its
summary (a :class:`~weblens.models.CrawlSummary`) is printed on stdout as one JSON object. A problem
with the command itself (a blocked or malformed start URL, a start page that is not HTML, an ``--out``
that exists without ``--resume``) is the usual JSON error with its exit code, before anything is read.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from types import TracebackType
from typing import Any, Self

import click

from weblens.batch.commands import data_schema_file
from weblens.cli_support import (
    allow_host_option,
    field_params,
    guarded,
    load_json_files,
    log_params,
    request_values,
    run_async,
    settings_for,
)
from weblens.config import Settings
from weblens.logs import configure_logging
from weblens.models import CrawlCounts, CrawlSummary
from weblens.requests import CrawlRequest

__all__ = ["crawl_command", "crawl_settings"]


def crawl_settings(settings: Settings, concurrency: int) -> Settings:
    """The settings of a crawling process: the crawl's pace is the sites' pace (redirect hops and retries
    too), room for ``concurrency`` pages in flight, and extraction in the worker pool for all but small
    pages, unless set explicitly."""
    update: dict[str, Any] = {
        "max_concurrent_fetches": max(settings.max_concurrent_fetches, concurrency),
        "per_domain_concurrency": max(settings.per_domain_concurrency, concurrency),
        "per_domain_rate_limit": settings.crawl_rate_limit,
    }
    if "extract_inline_max_bytes" not in settings.model_fields_set:
        update["extract_inline_max_bytes"] = min(settings.extract_inline_max_bytes, 16 * 1024)
    return settings.model_copy(update=update)


class CrawlProgress:
    """The progress display on stderr: pages, queued, errors, duplicates, cut, pages/s, ETA (rich)."""

    def __init__(self, max_pages: int) -> None:
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

        self._console = Console(stderr=True, highlight=False)
        self._progress = Progress(
            TextColumn("[bold]crawling"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("{task.fields[detail]}"),
            TimeRemainingColumn(),
            console=self._console,
            transient=False,
        )
        self._task = self._progress.add_task("crawl", total=max_pages, detail="")
        self._shown = 0.0

    def __enter__(self) -> Self:
        self._progress.start()
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self._progress.stop()

    def update(self, counts: CrawlCounts) -> None:
        now = time.monotonic()
        if now - self._shown < 0.2:
            return
        self._shown = now
        cut = sum(counts.cut.values())
        detail = (
            f"{counts.queued} queued · [red]{counts.errors} errors[/] · {counts.duplicates} duplicates"
            f" · {cut} cut · {counts.pages_per_s:.1f} pages/s"
        )
        self._progress.update(self._task, completed=counts.lines, detail=detail)

    def finish(self, summary: CrawlSummary) -> None:
        c = summary.counts
        cut = ", ".join(f"{k} {v}" for k, v in sorted(c.cut.items()) if v) or "nothing"
        self._console.print(
            f"crawl: {c.lines} URLs ({c.pages} pages, {c.errors} errors, {c.duplicates} duplicates) in "
            f"{c.elapsed_s:.1f} s, {c.pages_per_s:.1f} pages/s; cut: {cut}; stopped: {summary.stopped}"
        )
        for warning in summary.warnings:
            self._console.print(f"[yellow]warning[/] {warning}")


def crawl_command() -> click.Command:
    params: list[click.Parameter] = [
        *field_params(CrawlRequest),
        click.Option(
            ["--out", "-o"], required=True, metavar="FILE", help="The JSON-lines output (one line per URL)."
        ),
        click.Option(["--resume"], is_flag=True, help="Continue --out after a crash: no URL is read twice."),
        click.Option(["--queue"], metavar="redis://…", help="Read the pages on `weblens worker` processes."),
        click.Option(["--markdown-dir"], metavar="DIR", help="Also write each page as DIR/<path>.md."),
        click.Option(["--llms-txt"], metavar="FILE", help="Also write an llms.txt index of the pages read."),
        click.Option(
            ["--data-schema", "data_schema"],
            metavar="FILE",
            help="A JSON Schema file: each page line also gets the page's typed data (as `weblens data`).",
        ),
        allow_host_option(),
        click.Option(["--no-cache", "no_cache"], is_flag=True, help="Neither read nor write the page cache."),
        *log_params(
            level="error",
            level_help="Log events of this level and above on stderr "
            "(each failure is in its output line anyway).",
        ),
    ]

    def callback(**values: Any) -> None:
        configure_logging(values.pop("log_format"), values.pop("log_level"))
        options = {name: values.pop(name) for name in ("out", "resume", "queue", "markdown_dir", "llms_txt")}
        schema_path, allow, no_cache = (
            values.pop("data_schema"),
            values.pop("allow_host"),
            values.pop("no_cache"),
        )

        def work() -> None:
            request = CrawlRequest.parse(load_json_files(CrawlRequest, request_values(CrawlRequest, values)))
            settings = settings_for(allow, no_cache)
            schema = data_schema_file(schema_path)
            summary = run_async(_crawl(settings, request, options, schema))
            sys.stdout.write(summary.model_dump_json(exclude={"pages"}) + "\n")

        guarded("json", work)

    help_text = (
        "Crawl a site breadth-first from URL into --out (one JSON line per canonical URL: its page, its "
        "error, or the URL it duplicates), politely (robots.txt, per-site pace, 429/503 back-off), "
        "resumable; traps (endless calendars, faceted search) are cut and counted."
    )
    return click.Command("crawl", params=params, callback=callback, help=help_text)


async def _crawl(
    settings: Settings, request: CrawlRequest, options: dict[str, Any], schema: dict[str, Any] | None
) -> CrawlSummary:
    concurrency = request.concurrency or settings.crawl_concurrency
    with CrawlProgress(request.max_pages) as progress:
        if options["queue"]:
            from weblens.batch.crawl_queue import run_crawl_queued

            summary = await run_crawl_queued(
                settings, options["queue"], request, options, schema, on_progress=progress.update
            )
        else:
            from weblens.session import Lens

            async with Lens(crawl_settings(settings, concurrency)) as lens:
                summary = await lens.crawl(
                    request,
                    out=Path(options["out"]),
                    resume=options["resume"],
                    markdown_dir=options["markdown_dir"],
                    llms_txt=options["llms_txt"],
                    data_schema=schema,
                    on_progress=progress.update,
                )
        progress.finish(summary)
    return summary
