"""Text statistics of a tree, gathered in one pass: the raw material of every scorer.

The tree is cut into *blocks*: a block element (``p``, ``div``, ``li``, ``h2``, ``td``…) owns the
text of its inline descendants (``a``, ``span``, ``em``…) and the tails that follow them, up to
the next nested block. For every block we count characters and characters inside links, and
note whether its text has sentence punctuation and whether a piece of it ends in an ellipsis.

Blocks are numbered in document order and know their enclosing block, so subtree sums are one
reverse pass over a list (:func:`accumulate`) and block ``i``'s subtree is the index range
``i .. ends[i]``. The statistics are kept as parallel lists (this pass runs over every element
of every page, so it creates no object per block).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterator
from dataclasses import dataclass, field
from typing import NamedTuple

from lxml.html import HtmlElement

from weblens.extract.text import measure

__all__ = [
    "BLOCK_TAGS",
    "CELLS",
    "CELL_BLOCKS",
    "HEADING_TAGS",
    "PROSE_CHARS",
    "Block",
    "TreeStats",
    "accumulate",
    "gather_stats",
    "is_link",
    "is_prose",
    "paragraphs_of_prose",
]

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
CELLS = frozenset(("td", "th"))

# the blocks a table's cell holds when the table lays out a page (a data cell holds none)
CELL_BLOCKS = frozenset(("ul", "ol", "dl", "div", "p", "table", "form", "h1", "h2", "h3", "h4", "h5", "h6"))
_CODE = frozenset(("code", "tt"))
# what ends a sentence: Latin and CJK stops, and the full stops of Devanagari and Bengali (।, ॥), Urdu
# (۔), Arabic's question mark (؟), Ethiopic (።), Burmese (။) and Armenian (։)
_ENDS_SENTENCE = frozenset(".!?\"”'’)。！？।॥۔؟።။։")
_INNER_STOP = re.compile(r"[。！？]|[।॥۔؟።။։]\s")  # a sentence's end inside a text of another script

PROSE_CHARS = 80
"""Characters of a block's own text outside links (by ``measure()``: a CJK character counts 3) that,
with a sentence in it, make it a paragraph of prose: one ordinary sentence of about 15 words. Set
when the selector was first written on the ScrapingHub/CleanEval development pages and used since by
the selector, the cleaner and the tail trimmer (four constants of the same value before)."""

PROSE_LINK_PARTS = 3
"""Less than one part in this many of a prose paragraph's text sits inside links: a paragraph that
is a third or more links reads as a list of pointers, not as prose (integer, so the test is exact)."""


def _has_inner_stop(piece: str) -> bool:
    """A sentence ends inside ``piece`` in a script other than Latin (an ASCII text has none)."""
    return not piece.isascii() and _INNER_STOP.search(piece) is not None


def has_sentence(piece: str) -> bool:
    """``piece`` (stripped, not empty) has sentence punctuation: it ends with it, or a sentence ends
    inside it. :func:`gather_stats` asks the same inline, per piece of text, for speed."""
    return piece[-1] in _ENDS_SENTENCE or ". " in piece or _has_inner_stop(piece)


def is_prose(size: int, links: int, sentences: bool) -> bool:
    """A block's own text is a paragraph of prose: a sentence, ``PROSE_CHARS`` or more outside
    links, and less than one part in ``PROSE_LINK_PARTS`` of it in links. The one definition."""
    return sentences and size - links >= PROSE_CHARS and links * PROSE_LINK_PARTS < size


class Block(NamedTuple):
    """A read-only view of one block's statistics."""

    element: HtmlElement
    number: int  # its index in document order
    parent: int  # index of the enclosing block; -1 for the root
    end: int  # index of the last block inside this one (itself if none)
    chars: int
    link_chars: int
    sentences: bool  # its text has sentence punctuation (. ! ? 。 inside or at the end)
    ellipsis: bool  # a piece of its text ends in "..." or "…" (a truncated teaser)

    @property
    def plain(self) -> int:
        """Characters outside links."""
        return self.chars - self.link_chars

    @property
    def tag(self) -> str:
        return str(self.element.tag)


@dataclass(slots=True)
class TreeStats:
    """Per-element and per-block statistics of one tree, as parallel lists in document order."""

    elements: list[HtmlElement] = field(default_factory=list)  # every element
    owners: list[int] = field(default_factory=list)  # per element: the block it is in
    index: dict[HtmlElement, int] = field(default_factory=dict)  # block element -> block index
    nodes: list[HtmlElement] = field(default_factory=list)  # per block: its element
    parents: list[int] = field(default_factory=list)
    ends: list[int] = field(default_factory=list)
    chars: list[int] = field(default_factory=list)  # its own text's size, by measure(): CJK counts 3
    links: list[int] = field(default_factory=list)  # the part of it inside links, the same way
    anchors: list[int] = field(default_factory=list)  # per block: how many links its own text has
    codes: list[int] = field(default_factory=list)  # the part of its text set in code, the same way
    sentences: list[bool] = field(default_factory=list)
    ellipsis: list[bool] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.nodes)

    def block(self, i: int) -> Block:
        return Block(
            self.nodes[i],
            i,
            self.parents[i],
            self.ends[i],
            self.chars[i],
            self.links[i],
            self.sentences[i],
            self.ellipsis[i],
        )

    def is_prose(self, i: int) -> bool:
        """Block ``i``'s own text is a paragraph of prose (:func:`is_prose`)."""
        return is_prose(self.chars[i], self.links[i], self.sentences[i])

    def blocks(self) -> list[Block]:
        return [self.block(i) for i in range(len(self.nodes))]

    def ancestors(self, i: int) -> Iterator[int]:
        """Indices of the blocks around block ``i``, from its parent up."""
        up = self.parents[i]
        while up >= 0:
            yield up
            up = self.parents[up]

    def children(self, i: int) -> list[int]:
        """Indices of the blocks directly inside block ``i``."""
        found = []
        child, end = i + 1, self.ends[i]
        while child <= end:
            found.append(child)
            child = self.ends[child] + 1
        return found


