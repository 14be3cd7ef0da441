"""A crawl's output lines (pure): one JSON object per canonical URL, newline-terminated, UTF-8.

``{"url", "depth", "found_on", "page": PageExtract}`` | ``{…, "error": {code, message, url}}`` |
``{…, "duplicate_of": url}``; with a data schema a page line also has ``"data"``. :func:`scan` reads a
file written by an earlier run (for ``--resume``): the URLs it holds, its counts, and where a torn
last line (a write cut by SIGKILL) starts.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from weblens.models import CrawlLine

__all__ = ["Written", "encode", "scan", "scan_file", "written_lines"]


def encode(line: CrawlLine) -> bytes:
    """The line as bytes (the page's JSON spliced in, not re-serialised through a dict)."""
    head = (
        '{"url":'
        + json.dumps(line.url, ensure_ascii=False)
        + ',"depth":'
        + str(line.depth)
        + ',"found_on":'
        + json.dumps(line.found_on, ensure_ascii=False)
    )
    if line.page is not None:
        body = ',"page":' + line.page.model_dump_json()
        if line.data is not None:
            body += ',"data":' + line.data.model_dump_json(include={"data", "fields", "warnings", "llm_used"})
    elif line.error is not None:
        body = ',"error":' + line.error.model_dump_json()
    else:
        body = ',"duplicate_of":' + json.dumps(line.duplicate_of, ensure_ascii=False)
    return (head + body + "}\n").encode("utf-8")


@dataclass
class Written:
    urls: list[str] = field(default_factory=list)
    pages: int = 0
    errors: int = 0
    duplicates: int = 0
    good_bytes: int = 0
    torn: bool = False
    unreadable: int = 0
    """Complete lines that are not crawl lines (left in place)."""

    @property
    def lines(self) -> int:
        return self.pages + self.errors + self.duplicates


_DECODER = json.JSONDecoder()
_HEAD = '{"url":'
_KINDS = {',"page":': "page", ',"error":': "error", ',"duplicate_of":': "duplicate_of"}


def _head(text: str) -> tuple[str, str] | None:
    """URL and kind read from the head of a line this module wrote (no need to parse the page)."""
    if not text.startswith(_HEAD):
        return None
    try:
        url, end = _DECODER.raw_decode(text, len(_HEAD))
        depth_at = text.index(',"found_on":', end)
        _, end = _DECODER.raw_decode(text, depth_at + len(',"found_on":'))
    except ValueError:
        return None
    for mark, kind in _KINDS.items():
        if text.startswith(mark, end):
            return (url, kind) if isinstance(url, str) else None
    return None


def _classify(data: Any) -> str | None:
    if not isinstance(data, dict) or not isinstance(data.get("url"), str):
        return None
    for kind in ("page", "error", "duplicate_of"):
        if kind in data:
            return kind
    return None


def scan(chunks: Iterable[bytes]) -> Written:
    """What an output holds, given as its lines (each ending with ``\\n`` but maybe the last)."""
    state = Written()
    for line in chunks:
        if not line.endswith(b"\n"):
            state.torn = bool(line)
            break
        text = line.decode("utf-8", errors="replace")
        head = _head(text)
        if head is None:
            try:
                data = json.loads(text)
            except ValueError:
                data = None
            kind = _classify(data)
            head = (data["url"], kind) if kind is not None else None
        if head is None:
            state.unreadable += 1
        else:
            url, kind = head
            state.urls.append(url)
            if kind == "page":
                state.pages += 1
            elif kind == "error":
                state.errors += 1
            else:
                state.duplicates += 1
        state.good_bytes += len(line)
    return state


def scan_file(path: Path) -> Written:
    try:
        with path.open("rb") as handle:
            return scan(handle)
    except FileNotFoundError:
        return Written()


def written_lines(path: Path) -> Iterator[CrawlLine]:
    """The complete crawl lines of an output file, in order (the llms.txt index is built from them)."""
    with path.open("rb") as handle:
        for line in handle:
            if not line.endswith(b"\n"):
                return
            try:
                yield CrawlLine.model_validate_json(line)
            except ValueError:
                continue
