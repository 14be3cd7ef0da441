"""Orchestrator rules with scripted providers: order, retry, fallback, errors, post-processing, logs."""

from __future__ import annotations

import pytest
from structlog.testing import capture_logs

from weblens.errors import NotConfigured, ProviderError, RateLimited
from weblens.search.base import ProviderTimeout, SearchQuery, TransientProviderError
from weblens.search.fakes import StaticProvider, make_result
from weblens.search.orchestrator import SearchOrchestrator

Q = SearchQuery(query="what is weblens")
ONE = [make_result("https://one.example/a", "One")]
TWO = [make_result("https://two.example/b", "Two")]


def _orchestrator(
    *providers: StaticProvider, timeout_s: float = 5.0, fallback_on_empty: bool = False
) -> SearchOrchestrator:
    return SearchOrchestrator(
        providers, timeout_s=timeout_s, retry_backoff_s=0.0, fallback_on_empty=fallback_on_empty
    )


async def test_first_configured_provider_answers() -> None:
    skipped = StaticProvider("brave", configured=False)
    first = StaticProvider("duckduckgo", ONE)
    second = StaticProvider("wikipedia", TWO)
    response = await _orchestrator(skipped, first, second).search(Q)

    assert response.provider_used == "duckduckgo"
    assert response.fallback_used is False  # the first *configured* provider answered
    assert response.query == "what is weblens"
    assert [(r.rank, r.url, r.provider) for r in response.results] == [
        (1, "https://one.example/a", "duckduckgo")
    ]
    assert (skipped.calls, second.calls) == (0, 0)
    assert response.search_time_ms >= 0


async def test_failure_falls_back_to_the_next_provider() -> None:
    broken = StaticProvider("brave", ProviderError("HTTP 400: bad request", provider="brave"))
    backup = StaticProvider("wikipedia", TWO)
    response = await _orchestrator(broken, backup).search(Q)
    assert (response.provider_used, response.fallback_used) == ("wikipedia", True)
    assert broken.calls == 1  # not transient: no retry


async def test_transient_failure_is_retried_once_then_answers() -> None:
    flaky = StaticProvider("brave", TransientProviderError("HTTP 503", provider="brave"), ONE)
    backup = StaticProvider("wikipedia", TWO)
    response = await _orchestrator(flaky, backup).search(Q)
    assert (response.provider_used, response.fallback_used) == ("brave", False)
    assert (flaky.calls, backup.calls) == (2, 0)


async def test_transient_failure_twice_falls_back() -> None:
    down = StaticProvider("brave", TransientProviderError("HTTP 503", provider="brave"))
    backup = StaticProvider("wikipedia", TWO)
    response = await _orchestrator(down, backup).search(Q)
    assert response.provider_used == "wikipedia"
    assert down.calls == 2


@pytest.mark.parametrize(
    ("retry_after", "calls"),
    [(0.01, 2), (None, 1), (60.0, 1)],
    ids=["short-retry-after-is-retried", "no-retry-after-falls-through", "long-retry-after-falls-through"],
)
async def test_rate_limit_retry_depends_on_retry_after(retry_after: float | None, calls: int) -> None:
    limited = StaticProvider("brave", RateLimited("429", provider="brave", retry_after=retry_after), ONE)
    backup = StaticProvider("wikipedia", TWO)
    response = await _orchestrator(limited, backup).search(Q)
    assert limited.calls == calls
    assert response.provider_used == ("brave" if calls == 2 else "wikipedia")


async def test_not_configured_at_call_time_is_not_retried() -> None:
    rejected = StaticProvider("brave", NotConfigured("bad key", provider="brave"))
    backup = StaticProvider("wikipedia", TWO)
    response = await _orchestrator(rejected, backup).search(Q)
    assert (rejected.calls, response.provider_used, response.fallback_used) == (1, "wikipedia", True)


async def test_slow_provider_times_out_and_is_not_retried() -> None:
    slow = StaticProvider("brave", ONE, delay_s=2.0)
    backup = StaticProvider("wikipedia", TWO)
    with capture_logs() as logs:
        response = await _orchestrator(slow, backup, timeout_s=0.1).search(Q)
    assert (response.provider_used, response.fallback_used) == ("wikipedia", True)
    assert slow.calls == 1
    (error,) = [e for e in logs if e["event"] == "search_error"]
    assert error["provider"] == "brave"
    assert error["error"] == "provider_error"
    assert "did not answer within 0.1 s" in error["message"]


async def test_all_failing_names_each_provider() -> None:
    providers = (
        StaticProvider("brave", RateLimited("slow down", provider="brave")),
        StaticProvider("serpapi", configured=False),
        StaticProvider("duckduckgo", ProviderTimeout("no answer", provider="duckduckgo")),
        StaticProvider("wikipedia", TransientProviderError("HTTP 502", provider="wikipedia")),
    )
    with pytest.raises(ProviderError) as caught:
        await _orchestrator(*providers).search(Q)
    message = caught.value.message
    assert "brave: rate_limited (slow down)" in message
    assert "duckduckgo: provider_error (no answer)" in message
    assert "wikipedia: provider_error (HTTP 502)" in message
    assert "not configured: serpapi" in message


