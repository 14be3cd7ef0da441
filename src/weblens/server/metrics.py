"""Prometheus metrics of a weblens server, fed by the operations and by the library's own log events.

The library emits structured events (``cache_hit``, ``fetch``, ``render_fallback``, ``search_call``,
``search_error``, ``fetch_error`` …); :meth:`Metrics.tap` is a structlog processor that counts
them, so the core needs no metrics code. The HTTP and MCP adapters count calls, errors and latency
per operation. With ``weblens serve --workers N`` the values live in prometheus-client's
multiprocess directory (``PROMETHEUS_MULTIPROC_DIR``) and ``/metrics`` sums every worker.

The same numbers feed the dashboard's Stats section (:meth:`Metrics.snapshot`).
"""

from __future__ import annotations

import os
import time
from collections import deque
from collections.abc import Iterable, Mapping, MutableMapping
from typing import Any

from prometheus_client import (
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    disable_created_metrics,
    generate_latest,
)
from prometheus_client.core import Metric

__all__ = ["CONTENT_TYPE", "Metrics", "stage_of"]

CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"
disable_created_metrics()  # type: ignore[no-untyped-call] # the *_created series only add noise to the exposition
_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60)


def stage_of(code: str) -> str:
    """The pipeline stage an error code belongs to (for the errors-by-stage counter)."""
    if code in ("invalid_url", "ssrf_blocked", "invalid_argument", "unauthorized", "robots_disallowed"):
        return "validate"
    if code.startswith("render"):
        return "render"
    if code in ("extraction_failed", "unsupported_content_type"):
        return "extract"
    if code in ("provider_error", "not_configured", "budget_exceeded") or code == "rate_limited":
        return "search" if code != "rate_limited" else "limit"
    if code == "llm_error":
        return "answer"
    if code.startswith("session") or code in ("element_not_found", "action_failed"):
        return "session"
    if code == "internal_error":
        return "internal"
    return "fetch"


