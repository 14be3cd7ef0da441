"""The Chromium switches hold on their own, even without the proxy (defence in depth; real Chromium)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest
from playwright.async_api import Browser, Error, async_playwright

from tests.render.conftest import MakeRenderer
from tests.render.support import guard_for
from tests.support.servers import LoopbackServer, Response
from weblens.models import RenderJob, WaitCondition
from weblens.render.flags import chromium_args

pytestmark = pytest.mark.chromium

RTC_PAGE = """<title>rtc</title><link rel=icon href="data:,"><script>
  const pc = new RTCPeerConnection({iceServers: [{urls: "stun:127.0.0.1:%d"}]});
  pc.createDataChannel("x");
  pc.onicecandidate = (e) => { if (!e.candidate) document.body.setAttribute("data-done", "1"); };
  pc.createOffer().then((offer) => pc.setLocalDescription(offer));
  setTimeout(() => document.body.setAttribute("data-done", "1"), 1500);
</script><body></body>"""


class UdpTrap(asyncio.DatagramProtocol):
    def __init__(self) -> None:
        self.datagrams = 0

    def datagram_received(self, data: bytes, addr: tuple[str | object, int]) -> None:
        self.datagrams += 1


@pytest.fixture
async def udp_trap() -> AsyncIterator[tuple[UdpTrap, int]]:
    loop = asyncio.get_running_loop()
    transport, trap = await loop.create_datagram_endpoint(UdpTrap, local_addr=("127.0.0.1", 0))
    yield trap, transport.get_extra_info("sockname")[1]
    transport.close()


@pytest.fixture
async def bare_browser(chromium_path: str) -> AsyncIterator[tuple[Browser, Browser]]:
    """Two browsers without any proxy: one with weblens's switches, one with none of them."""
    async with async_playwright() as pw:
        ours = await pw.chromium.launch(executable_path=chromium_path, args=chromium_args("flags-test"))
        plain = await pw.chromium.launch(executable_path=chromium_path, args=["--headless=new"])
        yield ours, plain
        await ours.close()
        await plain.close()


async def test_webrtc_sends_no_udp_from_a_rendered_page(
    server: LoopbackServer, make_renderer: MakeRenderer, udp_trap: tuple[UdpTrap, int]
) -> None:
    trap, port = udp_trap
    server.route("/", Response(body=(RTC_PAGE % port).encode()))
    renderer = make_renderer(guard_for(server))

    await renderer.render(RenderJob(url=server.url("/"), wait=WaitCondition.parse("selector:[data-done]")))

    assert trap.datagrams == 0


async def test_webrtc_would_send_udp_without_the_switches(
    server: LoopbackServer, bare_browser: tuple[Browser, Browser], udp_trap: tuple[UdpTrap, int]
) -> None:
    """Control for the test above: the same page does send STUN packets from a plain Chromium."""
    trap, port = udp_trap
    server.route("/", Response(body=(RTC_PAGE % port).encode()))
    ours, plain = bare_browser

    for browser in (ours, plain):
        page = await browser.new_page()
        await page.goto(server.url("/"))
        await page.wait_for_selector("[data-done]", state="attached")
        await page.close()
        if browser is ours:
            assert trap.datagrams == 0
    assert trap.datagrams > 0


async def test_chromium_itself_resolves_nothing_but_the_proxy_address(
    server: LoopbackServer, trap: LoopbackServer, bare_browser: tuple[Browser, Browser]
) -> None:
    """Were the proxy ever skipped, names and addresses other than 127.0.0.1 would lead nowhere."""
    ours, _ = bare_browser
    page = await ours.new_page()
    for url in (
        f"http://localhost:{trap.port}/",
        f"http://[::1]:{trap.port}/",
        f"http://127.0.0.2:{trap.port}/",
    ):
        with pytest.raises(Error, match="ERR_NAME_NOT_RESOLVED"):
            await page.goto(url)
    assert trap.connections == 0
