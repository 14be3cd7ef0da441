"""What an output file already holds (pure over its lines): the keys done, and where a torn last line starts.

Lines are appended whole (``line + "\\n"`` in one write), so every line that ends with a newline is
complete; only the last one can lack its newline, when the writer was killed during the write. That
tail is reported (``good_bytes`` is where it starts) so the caller can cut it off before appending.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from weblens.batch.lines import line_key

__all__ = ["Resume", "scan", "scan_file"]


@dataclass
class Resume:
    keys: set[str] = field(default_factory=set)
    good_bytes: int = 0
    """Bytes of complete lines; anything after is a torn line to cut off."""
    torn: bool = False
    unreadable: int = 0
    """Complete lines that are not batch lines (left in place, their input is read again)."""


def scan(chunks: Iterable[bytes]) -> Resume:
    """Scan an output file given as its lines (``readline`` pieces, each ending with ``\\n`` but the last)."""
    state = Resume()
    for line in chunks:
        if not line.endswith(b"\n"):
            state.torn = bool(line)
            break
        key = line_key(line)
        if key is None:
            state.unreadable += 1
        else:
            state.keys.add(key)
        state.good_bytes += len(line)
    return state


def scan_file(path: Path) -> Resume:
    """:func:`scan` over a file (streamed); an absent file holds nothing."""
    try:
        with path.open("rb") as handle:
            return scan(handle)
    except FileNotFoundError:
        return Resume()
