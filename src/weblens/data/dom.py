"""Small readings of the page's DOM shared by the selector and table sources (pure)."""

from __future__ import annotations

import re

from lxml.html import HtmlElement

__all__ = ["element_text", "pointer_of"]

_SKIP = frozenset(("script", "style", "template", "noscript"))
_BREAKS = frozenset(
    (
        "br",
        "p",
        "div",
        "li",
        "tr",
        "td",
        "th",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "dt",
        "dd",
        "section",
        "article",
    )
)
_WS = re.compile(r"\s+")


def element_text(element: HtmlElement) -> str:
    """The element's visible text with white space collapsed (a ``<br>`` or a block is a space;
    scripts and styles are not text)."""
    out: list[str] = []

    def walk(node: HtmlElement) -> None:
        if node.text:
            out.append(node.text)
        for child in node:
            tag = child.tag if isinstance(child.tag, str) else ""
            if tag not in _SKIP and tag:
                if tag in _BREAKS:
                    out.append(" ")
                walk(child)
                if tag in _BREAKS:
                    out.append(" ")
            if child.tail:
                out.append(child.tail)

    walk(element)
    return _WS.sub(" ", "".join(out)).strip()


def pointer_of(element: HtmlElement) -> str:
    """Where the element sits, as an XPath from the document root (``/html/body/table/tr[3]/td[2]``)."""
    return str(element.getroottree().getpath(element))
