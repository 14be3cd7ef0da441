"""The article's text as a page's structured data declares it, and where the page shows it (pure).

Many pages declare their article's text in JSON-LD for search engines (``articleBody``; a social
posting's ``text``). It is never returned: a reader does not see it, and text no reader sees is
where a page would put instructions for an agent. It only says which part of the page is the
article: when the content chosen shows little of it (less than :data:`SHOWN_SHARE`) and the page
shows it in one box, that box is the content (a social post beside a product's carousel of
feature blurbs, a news story beside longer teasers).

The declared text is JSON-LD's, or else the text of the elements marked
``itemprop=articleBody`` (microdata; their scripts and styles aside). Blocks most of whose own text
is declared are the article's whatever their names say ("subscriber-premium" reads as a signup
box), so cleaning spares them unless they are hidden; a hidden box is never the content.

Texts are compared by their word trigrams, a CJK character being one word: the share of the
declared text's trigrams that a text holds. Calibration: of the 1,827 pages of the corpora and the
pool (bench/outputs.py), 80 declare a text in JSON-LD of :data:`DECLARED_TEXT_WORDS` words or more.
On 67 the content found holds more than half of it; 10 declare a summary (a news site's lead as
``articleBody``, 52 words beside a 607-word story), which :data:`SUMMARY_SHARE` tells apart; of the
3 others, one (a social post beside a product's feature blurbs, a development page) shows its text
in one box, which becomes the content. 93 pages mark an ``itemprop=articleBody``; on 5 the content
found held less than half of it, and 2 of those are read whole now (a story in a box named
"subscriber-premium" had come back as 5 words of menu).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from weblens.extract.blocks import TreeStats, accumulate
from weblens.extract.text import word_count

__all__ = [
    "BOX_SHARE",
    "DECLARED_TEXT_WORDS",
    "OWN_SHARE",
    "SHOWN_SHARE",
    "SUMMARY_SHARE",
    "Shown",
    "Trigrams",
    "is_declared_text",
    "is_summary_of",
    "shown_share",
    "trigrams",
    "where_shown",
]

DECLARED_TEXT_WORDS = 50  # words: a shorter declared text is a summary, not the article's text
SHOWN_SHARE = 0.5  # of the declared trigrams: a content holding less missed the article
BOX_SHARE = 0.8  # of the declared trigrams the page's blocks show: the box holding this much shows it
# of the content's words: a declared text shorter than this share is a summary of the article (a
# news site's lead paragraph as "articleBody"), which says nothing of where the rest stands
SUMMARY_SHARE = 0.25
OWN_SHARE = 0.5  # of a block's own trigrams: a block this much of whose text is declared shows it

# the letters of the CJK scripts (kana, Han, hangul): narrower than text.CJK_CHARS, whose CJK
# punctuation ("。", "、") parts words here as other punctuation does, and is no word of a trigram
_CJK = "\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff"
_TOKEN = re.compile(rf"[{_CJK}]|[^\W{_CJK}]+")

Trigrams = frozenset[tuple[str, str, str]]


def is_declared_text(text: str) -> bool:
    """Long enough to be an article's text (:data:`DECLARED_TEXT_WORDS` words or more)."""
    return word_count(text) >= DECLARED_TEXT_WORDS


def trigrams(text: str) -> Trigrams:
    """The word trigrams of ``text``, case folded; punctuation parts words and is not one."""
    return frozenset(_each_trigram(text))


def _each_trigram(text: str) -> Iterator[tuple[str, str, str]]:
    words = _TOKEN.findall(text.casefold())
    return zip(words, words[1:], words[2:], strict=False)


def is_summary_of(declared_text: str, words: int) -> bool:
    """``declared_text`` is shorter than :data:`SUMMARY_SHARE` of a content of ``words`` words."""
    return word_count(declared_text) < SUMMARY_SHARE * words


def shown_share(declared: Trigrams, text: str) -> float:
    """The share of the ``declared`` trigrams that ``text`` holds (0 when none are declared)."""
    if not declared:
        return 0.0  # (a page's whole text is not made a set: only the trigrams it shares are)
    return len(declared.intersection(_each_trigram(text))) / len(declared)


@dataclass(frozen=True)
class Shown:
    """Where the page shows its declared text."""

    box: int | None  # the innermost block showing BOX_SHARE of it (None: no box shows it)
    blocks: frozenset[int]  # the blocks whose own text is mostly the declared text's, and their boxes


def where_shown(stats: TreeStats, declared: Trigrams) -> Shown:
    """Where the page's blocks show the ``declared`` trigrams: :attr:`Shown.box`, the innermost
    block whose subtree shows :data:`BOX_SHARE` of what the blocks show (None when they show less
    than :data:`SHOWN_SHARE` of the declared text), and :attr:`Shown.blocks`, the blocks whose own
    text has :data:`OWN_SHARE` or more of its trigrams declared, with the blocks around them. Those
    are the article's whatever their names say ("subscriber-content", "feed-item"); cleaning does
    not remove them by name (hidden ones still go)."""
    if not declared:
        return Shown(box=None, blocks=frozenset())
    hits: list[float] = []
    shown: set[tuple[str, str, str]] = set()
    blocks: set[int] = set()
    parents = stats.parents
    for i, text in enumerate(_own_texts(stats)):
        own = trigrams(text)
        found = declared & own
        hits.append(float(len(found)))
        shown |= found
        if found and len(found) >= OWN_SHARE * len(own):
            at = i
            while at >= 0 and at not in blocks:
                blocks.add(at)
                at = parents[at]
    if len(shown) < SHOWN_SHARE * len(declared):
        return Shown(box=None, blocks=frozenset(blocks))
    sums = accumulate(stats, hits)
    wanted = BOX_SHARE * sums[0]
    box = max((i for i, total in enumerate(sums) if total >= wanted), default=None)
    return Shown(box=box, blocks=frozenset(blocks))


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
