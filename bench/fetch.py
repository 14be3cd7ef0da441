"""Fetch benchmark: the guarded fetcher against a bare httpx GET of the same local page.

Usage::

    .venv/bin/python bench/fetch.py [-n N] [--size BYTES] [--no-write]

A loopback server (the test suite's) serves one HTML page. Both clients keep
their connection alive, and their requests alternate one by one so machine
noise hits both alike; one untimed warm-up request each. The difference is the
guard's cost per request: URL checks, the pinned backend, bounded decoding,
content-type and charset handling, the FetchedPage record.

A second table measures the whole ``Lens.browse`` (guard + fetch + extraction +
cache write) against a bare httpx GET of a real article page, and the latency of
a cache hit from the memory and the SQLite cache. Writes the "fetch" section of
docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "src"))

import tempfile  # noqa: E402

import httpx  # noqa: E402
import structlog  # noqa: E402
from tests.support.pages import page as fixture_page  # noqa: E402
from tests.support.servers import LoopbackServer, Response  # noqa: E402

from bench.report import write_section  # noqa: E402
from weblens import Lens, Settings  # noqa: E402
from weblens.net.fetch import FetchLimits, GuardedFetcher  # noqa: E402
from weblens.net.guard import Guard  # noqa: E402
from weblens.net.policy import AllowList  # noqa: E402
from weblens.net.resolver import StaticResolver  # noqa: E402


def _page(size: int) -> bytes:
    paragraph = b"<p>" + b"The quick brown fox jumps over the lazy dog. " * 20 + b"</p>\n"
    body = paragraph * (size // len(paragraph) + 1)
    return b"<!doctype html><html><head><title>bench</title></head><body>" + body[:size] + b"</body></html>"


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


async def _measure(server: LoopbackServer, path: str, n: int) -> tuple[list[float], list[float]]:
    url = f"http://bench.test:{server.port}{path}"
    allow = AllowList.parse([f"bench.test:{server.port}"])
    guard = Guard(StaticResolver({"bench.test": ["127.0.0.1"]}), allow)
    bare_url = server.url(path)
    guarded: list[float] = []
    bare: list[float] = []
    async with GuardedFetcher(guard, FetchLimits()) as fetcher, httpx.AsyncClient(trust_env=False) as client:
        await fetcher.fetch(url)
        (await client.get(bare_url)).raise_for_status()
        for _ in range(n):
            start = time.perf_counter()
            await fetcher.fetch(url)
            guarded.append((time.perf_counter() - start) * 1000)
            start = time.perf_counter()
            response = await client.get(bare_url)
            _ = response.text
            bare.append((time.perf_counter() - start) * 1000)
    return guarded, bare


async def _timed(n: int, call: object) -> list[float]:
    values = []
    for _ in range(n):
        start = time.perf_counter()
        await call()  # type: ignore[operator]
        values.append((time.perf_counter() - start) * 1000)
    return values


async def _measure_lens(server: LoopbackServer, path: str, n: int) -> dict[str, list[float]]:
    url = server.url(path)
    base = {"allow_hosts": [server.allow_entry], "per_domain_rate_limit": 10**9, "render": "never"}
    out: dict[str, list[float]] = {}
    async with Lens(Settings(**base, cache="none")) as lens, httpx.AsyncClient(trust_env=False) as client:
        await lens.browse(url)
        await client.get(url)
        out["Lens.browse, no cache (fetch + extract)"] = await _timed(n, lambda: lens.browse(url))
        out["bare httpx GET"] = await _timed(n, lambda: client.get(url))
    with tempfile.TemporaryDirectory() as tmp:
        for backend in ("memory", "sqlite"):
            async with Lens(Settings(**base, cache=backend, cache_dir=Path(tmp))) as lens:
                await lens.browse(url)
                out[f"Lens.browse, {backend} cache hit"] = await _timed(n, lambda: lens.browse(url))
    return out


def _lens_report(results: dict[str, list[float]], n: int) -> str:
    lines = [
        "",
        "### Lens.browse: guard + fetch + extraction + cache, and cache hits",
        "",
        f"The article page of the test fixtures ({len(fixture_page('article.html')) // 1000} KB, "
        f"about 550 words) from a loopback server, {n} calls each after one warm-up call.",
        "",
        "| call | p50 ms | p95 ms | mean ms |",
        "| --- | ---: | ---: | ---: |",
    ]
    for name, values in results.items():
        lines.append(
            f"| {name} | {_percentile(values, 0.5):.2f} | {_percentile(values, 0.95):.2f} "
            f"| {statistics.fmean(values):.2f} |"
        )
    browse = _percentile(results["Lens.browse, no cache (fetch + extract)"], 0.5)
    bare = _percentile(results["bare httpx GET"], 0.5)
    lines += ["", f"Overhead of guard + extraction + cache per request at p50: {browse - bare:+.2f} ms."]
    return "\n".join(lines)


def _report(results: dict[str, tuple[list[float], list[float]]], n: int, size: int) -> str:
    lines = [
        "## Fetch: guard overhead per request",
        "",
        f"`.venv/bin/python bench/fetch.py -n {n} --size {size}` — one {size // 1000} KB HTML page from a "
        f"loopback server, {n} requests per client, the two clients alternating request by request, "
        'after one warm-up each. "keep-alive" reuses one connection; "new connection" has the server '
        "answer `Connection: close`, so every request pays for the guarded lookup and the pinned connect.",
        "",
        "| connection | client | p50 ms | p95 ms | mean ms |",
        "| --- | --- | ---: | ---: | ---: |",
    ]
    overheads = []
    for label, (guarded, bare) in results.items():
        for name, values in (("GuardedFetcher.fetch", guarded), ("bare httpx GET", bare)):
            lines.append(
                f"| {label} | {name} | {_percentile(values, 0.5):.2f} | {_percentile(values, 0.95):.2f} "
                f"| {statistics.fmean(values):.2f} |"
            )
        overheads.append(f"{label} {_percentile(guarded, 0.5) - _percentile(bare, 0.5):+.2f} ms")
    lines += ["", "Guard overhead at p50: " + ", ".join(overheads) + " per request."]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=300, help="requests per client")
    parser.add_argument("--size", type=int, default=50_000, help="page size in bytes")
    parser.add_argument("--no-write", action="store_true", help="print only; leave docs/benchmarks.md alone")
    args = parser.parse_args()
    structlog.configure(wrapper_class=structlog.make_filtering_bound_logger(40))  # no per-request logs
    body = _page(args.size)
    with LoopbackServer() as server:
        server.route("/page", Response(body=body))
        server.route("/article", Response(body=fixture_page("article.html")))
        server.route(
            "/close", Response(body=body, headers={"Content-Type": "text/html", "Connection": "close"})
        )
        results = {
            "keep-alive": asyncio.run(_measure(server, "/page", args.n)),
            "new connection": asyncio.run(_measure(server, "/close", args.n)),
        }
        lens_results = asyncio.run(_measure_lens(server, "/article", args.n))
    report = _report(results, args.n, args.size) + "\n" + _lens_report(lens_results, args.n)
    print(report)
    if not args.no_write:
        write_section("fetch", report)


if __name__ == "__main__":
    main()
