"""A readability-style scorer: the second opinion when the density heuristic is unsure.

Each paragraph-like block (``p``, ``pre``, ``td``, ``blockquote``, ``li``, or a ``div`` with text
of its own) of at least 25 characters scores ``1 + commas + min(chars // 100, 3)``; the score
goes in full to the block's parent and in half to its grandparent. A candidate's score is then
nudged by its class/id (article-ish names up, comment-ish names down) and scaled by
``1 - link density`` of its subtree. This rewards *concentration* — many paragraphs side by side
in one container — where the density heuristic rewards total mass, so the two disagree exactly
on the pages where one is likely wrong (an article next to a long comment thread or a teaser
list). Siblings of the winner that score at least a fifth of it, or are clean paragraphs, are
merged in, as in readability.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass

from weblens.extract.blocks import TreeStats, accumulate

__all__ = ["ReadabilityPick", "readability_pick"]

_PARAGRAPHS = frozenset(("p", "pre", "td", "blockquote", "li", "div", "section", "article", "dd"))
_MIN_CHARS = 25
_POSITIVE = re.compile(r"article|body|content|entry|hentry|h-entry|main|page|post|text|blog|story", re.I)
_NEGATIVE = re.compile(
    r"hidden|banner|combx|comment|com-|contact|foot|footer|footnote|masthead|media|meta|outbrain|promo|"
    r"related|scroll|share|shoutbox|sidebar|skyscraper|sponsor|shopping|tags|tool|widget",
    re.I,
)
_CLASS_WEIGHT = 25.0
_SIBLING_SHARE = 0.2
_SIBLING_MIN = 10.0
_CLEAN_PARAGRAPH = 80
_CLEAN_LINK_DENSITY = 0.25


@dataclass(frozen=True, kw_only=True)
class ReadabilityPick:
    """The winning block, and the siblings merged with it (their parent is then the container)."""

    top: int
    container: int  # ``top``, or its parent when siblings were merged in
    merged: tuple[int, ...] = ()


def _class_weight(names: str) -> float:
    weight = 0.0
    if _NEGATIVE.search(names):
        weight -= _CLASS_WEIGHT
    if _POSITIVE.search(names):
        weight += _CLASS_WEIGHT
    return weight


def readability_pick(stats: TreeStats, removed: Collection[int] = ()) -> ReadabilityPick | None:
    """The readability-style choice of main content among the blocks of ``stats``, or None."""
    count = len(stats)
    nodes, parents, chars, links = stats.nodes, stats.parents, stats.chars, stats.links
    scores = [0.0] * count
    for i in range(count):
        if i in removed or chars[i] < _MIN_CHARS or nodes[i].tag not in _PARAGRAPHS:
            continue
        commas = sum(
            piece.count(",") + piece.count("，") for piece in (nodes[i].text, *_tails(stats, i)) if piece
        )
        score = 1.0 + commas + min(chars[i] // 100, 3)
        parent = parents[i]
        if parent >= 0:
            scores[parent] += score
            grandparent = parents[parent]
            if grandparent >= 0:
                scores[grandparent] += score / 2
    total = accumulate(stats, [float(size) for size in chars], removed)
    linked = accumulate(stats, [float(size) for size in links], removed)
    final = [0.0] * count
    for i in range(count):
        if scores[i] > 0 and i not in removed:
            names = f"{nodes[i].get('class') or ''} {nodes[i].get('id') or ''}"
            density = linked[i] / total[i] if total[i] else 0.0
            final[i] = (scores[i] + _class_weight(names)) * (1.0 - density)
    top = max(range(count), key=final.__getitem__, default=None)
    if top is None or final[top] <= 0:
        return None
    parent = parents[top]
    if parent < 0:
        return ReadabilityPick(top=top, container=top)
    threshold = max(_SIBLING_MIN, _SIBLING_SHARE * final[top])
    merged = []
    for sibling in stats.children(parent):
        if sibling == top or sibling in removed:
            continue
        own_density = links[sibling] / chars[sibling] if chars[sibling] else 1.0
        clean = (
            chars[sibling] >= _CLEAN_PARAGRAPH
            and own_density < _CLEAN_LINK_DENSITY
            and stats.sentences[sibling]
        )
        if final[sibling] >= threshold or clean:
            merged.append(sibling)
    if not merged:
        return ReadabilityPick(top=top, container=top)
    return ReadabilityPick(top=top, container=parent, merged=tuple(merged))


def _tails(stats: TreeStats, i: int) -> list[str]:
    """The tails of the inline children of block ``i`` (the rest of its own text)."""
    return [child.tail for child in stats.nodes[i] if child.tail]
