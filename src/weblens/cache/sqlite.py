"""A cache in one SQLite file: TTL per entry, LRU eviction by total bytes, safe across processes.

The CLI uses it by default (under the user cache directory), so repeated
commands — and separate processes counting a search budget — share it.
Work runs in a worker thread; WAL mode and a busy timeout let several
processes use the file at once.
"""

from __future__ import annotations

import asyncio
import sqlite3
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

__all__ = ["SQLiteCache"]

T = TypeVar("T")

_SCHEMA = """
CREATE TABLE IF NOT EXISTS entries (
    key TEXT PRIMARY KEY,
    value BLOB NOT NULL,
    size INTEGER NOT NULL,
    expires_at REAL NOT NULL,
    accessed INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS entries_accessed ON entries(accessed);
CREATE TABLE IF NOT EXISTS counters (
    key TEXT PRIMARY KEY,
    value INTEGER NOT NULL,
    expires_at REAL NOT NULL
);
"""


class SQLiteCache:
    def __init__(
        self,
        path: Path,
        max_bytes: int = 100 * 1024 * 1024,
        *,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.path = path
        self.max_bytes = max_bytes
        self._clock = clock
        self._lock = threading.Lock()
        self._conn: sqlite3.Connection | None = None

    # --- the Cache protocol -------------------------------------------
    async def get(self, key: str) -> bytes | None:
        return await self._run(self._get, key)

    async def put(self, key: str, value: bytes, ttl_s: float) -> None:
        await self._run(self._put, key, value, ttl_s)

    async def incr(self, key: str, ttl_s: float) -> int:
        return await self._run(self._incr, key, ttl_s)

    async def count(self, key: str) -> int:
        return await self._run(self._count, key)

    async def aclose(self) -> None:
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None

    async def size_bytes(self) -> int:
        return await self._run(self._size)

    # --- synchronous work, one thread at a time -------------------------
    async def _run(self, fn: Callable[..., T], *args: object) -> T:
        return await asyncio.to_thread(self._locked, fn, *args)

    def _locked(self, fn: Callable[..., T], *args: object) -> T:
        with self._lock:
            return fn(self._connect(), *args)

    def _connect(self) -> sqlite3.Connection:
        if self._conn is None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            conn = sqlite3.connect(self.path, timeout=10.0, isolation_level=None, check_same_thread=False)
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=NORMAL")
            conn.executescript(_SCHEMA)
            self._conn = conn
        return self._conn

    def _get(self, conn: sqlite3.Connection, key: str) -> bytes | None:
        row = conn.execute("SELECT value, expires_at FROM entries WHERE key = ?", (key,)).fetchone()
        if row is None:
            return None
        if row[1] <= self._clock():
            conn.execute("DELETE FROM entries WHERE key = ?", (key,))
            return None
        conn.execute(
            "UPDATE entries SET accessed = (SELECT COALESCE(MAX(accessed), 0) + 1 FROM entries)"
            " WHERE key = ?",
            (key,),
        )
        return bytes(row[0])

    def _put(self, conn: sqlite3.Connection, key: str, value: bytes, ttl_s: float) -> None:
        if len(value) > self.max_bytes:
            return
        now = self._clock()
        conn.execute("BEGIN IMMEDIATE")
        try:
            conn.execute("DELETE FROM entries WHERE expires_at <= ?", (now,))
            conn.execute(
                "INSERT OR REPLACE INTO entries (key, value, size, expires_at, accessed) "
                "VALUES (?, ?, ?, ?, (SELECT COALESCE(MAX(accessed), 0) + 1 FROM entries))",
                (key, value, len(value), now + ttl_s),
            )
            self._evict(conn)
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise

    def _evict(self, conn: sqlite3.Connection) -> None:
        """Drop least recently used entries until the total size fits."""
        conn.execute(
            "DELETE FROM entries WHERE key IN ("
            " SELECT key FROM (SELECT key, SUM(size) OVER (ORDER BY accessed DESC) AS running FROM entries)"
            " WHERE running > ?)",
            (self.max_bytes,),
        )

    def _incr(self, conn: sqlite3.Connection, key: str, ttl_s: float) -> int:
        now = self._clock()
        conn.execute("BEGIN IMMEDIATE")
        try:
            conn.execute("DELETE FROM counters WHERE expires_at <= ?", (now,))
            row = conn.execute(
                "INSERT INTO counters (key, value, expires_at) VALUES (?, 1, ?) "
                "ON CONFLICT(key) DO UPDATE SET value = value + 1 RETURNING value",
                (key, now + ttl_s),
            ).fetchone()
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        return int(row[0])

    def _count(self, conn: sqlite3.Connection, key: str) -> int:
        row = conn.execute(
            "SELECT value FROM counters WHERE key = ? AND expires_at > ?", (key, self._clock())
        ).fetchone()
        return int(row[0]) if row is not None else 0

    def _size(self, conn: sqlite3.Connection) -> int:
        return int(conn.execute("SELECT COALESCE(SUM(size), 0) FROM entries").fetchone()[0])
