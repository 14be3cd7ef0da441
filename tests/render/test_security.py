"""The rendered page cannot reach private networks (real Chromium on loopback).

The page is served by an allowed loopback server; a trap server on another
port (not allowed) counts every connection and must count zero.
"""

from __future__ import annotations

import pytest

from tests.render.conftest import MakeRenderer
from tests.render.support import PinnedServer, guard_for, page, websocket_hello
from tests.support.servers import LoopbackServer, Response
from weblens.errors import InvalidURL, RenderFailed, SSRFBlocked
from weblens.models import RenderJob, WaitCondition
from weblens.net.resolver import ScriptedResolver, StaticResolver

pytestmark = pytest.mark.chromium


def job(url: str, wait: str = "networkidle:300") -> RenderJob:
    return RenderJob(url=url, wait=WaitCondition.parse(wait), timeout_s=15)


@pytest.mark.parametrize("block_resources", [True, False])
async def test_no_request_of_the_page_reaches_a_port_that_is_not_allowed(
    server: LoopbackServer, trap: LoopbackServer, make_renderer: MakeRenderer, block_resources: bool
) -> None:
    server.route("/attack", page("attack.html", TRAP=trap.port))
    resolver = StaticResolver({"private.example": ["127.0.0.1"], "trap.example": ["127.0.0.1"]})
    renderer = make_renderer(guard_for(server, resolver=resolver), block_resources=block_resources)

    result = await renderer.render(job(server.url("/attack"), "selector:[data-done]"))

    assert "Every way a page can reach another port" in result.html
    assert trap.connections == 0
    assert trap.requests == []
    # the attempts did happen and were refused at the proxy (fetch, XHR, iframe, WebSocket, ...)
    assert renderer.stats().requests_refused >= 8


async def test_attack_page_really_tries_every_way_out(
    server: LoopbackServer, trap: LoopbackServer, make_renderer: MakeRenderer
) -> None:
    """Control for the test above: with the trap allowed, each kind of request does arrive there."""
    server.route("/attack", page("attack.html", TRAP=trap.port))
    trap.route("/ws", websocket_hello, raw=True)
    renderer = make_renderer(guard_for(server, trap), block_resources=False)

    await renderer.render(job(server.url("/attack"), "selector:[data-done]"))

    arrived = {request.path for request in trap.requests}
    expected = {"/fetch", "/xhr", "/frame", "/ws", "/script.js", "/style.css", "/image.png", "/events"}
    assert expected | {"/beacon", "/from-worker", "/popup"} <= arrived


@pytest.mark.parametrize("how", ["script", "meta", "302"])
async def test_redirect_to_a_port_that_is_not_allowed_is_blocked(
    server: LoopbackServer, trap: LoopbackServer, make_renderer: MakeRenderer, how: str
) -> None:
    target = trap.url("/landing")
    server.route("/script", page("redirect-script.html", TARGET=target))
    server.route("/meta", page("redirect-meta.html", TARGET=target))
    server.route("/302", Response(status=302, headers={"Location": target}))
    renderer = make_renderer(guard_for(server))

    with pytest.raises(SSRFBlocked) as caught:
        await renderer.render(job(server.url(f"/{how}")))

    assert caught.value.url == server.url(f"/{how}")
    assert trap.connections == 0


async def test_https_redirect_to_a_port_that_is_not_allowed_is_blocked(
    server: LoopbackServer, trap: LoopbackServer, make_renderer: MakeRenderer
) -> None:
    server.route("/302", Response(status=302, headers={"Location": f"https://127.0.0.1:{trap.port}/"}))
    renderer = make_renderer(guard_for(server))

    with pytest.raises(SSRFBlocked):
        await renderer.render(job(server.url("/302")))
    assert trap.connections == 0


async def test_job_for_a_private_address_is_refused_before_starting_a_browser(
    trap: LoopbackServer, make_renderer: MakeRenderer
) -> None:
    renderer = make_renderer(guard_for())

    with pytest.raises(SSRFBlocked):
        await renderer.render(job(trap.url("/")))
    with pytest.raises(InvalidURL):
        await renderer.render(job("file:///etc/passwd"))

    assert renderer.stats().launches == 0
    assert trap.connections == 0


