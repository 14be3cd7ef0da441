"""Appending output lines so that a killed run loses nothing it wrote and leaves at most one torn line.

Each line goes to the kernel in one ``write`` on an ``O_APPEND`` descriptor, at once (no user-space
buffer): once ``write`` returns, the line survives the death of the process, SIGKILL included. A
kill *during* the write can leave a prefix of that one line without its newline; :mod:`weblens.batch.resume`
finds it and the next ``--resume`` cuts it off and reads that input again.

``fsync`` only matters when the machine itself goes down (power, kernel): it runs at most once per
``fsync_every_s`` (1 s) and at close, so a crash of the machine loses at most the last second of
lines, which ``--resume`` reads again, and a run of many small pages is not slowed to the disk's
sync rate.
"""

from __future__ import annotations

import fcntl
import os
import time
from pathlib import Path
from types import TracebackType
from typing import Self

from weblens.errors import InvalidArgument

__all__ = ["LineWriter"]


class LineWriter:
    """The one writer of an output file: it holds an exclusive lock on it (released by the kernel when the
    process dies), so a second run on the same file is refused instead of interleaving its lines."""

    def __init__(self, path: Path, *, fsync_every_s: float = 1.0) -> None:
        self._fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        try:
            fcntl.flock(self._fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(self._fd)
            raise InvalidArgument(f"--out: another run is writing to {path}", field="out") from None
        self._every = fsync_every_s
        self._synced = time.monotonic()
        self.lines = 0

    def truncate(self, size: int) -> None:
        """Cut the file to ``size`` bytes (a torn last line); appends continue from there."""
        os.ftruncate(self._fd, size)

    def write(self, line: bytes) -> None:
        view = memoryview(line)
        while view:
            written = os.write(self._fd, view)
            view = view[written:]
        self.lines += 1
        if time.monotonic() - self._synced >= self._every:
            self.sync()

    def sync(self) -> None:
        os.fsync(self._fd)
        self._synced = time.monotonic()

    def close(self) -> None:
        if self._fd >= 0:
            self.sync()
            os.close(self._fd)
            self._fd = -1

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()
