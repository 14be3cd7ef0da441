"""Crawls over HTTP, as jobs: a crawl outlives one request.

* ``POST /v1/crawl`` (a :class:`~weblens.requests.CrawlRequest`) starts one: ``202 {"id", "status",
  "url"}``. With ``Accept: text/event-stream`` the same call streams it instead: a ``job`` event (its
  ``id``, to cancel or download it), ``progress`` events (the
  counts, at most every half second), a ``line`` event per URL (its status, title, words, or the error
  code / the URL it duplicates), then ``crawl`` (the summary) or ``error``.
* ``GET /v1/crawl/{id}?offset=0&limit=100`` — status, counts, and the output lines from ``offset``
  (whole: page, error or duplicate_of), ``next_offset`` to page on; with ``Accept: text/event-stream``,
  the events from now on (lines from ``offset`` first).
* ``GET /v1/crawl/{id}/lines`` — the whole output so far as JSON lines (``application/x-ndjson``).
* ``DELETE /v1/crawl/{id}`` — cancels a running crawl (its lines so far stay readable).

A job is visible only to the API key that started it (others get ``not_found``). At most
:data:`MAX_RUNNING` crawls run at once (more is ``rate_limited``); a finished job and its files are
kept :data:`KEEP_S`, and at most :data:`MAX_KEPT` jobs are kept in all (the oldest finished go first).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import shutil
import time
import uuid
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from fastapi import FastAPI
from starlette.requests import Request
from starlette.responses import Response, StreamingResponse

from weblens.errors import InternalError, InvalidArgument, RateLimited, WeblensError
from weblens.models import CrawlCounts, CrawlLine, CrawlSummary
from weblens.requests import CrawlRequest
from weblens.server.state import json_response
from weblens.session import Lens, budget_scope

__all__ = ["KEEP_S", "MAX_KEPT", "MAX_RUNNING", "CrawlJob", "CrawlJobs"]

MAX_RUNNING = 4
"""Crawls one server runs at once (each reads its own pages at its own pace)."""
KEEP_S = 3600.0
"""How long a finished crawl's lines stay readable."""
MAX_KEPT = 64
PROGRESS_EVERY_S = 0.5
PAGE_LIMIT = 1000
"""The most lines one ``GET /v1/crawl/{id}`` answers."""

Status = Literal["running", "done", "failed", "cancelled"]
Event = tuple[str, str]


@dataclass
class CrawlJob:
    id: str
    owner: str
    request: CrawlRequest
    folder: Path
    status: Status = "running"
    counts: CrawlCounts = field(default_factory=CrawlCounts)
    summary: CrawlSummary | None = None
    error: WeblensError | None = None
    started: float = field(default_factory=time.time)
    finished: float | None = None
    offsets: list[int] = field(default_factory=list)
    """Where each output line starts in the file (to page through it without reading it all)."""
    size: int = 0
    task: asyncio.Task[None] | None = None
    listeners: list[asyncio.Queue[Event | None]] = field(default_factory=list)
    _shown: float = 0.0

    @property
    def out(self) -> Path:
        return self.folder / "crawl.jsonl"

    def view(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "url": self.request.url,
            "status": self.status,
            "counts": self.counts.model_dump(mode="json"),
            "summary": self.summary.model_dump(mode="json") if self.summary else None,
            "error": self.error.to_dict() if self.error else None,
            "started": self.started,
            "finished": self.finished,
            "total_lines": len(self.offsets),
        }

    def lines(self, offset: int, limit: int) -> list[Any]:
        if offset >= len(self.offsets):
            return []
        end = min(offset + limit, len(self.offsets))
        stop = self.offsets[end] if end < len(self.offsets) else self.size
        with self.out.open("rb") as handle:
            handle.seek(self.offsets[offset])
            chunk = handle.read(stop - self.offsets[offset])
        return [json.loads(line) for line in chunk.splitlines() if line]

    # --- what the crawl tells the job ---------------------------------------------------------
    def on_line(self, line: CrawlLine) -> None:
        """A line was written (it is in the file: the crawl writes before it tells)."""
        self.offsets.append(self.size)
        self.size = self.out.stat().st_size
        self._tell("line", json.dumps(_line_event(line, len(self.offsets) - 1)))

    def on_progress(self, counts: CrawlCounts) -> None:
        self.counts = counts
        now = time.monotonic()
        if now - self._shown >= PROGRESS_EVERY_S:
            self._shown = now
            self._tell("progress", counts.model_dump_json())

    def _tell(self, event: str, data: str) -> None:
        for queue in self.listeners:
            queue.put_nowait((event, data))

    def end(self) -> None:
        self.finished = time.time()
        if self.summary is not None:
            self.counts = self.summary.counts
            self._tell("crawl", self.summary.model_dump_json())
        elif self.error is not None:
            self._tell("error", json.dumps({"error": self.error.to_dict()}))
        for queue in self.listeners:
            queue.put_nowait(None)


