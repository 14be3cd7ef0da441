"""Fixtures for the render tests: a trap server and renderers that are always closed."""

from __future__ import annotations

import asyncio
import os
from collections.abc import AsyncIterator, Callable, Iterator

import pytest

from tests.support.servers import LoopbackServer
from weblens.errors import RenderFailed
from weblens.net.guard import Guard
from weblens.render import ChromiumRenderer, RenderOptions, find_chromium

MakeRenderer = Callable[..., ChromiumRenderer]


@pytest.fixture
def trap() -> Iterator[LoopbackServer]:
    """A server no test allows: it must count zero connections."""
    with LoopbackServer() as srv:
        yield srv


@pytest.fixture
def chromium_path() -> str:
    try:
        return find_chromium()
    except RenderFailed as exc:
        message = f"Chromium is not installed: {exc}"
        if os.environ.get("WEBLENS_REQUIRE_SERVICES") == "1":  # CI: a missing browser fails the run
            pytest.fail(message)
        pytest.skip(message)


@pytest.fixture
async def make_renderer(chromium_path: str) -> AsyncIterator[MakeRenderer]:
    """``make_renderer(guard, **RenderOptions fields)``; every renderer is closed after the test."""
    made: list[ChromiumRenderer] = []

    def make(guard: Guard, **options: object) -> ChromiumRenderer:
        renderer = ChromiumRenderer(guard, RenderOptions(chromium_path=chromium_path, **options))  # type: ignore[arg-type]
        made.append(renderer)
        return renderer

    yield make
    for renderer in made:
        await renderer.aclose()
    await asyncio.sleep(0.1)  # let the loopback servers' threads see the closed connections
