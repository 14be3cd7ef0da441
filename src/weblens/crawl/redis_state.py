"""The crawl state in Redis, for a crawl spread over ``weblens worker`` processes (see :mod:`.state`).

The coordinator (``weblens crawl --queue``) is the one writer; the workers only read pages. Keys, all
under ``weblens:crawl:<run>:`` and kept for :data:`KEEP_S` after the last change:

* ``urls`` (hash: URL → ``[state, depth, found_on, tries, note]``) — the seen-set;
* ``queued`` (sorted set: URL by ``depth · 10¹² + order found``) — the frontier, breadth-first;
* ``waiting`` (sorted set: URL by the monotonic time it is ready again) — put back after a 429/503;
* ``reading`` (set) — taken, not settled;
* ``counters`` (hash), ``meta`` (hash), ``texts`` (hash: text key → URL), ``signatures`` (hash: URL →
  MinHash), ``bands`` (hash: band → the URLs that have it, one a line, at most :data:`BAND_URLS`) — the
  trap counts and the duplicate index. A run is a dozen keys, whatever its size.

Each step that changes several keys runs as one MULTI/EXEC transaction, so a coordinator killed
between two steps leaves a state :meth:`RedisState.reconcile` can continue from.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterable, Sequence
from typing import Any

from weblens.crawl.fingerprint import Fingerprint, bands_of, similarity
from weblens.crawl.state import Found, Settled, StateCounts, Task

__all__ = ["KEEP_S", "RedisState"]

QUEUED, READING, DONE, CUT = 0, 1, 2, 3
KEEP_S = 7 * 86400
"""A run's state is kept a week after its last change (a crawl can be resumed within it)."""
_DEPTH = 10**12
_QUERY = 10**11  # within a depth, URLs with a query after those without


def _score(url: str, depth: int, order: int) -> int:
    """Breadth-first, URLs without a query first within a depth, then in the order found."""
    return depth * _DEPTH + ("?" in url) * _QUERY + order


BAND_URLS = 50
"""URLs kept per band value: pages sharing a band are near one another; 50 candidates are plenty."""


