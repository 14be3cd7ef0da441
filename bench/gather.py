"""Gather benchmark: wall time and peak memory of Lens.gather reading N = 1, 3, 5, 10, 20 pages,
against the ideal ceil(N/3) x latency and a plain asyncio + httpx + trafilatura loop reading the
same pages 3 at a time, in the same run.

The pages are 20 real news pages of the ScrapingHub corpus (../shared: the first, by file name, of
those under 256 KB, so every extraction runs in the measured process rather than in the worker
pool), served from memory on loopback after an injected latency (default 200 ms); the search
provider is a scripted one (no network), the cache is off, so each run reads every page. Each
(reader, N) runs in a fresh process, so its peak RSS is its own: "peak RSS" is the process's
high-water mark, "growth" what reading added over the same process after a one-page warm-up
(imports, first parse). Overhead per page is what a reader spends beyond waiting for the network:
(wall - ideal) / N. The goal: 20 pages cost about 4x what 5 cost (the ideal ratio is 7/2 = 3.5
with 3 in flight), not more.

    .venv/bin/python bench/gather.py [--latency-ms 200] [--runs 7]
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import json
import math
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.support.servers import LoopbackServer, Response  # noqa: E402

from bench.report import write_section  # noqa: E402

CORPUS = Path(os.environ.get("WEBLENS_SHARED", ROOT.parent / "shared")) / "bench" / "scrapinghub" / "html"
INLINE_MAX = 256 * 1024  # Settings.extract_inline_max_bytes: larger pages go to worker processes
SIZES = (1, 3, 5, 10, 20)
CONCURRENCY = 3  # weblens's gather_concurrency default; the plain loop is given the same
READERS = {
    "weblens": "weblens `Lens.gather(read=N)`",
    "plain": "asyncio + httpx + trafilatura, 3 at a time",
}


# --- one reader in its own process --------------------------------------------------------------
def _rss_mb() -> float:
    pages = int(Path("/proc/self/statm").read_text().split()[1])
    return pages * resource.getpagesize() / 2**20


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # kilobytes on Linux


async def _weblens(base: str, allow: str, n: int, run: int) -> float:
    from weblens import Lens, Settings
    from weblens.search.fakes import StaticProvider, make_result

    urls = [f"{base}/page{i}?run={run}" for i in range(n)]
    provider = StaticProvider(
        "bench", [make_result(u, f"Benchmark page number {i}", rank=i + 1) for i, u in enumerate(urls)]
    )
    settings = Settings(
        allow_hosts=[allow],
        cache="none",
        per_domain_rate_limit="off",
        per_domain_concurrency=0,
        gather_concurrency=CONCURRENCY,
    )
    async with Lens(settings, providers=[provider]) as lens:
        start = time.perf_counter()
        response = await lens.gather("benchmark", read=n, render="never")
        wall = time.perf_counter() - start
    assert len(response.gathered_pages) == n, response.failures
    return wall


async def _plain(base: str, allow: str, n: int, run: int) -> float:
    import httpx
    import trafilatura

    urls = [f"{base}/page{i}?run={run}" for i in range(n)]
    slots = asyncio.Semaphore(CONCURRENCY)
    async with httpx.AsyncClient(limits=httpx.Limits(max_connections=CONCURRENCY), timeout=30) as client:

        async def one(url: str) -> str | None:
            async with slots:
                response = await client.get(url)
            return trafilatura.extract(response.content, url=url, output_format="markdown")

        start = time.perf_counter()
        await asyncio.gather(*(one(u) for u in urls))
        return time.perf_counter() - start


def child(reader: str, base: str, allow: str, n: int, runs: int) -> None:
    read = _weblens if reader == "weblens" else _plain
    asyncio.run(read(base, allow, 1, -1))  # warm-up: imports, first parse, first connection
    baseline = _rss_mb()
    walls = [asyncio.run(read(base, allow, n, r)) for r in range(runs)]
    print(json.dumps({"walls": walls, "peak_mb": _peak_mb(), "growth_mb": _peak_mb() - baseline}))


# --- the comparison ------------------------------------------------------------------------------
def corpus_pages(count: int) -> list[bytes]:
    """The first ``count`` ScrapingHub pages (by file name) under :data:`INLINE_MAX`."""
    if not CORPUS.is_dir():
        sys.exit(f"no corpus at {CORPUS}; set WEBLENS_SHARED")
    pages = [gzip.decompress(path.read_bytes()) for path in sorted(CORPUS.glob("*.html.gz"))]
    return [body for body in pages if len(body) < INLINE_MAX][:count]


def measure(latency_s: float, runs: int, bodies: list[bytes]) -> list[dict[str, Any]]:
    rows = []
    html = {"Content-Type": "text/html; charset=utf-8"}
    with LoopbackServer() as server:
        for i, body in enumerate(bodies):
            server.route(f"/page{i}", Response(body=body, headers=html, delay_s=latency_s))
        for n in SIZES:
            for reader in READERS:
                args = ["--child", reader, server.url(""), server.allow_entry, str(n), "--runs", str(runs)]
                proc = subprocess.run(
                    [sys.executable, __file__, *args],
                    capture_output=True,
                    text=True,
                    check=True,
                )
                got = json.loads(proc.stdout.strip().splitlines()[-1])
                ideal = math.ceil(n / CONCURRENCY) * latency_s
                wall = statistics.median(got["walls"])
                rows.append(
                    {
                        "reader": reader,
                        "n": n,
                        "wall": wall,
                        "ideal": ideal,
                        "worst": max(got["walls"]),
                        "overhead": (wall - ideal) / n,
                        "peak_mb": got["peak_mb"],
                        "growth_mb": got["growth_mb"],
                    }
                )
                print(
                    f"{reader:8} N={n:2}  {wall * 1000:6.0f} ms  peak {got['peak_mb']:.0f} MB",
                    file=sys.stderr,
                )
    return rows


def _ratio(rows: list[dict[str, Any]], reader: str, key: str) -> float:
    at = {r["n"]: r[key] for r in rows if r["reader"] == reader}
    return float(at[20] / at[5]) if at[5] else float("nan")


def table(rows: list[dict[str, Any]], latency_ms: float, runs: int, bodies: list[bytes]) -> str:
    average_kb = sum(map(len, bodies)) / len(bodies) / 1024
    lines = [
        f"Reading N ScrapingHub news pages (the first 20 under 256 KB, {average_kb:.0f} KB on average) "
        f"served on loopback after {latency_ms:.0f} ms, median of {runs} runs, {CONCURRENCY} "
        "in flight (cache off, `render=never`; search is a scripted provider, so this is the reading "
        "part). Each reader and N in a fresh process: peak RSS is the process's high-water mark, growth "
        "what reading added over the same process after a one-page warm-up.",
        "",
        "| reader | N pages | wall (ms) | ideal ceil(N/3) x latency (ms) | wall / ideal "
        "| overhead per page (ms) | worst run (ms) | peak RSS (MB) | growth (MB) |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        lines.append(
            f"| {READERS[r['reader']]} | {r['n']} | {r['wall'] * 1000:.0f} | {r['ideal'] * 1000:.0f} "
            f"| {r['wall'] / r['ideal']:.2f} | {r['overhead'] * 1000:.1f} | {r['worst'] * 1000:.0f} "
            f"| {r['peak_mb']:.0f} | {r['growth_mb']:.1f} |"
        )
    lines += ["", "20 pages against 5 (the ideal with 3 in flight: 3.50x):", ""]
    for reader, label in READERS.items():
        lines.append(
            f"- {label}: time {_ratio(rows, reader, 'wall'):.2f}x, "
            f"memory growth {_ratio(rows, reader, 'growth_mb'):.2f}x"
        )
    lines += ["", "Command: `.venv/bin/python bench/gather.py`"]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--latency-ms", type=float, default=200.0)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--child", nargs=4, metavar=("READER", "BASE", "ALLOW", "N"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        reader, base, allow, n = args.child
        child(reader, base, allow, int(n), args.runs)
        return
    bodies = corpus_pages(max(SIZES))
    rows = measure(args.latency_ms / 1000, args.runs, bodies)
    md = table(rows, args.latency_ms, args.runs, bodies)
    print(md)
    write_section("gather", "## Gather (bench/gather.py)\n\n" + md)


if __name__ == "__main__":
    main()