def cells_of(row: HtmlElement) -> int:
    """How many cells a table's row holds."""
    return sum(1 for child in row if child.tag in CELLS)


def is_link(el: HtmlElement) -> bool:
    """An ``<a>`` that links. ``<a name="…">`` (or ``id``) without ``href`` is a target within the
    page instead: left unclosed, as old pages often do, it holds all that follows, and counted as a
    link the whole article would read as a list of links."""
    return el.tag == "a" and (el.get("href") is not None or (el.get("name") is None and el.get("id") is None))


def _code_heading(el: HtmlElement) -> bool:
    """A heading its class names code: an API reference's signature (``<h4 class="code-header">fn
    clone(&self) -> Self</h4>``), whose links name types, as links in ``<code>`` do."""
    names = el.get("class")
    return names is not None and "code" in names.lower()


def gather_stats(root: HtmlElement) -> TreeStats:
    """Statistics of ``root``'s subtree in one document-order pass (``root`` is always a block)."""
    stats = TreeStats()
    elements, owners, index, nodes = stats.elements, stats.owners, stats.index, stats.nodes
    parents, chars, links, anchors = stats.parents, stats.chars, stats.links, stats.anchors
    sentences, ellipsis, codes = stats.sentences, stats.ellipsis, stats.codes
    owner: dict[HtmlElement, int] = {}
    linked: set[HtmlElement] = set()
    coded: set[HtmlElement] = set()  # code: a link's text in it names an identifier, it is no link
    for el in root.iter():
        tag = el.tag
        if tag.__class__ is not str:
            continue  # comments and processing instructions carry no text
        elements.append(el)
        parent = el.getparent()
        outer = owner.get(parent, -1) if el is not root else -1
        link = tag == "a" and is_link(el)
        in_link = link or parent in linked
        if in_link:
            linked.add(el)
        if tag in _CODE or (coded and parent in coded) or (tag in HEADING_TAGS and _code_heading(el)):
            coded.add(el)
            in_code, in_link = True, False
        else:
            in_code = False
        if outer < 0 or tag in BLOCK_TAGS:
            i = len(nodes)
            index[el] = i
            nodes.append(el)
            parents.append(outer)
            chars.append(0)
            links.append(0)
            anchors.append(0)
            codes.append(0)
            sentences.append(False)
            ellipsis.append(False)
        else:
            i = outer
        owner[el] = i
        owners.append(i)
        if link:
            anchors[i] += 1
        # the element's text belongs to its own block, its tail to the enclosing one
        text = el.text
        if text and (piece := text.strip()):
            size = len(piece) if piece.isascii() else measure(piece)
            chars[i] += size
            if in_link:
                links[i] += size
            if in_code:
                codes[i] += size
            if not sentences[i]:
                sentences[i] = piece[-1] in _ENDS_SENTENCE or ". " in piece or _has_inner_stop(piece)
            if piece[-1] in ".…" and piece.endswith(("...", "…")) and not in_code:
                ellipsis[i] = True  # (code's "NEXT_PUBLIC_..." truncates no teaser)
        tail = el.tail
        if tail and outer >= 0 and (piece := tail.strip()):
            size = len(piece) if piece.isascii() else measure(piece)
            chars[outer] += size
            if coded and parent in coded:
                codes[outer] += size
            elif parent in linked:
                links[outer] += size
            if not sentences[outer]:
                sentences[outer] = piece[-1] in _ENDS_SENTENCE or ". " in piece or _has_inner_stop(piece)
            if piece[-1] in ".…" and piece.endswith(("...", "…")) and not (coded and parent in coded):
                ellipsis[outer] = True
    ends = stats.ends
    ends.extend(range(len(nodes)))
    for i in range(len(nodes) - 1, 0, -1):
        up = parents[i]
        if up >= 0 and ends[i] > ends[up]:
            ends[up] = ends[i]
    return stats


def accumulate(stats: TreeStats, values: list[float], skip: Collection[int] = ()) -> list[float]:
    """Subtree sums of per-block ``values`` in one reverse pass; blocks in ``skip`` pass nothing up."""
    sums = list(values)
    parents = stats.parents
    for i in range(len(sums) - 1, 0, -1):
        value = sums[i]
        if value and i not in skip:
            up = parents[i]
            if up >= 0:
                sums[up] += value
    return sums


def paragraphs_of_prose(stats: TreeStats, removed: Collection[int]) -> list[float]:
    """Per block: how many paragraphs of prose (:func:`is_prose`) its subtree holds, blocks in
    ``removed`` aside."""
    paragraphs = [  # one pass over the parallel lists: this runs for every block of every page
        1.0 if is_prose(size, links, sentences) else 0.0
        for size, links, sentences in zip(stats.chars, stats.links, stats.sentences, strict=True)
    ]
    return accumulate(stats, paragraphs, removed)
