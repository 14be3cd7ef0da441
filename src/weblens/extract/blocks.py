"""Text statistics of a tree, gathered in one pass: the raw material of every scorer.

The tree is cut into *blocks*: a block element (``p``, ``div``, ``li``, ``h2``, ``td``…) owns the
text of its inline descendants (``a``, ``span``, ``em``…) and the tails that follow them, up to
the next nested block. For every block we count characters, characters inside links and
sentence stops, and note whether a piece of its text ends in an ellipsis.

Blocks are numbered in document order and know their enclosing block, so subtree sums are one
reverse pass over a list (:func:`accumulate`) and a block's subtree is the index range
``index + 1 .. end``.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field

from lxml.html import HtmlElement

__all__ = ["BLOCK_TAGS", "HEADING_TAGS", "Block", "TreeStats", "accumulate", "gather_stats"]

BLOCK_TAGS = frozenset(
    (
        "html", "body", "div", "section", "article", "main", "p", "li", "ul", "ol", "dl", "dd", "dt",
        "h1", "h2", "h3", "h4", "h5", "h6", "td", "th", "tr", "table", "tbody", "thead", "tfoot",
        "caption", "blockquote", "pre", "figure", "figcaption", "header", "footer", "address",
        "center", "details", "summary", "fieldset", "legend", "nav", "aside", "form", "hgroup",
        "noscript", "menu", "dir", "listing", "plaintext", "xmp",
    )
)  # fmt: skip
HEADING_TAGS = frozenset(("h1", "h2", "h3", "h4", "h5", "h6"))
_ENDS_SENTENCE = frozenset(".!?\"”'’)。！？")


@dataclass(slots=True)
class Block:
    """One block element's own text (not that of nested blocks)."""

    element: HtmlElement
    index: int
    parent: int  # index of the enclosing block; -1 for the root
    end: int = 0  # index of the last block inside this one (itself if none)
    chars: int = 0
    link_chars: int = 0
    stops: int = 0  # sentence punctuation: . ! ? and their CJK forms
    ellipsis: bool = False  # a piece of its text ends in "..." or "…" (a truncated teaser)

    @property
    def plain(self) -> int:
        """Characters outside links."""
        return self.chars - self.link_chars


@dataclass(slots=True)
class TreeStats:
    """Blocks in document order, every element in document order, and each block element's index."""

    blocks: list[Block] = field(default_factory=list)
    elements: list[HtmlElement] = field(default_factory=list)
    owners: list[int] = field(default_factory=list)  # per element: the index of the block it is in
    index: dict[HtmlElement, int] = field(default_factory=dict)

    def block_of(self, el: HtmlElement) -> Block | None:
        found = self.index.get(el)
        return None if found is None else self.blocks[found]


def _count(block: Block, text: str, in_link: bool) -> None:
    stripped = text.strip()
    if not stripped:
        return
    size = len(stripped)
    block.chars += size
    if in_link:
        block.link_chars += size
    block.stops += stripped.count(". ") + stripped.count("? ") + stripped.count("! ") + stripped.count("。")
    last = stripped[-1]
    if last in _ENDS_SENTENCE:
        block.stops += 1
    if last in ".…" and stripped.endswith(("...", "…")):
        block.ellipsis = True


def gather_stats(root: HtmlElement) -> TreeStats:
    """Blocks of ``root``'s subtree in one document-order pass (``root`` is always a block)."""
    stats = TreeStats()
    elements = stats.elements
    owners = stats.owners
    blocks = stats.blocks
    index = stats.index
    owner: dict[HtmlElement, Block] = {}
    linked: set[HtmlElement] = set()
    for el in root.iter():
        tag = el.tag
        if tag.__class__ is not str:
            continue  # comments and processing instructions carry no text
        elements.append(el)
        parent = el.getparent()
        outer = owner.get(parent) if el is not root else None
        in_link = tag == "a" or parent in linked
        if in_link:
            linked.add(el)
        if outer is None or tag in BLOCK_TAGS:
            block = Block(el, len(blocks), -1 if outer is None else outer.index)
            index[el] = block.index
            blocks.append(block)
        else:
            block = outer
        owner[el] = block
        owners.append(block.index)
        text = el.text
        if text:
            _count(block, text, in_link)
        tail = el.tail
        if tail and outer is not None:
            _count(outer, tail, parent in linked)
    for block in blocks:
        block.end = block.index
    for block in reversed(blocks):
        if block.parent >= 0:
            up = blocks[block.parent]
            if block.end > up.end:
                up.end = block.end
    return stats


def accumulate(stats: TreeStats, values: list[float], skip: Collection[int] = ()) -> list[float]:
    """Subtree sums of per-block ``values`` in one reverse pass; blocks in ``skip`` pass nothing up."""
    sums = list(values)
    blocks = stats.blocks
    for i in range(len(sums) - 1, 0, -1):
        value = sums[i]
        if value and i not in skip:
            parent = blocks[i].parent
            if parent >= 0:
                sums[parent] += value
    return sums
