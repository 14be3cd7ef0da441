"""`weblens serve` as a real subprocess, for tests of replicas, workers and shutdown."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tests.support.services import free_port

__all__ = ["served", "wait_for_port"]


def wait_for_port(port: int, proc: subprocess.Popen[bytes], timeout_s: float = 40) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            detail = proc.stderr.read() if proc.stderr else b""
            raise RuntimeError(f"server exited with {proc.returncode}: {detail!r}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError("server did not start")


@contextmanager
def served(
    tmp_path: Path, *args: str, env: dict[str, str] | None = None, log: Path | None = None
) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """``weblens serve`` on a free loopback port; yields (base URL, process); stops it with SIGTERM."""
    port = free_port()
    tmp_path.mkdir(parents=True, exist_ok=True)
    clean = {k: v for k, v in os.environ.items() if not k.startswith("WEBLENS_")}
    full_env = {**clean, "WEBLENS_CACHE_DIR": str(tmp_path / "cache"), **(env or {})}
    out = open(log or tmp_path / f"serve-{port}.log", "wb")  # noqa: SIM115 - closed below
    proc = subprocess.Popen(
        [sys.executable, "-m", "weblens", "serve", "--port", str(port), *args],
        env=full_env,
        stdout=out,
        stderr=subprocess.STDOUT,
    )
    try:
        wait_for_port(port, proc)
        yield f"http://127.0.0.1:{port}", proc
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(timeout=40)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        out.close()