def _line_event(line: CrawlLine, index: int) -> dict[str, Any]:
    event: dict[str, Any] = {"index": index, "url": line.url, "depth": line.depth, "status": line.kind}
    if line.page is not None:
        event.update(title=line.page.title, words=line.page.word_count)
    elif line.error is not None:
        event.update(code=line.error.code, message=line.error.message)
    else:
        event.update(duplicate_of=line.duplicate_of)
    return event


class CrawlJobs:
    """The crawls of one server: start, find, cancel, forget."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.jobs: dict[str, CrawlJob] = {}

    def start(self, lens: Lens, request: CrawlRequest) -> CrawlJob:
        self._forget_old()
        running = sum(1 for job in self.jobs.values() if job.status == "running")
        if running >= MAX_RUNNING:
            raise RateLimited(
                f"{running} crawls are running on this server; try again later", retry_after=30.0
            )
        job_id = uuid.uuid4().hex
        folder = self.folder / job_id
        folder.mkdir(parents=True)
        job = CrawlJob(id=job_id, owner=budget_scope.get(), request=request, folder=folder)
        self.jobs[job_id] = job
        job.task = asyncio.create_task(self._run(lens, job), name=f"crawl-{job_id}")
        return job

    async def _run(self, lens: Lens, job: CrawlJob) -> None:
        try:
            job.summary = await lens.crawl(
                job.request, out=job.out, on_line=job.on_line, on_progress=job.on_progress
            )
            job.status = "cancelled" if job.summary.stopped == "cancelled" else "done"
        except asyncio.CancelledError:
            job.status = "cancelled"
            job.error = None
        except WeblensError as exc:
            job.status, job.error = "failed", exc
        except Exception as exc:
            job.status, job.error = "failed", InternalError(f"unexpected {type(exc).__name__}: {exc}")
        finally:
            job.end()

    def get(self, job_id: str) -> CrawlJob:
        job = self.jobs.get(job_id)
        if job is None or job.owner != budget_scope.get():
            raise _NotFound(job_id)
        return job

    async def cancel(self, job_id: str) -> CrawlJob:
        job = self.get(job_id)
        if job.task is not None and not job.task.done():
            job.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await job.task
        return job

    def _forget_old(self) -> None:
        now = time.time()
        finished = sorted(
            (job for job in self.jobs.values() if job.finished is not None), key=lambda job: job.finished or 0
        )
        excess = max(len(self.jobs) - MAX_KEPT + 1, 0)
        for job in finished:
            if excess > 0 or now - (job.finished or now) > KEEP_S:
                self.jobs.pop(job.id, None)
                shutil.rmtree(job.folder, ignore_errors=True)
                excess -= 1

    async def aclose(self) -> None:
        for job in list(self.jobs.values()):
            if job.task is not None and not job.task.done():
                job.task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await job.task
        shutil.rmtree(self.folder, ignore_errors=True)


class _NotFound(WeblensError):
    code = "not_found"
    default_message = "no such crawl"

    def __init__(self, job_id: str) -> None:
        super().__init__(f"no crawl {job_id} (it finished more than an hour ago, or it is not yours)")


# --- routes -------------------------------------------------------------------------------------------
def _events(job: CrawlJob, *, offset: int = 0) -> StreamingResponse:
    """The job's events from now on: its lines from ``offset`` first, then what happens."""
    queue: asyncio.Queue[Event | None] = asyncio.Queue()
    job.listeners.append(queue)
    known = len(job.offsets)
    done = job.finished is not None

    async def stream() -> AsyncIterator[str]:
        try:
            yield f"event: job\ndata: {json.dumps({'id': job.id, 'url': job.request.url})}\n\n"
            for index, line in enumerate(job.lines(offset, max(known - offset, 0)), start=offset):
                replayed = _line_event(CrawlLine.model_validate(line), index)
                yield f"event: line\ndata: {json.dumps(replayed)}\n\n"
            yield f"event: progress\ndata: {job.counts.model_dump_json()}\n\n"
            if done:
                final = (
                    job.summary.model_dump_json() if job.summary else json.dumps({"error": _error_of(job)})
                )
                yield f"event: {'crawl' if job.summary else 'error'}\ndata: {final}\n\n"
                return
            while (item := await queue.get()) is not None:
                event, data = item
                if event == "line" and json.loads(data)["index"] < known:
                    continue  # already sent from the file
                yield f"event: {event}\ndata: {data}\n\n"
        finally:
            with contextlib.suppress(ValueError):
                job.listeners.remove(queue)

    return StreamingResponse(
        stream(),
        media_type="text/event-stream",
        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
    )


