"""Tree edits that cannot fail on odd text."""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterable, Iterator, Mapping, Sequence

import lxml.etree
from lxml.html import HtmlElement

from weblens.extract.blocks import BLOCK_TAGS

__all__ = [
    "WORD_SPLIT",
    "AttributeSearch",
    "AttributeText",
    "drop",
    "has_any",
    "is_below",
    "last_leaf_blocks",
    "leaf_blocks",
    "own_rows",
    "settable",
]

WORD_SPLIT = re.compile(r"[^a-z0-9]+")  # splits a lower-cased class or id name into its words

# characters libxml2 accepts when parsing but lxml refuses to write back into a tree
_NOT_XML = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]|[\ud800-\udfff]")


def settable(text: str) -> str:
    """``text`` without the characters lxml refuses to set (controls, lone surrogates) though a
    parsed tree may hold them."""
    return _NOT_XML.sub("", text)


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


def has_any(el: HtmlElement, tags: tuple[str, ...]) -> bool:
    """``el`` is or holds an element of one of ``tags`` (one look when the page has none)."""
    return next(el.iter(*tags), None) is not None


def is_below(el: HtmlElement, root: HtmlElement) -> bool:
    """``el`` is ``root`` or still in its subtree: no edit removed it or a box around it."""
    return el is root or any(up is root for up in el.iterancestors())


class AttributeText:
    """The attribute values of a run of elements, joined into one string, so that a search for
    substrings runs in C over every element's values at once (``str.find``) and only the elements
    found are tested one by one. Made once for a page's elements as parsed, it serves every search
    of them: on ScrapingHub a walk testing each element's joined values took 0.5 to 1.2 ms a page per
    search, this string 0.4 ms to make and about 0.1 ms per search."""

    __slots__ = ("_holders", "_positions", "_starts", "_text")

    def __init__(self, elements: Sequence[HtmlElement]) -> None:
        holders: list[HtmlElement] = []
        positions: list[int] = []
        starts: list[int] = []
        values: list[str] = []
        offset = 0
        for position, el in enumerate(elements):
            own = el.values()
            if own:
                joined = " ".join(own)
                holders.append(el)
                positions.append(position)
                starts.append(offset)
                values.append(joined)
                offset += len(joined) + 1
        self._holders, self._positions, self._starts = holders, positions, starts
        # NUL parts the elements: no attribute value holds one (XML allows none)
        self._text = "\0".join(values)

    def holding(self, needles: Iterable[str], after: int = -1) -> Iterator[tuple[int, HtmlElement]]:
        """The elements whose values, joined by spaces, hold one of ``needles``, each with its
        position in the run, in document order; only those at a position past ``after``."""
        text, starts = self._text, self._starts
        first = bisect_right(self._positions, after)
        begin = starts[first] if first < len(starts) else len(text)
        found: set[int] = set()
        for needle in needles:
            at = text.find(needle, begin)
            while at >= 0:
                holder = bisect_right(starts, at) - 1
                found.add(holder)
                following = holder + 1
                if following == len(starts):
                    break
                at = text.find(needle, starts[following])
        for holder in sorted(found):
            yield self._positions[holder], self._holders[holder]


class AttributeSearch:
    """The elements below a root, in document order, where a named attribute contains one of the
    given substrings: what an XPath of ``contains(@class, "…")`` tests finds, in less than half
    of its time. Below a root, the named attributes' values are gathered in C (a union of attribute
    paths, which lxml returns in document order) and only they are tested; :meth:`among` tests
    the elements it is given (the blocks of a page: fewer than its elements), their attribute
    values together first, as most hold none of the substrings."""

    def __init__(self, wanted: Mapping[str, tuple[str, ...]]) -> None:
        self._wanted = tuple((name, substrings) for name, substrings in wanted.items() if substrings)
        needles = (needle for _, substrings in self._wanted for needle in substrings)
        unique = tuple(dict.fromkeys(needles))
        # the needles no other needle is a part of: an element holds one of these if it holds any
        self._core = tuple(n for n in unique if not any(o != n and o in n for o in unique))
        self._by_name = dict(self._wanted)
        paths = " | ".join(f"descendant::*/@{name}" for name in self._by_name)
        self._values = lxml.etree.XPath(paths) if paths else None
        # nearly every element has a class: walking the elements costs less than making a string of
        # every class value (ScrapingHub: 0.33 ms a page against 0.45 for the byline search of
        # metadata.py); a rarer attribute alone (itemprop) is gathered faster in C
        self._walk = "class" in self._by_name

    def __call__(self, root: HtmlElement) -> list[HtmlElement]:
        if self._values is None:
            return []
        if self._walk:
            return self._walked(root)
        found: list[HtmlElement] = []
        last = None
        by_name = self._by_name
        for value in self._values(root):
            for needle in by_name[value.attrname]:
                if needle in value:
                    el = value.getparent()
                    if el is not last:  # an element's attributes come together
                        found.append(el)
                        last = el
                    break
        return found

    def _walked(self, root: HtmlElement) -> list[HtmlElement]:
        """What :meth:`__call__` finds, by a walk of the elements below ``root`` (:meth:`among`)."""
        return self.found_in(root.iterdescendants(lxml.etree.Element))

    def found_in(self, elements: Iterable[HtmlElement]) -> list[HtmlElement]:
        """The elements of ``elements`` that match, in their order."""
        return [el for _, el in self.among(elements)]

    def found_at(self, text: AttributeText, after: int = -1) -> list[HtmlElement]:
        """The elements of the run ``text`` joins that match, past position ``after``, in their
        order: what :meth:`found_in` finds among them, by one search of their joined values."""
        return [el for _, el in self.at(text, after)]

    def at(self, text: AttributeText, after: int = -1) -> Iterator[tuple[int, HtmlElement]]:
        """The same, each with its position in the run (as :meth:`among` gives them)."""
        wanted = self._wanted
        for position, el in text.holding(self._core, after):
            if self._matches(el, wanted):
                yield position, el

    def among(self, elements: Iterable[HtmlElement]) -> Iterator[tuple[int, HtmlElement]]:
        """The elements of ``elements`` that match, each with its position there: those whose
        attribute values together hold a core needle are tested one attribute at a time."""
        core, wanted = self._core, self._wanted
        for position, el in enumerate(elements):
            values = el.values()
            if not values:
                continue
            joined = " ".join(values)
            for needle in core:
                if needle in joined:
                    break
            else:
                continue
            if self._matches(el, wanted):
                yield position, el

    @staticmethod
    def _matches(el: HtmlElement, wanted: tuple[tuple[str, tuple[str, ...]], ...]) -> bool:
        for name, substrings in wanted:
            value = el.get(name)
            if value:
                for needle in substrings:
                    if needle in value:
                        return True
        return False


def _is_leaf(el: HtmlElement) -> bool:
    return not any(child.tag in BLOCK_TAGS for child in el)


def own_rows(table: HtmlElement) -> Iterator[HtmlElement]:
    """The rows of ``table`` itself (also in its ``thead``/``tbody``/``tfoot``), not of tables inside."""
    for child in table:
        if child.tag == "tr":
            yield child
        elif child.tag in ("thead", "tbody", "tfoot"):
            yield from (row for row in child if row.tag == "tr")


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
