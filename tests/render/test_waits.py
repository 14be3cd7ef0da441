"""Rendering real pages: the SPA article, each wait condition, the timeout (real Chromium on loopback)."""

from __future__ import annotations

import asyncio

import pytest

from tests.render.conftest import MakeRenderer
from tests.render.support import guard_for, never_answer, page
from tests.support.servers import LoopbackServer, Request, Response
from weblens.errors import RenderFailed, RenderTimeout
from weblens.models import RenderJob, WaitCondition

pytestmark = pytest.mark.chromium

JS = {"Content-Type": "application/javascript"}


def job(url: str, wait: str = "load", timeout_s: float = 15) -> RenderJob:
    return RenderJob(url=url, wait=WaitCondition.parse(wait), timeout_s=timeout_s)


async def test_spa_article_inserted_by_script_is_rendered(
    server: LoopbackServer, make_renderer: MakeRenderer
) -> None:
    server.route("/app", page("spa.html", TITLE="Lighthouse ledger", MARKER="spa-marker-7"))
    renderer = make_renderer(guard_for(server))

    result = await renderer.render(job(server.url("/app"), "networkidle"))

    assert "<article><h1>Lighthouse ledger</h1>" in result.html
    assert "<p>spa-marker-7</p>" in result.html
    assert result.title == "Lighthouse ledger"
    assert result.final_url == server.url("/app")
    assert result.url == server.url("/app")
    assert result.elapsed_ms > 0
    assert result.html.startswith("<html")


async def test_selector_waits_for_a_late_element_that_load_misses(
    server: LoopbackServer, make_renderer: MakeRenderer
) -> None:
    server.route("/late", page("wait-selector.html"))
    renderer = make_renderer(guard_for(server))

    at_load = await renderer.render(job(server.url("/late"), "load"))
    at_selector = await renderer.render(job(server.url("/late"), "selector:#late"))

    assert "late-content" not in at_load.html
    assert "late-content" in at_selector.html


async def test_networkidle_waits_for_a_chain_of_requests(
    server: LoopbackServer, make_renderer: MakeRenderer
) -> None:
    server.route("/chain", page("wait-networkidle.html"))
    server.route("/step1", Response(body=b"one", delay_s=0.3))
    server.route("/step2", Response(body=b"two", delay_s=0.3))
    renderer = make_renderer(guard_for(server))

    at_load = await renderer.render(job(server.url("/chain"), "load"))
    at_idle = await renderer.render(job(server.url("/chain"), "networkidle:300"))

    assert "chain-done" not in at_load.html
    assert "chain-done two" in at_idle.html


async def test_domcontentloaded_returns_before_a_slow_script_that_load_waits_for(
    server: LoopbackServer, make_renderer: MakeRenderer
) -> None:
    script = b"document.body.insertAdjacentHTML('beforeend', '<p>slow-done</p>');"
    server.route("/doc", page("wait-load.html"))
    server.route("/slow.js", Response(body=script, headers=JS, delay_s=1.0))
    renderer = make_renderer(guard_for(server))

    early = await renderer.render(job(server.url("/doc"), "domcontentloaded"))
    loaded = await renderer.render(job(server.url("/doc"), "load"))

    assert "slow-done" not in early.html
    assert "slow-done" in loaded.html


async def test_page_that_never_finishes_loading_times_out(
    server: LoopbackServer, make_renderer: MakeRenderer
) -> None:
    server.route("/hang", page("hang.html"))
    server.route("/hang.js", never_answer, raw=True)
    server.route("/ok", Response(body=b"<title>fine</title><p>fine"))
    renderer = make_renderer(guard_for(server))

    with pytest.raises(RenderTimeout) as caught:
        await renderer.render(job(server.url("/hang"), "load", timeout_s=1.5))
    assert caught.value.code == "render_timeout"
    assert caught.value.url == server.url("/hang")
    # the browser is still good for the next job
    assert (await renderer.render(job(server.url("/ok")))).title == "fine"


async def test_selector_that_never_appears_times_out(
    server: LoopbackServer, make_renderer: MakeRenderer
) -> None:
    server.route("/late", page("wait-selector.html"))
    renderer = make_renderer(guard_for(server))

    with pytest.raises(RenderTimeout):
        await renderer.render(job(server.url("/late"), "selector:#never", timeout_s=1.5))


async def test_invalid_selector_is_a_render_failure(
    server: LoopbackServer, make_renderer: MakeRenderer
) -> None:
    server.route("/late", page("wait-selector.html"))
    renderer = make_renderer(guard_for(server))

    with pytest.raises(RenderFailed):
        await renderer.render(job(server.url("/late"), "selector:##!bad"))


async def test_images_media_and_fonts_are_not_requested_by_default(
    server: LoopbackServer, make_renderer: MakeRenderer
) -> None:
    body = b"""<title>img</title><link rel=icon href="data:,"><img src="/pic.png">
        <video src="/clip.mp4" autoplay muted></video>
        <style>@font-face{font-family:x;src:url(/font.woff2)} p{font-family:x}</style><p>text</p>"""
    server.route("/", Response(body=body))
    renderer = make_renderer(guard_for(server))

    await renderer.render(job(server.url("/"), "networkidle:200"))

    assert [r.path for r in server.requests] == ["/"]


async def test_networkidle_is_not_held_up_by_an_open_event_stream(
    server: LoopbackServer, make_renderer: MakeRenderer
) -> None:
    async def stream(request: Request, writer: asyncio.StreamWriter) -> None:
        writer.write(b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n\r\ndata: hi\n\n")
        await writer.drain()
        await asyncio.sleep(3600)

    body = b"""<title>stream</title><link rel=icon href="data:,"><p id=out>events:</p><script>
        new EventSource('/events').onmessage = (e) => { out.textContent += ' ' + e.data; };</script>"""
    server.route("/", Response(body=body))
    server.route("/events", stream, raw=True)
    renderer = make_renderer(guard_for(server))

    result = await renderer.render(job(server.url("/"), "networkidle:300", timeout_s=10))

    assert "events: hi" in result.html
