"""Drop what the main container repeats from the page header: the title, kickers and labels.

The page's title is already in ``PageExtract.title``; a heading at the top of the main
container that says the same thing (or nearly: "HS Roundup" for "High School Roundup") is a
repetition, not content, and so are the bare labels of a few words that sit above an article
(a section name, "Read later"). Only the head of the container is inspected, up to the first
real paragraph, so a heading further down that happens to match the title stays.
"""

from __future__ import annotations

import re
from itertools import islice

from lxml.html import HtmlElement

from weblens.extract.blocks import HEADING_TAGS
from weblens.extract.text import line_text
from weblens.extract.tree import drop, leaf_blocks

__all__ = ["drop_repeated_header", "is_price", "page_title_heading", "same_text"]

_SEPARATORS = re.compile(r"\s+[|\-–—:·•»«]+\s+|\s*::\s*")
_NON_WORD = re.compile(r"[\W_]+")
_LEAD_PARAGRAPH = 150  # characters: the article proper has begun
_SHORT_LEAD = 40  # characters of a sentence that begins the text, however short the paragraph
_HEAD_BLOCKS = 12  # how many blocks into the container to look at most
_TITLE_LINE = 300
# a price: a currency and an amount, after at most a short label ("Price:", "Now")
_CURRENCY = r"(?:[$£€¥₹₩]|US\$|A\$|C\$|(?:USD|EUR|GBP|CHF|JPY|CAD|AUD|SEK|NOK|DKK|PLN)\b|kr\.?|zł)"
_PRICE = re.compile(
    rf"(?:[\w ]{{1,20}}:?\s)?(?:{_CURRENCY}\s?\d[\d.,\s]*|\d[\d.,\s]*\s?{_CURRENCY})",
    re.I,
)
_LABEL_TAGS = HEADING_TAGS | {"dt", "th", "label", "b", "strong"}  # what labels a value beside it
_TITLE_HEADINGS = 10  # lower headings looked at for the title
# headings, list items and table cells are content even when short
_NOT_LABELS = HEADING_TAGS | {"li", "dd", "dt", "td", "th", "caption"}
_LABEL_WORDS = 3
_SIMILAR_WORDS = 0.65  # share of words in common with the title (Jaccard)
_SENTENCE_END = re.compile(r"[.!?:;。]\s*$")
# a label that the story is for subscribers or members, in English, French, German, Spanish,
# Portuguese, Italian, Dutch and Japanese
_GATE_LABEL = re.compile(
    r"(?:subscribers?|members?)[- ](?:only|exclusive)|exclusive (?:to|for) (?:subscribers|members)|"
    r"réservée? aux abonnés|nur für abonnenten|exklusiv für abonnenten|"
    r"exclusiv[oa] para (?:suscriptores|assinantes)|riservat[oa] agli abbonati|"
    r"alleen voor abonnees|有料会員限定|会員限定",
    re.I,
)
_GATE_LABEL_WORDS = 6
_TITLE_SHARE = 0.6
# the line a newsletter's e-mail opens with, kept in its web archive: a link to itself
_EMAIL_CHROME = re.compile(
    r"view (?:this|the|it) (?:e-?mail )?(?:in (?:your|a) (?:web )?browser|online|as a web ?page)|"
    r"(?:e-?mail|message) (?:is )?not displaying correctly|trouble viewing this e-?mail",
    re.I,
)


def _norm(text: str) -> str:
    return _NON_WORD.sub(" ", text.lower()).strip()


def same_text(candidate: str, reference: str) -> bool:
    """True if ``candidate`` is ``reference`` or one of its parts (a title minus its site name)."""
    cand = _norm(candidate)
    if not cand:
        return False
    ref = _norm(reference)
    if cand == ref:
        return True
    parts = [_norm(part) for part in _SEPARATORS.split(reference)]
    longest = max((len(part) for part in parts), default=0)
    return any(cand == part for part in parts) or (cand in ref and len(cand) >= _TITLE_SHARE * longest)


def _similar(text: str, title: str) -> bool:
    if same_text(text, title):
        return True
    words, title_words = set(_norm(text).split()), set(_norm(title).split())
    union = words | title_words
    return bool(union) and len(words & title_words) / len(union) >= _SIMILAR_WORDS


