"""Cache keys: pure functions, no I/O.

A page is cached under the SHA-256 of its normalised URL (lower-case scheme and
host, no default port, no fragment, "/" for an empty path); the query string is
kept as it is, because two orders of parameters may be two pages.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from urllib.parse import urlsplit, urlunsplit

__all__ = ["budget_key", "normalise_url", "page_key", "search_key"]

_DEFAULT_PORTS = {"http": 80, "https": 443}


def normalise_url(url: str) -> str:
    parts = urlsplit(url.strip())
    scheme = parts.scheme.lower()
    host = (parts.hostname or "").rstrip(".")
    shown = f"[{host}]" if ":" in host else host
    try:
        port = parts.port
    except ValueError:
        port = None
    netloc = shown if port in (None, _DEFAULT_PORTS.get(scheme)) else f"{shown}:{port}"
    return urlunsplit((scheme, netloc, parts.path or "/", parts.query, ""))


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def page_key(url: str, variant: str = "") -> str:
    """The key of a page; ``variant`` names extraction options that change the result (``comments``)."""
    suffix = f"|{variant}" if variant else ""
    return "page:" + _digest(normalise_url(url) + suffix)


def search_key(params: Mapping[str, object]) -> str:
    return "search:" + _digest(json.dumps(params, sort_keys=True, default=str))


def budget_key(name: str, now: float, window_s: float) -> str:
    """A counter key for the fixed window that contains ``now``."""
    return f"budget:{name}:{int(now // window_s)}"
