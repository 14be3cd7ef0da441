"""Read the process table from /proc: the browser's processes, their descendants and memory.

Linux only; on other systems every function reports nothing.
"""

from __future__ import annotations

import contextlib
import os
import signal
from collections.abc import Iterable
from pathlib import Path

__all__ = ["cmdline", "descendants", "kill", "matching", "pss_bytes", "rss_bytes"]

_PROC = Path("/proc")


def _pids() -> list[int]:
    try:
        return [int(entry.name) for entry in _PROC.iterdir() if entry.name.isdigit()]
    except OSError:
        return []


def _stat_fields(pid: int) -> list[str] | None:
    try:
        raw = (_PROC / str(pid) / "stat").read_text()
    except OSError:
        return None
    return raw.rsplit(")", 1)[1].split()  # fields after the command name: state, ppid, ...


def _alive(pid: int) -> bool:
    fields = _stat_fields(pid)
    return fields is not None and fields[0] not in ("Z", "X")


def cmdline(pid: int) -> list[str]:
    try:
        raw = (_PROC / str(pid) / "cmdline").read_bytes()
    except OSError:
        return []
    return [part.decode(errors="replace") for part in raw.split(b"\0") if part]


def descendants(root: int) -> list[int]:
    """Living processes below ``root`` in the process tree (not ``root`` itself)."""
    children: dict[int, list[int]] = {}
    for pid in _pids():
        fields = _stat_fields(pid)
        if fields is not None and fields[0] not in ("Z", "X"):
            children.setdefault(int(fields[1]), []).append(pid)
    found: list[int] = []
    stack = [root]
    while stack:
        for child in children.get(stack.pop(), []):
            found.append(child)
            stack.append(child)
    return found


def matching(needles: Iterable[str]) -> list[int]:
    """Living processes whose command line contains any of ``needles`` (wherever they were reparented)."""
    wanted = [needle for needle in needles if needle]
    if not wanted:
        return []
    found = []
    for pid in _pids():
        if pid == os.getpid() or not _alive(pid):
            continue
        line = "\0".join(cmdline(pid))
        if any(needle in line for needle in wanted):
            found.append(pid)
    return found


def kill(pids: Iterable[int]) -> None:
    for pid in pids:
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)


def _status_kb(pid: int, key: str, name: str = "status") -> int:
    try:
        text = (_PROC / str(pid) / name).read_text()
    except OSError:
        return 0
    for line in text.splitlines():
        if line.startswith(key):
            return int(line.split()[1])
    return 0


def rss_bytes(pids: Iterable[int]) -> int:
    """Sum of resident set sizes (shared pages are counted once per process)."""
    return sum(_status_kb(pid, "VmRSS:") for pid in pids) * 1024


def pss_bytes(pids: Iterable[int]) -> int:
    """Sum of proportional set sizes (shared pages divided among their users)."""
    return sum(_status_kb(pid, "Pss:", "smaps_rollup") for pid in pids) * 1024
