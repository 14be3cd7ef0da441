"""A lost page must never look like success (pure).

When the selected text is a small share of the page's visible text and reads like a page footer —
it sits in a footer (``<footer>``, or a class/id naming a footer, copyright, disclaimer or legal
notice, below ``<body>``) and says something legal, or is dense with legal boilerplate (copyright,
all rights reserved, privacy policy, terms of use, disclaimer, risk disclosure, powered by…) — the
real content was not found. The
extractor then reports ``outcome="thin"``, a ``lost:`` warning and a low confidence instead of
returning the footer as the page.
"""

from __future__ import annotations

import re

from lxml.html import HtmlElement

from weblens.extract.text import measure

__all__ = ["LOST_CONFIDENCE", "footer_text", "lost_reason"]

LOST_CONFIDENCE = 0.2
_SMALL_SHARE = 0.35  # of the page's visible text
_FOOTER_NAMES = re.compile(
    r"(?:^|[\s_-])(?:footer|foot|copyright|disclaimer|legal|colophon)(?:$|[\s_-])", re.I
)
_LEGAL = re.compile(
    r"copyright|©|all rights reserved|privacy (?:policy|statement|notice)|terms (?:of|and) (?:use|service|"
    r"conditions)|disclaimer|risk disclosure|user agreement|powered by|subject to change|"
    r"(?:do|does) not (?:necessarily )?(?:represent|reflect|constitute)|not (?:be )?liable|liability",
    re.I,
)
# _LEGAL matched in the lower-cased text: the same matches (its wordings are lower case) unless a
# character of the text matches an ASCII letter of them under re.I without str.lower making it that
# letter (Turkish dotted and dotless i, the long s), in a quarter of the time (ScrapingHub: 0.58 ->
# 0.14 ms a page, were every page's text looked at)
_LOWER_LEGAL = re.compile(_LEGAL.pattern)
_ODD_FOLDS = ("\u0130", "\u0131", "\u017f")
_LEGAL_PER_WORDS = 60  # one legal phrase per this many words makes a text legal boilerplate


def _footer_named(el: HtmlElement) -> bool:
    for node in (el, *el.iterancestors()):
        if node.tag in ("body", "html"):
            return False
        if node.tag == "footer":
            return True
        names = f"{node.get('class') or ''} {node.get('id') or ''}"
        if names.strip() and _FOOTER_NAMES.search(names):
            return True
    return False


def footer_text(main: HtmlElement, text: str) -> bool:
    """``text`` (selected from ``main``) sits in a page footer and says something legal."""
    return _footer_named(main) and _LEGAL.search(text) is not None  # (the names first: a few look-ups)


def _legal_phrases(text: str) -> int:
    """How many times ``text`` says something legal (matches of :data:`_LEGAL`)."""
    if any(odd in text for odd in _ODD_FOLDS):
        return len(_LEGAL.findall(text))
    return len(_LOWER_LEGAL.findall(text.lower()))


def lost_reason(main: HtmlElement, text: str, visible_chars: int) -> str | None:
    """Why ``text`` (selected from ``main``) is a lost page's footer rather than its content, or None."""
    size = measure(text)  # the page's visible text is measured the same way (see gather_stats)
    if not text or visible_chars <= 0 or size >= _SMALL_SHARE * visible_chars:
        return None
    legal = _legal_phrases(text)
    if legal and _footer_named(main):
        where = "a footer"
    elif legal >= 2 and legal * _LEGAL_PER_WORDS >= len(text.split()):  # words counted only when they matter
        where = "legal boilerplate"
    else:
        return None
    share = round(100 * size / visible_chars)
    return f"lost: the text found is {where} and only {share}% of the page's text; the content was not found"
