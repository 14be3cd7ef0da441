"""Render benchmark: cold start, warm latency, throughput and browser memory of ChromiumRenderer.

All pages are local (a loopback server reached through the renderer's guarded proxy, allowed
by an explicit allow-list), so the figures measure the renderer, not a network:

* cold start: a new renderer's first render (driver + proxy + Chromium launch + page);
* warm latency p50/p95: a static page (wait ``load``) and 20 SPA pages whose article a script
  inserts after 300 ms (wait ``selector:article``, and ``networkidle`` with 500 ms of quiet);
* renders per minute over the SPA pages with 1 and 2 jobs at once;
* memory of the browser's process tree (RSS and PSS summed over /proc) after 50/100/150/200
  renders in one warm browser — it must stay flat.

    .venv/bin/python bench/render.py [--rounds 3] [--no-write]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.support.servers import LoopbackServer, Response  # noqa: E402

from bench.report import write_section  # noqa: E402
from weblens.models import RenderJob, WaitCondition  # noqa: E402
from weblens.net.guard import Guard  # noqa: E402
from weblens.net.policy import AllowList  # noqa: E402
from weblens.render import ChromiumRenderer, RenderOptions, procs  # noqa: E402

SPA = (ROOT / "tests" / "fixtures" / "render" / "spa.html").read_text(encoding="utf-8")
SIMPLE = b"<!doctype html><title>simple</title><link rel=icon href='data:,'><p>A simple static page.</p>"
PAGES = 20
MB = 1024 * 1024


def serve(server: LoopbackServer) -> list[str]:
    server.route("/simple", Response(body=SIMPLE))
    for n in range(PAGES):
        body = SPA.replace("{TITLE}", f"Ledger entry {n}").replace("{MARKER}", f"entry-{n}")
        server.route(f"/spa/{n}", Response(body=body.encode()))
    return [server.url(f"/spa/{n}") for n in range(PAGES)]


def renderer_for(server: LoopbackServer, concurrency: int = 2) -> ChromiumRenderer:
    guard = Guard(allow=AllowList.parse([server.allow_entry]))
    return ChromiumRenderer(guard, RenderOptions(max_concurrency=concurrency))


async def render_ms(renderer: ChromiumRenderer, url: str, wait: str) -> float:
    start = time.perf_counter()
    result = await renderer.render(RenderJob(url=url, wait=WaitCondition.parse(wait)))
    assert result.title, url
    return (time.perf_counter() - start) * 1000


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


async def cold_start(server: LoopbackServer, runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        async with renderer_for(server) as renderer:
            times.append(await render_ms(renderer, server.url("/simple"), "load"))
    return times


async def warm_latency(server: LoopbackServer, spa: list[str], rounds: int) -> dict[str, list[float]]:
    samples: dict[str, list[float]] = {"static page, `load`": [], "SPA, `selector:article`": []}
    samples["SPA, `networkidle` (500 ms quiet)"] = []
    async with renderer_for(server) as renderer:
        await render_ms(renderer, server.url("/simple"), "load")  # start the browser
        for _ in range(rounds):
            for url in spa:
                samples["static page, `load`"].append(
                    await render_ms(renderer, server.url("/simple"), "load")
                )
                samples["SPA, `selector:article`"].append(await render_ms(renderer, url, "selector:article"))
                samples["SPA, `networkidle` (500 ms quiet)"].append(
                    await render_ms(renderer, url, "networkidle")
                )
    return samples


async def spare_effect(server: LoopbackServer, gap_s: float, runs: int) -> dict[str, list[float]]:
    samples: dict[str, list[float]] = {}
    for spare in (True, False):
        guard = Guard(allow=AllowList.parse([server.allow_entry]))
        async with ChromiumRenderer(guard, RenderOptions(spare_page=spare)) as renderer:
            await render_ms(renderer, server.url("/simple"), "load")
            times = samples[f"`spare_page={spare}`"] = []
            for _ in range(runs):
                await asyncio.sleep(gap_s)  # the caller busy elsewhere (fetching, extracting)
                times.append(await render_ms(renderer, server.url("/simple"), "load"))
    return samples


async def throughput(server: LoopbackServer, spa: list[str], concurrency: int, total: int) -> float:
    async with renderer_for(server, concurrency) as renderer:
        await render_ms(renderer, server.url("/simple"), "load")
        queue = list(range(total))

        async def worker() -> None:  # one job at a time each, so no job waits out its timeout in the queue
            while queue:
                n = queue.pop()
                await render_ms(renderer, spa[n % len(spa)], "selector:article")

        start = time.perf_counter()
        await asyncio.gather(*(worker() for _ in range(concurrency)))
        return total / (time.perf_counter() - start) * 60


async def memory(server: LoopbackServer, spa: list[str]) -> list[tuple[int, int, int, int]]:
    rows = []
    async with renderer_for(server) as renderer:
        for n in range(1, 201):
            await render_ms(renderer, spa[n % len(spa)], "domcontentloaded")
            if n % 50 == 0:
                await asyncio.sleep(1.0)  # let closed contexts' renderer processes exit
                pids = renderer.browser_processes()
                rows.append((n, len(pids), procs.rss_bytes(pids), procs.pss_bytes(pids)))
    return rows


def report(
    cold: list[float],
    warm: dict[str, list[float]],
    spare: dict[str, list[float]],
    rates: dict[int, float],
    mem: list[tuple[int, int, int, int]],
) -> str:
    load = os.getloadavg()[0]
    lines = [
        "## Rendering (headless Chromium)",
        "",
        f"{os.cpu_count()} CPUs shared with other work (load average {load:.1f} at the end of the run); "
        "rerun on a quiet machine for stable figures.",
        "",
        "`.venv/bin/python bench/render.py` — ChromiumRenderer on the system Chromium, every request through "
        "the guarded proxy, images/media/fonts blocked, a fresh browser context per job; local pages only.",
        "",
        f"**Cold start** (new renderer → first page rendered, {len(cold)} runs): "
        f"median {statistics.median(cold):.0f} ms, max {max(cold):.0f} ms.",
        "",
        "| warm render (one browser reused) | samples | p50 | p95 |",
        "|---|---:|---:|---:|",
    ]
    for name, values in warm.items():
        p50, p95 = percentile(values, 0.5), percentile(values, 0.95)
        lines.append(f"| {name} | {len(values)} | {p50:.0f} ms | {p95:.0f} ms |")
    lines += [
        "",
        "The SPA pages insert their article 300 ms after parsing, so 300 ms of each SPA render is the "
        "page's own timer; `networkidle` adds its 500 ms of required quiet.",
        "",
        "| static page, `load`, one call every 200 ms | samples | p50 | p95 |",
        "|---|---:|---:|---:|",
        *(
            f"| {name} | {len(v)} | {percentile(v, 0.5):.0f} ms | {percentile(v, 0.95):.0f} ms |"
            for name, v in spare.items()
        ),
        "",
        "With `spare_page` (the default) a fresh page is opened while the caller is busy elsewhere, so "
        "Chromium's renderer start is off the critical path; back-to-back calls gain nothing.",
        "",
        "| jobs at once | SPA renders per minute |",
        "|---:|---:|",
        *(f"| {c} | {rate:.0f} |" for c, rate in rates.items()),
        "",
        "Memory of one warm browser (with its spare page) over 200 SPA renders:",
        "",
        "| renders so far | browser processes | RSS sum | PSS sum |",
        "|---:|---:|---:|---:|",
        *(f"| {n} | {count} | {rss / MB:.0f} MB | {pss / MB:.0f} MB |" for n, count, rss, pss in mem),
        "",
        "RSS counts shared pages once per process (it overstates the total); PSS divides them among "
        "the processes.",
    ]
    return "\n".join(lines)


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3, help="passes over the 20 SPA pages for latency")
    parser.add_argument("--no-write", action="store_true", help="print only, leave docs/benchmarks.md alone")
    args = parser.parse_args()
    with LoopbackServer() as server:
        spa = serve(server)
        cold = await cold_start(server, runs=3)
        warm = await warm_latency(server, spa, args.rounds)
        spare = await spare_effect(server, gap_s=0.2, runs=30)
        rates = {c: await throughput(server, spa, c, total=40) for c in (1, 2)}
        mem = await memory(server, spa)
    markdown = report(cold, warm, spare, rates, mem)
    print(markdown)
    if not args.no_write:
        write_section("render", markdown)


if __name__ == "__main__":
    asyncio.run(main())
