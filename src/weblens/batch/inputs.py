"""Batch input lines → requests and their keys (pure).

An input file holds one input a line: a URL, or a JSON object of :class:`~weblens.requests.BrowseRequest`
fields (``{"url": …, "render": "never"}``); both may be mixed. Blank lines and lines starting with ``#``
are skipped. A line that is not a valid request still yields an input, with its ``invalid_argument``
error, so it gets its error line like any failed read.

The ``key`` of an input is a stable hash of its normalised request: the URL with lower-case scheme and
host, no default port and no fragment, plus the request's other fields as given; the same input gives the
same key on every run and machine, and a bare URL line has the key of ``{"url": that URL}``.
"""

from __future__ import annotations

import hashlib
import json
from collections import defaultdict, deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from weblens.cache.keys import normalise_url
from weblens.errors import InvalidArgument
from weblens.requests import BrowseRequest

__all__ = ["BatchInput", "input_key", "interleave", "parse_input", "read_inputs"]

Echo = str | dict[str, Any]


@dataclass(frozen=True)
class BatchInput:
    line: int
    """1-based line number in the input file."""
    echo: Echo
    """What the output's ``input`` repeats: the URL string or the JSON object as given."""
    key: str
    request: BrowseRequest | None = None
    error: InvalidArgument | None = None


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


def input_key(request: BrowseRequest) -> str:
    """The stable key of a request (see the module docstring)."""
    fields = request.model_dump(mode="json", exclude_unset=True)
    fields["url"] = normalise_url(request.url)
    return _digest(json.dumps(fields, sort_keys=True, separators=(",", ":"), ensure_ascii=False))


def parse_input(text: str, line: int) -> BatchInput | None:
    """One input line, or None for a blank line or a ``#`` comment."""
    stripped = text.strip().lstrip("\ufeff")
    if not stripped or stripped.startswith("#"):
        return None
    echo: Echo = stripped
    try:
        if stripped[0] in "{[":
            data = json.loads(stripped)
            if not isinstance(data, dict):
                raise InvalidArgument("a JSON input line must be an object of browse fields")
            echo = data
            request = BrowseRequest.parse(data)
        else:
            request = BrowseRequest.build(stripped)
    except ValueError as exc:  # json.JSONDecodeError
        error = InvalidArgument(f"line {line}: not valid JSON ({exc})")
        return BatchInput(line, echo, "invalid:" + _digest(stripped), error=error)
    except InvalidArgument as exc:
        error = InvalidArgument(f"line {line}: {exc.message}", field=exc.field)
        return BatchInput(line, echo, "invalid:" + _digest(stripped), error=error)
    return BatchInput(line, echo, input_key(request), request=request)


def read_inputs(lines: Iterable[str]) -> Iterator[BatchInput]:
    """Every input of a file's lines, in order."""
    for number, text in enumerate(lines, start=1):
        parsed = parse_input(text, number)
        if parsed is not None:
            yield parsed


def interleave(items: Iterable[BatchInput], site: Callable[[BatchInput], str]) -> list[BatchInput]:
    """``items`` reordered round-robin over their sites (first-seen order within a site), so a file
    sorted by site does not keep every worker waiting on one site's turn while others are free."""
    queues: dict[str, deque[BatchInput]] = defaultdict(deque)
    for item in items:
        queues[site(item)].append(item)
    out: list[BatchInput] = []
    while queues:
        for name in list(queues):
            out.append(queues[name].popleft())
            if not queues[name]:
                del queues[name]
    return out
