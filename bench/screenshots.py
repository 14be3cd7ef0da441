"""Screenshots of the dashboard for the docs: one per section, taken in Chromium, never by hand.

A real `weblens serve` app (uvicorn on loopback) reads and searches local fixture pages through a
local fake SearXNG, so the pictures show real output and the run needs no network. When this
weblens has the research loop (POST /v1/answer) the Ask picture shows a real answer; without it,
the section's "not available" notice.

    .venv/bin/python bench/screenshots.py [--out docs]      # writes docs/dashboard-<section>.png
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.support.appserver import AppServer  # noqa: E402
from tests.support.fake_providers import json_response  # noqa: E402
from tests.support.pages import page  # noqa: E402
from tests.support.servers import LoopbackServer, Response  # noqa: E402

from weblens.config import Settings, load_settings  # noqa: E402
from weblens.render.locate import find_chromium  # noqa: E402
from weblens.server.http import create_app  # noqa: E402

SECTIONS = ("ask", "read", "search", "stats", "settings")
QUESTION = "How do tide pool animals survive the summer heat?"


def fake_searxng(pages: LoopbackServer) -> Response:
    results = [
        {
            "url": pages.url("/articles/tide-pools-summer"),
            "title": "How Tide Pools Survive the Summer | Coastal Notes",
            "content": "Tide pools face heat, salt and oxygen stress every summer.",
            "engine": "local",
            "publishedDate": "2025-07-14T08:30:00",
        },
        {
            "url": pages.url("/guides/rock-pooling"),
            "title": "A field guide to rock pooling",
            "content": "What lives in a rock pool, and how to look without harming it.",
            "engine": "local",
        },
    ]
    return json_response({"query": "tide pools", "results": results, "unresponsive_engines": []})


def settings_for(pages: LoopbackServer, workdir: Path) -> Settings:
    """Settings from every source the Settings section tells apart (file, environment, arguments)."""
    config = workdir / "weblens.toml"
    config.write_text("max_results = 6\ngather_read = 2\n", encoding="utf-8")
    for key in [key for key in os.environ if key.startswith("WEBLENS_")]:
        del os.environ[key]
    os.environ["WEBLENS_CONFIG"] = str(config)
    os.environ["WEBLENS_TIMEOUT_S"] = "20"
    os.environ["WEBLENS_TAVILY_API_KEY"] = "tvly-not-a-real-key"  # shown masked
    return load_settings(
        allow_hosts=[pages.allow_entry],
        cache="memory",
        cache_dir=workdir / "cache",
        render="never",
        providers=["searxng", "brave", "tavily", "wikipedia"],
        searxng_url=pages.url("/searxng"),
        wikipedia_endpoint=pages.url("/wikipedia/w/api.php"),
        redis_url="redis://weblens:not-a-real-password@redis.internal:6379/0",  # shown masked
    )


def shoot(app: AppServer, pages: LoopbackServer, out: Path) -> list[Path]:
    from playwright.sync_api import expect, sync_playwright

    written: list[Path] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=find_chromium(), headless=True)
        context = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme="light")
        tab = context.new_page()
        tab.set_default_timeout(60_000)
        tab.goto(app.url("/?refresh=1"))

        def save(section: str, target: Any) -> None:
            """The section as it sits on the whole page (so the sticky header does not cover it)."""
            path = out / f"dashboard-{section}.png"
            target.page.evaluate("window.scrollTo(0, 0)")
            box = target.bounding_box()
            target.page.screenshot(path=str(path), full_page=True, clip=box, animations="disabled")
            written.append(path)

        if tab.get_by_test_id("ask-unavailable").is_hidden():
            tab.get_by_test_id("ask-input").fill(QUESTION)
            tab.get_by_test_id("ask-submit").click()
            expect(tab.get_by_test_id("sources").locator("li").first).to_be_visible()
        save("ask", tab.locator("#ask"))

        tab.get_by_test_id("read-input").fill(pages.url("/articles/tide-pools-summer"))
        tab.get_by_test_id("read-submit").click()
        expect(tab.get_by_test_id("page-title")).not_to_be_empty()
        save("read", tab.locator("#read"))

        tab.get_by_test_id("search-input").fill("tide pools summer")
        tab.get_by_test_id("search-read").fill("1")
        tab.get_by_test_id("search-submit").click()
        expect(tab.get_by_test_id("gathered")).to_contain_text("Pages read")
        save("search", tab.locator("#search"))

        tab.get_by_test_id("read-input").fill("http://10.0.0.1/private")  # an error for the stats
        tab.get_by_test_id("read-submit").click()
        expect(tab.locator("#read-status")).to_contain_text("ssrf_blocked")
        expect(tab.get_by_test_id("stat-browse-value")).to_have_text("2")
        save("stats", tab.locator("#stats"))

        tab.locator("#settings-changed").check()  # only what differs from the defaults
        save("settings", tab.locator("#settings"))

        phone = browser.new_context(viewport={"width": 390, "height": 844}, color_scheme="dark")
        small = phone.new_page()
        small.goto(app.url("/"))
        small.get_by_test_id("read-input").fill(pages.url("/articles/tide-pools-summer"))
        small.get_by_test_id("read-submit").click()
        expect(small.get_by_test_id("page-title")).not_to_be_empty()
        path = out / "dashboard-phone.png"
        small.screenshot(path=str(path), animations="disabled")
        written.append(path)
        browser.close()
    return written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    with LoopbackServer() as pages, tempfile.TemporaryDirectory() as workdir:
        pages.route("/articles/tide-pools-summer", Response(body=page("article.html")))
        pages.route("/guides/rock-pooling", Response(body=page("article.html")))
        pages.route("/searxng/search", lambda _: fake_searxng(pages))
        with AppServer(create_app(settings_for(pages, Path(workdir)))) as app:
            for path in shoot(app, pages, args.out):
                print(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)


if __name__ == "__main__":
    main()
