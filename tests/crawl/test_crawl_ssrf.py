"""A crawl never reaches a private address, even when a page of the site links to a name in scope that
resolves to one: proven inside a network namespace of its own (loopback only), where the private
address exists and counts every connection."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


def _can_unshare() -> bool:
    if shutil.which("unshare") is None or shutil.which("ip") is None:
        return False
    return subprocess.run(["unshare", "-n", "-m", "true"], capture_output=True).returncode == 0


@pytest.mark.skipif(not _can_unshare(), reason="needs unshare -n -m (root or user namespaces) and ip")
def test_private_host_in_scope_is_never_connected() -> None:
    script = REPO / "tests" / "crawl" / "netns_ssrf.py"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO), str(REPO / "src")])}
    done = subprocess.run(
        ["unshare", "-n", "-m", sys.executable, str(script)],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout.strip().splitlines()[-1])
    summary = result["summary"]
    assert result["connections"] == 0  # nothing ever reached the private address
    assert summary["counts"]["cut"].get("ssrf_blocked") == 3  # every link cut, each counted once
    assert summary["counts"]["errors"] == 0 and summary["counts"]["pages"] == 1
    warnings = [w for w in summary["warnings"] if "intranet.site.test" in w]
    assert len(warnings) == 1 and warnings[0].startswith("ssrf_blocked")  # reported once, not per URL
