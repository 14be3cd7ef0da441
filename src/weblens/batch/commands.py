"""``weblens batch`` and ``weblens worker``: read a list of URLs into JSON lines, here or on many machines.

``weblens batch INPUT --out results.jsonl`` reads in this process; with ``--queue redis://…`` it puts
the inputs on the queue, waits for ``weblens worker --queue redis://…`` processes (on any machine) to
read them, and writes ``--out`` itself. The progress display goes to stderr; when the run is complete a
summary object is printed on stdout. A problem with the command itself (a missing INPUT, an ``--out``
that exists without ``--resume``, an unreachable queue) is the usual JSON error with its exit code.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any

import click

from weblens.batch.plan import BatchOptions, Summary, batch_settings
from weblens.batch.progress import BatchProgress
from weblens.cli_support import (
    allow_host_option,
    guarded,
    load_json_files,
    log_params,
    run_async,
    settings_for,
)
from weblens.config import Settings
from weblens.logs import configure_logging

__all__ = ["batch_command", "data_schema_file", "worker_command"]


def _shared_params() -> list[click.Parameter]:
    return [
        click.Option(
            ["--concurrency", "-c"],
            type=click.IntRange(1, 1024),
            default=16,
            show_default=True,
            help="Pages read at once (per worker with --queue).",
        ),
        allow_host_option(),
        click.Option(["--no-cache", "no_cache"], is_flag=True, help="Neither read nor write the page cache."),
        *log_params(
            level="error",
            level_help="Log events of this level and above on stderr "
            "(each failure is in its output line anyway).",
        ),
    ]


def batch_command() -> click.Command:
    params: list[click.Parameter] = [
        click.Argument(["input"], required=True, metavar="INPUT"),
        click.Option(
            ["--out", "-o"], required=True, metavar="FILE", help="The JSON-lines output (appended to)."
        ),
        click.Option(["--resume"], is_flag=True, help="Continue --out: skip the inputs it already holds."),
        click.Option(
            ["--queue"], metavar="redis://…", help="Spread the work over `weblens worker` processes."
        ),
        click.Option(
            ["--ignore-robots"], is_flag=True, help="Do not read robots.txt (it is honoured by default)."
        ),
        click.Option(
            ["--data-schema", "data_schema"],
            metavar="FILE",
            help="A JSON Schema file: each page line also gets the page's typed data (as `weblens data`).",
        ),
        *_shared_params(),
    ]

    def callback(**values: Any) -> None:
        configure_logging(values.pop("log_format"), values.pop("log_level"))

        def work() -> None:
            settings = _settings(values)
            options = BatchOptions(
                concurrency=values["concurrency"],
                resume=values["resume"],
                respect_robots=not values["ignore_robots"],
                data_schema=data_schema_file(values["data_schema"]),
            )
            start = time.monotonic()
            summary = run_async(
                _batch(settings, Path(values["input"]), Path(values["out"]), options, values["queue"])
            )
            seconds = round(time.monotonic() - start, 3)
            report = {"out": values["out"], **_counts(summary), "seconds": seconds}
            sys.stdout.write(json.dumps(report) + "\n")

        guarded("json", work)

    help_text = (
        "Read every URL of INPUT (one a line, or JSON lines of browse requests) into --out, one JSON line "
        "each, politely (per-site rate limits, robots.txt); resumable; --queue spreads it over workers."
    )
    return click.Command("batch", params=params, callback=callback, help=help_text)


def worker_command() -> click.Command:
    params: list[click.Parameter] = [
        click.Option(
            ["--queue"], required=True, metavar="redis://…", help="The queue `weblens batch --queue` fills."
        ),
        click.Option(["--burst"], is_flag=True, help="Stop when the queue is empty."),
        *_shared_params(),
    ]

    def callback(**values: Any) -> None:
        configure_logging(values.pop("log_format"), values.pop("log_level"))

        def work() -> None:
            from weblens.batch.queue import QueueOptions, run_worker

            settings = _settings(values)
            print(f"weblens worker: taking jobs from {values['queue']}", file=sys.stderr, flush=True)
            queue = QueueOptions(url=values["queue"], job_timeout_s=settings.batch_job_timeout_s)
            run_async(run_worker(settings, queue, concurrency=values["concurrency"], burst=values["burst"]))

        guarded("json", work)

    return click.Command(
        "worker", params=params, callback=callback, help="Read the pages of `weblens batch --queue` runs."
    )


def data_schema_file(path: str | None) -> dict[str, Any] | None:
    """The --data-schema file, read and checked before any page is read."""
    if path is None:
        return None
    from weblens.data import read_schema
    from weblens.requests import DataRequest

    schema: dict[str, Any] = load_json_files(DataRequest, {"schema": path})["schema"]
    read_schema(schema)
    return schema


def _settings(values: dict[str, Any]) -> Settings:
    return settings_for(values["allow_host"], values["no_cache"])


def _counts(summary: Summary) -> dict[str, int]:
    return {
        "read": summary.done,
        "pages": summary.ok,
        "errors": summary.failed,
        "skipped": summary.skipped,
        "duplicates": summary.duplicates,
    }


async def _batch(
    settings: Settings, source: Path, out: Path, options: BatchOptions, queue: str | None
) -> Summary:
    with BatchProgress(Summary()) as progress:
        if queue:
            from weblens.batch.queue import QueueOptions, run_queued

            return await run_queued(
                settings, QueueOptions(url=queue), source, out, options, progress=progress
            )
        from weblens.batch.runner import run_local
        from weblens.session import Lens

        async with Lens(batch_settings(settings, options.concurrency)) as lens:
            return await run_local(lens, source, out, options, progress=progress)
