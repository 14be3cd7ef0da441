"""Extraction off the event loop: a pool of worker processes with a time and memory budget per page.

Extraction is pure CPU work. On a small page it takes a few milliseconds and runs inline; a large
or hostile page (a million tiny elements fits under the 10 MB download cap) could take a minute and
gigabytes, and while it ran every other request of the process would stall. So documents above
``inline_max_bytes`` go to a pool of worker processes (:mod:`pebble`, started lazily from a fork
server with the extractor preloaded): each page has ``timeout_s`` (the worker is killed and
replaced when it overruns) and each worker an address-space cap of ``max_memory_mb``. Either
budget exceeded is ``extraction_failed``; the event loop never waits on the work itself.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import threading
from collections.abc import Callable
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from weblens.errors import ExtractionFailed, WeblensError
from weblens.extract import ExtractOptions, extract
from weblens.logs import get_logger
from weblens.models import PageExtract

if TYPE_CHECKING:
    from pebble import ProcessPool

__all__ = ["ExtractionPool", "PoolOptions"]

log = get_logger("weblens.workers")

Source = str | bytes
T = TypeVar("T")


@dataclass(frozen=True, kw_only=True)
class PoolOptions:
    workers: int = 0
    """Worker processes; 0: one per CPU core."""
    timeout_s: float = 20.0
    """Time budget of one page in a worker."""
    max_memory_mb: int = 2048
    """Address-space cap of a worker process."""
    inline_max_bytes: int = 256 * 1024
    """Documents up to this size are extracted inline (a few ms); larger ones in a worker."""
    max_tasks: int = 200
    """A worker is replaced after this many pages (bounds slow leaks of the parser)."""


def _limit_memory(max_memory_mb: int) -> None:  # pragma: no cover - runs in the worker process
    import resource

    cap = max_memory_mb * 1024 * 1024
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_AS, (cap, cap))


def run_extract(source: Source, url: str | None, options: ExtractOptions, **kwargs: Any) -> PageExtract:
    """What a worker runs: the pure extractor; a MemoryError becomes ``extraction_failed``."""
    try:
        return extract(source, url, options=options, **kwargs)
    except MemoryError as exc:
        raise ExtractionFailed("the page needs more memory than extraction may use", url=url) from exc


class ExtractionPool:
    def __init__(self, options: PoolOptions | None = None) -> None:
        self.options = options or PoolOptions()
        self._pool: ProcessPool | None = None
        self._starting = threading.Lock()  # pages arriving together start one pool, not one each
        self.offloaded = 0

    def _workers(self) -> int:
        return self.options.workers or max(os.cpu_count() or 1, 1)

    def _get_pool(self) -> ProcessPool:
        with self._starting:
            if self._pool is None:
                from pebble import ProcessPool

                context = multiprocessing.get_context("forkserver")
                context.set_forkserver_preload(["weblens.workers"])
                self._pool = ProcessPool(
                    max_workers=self._workers(),
                    max_tasks=self.options.max_tasks,
                    initializer=_limit_memory,
                    initargs=(self.options.max_memory_mb,),
                    context=context,
                )
            return self._pool

    async def extract(
        self, source: Source, url: str | None, options: ExtractOptions, **kwargs: Any
    ) -> PageExtract:
        """Extract ``source`` inline when small, else in a worker within the budgets."""
        return await self.run(run_extract, source, url, options, **kwargs)

    async def run(
        self, fn: Callable[..., T], source: Source, url: str | None, options: ExtractOptions, **kwargs: Any
    ) -> T:
        """``fn(source, url, options, **kwargs)`` — a pure, importable function over one document
        (:func:`run_extract`, or a crawl's extract-and-links) — inline when the document is small,
        else in a worker within the budgets."""
        if len(source) <= self.options.inline_max_bytes:
            return fn(source, url, options, **kwargs)
        return await self._offload(fn, source, url, options, **kwargs)

    async def _offload(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        from pebble import ProcessExpired

        url = args[1] if len(args) > 1 else None
        self.offloaded += 1
        # starting the pool (and a replacement worker) forks processes: never on the event loop
        import asyncio  # the one-shot command line extracts inline and never gets here

        pool = self._pool if self._pool is not None else await asyncio.to_thread(self._get_pool)
        future = await asyncio.to_thread(
            pool.schedule, fn, args=args, kwargs=kwargs, timeout=self.options.timeout_s
        )
        try:
            return await asyncio.wrap_future(future)
        except (FutureTimeout, TimeoutError) as exc:
            log.warning("extract_budget", url=url, budget="time", limit_s=self.options.timeout_s)
            raise ExtractionFailed(
                f"extraction took longer than its budget of {self.options.timeout_s:g} s", url=url
            ) from exc
        except ProcessExpired as exc:
            log.warning("extract_budget", url=url, budget="memory", exit=exc.exitcode)
            raise ExtractionFailed("the extraction worker died (memory budget exceeded?)", url=url) from exc
        except WeblensError:
            raise
        except Exception as exc:
            raise ExtractionFailed(f"extraction failed: {exc!r}", url=url) from exc
        finally:
            if not future.done():  # the caller was cancelled: stop the work too
                future.cancel()  # type: ignore[no-untyped-call]

    async def aclose(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            import asyncio

            pool.stop()  # type: ignore[no-untyped-call]
            await asyncio.to_thread(pool.join, 10)
