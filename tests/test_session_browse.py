"""Lens.browse end to end against real servers on loopback."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from tests.support.pages import page
from tests.support.servers import LoopbackServer, Response
from weblens import Lens, Settings
from weblens.cache.memory import MemoryCache
from weblens.errors import HTTPError, InvalidURL, RateLimited, RenderTimeout, SSRFBlocked
from weblens.models import ExtractionMethod, Outcome
from weblens.render.base import StaticRenderer

HTML = {"Content-Type": "text/html; charset=utf-8"}


def settings_for(server: LoopbackServer, tmp_path: Path, **extra: object) -> Settings:
    return Settings(allow_hosts=[server.allow_entry], cache_dir=tmp_path / "cache", **extra)  # type: ignore[arg-type]


async def test_browse_reads_a_local_article_and_caches_it(server: LoopbackServer, tmp_path: Path) -> None:
    server.route("/article", Response(body=page("article.html"), headers=HTML))
    async with Lens(settings_for(server, tmp_path)) as lens:
        first = await lens.browse(server.url("/article"))
        second = await lens.browse(server.url("/article"))
    assert first.final_url == server.url("/article")
    assert first.status == 200
    assert first.content_type == "text/html"
    assert "stranded on the rocky shore" in first.text
    assert "Most read" not in first.text and "All rights reserved" not in first.text
    assert first.outcome is Outcome.OK
    assert first.confidence >= 0.7
    assert first.from_cache is False and first.fetch_time_ms > 0
    assert second.from_cache is True
    assert second.text == first.text
    assert len(server.requests) == 1


async def test_sqlite_cache_is_shared_by_two_lenses(server: LoopbackServer, tmp_path: Path) -> None:
    server.route("/article", Response(body=page("article.html"), headers=HTML))
    async with Lens(settings_for(server, tmp_path)) as lens:
        await lens.browse(server.url("/article"))
    async with Lens(settings_for(server, tmp_path)) as lens:
        again = await lens.browse(server.url("/article"))
    assert again.from_cache is True
    assert len(server.requests) == 1


async def test_refresh_skips_the_cache(server: LoopbackServer, tmp_path: Path) -> None:
    server.route("/article", Response(body=page("article.html"), headers=HTML))
    async with Lens(settings_for(server, tmp_path)) as lens:
        await lens.browse(server.url("/article"))
        fresh = await lens.browse(server.url("/article"), refresh=True)
    assert fresh.from_cache is False
    assert len(server.requests) == 2


async def test_loopback_without_allow_list_is_blocked_before_connecting(
    server: LoopbackServer, tmp_path: Path
) -> None:
    server.route("/article", Response(body=page("article.html"), headers=HTML))
    async with Lens(Settings(cache_dir=tmp_path)) as lens:
        with pytest.raises(SSRFBlocked):
            await lens.browse(server.url("/article"))
    assert server.connections == 0


async def test_allow_list_matches_host_and_port(server: LoopbackServer, tmp_path: Path) -> None:
    other_port = server.port + 1 if server.port < 65535 else server.port - 1
    async with Lens(Settings(cache_dir=tmp_path, allow_hosts=[f"127.0.0.1:{other_port}"])) as lens:
        with pytest.raises(SSRFBlocked):
            await lens.browse(server.url("/"))
    assert server.connections == 0


async def test_invalid_url_is_refused(tmp_path: Path) -> None:
    async with Lens(Settings(cache_dir=tmp_path)) as lens:
        with pytest.raises(InvalidURL):
            await lens.browse("http://0x7f.1/")
        with pytest.raises(InvalidURL):
            await lens.browse("file:///etc/passwd")


async def test_errors_are_not_cached(server: LoopbackServer, tmp_path: Path) -> None:
    answers = iter([Response(500, b"boom"), Response(500, b"boom"), Response(body=page("article.html"))])
    server.route("/flaky", lambda _req: next(answers))
    async with Lens(settings_for(server, tmp_path, fetch_retries=0)) as lens:
        with pytest.raises(HTTPError) as err:
            await lens.browse(server.url("/flaky"))
        assert err.value.status == 500
        with pytest.raises(HTTPError):
            await lens.browse(server.url("/flaky"))
        good = await lens.browse(server.url("/flaky"))
    assert good.from_cache is False and "tide pools" in good.text.lower()


async def test_plain_text_is_read_as_a_document_with_its_line_breaks(
    server: LoopbackServer, tmp_path: Path
) -> None:
    body = b"First paragraph of a plain text file.\n\nRoses are red,\nviolets are blue."
    server.route("/notes.txt", Response(body=body, headers={"Content-Type": "text/plain; charset=utf-8"}))
    async with Lens(settings_for(server, tmp_path)) as lens:
        result = await lens.browse(server.url("/notes.txt"))
    assert result.outcome is Outcome.OK
    assert result.text == body.decode()
    assert result.content_type == "text/plain"


# --- escalation with a scripted renderer (the Chromium renderer is tested in tests/render) ---------


async def test_auto_renders_an_app_shell_and_keeps_the_rendered_article(
    server: LoopbackServer, tmp_path: Path
) -> None:
    server.route("/app", Response(body=page("spa_shell.html"), headers=HTML))
    renderer = StaticRenderer({server.url("/app"): page("article.html").decode()})
    async with Lens(settings_for(server, tmp_path, cache="memory"), renderer=renderer) as lens:
        never = await lens.browse(server.url("/app"), render="never")
        auto = await lens.browse(server.url("/app"), render="auto")
    assert never.outcome is Outcome.JS_REQUIRED and never.confidence < 0.5
    assert len(renderer.jobs) == 1, "the cached render=never result must not answer the auto call"
    assert auto.extraction_method is ExtractionMethod.RENDER
    assert auto.confidence >= 0.7 and "stranded on the rocky shore" in auto.text
    assert auto.status == 200  # kept from the HTTP exchange


async def test_rendered_result_answers_later_auto_calls_from_cache(
    server: LoopbackServer, tmp_path: Path
) -> None:
    server.route("/app", Response(body=page("spa_shell.html"), headers=HTML))
    renderer = StaticRenderer({server.url("/app"): page("article.html").decode()})
    async with Lens(settings_for(server, tmp_path, cache="memory"), renderer=renderer) as lens:
        await lens.browse(server.url("/app"))
        again = await lens.browse(server.url("/app"))
    assert again.from_cache and again.extraction_method is ExtractionMethod.RENDER
    assert len(renderer.jobs) == 1


async def test_render_failure_returns_the_http_result_with_a_warning(
    server: LoopbackServer, tmp_path: Path
) -> None:
    server.route("/app", Response(body=page("spa_shell.html"), headers=HTML))
    renderer = StaticRenderer(default=RenderTimeout("took too long"))
    async with Lens(settings_for(server, tmp_path), renderer=renderer) as lens:
        result = await lens.browse(server.url("/app"))
    assert result.outcome is Outcome.JS_REQUIRED
    assert any("render_timeout" in w for w in result.warnings)


async def test_challenge_pages_are_reported_not_rendered(server: LoopbackServer, tmp_path: Path) -> None:
    server.route("/wall", Response(body=page("challenge.html"), headers=HTML))
    renderer = StaticRenderer(default=page("article.html").decode())
    async with Lens(settings_for(server, tmp_path), renderer=renderer) as lens:
        result = await lens.browse(server.url("/wall"))
    assert result.outcome is Outcome.CHALLENGE
    assert renderer.jobs == []


async def test_good_pages_are_not_rendered(server: LoopbackServer, tmp_path: Path) -> None:
    server.route("/article", Response(body=page("article.html"), headers=HTML))
    renderer = StaticRenderer(default=page("article.html").decode())
    async with Lens(settings_for(server, tmp_path), renderer=renderer) as lens:
        result = await lens.browse(server.url("/article"))
    assert result.extraction_method is not ExtractionMethod.RENDER
    assert renderer.jobs == []


async def test_render_always_skips_http(server: LoopbackServer, tmp_path: Path) -> None:
    renderer = StaticRenderer(default=page("article.html").decode())
    async with Lens(settings_for(server, tmp_path), renderer=renderer) as lens:
        result = await lens.browse(server.url("/anything"), render="always")
    assert result.extraction_method is ExtractionMethod.RENDER
    assert server.requests == []


# --- limits enforced inside Lens -------------------------------------------------------------------


async def test_global_fetch_concurrency_is_enforced(server: LoopbackServer, tmp_path: Path) -> None:
    server.route("/slow", lambda _r: Response(body=page("article.html"), delay_s=0.3))
    settings = settings_for(server, tmp_path, max_concurrent_fetches=2, per_domain_rate_limit=100)
    async with Lens(settings, cache=MemoryCache()) as lens:
        await asyncio.gather(*(lens.browse(server.url("/slow") + f"?n={i}") for i in range(6)))
    assert server.max_in_flight == 2


async def test_per_domain_rate_limit_fails_fast_when_the_wait_would_pass_the_deadline(
    server: LoopbackServer, tmp_path: Path
) -> None:
    server.route("/p", Response(body=page("article.html")))
    settings = settings_for(server, tmp_path, per_domain_rate_limit=2, per_domain_burst=2)
    async with Lens(settings, cache=MemoryCache()) as lens:
        for i in range(2):
            await lens.browse(server.url("/p") + f"?n={i}")
        with pytest.raises(RateLimited) as caught:
            await lens.browse(server.url("/p?n=2"), timeout_s=5)
    assert caught.value.code == "rate_limited"
    assert caught.value.retry_after is not None and 5 < caught.value.retry_after <= 60
    assert len(server.requests) == 2


async def test_a_broken_cache_never_fails_a_read(server: LoopbackServer, tmp_path: Path) -> None:
    from structlog.testing import capture_logs

    from tests.support.services import free_port

    server.route("/article", Response(body=page("article.html"), headers=HTML))
    settings = settings_for(server, tmp_path, cache="redis", redis_url=f"redis://127.0.0.1:{free_port()}/0")
    async with Lens(settings) as lens:
        with capture_logs() as logs:
            result = await lens.browse(server.url("/article"))
            again = await lens.browse(server.url("/article"))
        assert not lens.cache.healthy  # the dead store is skipped for a while instead of tried per call
    assert "stranded on the rocky shore" in result.text and again.text == result.text
    assert [e["op"] for e in logs if e["event"] == "cache_error"] == ["get"]
