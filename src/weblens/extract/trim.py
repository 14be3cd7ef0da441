"""Drop what the main container repeats from the page header: the title, the standfirst.

The page's title is already in ``PageExtract.title``; a heading at the top of the main
container that says the same thing is a repetition, not content. Only the head of the
container is inspected (up to the first real paragraph), so a heading further down that happens
to match the title stays.
"""

from __future__ import annotations

import re

from lxml.html import HtmlElement

from weblens.extract.blocks import HEADING_TAGS
from weblens.extract.tree import drop

__all__ = ["drop_repeated_header", "same_text"]

_SEPARATORS = re.compile(r"\s+[|\-–—:·•»«]+\s+|\s*::\s*")
_NON_WORD = re.compile(r"[\W_]+")
_LEAD_PARAGRAPH = 150  # characters: the article proper has begun
_HEAD_ELEMENTS = 60  # how far into the container to look at most
_TITLE_SHARE = 0.6


def _norm(text: str) -> str:
    return _NON_WORD.sub(" ", text.lower()).strip()


def same_text(candidate: str, reference: str) -> bool:
    """True if ``candidate`` is ``reference`` or one of its parts (a title minus its site name)."""
    cand = _norm(candidate)
    if not cand:
        return False
    ref = _norm(reference)
    if cand == ref:
        return True
    parts = [_norm(part) for part in _SEPARATORS.split(reference)]
    longest = max((len(part) for part in parts), default=0)
    return any(cand == part for part in parts) or (cand in ref and len(cand) >= _TITLE_SHARE * longest)


def drop_repeated_header(main: HtmlElement, *, title: str | None) -> None:
    """Remove headings at the head of ``main`` that repeat the page title (in place)."""
    if not title:
        return
    doomed: list[HtmlElement] = []
    for seen, el in enumerate(main.iterdescendants()):
        if seen > _HEAD_ELEMENTS:
            break
        tag = el.tag
        if tag in HEADING_TAGS:
            if same_text(el.text_content(), title):
                doomed.append(el)
        elif tag == "p" and len(el.text_content()) >= _LEAD_PARAGRAPH:
            break
    for el in doomed:
        drop(el)
