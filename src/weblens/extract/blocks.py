"""Text statistics of a cleaned tree, gathered in one pass: the raw material of every scorer.

The tree is cut into *blocks*: a block element (``p``, ``div``, ``li``, ``h2``, ``td``…) owns the
text of its inline descendants (``a``, ``span``, ``em``…) and the tails that follow them, up to
the next nested block. For every block we count characters, characters inside links, and a
few punctuation marks that tell prose from chrome.
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


@dataclass(slots=True)
class Block:
    """One block element's own text (not that of nested blocks)."""

    element: HtmlElement
    chars: int = 0
    link_chars: int = 0
    stops: int = 0  # sentence punctuation: . ! ? and their CJK forms
    commas: int = 0
    ellipsis: bool = False  # a piece of its text ends in "..." or "…" (a truncated teaser)


@dataclass(slots=True)
class TreeStats:
    """Blocks in document order, plus each element's parent and order (for bottom-up sums)."""

    blocks: list[Block] = field(default_factory=list)
    elements: list[HtmlElement] = field(default_factory=list)
    parent: dict[HtmlElement, HtmlElement] = field(default_factory=dict)


def _count(block: Block, text: str, in_link: bool) -> None:
    stripped = text.strip()
    if not stripped:
        return
    size = len(stripped)
    block.chars += size
    if in_link:
        block.link_chars += size
    block.stops += stripped.count(". ") + stripped.count("。") + stripped.count("? ") + stripped.count("! ")
    if stripped[-1] in ".!?\"”'’)":
        block.stops += 1
    block.commas += stripped.count(",") + stripped.count("，") + stripped.count("、")
    if stripped.endswith(("...", "…")):
        block.ellipsis = True


def gather_stats(root: HtmlElement) -> TreeStats:
    """Blocks and parent links of ``root``'s subtree in one document-order pass."""
    stats = TreeStats()
    owner: dict[HtmlElement, Block] = {}
    linked: set[HtmlElement] = set()
    parent_of = stats.parent
    elements = stats.elements
    blocks = stats.blocks
    for el in root.iter():
        tag = el.tag
        if not isinstance(tag, str):
            continue
        elements.append(el)
        parent = el.getparent()
        if parent is not None:
            parent_of[el] = parent
        if (parent is not None and parent in linked) or tag == "a":
            linked.add(el)
        if tag in BLOCK_TAGS or parent is None or parent not in owner:
            block = Block(el)
            blocks.append(block)
        else:
            block = owner[parent]
        owner[el] = block
        text = el.text
        if text:
            _count(block, text, el in linked)
        tail = el.tail
        if tail and el is not root:
            outer = owner.get(parent)
            if outer is not None:
                _count(outer, tail, parent in linked)
    return stats


def accumulate(
    stats: TreeStats, values: dict[HtmlElement, float], skip: Collection[HtmlElement] = ()
) -> dict[HtmlElement, float]:
    """Subtree sums of per-element ``values``, bottom-up in one pass; ``skip`` subtrees count nothing."""
    sums = dict(values)
    parent_of = stats.parent
    for el in reversed(stats.elements):
        value = sums.get(el)
        if value and el not in skip:
            parent = parent_of.get(el)
            if parent is not None:
                sums[parent] = sums.get(parent, 0.0) + value
    return sums
