"""A real ``weblens batch`` process killed with SIGKILL, then resumed: nothing lost or twice, no torn line."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from tests.batch.support import farm, inputs_of, read_lines
from weblens.batch.resume import scan_file


def _batch(
    source: Path, out: Path, allow: list[str], *extra: str, capture: bool = False
) -> subprocess.Popen[bytes]:
    env = {
        **os.environ,
        "WEBLENS_PER_DOMAIN_RATE_LIMIT": "off",
        "WEBLENS_TIMEOUT_S": "10",
        "WEBLENS_CACHE": "none",
    }
    args = [sys.executable, "-m", "weblens", "batch", str(source), "--out", str(out), "--concurrency", "6"]
    for entry in allow:
        args += ["--allow-host", entry]
    stdout = subprocess.PIPE if capture else subprocess.DEVNULL
    return subprocess.Popen([*args, *extra], env=env, stdout=stdout, stderr=subprocess.DEVNULL)


def _wait_for_lines(out: Path, count: int, proc: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and proc.poll() is None:
        if out.exists() and out.read_bytes().count(b"\n") >= count:
            return
        time.sleep(0.02)
    raise AssertionError("the batch did not get going")


def test_sigkill_then_resume(tmp_path: Path) -> None:
    with farm(3, delay_s=0.03) as sites:
        urls = sites.urls(100)
        source = tmp_path / "urls.txt"
        source.write_text("\n".join(urls) + "\n")
        out = tmp_path / "out.jsonl"
        proc = _batch(source, out, sites.allow)
        _wait_for_lines(out, 60, proc)
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
        before = out.read_bytes()
        state = scan_file(out)
        kept = before[: state.good_bytes]
        assert 60 <= len(state.keys) < len(urls)
        read_before = set(sites.requested())

        resumed = _batch(source, out, sites.allow, "--resume", capture=True)
        stdout, _ = resumed.communicate(timeout=120)
        assert resumed.returncode == 0, stdout
        assert b'"skipped": %d' % len(state.keys) in stdout
        after = out.read_bytes()
        lines = read_lines(out)
        counts = sites.requested()
    assert after.startswith(kept)  # every line written before the kill is still there, unchanged
    assert inputs_of(lines) == sorted(urls)
    assert len({line["key"] for line in lines}) == len(lines) == len(urls)
    # only what was in flight at the kill is read twice
    twice = [where for where in read_before if counts[where] > 1 and where[1].startswith("/p?")]
    assert len(twice) <= 6
    assert all(count == 1 for where, count in counts.items() if where not in read_before)


def test_a_torn_last_line_is_cut_off_and_read_again(tmp_path: Path) -> None:
    with farm(1) as sites:
        urls = [sites.servers[0].url(f"/p?n={n}") for n in range(5)]
        source = tmp_path / "urls.txt"
        source.write_text("\n".join(urls) + "\n")
        out = tmp_path / "out.jsonl"
        assert _batch(source, out, sites.allow).wait(timeout=60) == 0
        whole = out.read_bytes()
        last = whole.rstrip(b"\n").rsplit(b"\n", 1)[-1]
        out.write_bytes(whole[: len(whole) - len(last) // 2 - 1])  # the last line, half written
        assert _batch(source, out, sites.allow, "--resume").wait(timeout=60) == 0
        lines = read_lines(out)
    assert inputs_of(lines) == sorted(urls)
