"""Crawling a real site on loopback: weblens crawl against a Scrapy CrawlSpider + trafilatura (and a
naive asyncio loop over weblens.extract), side by side in one run; resume after SIGKILL; map; a
100,000-page site's memory; the queue with two workers, one killed.

    .venv/bin/python -m pip install -e '.[bench]'     # scrapy, matplotlib
    .venv/bin/python bench/crawl.py [--only docs|resume|map|synthetic|queue] [--synthetic-pages N]

The site is Debian's Python 3.11 manual (``apt-get install python3.11-doc``) served with a robots.txt
Disallow, a sitemap index with a gzipped child, an endless calendar, URL variants of its pages and a
link to another site (``bench/crawl_site.py``); every request is logged by the server, so every
figure is counted where the requests arrive. Each crawler gets a fresh server and the same
concurrency (8); politeness pacing is off for all (``WEBLENS_CRAWL_RATE_LIMIT=off``; Scrapy's
``DOWNLOAD_DELAY=0``), robots.txt on for all. Pages/s: pages written over the whole process's wall
time (start-up included). Peak RSS: the process and all its descendants (extraction workers,
Chromium), sampled every 0.2 s. Writes the ``crawl`` section of docs/benchmarks.md and
docs/crawl-bench.png.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.crawl_site import DISALLOWED, START, page_path, reachable  # noqa: E402
from bench.report import write_section  # noqa: E402

PY = sys.executable
CONCURRENCY = 8
PLOT = ROOT / "docs" / "crawl-bench.png"
GOALS = {
    "coverage": 99.5,
    "calendar": 200,
    "repeated": 1.0,
    "refetched": 16,
    "map_share": 99.0,
    "map_seconds": 20.0,
    "speedup": 3.0,
    "rss_mb": 600.0,
}


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("WEBLENS_")}
    env.update(
        WEBLENS_CRAWL_RATE_LIMIT="off",
        WEBLENS_CACHE="none",
        WEBLENS_LOG_LEVEL="error",
        PYTHONPATH=os.pathsep.join([str(ROOT), str(ROOT / "src")]),
    )
    env.update(extra)
    return env


# --- servers ------------------------------------------------------------------------------------------
@dataclass
class Served:
    port: int
    other_port: int
    log: Path

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def requests(self) -> list[tuple[float, str]]:
        return _log(self.log)

    def other_requests(self) -> list[tuple[float, str]]:
        return _log(self.log.with_suffix(".other"))


def _log(path: Path) -> list[tuple[float, str]]:
    if not path.exists():
        return []
    rows = []
    for line in path.read_text().splitlines():
        stamp, _, target = line.partition("\t")
        rows.append((float(stamp), target))
    return rows


@contextmanager
def docs_site(folder: Path) -> Iterator[Served]:
    port_file, log = folder / f"port-{time.monotonic_ns()}", folder / f"requests-{time.monotonic_ns()}.log"
    proc = subprocess.Popen([PY, str(ROOT / "bench" / "crawl_site.py"), "docs", str(port_file), str(log)])
    try:
        while not port_file.exists() or not port_file.read_text().strip():
            time.sleep(0.05)
        port, other = (int(x) for x in port_file.read_text().split())
        yield Served(port, other, log)
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=10)


@contextmanager
def synthetic_site(folder: Path, pages: int) -> Iterator[int]:
    port_file = folder / f"synthetic-port-{time.monotonic_ns()}"
    proc = subprocess.Popen(
        [PY, str(ROOT / "bench" / "crawl_site.py"), "synthetic", str(port_file), str(pages)]
    )
    try:
        while not port_file.exists() or not port_file.read_text().strip():
            time.sleep(0.05)
        yield int(port_file.read_text())
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=10)


# --- running a crawler, measured ------------------------------------------------------------------
def _descendants(pid: int) -> list[int]:
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        children.setdefault(int(stat.rsplit(")", 1)[1].split()[1]), []).append(int(entry))
    found, stack = [], [pid]
    while stack:
        current = stack.pop()
        found.append(current)
        stack.extend(children.get(current, []))
    return found


def _field_kb(path: str, name: str) -> int:
    try:
        for line in Path(path).read_text().splitlines():
            if line.startswith(name + ":"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def tree_memory(pid: int) -> tuple[int, int]:
    """(RSS, PSS) bytes of ``pid`` and every process below it. RSS counts a page shared by several
    processes (a library, Chromium's binary in each of its processes) once per process; PSS divides
    it among them, so the PSS sum is the memory the tree really holds."""
    rss = pss = 0
    for each in _descendants(pid):
        rss += _field_kb(f"/proc/{each}/status", "VmRSS") * 1024
        pss += _field_kb(f"/proc/{each}/smaps_rollup", "Pss") * 1024
    return rss, pss


@dataclass
class Run:
    seconds: float = 0.0
    peak_rss: int = 0
    peak_pss: int = 0
    series: list[tuple[float, int, int]] = field(default_factory=list)
    """(seconds since start, lines written, PSS bytes of the process tree)."""
    returncode: int | None = None
    stdout: str = ""
    killed_at: float | None = None
    """Monotonic time of the SIGKILL, when the run was killed."""


def measured(
    cmd: list[str], out: Path, env: dict[str, str], *, kill_at: int | None = None, every: float = 0.2
) -> Run:
    """Run ``cmd``, sampling its tree's memory and ``out``'s line count; SIGKILL it (its whole process
    group) once ``out`` has ``kill_at`` lines."""
    run = Run()
    start = time.monotonic()
    proc = subprocess.Popen(
        cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, start_new_session=True
    )
    while proc.poll() is None:
        lines = _count_lines(out)
        rss, pss = tree_memory(proc.pid)
        run.peak_rss, run.peak_pss = max(run.peak_rss, rss), max(run.peak_pss, pss)
        run.series.append((time.monotonic() - start, lines, pss))
        if kill_at is not None and lines >= kill_at:
            run.killed_at = time.monotonic()
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
            break
        time.sleep(every)
    stdout = proc.stdout.read().decode() if proc.stdout else ""
    run.stdout = stdout
    run.returncode = proc.returncode
    run.seconds = time.monotonic() - start
    run.series.append((run.seconds, _count_lines(out), 0))
    return run


def _count_lines(path: Path) -> int:
    try:
        with path.open("rb") as handle:
            return sum(chunk.count(b"\n") for chunk in iter(lambda: handle.read(1 << 20), b""))
    except FileNotFoundError:
        return 0


def weblens_cmd(*args: str) -> list[str]:
    return [PY, "-m", "weblens", *args]


def docs_crawl_cmd(url: str, out: Path, *extra: str) -> list[str]:
    """``weblens crawl`` of the served docs site as every part runs it (its host let past the guard)."""
    pace = ("--concurrency", str(CONCURRENCY), "--allow-host", urlsplit(url).netloc)
    return weblens_cmd("crawl", url, "--out", str(out), *pace, *extra)


# --- figures of a docs crawl -------------------------------------------------------------------------
def identity(url: str) -> str | None:
    """The docs page a URL names (query and fragment dropped, ``dir/`` as ``dir/index.html``)."""
    return page_path(urlsplit(url).path)


@dataclass
class Figures:
    name: str
    pages: int = 0
    coverage: float = 0.0
    disallowed: int = 0
    calendar: int = 0
    off_scope: int = 0
    repeated_pct: float = 0.0
    urls_twice: int = 0
    texts_twice: int = 0
    seconds: float = 0.0
    pages_per_s: float = 0.0
    peak_rss_mb: float = 0.0
    peak_pss_mb: float = 0.0


def figures(name: str, out: Path, served: Served, run: Run, site: list[str]) -> Figures:
    lines = [json.loads(line) for line in out.read_text().splitlines() if line.strip()]
    got: set[str] = set()
    texts: list[str] = []
    for line in lines:
        if "error" in line or "duplicate_of" in line:
            continue
        page = line.get("page")
        text = page.get("text", "") if page else line.get("text", "")
        for url in (line.get("url"), (page or {}).get("final_url")):
            if url and (found := identity(url)) is not None:
                got.add(found)
        if text.strip():
            texts.append(" ".join(text.split()))
    requests = served.requests()
    paths = [urlsplit(target).path for _, target in requests]
    page_requests = Counter(identity(target) for _, target in requests if identity(target) is not None)
    repeated = sum(n - 1 for path, n in page_requests.items() if path in set(site))
    urls = [line.get("url") for line in lines]
    page_lines = len(texts)
    return Figures(
        name=name,
        pages=page_lines,
        coverage=100.0 * len(got & set(site)) / len(site),
        disallowed=sum(1 for path in paths if path.startswith(DISALLOWED)),
        calendar=sum(1 for path in paths if path.startswith("/events/")),
        off_scope=len(served.other_requests()),
        repeated_pct=100.0 * repeated / len(site),
        urls_twice=len(urls) - len(set(urls)),
        texts_twice=len(texts) - len(set(texts)),
        seconds=run.seconds,
        pages_per_s=page_lines / run.seconds if run.seconds else 0.0,
        peak_rss_mb=run.peak_rss / 2**20,
        peak_pss_mb=run.peak_pss / 2**20,
    )


def _site_url(url: str) -> str:
    """A URL without its origin (each run serves the site on another port)."""
    parts = urlsplit(url)
    return parts.path + (f"?{parts.query}" if parts.query else "")


SITE_VARIANT_PARAMS = frozenset(("highlight",))
"""The parameter the served site ignores (bench/crawl_site.py adds it to links as a variant): a
crawler that learns so writes a ``duplicate_of`` line for the variants it met before it learned, and
none after — which variants those are depends on timing, in any two runs, interrupted or not."""


def _learned_url(url: str) -> str:
    """``url`` as the site's own rule names it: without the parameters the site ignores."""
    parts = urlsplit(_site_url(url))
    kept = [
        pair for pair in parts.query.split("&") if pair and pair.split("=", 1)[0] not in SITE_VARIANT_PARAMS
    ]
    return parts.path + (f"?{'&'.join(kept)}" if kept else "")


def _kinds_of(lines: list[dict[str, Any]], urls: set[str]) -> list[str]:
    """The first few of ``urls`` with the kind of their line (page, duplicate_of, error)."""
    found = []
    for line in lines:
        url = _site_url(line["url"])
        if url in urls:
            kind = next((k for k in ("page", "duplicate_of", "error") if k in line), "?")
            found.append(f"{url} ({kind})")
    return sorted(found)[:6]


def compare(out: Path, reference: Path) -> dict[str, Any]:
    """An output against an uninterrupted crawl's: the pages read (page lines) must be the same; lines
    naming a URL as a duplicate may differ, as which spelling of a page is read first depends on
    timing (and a variant met after the site taught its rule is not read at all)."""
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    ref = [json.loads(line) for line in reference.read_text().splitlines()]
    urls = [_site_url(line["url"]) for line in lines]
    pages = {_site_url(line["url"]) for line in lines if "page" in line}
    ref_pages = {_site_url(line["url"]) for line in ref if "page" in line}
    return {
        "lines": len(lines),
        "urls_twice": len(urls) - len(set(urls)),
        # the measure: the same set of URLs (a line each: a page, a duplicate or an error),
        # spelled as the site's rules name them (see SITE_VARIANT_PARAMS); spelled as met, beside it
        "same_urls": {_learned_url(u) for u in urls} == {_learned_url(line["url"]) for line in ref},
        "same_spellings": set(urls) == {_site_url(line["url"]) for line in ref},
        "urls_only_here": _kinds_of(lines, set(urls) - {_site_url(line["url"]) for line in ref}),
        "urls_only_in_reference": _kinds_of(ref, {_site_url(line["url"]) for line in ref} - set(urls)),
        "same_pages": pages == ref_pages,
        "pages_missing": len(ref_pages - pages),
        "pages_extra": len(pages - ref_pages),
        "duplicate_lines": sum(1 for line in lines if "duplicate_of" in line),
        "reference_duplicate_lines": sum(1 for line in ref if "duplicate_of" in line),
    }


# --- the parts ---------------------------------------------------------------------------------------------
def part_docs(folder: Path, site: list[str]) -> tuple[list[Figures], dict[str, Run], Path]:
    results, runs = [], {}
    weblens_out = folder / "weblens.jsonl"
    contenders = {
        "weblens crawl": docs_crawl_cmd,
        "Scrapy + trafilatura": lambda url, out: [
            PY,
            str(ROOT / "bench" / "crawl_scrapy.py"),
            url,
            str(out),
            str(CONCURRENCY),
        ],
        "asyncio loop + weblens.extract": lambda url, out: [
            PY,
            str(ROOT / "bench" / "crawl_naive.py"),
            url,
            str(out),
            str(CONCURRENCY),
        ],
    }
    for name, make in contenders.items():
        out = (
            weblens_out
            if name == "weblens crawl"
            else folder / f"{re.sub(r'[^a-z]+', '-', name.lower())}.jsonl"
        )
        with docs_site(folder) as served:
            run = measured(make(served.origin + START, out), out, _env())
            found = figures(name, out, served, run, site)
        print(f"{name}: {found}", flush=True)
        results.append(found)
        runs[name] = run
    return results, runs, weblens_out


KILL_POINTS = (0.25, 0.5, 0.75)
"""Where in the site's pages the crawl is SIGKILLed, one trial each (which pages are in flight at
the kill, and which spelling of a page is read first, vary with timing: one trial proves little)."""


def part_resume(folder: Path, site: list[str], reference: Path) -> dict[str, Any]:
    trials = [_resume_trial(folder, site, reference, share) for share in KILL_POINTS]
    return {
        "trials": trials,
        "killed_after_lines": "/".join(str(t["killed_after_lines"]) for t in trials),
        "lines_kept": all(t["lines_kept"] for t in trials),
        "refetched": max(t["refetched"] for t in trials),
        "resume_ok": all(t["resume_ok"] for t in trials),
        "urls_twice": max(t["urls_twice"] for t in trials),
        "same_urls": all(t["same_urls"] for t in trials),
        "same_spellings": sum(1 for t in trials if t["same_spellings"]),
        "same_pages": sum(1 for t in trials if t["same_pages"]),
    }


def _resume_trial(folder: Path, site: list[str], reference: Path, share: float) -> dict[str, Any]:
    out = folder / f"resumed-{share:.2f}.jsonl"
    with docs_site(folder) as served:
        url = served.origin + START
        first = measured(docs_crawl_cmd(url, out), out, _env(), kill_at=int(len(site) * share))
        kept = out.read_bytes()
        from weblens.crawl.lines import scan_file

        before = scan_file(out)
        killed_at = first.killed_at or time.monotonic()
        second = measured(docs_crawl_cmd(url, out, "--resume"), out, _env())
        after_kill = [identity(t) for stamp, t in served.requests() if stamp > killed_at and identity(t)]
    written_before = {identity(u) for u in before.urls} - {None}
    refetched = sum(1 for path in after_kill if path in written_before)
    final = out.read_bytes()
    return {
        "killed_after_lines": len(before.urls),
        "lines_kept": final.startswith(kept[: before.good_bytes]),
        "refetched": refetched,
        "resume_ok": second.returncode == 0,
        **compare(out, reference),
    }


def part_map(folder: Path, site: list[str]) -> dict[str, Any]:
    with docs_site(folder) as served:
        url = served.origin + START
        start = time.monotonic()
        done = subprocess.run(
            weblens_cmd("map", url, "--limit", "100000", "--allow-host", urlsplit(url).netloc),
            env=_env(),
            capture_output=True,
            text=True,
            timeout=120,
        )
        seconds = time.monotonic() - start
    listed = {identity(item["url"]) for item in json.loads(done.stdout)["urls"]}
    return {"share": 100.0 * len(listed & set(site)) / len(site), "seconds": seconds, "listed": len(listed)}


def part_synthetic(folder: Path, pages: int) -> dict[str, Any]:
    out = folder / "synthetic.jsonl"
    with synthetic_site(folder, pages) as port:
        url = f"http://127.0.0.1:{port}/p/0"
        cmd = weblens_cmd(
            "crawl",
            url,
            "--out",
            str(out),
            "--max-pages",
            str(pages),
            "--concurrency",
            "16",
            "--allow-host",
            f"127.0.0.1:{port}",
            "--render",
            "never",
            "--no-sitemaps",
        )
        run = measured(cmd, out, _env(), every=1.0)
    marks = []
    step = max(pages // 10, 1)
    for target in range(step, pages + 1, step):
        hit = next(((t, n, rss) for t, n, rss in run.series if n >= target and rss), None)
        if hit is not None:
            marks.append((target, hit[0], hit[2] / 2**20))
    state = out.with_name(out.name + ".crawl-state")
    return {
        "pages": _count_lines(out),
        "seconds": run.seconds,
        "marks": marks,
        "peak_rss_mb": run.peak_rss / 2**20,
        "peak_pss_mb": run.peak_pss / 2**20,
        "state_mb": state.stat().st_size / 2**20 if state.exists() else 0.0,
    }


def part_queue(folder: Path, reference: Path) -> dict[str, Any]:
    redis_server = shutil.which("redis-server")
    if redis_server is None:
        return {"skipped": "redis-server not installed"}
    from tests.support.services import free_port

    port = free_port()
    redis = subprocess.Popen(
        [redis_server, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL,
    )
    queue = f"redis://127.0.0.1:{port}/0"
    out = folder / "queued.jsonl"
    try:
        time.sleep(0.5)
        with docs_site(folder) as served:
            url = served.origin + START
            env = _env(WEBLENS_ALLOW_HOSTS=urlsplit(url).netloc)
            workers = [
                subprocess.Popen(
                    weblens_cmd("worker", "--queue", queue, "--concurrency", "4"),
                    env=env,
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL,
                    start_new_session=True,
                )
                for _ in range(2)
            ]
            coordinator = subprocess.Popen(
                weblens_cmd(
                    "crawl", url, "--out", str(out), "--queue", queue, "--concurrency", str(CONCURRENCY)
                ),
                env=env,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
            )
            killed = False
            while coordinator.poll() is None:
                if not killed and _count_lines(out) >= 150:
                    os.killpg(workers[0].pid, signal.SIGKILL)
                    killed = True
                time.sleep(0.2)
            for worker in workers[1:]:
                os.killpg(worker.pid, signal.SIGTERM)
                worker.wait(timeout=60)
    finally:
        redis.terminate()
        redis.wait(timeout=10)
    return {"worker_killed": killed, "returncode": coordinator.returncode, **compare(out, reference)}


# --- the report --------------------------------------------------------------------------------------------
def plot(runs: dict[str, Run]) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (top, bottom) = plt.subplots(2, 1, figsize=(8, 6), sharex=True)
    for name, run in runs.items():
        times = [t for t, _, _ in run.series]
        lines = [n for _, n, _ in run.series]
        rate = [
            (lines[i] - lines[i - 5]) / (times[i] - times[i - 5]) if i >= 5 else 0.0
            for i in range(len(times))
        ]
        top.plot(times, rate, label=name)
        bottom.plot(times, [rss / 2**20 for _, _, rss in run.series], label=name)
    top.set_ylabel("pages/s (1 s window)")
    bottom.set_ylabel("memory of the process tree (PSS, MB)")
    bottom.set_xlabel("seconds")
    top.legend(loc="upper right", fontsize=8)
    top.set_title("Crawling the Python 3.11 manual on loopback (concurrency 8)")
    fig.tight_layout()
    fig.savefig(PLOT, dpi=110)


def _met(ok: bool) -> str:
    return "met" if ok else "**not met**"


def _goal(goal: str, measured: str, ok: bool) -> str:
    return f"| {goal} | {measured} | {_met(ok)} |"


def _goals(
    ours: Figures, scrapy: Figures, resume: dict[str, Any], mapped: dict[str, Any], size: int
) -> list[str]:
    speedup = ours.pages_per_s / scrapy.pages_per_s if scrapy.pages_per_s else 0.0
    resumed = (
        f"{len(KILL_POINTS)} kills: the same URLs: {resume.get('same_urls')} (the same pages read in "
        f"{resume.get('same_pages')} of {len(KILL_POINTS)}; the same variant spellings met before the site's "
        f"`highlight` rule was learned in {resume.get('same_spellings')} of {len(KILL_POINTS)}), URLs twice: "
        f"{resume.get('urls_twice')}, lines "
        f"kept: {resume.get('lines_kept')}, refetched ≤ {resume.get('refetched')} (killed after "
        f"{resume.get('killed_after_lines')} lines)"
    )
    resume_ok = (
        bool(resume.get("same_urls")) and bool(resume.get("lines_kept")) and resume.get("urls_twice") == 0
    )
    share, seconds = float(mapped.get("share", 0)), float(mapped.get("seconds", 99))
    memory = (
        f"PSS {ours.peak_pss_mb:.0f} MB (RSS summed over the processes, each counting the pages it shares: "
        f"{ours.peak_rss_mb:.0f} MB)"
    )
    return [
        "| goal | measured | |",
        "|---|---|---|",
        _goal(
            f"coverage ≥ {GOALS['coverage']} % of the {size} reachable pages",
            f"{ours.coverage:.2f} %",
            ours.coverage >= GOALS["coverage"],
        ),
        _goal("0 requests under a Disallow", str(ours.disallowed), ours.disallowed == 0),
        _goal(
            f"≤ {GOALS['calendar']:.0f} requests into the calendar",
            str(ours.calendar),
            ours.calendar <= GOALS["calendar"],
        ),
        _goal("0 requests off scope", str(ours.off_scope), ours.off_scope == 0),
        _goal(
            f"repeated requests ≤ {GOALS['repeated']} % of the site",
            f"{ours.repeated_pct:.2f} %",
            ours.repeated_pct <= GOALS["repeated"],
        ),
        _goal(
            "no URL twice, no identical text twice",
            f"{ours.urls_twice} / {ours.texts_twice}",
            ours.urls_twice == 0 and ours.texts_twice == 0,
        ),
        _goal(
            f"SIGKILL + `--resume`: same URLs, earlier lines kept, ≤ {GOALS['refetched']:.0f} refetched",
            resumed,
            resume_ok and int(resume.get("refetched", 99)) <= GOALS["refetched"],
        ),
        _goal(
            f"map lists ≥ {GOALS['map_share']} % of the sitemap in ≤ {GOALS['map_seconds']:.0f} s",
            f"{share:.1f} % in {seconds:.1f} s",
            share >= GOALS["map_share"] and seconds <= GOALS["map_seconds"],
        ),
        _goal(
            f"pages/s ≥ {GOALS['speedup']:.0f} × Scrapy + trafilatura",
            f"{ours.pages_per_s:.1f} vs {scrapy.pages_per_s:.1f} = {speedup:.2f}×",
            speedup >= GOALS["speedup"],
        ),
        _goal(
            f"peak memory of the process tree ≤ {GOALS['rss_mb']:.0f} MB",
            memory,
            ours.peak_pss_mb <= GOALS["rss_mb"],
        ),
    ]


def report(
    results: list[Figures],
    parts: dict[str, dict[str, Any]],
    site: list[str],
    load: str,
) -> str:
    resume, mapped, synthetic, queued = (parts.get(k, {}) for k in ("resume", "map", "synthetic", "queue"))
    ours = next(r for r in results if r.name == "weblens crawl")
    scrapy = next(r for r in results if r.name.startswith("Scrapy"))
    goals = _goals(ours, scrapy, resume, mapped, len(site))
    marks = synthetic.get("marks") or []
    flat = ""
    if len(marks) >= 2:
        moved = marks[-1][2] - marks[0][2]
        flat = f"; from {marks[0][0]:,} to {marks[-1][0]:,} pages its memory moved {moved:+.0f} MB"
    goals.append(
        _goal(
            "a synthetic site crawled to its limit with flat memory",
            f"{synthetic.get('pages', 0):,} pages in {float(synthetic.get('seconds', 0)):.0f} s, peak PSS "
            f"{float(synthetic.get('peak_pss_mb', 0)):.0f} MB{flat}",
            len(marks) >= 2 and abs(marks[-1][2] - marks[0][2]) < 50,
        )
    )
    goals.append(
        _goal(
            "queue, two workers, one SIGKILLed: one line per URL",
            f"{queued.get('lines')} lines, {queued.get('urls_twice')} URLs twice, the same pages as alone: "
            f"{queued.get('same_pages')}",
            queued.get("urls_twice") == 0 and bool(queued.get("same_pages")),
        )
    )
    rows = [
        "| crawler | pages | coverage | under Disallow | calendar | off scope | repeated (% of site) "
        "| URLs twice | texts twice | seconds | pages/s | peak PSS (MB) | peak RSS sum (MB) |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in results:
        rows.append(
            f"| {r.name} | {r.pages} | {r.coverage:.2f}% | {r.disallowed} | {r.calendar} | {r.off_scope} "
            f"| {r.repeated_pct:.2f}% | {r.urls_twice} | {r.texts_twice} | {r.seconds:.1f} "
            f"| {r.pages_per_s:.1f} | {r.peak_pss_mb:.0f} | {r.peak_rss_mb:.0f} |"
        )
    table = ["| pages read | seconds | memory of the process tree (PSS, MB) |", "|---:|---:|---:|"]
    table += [f"| {n:,} | {t:.0f} | {mb:.0f} |" for n, t, mb in marks]
    intro = (
        "`.venv/bin/python bench/crawl.py` — Debian's Python 3.11 manual served on loopback with a "
        f"robots.txt Disallow (`{DISALLOWED}`), a sitemap index with a gzipped child, an endless calendar, "
        "URL variants of "
        "every page (tracking parameters, fragments, directory forms, a highlight parameter) and a link to "
        f"another site (`bench/crawl_site.py`): {len(site)} pages reachable from the start page outside the "
        f"Disallow. Concurrency {CONCURRENCY} for every crawler, pacing off, robots.txt obeyed; each crawler "
        "against a fresh server that logs every request; pages/s over the whole process's life. Scrapy is "
        "told to skip the calendar (it has no trap rule), and counts each URL variant as a page (its "
        f"fingerprint keeps query strings). Load average during the run: {load}."
    )
    return "\n".join(
        [
            "## Crawl (bench/crawl.py)",
            "",
            intro,
            "",
            *goals,
            "",
            *rows,
            "",
            "![pages/s and memory over time](crawl-bench.png)",
            "",
            f"Resume: `{json.dumps(resume)}`. Map: `{json.dumps(mapped)}`. Queue: `{json.dumps(queued)}`.",
            "",
            f"The synthetic site ({synthetic.get('pages', 0):,} pages read, `--max-pages` as many, "
            "concurrency 16, render never); the crawl's state file at the end: "
            f"{float(synthetic.get('state_mb', 0)):.1f} MB:",
            "",
            *table,
        ]
    )


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--only", choices=["docs", "resume", "map", "synthetic", "queue"], action="append")
    parser.add_argument("--synthetic-pages", type=int, default=100_000)
    parser.add_argument("--no-write", action="store_true")
    args = parser.parse_args()
    if not Path("/usr/share/doc/python3.11/html/index.html").exists():
        print("needs Debian's python3.11-doc: apt-get install python3.11-doc", file=sys.stderr)
        return 2
    parts = set(args.only or ["docs", "resume", "map", "synthetic", "queue"])
    site = reachable()
    folder = Path(tempfile.mkdtemp(prefix="weblens-crawl-bench-"))
    loads: list[float] = []
    try:
        results, runs, reference = ([], {}, folder / "weblens.jsonl")
        if parts & {"docs", "resume", "queue"}:
            results, runs, reference = part_docs(folder, site)
            loads.append(os.getloadavg()[0])
        resume = part_resume(folder, site, reference) if "resume" in parts else {}
        loads.append(os.getloadavg()[0])
        mapped = part_map(folder, site) if "map" in parts else {}
        queued = part_queue(folder, reference) if "queue" in parts else {}
        loads.append(os.getloadavg()[0])
        synthetic = part_synthetic(folder, args.synthetic_pages) if "synthetic" in parts else {}
        loads.append(os.getloadavg()[0])
        print(
            json.dumps(
                {"resume": resume, "map": mapped, "queue": queued, "synthetic": synthetic}, default=str
            )
        )
        if results and not args.no_write:
            plot(runs)
            load = f"{min(loads):.1f}–{max(loads):.1f} (1-minute, 2 cores)"
            parts_done = {"resume": resume, "map": mapped, "synthetic": synthetic, "queue": queued}
            write_section("crawl", report(results, parts_done, site, load))
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
