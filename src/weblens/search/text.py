"""Small pure text helpers shared by the engines: de-HTML snippets, host names."""

from __future__ import annotations

import html
import re
from urllib.parse import urlsplit

__all__ = ["clean_text", "domain_of", "is_web_url"]

_TAG = re.compile(r"<!--.*?-->|</?([A-Za-z][A-Za-z0-9]*)[^<>]*>", re.DOTALL)
# tags that separate words; inline ones (<b>, <strong>, <span class="searchmatch">) do not
_BREAKING = frozenset(
    {"br", "p", "div", "li", "ul", "ol", "tr", "td", "th", "table", "blockquote", "hr"}
    | {"h1", "h2", "h3", "h4", "h5", "h6", "section", "article", "header", "footer"}
)


def _drop_tag(match: re.Match[str]) -> str:
    name = (match.group(1) or "").lower()
    return " " if name in _BREAKING or not name else ""


def clean_text(value: object) -> str:
    """Plain text from an engine's title or snippet: tags dropped, entities decoded, whitespace collapsed.

    Tags are removed before entities are decoded, so an escaped ``&lt;b&gt;`` stays
    visible as ``<b>`` text. Anything that is not a string becomes ``""``.
    """
    if not isinstance(value, str):
        return ""
    return " ".join(html.unescape(_TAG.sub(_drop_tag, value)).split())


def domain_of(url: str) -> str:
    """Lower-case host of ``url`` without a leading ``www.`` (``""`` when there is none)."""
    try:
        host = urlsplit(url.strip()).hostname or ""
    except ValueError:
        return ""
    return host.rstrip(".").removeprefix("www.")


def is_web_url(url: object) -> bool:
    """True for an absolute http(s) URL with a host."""
    if not isinstance(url, str):
        return False
    try:
        parts = urlsplit(url.strip())
        return parts.scheme.lower() in ("http", "https") and bool(parts.hostname)
    except ValueError:
        return False
