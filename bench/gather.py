"""Gather benchmark: wall time of Lens.gather for N = 1, 3, 5 against the ideal ceil(N/3) x latency.

Local pages answer after an injected latency (default 200 ms); the search provider is a
scripted one (no network), the cache is off, so each run reads every page. Overhead per page
is what gather spends beyond waiting for the network: (wall - ideal) / N.

    .venv/bin/python bench/gather.py [--latency-ms 200] [--runs 7]
"""

from __future__ import annotations

import argparse
import asyncio
import math
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.support.pages import page  # noqa: E402
from tests.support.servers import LoopbackServer, Response  # noqa: E402

from bench.report import write_section  # noqa: E402
from weblens import Lens, Settings  # noqa: E402
from weblens.search.fakes import StaticProvider, make_result  # noqa: E402


async def one_run(server: LoopbackServer, n: int, run: int) -> float:
    urls = [server.url(f"/page{i}?run={run}") for i in range(n)]
    provider = StaticProvider(
        "bench", [make_result(u, f"Benchmark page number {i}", rank=i + 1) for i, u in enumerate(urls)]
    )
    settings = Settings(allow_hosts=[server.allow_entry], cache="none", per_domain_rate_limit=10_000)
    async with Lens(settings, providers=[provider]) as lens:
        start = time.perf_counter()
        response = await lens.gather("benchmark", read=n, render="never")
        wall = time.perf_counter() - start
    assert len(response.gathered_pages) == n, response.failures
    return wall


async def measure(latency_s: float, runs: int) -> list[dict[str, float]]:
    rows = []
    with LoopbackServer() as server:
        for i in range(5):
            server.route(f"/page{i}", Response(body=page("article.html"), delay_s=latency_s))
        await one_run(server, 1, -1)  # warm-up: imports, first parse
        for n in (1, 3, 5):
            walls = [await one_run(server, n, r) for r in range(runs)]
            wall = statistics.median(walls)
            ideal = math.ceil(n / 3) * latency_s
            rows.append(
                {"n": n, "wall": wall, "ideal": ideal, "p_max": max(walls), "overhead": (wall - ideal) / n}
            )
    return rows


def table(rows: list[dict[str, float]], latency_ms: float, runs: int) -> str:
    lines = [
        f"Gather over local pages that answer after {latency_ms:.0f} ms, median of {runs} runs "
        "(cache off, `render=never`; search is a scripted provider, so this is the reading part).",
        "",
        "| N pages | wall (ms) | ideal ceil(N/3) x latency (ms) | wall / ideal "
        "| overhead per page (ms) | worst run (ms) |",
        "|---:|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        lines.append(
            f"| {r['n']:.0f} | {r['wall'] * 1000:.0f} | {r['ideal'] * 1000:.0f} "
            f"| {r['wall'] / r['ideal']:.2f} | {r['overhead'] * 1000:.1f} | {r['p_max'] * 1000:.0f} |"
        )
    lines += ["", "Command: `.venv/bin/python bench/gather.py`"]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--latency-ms", type=float, default=200.0)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    rows = asyncio.run(measure(args.latency_ms / 1000, args.runs))
    md = table(rows, args.latency_ms, args.runs)
    print(md)
    write_section("gather", "## Gather (bench/gather.py)\n\n" + md)


if __name__ == "__main__":
    main()
