"""One process reads a batch: inputs → pages, ``concurrency`` at once, one line each, in completion order.

Every read is ``Lens.browse_queued``: the same guards and limits as ``browse`` (SSRF guard, size and
time caps, extraction budget), the per-site politeness and robots.txt, and a wait for a site's turn
that queues instead of failing. Whatever goes wrong with an input becomes its error line; a worker task
never dies of a bad page.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from weblens.batch.inputs import BatchInput
from weblens.batch.lines import data_line, error_line, page_line
from weblens.batch.plan import (
    BatchOptions,
    Summary,
    check_input,
    count_pending,
    data_request,
    open_output,
    pending,
    request_for,
)
from weblens.batch.progress import BatchProgress
from weblens.errors import InternalError, WeblensError
from weblens.logs import get_logger
from weblens.session import Lens

__all__ = ["read_input", "run_local"]

log = get_logger("weblens.batch")


async def read_input(lens: Lens, item: BatchInput, options: BatchOptions) -> tuple[bytes, bool]:
    """The output line of one input and whether it is a page (never raises but for cancellation)."""
    if item.error is not None:
        return error_line(item.echo, item.key, item.error), False
    request = request_for(item, options)
    try:
        if options.data_schema is not None:
            result = await lens.data_queued(data_request(request, options.data_schema))
            return data_line(item.echo, item.key, result), True
        page = await lens.browse_queued(request)
    except WeblensError as exc:
        return error_line(item.echo, item.key, exc), False
    except Exception as exc:
        log.error("batch_internal_error", url=request.url, error=repr(exc))
        failure = InternalError(f"unexpected {type(exc).__name__}: {exc}", url=request.url)
        return error_line(item.echo, item.key, failure), False
    return page_line(item.echo, item.key, page), True


async def run_local(
    lens: Lens, source: Path, out: Path, options: BatchOptions, *, progress: BatchProgress | None = None
) -> Summary:
    """Read every pending input of ``source`` into ``out`` (see :class:`BatchOptions`)."""
    check_input(source)
    writer, state = open_output(out, resume=options.resume)
    summary = progress.summary if progress is not None else Summary()
    summary.total = count_pending(source, state.keys)
    if progress is not None:
        progress.set_total(summary.total)
    queue: asyncio.Queue[BatchInput | None] = asyncio.Queue(maxsize=options.concurrency * 2)

    async def produce() -> None:
        for item in pending(source, state.keys, summary, window=options.window):
            await queue.put(item)
        for _ in range(options.concurrency):
            await queue.put(None)

    with writer:

        async def consume() -> None:
            while (item := await queue.get()) is not None:
                line, ok = await read_input(lens, item, options)
                writer.write(line)
                if progress is not None:
                    progress.advance(ok=ok)
                else:
                    summary.done += 1
                    summary.failed += 0 if ok else 1

        try:
            async with asyncio.TaskGroup() as group:
                group.create_task(produce())
                for _ in range(options.concurrency):
                    group.create_task(consume())
        except ExceptionGroup as failed:  # the first failure, as itself (a full disk, an unreadable input)
            raise failed.exceptions[0] from None
    return summary