class _CallsPerMinute:
    """Calls per minute over the last hour (for the dashboard chart); per process."""

    def __init__(self) -> None:
        self._minutes: deque[tuple[int, int]] = deque(maxlen=60)

    def add(self, now: float) -> None:
        minute = int(now // 60)
        if self._minutes and self._minutes[-1][0] == minute:
            self._minutes[-1] = (minute, self._minutes[-1][1] + 1)
        else:
            self._minutes.append((minute, 1))

    def series(self, now: float) -> list[int]:
        current = int(now // 60)
        counts = dict(self._minutes)
        return [counts.get(minute, 0) for minute in range(current - 59, current + 1)]


class Metrics:
    def __init__(self) -> None:
        self.multiprocess_dir = os.environ.get("PROMETHEUS_MULTIPROC_DIR") or None
        self.registry = CollectorRegistry(auto_describe=True)
        r = self.registry
        self.http_requests = Counter(
            "weblens_http_requests", "HTTP requests by route and status", ["route", "status"], registry=r
        )
        self.http_latency = Histogram(
            "weblens_http_request_duration_seconds",
            "HTTP request latency",
            ["route"],
            buckets=_BUCKETS,
            registry=r,
        )
        self.calls = Counter(
            "weblens_operation_calls", "Operation calls", ["operation", "frontend"], registry=r
        )
        self.errors = Counter(
            "weblens_operation_errors",
            "Operation errors by stage and code",
            ["operation", "stage", "code"],
            registry=r,
        )
        self.cache = Counter("weblens_cache_lookups", "Page cache lookups", ["result"], registry=r)
        self.fetches = Counter("weblens_fetches", "Guarded HTTP fetches", ["outcome"], registry=r)
        self.fetch_errors = Counter(
            "weblens_fetch_errors", "Fetch errors by code and stage", ["code", "stage"], registry=r
        )
        self.renders = Counter(
            "weblens_render_fallbacks", "Renders after weak HTTP extraction", ["outcome"], registry=r
        )
        self.provider_calls = Counter(
            "weblens_provider_calls", "Search provider calls", ["provider", "outcome"], registry=r
        )
        self.search_fallbacks = Counter(
            "weblens_search_fallbacks", "Searches answered by a fallback provider", registry=r
        )
        self.budget_left = Gauge(
            "weblens_search_budget_remaining",
            "Searches left in this hour's budget",
            registry=r,
            multiprocess_mode="mostrecent",
        )
        self._per_minute = _CallsPerMinute()
        self._started = time.time()

    # --- operations --------------------------------------------------------------------------
    def call(self, operation: str, frontend: str) -> None:
        self.calls.labels(operation, frontend).inc()
        self._per_minute.add(time.time())

    def error(self, operation: str, code: str) -> None:
        self.errors.labels(operation, stage_of(code), code).inc()

    def request(self, route: str, status: int, seconds: float) -> None:
        self.http_requests.labels(route, str(status)).inc()
        self.http_latency.labels(route).observe(seconds)

    # --- library events (a structlog processor) ------------------------------------------------
    def tap(self, _logger: Any, _method: str, event: MutableMapping[str, Any]) -> Mapping[str, Any]:
        name = event.get("event")
        if name == "cache_hit":
            self.cache.labels("hit").inc()
        elif name == "cache_miss":
            self.cache.labels("miss").inc()
        elif name == "fetch":
            self.fetches.labels("ok").inc()
        elif name == "fetch_error":
            code = str(event.get("code", "unknown"))
            self.fetches.labels("error").inc()
            self.fetch_errors.labels(code, str(event.get("stage", stage_of(code)))).inc()
        elif name in ("render_fallback", "search_render_fallback"):
            self.renders.labels(str(event.get("outcome", "unknown")).split(":")[0]).inc()
        elif name == "search_call":
            self.provider_calls.labels(str(event.get("provider_used")), "ok").inc()
            if event.get("fallback_used"):
                self.search_fallbacks.inc()
        elif name == "search_error" and event.get("provider"):
            self.provider_calls.labels(str(event.get("provider")), str(event.get("error", "error"))).inc()
        return event

    # --- output ------------------------------------------------------------------------------
    def exposition(self) -> bytes:
        """The Prometheus text format: this process, or every worker in multiprocess mode."""
        if self.multiprocess_dir:
            from prometheus_client import multiprocess

            registry = CollectorRegistry()
            multiprocess.MultiProcessCollector(registry, path=self.multiprocess_dir)  # type: ignore[no-untyped-call]
            return generate_latest(registry)
        return generate_latest(self.registry)

    def snapshot(self) -> dict[str, Any]:
        """The counters as plain numbers, for the dashboard (the same values /metrics shows)."""
        families = self._families()
        out: dict[str, Any] = {"uptime_s": round(time.time() - self._started, 1)}
        out["calls"] = _by(families, "weblens_operation_calls_total", ("operation",))
        out["errors_by_operation"] = _by(families, "weblens_operation_errors_total", ("operation", "stage"))
        out["errors_by_code"] = _by(families, "weblens_operation_errors_total", ("code",))
        cache = _by(families, "weblens_cache_lookups_total", ("result",))
        hits, misses = cache.get("hit", 0.0), cache.get("miss", 0.0)
        out["cache"] = {
            "hits": hits,
            "misses": misses,
            "hit_rate": round(hits / (hits + misses), 4) if hits + misses else None,
        }
        out["render_fallbacks"] = _by(families, "weblens_render_fallbacks_total", ("outcome",))
        out["providers"] = _by(families, "weblens_provider_calls_total", ("provider", "outcome"))
        out["search_fallbacks"] = sum(_by(families, "weblens_search_fallbacks_total", ()).values())
        out["fetch_errors"] = _by(families, "weblens_fetch_errors_total", ("code",))
        budget = _by(families, "weblens_search_budget_remaining", ())
        out["search_budget_left"] = next(iter(budget.values()), None)
        out["calls_per_minute"] = self._per_minute.series(time.time())
        return out

    def _families(self) -> list[Metric]:
        if self.multiprocess_dir:
            from prometheus_client import multiprocess

            registry = CollectorRegistry()
            multiprocess.MultiProcessCollector(registry, path=self.multiprocess_dir)  # type: ignore[no-untyped-call]
            return list(registry.collect())
        return list(self.registry.collect())


def _by(families: Iterable[Metric], sample_name: str, labels: tuple[str, ...]) -> dict[str, float]:
    totals: dict[str, float] = {}
    for family in families:
        for sample in family.samples:
            if sample.name != sample_name:
                continue
            key = "/".join(sample.labels.get(label, "") for label in labels) or "value"
            totals[key] = totals.get(key, 0.0) + sample.value
    return totals