def page_title_heading(body: HtmlElement, *, title: str | None) -> HtmlElement | None:
    """The page's own title heading: one of its first ``<h1>`` (or, on a page without one, of its
    first ``<h2>``) that repeats the page title (the first may be the site's name in a banner), else
    one of its first ``<h2>``/``<h3>`` that words the title exactly. Looked up before cleaning: a
    title heading in a page header is removed with the header, and the Markdown may still want it."""
    if not title:
        return None
    for level in ("h1", "h2"):
        headings = list(islice(body.iter(level), _TITLE_HEADINGS))
        for heading in headings:  # the first may be the site's name in its banner
            text = line_text(heading)
            if text and len(text) <= _TITLE_LINE and _similar(text, title):
                return heading
        if headings:
            break
    # under a site's banner <h1>, the post's title is a lower heading (a blog's <h3 class=post-title>)
    for heading in islice(body.iter("h2", "h3"), _TITLE_HEADINGS):
        text = line_text(heading)
        if text and len(text) <= _TITLE_LINE and text.casefold() == title.casefold():
            return heading
    return None


# a piece of each wording of _EMAIL_CHROME, looked for in the lower-cased line first: a line without
# any has none of them (the pieces hold no letter that case-folds from outside ASCII), and three plain
# searches cost less than the pattern's search (ScrapingHub: 0.055 -> 0.015 ms a page)
_EMAIL_CHROME_PIECES = ("ew ", "not d", "trouble")


def _is_email_chrome(text: str) -> bool:
    if len(text) > _TITLE_LINE:
        return False
    low = text.lower()
    if not any(piece in low for piece in _EMAIL_CHROME_PIECES):
        return False
    return _EMAIL_CHROME.search(text) is not None


def _is_gate_label(text: str) -> bool:
    """A label that the story is for subscribers or members ("Article réservé aux abonnés",
    "Subscriber-only story", "Nur für Abonnenten"): longer than a kicker, as much a label."""
    return len(text.split()) <= _GATE_LABEL_WORDS and _GATE_LABEL.search(text) is not None


def is_price(text: str) -> bool:
    """A line that is a price ("£89.00", "Price: 1.299,00 €"): a product's data, not a label or a
    button, though it is short and has no sentence."""
    return _PRICE.fullmatch(" ".join(text.split())) is not None


def _value_of_a_label(el: HtmlElement) -> bool:
    """The value after a label in a box of two parts (a fact of an infobox: "Built" / "1881"): data,
    not a bare label of the page's header."""
    parent = el.getparent()
    if parent is None:
        return False
    parts = [child for child in parent if isinstance(child.tag, str)]
    return len(parts) == 2 and parts[1] is el and parts[0].tag in _LABEL_TAGS


def drop_repeated_header(main: HtmlElement, *, title: str | None) -> list[HtmlElement]:
    """Remove, at the head of ``main``, what repeats the page header (in place); return the title
    headings left in place.

    Before the first real paragraph: a heading or short line that repeats the page title, and
    bare labels of a few words (a section name, a kicker, "Read later") — labels only when a real
    paragraph does follow (a poem or a list of short lines has no labels to lose). A heading
    (``h1``–``h6``) that repeats the title is not removed but returned: the Markdown keeps the
    article's own heading, the text leaves it out (the title is a field of its own).
    """
    titles: list[HtmlElement] = []
    labels: list[HtmlElement] = []
    lead_found = False
    head = [(el, " ".join(el.text_content().split())) for el in islice(leaf_blocks(main), _HEAD_BLOCKS)]
    # a newsletter's line over its e-mail ("View this email in your browser"), wherever in the head
    chrome = [el for el, text in head if el is not main and _is_email_chrome(text)]
    for el in chrome:
        drop(el)
    for el, text in head:
        if not text or el in chrome:
            continue
        if len(text) >= _LEAD_PARAGRAPH and el.tag not in HEADING_TAGS:
            lead_found = True
            break
        if el.tag == "pre" or (
            el.tag not in HEADING_TAGS and len(text) >= _SHORT_LEAD and _SENTENCE_END.search(text)
        ):
            break  # the text has begun with a short paragraph: a heading further on is a section's
        if title and len(text) <= _TITLE_LINE and _similar(text, title):
            titles.append(el)
        elif (
            el.tag not in _NOT_LABELS
            and (len(text.split()) <= _LABEL_WORDS or _is_gate_label(text))
            and not _SENTENCE_END.search(text)
            and not _value_of_a_label(el)
            and not is_price(text)
        ):
            labels.append(el)
    headings = [el for el in titles if el.tag in HEADING_TAGS]
    for el in [el for el in titles if el.tag not in HEADING_TAGS] + (labels if lead_found else []):
        drop(el)
    return headings
