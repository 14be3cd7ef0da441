"""The actions on real pages in Chromium: framework inputs, selects, tabs, SPA routes, scrolling, failures."""

from __future__ import annotations

import asyncio
import threading

import pytest

from tests.browser.conftest import element
from tests.support.servers import LoopbackServer, Request, Response
from weblens import Lens
from weblens.errors import ActionFailed, ElementNotFound

pytestmark = [pytest.mark.chromium, pytest.mark.asyncio(loop_scope="module")]


async def test_typing_reaches_a_react_controlled_input(lens: Lens, site: LoopbackServer) -> None:
    async with lens.open_session() as session:
        snapshot = await session.goto(site.url("/react"))
        typed = await session.type(element(snapshot, "Creature").index, "blenny")

        assert "React state: BLENNY" in typed.text  # React's own state saw the text (and upper-cased it)
        assert element(typed, "Creature").value == "BLENNY"
        assert element(typed, "Look up").tag == "button"  # enabled by React once the state is set

        submitted = await session.type(element(typed, "Creature").index, "sea slug", submit=True)
        assert "Looked up SEA SLUG" in submitted.text


async def test_typing_reaches_a_vue_v_model(lens: Lens, site: LoopbackServer) -> None:
    async with lens.open_session() as session:
        snapshot = await session.goto(site.url("/vue"))
        typed = await session.type(element(snapshot, "Creature").index, "crab", submit=True)
        assert "Vue state: barc" in typed.text
        assert "Looked up crab" in typed.text


async def test_select_by_value_or_visible_text(lens: Lens, site: LoopbackServer) -> None:
    async with lens.open_session() as session:
        snapshot = await session.goto(site.url("/select"))
        country = element(snapshot, "Country").index

        by_text = await session.select(country, "United Kingdom")
        assert "Delivering to United Kingdom" in by_text.text
        assert element(by_text, "Country").value == "United Kingdom"
        by_value = await session.select(country, "fr")
        assert "Delivering to France" in by_value.text

        with pytest.raises(ActionFailed) as unknown:
            await session.select(country, "Atlantis")
        assert '"United Kingdom", "France"' in unknown.value.message
        with pytest.raises(ActionFailed, match="disabled"):
            await session.select(country, "Ireland")
        await session.goto(site.url("/shadow"))
        with pytest.raises(ActionFailed, match="not a select"):
            await session.select(1, "x")


async def test_a_link_to_a_new_tab_moves_the_session_there_and_back_returns(
    lens: Lens, site: LoopbackServer
) -> None:
    async with lens.open_session() as session:
        snapshot = await session.goto(site.url("/shop/product/bucket"))
        accepted = await session.click(element(snapshot, "Accept all").index)
        care = await session.click(element(accepted, "Care instructions").index)

        assert care.url == site.url("/shop/care")
        assert "Rinse everything in fresh water" in care.text

        back = await session.back()
        assert back.url == site.url("/shop/product/bucket")
        assert element(back, "Edition").tag == "select"

        care = await session.click(element(back, "Care instructions").index)
        closed = await session.click(element(care, "Close this tab").index)  # the page closes its own tab
        assert closed.url == site.url("/shop/product/bucket")


async def test_spa_route_change_and_back(lens: Lens, site: LoopbackServer) -> None:
    async with lens.open_session() as session:
        today = await session.goto(site.url("/spa/"))
        assert "High tide at 06:12" in today.text

        week = await session.click(element(today, "This week").index)
        assert week.url == site.url("/spa/week")
        assert "Spring tides on Thursday" in week.text  # the route's content, after its delayed render
        assert week.title == "Tide tables · week"
        reminded = await session.click(element(week, "Remind me").index)
        assert element(reminded, "Reminder set").tag == "button"

        back = await session.back()
        assert back.url == site.url("/spa/")
        assert "High tide at 06:12" in back.text


