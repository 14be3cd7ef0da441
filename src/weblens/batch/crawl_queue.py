"""``weblens crawl --queue``: a crawl whose pages are read by ``weblens worker`` processes on any machine.

The crawl itself (the frontier, the seen-set, the duplicate index, the trap counts) lives in the
queue's Redis (:class:`~weblens.crawl.redis_state.RedisState`), and so does the politeness of every
site (the workers' shared limits and robots.txt); the coordinator — the ``weblens crawl`` process —
settles each page and writes the one output file. Reading a page is an arq job
(:func:`read_crawl_page`, taken by the same ``weblens worker`` processes as batch jobs):

1. the coordinator enqueues one job per URL it takes (``<run>:<token>``), at most ``concurrency`` out;
2. a worker reads the page (guarded fetch, extraction, links, fingerprint; render when needed) under
   its job budget and puts what it found, or the error, on the run's result stream;
3. the coordinator takes the result off the stream, settles the page, writes its line.

A worker killed mid-job never answers; arq hands the job to another worker once its in-progress key
lapses (``batch_job_timeout_s`` + 10 s). A job cut by its budget on a loaded worker is read again, up
to :data:`BUDGET_RETRIES` times. Jobs are JSON, never pickle.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import time
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from weblens.batch.queue import BUDGET_RETRIES, KEEP_S, QueueOptions, connect, quiet_arq, run_id, shared_lens
from weblens.config import Settings
from weblens.crawl.engine import CrawlRead
from weblens.crawl.redis_state import RedisState
from weblens.crawl.state import CrawlState
from weblens.crawl.wire import dump_error, dump_read, load_error, load_read
from weblens.crawling import CrawlOutputs, PageRead, run_crawl
from weblens.errors import FetchTimeout, InternalError, InvalidArgument, RateLimited, WeblensError
from weblens.logs import get_logger
from weblens.models import CrawlCounts, CrawlSummary
from weblens.requests import CrawlRequest
from weblens.session import Lens, crawl_read_call

__all__ = ["BUDGET_RETRIES", "CRAWL_FUNCTION", "read_crawl_page", "run_crawl_queued"]

log = get_logger("weblens.crawl")

CRAWL_FUNCTION = "read_crawl_page"
LOST_CHECK_S = 30.0
MAX_LOST = 3


def results_key(run: str) -> str:
    return f"weblens:crawl:{run}:results"


# --- the worker's job ------------------------------------------------------------------------------
async def read_crawl_page(
    ctx: dict[str, Any],
    run: str,
    token: str,
    url: str,
    fields: dict[str, Any],
    concurrency: int,
    keep_body: bool,
    render: bool = True,
    scope_start: str | None = None,
) -> None:
    """The job: read one page for a crawl and put what was found on the run's result stream
    (``render`` False: with render auto, read the page as served; ``scope_start``: redirects stay in
    the crawl's scope around it)."""
    from arq.worker import Retry

    lens: Lens = ctx["lens"]
    budget_s: float = ctx["budget_s"]
    try:
        request = CrawlRequest.parse(fields)
        how = PageRead(keep_body=keep_body, render=render, scope_start=scope_start)
        call = crawl_read_call(lens.crawl_call(request, concurrency, queue=False), request, how)
        async with asyncio.timeout(budget_s):
            read = await lens.read_for_crawl(url, call, keep_body=keep_body)
        payload: dict[str, Any] = {"read": dump_read(read)}
    except RateLimited as exc:  # the site's turn is far away: wait in the queue, not on a worker
        wait = (exc.retry_after or 1.0) * random.uniform(1.0, 1.3) + random.uniform(0.0, 0.5)
        raise Retry(defer=wait) from None
    except TimeoutError:
        payload = {"budget": budget_s}
    except WeblensError as exc:
        payload = {"error": dump_error(exc)}
    except Exception as exc:
        log.error("crawl_internal_error", url=url, error=repr(exc))
        payload = {"error": dump_error(InternalError(f"unexpected {type(exc).__name__}: {exc}", url=url))}
    redis = ctx["redis"]
    async with redis.pipeline(transaction=True) as pipe:
        pipe.xadd(results_key(run), {"token": token, "payload": json.dumps(payload)})
        pipe.expire(results_key(run), KEEP_S)
        await pipe.execute()


# --- the coordinator -----------------------------------------------------------------------------
@dataclass
class _Pending:
    url: str
    future: asyncio.Future[dict[str, Any]]
    sent: float
    how: PageRead = field(default_factory=PageRead)
    lost: int = 0


@dataclass
class Dispatcher:
    """Reads pages through the queue: each ``read`` is a job; the stream's answers resolve them."""

    pool: Any
    run: str
    queue: QueueOptions
    fields: dict[str, Any]
    concurrency: int
    pending: dict[str, _Pending] = field(default_factory=dict)

    async def read(self, url: str, how: PageRead) -> CrawlRead:
        for attempt in range(BUDGET_RETRIES + 1):
            payload = await self._job(url, how)
            if "read" in payload:
                return load_read(payload["read"])
            if "error" in payload:
                raise load_error(payload["error"])
            log.info("crawl_job_budget", url=url, attempt=attempt + 1)
        raise FetchTimeout(f"the page took longer than its job budget of {self.queue.budget_s:g} s", url=url)

    async def _job(self, url: str, how: PageRead) -> dict[str, Any]:
        token = uuid.uuid4().hex
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self.pending[token] = _Pending(url=url, future=future, sent=time.monotonic(), how=how)
        try:
            await self._submit(token, url, how)
            return await future
        finally:
            self.pending.pop(token, None)

    async def _submit(self, token: str, url: str, how: PageRead) -> None:
        await self.pool.enqueue_job(
            CRAWL_FUNCTION,
            self.run,
            token,
            url,
            self.fields,
            self.concurrency,
            how.keep_body,
            how.render,
            how.scope_start,
            _job_id=f"{self.run}:{token}",
            _queue_name=self.queue.queue_name,
        )

    async def collect(self) -> None:
        """Resolve jobs from the result stream until cancelled; resubmit jobs arq lost."""
        stream = results_key(self.run)
        last = "0"
        quiet = 0.0
        while True:
            answer = await self.pool.xread({stream: last}, count=200, block=1000)
            ids = []
            for _name, entries in answer or []:
                for entry_id, data in entries:
                    ids.append(entry_id)
                    last = entry_id.decode() if isinstance(entry_id, bytes) else str(entry_id)
                    pending = self.pending.get(data[b"token"].decode())
                    if pending is not None and not pending.future.done():
                        pending.future.set_result(json.loads(data[b"payload"]))
            if ids:
                await self.pool.xdel(stream, *ids)
                quiet = 0.0
                continue
            quiet += 1.0
            if quiet >= LOST_CHECK_S:
                quiet = 0.0
                await self._resubmit_lost()

    async def _resubmit_lost(self) -> None:
        """Jobs that left the queue without an answer (arq gave up on them): enqueue again, or fail."""
        from arq.jobs import Job, JobStatus

        for token, pending in list(self.pending.items()):
            if time.monotonic() - pending.sent < self.queue.redelivery_s or pending.future.done():
                continue
            job = Job(
                f"{self.run}:{token}", self.pool, _queue_name=self.queue.queue_name, _deserializer=json.loads
            )
            if await job.status() is not JobStatus.not_found:
                continue
            pending.lost += 1
            if pending.lost > MAX_LOST:
                failure = InternalError("the job was lost by every worker that took it", url=pending.url)
                pending.future.set_result({"error": dump_error(failure)})
                continue
            log.warning("crawl_job_requeued", url=pending.url, times=pending.lost)
            pending.sent = time.monotonic()
            await self._submit(token, pending.url, pending.how)


async def run_crawl_queued(
    settings: Settings,
    queue_url: str,
    request: CrawlRequest,
    options: dict[str, Any],
    schema: dict[str, Any] | None,
    *,
    on_progress: Callable[[CrawlCounts], None] | None = None,
) -> CrawlSummary:
    """The crawl of ``request`` with its reading on the queue's workers (see the module doc)."""
    quiet_arq()
    queue = QueueOptions(url=queue_url, job_timeout_s=settings.batch_job_timeout_s)
    out = Path(options["out"])
    pool = await connect(queue)
    run = "crawl-" + run_id(out)
    concurrency = request.concurrency or settings.crawl_concurrency
    dispatcher = Dispatcher(
        pool=pool,
        run=run,
        queue=queue,
        fields=request.model_dump(mode="json", exclude_unset=True),
        concurrency=concurrency,
    )

    async def open_state(_out: Path, resume: bool) -> CrawlState:
        state = RedisState(pool, run)
        if not resume:
            await state.drop()
        elif await state.get_meta("request") is None:
            raise InvalidArgument(
                f"--resume: the queue holds no state of the crawl writing {out}", field="out"
            )
        return state

    lens = shared_lens(settings, queue_url, concurrency)
    collector = asyncio.create_task(dispatcher.collect())
    try:
        tools = replace(lens.site_tools(request, concurrency, schema), read=_read_with(dispatcher))
        outputs = CrawlOutputs(
            out=out,
            resume=options["resume"],
            markdown_dir=Path(options["markdown_dir"]) if options["markdown_dir"] else None,
            llms_txt=Path(options["llms_txt"]) if options["llms_txt"] else None,
        )
        summary = await run_crawl(
            request, tools, outputs, concurrency=concurrency, on_progress=on_progress, open_state=open_state
        )
    finally:
        collector.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await collector
        await lens.aclose()
        await pool.aclose()
    return summary


def _read_with(dispatcher: Dispatcher) -> Callable[[str, PageRead], Awaitable[CrawlRead]]:
    async def read(url: str, how: PageRead) -> CrawlRead:
        return await dispatcher.read(url, how)

    return read
