"""What a snapshot shows of real pages in Chromium: overlays first, shadow DOM, frames, caps, paging."""

from __future__ import annotations

import pytest

from tests.browser.conftest import element
from tests.browser.site import LINKS, PARAGRAPHS, paragraph
from tests.support.servers import LoopbackServer
from weblens import Lens

pytestmark = [pytest.mark.chromium, pytest.mark.asyncio(loop_scope="module")]


async def test_cookie_banner_is_listed_first_and_blocks_the_page_until_answered(
    lens: Lens, site: LoopbackServer
) -> None:
    async with lens.open_session() as session:
        snapshot = await session.goto(site.url("/shop/"))

        assert snapshot.has_overlay
        assert [e.label for e in snapshot.elements[:3]] == ["Reject all", "Accept all", "Privacy policy"]
        assert all(e.in_overlay for e in snapshot.elements[:3])
        assert not any(e.in_overlay for e in snapshot.elements[3:])
        search = element(snapshot, "Search the shop")  # the page's own controls stay listed after it
        assert (search.tag, search.kind, search.value) == ("input", "search", "")
        assert snapshot.title == "Home · Rockpool Supplies"
        assert "We use cookies" in snapshot.text

        after = await session.click(element(snapshot, "Accept all").index)

        assert not after.has_overlay
        assert not any(e.in_overlay for e in after.elements)
        assert after.elements[0].label == "Search the shop"  # inputs first once the banner is gone
        assert "We use cookies" not in after.text


async def test_open_modal_dialog_comes_first(lens: Lens, site: LoopbackServer) -> None:
    async with lens.open_session() as session:
        snapshot = await session.goto(site.url("/modal"))
        assert not snapshot.has_overlay
        assert "Email" not in [e.label for e in snapshot.elements]  # the closed dialog is not shown

        opened = await session.click(element(snapshot, "Sign in", tag="button").index)

        assert opened.has_overlay
        labels = [(e.label, e.in_overlay) for e in opened.elements]
        assert labels[:3] == [("Email", True), ("Password", True), ("Continue", True)]
        assert ("Sign in", False) in labels and ("Reload", False) in labels
        assert element(opened, "Password").kind == "password"


async def test_shadow_dom_controls_and_text_are_included(lens: Lens, site: LoopbackServer) -> None:
    async with lens.open_session() as session:
        snapshot = await session.goto(site.url("/shadow"))
        assert "Crabs counted: 0" in snapshot.text
        assert snapshot.text.index("Crabs counted") < snapshot.text.index("Below the component")

        after = await session.click(element(snapshot, "Count a crab").index)
        after = await session.click(element(after, "Count a crab").index)

        assert "Crabs counted: 2" in after.text


async def test_same_origin_iframe_controls_and_text_are_included(lens: Lens, site: LoopbackServer) -> None:
    async with lens.open_session() as session:
        snapshot = await session.goto(site.url("/frame"))
        name = element(snapshot, "Your name")
        assert (name.tag, name.kind) == ("input", "text")
        assert "Not signed up yet." in snapshot.text

        typed = await session.type(name.index, "Marina")
        assert element(typed, "Your name").value == "Marina"
        signed = await session.click(element(typed, "Sign up").index)

        assert "Welcome aboard, Marina!" in signed.text


async def test_a_page_with_hundreds_of_links_lists_fifty(lens: Lens, site: LoopbackServer) -> None:
    async with lens.open_session() as session:
        snapshot = await session.goto(site.url("/links"))
        assert len(snapshot.elements) == 50
        assert [e.index for e in snapshot.elements] == list(range(1, 51))
        assert snapshot.elements[0].label == "Shell number 1"
        assert snapshot.elements[0].href == site.url("/links/1")
        assert f"Shell number {LINKS}" in snapshot.text  # the text still holds them all (it is cut elsewhere)
        assert len(snapshot.render()) < 8_000


async def test_long_text_is_cut_at_5000_and_read_on_with_text_offset(
    lens: Lens, site: LoopbackServer
) -> None:
    async with lens.open_session() as session:
        first = await session.goto(site.url("/long"))
        assert len(first.text) == 5_000
        assert first.text_truncated
        assert "read on with text_offset=5000" in first.render()
        pieces, offset, snapshot = [first.text], 0, first
        while snapshot.text_truncated:
            offset += len(snapshot.text)
            snapshot = await session.snapshot(text_offset=offset)
            pieces.append(snapshot.text)
        whole = "".join(pieces)
        assert whole.startswith("Long read\nParagraph 1 begins.")
        assert whole.endswith(paragraph(PARAGRAPHS))
        assert all(paragraph(n) in whole for n in range(1, PARAGRAPHS + 1))


async def test_labels_come_from_the_accessible_name(lens: Lens, site: LoopbackServer) -> None:
    async with lens.open_session() as session:
        snapshot = await session.goto(site.url("/select"))
        country = element(snapshot, "Country")
        assert (country.tag, country.kind, country.value) == ("select", "", "Choose…")
        react = await session.goto(site.url("/react"))
        field = element(react, "Creature")
        assert (field.tag, field.kind, field.value) == ("input", "text", "")
        assert "Look up" not in [e.label for e in react.elements]  # disabled until something is typed


async def test_read_gives_the_current_dom_through_the_extraction_pipeline(
    lens: Lens, site: LoopbackServer
) -> None:
    async with lens.open_session() as session:
        snapshot = await session.goto(site.url("/spa/"))
        await session.click(element(snapshot, "This week").index)
        page = await session.read()
    assert page.extraction_method == "render"
    assert page.final_url == site.url("/spa/week")
    assert "Spring tides on Thursday" in page.text
    assert page.title == "Tide tables · week"
