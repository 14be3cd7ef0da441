"""The progress display on stderr: done, failed, pages/s, ETA (rich); a summary line at the end."""

from __future__ import annotations

import time
from types import TracebackType
from typing import Self

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from weblens.batch.plan import Summary

__all__ = ["BatchProgress"]


class BatchProgress:
    def __init__(self, summary: Summary, *, console: Console | None = None, label: str = "reading") -> None:
        self.summary = summary
        self._console = console or Console(stderr=True, highlight=False)
        self._progress = Progress(
            TextColumn("[bold]{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("[red]{task.fields[failed]} failed"),
            TextColumn("{task.fields[rate]} pages/s"),
            TextColumn("ETA"),
            TimeRemainingColumn(),
            console=self._console,
            transient=False,
        )
        self._task = self._progress.add_task(label, total=None, failed=0, rate="0.0")
        self._start = time.monotonic()

    def __enter__(self) -> Self:
        self._progress.start()
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self._progress.stop()
        self._console.print(self.line())

    def set_total(self, total: int) -> None:
        self._progress.update(self._task, total=total)

    def advance(self, *, ok: bool) -> None:
        self.summary.done += 1
        if not ok:
            self.summary.failed += 1
        self._progress.update(self._task, advance=1, failed=self.summary.failed, rate=f"{self.rate():.1f}")

    def rate(self) -> float:
        elapsed = time.monotonic() - self._start
        return self.summary.done / elapsed if elapsed > 0 else 0.0

    def line(self) -> str:
        s = self.summary
        elapsed = time.monotonic() - self._start
        extra = f", {s.skipped} already in the output" if s.skipped else ""
        extra += f", {s.duplicates} duplicate inputs" if s.duplicates else ""
        return (
            f"batch: {s.done} of {s.total} read ({s.ok} pages, {s.failed} errors{extra}) "
            f"in {elapsed:.1f} s, {self.rate():.1f} pages/s"
        )
