"""Find the element that holds the main content, and trim what does not belong to it.

Density heuristic: every block gets a weight — positive for prose (its characters outside
links), negative for chrome (link text, short lines without sentence punctuation) and for
teasers (summaries cut off with an ellipsis, or sitting in a list of "headline link + short
summary" cards). A container's score is the sum over the blocks inside it, computed bottom-up
in one pass; the best container maximises it, so it grows to take in the article's paragraphs
wherever they are split, and stops where link lists, menus and teaser lists would cost more than
they add. From there we descend while one child holds nearly all of the positive weight
(dropping a title or byline sitting beside the body), then prune descendants whose own sum is
negative.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from lxml.html import HtmlElement

from weblens.extract.blocks import HEADING_TAGS, Block, TreeStats, accumulate
from weblens.models import ExtractionMethod

__all__ = ["Selection", "block_weight", "select_main"]

_LINK_PENALTY = 1.5
_SHORT_LINE = 50
_SHORT_PENALTY = 25.0
_DESCEND_SHARE = 0.9
_MIN_CONTENT = 25.0
_PRUNE_GOOD = 200.0
_SENTENCE_PARAGRAPH = 80
# a teaser card: a headline link and at most two short pieces of text, in a list of such cards
_CARD_CHARS = 700
_CARD_TEXTS = 2
_CARD_SIBLINGS = 3
_HEADLINE_LINK = 15
_CELLS = frozenset(("td", "th"))
_CONTAINERS = frozenset(("div", "section", "article", "main", "body", "center", "td", "span", "font", "form"))
_STRUCTURAL = frozenset(
    ("div", "section", "ul", "ol", "dl", "table", "figure", "header", "footer", "p", "li", "center", "span")
)


@dataclass(frozen=True, kw_only=True)
class Selection:
    element: HtmlElement
    method: ExtractionMethod


def block_weight(block: Block, *, teaser: bool = False) -> float:
    """Positive for prose, negative for chrome and teasers."""
    size = block.chars
    if size == 0:
        return 0.0
    links = block.link_chars
    plain = size - links
    if teaser:
        return -0.5 * plain - _LINK_PENALTY * links
    density = links / size
    weight = plain * (1.0 - density) - _LINK_PENALTY * links * density * density
    if block.element.tag in HEADING_TAGS:
        return max(0.0, weight) * 0.2
    if block.ellipsis and plain < 400:
        return min(0.0, weight)
    if block.stops == 0 and plain < _SHORT_LINE and block.element.tag not in _CELLS:
        weight -= _SHORT_PENALTY
    return weight


def _teasers(stats: TreeStats, removed: Collection[HtmlElement]) -> set[HtmlElement]:
    """Block elements that are the summary text of a card in a list of teaser cards."""
    headline: dict[HtmlElement, float] = {}
    texts: dict[HtmlElement, float] = {}
    chars: dict[HtmlElement, float] = {}
    for block in stats.blocks:
        el = block.element
        chars[el] = block.chars
        if block.link_chars >= _HEADLINE_LINK and block.link_chars * 10 >= block.chars * 7:
            headline[el] = 1
        elif block.chars - block.link_chars >= 40 and el.tag not in HEADING_TAGS:
            texts[el] = 1
    headline = accumulate(stats, headline, removed)
    texts = accumulate(stats, texts, removed)
    chars = accumulate(stats, chars, removed)
    parent_of = stats.parent
    cards: list[HtmlElement] = []
    siblings: dict[HtmlElement, int] = {}
    for el in stats.elements:
        if (
            headline.get(el, 0.0) >= 1
            and 1 <= texts.get(el, 0.0) <= _CARD_TEXTS
            and chars.get(el, 0.0) < _CARD_CHARS
            and el not in removed
        ):
            cards.append(el)
            parent = parent_of.get(el)
            if parent is not None:
                siblings[parent] = siblings.get(parent, 0) + 1
    confirmed = {el for el in cards if siblings.get(parent_of.get(el), 0) >= _CARD_SIBLINGS}  # type: ignore[arg-type]
    if not confirmed:
        return set()
    inside: set[HtmlElement] = set()
    for el in stats.elements:
        if el in confirmed or parent_of.get(el) in inside:
            inside.add(el)
    return inside


def _sums(
    stats: TreeStats, removed: Collection[HtmlElement]
) -> tuple[dict[HtmlElement, float], dict[HtmlElement, float]]:
    teasers = _teasers(stats, removed)
    net: dict[HtmlElement, float] = {}
    good: dict[HtmlElement, float] = {}
    for block in stats.blocks:
        weight = block_weight(block, teaser=block.element in teasers)
        net[block.element] = weight
        good[block.element] = max(weight, 0.0)
    return accumulate(stats, net, removed), accumulate(stats, good, removed)


def _descend(best: HtmlElement, good: dict[HtmlElement, float]) -> HtmlElement:
    """Go down while one child container holds nearly all the prose (never into a paragraph)."""
    while True:
        total = good.get(best, 0.0)
        top = max(best, key=lambda child: good.get(child, 0.0), default=None)
        if top is None or top.tag not in _CONTAINERS or good.get(top, 0.0) < _DESCEND_SHARE * total:
            return best
        best = top


def _prune(
    best: HtmlElement, net: dict[HtmlElement, float], good: dict[HtmlElement, float], stats: TreeStats
) -> list[HtmlElement]:
    """Descendants of ``best`` that cost more than they add; a paragraph with a sentence stays."""
    own = {block.element: block for block in stats.blocks}
    pruned: list[HtmlElement] = []
    skip: set[HtmlElement] = set()
    for el in best.iterdescendants():
        if el in skip or el.tag not in _STRUCTURAL:
            continue
        block = own.get(el)
        if block is not None and block.stops and block.chars - block.link_chars >= _SENTENCE_PARAGRAPH:
            continue
        if net.get(el, 0.0) < 0 and good.get(el, 0.0) < _PRUNE_GOOD:
            pruned.append(el)
            skip.update(el.iterdescendants())
    return pruned


def select_main(body: HtmlElement, stats: TreeStats, removed: Collection[HtmlElement] = ()) -> Selection:
    """The main-content element below ``body`` and how it was chosen; prunes it in place.

    ``stats`` are the block statistics of ``body``; ``removed`` the elements cleaning took out.
    """
    net, good = _sums(stats, removed)
    candidates = [el for el in stats.elements if el not in removed]
    best = max(candidates, key=lambda el: net.get(el, 0.0), default=body)
    if net.get(best, 0.0) < _MIN_CONTENT:
        return Selection(element=body, method=ExtractionMethod.FALLBACK)
    while best.tag not in _CONTAINERS and best is not body:
        best = best.getparent()  # a paragraph is never the whole article: take its container
    best = _descend(best, good)
    for el in _prune(best, net, good, stats):
        el.drop_tree()
    return Selection(element=best, method=ExtractionMethod.DENSITY)
