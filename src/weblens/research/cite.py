"""Checking an answer's ``[n]`` markers against the sources they name (pure).

    checked = verify(answer_text, sources)
    checked.text          # the answer without markers that name no source
    checked.citations     # one Citation per marker: the supporting sentence and its offsets
    checked.warnings      # what was removed or could not be supported, and why

A marker ``[n]`` (also ``[1, 2]`` and ``[1-3]``, rewritten as ``[1][2]``) names ``sources[n-1]``;
one that names no source is removed and reported. For each remaining marker the claim is the
answer's text from the end of the previous marker or sentence up to it. Its support is looked for
in the source's extracted text only — text a page hid from readers was dropped by extraction and
can never be cited: a quotation in the claim found verbatim, else the claim itself found verbatim,
else the source sentence sharing the most of the claim's words (at least half of them). The
citation records that sentence (``quote``) and where it is (``start``, ``end``); ``verified`` is
true only when ``source.text[start:end] == quote``. A claim with no such sentence keeps its marker
but gets ``verified=False`` and a warning.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from weblens.models import Citation, PageExtract
from weblens.research.chunk import Span, sentences
from weblens.research.stopwords import FUNCTION_WORDS

__all__ = ["MARKER", "Checked", "verify"]

MARKER = re.compile(r"\[\s*(\d{1,4}(?:\s*(?:,|-|–)\s*\d{1,4})*)\s*\]")
_QUOTED = re.compile(r"[\"“«]([^\"”»]{8,}?)[\"”»]")
_WORD = re.compile(r"\w+")
_STOP = FUNCTION_WORDS | frozenset(
    (
        "also",
        "can",
        "may",
        "no",
        "not",
        "than",
        "then",
    )
)
MIN_SUPPORT = 0.5
"""Share of a claim's content words a source sentence must contain to support it."""


@dataclass
class Checked:
    text: str
    citations: list[Citation] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


def _numbers(group: str) -> list[int]:
    out: list[int] = []
    for part in re.split(r"\s*,\s*", group):
        bounds = re.split(r"\s*[-–]\s*", part)
        if len(bounds) == 2 and bounds[0].isdigit() and bounds[1].isdigit():
            low, high = int(bounds[0]), int(bounds[1])
            out.extend(range(low, high + 1) if 0 <= high - low <= 20 else [low, high])
        elif part.isdigit():
            out.append(int(part))
    return out


def verify(answer: str, sources: Sequence[PageExtract]) -> Checked:
    """The answer with its markers checked against ``sources`` (``[n]`` names ``sources[n-1]``)."""
    checked = Checked(text="")
    pieces: list[str] = []
    claims_start = 0
    seen: set[tuple[int, int | None]] = set()
    index: dict[int, list[Span]] = {}
    for match in MARKER.finditer(answer):
        pieces.append(answer[claims_start : match.start()])
        claim = _claim("".join(pieces))
        kept: list[int] = []
        for n in _numbers(match.group(1)):
            if not 1 <= n <= len(sources):
                checked.warnings.append(
                    f"removed [{n}]: there is no source {n} ({len(sources)} source(s) were given)"
                )
                continue
            if n in kept:
                continue
            kept.append(n)
            source = sources[n - 1]
            citation = _support(n, source, claim, index.setdefault(n, sentences(source.text)))
            if not citation.verified:
                checked.warnings.append(f"[{n}] is not supported by its source: {_short(claim)!r}")
            if (n, citation.start) not in seen:
                seen.add((n, citation.start))
                checked.citations.append(citation)
        pieces.append("".join(f"[{n}]" for n in kept))
        claims_start = match.end()
    pieces.append(answer[claims_start:])
    checked.text = _tidy("".join(pieces))
    return checked


def _claim(before: str) -> str:
    """The text a marker at the end of ``before`` vouches for: back to the previous marker or sentence."""
    tail = MARKER.split(before)[-1] if MARKER.search(before) else before
    spans = sentences(tail)
    if not spans:
        return ""
    last = spans[-1].text
    if len(_content(last)) < 3 and len(spans) > 1:  # a fragment after a marker: take the sentence too
        last = spans[-2].text + " " + last
    return last.strip()


def _content(text: str) -> list[str]:
    return [w for w in _WORD.findall(text.casefold()) if w not in _STOP]


def _support(n: int, source: PageExtract, claim: str, spans: list[Span]) -> Citation:
    url = source.final_url or source.canonical_url or ""
    found = _locate(source.text, claim, spans)
    if found is None:
        return Citation(n=n, url=url, title=source.title, verified=False)
    start, end = found
    quote = source.text[start:end]
    return Citation(
        n=n,
        url=url,
        title=source.title,
        quote=quote,
        start=start,
        end=end,
        verified=source.text[start:end] == quote and bool(quote.strip()),
    )


def _locate(text: str, claim: str, spans: list[Span]) -> tuple[int, int] | None:
    for quoted in _QUOTED.findall(claim):
        at = text.find(quoted.strip())
        if at >= 0:
            return at, at + len(quoted.strip())
    bare = claim.strip().rstrip(".;:,").strip()
    if len(bare) >= 12:
        at = text.find(bare)
        if at >= 0:
            return _widen(at, at + len(bare), spans)
    words = set(_content(claim))
    if not words:
        return None
    best, best_share = None, 0.0
    for span in spans:
        share = len(words.intersection(_content(span.text))) / len(words)
        if share > best_share:
            best, best_share = span, share
    if best is None or best_share < MIN_SUPPORT:
        return None
    return best.start, best.end


def _widen(start: int, end: int, spans: list[Span]) -> tuple[int, int]:
    """A verbatim claim inside one sentence is quoted as that whole sentence."""
    for span in spans:
        if span.start <= start and end <= span.end:
            return span.start, span.end
    return start, end


def _tidy(text: str) -> str:
    text = re.sub(r"[ \t]+([.,;:!?])", r"\1", text)
    return re.sub(r"[ \t]{2,}", " ", text).strip()


def _short(text: str, limit: int = 120) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"
