"""The crawl state on disk: frontier, seen-set, counters, duplicates, restart."""

from __future__ import annotations

from pathlib import Path

from weblens.crawl.fingerprint import fingerprint
from weblens.crawl.sqlite_state import SQLiteState
from weblens.crawl.state import Found, Task

TEXT = " ".join(f"word{i} of a long enough text" for i in range(40))


async def test_breadth_first_and_seen_once(tmp_path: Path) -> None:
    state = SQLiteState(tmp_path / "s")
    assert await state.queue(Found("https://x.org/deep", 2, "https://x.org/a"))
    assert await state.queue(Found("https://x.org/a", 1, "https://x.org/"))
    assert not await state.queue(Found("https://x.org/a", 1, "https://x.org/b"))  # seen: nothing changes
    assert await state.cut(Found("https://x.org/cal?m=1", 1), "query_variants")
    assert not await state.cut(Found("https://x.org/a", 1), "max_depth")
    taken = await state.take(5, now=0.0)
    assert [t.url for t in taken] == ["https://x.org/a", "https://x.org/deep"]
    assert taken[0].found_on == "https://x.org/"
    counts = await state.counts()
    assert counts.reading == 2 and counts.queued == 0 and counts.cut == {"query_variants": 1}
    await state.aclose()


async def test_retry_later_waits_its_turn(tmp_path: Path) -> None:
    state = SQLiteState(tmp_path / "s")
    await state.queue(Found("https://x.org/a", 1))
    [task] = await state.take(1, now=0.0)
    await state.retry_later(task, at=10.0)
    assert await state.take(1, now=5.0) == []
    assert await state.next_ready_at() == 10.0
    [again] = await state.take(1, now=10.0)
    assert again.tries == 1
    await state.aclose()


async def test_duplicates_by_text_alias_and_near_text(tmp_path: Path) -> None:
    state = SQLiteState(tmp_path / "s")
    first = Task(url="https://x.org/a", depth=0)
    await state.queue(Found(first.url, 0))
    await state.take(1, 0.0)
    settled = await state.settle(
        first,
        fingerprint=fingerprint(TEXT),
        aliases=["https://x.org/a/"],
        links=[Found("https://x.org/b", 1)],
    )
    assert settled.duplicate_of is None and settled.queued == 1
    assert await state.is_seen("https://x.org/a/")  # its other name is never read
    same = await state.settle(
        Task(url="https://x.org/c", depth=1), fingerprint=fingerprint(TEXT.upper() + "  ")
    )
    assert same.duplicate_of == "https://x.org/a"
    near = await state.settle(
        Task(url="https://x.org/d", depth=1), fingerprint=fingerprint(TEXT + " Updated today.")
    )
    assert near.duplicate_of == "https://x.org/a"
    other = " ".join(f"other{i} words in another page" for i in range(40))
    assert (
        await state.settle(Task(url="https://x.org/e", depth=1), fingerprint=fingerprint(other))
    ).duplicate_of is None
    redirected = await state.settle(Task(url="https://x.org/f", depth=1), aliases=["https://x.org/a"])
    assert redirected.duplicate_of == "https://x.org/a"
    # a duplicate's links are not queued
    dup = await state.settle(
        Task(url="https://x.org/g", depth=1),
        fingerprint=fingerprint(TEXT),
        links=[Found("https://x.org/z", 2)],
    )
    assert dup.duplicate_of == "https://x.org/a" and not await state.is_seen("https://x.org/z")
    await state.aclose()


async def test_reconcile_after_a_kill(tmp_path: Path) -> None:
    path = tmp_path / "s"
    state = SQLiteState(path)
    for name in ("a", "b", "c", "d"):
        await state.queue(Found(f"https://x.org/{name}", 1))
    a, b, _c, _ = await state.take(4, 0.0)
    await state.settle(a, fingerprint=fingerprint(TEXT))  # line written
    await state.settle(
        b, fingerprint=fingerprint("other text " * 30), aliases=["https://x.org/b2"]
    )  # line lost
    await state.aclose()
    state = SQLiteState(path)  # the next run
    again = await state.reconcile(["https://x.org/a"])
    assert again == 3  # b (settled, no line), c and d (in flight)
    assert not await state.is_seen("https://x.org/b2")  # b's other name is forgotten with it
    urls = [t.url for t in await state.take(10, 0.0)]
    assert sorted(urls) == ["https://x.org/b", "https://x.org/c", "https://x.org/d"]
    # b's text was forgotten too: reading it again is not a duplicate of itself or of anything
    assert (
        await state.settle(Task(url="https://x.org/b", depth=1), fingerprint=fingerprint("other text " * 30))
    ).duplicate_of is None
    await state.aclose()


async def test_counters(tmp_path: Path) -> None:
    state = SQLiteState(tmp_path / "s")
    assert [await state.bump("query_variants", "https://x.org/s") for _ in range(3)] == [1, 2, 3]
    await state.set_meta("k", "v")
    assert await state.get_meta("k") == "v" and await state.get_meta("none") is None
    await state.aclose()
