"""Honouring robots.txt: fetch it once per site (guarded, paced), keep it, answer "may we read this URL".

The file is fetched through the same guarded fetcher as pages (SSRF guard, size cap, deadline) and
waits for the site's turn like any request. What it says is kept in a :class:`~weblens.cache.base.Cache`
(the page cache, or Redis shared by every worker of a batch) for a day, an unreachable file's
"disallow for now" for ten minutes, and in process memory meanwhile; concurrent checks of one site
share one fetch. The rules themselves are :mod:`weblens.net.robots` (RFC 9309).
"""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict
from dataclasses import dataclass
from typing import TYPE_CHECKING

from weblens.cache.base import Cache
from weblens.errors import (
    HTTPError,
    InvalidURL,
    RateLimited,
    RobotsDisallowed,
    SSRFBlocked,
    UnsupportedContentType,
    WeblensError,
)
from weblens.logs import get_logger
from weblens.net.page import Fetcher
from weblens.net.policy import TargetURL
from weblens.net.ratelimit import SiteLimiter
from weblens.net.robots import RobotsRules, Verdict, agent_token, robots_url, verdict_for_status

if TYPE_CHECKING:
    from protego import Protego

__all__ = ["RobotsChecker", "RobotsOptions"]

log = get_logger("weblens.robots")

DAY = 86400.0
MEMO_SIZE = 512
MAX_CRAWL_DELAY_S = 30.0
"""A longer ``Crawl-delay`` is read as this: one page every 30 s still reads a site, slowly."""


@dataclass(frozen=True, kw_only=True)
class RobotsOptions:
    user_agent: str = "weblens"
    timeout_s: float = 10.0
    ttl_s: float = DAY
    unreachable_ttl_s: float = 600.0


class RobotsChecker:
    def __init__(
        self, *, fetcher: Fetcher, limiter: SiteLimiter, store: Cache, options: RobotsOptions | None = None
    ) -> None:
        self._fetcher = fetcher
        self._limiter = limiter
        self._store = store
        self._options = options or RobotsOptions()
        self._agent = agent_token(self._options.user_agent)
        self._memo: OrderedDict[str, tuple[float, RobotsRules, Protego | None]] = OrderedDict()
        self._inflight: dict[str, asyncio.Task[RobotsRules]] = {}
        self.fetches = 0

    async def check(self, target: TargetURL, *, queue: bool = False) -> float | None:
        """Return when robots.txt lets us read ``target`` — with the site's ``Crawl-delay`` for us in
        seconds (at most :data:`MAX_CRAWL_DELAY_S`), if it sets one; else raise ``robots_disallowed``."""
        where = robots_url(target)
        rules, parsed = await self._rules(target, where, queue)
        if rules.allows(target.url, self._agent, parsed):
            delay = rules.crawl_delay(self._agent, parsed)
            return min(delay, MAX_CRAWL_DELAY_S) if delay and delay > 0 else None
        if rules.verdict is Verdict.DISALLOW_ALL:
            message = f"{where} could not be read ({rules.reason}): the site is treated as disallowed for now"
        else:
            message = f"{where} disallows this URL for {self._agent}"
        log.info("robots_disallowed", url=target.url, verdict=rules.verdict.value)
        raise RobotsDisallowed(message, url=target.url)

    async def allows(self, target: TargetURL, *, queue: bool = False) -> bool:
        """Whether robots.txt lets us read ``target`` (:meth:`check` without the error)."""
        try:
            await self.check(target, queue=queue)
        except RobotsDisallowed:
            return False
        return True

    async def sitemaps(self, target: TargetURL, *, queue: bool = False) -> list[str]:
        """The sitemaps the site's robots.txt names (its ``Sitemap:`` lines), in order."""
        _, parsed = await self._rules(target, robots_url(target), queue)
        return list(parsed.sitemaps) if parsed is not None else []

    async def _rules(self, target: TargetURL, where: str, queue: bool) -> tuple[RobotsRules, Protego | None]:
        memo = self._memo.get(where)
        if memo is not None and memo[0] > time.monotonic():
            self._memo.move_to_end(where)
            return memo[1], memo[2]
        task = self._inflight.get(where)
        if task is None:
            task = asyncio.create_task(self._load(target, where, queue))
            self._inflight[where] = task
            task.add_done_callback(lambda _: self._inflight.pop(where, None))
        rules = await asyncio.shield(task)
        parsed = rules.compile()
        self._memo[where] = (time.monotonic() + self._ttl(rules), rules, parsed)
        while len(self._memo) > MEMO_SIZE:
            self._memo.popitem(last=False)
        return rules, parsed

    def _ttl(self, rules: RobotsRules) -> float:
        unreachable = rules.verdict is Verdict.DISALLOW_ALL
        return self._options.unreachable_ttl_s if unreachable else self._options.ttl_s

    async def _load(self, target: TargetURL, where: str, queue: bool) -> RobotsRules:
        key = "robots:" + where
        raw = await self._store.get(key)
        stored = RobotsRules.loads(raw) if raw is not None else None
        if stored is not None:
            return stored
        rules = await self._fetch(target, where, queue)
        await self._store.put(key, rules.dumps(), self._ttl(rules))
        return rules

    async def _fetch(self, target: TargetURL, where: str, queue: bool) -> RobotsRules:
        deadline = self._options.timeout_s
        self.fetches += 1
        try:
            async with self._limiter.slot(target.authority, max_wait_s=None if queue else deadline):
                await self._limiter.acquire(target.authority, max_wait_s=None if queue else deadline)
                page = await self._fetcher.fetch(where, timeout_s=deadline)
        except (SSRFBlocked, InvalidURL, RateLimited):
            raise
        except HTTPError as exc:
            status = exc.status or 500
            rules = RobotsRules(verdict_for_status(status), reason=f"HTTP {status}")
        except UnsupportedContentType as exc:  # a 2xx answer we cannot read as text: no rules
            rules = RobotsRules(Verdict.ALLOW_ALL, reason=exc.message)
        except WeblensError as exc:
            rules = RobotsRules(Verdict.DISALLOW_ALL, reason=f"{exc.code}: {exc.message}")
        else:
            rules = RobotsRules.parse(page.body)
        log.info("robots_fetched", url=where, verdict=rules.verdict.value, reason=rules.reason)
        return rules
