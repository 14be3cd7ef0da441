"""Finding a quote in the page's text, and saying exactly where (pure).

    finder = TextIndex(page.text)
    span = finder.find("the exact words")       # (start, end) or None
    page.text[span[0]:span[1]]                  # the page's own words there

The comparison is on folded text (:func:`weblens.data.normalize.fold`: case, Unicode forms, one kind
of quote and dash, runs of white space as one space), so a model that copied ``“Price: $5”`` as
``"price:  $5"`` is found; the span is then reported in the page's own characters, which is what a
caller checks (``page.text[start:end] == quote``). A model reads the page as Markdown, so a quote is
also tried without Markdown syntax (emphasis, links, heading and list marks, table pipes at the
edges); a quote with an ellipsis (``…``, ``...``, ``[…]``) is found as its parts in order, and its
span runs from the first part to the last. Words that are not on the page are never found.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from weblens.data.normalize import fold, fold_char

__all__ = ["TextIndex", "strip_markdown"]

_LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")
_EMPHASIS = re.compile(r"(\*{1,3}|_{2,3}|~~|`+)")
_LINE_MARK = re.compile(r"(?m)^\s*(?:#{1,6}\s+|>\s*|[-*+]\s+|\d{1,3}[.)]\s+)")
_EDGE_PIPES = re.compile(r"(?m)^\s*\|\s*|\s*\|\s*$")
_ELLIPSIS = re.compile(r"\s*(?:\[\s*(?:\.\.\.|…)\s*\]|\.\.\.|…)\s*")


def strip_markdown(text: str) -> str:
    """``text`` without Markdown syntax a page's plain text would not have."""
    text = _LINK.sub(r"\1", text)
    text = _LINE_MARK.sub("", text)
    text = _EDGE_PIPES.sub("", text)
    return _EMPHASIS.sub("", text)


@dataclass(frozen=True)
class _Folded:
    text: str
    origin: list[int]
    """``origin[k]``: the index in the page's text of the character folded into ``text[k]``."""


_RUNS = re.compile(r"\s+|\S+")


def _fold_with_origin(text: str) -> _Folded:
    """The folded text and where each of its characters comes from; words of plain ASCII (most of
    most pages) are folded whole, other characters one by one."""
    out: list[str] = []
    origin: list[int] = []
    space = True  # drop leading white space
    for run in _RUNS.finditer(text):
        word = run.group()
        if word.isascii() and not word.isspace():
            out.append(word.lower().replace("`", "'"))
            origin.extend(range(run.start(), run.end()))
            space = False
        elif word.isspace():
            if not space:
                out.append(" ")
                origin.append(run.start())
                space = True
        else:
            space = _fold_chars(word, run.start(), out, origin, space)
    return _Folded("".join(out), origin)


def _fold_chars(word: str, offset: int, out: list[str], origin: list[int], space: bool) -> bool:
    for i, char in enumerate(word, start=offset):
        folded = fold_char(char)
        if folded == " " or not folded:
            if not space and folded == " ":
                out.append(" ")
                origin.append(i)
                space = True
            continue
        for piece in folded:
            out.append(piece)
            origin.append(i)
        space = False
    return space


class TextIndex:
    """A page's text folded once, to find many quotes in it."""

    def __init__(self, text: str) -> None:
        self.text = text
        self._folded_text: _Folded | None = None

    @property
    def _folded(self) -> _Folded:
        """Folded on first use (a page whose values are all embedded data never needs it)."""
        if self._folded_text is None:
            self._folded_text = _fold_with_origin(self.text)
        return self._folded_text

    def find(self, quote: str, *, after: int = 0) -> tuple[int, int] | None:
        """The span of ``quote`` in the text (first at or after ``after``, else the first anywhere)."""
        for variant in _variants(quote):
            span = self._find_parts(variant, after)
            if span is not None:
                return span
        return None

    def find_near(self, quote: str, *, start: int, window: int) -> tuple[int, int] | None:
        """The span of ``quote`` starting within ``window`` characters after ``start``, else None."""
        folded = fold(quote)
        if not folded:
            return None
        span = self._locate(folded, start, limit=start + window + len(quote) * 4)
        if span is None or span[0] - start > window:
            return None
        return span

    def _find_parts(self, folded_quote: str, after: int) -> tuple[int, int] | None:
        parts = [p for p in (fold(part) for part in _ELLIPSIS.split(folded_quote)) if p]
        if not parts:
            return None
        first = self._locate(parts[0], after) or (self._locate(parts[0], 0) if after else None)
        if first is None:
            return None
        start, end = first
        for part in parts[1:]:
            found = self._locate(part, end)
            if found is None:
                return None
            end = found[1]
        return start, end

    def _locate(self, folded_part: str, after: int, limit: int | None = None) -> tuple[int, int] | None:
        """A folded part's span in the original text, starting at or after original index ``after``
        (and, with ``limit``, ending in the folded text before about that original index)."""
        origin = self._folded.origin
        text = self._folded.text
        begin = _first_at_or_after(origin, after)
        end = len(text) if limit is None else _first_at_or_after(origin, limit)
        k = text.find(folded_part, begin, end)
        while k != -1:
            stop = k + len(folded_part)
            if _is_word_edge(text, k, stop) and _is_char_edge(origin, k, stop):
                return origin[k], origin[stop - 1] + 1
            k = text.find(folded_part, k + 1, end)
        return None


def _variants(quote: str) -> list[str]:
    plain = fold(quote)
    stripped = fold(strip_markdown(quote))
    return [plain] if stripped == plain or not stripped else [plain, stripped]


def _is_word_edge(text: str, start: int, end: int) -> bool:
    """A match must not begin or end inside a word of the page ("art" is not found in "party")."""
    before_ok = start == 0 or not (text[start - 1].isalnum() and text[start].isalnum())
    after_ok = end >= len(text) or not (text[end - 1].isalnum() and text[end].isalnum())
    return before_ok and after_ok


def _is_char_edge(origin: list[int], start: int, end: int) -> bool:
    """A match must not begin or end inside what one character of the page folds to ("2" is not
    found in the "1/2" that "½" folds to: the span would name "½")."""
    starts_clean = start == 0 or origin[start - 1] != origin[start]
    ends_clean = end >= len(origin) or origin[end] != origin[end - 1]
    return starts_clean and ends_clean


def _first_at_or_after(origin: list[int], index: int) -> int:
    """The first folded position whose original index is at least ``index`` (binary search)."""
    low, high = 0, len(origin)
    while low < high:
        mid = (low + high) // 2
        if origin[mid] < index:
            low = mid + 1
        else:
            high = mid
    return low
