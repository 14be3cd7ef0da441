"""Batch reading over many machines: jobs on an arq queue in Redis, lines back through a Redis stream.

Why arq (see docs/batch.md for the measurement): it is asyncio-native like weblens (a worker is one event
loop running many jobs at once, not a thread or process per job), small, and its delivery is
at-least-once: a job stays in the queue's sorted set until it finishes, and a worker that takes it only
sets an "in progress" key that expires ``job_timeout + 10 s`` later. A worker killed mid-job never
finishes it, so the key lapses and another worker takes the job again: within
:attr:`QueueOptions.redelivery_s` (55.2 s with the default ``batch_job_timeout_s`` of 45 s).

* ``weblens batch --queue URL`` (:func:`run_queued`) enqueues one job per pending input, with the job id
  ``<run>:<key>`` (arq refuses a second job with the id of one still queued or running), then reads the
  run's result stream and appends each line to ``--out`` once per key (a job done twice, after a
  redelivery, gives its line once). Lines wait in the stream until written, so a coordinator that is
  killed and run again with ``--resume`` loses nothing either.
* ``weblens worker --queue URL`` (:func:`run_worker`) takes jobs on any machine. Each job is one
  ``Lens.browse`` under a time budget (:attr:`QueueOptions.budget_s`), so no job outlives its
  in-progress key.
  When a site's turn (or a place among its requests) is further away than the fetch deadline, the job
  is deferred in the queue by arq (``Retry``) instead of holding a worker: waiting is queueing.
  Per-site limits and robots.txt are shared by all workers through the same Redis. A job cut by its
  budget (a loaded worker) is taken again, by any worker, up to :data:`BUDGET_RETRIES` times before
  its line says ``fetch_timeout``, as a crawl's pages are.

Jobs are serialised as JSON (never pickle: a worker must not run code found in Redis).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import random
import socket
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from weblens.batch.inputs import BatchInput
from weblens.batch.lines import data_line, error_line, page_line
from weblens.batch.plan import (
    BatchOptions,
    Summary,
    batch_settings,
    check_input,
    count_pending,
    data_request,
    open_output,
    pending,
    request_for,
)
from weblens.batch.progress import BatchProgress
from weblens.cache.redis import RedisCache
from weblens.cache.tolerant import TolerantCache
from weblens.config import Settings
from weblens.errors import (
    FetchTimeout,
    InternalError,
    InvalidArgument,
    NotConfigured,
    RateLimited,
    WeblensError,
)
from weblens.linewriter import LineWriter
from weblens.logs import get_logger
from weblens.net.ratelimit import Pace
from weblens.net.redis_limits import RedisSiteLimiter
from weblens.requests import BrowseRequest
from weblens.session import Lens

__all__ = [
    "BUDGET_RETRIES",
    "QUEUE_NAME",
    "QueueOptions",
    "connect",
    "quiet_arq",
    "read_page",
    "run_id",
    "run_queued",
    "run_worker",
    "shared_lens",
]

log = get_logger("weblens.batch")

QUEUE_NAME = "weblens:batch"
FUNCTION = "read_page"
IN_PROGRESS_EXTRA_S = 10.0
"""arq keeps a job's in-progress key this much longer than the job's timeout."""
POLL_DELAY_S = 0.2
MAX_TRIES = 100_000
"""arq counts deferrals (a site's turn far away) as tries; a job gives up only on endless redelivery."""
KEEP_S = 7 * 86400
BUDGET_RETRIES = 2
"""Times a page whose job ran out of its budget (a loaded worker) is read again before its line says
``fetch_timeout``."""
BUDGET_RETRY_DEFER_S = (0.5, 1.5)  # seconds before a job cut by its budget is taken again (any worker)
STALL_CHECK_S = 30.0
MAX_LOST = 3


@dataclass(frozen=True, kw_only=True)
class QueueOptions:
    url: str
    queue_name: str = QUEUE_NAME
    job_timeout_s: float = 45.0
    """arq's timeout of a job (the ``batch_job_timeout_s`` setting)."""

    @property
    def budget_s(self) -> float:
        """A job's own time budget, a little under arq's timeout: past it, the line is ``fetch_timeout``."""
        return self.job_timeout_s - min(5.0, self.job_timeout_s / 10)

    @property
    def redelivery_s(self) -> float:
        """At most this long after a worker dies, its jobs are taken again (55.2 s by default)."""
        return self.job_timeout_s + IN_PROGRESS_EXTRA_S + POLL_DELAY_S


def _dumps(value: Any) -> bytes:
    return json.dumps(value, separators=(",", ":")).encode("utf-8")


def _loads(raw: bytes) -> Any:
    return json.loads(raw)


def _arq() -> Any:
    try:
        import arq
    except ImportError as exc:
        raise NotConfigured("--queue needs: pip install 'weblens[queue]'") from exc
    return arq


def _redis_errors() -> tuple[type[Exception], ...]:
    from redis.exceptions import RedisError

    return (RedisError,)


def _redis_settings(url: str) -> Any:
    from arq.connections import RedisSettings

    try:
        settings = RedisSettings.from_dsn(url)
    except Exception as exc:
        raise InvalidArgument(f"--queue: not a Redis URL: {url!r} ({exc})", field="queue") from None
    return replace(settings, conn_retries=2)  # arq's default tries 5 times, a second apart


def run_id(out: Path) -> str:
    """A run is its output file on its machine: the same ``--out`` continues the same run."""
    return hashlib.sha256(f"{socket.gethostname()}:{out.resolve()}".encode()).hexdigest()[:16]


def stream_key(run: str) -> str:
    return f"weblens:batch:{run}:lines"


def shared_lens(settings: Settings, url: str, concurrency: int) -> Lens:
    """A Lens whose per-site limits and robots.txt memory live in the queue's Redis."""
    s = batch_settings(settings, concurrency)
    pace = Pace(
        per_second=s.per_domain_rate_per_s, burst=s.per_domain_burst, concurrency=s.per_domain_concurrency
    )
    robots = TolerantCache(RedisCache(url, prefix="weblens:batch-robots:", timeout_s=1.0), timeout_s=1.0)
    return Lens(s, limiter=RedisSiteLimiter(url, pace), robots_store=robots)


async def connect(queue: QueueOptions) -> Any:
    """An arq pool on the queue's Redis (``not_configured`` when Redis cannot be reached)."""
    arq = _arq()
    unreachable: tuple[type[BaseException], ...] = (OSError, *_redis_errors())
    try:
        return await arq.create_pool(
            _redis_settings(queue.url),
            job_serializer=_dumps,
            job_deserializer=_loads,
            default_queue_name=queue.queue_name,
            expires_extra_ms=KEEP_S * 1000,
        )
    except unreachable as exc:
        raise NotConfigured(f"--queue: cannot reach Redis at {queue.url}: {exc}") from None


def quiet_arq() -> None:
    """arq logs every job at INFO; weblens's own lines and progress say what happened."""
    if logging.getLogger("arq").level == logging.NOTSET:
        logging.getLogger("arq").setLevel(logging.WARNING)


# --- the worker ---------------------------------------------------------------------------------------
async def _startup(ctx: dict[str, Any]) -> None:
    ctx["lens"] = shared_lens(ctx["settings"], ctx["url"], ctx["concurrency"])


async def _shutdown(ctx: dict[str, Any]) -> None:
    lens = ctx.get("lens")
    if lens is not None:
        await lens.aclose()


async def read_page(
    ctx: dict[str, Any],
    run: str,
    key: str,
    echo: Any,
    fields: dict[str, Any],
    data_schema: dict[str, Any] | None = None,
) -> None:
    """The job: read one input and put its line on the run's stream (deferred when its site is busy)."""
    from arq.worker import Retry

    lens: Lens = ctx["lens"]
    budget_s: float = ctx["budget_s"]
    ok = False
    try:
        request = BrowseRequest.parse(fields)
        async with asyncio.timeout(budget_s):
            if data_schema is not None:
                result = await lens.data(data_request(request, data_schema))
                line, ok = data_line(echo, key, result), True
            else:
                page = await lens.browse(request)
                line, ok = page_line(echo, key, page), True
    except RateLimited as exc:
        wait = (exc.retry_after or 1.0) * random.uniform(1.0, 1.3) + random.uniform(0.0, 0.5)
        raise Retry(defer=wait) from None
    except TimeoutError:
        if await _has_budget_retry(ctx["redis"], run, key):
            raise Retry(defer=random.uniform(*BUDGET_RETRY_DEFER_S)) from None  # a loaded worker, maybe
        budget = FetchTimeout(f"the job took longer than its budget of {budget_s:g} s", url=fields.get("url"))
        line = error_line(echo, key, budget)
    except WeblensError as exc:
        line = error_line(echo, key, exc)
    except Exception as exc:
        log.error("batch_internal_error", url=fields.get("url"), error=repr(exc))
        line = error_line(echo, key, InternalError(f"unexpected {type(exc).__name__}: {exc}"))
    redis = ctx["redis"]
    async with redis.pipeline(transaction=True) as pipe:
        pipe.xadd(stream_key(run), {"key": key, "ok": "1" if ok else "0", "line": line})
        pipe.expire(stream_key(run), KEEP_S)
        await pipe.execute()


async def _has_budget_retry(redis: Any, run: str, key: str) -> bool:
    """Whether the job of ``key`` may be read again after running out of its budget: at most
    :data:`BUDGET_RETRIES` times a run, counted in Redis, so whichever worker takes it knows."""
    counter = f"weblens:batch:{run}:budget:{key}"
    async with redis.pipeline(transaction=True) as pipe:
        pipe.incr(counter)
        pipe.expire(counter, KEEP_S)
        tries, _ = await pipe.execute()
    return int(tries) <= BUDGET_RETRIES


async def run_worker(
    settings: Settings, options: QueueOptions, *, concurrency: int = 16, burst: bool = False
) -> None:
    """Take jobs until stopped (SIGINT/SIGTERM: running jobs go back to the queue), or, with ``burst``,
    until the queue is empty."""
    from weblens.batch.crawl_queue import CRAWL_FUNCTION, read_crawl_page  # its module imports this one

    arq = _arq()
    quiet_arq()
    worker = arq.Worker(
        functions=[
            arq.func(
                read_page, name=FUNCTION, timeout=options.job_timeout_s, max_tries=MAX_TRIES, keep_result=0
            ),
            arq.func(
                read_crawl_page,
                name=CRAWL_FUNCTION,
                timeout=options.job_timeout_s,
                max_tries=MAX_TRIES,
                keep_result=0,
            ),
        ],
        queue_name=options.queue_name,
        redis_settings=_redis_settings(options.url),
        on_startup=_startup,
        on_shutdown=_shutdown,
        ctx={
            "settings": settings,
            "url": options.url,
            "concurrency": concurrency,
            "budget_s": options.budget_s,
        },
        max_jobs=concurrency,
        job_timeout=options.job_timeout_s,
        keep_result=0,
        poll_delay=POLL_DELAY_S,
        max_tries=MAX_TRIES,
        burst=burst,
        job_serializer=_dumps,
        job_deserializer=_loads,
        log_results=False,
    )
    unreachable: tuple[type[BaseException], ...] = (OSError, *_redis_errors())
    try:
        await worker.async_run()
    except asyncio.CancelledError:
        task = asyncio.current_task()
        if task is not None and task.cancelling():
            raise  # we were cancelled; not arq's own stop
        log.info("worker_stopped")  # SIGINT/SIGTERM: arq put the running jobs back on the queue
    except unreachable as exc:
        raise NotConfigured(f"--queue: cannot reach Redis at {options.url}: {exc}") from None
    finally:
        await worker.close()


# --- the coordinator ----------------------------------------------------------------------------------
class _Collector:
    """The coordinator's state: jobs still out, lines written once per key."""

    def __init__(self, writer: LineWriter, advance: Callable[[bool], None]) -> None:
        self.writer = writer
        self.advance = advance
        self.outstanding: dict[str, BatchInput] = {}
        self.lost: dict[str, int] = {}
        self.enqueued_all = False

    def write(self, key: str, line: bytes, ok: bool) -> None:
        if self.outstanding.pop(key, None) is None:
            return  # a second delivery of a job, or a line an earlier run already wrote
        self.writer.write(line)
        self.advance(ok)

    @property
    def finished(self) -> bool:
        return self.enqueued_all and not self.outstanding


async def run_queued(
    settings: Settings,
    queue: QueueOptions,
    source: Path,
    out: Path,
    options: BatchOptions,
    *,
    progress: BatchProgress | None = None,
) -> Summary:
    """Enqueue the pending inputs of ``source``, wait for every line, write ``out`` (see the module doc)."""
    _arq()  # not_configured before the output is touched when the queue extra is missing
    check_input(source)
    writer, state = open_output(out, resume=options.resume)
    summary = progress.summary if progress is not None else Summary()
    summary.total = count_pending(source, state.keys)
    if progress is not None:
        progress.set_total(summary.total)
    try:
        pool = await connect(queue)
    except NotConfigured:
        writer.close()
        raise
    run = run_id(out)

    def advance(ok: bool) -> None:
        if progress is not None:
            progress.advance(ok=ok)
        else:
            summary.done += 1
            summary.failed += 0 if ok else 1

    try:
        with writer:
            collector = _Collector(writer, advance)
            try:
                async with asyncio.TaskGroup() as group:
                    group.create_task(_enqueue(pool, run, source, state.keys, summary, options, collector))
                    group.create_task(_collect(pool, run, collector, queue, options))
            except ExceptionGroup as failed:
                raise _translated(failed.exceptions[0], queue) from None
            await pool.delete(stream_key(run))
    finally:
        await pool.aclose()
    return summary


def _translated(exc: Exception, queue: QueueOptions) -> Exception:
    if isinstance(exc, (OSError, *_redis_errors())):
        return NotConfigured(f"--queue: lost Redis at {queue.url}: {exc}; run again with --resume")
    return exc


async def _enqueue(
    pool: Any,
    run: str,
    source: Path,
    done: set[str],
    summary: Summary,
    options: BatchOptions,
    collector: _Collector,
) -> None:
    for item in pending(source, done, summary, window=options.window):
        if item.error is not None:  # invalid input: its error line needs no worker
            collector.outstanding[item.key] = item
            collector.write(item.key, error_line(item.echo, item.key, item.error), False)
            continue
        collector.outstanding[item.key] = item
        await _submit(pool, run, item, options)
    collector.enqueued_all = True


async def _submit(pool: Any, run: str, item: BatchInput, options: BatchOptions) -> None:
    fields = request_for(item, options).model_dump(mode="json", exclude_unset=True)
    await pool.enqueue_job(
        FUNCTION, run, item.key, item.echo, fields, options.data_schema, _job_id=f"{run}:{item.key}"
    )


async def _collect(
    pool: Any, run: str, collector: _Collector, queue: QueueOptions, options: BatchOptions
) -> None:
    stream = stream_key(run)
    last = "0"
    quiet = 0.0
    while not collector.finished:
        answer = await pool.xread({stream: last}, count=500, block=1000)
        ids = []
        for _name, entries in answer or []:
            for entry_id, data in entries:
                collector.write(data[b"key"].decode(), bytes(data[b"line"]), data.get(b"ok") == b"1")
                ids.append(entry_id)
                last = entry_id.decode() if isinstance(entry_id, bytes) else str(entry_id)
        if ids:
            await pool.xdel(stream, *ids)
            quiet = 0.0
            continue
        quiet += 1.0
        if quiet >= STALL_CHECK_S and collector.enqueued_all:
            quiet = 0.0
            await _requeue_lost(pool, run, collector, queue, options)


async def _requeue_lost(
    pool: Any, run: str, collector: _Collector, queue: QueueOptions, options: BatchOptions
) -> None:
    """Jobs that left the queue without a line (arq gave up on them): enqueue again, or give up."""
    from arq.jobs import Job, JobStatus

    for key, item in list(collector.outstanding.items())[:500]:
        job = Job(f"{run}:{key}", pool, _queue_name=queue.queue_name, _deserializer=_loads)
        if await job.status() is not JobStatus.not_found:
            continue
        collector.lost[key] = collector.lost.get(key, 0) + 1
        if collector.lost[key] > MAX_LOST:
            failure = InternalError("the job was lost by every worker that took it")
            collector.write(key, error_line(item.echo, key, failure), False)
            continue
        log.warning("batch_job_requeued", key=key, times=collector.lost[key])
        await _submit(pool, run, item, options)
