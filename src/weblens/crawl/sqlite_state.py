"""The crawl state of one process, in a SQLite file beside the output (see :mod:`.state`).

WAL journal with ``synchronous=NORMAL``: a committed step survives the death of the process
(SIGKILL included); only a crash of the machine can lose the last steps, which ``--resume``
reconciles against the output file. Every call is a few index lookups (well under a millisecond),
so they run on the event loop.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Sequence
from pathlib import Path

from weblens.crawl.fingerprint import Fingerprint, bands_of, similarity
from weblens.crawl.state import Found, Settled, StateCounts, Task

__all__ = ["SQLiteState"]

QUEUED, READING, DONE, CUT = 0, 1, 2, 3
_CHUNK = 500  # URLs looked up in one statement (SQLite allows 32,766 parameters)

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS urls (
    id INTEGER PRIMARY KEY,
    url TEXT NOT NULL UNIQUE,
    depth INTEGER NOT NULL,
    found_on TEXT,
    state INTEGER NOT NULL,
    ready_at REAL NOT NULL DEFAULT 0,
    tries INTEGER NOT NULL DEFAULT 0,
    note TEXT
);
CREATE INDEX IF NOT EXISTS urls_queued ON urls (depth, instr(url, '?') > 0, id) WHERE state = 0;
CREATE INDEX IF NOT EXISTS urls_waiting ON urls (ready_at) WHERE state = 0 AND ready_at > 0;
CREATE TABLE IF NOT EXISTS counters (kind TEXT NOT NULL, key TEXT NOT NULL, n INTEGER NOT NULL,
    PRIMARY KEY (kind, key)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS texts (key BLOB PRIMARY KEY, url TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS signatures (id INTEGER PRIMARY KEY, url TEXT NOT NULL, signature BLOB NOT NULL);
CREATE TABLE IF NOT EXISTS bands (band BLOB NOT NULL, signature INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS bands_band ON bands (band);
"""


