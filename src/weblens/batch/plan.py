"""What a batch run reads and where it writes: options, the output's state, the inputs still to read."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import islice
from pathlib import Path
from typing import Any

from weblens.batch.inputs import BatchInput, interleave, read_inputs
from weblens.batch.resume import Resume, scan_file
from weblens.config import Settings
from weblens.errors import InvalidArgument
from weblens.linewriter import LineWriter
from weblens.net.sites import site_key
from weblens.requests import BrowseRequest, DataRequest

__all__ = [
    "BatchOptions",
    "Summary",
    "batch_settings",
    "check_input",
    "count_pending",
    "data_request",
    "open_output",
    "pending",
    "request_for",
]

BATCH_INLINE_MAX_BYTES = 16 * 1024


@dataclass(frozen=True, kw_only=True)
class BatchOptions:
    concurrency: int = 16
    """Pages read at once (per worker process with a queue)."""
    resume: bool = False
    """Continue an existing output file: skip the inputs whose key it holds."""
    respect_robots: bool = True
    """Honour robots.txt (an input line may still say ``"respect_robots": false``)."""
    window: int = 5000
    """Inputs read ahead and interleaved by site."""
    data_schema: dict[str, Any] | None = None
    """With a JSON Schema, each page line also carries the page's typed data (``weblens data``)."""


@dataclass
class Summary:
    total: int = 0
    """Inputs to read in this run (after skipping those already in the output)."""
    done: int = 0
    failed: int = 0
    skipped: int = 0
    """Inputs whose key the output already held (``--resume``)."""
    duplicates: int = 0
    """Inputs whose key came earlier in the file (one line per key)."""

    @property
    def ok(self) -> int:
        return self.done - self.failed


def batch_settings(settings: Settings, concurrency: int) -> Settings:
    """The settings of a reading process: fetch slots for ``concurrency`` pages, and extraction in the
    worker pool for all but small pages (many pages at once use every core; an agent's single call keeps
    the inline default), unless ``extract_inline_max_bytes`` was set explicitly."""
    update: dict[str, int] = {"max_concurrent_fetches": max(settings.max_concurrent_fetches, concurrency)}
    if "extract_inline_max_bytes" not in settings.model_fields_set:
        update["extract_inline_max_bytes"] = min(settings.extract_inline_max_bytes, BATCH_INLINE_MAX_BYTES)
    return settings.model_copy(update=update)


def open_output(out: Path, *, resume: bool) -> tuple[LineWriter, Resume]:
    """The output, locked for this run, and what it already holds (a torn last line cut off).

    Without ``resume`` a non-empty file is refused (nothing is ever overwritten); a file another run
    is writing to is refused too.
    """
    if out.is_dir():
        raise InvalidArgument(f"--out: {out} is a directory", field="out")
    if not out.parent.is_dir():
        raise InvalidArgument(f"--out: no such directory: {out.parent}", field="out")
    writer = LineWriter(out)
    try:
        if not resume:
            if out.stat().st_size > 0:
                raise InvalidArgument(
                    f"--out: {out} exists; pass --resume to continue it, or choose another file", field="out"
                )
            return writer, Resume()
        state = scan_file(out)
        if state.torn:
            writer.truncate(state.good_bytes)
        return writer, state
    except BaseException:
        writer.close()
        raise


def check_input(path: Path) -> None:
    """``invalid_argument`` unless INPUT is a readable file."""
    for _ in _lines(path):
        break


def _lines(path: Path) -> Iterator[str]:
    try:
        with path.open(encoding="utf-8", errors="replace", newline=None) as handle:
            yield from handle
    except FileNotFoundError:
        raise InvalidArgument(f"INPUT: no such file: {path}", field="input") from None
    except IsADirectoryError:
        raise InvalidArgument(f"INPUT: {path} is a directory", field="input") from None


def count_pending(path: Path, done: set[str]) -> int:
    """How many distinct inputs of the file are not in ``done`` (the progress display's total)."""
    return len({item.key for item in read_inputs(_lines(path))} - done)


def site_of(item: BatchInput) -> str:
    if item.request is None:
        return ""
    from urllib.parse import urlsplit

    return site_key(urlsplit(item.request.url).netloc.rpartition("@")[2])


def pending(path: Path, done: set[str], summary: Summary, *, window: int) -> Iterator[BatchInput]:
    """The inputs still to read: not in ``done``, each key once; interleaved by site window by window."""
    seen = set(done)

    def fresh() -> Iterator[BatchInput]:
        for item in read_inputs(_lines(path)):
            if item.key in done:
                summary.skipped += 1
            elif item.key in seen:
                summary.duplicates += 1
            else:
                seen.add(item.key)
                yield item

    items = fresh()
    while chunk := list(islice(items, window)):
        yield from interleave(chunk, site_of)


def request_for(item: BatchInput, options: BatchOptions) -> BrowseRequest:
    """The request to read: robots.txt honoured unless the run or the line itself says otherwise."""
    assert item.request is not None
    if "respect_robots" in item.request.model_fields_set:
        return item.request
    return item.request.model_copy(update={"respect_robots": options.respect_robots})


def data_request(request: BrowseRequest, schema: dict[str, Any]) -> DataRequest:
    """The data operation for a batch input: its URL, render mode, timeout and robots choice kept."""
    return DataRequest(
        url=request.url,
        schema=schema,
        render=request.render,
        timeout_s=request.timeout_s,
        include_text=True,
        respect_robots=request.respect_robots,
    )
