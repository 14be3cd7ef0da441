"""Browsing-session benchmark: time per action, snapshot size, memory over many sessions.

All pages are our own test pages (tests/fixtures/session, tests/browser/site.py) on a loopback
server reached through the sessions' guarded proxy, so the figures measure weblens and Chromium:

* time per action (median and p95) — ``click`` and ``type`` on a static page (no timers of its
  own, so every millisecond is ours: the action, the settle wait, the snapshot), ``select``,
  ``scroll`` on the infinite feed, ``goto`` and ``back``;
* snapshot size in characters and cl100k tokens for each test page, side by side with the page's
  raw HTML, its whole visible text, and the accessibility snapshot Playwright produces for the
  same page (``locator.aria_snapshot()``, the format Playwright MCP hands to a model);
* memory of the browser (PSS of its processes) and of this process over 100 sessions opened,
  used and closed one after another — it must stay flat.

    .venv/bin/python bench/session.py [--samples 40] [--no-write]

cl100k tokens come from ``bpe-openai`` (the ``bench`` extra), which ships the encoding's file:
nothing is downloaded.
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import os
import statistics
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.browser.site import serve_site  # noqa: E402
from tests.support.servers import LoopbackServer, Response  # noqa: E402

from bench.report import write_section  # noqa: E402
from weblens import Lens, Settings  # noqa: E402
from weblens.browser import BrowsingSession  # noqa: E402
from weblens.models import Snapshot  # noqa: E402
from weblens.render import procs  # noqa: E402

MB = 1024 * 1024
CORPUS = ROOT.parent / "shared" / "bench" / "scrapinghub" / "html"
NO_OUTSIDE = {
    "Content-Type": "text/html; charset=utf-8",
    # the corpus pages link to the whole web: keep their scripts and outside resources from loading
    "Content-Security-Policy": (
        "default-src 'self' data:; script-src 'none'; style-src 'self' 'unsafe-inline'"
    ),
}
STATIC = b"""<!doctype html><title>Static form</title><link rel=icon href="data:,">
<h1>Tide alerts</h1><p>Leave your name and we will tell you when the spring tides come.</p>
<label for=name>Name</label><input id=name>
<button type=button onclick="out.textContent = 'Thanks, ' + name.value">Notify me</button>
<p id=out></p><a href="/static-2">Next page</a>"""
PAGES = {
    "shop home (cookie banner open)": "/shop/",
    "shop search results": "/shop/search?q=tide+pool",
    "shop product": "/shop/product/tide-pool-guide",
    "React form": "/react",
    "iframe form": "/frame",
    "SPA": "/spa/",
    "infinite feed (first screen)": "/feed",
    "300 links": "/links",
    "long article (40 paragraphs)": "/long",
}


def tokens() -> Callable[[str], int]:
    try:
        import bpe_openai
    except ImportError:
        sys.exit("bench/session.py needs the bench extra: pip install -e '.[bench]' (bpe-openai)")
    encoding = bpe_openai.get_encoding("cl100k_base")

    def count(text: str) -> int:  # in pieces cut at line ends (the encoder refuses >200k tokens at once)
        total, piece = 0, []
        for line in text.splitlines(keepends=True):
            piece.append(line)
            if sum(map(len, piece)) > 50_000:
                total, piece = total + len(encoding.encode("".join(piece))), []
        return total + len(encoding.encode("".join(piece)))

    return count


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


async def timed(work: Awaitable[Any]) -> float:
    start = time.perf_counter()
    await work
    return (time.perf_counter() - start) * 1000


def index_of(snapshot: Snapshot, label: str) -> int:
    return next(e.index for e in snapshot.elements if label.lower() in e.label.lower())


async def action_times(lens: Lens, site: LoopbackServer, samples: int) -> dict[str, list[float]]:
    times: dict[str, list[float]] = {
        name: [] for name in ("click", "type", "select", "scroll", "goto", "back")
    }
    async with lens.open_session() as session:
        page = await session.goto(site.url("/static"))
        field, button = index_of(page, "Name"), index_of(page, "Notify me")
        for n in range(samples):
            times["type"].append(await timed(session.type(field, f"Visitor {n}")))
            times["click"].append(await timed(session.click(button)))
        select = index_of(await session.goto(site.url("/select")), "Country")
        for n in range(samples):
            times["select"].append(await timed(session.select(select, ("uk", "fr")[n % 2])))
        for _ in range(samples // 4):
            await session.goto(site.url("/feed"))
            for _ in range(4):
                times["scroll"].append(await timed(session.scroll("down", changes_only=True)))
        for _ in range(samples):
            times["goto"].append(await timed(session.goto(site.url("/static"))))
            await session.goto(site.url("/static-2"))
            times["back"].append(await timed(session.back()))
    return times


async def whole_text(session: BrowsingSession, first: Snapshot) -> str:
    pieces, snapshot = [first.text], first
    while snapshot.text_truncated:
        snapshot = await session.snapshot(text_offset=sum(len(p) for p in pieces))
        pieces.append(snapshot.text)
    return "".join(pieces)


def serve_corpus(site: LoopbackServer, pages: int) -> dict[str, str]:
    """The first ``pages`` real article pages of the extraction corpus, served from loopback."""
    if not CORPUS.is_dir():
        return {}
    served = {}
    for n, path in enumerate(sorted(CORPUS.glob("*.html.gz"))[:pages]):
        site.route(f"/corpus/{n}", Response(body=gzip.decompress(path.read_bytes()), headers=NO_OUTSIDE))
        served[f"corpus page {n + 1}"] = f"/corpus/{n}"
    return served


async def sizes(
    lens: Lens, site: LoopbackServer, pages: dict[str, str], count: Callable[[str], int]
) -> list[dict[str, Any]]:
    import httpx

    rows = []
    async with httpx.AsyncClient() as client, lens.open_session() as session:
        for name, path in pages.items():
            raw = (await client.get(site.url(path))).text
            snapshot = await session.goto(site.url(path))
            text = await whole_text(session, snapshot)
            page = session._tabs[-1].page  # the session's live page: Playwright's own snapshot of it
            aria = await page.locator("body").aria_snapshot()
            dom = await page.evaluate("document.documentElement.outerHTML")
            rendered = snapshot.render()
            rows.append(
                {
                    "page": name,
                    "html": (len(raw), count(raw)),
                    "dom": (len(dom), count(dom)),
                    "text": (len(text), count(text)),
                    "aria": (len(aria), count(aria)),
                    "snapshot": (len(rendered), count(rendered)),
                    "elements": len(snapshot.elements),
                }
            )
    return rows


async def memory(lens: Lens, site: LoopbackServer, total: int) -> list[tuple[int, int, int, int]]:
    rows = []
    for n in range(1, total + 1):
        async with lens.open_session() as session:
            page = await session.goto(site.url("/shop/"))
            await session.click(index_of(page, "Accept"))
        if n == 1 or n % 25 == 0:
            await asyncio.sleep(1.0)  # let closed contexts' renderer processes exit
            pids = lens.browsing_sessions.browser_processes()
            own = procs.rss_bytes([os.getpid()])
            rows.append((n, len(pids), procs.pss_bytes(pids), own))
    return rows


COLUMNS = ("html", "dom", "text", "aria", "snapshot")


def size_table(rows: list[dict[str, Any]]) -> list[str]:
    lines = [
        "| page | HTML | DOM | full text | Playwright aria | weblens snapshot | controls listed |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for row in rows:
        cells = [f"{row[k][0]:,} / {row[k][1]:,}" for k in COLUMNS]
        lines.append(f"| {row['page']} | " + " | ".join(cells) + f" | {row['elements']} |")
    return lines


def corpus_summary(rows: list[dict[str, Any]]) -> list[str]:
    lines = [
        "| cl100k tokens per page | HTML | DOM | full text | Playwright aria | weblens snapshot |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for name, pick in (("median", statistics.median), ("max", max)):
        cells = [f"{pick([row[k][1] for row in rows]):,.0f}" for k in COLUMNS]
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    return lines


def report(
    times: dict[str, list[float]],
    rows: list[dict[str, Any]],
    corpus: list[dict[str, Any]],
    mem: list[tuple[int, int, int, int]],
) -> str:
    load = os.getloadavg()[0]
    lines = [
        "## Interactive browsing sessions",
        "",
        f"{os.cpu_count()} CPUs shared with other work (load average {load:.1f} at the end of the run); "
        "rerun on a quiet machine for stable figures.",
        "",
        "`.venv/bin/python bench/session.py` — one session at a time in the system Chromium, every request "
        "through the guarded proxy; our own test pages on loopback.",
        "",
        "**Time per action**, from the call to the returned snapshot (the action, the wait until the page "
        "settles — 120 ms without DOM or network change — and the snapshot):",
        "",
        "| action | page | samples | median | p95 |",
        "|---|---|---:|---:|---:|",
    ]
    where = {
        "click": "static page (no timers of its own)",
        "type": "static page (no timers of its own)",
        "select": "select with a change handler",
        "scroll": "infinite feed (fetches 15 more stories)",
        "goto": "static page",
        "back": "static page",
    }
    for name, values in times.items():
        p50, p95 = statistics.median(values), percentile(values, 0.95)
        lines.append(f"| `{name}` | {where[name]} | {len(values)} | {p50:.0f} ms | {p95:.0f} ms |")
    lines += [
        "",
        "**Snapshot size** (characters / cl100k tokens). *HTML*: what the server sent; *DOM*: the page's "
        "HTML after its scripts ran; *full text*: all its visible text; *Playwright aria*: "
        "`locator('body').aria_snapshot()` of the same page, the kind of snapshot Playwright MCP gives a "
        "model; *weblens*: `snapshot.render()` (text cut at 5,000 characters, at most 50 controls).",
        "",
        *size_table(rows),
    ]
    if corpus:
        lines += [
            "",
            f"The same for {len(corpus)} real article pages (the first of the extraction corpus, "
            "`../shared/bench/scrapinghub`, served locally with their scripts and outside resources "
            "blocked):",
            "",
            *corpus_summary(corpus),
        ]
    lines += [
        "",
        f"**Memory over {mem[-1][0]} sessions** opened, used (load the shop, accept its cookie banner) and "
        "closed one after another in one browser:",
        "",
        "| sessions so far | browser processes | browser PSS | this process, RSS |",
        "|---:|---:|---:|---:|",
        *(f"| {n} | {count} | {pss / MB:.0f} MB | {own / MB:.0f} MB |" for n, count, pss, own in mem),
    ]
    return "\n".join(lines)


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=40, help="samples per action")
    parser.add_argument("--sessions", type=int, default=100, help="sessions for the memory figure")
    parser.add_argument("--corpus", type=int, default=20, help="real pages from the extraction corpus")
    parser.add_argument("--no-write", action="store_true", help="print only, leave docs/benchmarks.md alone")
    args = parser.parse_args()
    count = tokens()
    with LoopbackServer() as site:
        serve_site(site)
        site.route("/static", Response(body=STATIC))
        site.route("/static-2", Response(body=STATIC.replace(b"Static form", b"Second page")))
        real = serve_corpus(site, args.corpus)
        settings = Settings(allow_hosts=[site.allow_entry], cache="none", per_domain_rate_limit=100_000)
        async with Lens(settings) as lens:
            async with lens.open_session() as warm:  # start the browser
                await warm.goto(site.url("/static"))
            times = await action_times(lens, site, args.samples)
            rows = await sizes(lens, site, PAGES, count)
            corpus = await sizes(lens, site, real, count)
            mem = await memory(lens, site, args.sessions)
    body = report(times, rows, corpus, mem)
    print(body)
    if not args.no_write:
        write_section("session", body)


if __name__ == "__main__":
    asyncio.run(main())
