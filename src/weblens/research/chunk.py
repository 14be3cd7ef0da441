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

A sentence ends at ``.``, ``!``, ``?``, ``…`` (closing quotes and brackets may follow) before
whitespace and a character that is not a lower-case letter — not after a common abbreviation
(``et al.``, ``Fig.``, ``e.g.``) or an initial (``J. Smith``) — at ``。！？``, and at every line break.
Boundaries are looked for only inside each span's window, so chunking is linear in the text.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from weblens.errors import InvalidArgument

__all__ = ["Span", "chunk", "is_ideographic", "sentences", "sentences_within"]

_IDEOGRAPHIC_CLASS = (
    "\u2e80-\u2fff\u3000-\u303f\u3040-\u30ff\u3100-\u312f\u3190-\u31ff\u3400-\u4dbf"
    "\u4e00-\u9fff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef\U00020000-\U0003134f"
)
_IDEOGRAPHIC = re.compile(f"[{_IDEOGRAPHIC_CLASS}]")
_SENTENCE_GAP = re.compile(  # group 1 is the gap; the character before it is matched too (faster)
    r"[.!?…\"')\]}»”’」』](\s+)"  # whitespace after a possible sentence end
    r"|([^\S\n]*\n\s*)"  # a line break (with the whitespace around it)
    r"|[。！？]()(?=\S)"  # after ideographic sentence punctuation, no space needed
)
_BLANK_LINE = re.compile(r"\n[^\S\n]*\n")
_SENTENCE_END = frozenset(".!?…。！？")
_CLOSERS = frozenset("\"')]}»”’」』")
_ABBREVIATIONS = frozenset(
    [
        "al",
        "approx",
        "ca",
        "cf",
        "dr",
        "e.g",
        "eq",
        "eqs",
        "etc",
        "fig",
        "figs",
        "i.e",
        "jr",
        "mr",
        "mrs",
        "ms",
        "no",
        "nos",
        "prof",
        "ref",
        "refs",
        "resp",
        "sr",
        "st",
        "vs",
    ]
)
_LOOKAHEAD = 64  # a whitespace run is found even when it straddles the window's end


@dataclass(frozen=True, slots=True)
class Span:
    """``text == source[start:end]``."""

    start: int
    end: int
    text: str


def is_ideographic(char: str) -> bool:
    """Whether ``char`` belongs to a script written without spaces between words."""
    return bool(_IDEOGRAPHIC.match(char))


def chunk(text: str, *, max_chars: int = 800, overlap: int = 100) -> list[Span]:
    """Spans of at most ``max_chars`` (a lone overlong word excepted) covering every word of ``text``."""
    if max_chars < 1:
        raise InvalidArgument("max_chars must be at least 1", field="max_chars")
    if not 0 <= overlap < max_chars:
        raise InvalidArgument("overlap must be at least 0 and less than max_chars", field="overlap")
    start = _first_non_space(text, 0)
    if start is None:
        return []
    last = len(text.rstrip())
    spans: list[Span] = []
    previous_end = start
    while True:
        end = last if last - start <= max_chars else _end(text, start, previous_end, max_chars)
        if end - start > max_chars and start < previous_end:  # an overlap would hold a long word: none
            start = _first_non_space(text, previous_end) or previous_end
            end = last if last - start <= max_chars else _end(text, start, start, max_chars)
        spans.append(Span(start, end, text[start:end]))
        if end >= last:
            return spans
        start, previous_end = _next_start(text, start, end, overlap), end


def sentences(text: str) -> list[Span]:
    """The sentences (and lines, and paragraphs) of ``text`` as spans, in order."""
    first = _first_non_space(text, 0)
    if first is None:
        return []
    out: list[Span] = []
    at = first
    for a, b, _ in _sentence_gaps(text, first, len(text)):
        out.append(Span(at, a, text[at:a]))
        at = b
    last = len(text.rstrip())
    if at < last:
        out.append(Span(at, last, text[at:last]))
    return out