class RedisState:
    def __init__(self, redis: Any, run: str) -> None:
        self._redis = redis
        self._p = f"weblens:crawl:{run}:"
        self._lock = asyncio.Lock()
        """One step at a time: a step's reads and its transaction see no other step between them."""

    def _k(self, name: str) -> str:
        return self._p + name

    # --- meta and counters --------------------------------------------------------------------
    async def get_meta(self, key: str) -> str | None:
        value = await self._redis.hget(self._k("meta"), key)
        return None if value is None else _text(value)

    async def set_meta(self, key: str, value: str) -> None:
        await self._redis.hset(self._k("meta"), key, value)

    async def bump(self, kind: str, key: str) -> int:
        return int(await self._redis.hincrby(self._k("counters"), f"{kind}\x00{key}", 1))

    # --- the frontier -------------------------------------------------------------------------
    async def _record(self, url: str) -> list[Any] | None:
        raw = await self._redis.hget(self._k("urls"), url)
        return None if raw is None else list(json.loads(raw))

    async def is_seen(self, url: str) -> bool:
        return bool(await self._redis.hexists(self._k("urls"), url))

    async def is_pending(self, url: str) -> bool:
        record = await self._record(url)
        return record is not None and record[0] in (QUEUED, READING)

    async def seen_of(self, urls: Sequence[str]) -> set[str]:
        if not urls:
            return set()
        found = await self._redis.hmget(self._k("urls"), list(urls))
        return {url for url, value in zip(urls, found, strict=True) if value is not None}

    async def _queue_unlocked(self, found: Found) -> bool:
        if not await self._redis.hsetnx(self._k("urls"), found.url, _row(QUEUED, found)):
            return False
        order = await self._redis.incr(self._k("order"))
        await self._redis.zadd(self._k("queued"), {found.url: _score(found.url, found.depth, order)})
        return True

    async def _cut_unlocked(self, found: Found, reason: str) -> bool:
        if not await self._redis.hsetnx(self._k("urls"), found.url, _row(CUT, found, note=reason)):
            return False
        await self.bump("cut", reason)
        return True

    async def _take_unlocked(self, limit: int, now: float) -> list[Task]:
        due = await self._redis.zrangebyscore(self._k("waiting"), "-inf", now)
        for raw in due:
            url = _text(raw)
            record = await self._record(url)
            depth = record[1] if record else 0
            order = await self._redis.incr(self._k("order"))
            async with self._redis.pipeline(transaction=True) as pipe:
                pipe.zrem(self._k("waiting"), url)
                pipe.zadd(self._k("queued"), {url: _score(url, depth, order)})
                await pipe.execute()
        popped = await self._redis.zpopmin(self._k("queued"), limit)
        tasks = []
        for raw, _priority in popped:
            url = _text(raw)
            record = await self._record(url) or [QUEUED, 0, None, 0, None]
            record[0] = READING
            async with self._redis.pipeline(transaction=True) as pipe:
                pipe.hset(self._k("urls"), url, json.dumps(record))
                pipe.sadd(self._k("reading"), url)
                await pipe.execute()
            tasks.append(Task(url=url, depth=record[1], found_on=record[2], tries=record[3]))
        return tasks

    async def next_ready_at(self) -> float | None:
        first = await self._redis.zrange(self._k("waiting"), 0, 0, withscores=True)
        return float(first[0][1]) if first else None

    async def _retry_later_unlocked(self, task: Task, at: float) -> None:
        record = await self._record(task.url) or [QUEUED, task.depth, task.found_on, task.tries, None]
        record[0], record[3] = QUEUED, record[3] + 1
        async with self._redis.pipeline(transaction=True) as pipe:
            pipe.hset(self._k("urls"), task.url, json.dumps(record))
            pipe.srem(self._k("reading"), task.url)
            pipe.zadd(self._k("waiting"), {task.url: at})
            await pipe.execute()

    # --- settling a page ----------------------------------------------------------------------
    async def _settle_unlocked(
        self,
        task: Task,
        *,
        aliases: Sequence[str] = (),
        fingerprint: Fingerprint | None = None,
        links: Sequence[Found] = (),
        near_duplicate: float = 0.9,
    ) -> Settled:
        duplicate = await self._alias_read(task.url, aliases) or await self._same_text(
            task.url, fingerprint, near_duplicate
        )
        fresh = [] if duplicate is not None else [f for f in links if not await self.is_seen(f.url)]
        queued_aliases = {
            alias
            for alias in aliases
            if (record := await self._record(alias)) is not None and record[0] == QUEUED
        }
        orders = [await self._redis.incr(self._k("order")) for _ in fresh]
        async with self._redis.pipeline(transaction=True) as pipe:
            if duplicate is None and fingerprint is not None and fingerprint.key:
                pipe.hsetnx(self._k("texts"), fingerprint.key.hex(), task.url)
                if fingerprint.signature:
                    pipe.hset(self._k("signatures"), task.url, fingerprint.signature)
                    for band, members in await self._bands(fingerprint.signature):
                        if len(members) < BAND_URLS:
                            pipe.hset(self._k("bands"), band, "\n".join([*members, task.url]))
            for found, order in zip(fresh, orders, strict=True):
                pipe.hsetnx(self._k("urls"), found.url, _row(QUEUED, found))
                pipe.zadd(self._k("queued"), {found.url: _score(found.url, found.depth, order)}, nx=True)
            for alias in aliases:
                if alias == task.url:
                    continue
                row = _row(DONE, Found(alias, task.depth, task.found_on), f"alias:{task.url}")
                if alias in queued_aliases:  # queued already: never read it (its page is this one)
                    pipe.hset(self._k("urls"), alias, row)
                    pipe.zrem(self._k("queued"), alias)
                else:
                    pipe.hsetnx(self._k("urls"), alias, row)
            pipe.hset(self._k("urls"), task.url, _row(DONE, Found(task.url, task.depth, task.found_on)))
            pipe.srem(self._k("reading"), task.url)
            await pipe.execute()
        return Settled(duplicate_of=duplicate, queued=len(fresh))

    async def _alias_read(self, url: str, aliases: Sequence[str]) -> str | None:
        for alias in aliases:
            if alias == url:
                continue
            record = await self._record(alias)
            if record is None or record[0] != DONE:
                continue
            note = record[4] or ""
            owner = note.removeprefix("alias:") if note.startswith("alias:") else alias
            if owner != url:
                return str(owner)
        return None

    async def _same_text(self, url: str, fingerprint: Fingerprint | None, near: float) -> str | None:
        if fingerprint is None or not fingerprint.key:
            return None
        owner = await self._redis.hget(self._k("texts"), fingerprint.key.hex())
        if owner is not None and _text(owner) != url:
            return _text(owner)
        if not fingerprint.signature:
            return None
        candidates: set[str] = set()
        for _, members in await self._bands(fingerprint.signature):
            candidates.update(members)
        best: tuple[float, str] | None = None
        for other in sorted(candidates - {url}):
            signature = await self._redis.hget(self._k("signatures"), other)
            alike = similarity(fingerprint.signature, bytes(signature)) if signature else 0.0
            if alike >= near and (best is None or alike > best[0]):
                best = (alike, other)
        return None if best is None else best[1]

    async def _bands(self, signature: bytes) -> list[tuple[str, list[str]]]:
        names = [band.hex() for band in bands_of(signature)]
        values = await self._redis.hmget(self._k("bands"), names)
        return [
            (name, _text(value).split("\n") if value else [])
            for name, value in zip(names, values, strict=True)
        ]

    async def _fail_unlocked(self, task: Task) -> None:
        async with self._redis.pipeline(transaction=True) as pipe:
            pipe.hset(self._k("urls"), task.url, _row(DONE, Found(task.url, task.depth, task.found_on)))
            pipe.srem(self._k("reading"), task.url)
            await pipe.execute()

    # --- restarting ---------------------------------------------------------------------------
    async def _reconcile_unlocked(self, written: Iterable[str]) -> int:
        lines = set(written)
        again = 0
        orphans: list[str] = []
        async for raw_url, raw in self._redis.hscan_iter(self._k("urls")):
            url, record = _text(raw_url), json.loads(raw)
            state, note = record[0], record[4] or ""
            if url in lines:
                if state != DONE:
                    record[0] = DONE
                    await self._redis.hset(self._k("urls"), url, json.dumps(record))
                    await self._redis.zrem(self._k("queued"), url)
                continue
            if state == DONE and note.startswith("alias:") and note[6:] not in lines:
                orphans.append(url)
            elif state in (READING, DONE) and not note:
                record[0] = QUEUED
                order = await self._redis.incr(self._k("order"))
                async with self._redis.pipeline(transaction=True) as pipe:
                    pipe.hset(self._k("urls"), url, json.dumps(record))
                    pipe.zadd(self._k("queued"), {url: _score(url, record[1], order)})
                    await pipe.execute()
                again += 1
        if orphans:
            await self._redis.hdel(self._k("urls"), *orphans)
        # waiting times are another process's clock: ready now
        for raw in await self._redis.zrange(self._k("waiting"), 0, -1):
            url = _text(raw)
            record = await self._record(url)
            order = await self._redis.incr(self._k("order"))
            await self._redis.zadd(self._k("queued"), {url: _score(url, record[1] if record else 0, order)})
        await self._redis.delete(self._k("waiting"), self._k("reading"))
        return again

    # --- the steps, one at a time ---------------------------------------------------------------
    async def queue(self, found: Found) -> bool:
        async with self._lock:
            return await self._queue_unlocked(found)

    async def cut(self, found: Found, reason: str) -> bool:
        async with self._lock:
            return await self._cut_unlocked(found, reason)

    async def take(self, limit: int, now: float) -> list[Task]:
        async with self._lock:
            return await self._take_unlocked(limit, now)

    async def retry_later(self, task: Task, at: float) -> None:
        async with self._lock:
            await self._retry_later_unlocked(task, at)

    async def settle(
        self,
        task: Task,
        *,
        aliases: Sequence[str] = (),
        fingerprint: Fingerprint | None = None,
        links: Sequence[Found] = (),
        near_duplicate: float = 0.9,
    ) -> Settled:
        async with self._lock:
            return await self._settle_unlocked(
                task, aliases=aliases, fingerprint=fingerprint, links=links, near_duplicate=near_duplicate
            )

    async def alias_taken(self, task: Task, owner: str) -> None:
        async with self._lock:
            found = Found(task.url, task.depth, task.found_on)
            async with self._redis.pipeline(transaction=True) as pipe:
                pipe.hset(self._k("urls"), task.url, _row(DONE, found, note=f"alias:{owner}"))
                pipe.srem(self._k("reading"), task.url)
                await pipe.execute()

    async def defer(self, task: Task, at: float) -> None:
        async with self._lock:
            async with self._redis.pipeline(transaction=True) as pipe:
                pipe.srem(self._k("reading"), task.url)
                pipe.zadd(self._k("waiting"), {task.url: at})
                await pipe.execute()
            record = await self._record(task.url)
            if record is not None:
                record[0] = QUEUED
                await self._redis.hset(self._k("urls"), task.url, json.dumps(record))

    async def cut_taken(self, task: Task, reason: str) -> None:
        async with self._lock:
            found = Found(task.url, task.depth, task.found_on)
            async with self._redis.pipeline(transaction=True) as pipe:
                pipe.hset(self._k("urls"), task.url, _row(CUT, found, note=reason))
                pipe.srem(self._k("reading"), task.url)
                pipe.hincrby(self._k("counters"), f"cut\x00{reason}", 1)
                await pipe.execute()

    async def fail(self, task: Task) -> None:
        async with self._lock:
            await self._fail_unlocked(task)

    async def reconcile(self, written: Iterable[str]) -> int:
        async with self._lock:
            return await self._reconcile_unlocked(written)

    async def counts(self) -> StateCounts:
        queued = int(await self._redis.zcard(self._k("queued"))) + int(
            await self._redis.zcard(self._k("waiting"))
        )
        reading = int(await self._redis.scard(self._k("reading")))
        cut: dict[str, int] = {}
        async for field, value in self._redis.hscan_iter(self._k("counters"), match="cut\x00*"):
            cut[_text(field).split("\x00", 1)[1]] = int(value)
        return StateCounts(queued=queued, reading=reading, cut=cut)

    async def keep(self) -> None:
        """Keep the run's keys :data:`KEEP_S` from now."""
        async with self._redis.pipeline(transaction=False) as pipe:
            for name in _KEYS:
                pipe.expire(self._k(name), KEEP_S)
            await pipe.execute()

    async def drop(self) -> None:
        """Delete the run's keys."""
        await self._redis.delete(*(self._k(name) for name in _KEYS))

    async def aclose(self) -> None:
        await self.keep()


_KEYS = ("urls", "queued", "waiting", "reading", "order", "counters", "meta", "texts", "signatures", "bands")


def _row(state: int, found: Found, note: str | None = None, tries: int = 0) -> str:
    return json.dumps([state, found.depth, found.found_on, tries, note])


def _text(value: Any) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)
