"""Find the element that holds the main content, and trim what does not belong to it.

Density heuristic: every block gets a weight — positive for prose (its characters outside
links), negative for chrome (link text, short lines without sentence punctuation). A
container's score is the sum over the blocks inside it, computed bottom-up in one pass; the
best container maximises it, so it grows to take in the article's paragraphs wherever they
are split, and stops where link lists and menus would cost more than they add. From there we
descend while one child holds nearly all of the positive weight (dropping a title or byline
sitting beside the body), then prune descendants whose own sum is negative.
"""

from __future__ import annotations

from dataclasses import dataclass

from lxml.html import HtmlElement

from weblens.extract.blocks import HEADING_TAGS, Block, TreeStats, gather_stats
from weblens.models import ExtractionMethod

__all__ = ["Selection", "block_weight", "select_main"]

_LINK_PENALTY = 1.5
_SHORT_LINE = 50
_SHORT_PENALTY = 25.0
_DESCEND_SHARE = 0.9
_MIN_CONTENT = 25.0
_STRUCTURAL = frozenset(
    ("div", "section", "ul", "ol", "dl", "table", "figure", "header", "footer", "p", "li", "center", "span")
)


@dataclass(frozen=True, kw_only=True)
class Selection:
    element: HtmlElement
    method: ExtractionMethod


def block_weight(block: Block) -> float:
    """Positive for prose, negative for chrome."""
    size = block.chars
    if size == 0:
        return 0.0
    plain = size - block.link_chars
    weight = plain - _LINK_PENALTY * block.link_chars
    if block.element.tag in HEADING_TAGS:
        return max(0.0, weight) * 0.2
    if block.stops == 0 and plain < _SHORT_LINE:
        weight -= _SHORT_PENALTY
    return weight


def _sums(stats: TreeStats) -> tuple[dict[HtmlElement, float], dict[HtmlElement, float]]:
    net: dict[HtmlElement, float] = {}
    good: dict[HtmlElement, float] = {}
    for block in stats.blocks:
        weight = block_weight(block)
        net[block.element] = weight
        good[block.element] = max(weight, 0.0)
    parent_of = stats.parent
    for el in reversed(stats.elements):
        parent = parent_of.get(el)
        if parent is None:
            continue
        net[parent] = net.get(parent, 0.0) + net.get(el, 0.0)
        good[parent] = good.get(parent, 0.0) + good.get(el, 0.0)
    return net, good


def _descend(best: HtmlElement, good: dict[HtmlElement, float]) -> HtmlElement:
    while True:
        total = good.get(best, 0.0)
        top = max(best, key=lambda child: good.get(child, 0.0), default=None)
        if top is None or good.get(top, 0.0) < _DESCEND_SHARE * total:
            return best
        best = top


def _prune(
    best: HtmlElement, net: dict[HtmlElement, float], good: dict[HtmlElement, float]
) -> list[HtmlElement]:
    pruned: list[HtmlElement] = []
    skip: set[HtmlElement] = set()
    for el in best.iterdescendants():
        if el in skip or el.tag not in _STRUCTURAL:
            continue
        if net.get(el, 0.0) < 0 and good.get(el, 0.0) < 200:
            pruned.append(el)
            skip.update(el.iterdescendants())
    return pruned


def select_main(root: HtmlElement, *, title: str | None = None) -> Selection:
    """The main-content element of a cleaned tree and how it was chosen; prunes it in place."""
    body = root.find("body")
    if body is None:
        body = root
    stats = gather_stats(body)
    net, good = _sums(stats)
    best = max(stats.elements, key=lambda el: net.get(el, 0.0), default=body)
    if net.get(best, 0.0) < _MIN_CONTENT:
        return Selection(element=body, method=ExtractionMethod.FALLBACK)
    best = _descend(best, good)
    for el in _prune(best, net, good):
        el.drop_tree()
    return Selection(element=best, method=ExtractionMethod.DENSITY)