async def test_name_that_resolves_to_a_private_address_is_blocked(
    trap: LoopbackServer, make_renderer: MakeRenderer
) -> None:
    resolver = StaticResolver({"private.example": ["127.0.0.1"], "intranet.example": ["10.1.2.3"]})
    renderer = make_renderer(guard_for(resolver=resolver))

    with pytest.raises(SSRFBlocked):
        await renderer.render(job(f"http://private.example:{trap.port}/"))
    with pytest.raises(SSRFBlocked):
        await renderer.render(job("http://intranet.example/"))

    assert trap.connections == 0
    assert resolver.calls == ["private.example", "intranet.example"]


async def test_dns_rebinding_cannot_move_the_page_to_a_private_address(
    server: LoopbackServer, make_renderer: MakeRenderer
) -> None:
    """The name first resolves to the allowed server, then to a trap on another loopback address.

    Every connection is resolved and checked by the proxy, so the page's later
    requests to the same name find the new, private answer refused.
    """
    try:
        rebound = PinnedServer("127.0.0.2", server.port)
        rebound.__enter__()
    except OSError:
        pytest.skip("cannot listen on 127.0.0.2 here")
    try:
        body = b"""<title>rebind</title><link rel=icon href="data:,"><p id=out>page</p><script>
            fetch('/data').then(r => r.ok ? r.text() : Promise.reject(r.status))
              .then(t => { out.textContent += ' fetched ' + t; })
              .catch(() => { out.textContent += ' refused'; })
              .finally(() => document.body.setAttribute('data-done', '1'));</script>"""
        server.route("/", Response(body=body))
        server.route("/data", Response(body=b"DATA"))
        rebound.route("/data", Response(body=b"PRIVATE"))
        resolver = ScriptedResolver({"rebind.example": [["127.0.0.1"], ["127.0.0.2"]]})
        renderer = make_renderer(guard_for(server, resolver=resolver))

        result = await renderer.render(job(f"http://rebind.example:{server.port}/", "selector:[data-done]"))

        assert "page refused" in result.html
        assert "PRIVATE" not in result.html
        assert rebound.connections == 0
        assert [r.path for r in server.requests] == ["/"]
        assert len(resolver.calls) >= 2
    finally:
        rebound.__exit__(None, None, None)


async def test_websocket_to_an_allowed_server_works_through_the_proxy(
    server: LoopbackServer, make_renderer: MakeRenderer
) -> None:
    server.route("/", page("websocket.html"))
    server.route("/ws", websocket_hello, raw=True)
    renderer = make_renderer(guard_for(server))

    result = await renderer.render(job(server.url("/"), "selector:[data-done]"))

    assert "ws: hello-ws" in result.html


async def test_loopback_traffic_goes_through_the_proxy(
    server: LoopbackServer, make_renderer: MakeRenderer
) -> None:
    """Chromium bypasses proxies for loopback by default; here loopback must go through ours too."""
    server.route("/", Response(body=b"<title>p</title><link rel=icon href='data:,'><p>p"))
    renderer = make_renderer(guard_for(server))

    await renderer.render(job(server.url("/"), "load"))

    seen = server.requests[0]
    assert seen.headers.get("connection") == "close"  # set by the proxy, never by Chromium itself
    assert "proxy-authorization" not in seen.headers


async def test_missing_browser_fails_with_the_install_hint(server: LoopbackServer) -> None:
    from weblens.render import ChromiumRenderer, RenderOptions

    server.route("/", Response(body=b"<p>x"))
    async with ChromiumRenderer(guard_for(server), RenderOptions(chromium_path="/nonexistent/chromium")) as r:
        with pytest.raises(RenderFailed) as caught:
            await r.render(job(server.url("/")))
    assert "apt-get install chromium" in caught.value.message
    assert "pip install 'weblens[render]'" in caught.value.message
