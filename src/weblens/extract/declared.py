"""The article's text as a page's structured data declares it, and where the page shows it (pure).

Many pages declare their article's text in JSON-LD for search engines (``articleBody``; a social
posting's ``text``). It is never returned: a reader does not see it, and text no reader sees is
where a page would put instructions for an agent. It only says which part of the page is the
article: when the content chosen shows little of it (less than :data:`SHOWN_SHARE`) and the page
shows it in one box, that box is the content (a social post beside a product's carousel of
feature blurbs, a news story beside longer teasers).

Texts are compared by their word trigrams, a CJK character being one word: the share of the
declared text's trigrams that a text holds. Calibration: of the 1,827 pages of the corpora and the
pool (bench/outputs.py), 80 declare a text of :data:`DECLARED_TEXT_WORDS` words or more. On 67
the content found holds more than half of it; 10 declare a summary (a news site's lead as
``articleBody``, 52 words beside a 607-word story), which :data:`SUMMARY_SHARE` tells apart; of the
3 others, one (a social post beside a product's feature blurbs, a development page) shows its
text in one box, which becomes the content.
"""

from __future__ import annotations

import re

from weblens.extract.blocks import TreeStats, accumulate
from weblens.extract.text import word_count

__all__ = [
    "BOX_SHARE",
    "DECLARED_TEXT_WORDS",
    "SHOWN_SHARE",
    "SUMMARY_SHARE",
    "Trigrams",
    "box_showing",
    "is_declared_text",
    "is_summary_of",
    "shown_share",
    "trigrams",
]

DECLARED_TEXT_WORDS = 50  # words: a shorter declared text is a summary, not the article's text
SHOWN_SHARE = 0.5  # of the declared trigrams: a content holding less missed the article
BOX_SHARE = 0.8  # of the declared trigrams the page's blocks show: the box holding this much shows it
# of the content's words: a declared text shorter than this share is a summary of the article (a
# news site's lead paragraph as "articleBody"), which says nothing of where the rest stands
SUMMARY_SHARE = 0.25

_CJK = "\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff"
_TOKEN = re.compile(rf"[{_CJK}]|[^\W{_CJK}]+")

Trigrams = frozenset[tuple[str, str, str]]


def is_declared_text(text: str) -> bool:
    """Long enough to be an article's text (:data:`DECLARED_TEXT_WORDS` words or more)."""
    return word_count(text) >= DECLARED_TEXT_WORDS


def trigrams(text: str) -> Trigrams:
    """The word trigrams of ``text``, case folded; punctuation parts words and is not one."""
    words = _TOKEN.findall(text.casefold())
    return frozenset(zip(words, words[1:], words[2:], strict=False))


def is_summary_of(declared_text: str, words: int) -> bool:
    """``declared_text`` is shorter than :data:`SUMMARY_SHARE` of a content of ``words`` words."""
    return word_count(declared_text) < SUMMARY_SHARE * words


def shown_share(declared: Trigrams, text: str) -> float:
    """The share of the ``declared`` trigrams that ``text`` holds (0 when none are declared)."""
    if not declared:
        return 0.0
    return len(declared & trigrams(text)) / len(declared)


def box_showing(stats: TreeStats, declared: Trigrams) -> int | None:
    """The innermost block whose subtree shows :data:`BOX_SHARE` of the declared trigrams that the
    page's blocks show, or None when they show less than :data:`SHOWN_SHARE` of them. ``stats``
    are of the tree after hidden elements were removed, before boxes were judged by their names:
    a box that shows the declared text is the article's, whatever its class says ("feed-item")."""
    if not declared:
        return None
    hits: list[float] = []
    shown: set[tuple[str, str, str]] = set()
    for text in _own_texts(stats):
        found = declared & trigrams(text)
        hits.append(float(len(found)))
        shown |= found
    if len(shown) < SHOWN_SHARE * len(declared):
        return None
    sums = accumulate(stats, hits)
    wanted = BOX_SHARE * sums[0]
    return max((i for i, total in enumerate(sums) if total >= wanted), default=None)


def _own_texts(stats: TreeStats) -> list[str]:
    """Each block's own text (its elements' text and the tails inside it), in document order."""
    pieces: list[list[str]] = [[] for _ in stats.nodes]
    position = {el: k for k, el in enumerate(stats.elements)}
    for k, el in enumerate(stats.elements):
        if el.text:
            pieces[stats.owners[k]].append(el.text)
        parent = el.getparent()
        if el.tail and parent is not None and parent in position:
            pieces[stats.owners[position[parent]]].append(el.tail)
    return [" ".join(parts) for parts in pieces]
