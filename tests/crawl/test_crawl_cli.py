"""`weblens crawl` and `weblens map` as processes: summaries, errors, SIGKILL and --resume."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from tests.crawl.bigsite import generated_site, requested_pages
from tests.crawl.site import site
from weblens.cli_support import EXIT_CODES
from weblens.crawl.lines import scan_file


def _env() -> dict[str, str]:
    return {
        **os.environ,
        "WEBLENS_CRAWL_RATE_LIMIT": "off",
        "WEBLENS_CACHE": "none",
        "WEBLENS_RENDER": "never",
    }


def _weblens(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "weblens", *args], env=_env(), capture_output=True, text=True, timeout=120
    )


def _error(done: subprocess.CompletedProcess[str]) -> dict[str, Any]:
    error: dict[str, Any] = json.loads(done.stdout)["error"]
    return error


def test_crawl_prints_its_summary(tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    with site() as s:
        done = _weblens(
            "crawl", s.url("/docs/index.html"), "--out", str(out), "--allow-host", s.allow,
            "--exclude", "/docs/cal*", "--concurrency", "2", "--llms-txt", str(tmp_path / "llms.txt"),
        )  # fmt: skip
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    lines = out.read_text().splitlines()
    assert summary["counts"]["pages"] + summary["counts"]["duplicates"] + summary["counts"]["errors"] == len(
        lines
    )
    assert summary["out"] == str(out) and summary["stopped"] == "done"
    assert "crawl:" in done.stderr  # the closing progress line
    assert (tmp_path / "llms.txt").read_text().startswith("# Index")


def test_crawl_errors_before_anything_runs(tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    with site() as s:
        malformed = _weblens("crawl", "not a url", "--out", str(out))
        private = _weblens("crawl", "http://169.254.169.254/latest/", "--out", str(out))
        missing = _weblens("crawl", s.url("/docs/missing.html"), "--out", str(out), "--allow-host", s.allow)
        schema = tmp_path / "bad.json"
        schema.write_text('{"type": "object", "properties": {"a": {"type": "strnig"}}}')
        bad_schema = _weblens(
            "crawl",
            s.url("/docs/b.html"),
            "--out",
            str(out),
            "--allow-host",
            s.allow,
            "--data-schema",
            str(schema),
        )
        out.write_text("{}\n")
        exists = _weblens("crawl", s.url("/docs/b.html"), "--out", str(out), "--allow-host", s.allow)
        asked = s.requested()
    assert malformed.returncode == 2 and _error(malformed)["code"] == "invalid_argument"
    assert private.returncode == EXIT_CODES["ssrf_blocked"] and _error(private)["code"] == "ssrf_blocked"
    assert missing.returncode == EXIT_CODES["http_error"] and _error(missing)["code"] == "http_error"
    assert bad_schema.returncode == 2 and "strnig" in _error(bad_schema)["message"]
    assert exists.returncode == 2 and "--resume" in _error(exists)["message"]
    assert not any(target.startswith("/docs/b.html") for target in asked)  # refused before any read
    for done in (malformed, private, missing, bad_schema, exists):
        assert "Traceback" not in done.stderr


def test_map_lists_the_sitemap() -> None:
    with site() as s:
        done = _weblens("map", s.url("/docs/index.html"), "--allow-host", s.allow, "--format", "text")
    assert done.returncode == 0, done.stderr
    assert s.url("/docs/from-sitemap.html") in done.stdout.splitlines()


def _crawl(url: str, out: Path, allow: str, *extra: str, capture: bool = False) -> subprocess.Popen[bytes]:
    args = [sys.executable, "-m", "weblens", "crawl", url, "--out", str(out), "--allow-host", allow]
    args += ["--concurrency", "4", "--no-sitemaps", *extra]
    stdout = subprocess.PIPE if capture else subprocess.DEVNULL
    return subprocess.Popen(args, env=_env(), stdout=stdout, stderr=subprocess.DEVNULL)


def test_sigkill_then_resume(tmp_path: Path) -> None:
    total = 120
    with generated_site(total, delay_s=0.02) as server:
        out = tmp_path / "out.jsonl"
        proc = _crawl(server.url("/p/0.html"), out, server.allow_entry)
        deadline = time.monotonic() + 60
        while proc.poll() is None and time.monotonic() < deadline:
            if out.exists() and out.read_bytes().count(b"\n") >= 40:
                break
            time.sleep(0.01)
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
        before = out.read_bytes()
        kept = before[: scan_file(out).good_bytes]
        urls_before = set(scan_file(out).urls)
        assert 40 <= len(urls_before) < total
        asked_before = requested_pages(server)

        resumed = _crawl(server.url("/p/0.html"), out, server.allow_entry, "--resume", capture=True)
        stdout, _ = resumed.communicate(timeout=120)
        assert resumed.returncode == 0
        asked = requested_pages(server)
    assert json.loads(stdout)["resumed"] is True
    assert out.read_bytes().startswith(kept)  # every line written before the kill, unchanged
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    urls = [line["url"] for line in lines]
    assert len(urls) == len(set(urls)) == total  # every page, each once
    written = {url.split("/", 3)[3] for url in urls_before}
    assert all(asked[f"/{path}"] == asked_before[f"/{path}"] for path in written)  # finished: not read again
    again = [path for path, n in asked.items() if n > 1]
    assert len(again) <= 4  # at most what was in flight (concurrency 4) is read twice
