"""Batch reading throughput: ``weblens batch`` (one process; and arq workers over Redis, 1 then 2) against
a plain asyncio + httpx + trafilatura loop over the same URLs, on loopback.

The pages are the 181 real article pages of the scrapinghub corpus (../shared), served from memory by a
server in its own process, each asked ``--repeat`` times under distinct URLs. Every contender reads the
same URL list with the same total concurrency and writes one JSON line per URL; politeness is off for
both (no per-site rate limit or cap, no robots.txt, no cache). Pages/s is counted from the start of the
reading to the last line written (interpreter start-up and imports excluded). Peak RSS is sampled from
/proc for each reading process together with its extraction worker processes.

    .venv/bin/python bench/batch.py [--repeat 4] [--concurrency 16] [--rounds 2]
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.report import write_section  # noqa: E402

PY = sys.executable
CORPUS = Path(os.environ.get("WEBLENS_SHARED", ROOT.parent / "shared")) / "bench" / "scrapinghub" / "html"
POLITENESS_OFF = {
    "WEBLENS_PER_DOMAIN_RATE_LIMIT": "off",
    "WEBLENS_PER_DOMAIN_CONCURRENCY": "0",
    "WEBLENS_CACHE": "none",
    "WEBLENS_LOG_LEVEL": "error",
    "WEBLENS_RENDER": "never",
}


# --- the page server (its own process) -----------------------------------------------------------
def serve(port_file: Path) -> None:
    from tests.support.servers import LoopbackServer, Response

    pages = sorted(CORPUS.glob("*.html.gz"))
    with LoopbackServer() as server:
        for i, path in enumerate(pages):
            server.route(
                f"/p{i}",
                Response(body=gzip.decompress(path.read_bytes()), headers={"Content-Type": "text/html"}),
            )
        port_file.write_text(str(server.port))
        signal.sigwait({signal.SIGTERM, signal.SIGINT})


# --- the comparison: a plain loop --------------------------------------------------------------------
def plain_loop(urls_file: Path, out: Path, concurrency: int) -> None:
    import httpx
    import trafilatura

    urls = urls_file.read_text().split()

    async def run() -> dict[str, float]:
        slots = asyncio.Semaphore(concurrency)
        pages = 0
        limits = httpx.Limits(max_connections=concurrency)
        with out.open("w") as sink:
            async with httpx.AsyncClient(limits=limits, timeout=30) as client:

                async def one(url: str) -> None:
                    nonlocal pages
                    async with slots:
                        response = await client.get(url)
                        text = trafilatura.extract(response.content, url=url)
                        sink.write(json.dumps({"input": url, "text": text}) + "\n")
                        pages += text is not None

                start = time.monotonic()
                await asyncio.gather(*(one(url) for url in urls))
                return {"seconds": time.monotonic() - start, "pages": pages}

    print(json.dumps(asyncio.run(run())))


# --- measuring -------------------------------------------------------------------------------------------
def _tree(root: int) -> list[int]:
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            ppid = int(stat.rsplit(")", 1)[1].split()[1])
            children.setdefault(ppid, []).append(int(entry))
    found, todo = [], [root]
    while todo:
        pid = todo.pop()
        found.append(pid)
        todo += children.get(pid, [])
    return found


def _rss_kb(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


@contextmanager
def peak_rss(pids: Callable[[], list[int]]) -> Iterator[dict[int, int]]:
    """Peak RSS (KB) of each root process together with its descendants, sampled every 0.1 s."""
    peaks: dict[int, int] = {}
    stop = threading.Event()

    def sample() -> None:
        while not stop.wait(0.1):
            for root in pids():
                peaks[root] = max(peaks.get(root, 0), sum(_rss_kb(pid) for pid in _tree(root)))

    thread = threading.Thread(target=sample, daemon=True)
    thread.start()
    try:
        yield peaks
    finally:
        stop.set()
        thread.join()


def _env(**extra: str) -> dict[str, str]:
    return {**os.environ, **POLITENESS_OFF, **extra}


def run_plain(urls: Path, tmp: Path, concurrency: int) -> dict[str, float]:
    proc = subprocess.Popen(
        [PY, __file__, "--plain", str(urls), str(tmp / "plain.jsonl"), str(concurrency)],
        stdout=subprocess.PIPE,
    )
    with peak_rss(lambda: [proc.pid]) as peaks:
        stdout, _ = proc.communicate()
    result = json.loads(stdout)
    return {**result, "rss_mb": peaks.get(proc.pid, 0) / 1024}


def run_batch(
    urls: Path, tmp: Path, concurrency: int, allow: str, queue: str | None = None
) -> dict[str, float]:
    out = tmp / f"batch-{time.monotonic_ns()}.jsonl"
    args = [PY, "-m", "weblens", "batch", str(urls), "--out", str(out), "--concurrency", str(concurrency)]
    args += ["--ignore-robots", "--allow-host", allow] + (["--queue", queue] if queue else [])
    proc = subprocess.Popen(args, env=_env(), stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    with peak_rss(lambda: [proc.pid]) as peaks:
        stdout, _ = proc.communicate()
    result = json.loads(stdout.splitlines()[-1])
    return {"seconds": result["seconds"], "pages": result["pages"], "rss_mb": peaks.get(proc.pid, 0) / 1024}


@contextmanager
def workers(count: int, queue: str, concurrency: int, allow: str) -> Iterator[list[subprocess.Popen[bytes]]]:
    args = ["worker", "--queue", queue, "--concurrency", str(concurrency), "--allow-host", allow]
    procs = [
        subprocess.Popen([PY, "-m", "weblens", *args], env=_env(), stderr=subprocess.DEVNULL)
        for _ in range(count)
    ]
    time.sleep(3)  # imports and the connection to Redis
    try:
        yield procs
    finally:
        for proc in procs:
            proc.send_signal(signal.SIGTERM)
        for proc in procs:
            proc.wait(timeout=60)


@contextmanager
def redis() -> Iterator[str]:
    from tests.support.services import redis_server

    with redis_server() as url:
        yield url


def load() -> str:
    return f"{os.getloadavg()[0]:.1f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--repeat", type=int, default=4, help="times each corpus page is asked (distinct URLs)"
    )
    parser.add_argument("--concurrency", type=int, default=16)
    parser.add_argument(
        "--rounds", type=int, default=2, help="runs of each contender (the median is reported)"
    )
    parser.add_argument("--serve", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--plain", nargs=3, help=argparse.SUPPRESS)
    parser.add_argument(
        "--no-write", action="store_true", help="print the table, leave docs/benchmarks.md alone"
    )
    args = parser.parse_args()
    if args.serve:
        serve(args.serve)
        return
    if args.plain:
        plain_loop(Path(args.plain[0]), Path(args.plain[1]), int(args.plain[2]))
        return
    count = len(list(CORPUS.glob("*.html.gz")))
    if not count:
        sys.exit(f"no corpus at {CORPUS}; set WEBLENS_SHARED")
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        port_file = tmp / "port"
        server = subprocess.Popen([PY, __file__, "--serve", str(port_file)])
        try:
            while not port_file.exists():
                time.sleep(0.05)
            port = int(port_file.read_text())
            allow = f"127.0.0.1:{port}"
            urls = tmp / "urls.txt"
            urls.write_text(
                "".join(f"http://{allow}/p{i}?r={r}\n" for r in range(args.repeat) for i in range(count))
            )
            rows = measure(urls, tmp, args.concurrency, args.rounds, allow)
        finally:
            server.send_signal(signal.SIGTERM)
            server.wait(timeout=10)
    body = report(rows, count * args.repeat, args)
    print(body)
    if not args.no_write:
        write_section("batch", body)


def measure(
    urls: Path, tmp: Path, concurrency: int, rounds: int, allow: str
) -> dict[str, list[dict[str, float]]]:
    rows: dict[str, list[dict[str, float]]] = {}
    c = concurrency
    with redis() as queue:
        for _ in range(rounds):  # contenders alternate, so a noisy neighbour hits them alike
            rows.setdefault("plain", []).append(run_plain(urls, tmp, c))
            rows.setdefault("batch", []).append(run_batch(urls, tmp, c, allow))
            for n in (1, 2):
                with workers(n, queue, c // n, allow) as procs:
                    pids = [p.pid for p in procs]
                    with peak_rss(lambda pids=pids: pids) as peaks:  # type: ignore[misc]
                        result = run_batch(urls, tmp, c, allow, queue=queue)
                    result["rss_mb"] = max(peaks.values()) / 1024
                rows.setdefault(f"queue{n}", []).append(result)
    return rows


def report(rows: dict[str, list[dict[str, float]]], n: int, args: argparse.Namespace) -> str:
    def rate(name: str) -> float:
        return statistics.median(r["pages"] / r["seconds"] for r in rows[name])

    def runs(name: str) -> str:
        return ", ".join(f"{r['pages'] / r['seconds']:.1f}" for r in rows[name])

    def rss(name: str) -> str:
        return f"{max(r['rss_mb'] for r in rows[name]):.0f}"

    plain = rate("plain")
    names = {
        "plain": "asyncio + httpx + trafilatura loop (1 process)",
        "batch": "`weblens batch` (1 process)",
        "queue1": "`weblens batch --queue` + 1 `weblens worker`",
        "queue2": "`weblens batch --queue` + 2 `weblens worker`",
    }
    lines = [
        "## Batch reading (bench/batch.py)",
        "",
        f"`.venv/bin/python bench/batch.py --repeat {args.repeat} --concurrency {args.concurrency} "
        f"--rounds {args.rounds}` — {n} URLs: the 181 scrapinghub article pages (median 115 KB), each asked "
        f"{args.repeat} times, from a loopback server in its own process. The same total concurrency for "
        "every reader (each of 2 workers gets half), one JSON line written per URL (weblens: the whole "
        "PageExtract with Markdown; the loop: the text), politeness off for all (no per-site limit, no "
        "robots.txt, no cache, `render=never`: the loop cannot render). 2 CPUs shared by the server, "
        f"Redis and other work: load average {load()} at the end of the run.",
        "",
        "| reader | pages/s (median) | runs | × plain loop | peak RSS per process (MB) |",
        "|---|---:|---|---:|---:|",
    ]
    for key, label in names.items():
        lines.append(f"| {label} | {rate(key):.1f} | {runs(key)} | {rate(key) / plain:.2f} | {rss(key)} |")
    lines += [
        "",
        f"1 → 2 workers: {rate('queue2') / rate('queue1'):.2f}× (both workers, the server, Redis and "
        "the coordinator share the same 2 cores, so this is a floor, not the scaling across machines).",
        "",
        "Peak RSS counts a reading process with its extraction worker processes (for the queue rows: the "
        "largest worker; the coordinator only writes lines).",
    ]
    return "\n".join(lines)


if __name__ == "__main__":
    main()