class SQLiteState:
    def __init__(self, path: Path | str) -> None:
        self._db = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute("PRAGMA cache_size=-4096")  # 4 MiB of page cache, whatever the frontier's size
        self._db.executescript(_SCHEMA)

    # --- meta and counters --------------------------------------------------------------------
    async def get_meta(self, key: str) -> str | None:
        row = self._db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return None if row is None else str(row[0])

    async def set_meta(self, key: str, value: str) -> None:
        self._db.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (key, value))

    async def bump(self, kind: str, key: str) -> int:
        row = self._db.execute(
            "INSERT INTO counters (kind, key, n) VALUES (?, ?, 1)"
            " ON CONFLICT (kind, key) DO UPDATE SET n = n + 1 RETURNING n",
            (kind, key),
        ).fetchone()
        return int(row[0])

    # --- the frontier -------------------------------------------------------------------------
    async def is_seen(self, url: str) -> bool:
        return self._db.execute("SELECT 1 FROM urls WHERE url = ?", (url,)).fetchone() is not None

    async def is_pending(self, url: str) -> bool:
        row = self._db.execute("SELECT state FROM urls WHERE url = ?", (url,)).fetchone()
        return row is not None and row[0] in (QUEUED, READING)

    async def seen_of(self, urls: Sequence[str]) -> set[str]:
        seen: set[str] = set()
        for start in range(0, len(urls), _CHUNK):
            chunk = list(urls[start : start + _CHUNK])
            marks = ",".join("?" * len(chunk))
            rows = self._db.execute(f"SELECT url FROM urls WHERE url IN ({marks})", chunk).fetchall()
            seen.update(row[0] for row in rows)
        return seen

    def _insert(self, found: Found, state: int, note: str | None = None) -> bool:
        cursor = self._db.execute(
            "INSERT OR IGNORE INTO urls (url, depth, found_on, state, note) VALUES (?, ?, ?, ?, ?)",
            (found.url, found.depth, found.found_on, state, note),
        )
        return cursor.rowcount > 0

    async def queue(self, found: Found) -> bool:
        return self._insert(found, QUEUED)

    async def cut(self, found: Found, reason: str) -> bool:
        self._db.execute("BEGIN")
        try:
            new = self._insert(found, CUT, reason)
            if new:
                await self.bump("cut", reason)
            self._db.execute("COMMIT")
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        return new

    async def take(self, limit: int, now: float) -> list[Task]:
        self._db.execute("BEGIN IMMEDIATE")
        try:
            rows = self._db.execute(
                "SELECT id, url, depth, found_on, tries FROM urls WHERE state = 0 AND ready_at <= ?"
                " ORDER BY depth, instr(url, '?') > 0, id LIMIT ?",
                (now, limit),
            ).fetchall()
            self._db.executemany("UPDATE urls SET state = 1 WHERE id = ?", [(row[0],) for row in rows])
            self._db.execute("COMMIT")
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        return [Task(url=r[1], depth=r[2], found_on=r[3], tries=r[4]) for r in rows]

    async def next_ready_at(self) -> float | None:
        row = self._db.execute("SELECT MIN(ready_at) FROM urls WHERE state = 0 AND ready_at > 0").fetchone()
        return None if row is None or row[0] is None else float(row[0])

    async def retry_later(self, task: Task, at: float) -> None:
        self._db.execute(
            "UPDATE urls SET state = 0, ready_at = ?, tries = tries + 1 WHERE url = ?", (at, task.url)
        )

    # --- settling a page ----------------------------------------------------------------------
    async def settle(
        self,
        task: Task,
        *,
        aliases: Sequence[str] = (),
        fingerprint: Fingerprint | None = None,
        links: Sequence[Found] = (),
        near_duplicate: float = 0.9,
    ) -> Settled:
        self._db.execute("BEGIN")
        try:
            duplicate = self._alias_read(task.url, aliases) or self._same_text(
                task.url, fingerprint, near_duplicate
            )
            queued = 0
            if duplicate is None:
                self._remember(task.url, fingerprint)
                queued = sum(self._insert(found, QUEUED) for found in links)
            for alias in aliases:
                if alias != task.url and not self._insert(
                    Found(alias, task.depth, task.found_on), DONE, f"alias:{task.url}"
                ):
                    # queued already (found before its page was read under another name): never read it
                    self._db.execute(
                        "UPDATE urls SET state = 2, note = ? WHERE url = ? AND state = 0",
                        (f"alias:{task.url}", alias),
                    )
            self._db.execute("UPDATE urls SET state = 2 WHERE url = ?", (task.url,))
            self._db.execute("COMMIT")
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        return Settled(duplicate_of=duplicate, queued=queued)

    def _alias_read(self, url: str, aliases: Sequence[str]) -> str | None:
        """An alias of ``url`` that was read before (as itself, not as another alias of ``url``)."""
        for alias in aliases:
            if alias == url:
                continue
            row = self._db.execute("SELECT state, note FROM urls WHERE url = ?", (alias,)).fetchone()
            if row is None or row[0] != DONE:
                continue
            note = row[1] or ""
            owner = note.removeprefix("alias:") if note.startswith("alias:") else alias
            if owner != url:
                return owner
        return None

    def _same_text(self, url: str, fingerprint: Fingerprint | None, near: float) -> str | None:
        if fingerprint is None or not fingerprint.key:
            return None
        row = self._db.execute("SELECT url FROM texts WHERE key = ?", (fingerprint.key,)).fetchone()
        if row is not None and row[0] != url:
            return str(row[0])
        if not fingerprint.signature:
            return None
        bands = bands_of(fingerprint.signature)
        marks = ",".join("?" * len(bands))
        candidates = self._db.execute(
            f"SELECT DISTINCT s.url, s.signature FROM bands b JOIN signatures s ON s.id = b.signature"
            f" WHERE b.band IN ({marks}) LIMIT 50",
            bands,
        ).fetchall()
        best: tuple[float, str] | None = None
        for other, signature in candidates:
            if other == url:
                continue
            alike = similarity(fingerprint.signature, bytes(signature))
            if alike >= near and (best is None or alike > best[0]):
                best = (alike, str(other))
        return None if best is None else best[1]

    def _remember(self, url: str, fingerprint: Fingerprint | None) -> None:
        if fingerprint is None or not fingerprint.key:
            return
        self._db.execute("INSERT OR IGNORE INTO texts (key, url) VALUES (?, ?)", (fingerprint.key, url))
        if fingerprint.signature:
            cursor = self._db.execute(
                "INSERT INTO signatures (url, signature) VALUES (?, ?)", (url, fingerprint.signature)
            )
            self._db.executemany(
                "INSERT INTO bands (band, signature) VALUES (?, ?)",
                [(band, cursor.lastrowid) for band in bands_of(fingerprint.signature)],
            )

    async def alias_taken(self, task: Task, owner: str) -> None:
        self._db.execute("UPDATE urls SET state = 2, note = ? WHERE url = ?", (f"alias:{owner}", task.url))

    async def defer(self, task: Task, at: float) -> None:
        self._db.execute("UPDATE urls SET state = 0, ready_at = ? WHERE url = ?", (at, task.url))

    async def cut_taken(self, task: Task, reason: str) -> None:
        self._db.execute("BEGIN")
        try:
            self._db.execute("UPDATE urls SET state = 3, note = ? WHERE url = ?", (reason, task.url))
            await self.bump("cut", reason)
            self._db.execute("COMMIT")
        except BaseException:
            self._db.execute("ROLLBACK")
            raise

    async def fail(self, task: Task) -> None:
        self._db.execute("UPDATE urls SET state = 2 WHERE url = ?", (task.url,))

    # --- restarting ---------------------------------------------------------------------------
    async def reconcile(self, written: Iterable[str]) -> int:
        self._db.execute("BEGIN")
        try:
            self._db.execute("CREATE TEMP TABLE IF NOT EXISTS written (url TEXT PRIMARY KEY) WITHOUT ROWID")
            self._db.execute("DELETE FROM written")
            self._db.executemany("INSERT OR IGNORE INTO written (url) VALUES (?)", ((u,) for u in written))
            self._db.execute(
                "UPDATE urls SET state = 2 WHERE url IN (SELECT url FROM written) AND state != 2"
            )
            again = self._db.execute(
                "UPDATE urls SET state = 0, ready_at = 0 WHERE state IN (1, 2) AND note IS NULL"
                " AND url NOT IN (SELECT url FROM written)"
            ).rowcount
            # another name of a page whose line is missing is forgotten (the page is read again)
            self._db.execute(
                "DELETE FROM urls WHERE state = 2 AND note LIKE 'alias:%'"
                " AND substr(note, 7) NOT IN (SELECT url FROM written)"
                " AND url NOT IN (SELECT url FROM written)"
            )
            # a wait was timed on the previous process's clock: ready now
            self._db.execute("UPDATE urls SET ready_at = 0 WHERE state = 0 AND ready_at > 0")
            self._db.execute("DELETE FROM texts WHERE url NOT IN (SELECT url FROM written)")
            self._db.execute(
                "DELETE FROM bands WHERE signature IN (SELECT id FROM signatures"
                " WHERE url NOT IN (SELECT url FROM written))"
            )
            self._db.execute("DELETE FROM signatures WHERE url NOT IN (SELECT url FROM written)")
            self._db.execute("DROP TABLE written")
            self._db.execute("COMMIT")
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        return int(again)

    async def counts(self) -> StateCounts:
        by_state = dict(
            self._db.execute(
                "SELECT state, COUNT(*) FROM urls WHERE state IN (0, 1) GROUP BY state"
            ).fetchall()
        )
        cut = dict(self._db.execute("SELECT key, n FROM counters WHERE kind = 'cut'").fetchall())
        return StateCounts(queued=by_state.get(QUEUED, 0), reading=by_state.get(READING, 0), cut=cut)

    async def aclose(self) -> None:
        self._db.close()