def _error_of(job: CrawlJob) -> dict[str, Any]:
    error = job.error or InternalError("the crawl was cancelled")
    return error.to_dict()


def _wants_events(request: Request) -> bool:
    return "text/event-stream" in request.headers.get("accept", "")


def _int_param(request: Request, name: str, default: int, top: int) -> int:
    raw = request.query_params.get(name)
    if raw is None:
        return default
    if not raw.isascii() or not raw.isdigit():
        raise InvalidArgument(f"{name}: must be a whole number from 0", field=name)
    return min(int(raw), top)


def install_crawl_jobs(
    app: FastAPI,
    state: Any,
    *,
    request_doc: dict[str, Any],
    summary: str,
    error_response: Callable[[WeblensError], Response],
    parse_body: Callable[[bytes, type[CrawlRequest]], CrawlRequest],
) -> CrawlJobs:
    """The crawl job routes on ``app`` (``state``: the server's state, for the Lens and its metrics;
    ``error_response`` and ``parse_body``: the API's own, so errors look the same everywhere)."""
    jobs = CrawlJobs(Path(state.settings.cache_dir) / "crawl-jobs" / uuid.uuid4().hex[:8])

    async def start(request: Request) -> Response:
        state.metrics.call("crawl", "http")
        try:
            crawl = parse_body(await request.body(), CrawlRequest)
            lens = state.require_lens()
            lens.check_crawl(crawl)  # a malformed or private start URL is refused at once
            job = jobs.start(lens, crawl)
        except WeblensError as exc:
            state.metrics.error("crawl", exc.code)
            return error_response(exc)
        if _wants_events(request):
            return _events(job)
        return json_response({"id": job.id, "status": job.status, "url": crawl.url}, 202)

    async def read(request: Request) -> Response:
        try:
            job = jobs.get(request.path_params["job_id"])
            offset = _int_param(request, "offset", 0, 10**9)
            limit = _int_param(request, "limit", 100, PAGE_LIMIT)
        except WeblensError as exc:
            return error_response(exc)
        if _wants_events(request):
            return _events(job, offset=offset)
        lines = job.lines(offset, limit)
        body = {**job.view(), "offset": offset, "lines": lines, "next_offset": offset + len(lines)}
        return json_response(body)

    async def download(request: Request) -> Response:
        try:
            job = jobs.get(request.path_params["job_id"])
        except WeblensError as exc:
            return error_response(exc)
        data = job.out.read_bytes()[: job.size] if job.out.exists() else b""
        headers = {"Content-Disposition": f'attachment; filename="crawl-{job.id}.jsonl"'}
        return Response(data, media_type="application/x-ndjson", headers=headers)

    async def cancel(request: Request) -> Response:
        try:
            job = await jobs.cancel(request.path_params["job_id"])
        except WeblensError as exc:
            return error_response(exc)
        return json_response(job.view())

    app.add_api_route(
        "/v1/crawl",
        start,
        methods=["POST"],
        summary=summary,
        name="crawl",
        tags=["operations"],
        openapi_extra=request_doc,
    )
    app.add_api_route(
        "/v1/crawl/{job_id}",
        read,
        methods=["GET"],
        summary="A crawl's status, counts and lines.",
        tags=["crawl"],
    )
    app.add_api_route(
        "/v1/crawl/{job_id}/lines",
        download,
        methods=["GET"],
        summary="A crawl's output as JSON lines.",
        tags=["crawl"],
    )
    app.add_api_route(
        "/v1/crawl/{job_id}", cancel, methods=["DELETE"], summary="Cancel a running crawl.", tags=["crawl"]
    )
    return jobs
