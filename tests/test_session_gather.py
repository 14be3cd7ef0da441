"""Lens.search and Lens.gather: search cache, budget, bounded concurrent reading, partial results."""

from __future__ import annotations

from pathlib import Path

import pytest
from structlog.testing import capture_logs

from tests.support.pages import page
from tests.support.servers import LoopbackServer, Response
from weblens import Lens, Settings
from weblens.errors import BudgetExceeded, InvalidArgument
from weblens.models import ExtractionMethod, PageEvent, ProgressEvent
from weblens.render.base import StaticRenderer
from weblens.requests import MAX_READ
from weblens.search.citations import format_sources
from weblens.search.fakes import StaticProvider, make_result

HTML = {"Content-Type": "text/html; charset=utf-8"}


def settings_for(server: LoopbackServer, tmp_path: Path, **extra: object) -> Settings:
    values: dict[str, object] = {"allow_hosts": [server.allow_entry], "cache_dir": tmp_path / "cache"}
    return Settings(**{**values, **extra})  # type: ignore[arg-type]


def results_for(server: LoopbackServer, paths: list[str]) -> list:  # type: ignore[type-arg]
    return [
        make_result(server.url(p), f"Result number {i} about tide pools", rank=i)
        for i, p in enumerate(paths, 1)
    ]


async def test_gather_returns_pages_and_reports_the_failing_url(
    server: LoopbackServer, tmp_path: Path
) -> None:
    for name in ("p1", "p2", "p5"):
        server.route(f"/{name}", Response(body=page("article.html"), headers=HTML))
    server.route("/p3", Response(404, b"gone", headers=HTML))
    server.route("/p4", Response(body=page("article.html"), headers=HTML, delay_s=1.0))  # slow, within limits
    provider = StaticProvider("fake", results_for(server, ["/p1", "/p2", "/p3", "/p4", "/p5"]))
    async with Lens(settings_for(server, tmp_path), providers=[provider]) as lens:
        response = await lens.gather("tide pools", read=5)
    assert response.provider_used == "fake" and response.fallback_used is False
    assert len(response.search_results) == 5
    assert [p.final_url for p in response.gathered_pages] == [
        server.url(p) for p in ("/p1", "/p2", "/p4", "/p5")
    ]
    assert all("rocky shore" in p.text for p in response.gathered_pages)
    assert [(f.url, f.code) for f in response.failures] == [(server.url("/p3"), "http_error")]
    assert "404" in response.failures[0].message
    assert response.total_gather_time_ms >= response.total_search_time_ms


async def test_gather_reads_at_most_three_pages_at_once(server: LoopbackServer, tmp_path: Path) -> None:
    paths = [f"/slow{i}" for i in range(5)]
    for path in paths:
        server.route(path, Response(body=page("article.html"), headers=HTML, delay_s=0.4))
    provider = StaticProvider("fake", results_for(server, paths))
    async with Lens(settings_for(server, tmp_path, per_domain_rate_limit=100), providers=[provider]) as lens:
        response = await lens.gather("tide pools", read=5)
    assert len(response.gathered_pages) == 5
    assert server.max_in_flight == 3


async def test_gather_reads_up_to_twenty_and_refuses_more(server: LoopbackServer, tmp_path: Path) -> None:
    paths = [f"/p{i}" for i in range(MAX_READ + 4)]
    for path in paths:
        server.route(path, Response(body=page("article.html"), headers=HTML, delay_s=0.05))
    provider = StaticProvider("fake", results_for(server, paths))
    async with Lens(settings_for(server, tmp_path, per_domain_rate_limit=1000), providers=[provider]) as lens:
        with pytest.raises(InvalidArgument) as caught:
            await lens.gather("tide pools", read=MAX_READ + 1)
        response = await lens.gather("tide pools", read=MAX_READ)
    assert MAX_READ == 20
    assert caught.value.field == "read"
    assert provider.queries[-1].max_results == MAX_READ  # reading 20 asks the engine for 20 results
    assert [p.final_url for p in response.gathered_pages] == [server.url(p) for p in paths[:MAX_READ]]
    assert len(server.requests) == MAX_READ
    assert server.max_in_flight == 3  # gather_concurrency, however many pages


async def test_an_explicit_max_results_below_read_still_reads_read_pages(
    server: LoopbackServer, tmp_path: Path
) -> None:
    paths = [f"/p{i}" for i in range(12)]
    for path in paths:
        server.route(path, Response(body=page("article.html"), headers=HTML))
    provider = StaticProvider("fake", results_for(server, paths))
    async with Lens(settings_for(server, tmp_path, per_domain_rate_limit=1000), providers=[provider]) as lens:
        response = await lens.gather("tide pools", read=10, max_results=4)
        searched = await lens.search("tide pools", max_results=4, refresh=True)
    assert len(response.gathered_pages) == 10 and len(response.search_results) == 10
    assert len(searched.results) == 4


