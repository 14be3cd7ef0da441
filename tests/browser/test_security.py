"""A session's page cannot reach anything the guard refuses, by any means (real Chromium on loopback).

The attack page is served by the allowed site server; a trap server on another port (not allowed)
counts every connection and must count zero, whatever the page does on its own or the agent clicks.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import pytest

from tests.browser.conftest import element, lens_for
from tests.browser.site import fixture
from tests.render.support import PinnedServer
from tests.support.servers import LoopbackServer
from weblens import Lens
from weblens.errors import InvalidURL, SSRFBlocked
from weblens.models import Snapshot

pytestmark = [pytest.mark.chromium, pytest.mark.asyncio(loop_scope="module")]

CLICKS = ("Send the form", "A plain link", "A link to a new tab", "Leave by script", "Open a window")


@pytest.fixture(scope="module")
def trap() -> Iterator[LoopbackServer]:
    """A server no test allows: it must count zero connections."""
    with LoopbackServer() as server:
        yield server


@pytest.fixture(scope="module")
def second(trap: LoopbackServer) -> Iterator[LoopbackServer | None]:
    """Another loopback address on the trap's port (when this machine has one)."""
    try:
        server = PinnedServer("127.0.0.2", trap.port)
        server.__enter__()
    except OSError:
        yield None
        return
    try:
        yield server
    finally:
        server.__exit__(None, None, None)


def serve_attack(site: LoopbackServer, trap: LoopbackServer, *, hosts: dict[str, str], path: str) -> None:
    site.route(path, fixture("attack.html", **hosts))
    site.route(f"{path}-refresh", fixture("meta-refresh.html", TRAP=trap.port))


async def attack(lens: Lens, site: LoopbackServer, path: str) -> list[BaseException | Snapshot]:
    """Load the attack page, then try each way out it offers an agent; what each try ended in."""
    outcomes: list[BaseException | Snapshot] = []
    async with lens.open_session() as session:
        page = await session.goto(site.url(path))
        for label in CLICKS:
            try:
                outcomes.append(await session.click(element(page, label).index))
            except SSRFBlocked as exc:
                outcomes.append(exc)
            page = await session.goto(site.url(path))
        outcomes.append(await session.click(element(page, "A local file").index))
        try:
            outcomes.append(await session.goto(site.url(f"{path}-refresh")))
            outcomes.append(await session.snapshot())
        except SSRFBlocked as exc:
            outcomes.append(exc)
    return outcomes


async def test_no_request_of_a_session_page_reaches_a_port_or_address_that_is_not_allowed(
    lens: Lens, site: LoopbackServer, trap: LoopbackServer, second: LoopbackServer | None
) -> None:
    port = trap.port
    hosts = {
        "TRAP": port,
        "NAMED": f"private.example:{port}",  # resolves to 127.0.0.1
        "LOCAL": f"localhost:{port}",
        "MAPPED": f"[::ffff:127.0.0.1]:{port}",
        "SECOND": f"127.0.0.2:{port}",
    }
    serve_attack(site, trap, hosts=hosts, path="/attack")
    refused_before = lens.browsing_sessions.stats().requests_refused

    outcomes = await attack(lens, site, "/attack")

    assert trap.connections == 0
    assert trap.requests == []
    assert second is None or second.connections == 0
    blocked = [o for o in outcomes[: len(CLICKS)] if isinstance(o, SSRFBlocked)]
    assert len(blocked) >= 4  # the window a script opens may be refused before the session follows it
    assert all(b.code == "ssrf_blocked" for b in blocked)
    assert lens.browsing_sessions.stats().requests_refused - refused_before >= 20


async def test_the_attack_page_really_tries_every_way_out(
    chromium: str, site: LoopbackServer, trap: LoopbackServer
) -> None:
    """Control for the test above: with the trap allowed, each way out does arrive there."""
    same = f"127.0.0.1:{trap.port}"
    hosts = {"TRAP": trap.port, "NAMED": same, "LOCAL": same, "MAPPED": same, "SECOND": same}
    serve_attack(site, trap, hosts=hosts, path="/attack-allowed")
    async with lens_for(site, trap, chromium_path=chromium, render_block_resources=False) as lens:
        await attack(lens, site, "/attack-allowed")

    arrived = {request.path for request in trap.requests}
    expected = {"/style.css", "/script.js", "/image.png", "/frame", "/fetch", "/xhr", "/ws", "/events"}
    assert expected | {"/beacon", "/form", "/link", "/tab", "/location", "/opened", "/refresh"} <= arrived
    trap.requests.clear()
    trap.connections = 0


async def test_goto_refuses_private_targets_and_other_schemes_before_any_connection(
    lens: Lens, trap: LoopbackServer
) -> None:
    async with lens.open_session() as session:
        for url in (trap.url("/direct"), f"http://private.example:{trap.port}/", "http://localhost/"):
            with pytest.raises(SSRFBlocked):
                await session.goto(url)
        for url in ("file:///etc/passwd", "chrome://settings", "javascript:alert(1)", "data:text/html,hi"):
            with pytest.raises(InvalidURL):
                await session.goto(url)
        snapshot = await session.snapshot()  # the session is still usable
        assert snapshot.url == "about:blank"
    with pytest.raises(SSRFBlocked):
        await lens.session_open(url=trap.url("/"))
    assert len(lens.browsing_sessions) == 0  # a refused URL opens no session
    assert trap.connections == 0


async def test_a_refused_navigation_leaves_the_session_on_the_page_before_it(
    lens: Lens, site: LoopbackServer, trap: LoopbackServer
) -> None:
    others = {"NAMED": "x", "LOCAL": "x", "MAPPED": "x", "SECOND": "x"}
    site.route("/leaving", fixture("attack.html", TRAP=trap.port, **others))
    async with lens.open_session() as session:
        page = await session.goto(site.url("/leaving"))
        with contextlib.suppress(SSRFBlocked):
            await session.click(element(page, "A plain link").index)
        after = await session.snapshot()
        assert after.url == site.url("/leaving")
        assert element(after, "A plain link").tag == "a"
    assert trap.connections == 0
