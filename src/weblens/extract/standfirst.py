"""The standfirst: the sentence a story sets under its headline, before its text (pure).

News sites and magazines put a summary of a sentence or two under the headline (a "dek",
"Vorspann", "chapô", "entradilla"), in the page's header beside the headline rather than in the
story's body, so the box chosen as the content leaves it out with the header. A reader reads it
as the story's opening; weblens puts it at the head of the content when the headline, too, stood
above the content.

What counts: the first block after the title heading, in document order, that reads as a sentence
(at least :data:`_MIN_WORDS` words) and is either a heading (``<h2>`` under an ``<h1>``: the
story's subtitle) or named as a summary by its class, id or ``itemprop`` ("subtitle", "standfirst",
"dek", "lead", "teaser", "summary"…). Short lines before it (a byline, a date, a section label)
are passed over, at most :data:`_SHORT_LINES`; a sentence that is neither ends the search (the
story's text has begun). Looked up before cleaning, which removes the header.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from lxml.html import HtmlElement

from weblens.extract.authors import BYLINE_START
from weblens.extract.blocks import HEADING_TAGS
from weblens.extract.dates import find_date
from weblens.extract.text import line_text, word_count
from weblens.extract.tree import has_any

__all__ = ["Standfirst", "standfirst_after"]

# A standfirst is a sentence: this many words at least (CJK: two characters a word, as
# text.word_count counts), and not a paragraph of the story: at most _MAX_WORDS. Calibrated on
# the pool's dev pages: the subtitles under headlines run 9 to 45 words; bylines, datelines and
# section labels under them run 1 to 5.
_MIN_WORDS = 6
_MAX_WORDS = 90
_SHORT_LINES = 4  # lines passed over before the standfirst (a byline, a date, a label, a "Share")
_BLOCKS = 30  # blocks looked at after the heading, at most
# a line that names a date in a short line is a dateline, not a standfirst
_DATELINE_WORDS = 20  # (a line of facts: "2024-06-28 07:30 来源：明川日报 记者 林晓雯 字号：大 中 小")
_LINK_SHARE = 0.5  # of a block's characters in links: a related story's link, not a summary
_NAMED = re.compile(
    r"(?:^|[^a-z])(?:sub-?title|sub-?head(?:line|ing)?|stand-?first|dek|deck|summary|lead|lede|teaser|"
    r"intro|excerpt|description|abstract|sapo|chapo|chapeau|bajada|entradilla|vorspann|untertitel|"
    r"subtitulo|sottotitolo|alternativeheadline)(?:$|[^a-z])",
    re.I,
)
# a box of the story's key points under its headline, and how many it lists at most
_KEY_POINTS = re.compile(
    r"(?:^|[^a-z])(?:key-?points?|keypoints|highlights|takeaways|key-?facts|tl-?dr|at-a-glance|"
    r"wichtigste|auf-einen-blick|en-bref|points?-cles|lo-esencial|in-breve|samenvatting)(?:$|[^a-z])",
    re.I,
)
_MAX_POINTS = 8
# blocks that hold text and may be a standfirst (their text is theirs: no block inside them)
_BLOCK_TAGS = HEADING_TAGS | {"p", "div", "span", "li", "section", "header", "strong", "em", "b", "i"}
_INNER_BLOCKS = HEADING_TAGS | {"p", "div", "li", "ul", "ol", "table", "section", "article", "header"}
# boxes whose text is never a standfirst, passed over whole
_SKIPPED = {"script", "style", "noscript", "template", "figure", "figcaption", "button", "nav", "form", "svg"}


@dataclass(frozen=True)
class Standfirst:
    """A standfirst found under the title heading: its element and its text on one line."""

    element: HtmlElement
    text: str
    # the story's key points listed right under a sentence standfirst (a live page's subtitle, then
    # its "Key points"), read as a standfirst of their own
    points: Standfirst | None = None

    @property
    def is_list(self) -> bool:
        """A list of the story's key points, not a sentence."""
        return self.element.tag in ("ul", "ol")

    @property
    def level(self) -> int:
        """Its heading level (2 for ``<h2>``), 0 when it is not a heading."""
        tag = self.element.tag
        return int(tag[1]) if isinstance(tag, str) and tag in HEADING_TAGS else 0