async def test_twenty_pages_of_one_site_keep_its_politeness(server: LoopbackServer, tmp_path: Path) -> None:
    paths = [f"/slow{i}" for i in range(MAX_READ)]
    for path in paths:
        server.route(path, Response(body=page("article.html"), headers=HTML, delay_s=0.05))
    provider = StaticProvider("fake", results_for(server, paths))
    settings = settings_for(
        server, tmp_path, per_domain_rate_limit=1000, per_domain_concurrency=2, gather_concurrency=6
    )
    async with Lens(settings, providers=[provider]) as lens:
        response = await lens.gather("tide pools", read=MAX_READ)
    assert len(response.gathered_pages) == MAX_READ
    assert server.max_in_flight == 2  # the site's own cap holds below the gather's


async def test_a_site_rate_limit_fails_the_pages_past_it_fast_and_keeps_the_rest(
    server: LoopbackServer, tmp_path: Path
) -> None:
    paths = [f"/p{i}" for i in range(MAX_READ)]
    for path in paths:
        server.route(path, Response(body=page("article.html"), headers=HTML))
    provider = StaticProvider("fake", results_for(server, paths))
    settings = settings_for(server, tmp_path, per_domain_rate_limit="6/hour", per_domain_burst=5)
    async with Lens(settings, providers=[provider]) as lens:
        response = await lens.gather("tide pools", read=MAX_READ)
    assert len(response.gathered_pages) == 5  # the site's burst; the rest would wait far past the deadline
    assert len(response.failures) == MAX_READ - 5
    assert {f.code for f in response.failures} == {"rate_limited"}
    assert len(server.requests) == 5


async def test_gather_streams_each_page_as_it_arrives(server: LoopbackServer, tmp_path: Path) -> None:
    server.route("/slow", Response(body=page("article.html"), headers=HTML, delay_s=0.6))
    server.route("/gone", Response(404, b"gone", headers=HTML))
    server.route("/fast", Response(body=page("article.html"), headers=HTML))
    provider = StaticProvider("fake", results_for(server, ["/slow", "/gone", "/fast"]))
    pages: list[PageEvent] = []
    steps: list[ProgressEvent] = []
    async with Lens(settings_for(server, tmp_path), providers=[provider]) as lens:
        response = await lens.gather("tide pools", read=3, on_page=pages.append, on_progress=steps.append)
    # completion order, not rank order: the slow first result comes last
    assert [(e.rank, e.url) for e in pages][-1] == (1, server.url("/slow"))
    assert sorted(e.rank for e in pages) == [1, 2, 3]
    assert [e.done for e in pages] == [1, 2, 3] and {e.total for e in pages} == {3}
    gone = next(e for e in pages if e.rank == 2)
    assert gone.page is None and gone.failure is not None and gone.failure.code == "http_error"
    assert {e.page.final_url for e in pages if e.page} == {p.final_url for p in response.gathered_pages}
    assert [s.stage for s in steps] == ["search", "read", "read", "read", "read"]
    assert [s.done for s in steps[1:]] == [0, 1, 2, 3]
    assert "Could not read" in next(s.message for s in steps if "gone" in s.message)


async def test_overdue_pages_are_streamed_as_failures_and_a_broken_listener_sinks_nothing(
    server: LoopbackServer, tmp_path: Path
) -> None:
    server.route("/ok", Response(body=page("article.html"), headers=HTML))
    server.route("/hung", Response(body=page("article.html"), headers=HTML, delay_s=60))
    provider = StaticProvider("fake", results_for(server, ["/hung", "/ok"]))
    settings = settings_for(server, tmp_path, timeout_s=30, gather_timeout_s=1.0, render="never")
    seen: list[PageEvent] = []

    def listener(event: PageEvent) -> None:
        seen.append(event)
        raise RuntimeError("a display that broke")

    async with Lens(settings, providers=[provider]) as lens:
        response = await lens.gather("tide pools", read=2, on_page=listener, on_progress=listener)  # type: ignore[arg-type]
    assert [p.final_url for p in response.gathered_pages] == [server.url("/ok")]
    assert [(e.rank, e.failure.code if e.failure else None) for e in seen if isinstance(e, PageEvent)] == [
        (2, None),
        (1, "fetch_timeout"),
    ]


