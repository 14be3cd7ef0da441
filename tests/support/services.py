"""Real external programs for tests (redis-server, chromium).

When the program is missing the test is skipped with the install command, unless
WEBLENS_REQUIRE_SERVICES=1 (set by .ci/run), where a missing program fails the run.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

__all__ = ["free_port", "redis_server", "require_program"]


def require_program(name: str, install: str) -> str:
    path = shutil.which(name)
    if path:
        return path
    message = f"{name} not found; install it with: {install}"
    if os.environ.get("WEBLENS_REQUIRE_SERVICES") == "1":
        pytest.fail(message)
    pytest.skip(message)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def redis_server() -> Iterator[str]:
    """A throwaway redis-server on loopback; yields its URL."""
    binary = require_program("redis-server", "apt-get install redis-server")
    port = free_port()
    proc = subprocess.Popen(
        [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 10
        while True:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                    break
            except OSError:
                if time.monotonic() > deadline or proc.poll() is not None:
                    raise RuntimeError("redis-server did not start") from None
                time.sleep(0.05)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        proc.terminate()
        proc.wait(timeout=10)
