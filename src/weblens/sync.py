"""Synchronous one-shots: the Lens methods for scripts and notebooks without an event loop.

Each call opens a Lens from the settings, does one thing, and closes it. With the default SQLite
cache, repeated calls still share cached pages. They take what the Lens methods take: a request
model, or its first field positionally and the others as keywords::

    weblens.browse("https://example.org/", render="never")
    weblens.gather(GatherRequest(query="tide pools", read=2))
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from weblens.config import Settings
from weblens.models import GatherResponse, PageExtract, SearchResponse
from weblens.requests import BrowseRequest, GatherRequest, SearchRequest
from weblens.session import Lens

__all__ = ["browse", "gather", "iterate_sync", "run_sync", "search"]

T = TypeVar("T")


def _once(settings: Settings | None, work: Callable[[Lens], Awaitable[T]]) -> T:
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        pass
    else:
        raise RuntimeError(
            "weblens.browse/search/gather are synchronous; inside async code use `async with Lens()`"
        )

    async def run() -> T:
        async with Lens(settings) as lens:
            return await work(lens)

    return asyncio.run(run())


def browse(
    request: BrowseRequest | str | None = None, /, *, settings: Settings | None = None, **fields: Any
) -> PageExtract:
    """Read one page (see :meth:`weblens.Lens.browse`)."""
    req = BrowseRequest.build(request, **fields)
    return _once(settings, lambda lens: lens.browse(req))


def search(
    request: SearchRequest | str | None = None, /, *, settings: Settings | None = None, **fields: Any
) -> SearchResponse:
    """Search (see :meth:`weblens.Lens.search`)."""
    req = SearchRequest.build(request, **fields)
    return _once(settings, lambda lens: lens.search(req))


def gather(
    request: GatherRequest | str | None = None, /, *, settings: Settings | None = None, **fields: Any
) -> GatherResponse:
    """Search and read the top results (see :meth:`weblens.Lens.gather`)."""
    req = GatherRequest.build(request, **fields)
    return _once(settings, lambda lens: lens.gather(req))


# --- bridges for adapters whose frameworks call them synchronously (LangChain, LlamaIndex, tools) ---
def _in_running_loop() -> bool:
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True


def run_sync(work: Coroutine[Any, Any, T]) -> T:
    """Run ``work`` to its end from synchronous code: on a fresh event loop, or, when this thread
    already runs one (a notebook), on a loop of its own in a worker thread, waiting for it."""
    if not _in_running_loop():
        return asyncio.run(work)
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="weblens-sync") as pool:
        return pool.submit(asyncio.run, work).result()


_END = object()
_HANDOVER_POLL_S = 0.001  # seconds between looks at a full handoff: a wait far below a page's time


def iterate_sync(make: Callable[[], AsyncIterator[T]]) -> Iterator[T]:
    """The items of the async iterator ``make()`` as a plain iterator, each as soon as it comes.

    Without a running loop in this thread, the iterator is stepped on a private loop (so warnings
    and errors surface in the caller's thread); with one (a notebook), it runs in a worker thread.
    Stopping early closes the async iterator (its ``finally`` blocks run).
    """
    if not _in_running_loop():
        with asyncio.Runner() as runner:  # closing it finishes what is left, as asyncio.run does
            items = make()
            try:
                while True:
                    try:
                        yield runner.run(_next(items))
                    except StopAsyncIteration:
                        return
            finally:
                runner.run(_close(items))
    else:
        yield from _threaded(make)


async def _next(items: AsyncIterator[T]) -> T:
    return await anext(items)


async def _close(items: AsyncIterator[Any]) -> None:
    close = getattr(items, "aclose", None)
    if close is not None:
        await close()


class _Failed:
    def __init__(self, exc: BaseException) -> None:
        self.exc = exc


def _threaded(make: Callable[[], AsyncIterator[T]]) -> Iterator[T]:
    """``make()``'s items from a worker thread running its own loop, one ahead of the caller at most
    (the work done is the work read); stopping early cancels it."""
    handoff: queue.Queue[Any] = queue.Queue(maxsize=1)
    stopped = threading.Event()
    running: dict[str, Any] = {}

    async def hand_over(item: Any) -> None:
        """Put ``item`` once the caller took the one before; a cancel reaches it while it waits."""
        while True:
            if stopped.is_set():
                raise asyncio.CancelledError  # the caller stopped reading: nobody takes it
            try:
                handoff.put_nowait(item)
                return
            except queue.Full:
                await asyncio.sleep(_HANDOVER_POLL_S)

    async def pump() -> None:
        running["loop"], running["task"] = asyncio.get_running_loop(), asyncio.current_task()
        items = make()
        last: Any = _END
        try:
            async for item in items:
                await hand_over(item)
        except asyncio.CancelledError:
            return  # the caller stopped: nobody is listening
        except BaseException as exc:  # handed to the consumer
            last = _Failed(exc)
        finally:
            await _close(items)
        with contextlib.suppress(asyncio.CancelledError):  # the caller stopped meanwhile
            await hand_over(last)

    worker = threading.Thread(target=asyncio.run, args=(pump(),), name="weblens-iterate", daemon=True)
    worker.start()
    try:
        while (item := handoff.get()) is not _END:
            if isinstance(item, _Failed):
                raise item.exc
            yield item
    finally:
        stopped.set()
        if worker.is_alive() and "task" in running:
            # the worker's loop may close between the look and the call (its work ended on its
            # own): nothing is left to cancel then (a clean-clone CI run hit "Event loop is closed")
            with contextlib.suppress(RuntimeError):
                running["loop"].call_soon_threadsafe(running["task"].cancel)
        worker.join()
