"""Ask the providers in order until one answers; normalise, filter and dedupe its results.

Rules (decisions the issue left open are marked *):

- Providers are tried in the given order; unconfigured ones are skipped. With none
  configured the caller gets ``NotConfigured`` naming what to set.
- Each call runs under ``timeout_s`` (default 5 s, ``asyncio.timeout``).
- Retried once, after ``retry_backoff_s``: :class:`TransientProviderError` (5xx,
  connection refused/reset). *``RateLimited`` is retried once only when the provider
  said when (Retry-After) and that is at most ``max_retry_after_s`` away; then the
  wait is what it asked. A rate limit without Retry-After — a DuckDuckGo challenge,
  Tavily's 429 — or with a longer one falls through at once: hammering a limiter
  makes it worse, and another provider is usually a better bet.
  *Timeouts are not retried: the caller has already waited ``timeout_s``.
  Everything else (``NotConfigured``, bad request, garbage) falls through without retry.
- *An empty answer from a healthy provider is an answer: no fallback (another engine
  knowing nothing more is the common case, and fallbacks cost quota). Pass
  ``fallback_on_empty=True`` to change that.
- Results are normalised and deduplicated (``urls.dedupe``), *filtered against
  ``site_include``/``site_exclude`` (engines treat ``site:`` as a hint), cut to
  ``max_results`` and ranked 1..n. ``fallback_used`` is true when the answering
  provider is not the first configured one.
- When every provider fails: ``NotConfigured`` if all failures were configuration,
  ``RateLimited`` if all were rate limits, else ``ProviderError``; the message names
  each provider's failure (and the providers skipped as unconfigured).

Logs (structlog ``weblens.search``): ``search_call`` on success, ``search_error``
for each failed provider (after its retry, if any).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Sequence
from dataclasses import dataclass

from weblens.errors import NotConfigured, ProviderError, RateLimited, WeblensError
from weblens.logs import get_logger
from weblens.models import SearchResponse, SearchResult
from weblens.search.base import (
    CONFIG_HINTS,
    ProviderTimeout,
    SearchProvider,
    SearchQuery,
    TransientProviderError,
)
from weblens.search.operators import host_allowed
from weblens.search.urls import dedupe

__all__ = ["SearchOrchestrator"]

log = get_logger("weblens.search")


@dataclass(frozen=True)
class _Failure:
    provider: str
    error: WeblensError
    attempts: int


def _elapsed_ms(start: float) -> float:
    return round((time.perf_counter() - start) * 1000, 1)


def _not_configured(providers: Sequence[SearchProvider]) -> NotConfigured:
    if not providers:
        return NotConfigured("no search providers are enabled: check WEBLENS_PROVIDERS")
    names = [p.name for p in providers]
    hints = [f"{CONFIG_HINTS[name]} ({name})" for name in names if name in CONFIG_HINTS]
    message = f"no search provider is configured (tried {', '.join(names)})"
    return NotConfigured(f"{message}; set one of: {', '.join(hints)}" if hints else message)


def _combined_error(failures: list[_Failure], skipped: list[str]) -> WeblensError:
    parts = [f"{f.provider}: {f.error.code} ({f.error.message})" for f in failures]
    if skipped:
        parts.append("not configured: " + ", ".join(skipped))
    message = "every search provider failed — " + "; ".join(parts)
    errors = [f.error for f in failures]
    if all(isinstance(e, NotConfigured) for e in errors):
        return NotConfigured(message)
    if all(isinstance(e, RateLimited) for e in errors):
        waits = [e.retry_after for e in errors if isinstance(e, RateLimited) and e.retry_after is not None]
        return RateLimited(message, retry_after=min(waits) if waits else None)
    return ProviderError(message)


class SearchOrchestrator:
    def __init__(
        self,
        providers: Sequence[SearchProvider],
        *,
        timeout_s: float = 5.0,
        retry_backoff_s: float = 0.25,
        max_retry_after_s: float = 2.0,
        fallback_on_empty: bool = False,
    ) -> None:
        self._providers = tuple(providers)
        self._timeout_s = timeout_s
        self._retry_backoff_s = retry_backoff_s
        self._max_retry_after_s = max_retry_after_s
        self._fallback_on_empty = fallback_on_empty

    @property
    def providers(self) -> tuple[SearchProvider, ...]:
        return self._providers

    async def search(self, query: SearchQuery) -> SearchResponse:
        start = time.perf_counter()
        usable = [p for p in self._providers if p.is_configured()]
        skipped = [p.name for p in self._providers if p not in usable]
        if not usable:
            raise _not_configured(self._providers)
        failures: list[_Failure] = []
        empty: tuple[SearchProvider, list[SearchResult]] | None = None
        for provider in usable:
            found = await self._ask(provider, query)
            if isinstance(found, _Failure):
                failures.append(found)
                self._log_failure(found)
                continue
            results = self._finish(found, query)
            if results or not self._fallback_on_empty:
                return self._respond(query, provider, results, usable, start)
            empty = empty or (provider, results)
        if empty is not None:
            return self._respond(query, empty[0], empty[1], usable, start)
        raise _combined_error(failures, skipped)

    # --- steps -----------------------------------------------------------
    async def _ask(self, provider: SearchProvider, query: SearchQuery) -> list[SearchResult] | _Failure:
        """The provider's results, or its failure after at most one retry."""
        attempts = 0
        while True:
            attempts += 1
            try:
                return await self._call(provider, query)
            except WeblensError as exc:
                wait = self._retry_wait(exc)
                if attempts >= 2 or wait is None:
                    return _Failure(provider.name, exc, attempts)
            await asyncio.sleep(wait)

    async def _call(self, provider: SearchProvider, query: SearchQuery) -> list[SearchResult]:
        try:
            async with asyncio.timeout(self._timeout_s):
                return await provider.search(query)
        except TimeoutError as exc:
            message = f"{provider.name} did not answer within {self._timeout_s:g} s"
            raise ProviderTimeout(message, provider=provider.name) from exc

    def _retry_wait(self, exc: WeblensError) -> float | None:
        """Seconds to wait before the one retry, or None when this failure is not retried."""
        if isinstance(exc, TransientProviderError):
            return self._retry_backoff_s
        if isinstance(exc, RateLimited) and exc.retry_after is not None:
            return exc.retry_after if exc.retry_after <= self._max_retry_after_s else None
        return None

    @staticmethod
    def _finish(results: list[SearchResult], query: SearchQuery) -> list[SearchResult]:
        unique = dedupe(results)
        allowed = [r for r in unique if host_allowed(r.domain, query.site_include, query.site_exclude)]
        return [r.model_copy(update={"rank": i}) for i, r in enumerate(allowed[: query.max_results], start=1)]

    @staticmethod
    def _respond(
        query: SearchQuery,
        provider: SearchProvider,
        results: list[SearchResult],
        usable: list[SearchProvider],
        start: float,
    ) -> SearchResponse:
        response = SearchResponse(
            query=query.query,
            results=results,
            provider_used=provider.name,
            fallback_used=provider is not usable[0],
            search_time_ms=_elapsed_ms(start),
        )
        log.info(
            "search_call",
            provider_used=response.provider_used,
            fallback_used=response.fallback_used,
            latency_ms=response.search_time_ms,
            query=query.query,
            result_count=len(results),
        )
        return response

    @staticmethod
    def _log_failure(failure: _Failure) -> None:
        log.warning(
            "search_error",
            provider=failure.provider,
            stage="provider",
            attempts=failure.attempts,
            error=failure.error.code,
            message=failure.error.message,
        )