async def test_scrolling_loads_infinite_content_and_changes_only_shows_it(
    lens: Lens, site: LoopbackServer
) -> None:
    async with lens.open_session() as session:
        first = await session.goto(site.url("/feed"))
        stories = [e.label for e in first.elements if e.label.startswith("Story ")]
        assert stories == [f"Story {n}" for n in range(1, 16)]

        seen = set(stories)
        for _ in range(12):
            more = await session.scroll("down", changes_only=True)
            new = [e.label for e in more.elements if e.label.startswith("Story ")]
            assert all(e.is_new for e in more.elements)
            seen.update(new)
            if "The end." in more.text:
                break
        assert {f"Story {n}" for n in range(1, 76)} <= seen | {f"Story {n}" for n in range(1, 16)}
        assert "Story 75" in seen

        top = await session.scroll("up")
        assert len(top.elements) == 50


async def test_an_index_that_is_not_in_the_snapshot_is_element_not_found(
    lens: Lens, site: LoopbackServer
) -> None:
    async with lens.open_session() as session:
        links = await session.goto(site.url("/links"))
        assert len(links.elements) == 50
        shadow = await session.goto(site.url("/shadow"))
        assert len(shadow.elements) == 1

        with pytest.raises(ElementNotFound) as caught:
            await session.click(40)  # a number from the previous page's snapshot
        assert caught.value.index == 40
        assert caught.value.code == "element_not_found"

        still = await session.click(1)  # the session is fine
        assert "Crabs counted: 1" in still.text


async def test_an_element_the_page_removed_since_the_snapshot_is_action_failed(
    lens: Lens, site: LoopbackServer
) -> None:
    rebuild, rebuilt = threading.Event(), threading.Event()

    async def events(request: Request, writer: asyncio.StreamWriter) -> None:
        writer.write(b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n\r\n")
        await writer.drain()
        await asyncio.to_thread(rebuild.wait, 10)
        writer.write(b"data: rebuild\n\n")
        await writer.drain()
        await asyncio.sleep(5)

    def done(request: Request) -> Response:
        rebuilt.set()
        return Response(body=b"ok")

    site.route("/volatile/events", events, raw=True)
    site.route("/volatile/rebuilt", done)
    async with lens.open_session() as session:
        snapshot = await session.goto(site.url("/volatile"))
        stale = element(snapshot, "Book the 10:15").index
        rebuild.set()  # the page rebuilds its board on its own, after the snapshot
        assert await asyncio.to_thread(rebuilt.wait, 10)

        with pytest.raises(ActionFailed, match="no longer on the page"):
            await session.click(stale)

        fresh = await session.snapshot()
        booked = await session.click(element(fresh, "Book the 11:45").index)
        assert "Booked the 11:45" in booked.text


async def test_a_click_on_a_covered_element_is_action_failed_saying_what_covers_it(
    lens: Lens, site: LoopbackServer
) -> None:
    async with lens.open_session() as session:
        snapshot = await session.goto(site.url("/shop/about"))
        with pytest.raises(ActionFailed) as caught:
            await session.click(element(snapshot, "Home").index)
        assert "intercepts pointer events" in caught.value.message
        assert "consent" in caught.value.message

        accepted = await session.click(element(snapshot, "Accept all").index)
        home = await session.click(element(accepted, "Home").index)
        assert home.url == site.url("/shop/")


async def test_a_page_that_never_settles_still_gets_its_snapshot(lens: Lens, site: LoopbackServer) -> None:
    async with lens.open_session() as session:
        snapshot = await session.goto(site.url("/ticker"))
        assert "Water level" in snapshot.text
        clicked = await session.click(element(snapshot, "Alert me").index)
        assert "Alert saved" in clicked.text


async def test_downloads_are_refused_and_the_session_goes_on(lens: Lens, site: LoopbackServer) -> None:
    async with lens.open_session() as session:
        snapshot = await session.goto(site.url("/downloads"))
        after = await session.click(element(snapshot, "Get the data").index)
        assert after.url == site.url("/downloads")
        assert "secret" not in after.text
        again = await session.goto(site.url("/select"))
        assert element(again, "Country").tag == "select"
