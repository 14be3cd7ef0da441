"""weblens.sync.run_sync and iterate_sync: async work from synchronous framework calls, with and
without a running event loop in the calling thread (a notebook has one)."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import AsyncIterator

import pytest

from weblens.sync import iterate_sync, run_sync


class Numbers:
    """An async iterator that counts what it handed out and whether it was closed."""

    def __init__(self, stop: int, fail_at: int | None = None) -> None:
        self.stop, self.fail_at = stop, fail_at
        self.given: list[int] = []
        self.closed = False
        self.threads: set[str] = set()

    async def items(self) -> AsyncIterator[int]:
        try:
            for n in range(self.stop):
                await asyncio.sleep(0)
                self.threads.add(threading.current_thread().name)
                if n == self.fail_at:
                    raise ValueError(f"broken at {n}")
                self.given.append(n)
                yield n
        finally:
            self.closed = True


def test_without_a_loop_items_come_in_the_callers_thread() -> None:
    numbers = Numbers(5)
    assert list(iterate_sync(numbers.items)) == [0, 1, 2, 3, 4]
    assert numbers.closed and numbers.threads == {threading.current_thread().name}


async def test_inside_a_running_loop_a_slow_reader_holds_the_worker_back() -> None:
    numbers = Numbers(200)
    read = []
    for n in iterate_sync(numbers.items):
        read.append(n)
        time.sleep(0.01)  # noqa: ASYNC251 - a blocking caller slower than the producer, as intended
        assert len(numbers.given) <= len(read) + 2
        if n == 5:
            break
    assert numbers.closed and read == [0, 1, 2, 3, 4, 5]


def test_stopping_early_closes_the_async_iterator() -> None:
    numbers = Numbers(100)
    for n in iterate_sync(numbers.items):
        if n == 2:
            break
    assert numbers.closed and numbers.given == [0, 1, 2]


def test_an_error_surfaces_to_the_caller() -> None:
    numbers = Numbers(5, fail_at=3)
    with pytest.raises(ValueError, match="broken at 3"):
        list(iterate_sync(numbers.items))
    assert numbers.given == [0, 1, 2] and numbers.closed


async def test_inside_a_running_loop_the_work_runs_beside_it() -> None:
    numbers = Numbers(4)
    assert list(iterate_sync(numbers.items)) == [0, 1, 2, 3]  # a blocking call from async code
    assert numbers.closed and numbers.threads == {"weblens-iterate"}
    failing = Numbers(5, fail_at=1)
    with pytest.raises(ValueError, match="broken at 1"):
        list(iterate_sync(failing.items))
    early = Numbers(1000)
    for n in iterate_sync(early.items):
        if n == 1:
            break
    # the worker stays one item ahead of the caller at most, however slow the caller is to read
    assert early.closed and early.given[:2] == [0, 1] and len(early.given) <= 3

    async def double(x: int) -> int:
        await asyncio.sleep(0)
        return 2 * x

    assert run_sync(double(21)) == 42


def test_run_sync_without_a_loop() -> None:
    async def where() -> str:
        return threading.current_thread().name

    assert run_sync(where()) == threading.current_thread().name
