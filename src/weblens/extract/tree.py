"""Tree edits that cannot fail on odd text."""

from __future__ import annotations

import re
from collections.abc import Iterator

from lxml.html import HtmlElement

from weblens.extract.blocks import BLOCK_TAGS

__all__ = ["drop", "last_leaf_blocks", "leaf_blocks"]

# characters libxml2 accepts when parsing but lxml refuses to write back into a tree
_NOT_XML = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]|[\ud800-\udfff]")


def drop(el: HtmlElement) -> None:
    """Remove ``el`` and its subtree, keeping its tail text in place (``drop_tree``, made total)."""
    if el.getparent() is None:
        return
    try:
        el.drop_tree()
    except ValueError:
        # the merged text holds characters lxml will not set: clean the pieces, then drop
        if el.tail:
            el.tail = _NOT_XML.sub("", el.tail)
        previous = el.getprevious()
        parent = el.getparent()
        if previous is not None and previous.tail:
            previous.tail = _NOT_XML.sub("", previous.tail)
        elif parent is not None and parent.text:
            parent.text = _NOT_XML.sub("", parent.text)
        el.drop_tree()


def _is_leaf(el: HtmlElement) -> bool:
    return not any(child.tag in BLOCK_TAGS for child in el)


def leaf_blocks(root: HtmlElement) -> Iterator[HtmlElement]:
    """Block elements below ``root`` with no block element directly inside, in document order."""
    for el in root.iterdescendants(*BLOCK_TAGS):
        if _is_leaf(el):
            yield el


def last_leaf_blocks(root: HtmlElement) -> Iterator[HtmlElement]:
    """The same, from the last one backwards."""
    blocks = list(root.iterdescendants(*BLOCK_TAGS))  # filtered in C
    for el in reversed(blocks):
        if _is_leaf(el):
            yield el
