"""A scripted search provider for tests (of the orchestrator, the session, the CLI).

    StaticProvider("brave", [result1, result2])                 # always answers these
    StaticProvider("brave", RateLimited("slow down"), [r1])     # fails once, then answers
    StaticProvider("brave", configured=False)                   # skipped by the orchestrator

Each call consumes the next outcome; the last one repeats. An outcome is either a
sequence of results (returned with ``provider`` set to this provider's name) or an
exception (raised). ``delay_s`` makes each call slow; ``queries`` records the calls.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

from weblens.models import SearchResult
from weblens.search.base import SearchQuery
from weblens.search.text import domain_of

__all__ = ["StaticProvider", "make_result"]

Outcome = Sequence[SearchResult] | BaseException


class StaticProvider:
    def __init__(self, name: str, *outcomes: Outcome, configured: bool = True, delay_s: float = 0.0) -> None:
        self.name = name
        self.queries: list[SearchQuery] = []
        self._outcomes: tuple[Outcome, ...] = outcomes or ((),)
        self._configured = configured
        self._delay_s = delay_s

    @property
    def calls(self) -> int:
        return len(self.queries)

    def is_configured(self) -> bool:
        return self._configured

    async def search(self, query: SearchQuery) -> list[SearchResult]:
        outcome = self._outcomes[min(len(self.queries), len(self._outcomes) - 1)]
        self.queries.append(query)
        if self._delay_s:
            await asyncio.sleep(self._delay_s)
        if isinstance(outcome, BaseException):
            raise outcome
        return [result.model_copy(update={"provider": self.name}) for result in outcome]


def make_result(
    url: str, title: str = "", *, rank: int = 1, snippet: str = "", provider: str = "static"
) -> SearchResult:
    """A SearchResult with its domain derived from ``url`` (for tests)."""
    return SearchResult(
        rank=rank,
        title=title or url,
        url=url,
        domain=domain_of(url),
        snippet=snippet,
        provider=provider,
    )
