"""A crawl's memory: the frontier, the seen-set, the counts the trap rules keep, and the page
fingerprints duplicates are found by — one protocol, kept on disk (SQLite, :mod:`.sqlite_state`) or
in Redis for a crawl spread over workers (:mod:`.redis_state`).

Nothing here holds a page: URLs, depths, states, 20-byte text keys and 256-byte signatures. A
frontier of 100,000 URLs is a few megabytes on disk and a constant amount of memory.

A URL is in exactly one state: ``queued`` (found, waiting), ``reading`` (taken by a reader),
``done`` (its line is written, or it is another name of a URL whose line is), or ``cut`` (never to be
read: out of budget, a trap rule, robots.txt, the SSRF guard; counted by reason). Taking URLs is
breadth-first: the lowest depth first; within a depth, URLs without a query before those with one
(a page before its variants: reading it first lets a variant be known as a duplicate), then the order
they were found in.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from weblens.crawl.fingerprint import Fingerprint

__all__ = ["CrawlState", "Found", "Settled", "StateCounts", "Task"]


@dataclass(frozen=True, slots=True)
class Found:
    """A canonical URL found on a page (or in a sitemap), at a depth."""

    url: str
    depth: int
    found_on: str | None = None


@dataclass(frozen=True, slots=True)
class Task:
    """A URL taken to be read."""

    url: str
    depth: int
    found_on: str | None = None
    tries: int = 0
    """Times it was put back after the site asked to slow down (429/503)."""


@dataclass(frozen=True, slots=True)
class Settled:
    duplicate_of: str | None = None
    """The URL read earlier whose page this one is (same text, near-same text, or the page it
    redirected to or names as canonical); None for a new page."""
    queued: int = 0
    """Links newly queued."""


@dataclass(frozen=True)
class StateCounts:
    queued: int = 0
    reading: int = 0
    done: int = 0
    cut: dict[str, int] = field(default_factory=dict)


class CrawlState(Protocol):
    async def get_meta(self, key: str) -> str | None: ...

    async def set_meta(self, key: str, value: str) -> None: ...

    async def is_seen(self, url: str) -> bool:
        """Whether the URL is known in any state."""
        ...

    async def is_pending(self, url: str) -> bool:
        """Whether the URL is queued or being read (not yet done or cut)."""
        ...

    async def seen_of(self, urls: Sequence[str]) -> set[str]:
        """Which of ``urls`` are known in any state (one lookup for a page's links)."""
        ...

    async def queue(self, found: Found) -> bool:
        """Queue an unseen URL; False when it was seen already (nothing changes)."""
        ...

    async def cut(self, found: Found, reason: str) -> bool:
        """Record an unseen URL as never to be read, counted under ``reason``; False when seen already."""
        ...

    async def bump(self, kind: str, key: str) -> int:
        """Add one to the counter ``kind``/``key`` and return its new value (the trap rules' counts)."""
        ...

    async def take(self, limit: int, now: float) -> list[Task]:
        """Up to ``limit`` queued URLs ready at ``now`` (breadth-first), now ``reading``."""
        ...

    async def next_ready_at(self) -> float | None:
        """When the earliest URL put back for later is ready (None: none is waiting)."""
        ...

    async def retry_later(self, task: Task, at: float) -> None:
        """Put a ``reading`` URL back in the queue, ready at ``at`` (monotonic seconds), one more try."""
        ...

    async def settle(
        self,
        task: Task,
        *,
        aliases: Sequence[str] = (),
        fingerprint: Fingerprint | None = None,
        links: Sequence[Found] = (),
        near_duplicate: float = 0.9,
    ) -> Settled:
        """Record a URL as read, in one step: whether it is a duplicate (an alias already read, the
        same text key, or a signature at least ``near_duplicate`` alike), else its fingerprint and
        its ``links`` (queued when unseen); its aliases (the URL it redirected to, its canonical) are
        marked ``done`` so they are never read themselves."""
        ...

    async def fail(self, task: Task) -> None:
        """Record a URL as read with an error line."""
        ...

    async def defer(self, task: Task, at: float) -> None:
        """Put a URL just taken back in the queue, ready at ``at``, without counting a try."""
        ...

    async def alias_taken(self, task: Task, owner: str) -> None:
        """Record a URL taken to be read as another name of ``owner`` (learned since it was queued: a
        parameter the site ignores, an index file); it is not read and gets no line."""
        ...

    async def cut_taken(self, task: Task, reason: str) -> None:
        """Record a URL taken to be read as never to be read after all (its host turned out to be
        refused by the SSRF guard), counted under ``reason``; it gets no line."""
        ...

    async def reconcile(self, written: Iterable[str]) -> int:
        """After a restart: the URLs with a line in the output are done; every other ``reading`` or
        ``done`` URL is queued again (it was in flight, or its line was not written). Returns how many
        were queued again."""
        ...

    async def counts(self) -> StateCounts: ...

    async def aclose(self) -> None: ...