def standfirst_after(heading: HtmlElement) -> Standfirst | None:
    """The standfirst under ``heading`` (the page's title heading), or None."""
    passed = 0
    title = line_text(heading)
    blocks = _blocks_after(heading)
    for block in blocks:
        text = line_text(block)
        if not text or text == title:  # the headline again (one hidden for screen readers, one shown)
            continue
        words = word_count(text)
        if words < _MIN_WORDS or _is_dateline(block, text, words) or BYLINE_START.match(text):
            passed += 1
            if passed > _SHORT_LINES:
                return None
            continue
        if (points := _key_points(block)) is not None:  # (an item named as a summary: its whole list)
            return _listed(points)
        if words <= _MAX_WORDS and _is_summary_block(block, text):
            return Standfirst(block, text, points=_points_after(blocks, block))
        return None  # a sentence that is no summary: the story's text has begun
    return None


def _points_after(blocks: Iterator[HtmlElement], standfirst: HtmlElement) -> Standfirst | None:
    """A list of the story's key points (:func:`_key_points`) among the next ``blocks``, past at most
    :data:`_SHORT_LINES` short lines (its heading, "Key points"); None when a sentence comes first, or
    when the list holds the ``standfirst`` itself (a subtitle set as the first item of a list of
    teasers)."""
    passed = 0
    for block in blocks:
        text = line_text(block)
        if not text:
            continue
        if (points := _key_points(block)) is not None:
            return None if any(up is points for up in standfirst.iterancestors()) else _listed(points)
        passed += 1
        if word_count(text) >= _MIN_WORDS or passed > _SHORT_LINES:
            return None
    return None


def _listed(points: HtmlElement) -> Standfirst:
    return Standfirst(points, "\n".join(line_text(item) for item in points.iterchildren("li")))


def _is_dateline(block: HtmlElement, text: str, words: int) -> bool:
    """A short line that states a date, in its words or by a ``<time>`` mark (a date, a time and "Updated
    33 min ago" set in spans a style parts, which the line's text runs together)."""
    return words <= _DATELINE_WORDS and (find_date(text) is not None or has_any(block, ("time",)))


def _is_summary_block(block: HtmlElement, text: str) -> bool:
    """A subtitle heading, or a block its names call a summary, whose text is not a link's."""
    if _link_chars(block) > _LINK_SHARE * len(text):
        return False
    if block.tag in HEADING_TAGS and block.tag != "h1":
        return True
    return any(_is_named(el) for el in (block, block.getparent()) if el is not None)


def _key_points(block: HtmlElement) -> HtmlElement | None:
    """The list whose first item ``block`` is (an ``<li>``, or a paragraph in one) when the item, the
    list or a box up to two levels above it is named for the story's key points ("Key points",
    "Das Wichtigste": ``<div class="key-points"><ul>``) or as its standfirst (a live blog's summary
    in points, ``<div data-testid="standfirst"><ul>``), else None."""
    item = block if block.tag == "li" else block.getparent()
    found = item.getparent() if item is not None and item.tag == "li" else None
    if item is None or found is None or found.tag not in ("ul", "ol"):
        return None
    up = found.getparent()
    boxes = (item, found, up, up.getparent() if up is not None else None)
    named = any(box is not None and (_KEY_POINTS.search(_names(box)) or _is_named(box)) for box in boxes)
    return found if named and len(found) <= _MAX_POINTS else None


# the attributes naming what a box is: its class and id, and where a script's components name it so
# in place of a class of words (``data-testid="standfirst"``, ``data-component="summary"``)
_NAMING_ATTRIBUTES = ("class", "id", "data-testid", "data-component")


def _names(el: HtmlElement) -> str:
    return " ".join(el.get(name) or "" for name in _NAMING_ATTRIBUTES)


def _is_named(el: HtmlElement) -> bool:
    return _NAMED.search(f"{_names(el)} {el.get('itemprop') or ''}") is not None


def _link_chars(block: HtmlElement) -> int:
    return sum(len(line_text(link)) for link in block.iter("a"))


def _is_hidden(el: HtmlElement) -> bool:
    return el.get("hidden") is not None or el.get("aria-hidden") == "true"


def _blocks_after(heading: HtmlElement) -> Iterator[HtmlElement]:
    """The text blocks after ``heading``'s own subtree, in document order (at most :data:`_BLOCKS`):
    elements of a block tag with no block inside them."""
    count = 0
    node: HtmlElement | None = heading
    while node is not None and node.tag not in ("body", "html"):
        for sibling in node.itersiblings():
            for block in _blocks_in(sibling):
                yield block
                count += 1
                if count >= _BLOCKS:
                    return
        node = node.getparent()


def _blocks_in(el: HtmlElement) -> Iterator[HtmlElement]:
    if not isinstance(el.tag, str) or el.tag in _SKIPPED or _is_hidden(el):
        return
    inner = [child for child in el if isinstance(child.tag, str)]
    if el.tag in _BLOCK_TAGS and not any(child.tag in _INNER_BLOCKS for child in inner):
        yield el
        return
    for child in inner:
        yield from _blocks_in(child)