async def test_all_rate_limited_is_rate_limited_with_the_shortest_wait() -> None:
    providers = (
        StaticProvider("brave", RateLimited("a", provider="brave", retry_after=30.0)),
        StaticProvider("duckduckgo", RateLimited("challenge", provider="duckduckgo")),
        StaticProvider("tavily", RateLimited("b", provider="tavily", retry_after=90.0)),
    )
    with pytest.raises(RateLimited) as caught:
        await _orchestrator(*providers).search(Q)
    assert caught.value.retry_after == 30.0


async def test_all_rejecting_keys_is_not_configured() -> None:
    providers = (
        StaticProvider("brave", NotConfigured("bad brave key", provider="brave")),
        StaticProvider("tavily", NotConfigured("bad tavily key", provider="tavily")),
    )
    with pytest.raises(NotConfigured, match=r"bad brave key.*bad tavily key"):
        await _orchestrator(*providers).search(Q)


async def test_no_configured_provider_names_the_settings() -> None:
    providers = [StaticProvider(name, configured=False) for name in ("brave", "serpapi", "tavily", "searxng")]
    with pytest.raises(NotConfigured) as caught:
        await _orchestrator(*providers).search(Q)
    for setting in (
        "WEBLENS_BRAVE_API_KEY",
        "WEBLENS_SERPAPI_API_KEY",
        "WEBLENS_TAVILY_API_KEY",
        "WEBLENS_SEARXNG_URL",
    ):
        assert setting in caught.value.message
    assert all(p.calls == 0 for p in providers)


async def test_no_provider_at_all_points_at_the_provider_list() -> None:
    with pytest.raises(NotConfigured, match="WEBLENS_PROVIDERS"):
        await SearchOrchestrator([]).search(Q)


async def test_empty_answer_is_an_answer_by_default() -> None:
    empty = StaticProvider("brave", [])
    backup = StaticProvider("wikipedia", TWO)
    response = await _orchestrator(empty, backup).search(Q)
    assert (response.provider_used, response.results, backup.calls) == ("brave", [], 0)


async def test_fallback_on_empty_when_asked() -> None:
    empty = StaticProvider("brave", [])
    backup = StaticProvider("wikipedia", TWO)
    response = await _orchestrator(empty, backup, fallback_on_empty=True).search(Q)
    assert (response.provider_used, response.fallback_used) == ("wikipedia", True)
    also_empty = StaticProvider("wikipedia", [])
    response = await _orchestrator(StaticProvider("brave", []), also_empty, fallback_on_empty=True).search(Q)
    assert (response.provider_used, response.results, response.fallback_used) == ("brave", [], False)


async def test_results_are_normalised_deduped_filtered_and_cut() -> None:
    found = [
        make_result("https://A.example/page/?utm_source=x#top", "Page A"),
        make_result("https://a.example/page", "Page A again"),
        make_result("https://spam.example/x", "Spam"),
        make_result("https://blog.a.example/post", "Post"),
        make_result("https://b.example/1", "B1"),
        make_result("https://b.example/2", "B2"),
    ]
    query = SearchQuery(query="q", max_results=2, site_exclude=("spam.example",))
    response = await _orchestrator(StaticProvider("brave", found)).search(query)
    assert [(r.rank, r.url, r.domain) for r in response.results] == [
        (1, "https://a.example/page", "a.example"),
        (2, "https://blog.a.example/post", "blog.a.example"),
    ]


async def test_site_include_drops_results_from_other_sites() -> None:
    found = [make_result("https://docs.python.org/3/", "Docs"), make_result("https://example.com/", "Other")]
    query = SearchQuery(query="q", site_include=("python.org",))
    response = await _orchestrator(StaticProvider("brave", found)).search(query)
    assert [r.url for r in response.results] == ["https://docs.python.org/3"]


async def test_logs_search_call_and_search_error() -> None:
    failing = StaticProvider("brave", TransientProviderError("HTTP 500", provider="brave"))
    with capture_logs() as logs:
        await _orchestrator(failing, StaticProvider("wikipedia", TWO)).search(Q)
    error = next(e for e in logs if e["event"] == "search_error")
    assert error["provider"] == "brave"
    assert error["stage"] == "provider"
    assert error["attempts"] == 2
    assert error["error"] == "provider_error"
    assert error["message"] == "HTTP 500"
    call = next(e for e in logs if e["event"] == "search_call")
    assert call["provider_used"] == "wikipedia"
    assert call["fallback_used"] is True
    assert call["query"] == "what is weblens"
    assert call["result_count"] == 1
    assert call["latency_ms"] >= 0


async def test_unexpected_exceptions_are_not_swallowed() -> None:
    buggy = StaticProvider("brave", KeyError("bug"))
    with pytest.raises(KeyError):
        await _orchestrator(buggy, StaticProvider("wikipedia", TWO)).search(Q)
