"""One site server and one Lens (so one browser) per test module; every session is closed after use."""

from __future__ import annotations

import asyncio
import os
from collections.abc import AsyncIterator, Callable, Iterator

import pytest
import pytest_asyncio

from tests.browser.site import serve_site
from tests.support.servers import LoopbackServer
from weblens import Lens, Settings
from weblens.errors import RenderFailed
from weblens.models import Element, Snapshot
from weblens.net.resolver import StaticResolver
from weblens.render import find_chromium

PRIVATE_NAMES = {"private.example": ["127.0.0.1"]}
"""A name that resolves to a loopback address (the guard must refuse it like any private address)."""


@pytest.fixture(scope="module")
def chromium() -> str:
    try:
        return find_chromium()
    except RenderFailed as exc:
        message = f"Chromium is not installed: {exc}"
        if os.environ.get("WEBLENS_REQUIRE_SERVICES") == "1":
            pytest.fail(message)
        pytest.skip(message)


@pytest.fixture(scope="module")
def site() -> Iterator[LoopbackServer]:
    with LoopbackServer() as server:
        serve_site(server)
        yield server


def lens_for(*servers: LoopbackServer, **settings: object) -> Lens:
    values: dict[str, object] = {
        "allow_hosts": [server.allow_entry for server in servers],
        "cache": "none",
        "per_domain_rate_limit": 1000,
        **settings,
    }
    return Lens(Settings(**values), resolver=StaticResolver(PRIVATE_NAMES))  # type: ignore[arg-type]


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def lens(chromium: str, site: LoopbackServer) -> AsyncIterator[Lens]:
    """The module's Lens: its sessions share one browser."""
    async with lens_for(site, chromium_path=chromium) as shared:
        yield shared


def element(snapshot: Snapshot, label: str, *, tag: str | None = None) -> Element:
    """The first element whose label contains ``label`` (what an agent reading the snapshot would pick)."""
    for found in snapshot.elements:
        if label.lower() in found.label.lower() and (tag is None or found.tag == tag):
            return found
    listed = "\n".join(e.render() for e in snapshot.elements)
    raise AssertionError(f"no element labelled {label!r} in:\n{listed}")


async def eventually(check: Callable[[], bool], timeout_s: float = 30.0) -> None:
    """Wait until ``check()`` holds (what it watches has no event to wait on); TimeoutError if never."""
    async with asyncio.timeout(timeout_s):
        while not check():  # noqa: ASYNC110
            await asyncio.sleep(0.05)
