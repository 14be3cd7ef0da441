"""Extraction off the event loop: a hostile page costs a worker its budget, never the other requests."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from tests.support.pages import page
from tests.support.servers import LoopbackServer, Response
from weblens import Lens, Settings
from weblens.errors import ExtractionFailed
from weblens.extract import ExtractOptions
from weblens.workers import ExtractionPool, PoolOptions

HTML = {"Content-Type": "text/html; charset=utf-8"}


def tiny_elements(count: int) -> bytes:
    return b"<html><body><div>" + b"<b>x</b>" * count + b"</div></body></html>"


async def test_a_huge_page_does_not_hold_back_the_page_beside_it(
    server: LoopbackServer, tmp_path: Path
) -> None:
    server.route(
        "/huge", Response(body=tiny_elements(1_100_000), headers=HTML)
    )  # ~9 MB, over a million elements
    # the small page arrives while the huge one is being extracted: inline, its deadline would pass
    server.route("/article", Response(body=page("article.html"), headers=HTML, delay_s=1.0))
    settings = Settings(
        allow_hosts=[server.allow_entry], cache="none", extract_timeout_s=3, per_domain_rate_limit=100
    )
    async with Lens(settings) as lens:
        huge = asyncio.create_task(lens.browse(server.url("/huge"), render="never"))
        await asyncio.sleep(0)  # the huge page is on its way first
        small = await lens.browse(server.url("/article"), render="never", timeout_s=3)
        assert "stranded on the rocky shore" in small.text  # came back normally, not fetch_timeout
        with pytest.raises(ExtractionFailed, match="budget"):
            await huge
        # the killed worker was replaced: a large ordinary page is extracted in the pool afterwards
        server.route("/large", Response(body=page("article.html") * 80, headers=HTML))
        large = await lens.browse(server.url("/large"), render="never")
        assert "stranded on the rocky shore" in large.text


async def test_small_documents_stay_inline_and_large_ones_go_to_a_worker() -> None:
    pool = ExtractionPool(PoolOptions(workers=1, inline_max_bytes=10_000))
    try:
        small = await pool.extract(page("article.html")[:9_000], "https://a.example/", ExtractOptions())
        assert pool.offloaded == 0 and small.final_url == "https://a.example/"
        large = await pool.extract(page("article.html") * 5, "https://a.example/", ExtractOptions())
        assert pool.offloaded == 1 and "stranded on the rocky shore" in large.text
    finally:
        await pool.aclose()


async def test_pages_arriving_together_start_one_pool(monkeypatch: pytest.MonkeyPatch) -> None:
    import pebble

    started: list[pebble.ProcessPool] = []

    class CountedPool(pebble.ProcessPool):
        def __init__(self, *args: object, **kwargs: object) -> None:
            super().__init__(*args, **kwargs)  # type: ignore[arg-type]
            started.append(self)

    monkeypatch.setattr(pebble, "ProcessPool", CountedPool)
    pool = ExtractionPool(PoolOptions(workers=1, inline_max_bytes=0))
    try:
        pages = await asyncio.gather(
            *(
                pool.extract(page("article.html"), f"https://a.example/{i}", ExtractOptions())
                for i in range(8)
            )
        )
        assert all("stranded on the rocky shore" in p.text for p in pages)
        assert len(started) == 1  # each racing start used to leave a pool of its own behind, never closed
    finally:
        await pool.aclose()
