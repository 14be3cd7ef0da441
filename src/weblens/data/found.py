"""One value found for one field, from whichever source, and the paths that name fields (pure).

A path is written the way the result names it: ``offers[0].price``, ``ingredients[2]``, and
``[3].name`` for the fourth record of a schema whose top level is an array.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

__all__ = ["Found", "child", "item", "parse_path"]


@dataclass
class Found:
    path: str
    value: Any
    source: str
    """json-ld, microdata, rdfa, opengraph, selector, table or llm."""
    pointer: str | None = None
    quote: str | None = None
    start: int | None = None
    end: int | None = None
    verified: bool = False
    problem: str | None = None
    """Why the value failed its check (None when it passed)."""


def child(path: str, name: str) -> str:
    return f"{path}.{name}" if path else name


def item(path: str, index: int) -> str:
    return f"{path}[{index}]"


_PART = re.compile(r"\[(\d+)\]|\.?([^.\[\]]+)")


def parse_path(path: str) -> list[str | int]:
    """``offers[0].price`` → ``["offers", 0, "price"]``."""
    return [int(m.group(1)) if m.group(1) is not None else m.group(2) for m in _PART.finditer(path)]