def sentences_within(text: str, start: int, end: int, *, reach: int = 2000) -> list[Span]:
    """The sentences of ``text`` that overlap ``text[start:end]`` — the same spans :func:`sentences`
    gives, found by looking only ``reach`` characters around (a longer sentence is cut there)."""
    low, high = max(0, start - reach), min(len(text), end + reach)
    at = _first_non_space(text, low)
    if at is None:
        return []
    out: list[Span] = []
    for a, b, _ in _sentence_gaps(text, max(at, 1), high):
        if a > start and at < end:
            out.append(Span(at, a, text[at:a]))
        at = b
        if at >= end:
            return out
    last = len(text.rstrip()) if high == len(text) else high
    if at < min(end, last) and last > start:
        out.append(Span(at, last, text[at:last]))
    return out


def _sentence_gaps(text: str, pos: int, endpos: int) -> Iterator[tuple[int, int, bool]]:
    """Sentence boundaries as (end of the sentence, start of the next, is a paragraph break)."""
    for match in _SENTENCE_GAP.finditer(text, max(pos - 1, 0), endpos):
        group = match.lastindex or 1
        a, b = match.span(group)
        if a < pos or b >= len(text) or a == 0 or text[a - 1].isspace():
            continue
        run = match.group(group)
        if "\n" in run or a == b or _ends_sentence(text, a, b):
            yield a, b, "\n" in run and bool(_BLANK_LINE.search(run))


def _end(text: str, start: int, floor: int, max_chars: int) -> int:
    """Where the span from ``start`` ends: the best boundary in the window, else the word's end."""
    limit = start + max_chars
    floor = max(start, floor)
    paragraph = sentence = 0
    for a, _, is_paragraph in _sentence_gaps(text, floor + 1, min(limit + _LOOKAHEAD, len(text))):
        if a > limit:
            break
        sentence = a
        if is_paragraph:
            paragraph = a
    word = _last_word_end(text, floor, limit)
    for found in (paragraph, sentence, word):
        if found and (found - start) * 2 >= max_chars:
            return found
    best = max(paragraph, sentence, word)
    return best if best else _word_end_after(text, limit)


def _next_start(text: str, start: int, end: int, overlap: int) -> int:
    """The earliest sentence (else word) start within ``overlap`` of ``end``, past ``start``."""
    if overlap:
        low = max(end - overlap, start + 1)
        for _, b, _ in _sentence_gaps(text, max(low - _LOOKAHEAD, start + 1), end):
            if low <= b < end:
                return b
        for b in range(low, end):
            if _word_starts(text, b):
                return b
    following = _first_non_space(text, end)
    assert following is not None  # end is before the last non-space character
    return following


def _boundary(text: str, i: int) -> bool:
    """Whether a word may end at ``i`` (``text[i-1]`` is part of a word)."""
    before, after = text[i - 1], text[i]
    if before.isspace():
        return False
    return after.isspace() or is_ideographic(before) or is_ideographic(after)


def _word_starts(text: str, i: int) -> bool:
    after = text[i]
    if after.isspace():
        return False
    before = text[i - 1]
    return before.isspace() or is_ideographic(before) or is_ideographic(after)


def _last_word_end(text: str, floor: int, limit: int) -> int:
    for i in range(limit, floor, -1):
        if _boundary(text, i):
            return i
    return 0


def _word_end_after(text: str, limit: int) -> int:
    """The end of the word running over ``limit`` (it is kept whole)."""
    last = len(text.rstrip())
    for i in range(limit + 1, last):
        if _boundary(text, i):
            return i
    return last


def _first_non_space(text: str, at: int) -> int | None:
    for i in range(at, len(text)):
        if not text[i].isspace():
            return i
    return None


def _ends_sentence(text: str, at: int, after: int) -> bool:
    """Whether the whitespace from ``at`` to ``after`` follows a sentence end (closing quotes and
    brackets allowed), not an abbreviation or an initial, and what follows is not lower case."""
    i = at - 1
    while i > 0 and text[i] in _CLOSERS:
        i -= 1
    if text[i] not in _SENTENCE_END or text[after].islower():
        return False
    if text[i] != ".":
        return True
    j = i
    while j > 0 and i - j < 12 and (text[j - 1].isalnum() or text[j - 1] == "."):
        j -= 1
    before = text[j:i].casefold()
    if not before:
        return True
    return before not in _ABBREVIATIONS and not (len(before) == 1 and text[i - 1].isupper())