async def test_gather_renders_only_the_pages_that_need_it(server: LoopbackServer, tmp_path: Path) -> None:
    server.route("/static", Response(body=page("article.html"), headers=HTML))
    server.route("/app", Response(body=page("spa_shell.html"), headers=HTML))
    server.route("/wall", Response(body=page("challenge.html"), headers=HTML))
    renderer = StaticRenderer({server.url("/app"): page("article.html").decode()})
    provider = StaticProvider("fake", results_for(server, ["/static", "/app", "/wall"]))
    async with Lens(settings_for(server, tmp_path), providers=[provider], renderer=renderer) as lens:
        with capture_logs() as logs:
            response = await lens.gather("tide pools", read=3)
    methods = {p.final_url: p.extraction_method for p in response.gathered_pages}
    assert methods[server.url("/app")] is ExtractionMethod.RENDER
    assert methods[server.url("/static")] is not ExtractionMethod.RENDER
    assert [j.url for j in renderer.jobs] == [server.url("/app")]
    assert [(f.url, f.code) for f in response.failures] == [(server.url("/wall"), "extraction_failed")]
    assert any(e["event"] == "search_render_fallback" for e in logs)
    assert any(e["event"] == "search_error" and e["url"] == server.url("/wall") for e in logs)


async def test_one_blocked_url_does_not_sink_the_batch(server: LoopbackServer, tmp_path: Path) -> None:
    server.route("/ok", Response(body=page("article.html"), headers=HTML))
    results = [
        *results_for(server, ["/ok"]),
        make_result("http://169.254.169.254/latest/meta-data", "Metadata", rank=2),
    ]
    provider = StaticProvider("fake", results)
    async with Lens(settings_for(server, tmp_path), providers=[provider]) as lens:
        response = await lens.gather("q", read=2)
    assert len(response.gathered_pages) == 1
    assert [f.code for f in response.failures] == ["ssrf_blocked"]


async def test_search_results_are_cached(tmp_path: Path) -> None:
    provider = StaticProvider("fake", [make_result("https://example.org/a", "An example page title")])
    async with Lens(Settings(cache_dir=tmp_path), providers=[provider]) as lens:
        first = await lens.search("example")
        second = await lens.search("example")
        third = await lens.search("example", refresh=True)
    assert provider.calls == 2
    assert first.from_cache is False and second.from_cache is True and third.from_cache is False
    assert second.results == first.results


async def test_search_budget_is_enforced_and_cache_hits_are_free(tmp_path: Path) -> None:
    provider = StaticProvider("fake", [make_result("https://example.org/a", "An example page title")])
    async with Lens(Settings(cache_dir=tmp_path, max_searches_per_hour=2), providers=[provider]) as lens:
        await lens.search("one")
        await lens.search("one")  # cached: not counted
        await lens.search("two")
        with pytest.raises(BudgetExceeded):
            await lens.search("three")
    assert provider.calls == 2


async def test_citations_number_the_gathered_sources(server: LoopbackServer, tmp_path: Path) -> None:
    server.route("/p1", Response(body=page("article.html"), headers=HTML))
    provider = StaticProvider("fake", results_for(server, ["/p1"]))
    async with Lens(settings_for(server, tmp_path), providers=[provider]) as lens:
        response = await lens.gather("tide pools", read=1)
    text = format_sources(response, max_chars_per_page=500)
    assert "\n[1] " in text
    assert server.url("/p1") in text
    assert len(text) < 1500


async def test_gather_has_one_deadline_for_hung_urls(server: LoopbackServer, tmp_path: Path) -> None:
    server.route("/ok", Response(body=page("article.html"), headers=HTML))
    server.route("/hung", Response(body=page("article.html"), headers=HTML, delay_s=60))
    provider = StaticProvider("fake", results_for(server, ["/hung", "/ok", "/hung2"]))
    server.route("/hung2", Response(body=page("article.html"), headers=HTML, delay_s=60))
    settings = settings_for(server, tmp_path, timeout_s=30, gather_timeout_s=1.0, render="never")
    async with Lens(settings, providers=[provider]) as lens:
        response = await lens.gather("tide pools", read=3)
    assert [page.final_url for page in response.gathered_pages] == [server.url("/ok")]
    assert sorted(f.url for f in response.failures) == [server.url("/hung"), server.url("/hung2")]
    assert all(f.code == "fetch_timeout" and "gather deadline" in f.message for f in response.failures)


async def test_the_search_budget_counts_the_last_hour_across_the_clocks_hour(tmp_path: Path) -> None:
    provider = StaticProvider("fake", [make_result("https://example.org/a", "An example page title")])
    clock = [3600.0 * 500 - 1.0]  # a second before the clock's hour turns
    settings = Settings(cache_dir=tmp_path, max_searches_per_hour=2)
    async with Lens(settings, providers=[provider], clock=lambda: clock[0]) as lens:
        await lens.search("one")
        clock[0] += 2.0  # the next search is counted in the next hour's counter
        await lens.search("two")
        assert lens.search_budget_left() == 0
        with pytest.raises(BudgetExceeded) as caught:
            await lens.search("three")
        assert caught.value.retry_after is not None and 1 <= caught.value.retry_after <= 7200
        clock[0] += caught.value.retry_after
        assert lens.search_budget_left() >= 1
        await lens.search("four")  # the wait given was enough
    assert provider.calls == 3
