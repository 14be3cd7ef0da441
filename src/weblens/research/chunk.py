"""Cutting a page's text into passages with exact character offsets (pure).

    spans = chunk(page.text)                 # ~800 characters each, 100 of overlap
    all(page.text[s.start:s.end] == s.text for s in spans)

A span ends at the last paragraph break that fits in ``max_chars``; when that would keep less than
half the allowance, at the last sentence end (or line break), then at the last word boundary. It
never ends or starts inside a word: a word is a run of non-space characters, except that
ideographic scripts (Chinese, Japanese kana, fullwidth forms), written without spaces, may break
between any two characters. A single word longer than ``max_chars`` (a long URL, a base64 blob) is
kept whole in a span of its own. The next span starts at the earliest sentence start — else word
start — no more than ``overlap`` characters before the previous span's end, so a sentence cut at a
boundary is seen whole by one span or the other. Spans never start or end with whitespace.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from dataclasses import dataclass

from weblens.errors import InvalidArgument

__all__ = ["Span", "chunk", "is_ideographic", "sentences"]

_SPACE = re.compile(r"\s+")
_BLANK_LINE = re.compile(r"\n[^\S\n]*\n")
_IDEOGRAPHIC = re.compile(
    "[\u2e80-\u2fff\u3000-\u303f\u3040-\u30ff\u3100-\u312f\u3190-\u31ff\u3400-\u4dbf"
    "\u4e00-\u9fff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef\U00020000-\U0003134f]"
)
_SENTENCE_END = frozenset(".!?…。！？")
_CLOSERS = frozenset("\"')]}»”’」』")
_IDEOGRAPHIC_END = frozenset("。！？")
_ABBREVIATIONS = frozenset(
    "al approx ca cf dr e.g eq eqs etc fig figs i.e jr mr mrs ms no nos prof ref refs resp sr st vs".split()
)
_WORD_BEFORE = re.compile(r"([\w.]+)$")

WORD, SENTENCE, PARAGRAPH = 1, 2, 3


@dataclass(frozen=True, slots=True)
class Span:
    """``text == source[start:end]``."""

    start: int
    end: int
    text: str


def is_ideographic(char: str) -> bool:
    """Whether ``char`` belongs to a script written without spaces between words."""
    return bool(_IDEOGRAPHIC.match(char))


@dataclass(frozen=True, slots=True)
class _Gaps:
    """Where a span may end (``ends``) and the next one start (``starts``), per boundary level."""

    ends: tuple[list[int], list[int], list[int]]  # word, sentence, paragraph: sorted positions
    starts: tuple[list[int], list[int]]  # word, sentence


def chunk(text: str, *, max_chars: int = 800, overlap: int = 100) -> list[Span]:
    """Spans of at most ``max_chars`` (a lone overlong word excepted) covering every word of ``text``."""
    if max_chars < 1:
        raise InvalidArgument("max_chars must be at least 1", field="max_chars")
    if not 0 <= overlap < max_chars:
        raise InvalidArgument("overlap must be at least 0 and less than max_chars", field="overlap")
    first = _first_non_space(text, 0)
    if first is None:
        return []
    gaps = _find_gaps(text)
    last = len(text.rstrip())
    spans: list[Span] = []
    start, previous_end = first, first
    while True:
        end = last if last - start <= max_chars else _end(gaps, start, previous_end, max_chars)
        spans.append(Span(start, end, text[start:end]))
        if end >= last:
            return spans
        start, previous_end = _next_start(gaps, text, start, end, overlap), end


def _end(gaps: _Gaps, start: int, previous_end: int, max_chars: int) -> int:
    """Where the span from ``start`` ends: the best boundary in the window, else the word's end."""
    limit = start + max_chars
    floor = max(start, previous_end)
    fallback = 0
    for level in (PARAGRAPH, SENTENCE, WORD):
        ends = gaps.ends[level - 1]
        i = bisect_right(ends, limit) - 1
        if i >= 0 and ends[i] > floor:
            if (ends[i] - start) * 2 >= max_chars:
                return ends[i]
            fallback = max(fallback, ends[i])
    if fallback:
        return fallback
    words = gaps.ends[WORD - 1]  # one word longer than the window: keep it whole
    return words[bisect_right(words, limit)]


def _next_start(gaps: _Gaps, text: str, start: int, end: int, overlap: int) -> int:
    """The earliest sentence (else word) start within ``overlap`` of ``end``, past ``start``."""
    if overlap:
        low = max(end - overlap, start + 1)
        for level in (SENTENCE, WORD):
            starts = gaps.starts[level - 1]
            i = bisect_left(starts, low)
            if i < len(starts) and starts[i] < end:
                return starts[i]
    following = _first_non_space(text, end)
    assert following is not None  # end is before the last non-space character
    return following


def _first_non_space(text: str, at: int) -> int | None:
    for i in range(at, len(text)):
        if not text[i].isspace():
            return i
    return None


def _find_gaps(text: str) -> _Gaps:
    levels: dict[tuple[int, int], int] = {}
    for match in _SPACE.finditer(text):
        a, b = match.span()
        if a == 0 or b == len(text):
            continue
        run = match.group()
        if _BLANK_LINE.search(run):
            levels[(a, b)] = PARAGRAPH
        elif "\n" in run or _ends_sentence(text, a, b):
            levels[(a, b)] = SENTENCE
        else:
            levels[(a, b)] = WORD
    for match in _IDEOGRAPHIC.finditer(text):
        i = match.start()
        for at in (i, i + 1):
            if 0 < at < len(text) and not text[at - 1].isspace() and not text[at].isspace():
                level = SENTENCE if text[at - 1] in _IDEOGRAPHIC_END else WORD
                levels[(at, at)] = max(levels.get((at, at), 0), level)
    ends: tuple[list[int], list[int], list[int]] = ([], [], [])
    starts: tuple[list[int], list[int]] = ([], [])
    for (a, b), level in sorted(levels.items()):
        for lv in range(WORD, level + 1):
            ends[lv - 1].append(a)
            if lv <= SENTENCE:
                starts[lv - 1].append(b)
    ends[WORD - 1].append(len(text.rstrip()))  # the last word ends the text
    return _Gaps(ends, starts)


def _ends_sentence(text: str, at: int, after: int) -> bool:
    """Whether the whitespace from ``at`` to ``after`` follows a sentence end (closing quotes and
    brackets allowed), not an abbreviation or an initial, and what follows does not start in lower case."""
    i = at - 1
    while i > 0 and text[i] in _CLOSERS:
        i -= 1
    if text[i] not in _SENTENCE_END or text[after].islower():
        return False
    if text[i] != ".":
        return True
    word = _WORD_BEFORE.search(text, max(0, i - 12), i)
    if word is None:
        return True
    before = word.group(1).casefold()
    return before not in _ABBREVIATIONS and not (len(before) == 1 and text[i - 1].isupper())


def sentences(text: str) -> list[Span]:
    """The sentences (and lines, and paragraphs) of ``text`` as spans, in order."""
    first = _first_non_space(text, 0)
    if first is None:
        return []
    gaps = _find_gaps(text)
    starts = [first, *gaps.starts[SENTENCE - 1]]
    ends = [*gaps.ends[SENTENCE - 1], len(text.rstrip())]
    return [Span(a, b, text[a:b]) for a, b in zip(starts, ends, strict=True)]
