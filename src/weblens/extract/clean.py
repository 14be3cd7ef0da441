"""Remove what no reader of the article should get: code, chrome, hidden text, boilerplate boxes.

Three kinds of removal, all in place on the tree:

* tags that never carry article text (script, style, svg, iframe, form controls…), removed
  wholesale in C by :func:`strip_junk`;
* elements hidden from readers: the ``hidden`` attribute and inline styles that hide
  (``display:none``, ``visibility:hidden``, ``opacity:0``, ``font-size:0``, transparent text,
  far off-screen positions) go — hidden text is a prompt-injection vector, so it goes even when
  it looks like content — but for a box held back only by ``visibility:hidden`` or ``opacity:0``
  that holds most of the page's prose (its text, until a script shows it on load:
  :func:`is_held_for_a_script`); ``aria-hidden="true"`` and hiding classes (``sr-only``,
  ``visually-hidden``, ``d-none``, ``hidden``…) go unless the element wraps most of the page's
  prose (a modal's leftover in a saved page, a "read more" section a script would reveal);
* page chrome and boilerplate boxes, judged by name *and* by content. ``nav``, ``aside``,
  ``header``, ``footer`` and ``form`` go unless they hold most of the page's prose (an ASP.NET
  page-wide ``<form>``); an article's own ``<header>``/``<footer>`` (inside ``<article>``) stays.
  An ARIA role of chrome (``navigation``, ``banner``, ``contentinfo``, ``search``, ``menu``,
  ``toolbar``, ``tooltip``, ``dialog``, ``complementary``…) counts as those tags do.
  A class or id naming a boilerplate role removes the element: *strong* roles (comments,
  related/recommended/most-read lists, newsletter and cookie boxes) whatever their text,
  *weak* roles (share bars, ads, sidebars, widgets, bylines, modals…) only when the element
  holds no real prose, because those words also turn up on the layout wrappers of articles
  (``l-sidebar-fixed l-article-body``, ``elementor-widget-wrap``). Class names that merely
  state a feature (``has-comments``, ``no-sidebar``, ``comments-count``) are not roles.

Prose is counted per block by :mod:`weblens.extract.blocks`: text outside links in blocks long
enough to be a paragraph and punctuated like sentences.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Collection, Iterator
from dataclasses import dataclass
from itertools import islice
from typing import Literal
from urllib.parse import unquote, urlsplit

import lxml.etree
import lxml.html
from lxml.html import HtmlElement

from weblens.extract.authors import is_member_link
from weblens.extract.blocks import (
    BLOCK_TAGS,
    CELL_BLOCKS,
    CELLS,
    HEADING_TAGS,
    TreeStats,
    accumulate,
    cells_of,
    has_sentence,
    is_link,
    is_prose,
)
from weblens.extract.codelines import restore_code
from weblens.extract.lost import footer_text
from weblens.extract.metatext import name_key
from weblens.extract.tail import is_a_documents_section, names_a_section, names_cross_references
from weblens.extract.text import measure, word_count
from weblens.extract.tree import WORD_SPLIT as _WORD_SPLIT
from weblens.extract.tree import AttributeSearch, AttributeText, drop, has_any, is_below
from weblens.extract.trim import is_price
from weblens.extract.urls import elsewhere

__all__ = [
    "MEMBER_WORDS",
    "Cleaning",
    "caption_elements",
    "clean",
    "clean_tree",
    "code_box",
    "comment_named",
    "content_named",
    "infobox",
    "is_discussion",
    "is_hidden",
    "is_permalink",
    "prose_chars",
    "role_of",
    "sign_in_prompts",
    "strip_junk",
]

# never article text
_ALWAYS = (
    "script", "style", "noscript", "template", "svg", "math", "iframe", "frame", "frameset",
    "object", "embed", "applet", "canvas", "video", "audio", "map", "select", "button", "input",
    "textarea", "option", "optgroup", "datalist", "dialog", "link", "meta", "head", "base", "menu",
    "rt", "rp",
)  # fmt: skip
_CHROME = frozenset(("nav", "aside", "header", "footer", "form"))
# ARIA roles of the page's chrome, as the tags above are: a menu, the site's banner and footer, a
# search box, a tool bar, a tooltip shown on hover, a dialog, and the live regions that report on
# the page rather than say something (a table's "Showing 1 to 5 of 5 entries", a countdown, a
# ticker); removed as those tags are
_CHROME_ROLES = frozenset(
    ("navigation", "banner", "contentinfo", "search", "menu", "menubar", "toolbar", "tooltip", "dialog",
     "alertdialog", "complementary", "status", "timer", "marquee")
)  # fmt: skip
# a box the ARIA role lays over the page (its role says so: ``dialog``, ``alertdialog``) that opens
# by asking about cookies is a consent notice, gone whatever its length: a consent platform's notice
# lists its purposes and partners in a dozen paragraphs, more prose than a short story has
_OVERLAY_ROLES = frozenset(("dialog", "alertdialog"))
_COOKIES = re.compile(r"cookie|クッキー|쿠키", re.I)
# characters of a notice's text that name what it asks (OneTrust's, Didomi's and Quantcast's
# notices name cookies in their heading or first sentence, within 120 characters)
_NOTICE_HEAD = 300
# paragraphs of a consent notice that outweighs a story whatever the guard says; a banner of a line
# is left to the guard (on a forum page of short posts a one-line banner can hold half the page's
# prose, and taking it away moved the selection of a validation thread from the page to its posts)
_NOTICE_PARAGRAPHS = 2
_TEMPLATE_TYPES = frozenset(("text/template", "text/html", "text/x-template"))
_TEMPLATE_CHARS = 200
_ANNOTATIONS = frozenset(("annotation", "annotation-xml"))  # a MathML formula's sources, beside its symbols
_STRONG_PARTS = re.compile(
    r"related|recommend|popular|mostread|most-read|most_read|trending|newsletter|cookie|consent|gdpr|"
    r"outbrain|taboola|subscribe(?!r)|signup|sign-up|disqus|"
    # what stands in for an embed until the reader consents to load it: a notice, never the text
    r"embed[-_]?placeholder|placeholder[-_]?embed|"
    # a list of teasers of other stories ("c-inline-teaser-list"); a "teaser" alone may be the lead
    r"teaser[-_]?list"
)
# readers' comments, in English and the plural other languages name a section of them by (German
# "Kommentar" alone is an opinion piece, "Kommentare" and "Leserkommentar" readers'): "kommentare",
# Nordic "kommentarer", Spanish, Portuguese, Italian "comentari…", Polish, Czech, Indonesian "komentar…",
# Dutch "reacties", Turkish "yorumlar"; a guest book (a memorial page's "Sign the Guest Book",
# German "Gästebuch"); the replies other sites sent a post (the IndieWeb's "Webmentions", the
# "TrackBacks" and "Pingbacks" of Movable Type and WordPress)
_COMMENT_PARTS = re.compile(
    r"comment(?!ar|at)|disqus|reactions|discussions(?![a-z])|respond\b|replies|kommentare|leserkommentar|comentari|komentar|reacties|yorumlar|"
    r"guest-?book|g(?:ae|ä)stebuch|webmention|trackback|pingback|"
    # readers' "talkbacks" (Israeli sites' word for comments)
    r"talkback"
)
# on a page that declares a recipe, a box named for reviews, plural ("reviews", "o-Reviews", "reviews__list"):
# its readers' reviews, comments with a rating ("I made this twice…"); a shop's reviews of a product and
# a review that is the page's text are no comments (a product page keeps its reviews)
_READERS_REVIEWS = re.compile(r"reviews(?![a-z])")
_WEAK_PARTS = re.compile(
    # (not a longer word the part opens: "shareholders", "skipper", "navy")
    r"share(?!holder)|sharing|social|sidebar|widget|banner|sponsor|promo|advert|adslot|ad-slot|adunit|ad-unit|"
    r"breadcrumb|pagination|pager|byline|author|popup|modal|overlay|masthead|navbar|navigation|toolbar|"
    r"tagcloud|tag-list|taglist|tagline|dateline|disclaimer|copyright|paywall|print|login|signin|feedback|"
    r"survey|skip(?!per)|editsection|edit-link|editlink|(?:^|[^a-z])nav(?!er|y)|dismissible|announcement|"
    r"video[-_]?playlist|player[-_]?(?:controls?|bottom|bar)|control[-_]?bar|"  # a media player's
    r"call[-_]?to[-_]?action|"
    # an appeal for money: a paid plan's pitch, a call to donate (Portuguese "donativo", Spanish
    # "donación", Italian "donazione"), a fundraiser's box
    r"upsell|donat|fundrais"
)
_ABOUT_WRITER = re.compile(r"author|byline|\bbio")
# a list of the works a document cites, by its name: "references" (xml2rfc's ``<dl class="references">``,
# Wikipedia's ``<ol class="references">``), a bibliography, a reference list ("ref-list", "reflist"),
# citeproc's ``csl-bib-body``, "works cited", German "Literaturverzeichnis"
# ("preferences" is a settings panel's name: no letter before the word; "reference" alone names a
# teaser of another story on NRK, "article-reference": only the plural)
_REFERENCE_LIST = re.compile(
    r"(?<![a-z])(?:references|bibliograph|ref-?list|csl-bib|works-?cited|literaturverz)"
)
_REFERENCE_DEPTH = 4  # elements between a name in an entry and the list, at most (xml2rfc: span, dd, dl)
_WEAK_WORDS = frozenset(
    (
        "ad", "ads", "adv", "dfp", "gpt", "nav", "menu", "footer", "header", "tags", "topics", "meta", "rss",
        "logo", "notice", "notices",
    )
)  # fmt: skip
_DATE_WORDS = frozenset(
    (
        "date", "dates", "time", "timestamp", "datetime", "pubdate", "published", "posted", "datepublished",
        "datemodified", "datecreated",
    )
)  # fmt: skip

# the first word of a camelCase name, and the words that make such a name a switch of a script
_CAMEL_HEAD = re.compile(r"[a-z]+(?=[A-Z])")
_FLAG_WORDS = frozenset(
    ("enable", "enabled", "disable", "disabled", "filter", "has", "is", "no", "show", "hide", "allow", "use")
)
# a class that states a feature rather than a role: "has-comments", "no-sidebar", "comment-count"
_FEATURE_WORDS = frozenset(
    (
        "has", "with", "no", "non", "not", "without", "enable", "enabled", "disable", "disabled", "is",
        "show", "allow", "allowed", "off", "count", "counts", "open", "closed", "icon", "btn", "button",
        "embed", "embedded", "image", "img", "photo", "picture", "title", "headline",
    )
)  # fmt: skip
# a name that says where a part is set, not what it is: WoltLab's "messageSidebarOrientationLeft" on
# every post is a post whose poster's card stands to its left, not a sidebar
# (and how a box is laid out on paper: GOV.UK's "gem-print-columns-none" on every row of a page, a
# "print-break-before": a style, not a print button)
_LAYOUT_PARTS = re.compile(r"orientation|placement|print-?(?:columns?|cols|break|width|layout|grid)")
# the words of a camelCase name, and the last words that make such a name a post's
_CAMEL_WORDS = re.compile(r"[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])")
_POST_HEADS = frozenset(("post", "message", "entry", "reply", "article", "story"))
_UTILITY_MARKS = (":", "!", "[")  # characters only utility classes put in a class name
_NOT_PRINTED = "print:hidden"  # a page's own word that a box is no part of the text: chrome
# a comment of the document's own, not a reader's: an API's "deprecation-comment", a "doc-comment"
_DOCUMENT_NOTES = frozenset(("deprecation", "deprecated", "doc", "docs", "javadoc", "docstring"))
_HEADING_WORDS = frozenset(("header", "heading", "date", "dates", "datetime", "day", "title", "headline"))
_CAPTION = re.compile(r"caption|credit")
_TEX_STYLE = re.compile(r"\{\\(?:display|text|script)style\s*(.*)\}", re.S)
_MATH_IMAGE = re.compile(r"math|latex|\btex\b", re.I)
_LINE_NUMBER_NAMES = ("lineno", "line-number", "linenumber", "gutter", "blob-num", "ln-num")
# the class and id values of the elements, as plain strings, in two paths: a union would sort them
# into document order, and only substrings are looked for (a third faster than the union)
_CLASS_VALUES = lxml.etree.XPath("descendant-or-self::*/@class", smart_strings=False)
_ID_VALUES = lxml.etree.XPath("descendant-or-self::*/@id", smart_strings=False)
_LINE_NUMBERS_XPATH = lxml.etree.XPath(  # [@class] first: the contains() tests run on few elements
    ".//*[@class][" + " or ".join(f'contains(@class, "{name}")' for name in _LINE_NUMBER_NAMES) + "]"
)
_HEADING_BUTTONS = lxml.etree.XPath(
    ".//button[ancestor::h1 or ancestor::h2 or ancestor::h3 or ancestor::h4 or ancestor::h5 or ancestor::h6"
    " or ancestor::summary or ancestor::dt or ancestor::th]"
)
# a box of facts set in the text: this many label/value pairs, labels this short, paragraphs beside
_FACTS = 3
_LABEL_WORDS = 4
_FACTS_BESIDE = 2
_DIGITS_ONLY = re.compile(r"^[\d\s]*$")
_MEDIA = ("img", "picture", "video", "audio", "source", "iframe", "svg", "canvas", "embed", "object")
_EMBEDDED = re.compile(r"tweet|instagram-media|tiktok-embed|embedded-post|fb-post")
_CONTENT_WORDS = frozenset(("article", "content", "post", "entry", "story", "main", "body", "text", "blog"))
# characters of a signature, at most: forum engines cap them at a few lines (phpBB at 255 by
# default). A longer box so named is left to the scoring: on the pool's dev threads a cap of 1,000
# scored lower than 400 (a long quotation as a signature outweighed its post's two lines)
_SIGNATURE_CHARS = 400
_NOTE_WORDS = frozenset(("footnote", "footnotes", "endnote", "endnotes"))  # the text's own notes
# inline styles that hide text from a sighted reader: not displayed, invisible, transparent,
# zero-sized type, or pushed far off-screen
_HIDDEN_STYLE = re.compile(
    r"display\s*:\s*none|visibility\s*:\s*(?:hidden|collapse)|opacity\s*:\s*0*\.?0+\s*(?:;|!|$)|"
    r"font-size\s*:\s*0+(?:\.0+)?(?:px|em|rem|pt|%)?\s*(?:;|!|$)|(?:^|[;\s])color\s*:\s*transparent|"
    r"(?:left|top|text-indent)\s*:\s*-\d{4,}",
    re.I,
)
# of those, the ones that keep the box's place in the layout (see is_held_for_a_script)
_HELD_STYLE = re.compile(r"visibility\s*:\s*hidden|opacity", re.I)
_ANIMATION_ATTRIBUTES = frozenset(
    ("data-w-id", "data-aos", "data-sal", "data-scroll", "data-animate", "data-animation", "data-wow-delay")
)
_ANIMATION_CLASS = re.compile(r"animat|fade|reveal|\bwow\b|\baos", re.I)
# classes that hide text visually (screen-reader-only helpers): labels, never article text
_HIDDEN_CLASSES = frozenset(
    (
        "sr-only", "sr-only-focusable", "visually-hidden", "visuallyhidden", "screen-reader-text",
        "screen-reader-only", "screenreader-only", "a11y-hidden", "offscreen", "is-offscreen", "hidden",
        "hide", "d-none", "is-hidden", "u-hidden", "hidden-text",
    )
)  # fmt: skip
_HIDING_HINT = re.compile(r"vh|sr-|visually|screen")  # a cheap look before the pattern below
_PREFIXED_HIDING = re.compile(
    # not Tailwind's "not-sr-only", which shows again what sr-only hid
    r"(?<!not)[-_](?:vh|sr-only|visually-?hidden|screen-?reader(?:-text|-only)?|screenreader(?:-only)?)$"
)
# an icon font's glyph: a lower-case name, words joined by "_" ("chevron_right"), in an inline tag
_ICON_GLYPH = re.compile(r"\s*[a-z][a-z0-9]*(?:_[a-z0-9]+)*\s*$")
_ICON_TAGS = frozenset(("i", "span", "em"))
_WEAK_PROSE = 400  # a weak-role element with this much prose is a layout wrapper, not a box
_WEAK_PARAGRAPHS = 3
# paragraphs of prose, at least, of a weak-named box holding more than half of the page's prose that
# make it the page's text (one is a page builder's introduction in a widget beside its table)
_TEXT_PARAGRAPHS = 2
# paragraphs of prose named as gated, side by side, that are the text's (the paywall's notice is one
# box). Set at 3, as _WEAK_PARAGRAPHS: three paragraphs of prose are text wherever they stand. Seen
# on a pool dev page: its short paragraphs between long ones, all marked "paywall", were dropped
_RUN_PARAGRAPHS = 3
# what else a writer sets among the gated paragraphs, named as they are: headings, lists, tables,
# code (a buying guide whose products' headings and lists were all marked "paywall" lost them). Not
# a quote's box: the one seen so named held the site's note on affiliate links
_GATED_BLOCKS = frozenset((*HEADING_TAGS, "ul", "ol", "dl", "table", "pre"))
_GATED = "paywall"
_GUARD_SHARE = 0.5  # chrome holding this share of the page's prose is the page
# a widget box holding more than this share of the page's prose wraps the page rather than being one
# of a page builder's units (the introduction of an Elementor page of our own, two paragraphs in a
# text widget, holds 0.6 of it; a box around a whole page holds 1.0)
_WRAPPER_SHARE = 0.9
_LABEL_CHARS = 40  # characters of a screen reader's label for an icon in a cell, at most ("Not included")
_LABEL_DEPTH = 2  # boxes between such a label and its cell, at most
_UNITS = 2  # boxes of a page builder's units, at least, that hold prose (and say different things)
_WIDGET = "widget"
_HEADER = "header"
_DATE_LINE = 80  # characters: a block this short around a <time> is a date line
_DATE_BOX = 200  # characters: a box named for a date holding more than this is not a date line
_DATE_BLOCKS = 3  # ... nor one holding more blocks than this (a table's rows and cells, a list's items)
_ENTRY_TAGS = frozenset(("li", "td", "th", "dd"))
# words beside a date in a list item or a cell that make it an entry, not a date line ("Posted by
# Ann" has three; "the council voted on part 2" has six)
_ENTRY_WORDS = 4
_COLUMN_CELLS = 3  # cells of one table named alike, with no block inside: a column of its data
# boxes of one kind side by side, each holding a <time> and a paragraph or a heading, that make a
# timeline (a live blog's entries, an incident's updates); two are a story and its teaser
_TIMELINE_ENTRIES = 3
_DISCUSSION_POSTS = 2  # prose paragraphs in comment-named blocks
_COMMENTISH = AttributeSearch(
    {
        "class": ("omment", "OMMENT", "disqus", "repl", "respond", "omentar", "reacties", "yorum"),
        "id": ("omment", "disqus", "repl", "respond", "omentar", "reacties", "yorum"),
        "itemprop": ("omment",),
    }
)
_DISCUSSION_OUTSIDE = 300  # characters of prose outside them, at most
# ... or, on a page whose address is no story's, a question of a few paragraphs under replies that
# say far more (an "Ask" post and its replies marked up as comments). Calibration: our own
# question page (tests/fixtures/classes/issue36/forum_engine_hackernews.html) has 367 characters
# of prose outside and 767 inside (2.1 times); on the pool and the two corpora the bounds changed
# one page each of ScrapingHub (an "open thread" blog post at a dated address: hence that
# exception), CleanEval (F1 0.03 -> 0.97) and magic-forum's validation side, the same at 2 and 3
_QUESTION_OUTSIDE = 1000  # characters of prose outside the comment-named blocks, at most
_REPLIES_SHARE = 2.0  # times the prose outside, at least, that the comment-named blocks hold
_MEMBERS_REPLIES = 3  # members' profiles, at least, that the comment-named blocks link


def has_controls(form: HtmlElement) -> bool:
    """``form`` holds a control a reader fills in or presses: a text box, a list to choose from, a
    button, an input that is not hidden. A form of hidden inputs around a text is no form to use."""
    return any(
        el.tag != "input" or (el.get("type") or "").lower() != "hidden"
        for el in form.iter("input", "textarea", "select", "button")
    )


def is_icon_glyph(el: HtmlElement) -> bool:
    """An icon drawn by a ligature font: an element whose class names an icon ("icon",
    "material-icons", "status-icon"; not "lexicon") holding one lower-case glyph name
    ("chevron_right", "search"), which the font draws as a picture and a text reader would read as
    a word."""
    if len(el) or not _ICON_GLYPH.match(el.text or ""):
        return False
    return any(
        name in ("icon", "icons")
        or name.endswith(("-icon", "_icon", "-icons", "_icons"))
        or name.startswith(("material-icons", "material-symbols"))
        for name in (el.get("class") or "").lower().split()
    )


_SIGNATURE_NAMING = ("class", "id", "data-role", "component")  # the attributes that name a signature
# words naming a signature whole ("design" ends so too): Discuz's "sign", NGA's "postsign"
_SIGNATURE_WORDS = frozenset(("sign", "postsign", "usersign"))


def _is_signature(el: HtmlElement) -> bool:
    """A box named for a member's signature, which forum engines set under each of their posts
    (phpBB's and SMF's ``signature``, vBulletin's ``signaturecontainer``, XenForo's
    ``message-signature``, Invision's ``data-role="memberSignature"``, Discuz's ``sign``, NGA's
    ``postsign``) and
    which the member wrote once for all their posts: a motto, their car, a disclaimer; NodeBB names
    its components in their own attribute (``component="post/signature"``)."""
    names = " ".join(el.get(name) or "" for name in _SIGNATURE_NAMING).lower()
    return "signature" in names or not _SIGNATURE_WORDS.isdisjoint(_WORD_SPLIT.split(names))


def _is_person_card(el: HtmlElement) -> bool:
    """A box marked up as a schema.org Person: on a thread, the poster's card beside a post (name,
    title, when they joined, how many messages), not what they wrote."""
    kind = el.get("itemtype")
    return kind is not None and kind.rstrip("/").lower().endswith("schema.org/person")


def _is_named_a_users_card(el: HtmlElement) -> bool:
    """A box whose class names a member's card: a word of a member (user, poster, author, member,
    profile) and one of a card (card, info, details, hovercard) in one class name, camelCase parted
    (Flarum's ``UserCard``, SMF's ``user_info``, ``author-card``, ``member-details``): on a thread,
    when the member joined and how much they posted, not what they wrote."""
    for name in (el.get("class") or "").split():
        words = set(_WORD_SPLIT.split(_CAMEL_HUMP.sub(r"\1-\2", name).lower()))
        if not MEMBER_WORDS.isdisjoint(words) and not _CARD_WORDS.isdisjoint(words):
            return True
    return False


_CAMEL_HUMP = re.compile(r"([a-z])([A-Z])")  # "UserCard" -> "User-Card"
MEMBER_WORDS = frozenset(("user", "poster", "author", "member", "profile"))  # a word naming a member
_CARD_WORDS = frozenset(("card", "info", "details", "hovercard"))


def is_hidden(el: HtmlElement) -> bool:
    """Hidden from a human reader by attribute, inline style or a hiding class."""
    return hidden_for_sure(el) or hidden_by_convention(el)


def hidden_for_sure(el: HtmlElement) -> bool:
    """The ``hidden`` attribute or an inline style that hides: the browser never shows it.

    ``opacity:0`` alone on an element that an animation library fades in on scroll (Webflow's
    ``data-w-id``, AOS's ``data-aos``…) is the start of an animation, not hiding; nor is
    ``font-size:0`` on a box whose boxes set their own size (how e-mail templates and grids close
    the gaps between columns set inline: ``<td style="font-size:0"><div style="font-size:16px">``).
    """
    if el.get("hidden") is not None:
        return True
    return bool(el.get("style")) and next(_hiding_declarations(el), None) is not None


def is_held_for_a_script(el: HtmlElement) -> bool:
    """Hidden only by ``visibility:hidden`` or ``opacity:0``: the box keeps its place in the layout and
    only its look is held back, as a page holds its text until a script shows it once loaded
    (WeChat's articles, a story faded in whole). A tab panel, a dialog or a variant a script picks
    is taken out of the layout (``display:none``, the ``hidden`` attribute); text stuffed for search
    engines or for an agent is pushed off-screen, shrunk to nothing or made transparent."""
    return _is_hidden_only_by(el, _HELD_STYLE)


def _is_hidden_only_by(el: HtmlElement, style: re.Pattern[str]) -> bool:
    """``el`` is hidden by its inline style alone, and every declaration of it that hides matches
    ``style`` (no ``hidden`` attribute, no other way of hiding beside)."""
    if el.get("hidden") is not None:
        return False
    declared = list(_hiding_declarations(el))
    return bool(declared) and all(style.match(declaration) for declaration in declared)


def is_folded_row(row: HtmlElement) -> bool:
    """A table's row taken out of the layout by its inline style alone (``display:none``): a branch
    of a folding tree of rows when its table is one (:func:`is_a_folding_tree`)."""
    return _is_hidden_only_by(row, _FOLDED_STYLE)


def is_a_folding_tree(table: HtmlElement, page_chars: int) -> bool:
    """``table`` is a tree of rows folded until its reader opens them: it shows one of its own rows
    at least, and its folded rows (:func:`is_folded_row`) hold more than half of the page's text
    (``page_chars``, by :func:`~weblens.extract.text.measure`): the page is that list. A line hidden
    in a row of a table within other text (an instruction planted for an agent) is no such tree."""
    rows = [row for row in table.iter("tr") if next(row.iterancestors("table"), None) is table]
    if all(hidden_for_sure(row) for row in rows):
        return False
    folded = sum(measure(row.text_content()) for row in rows if is_folded_row(row))
    return folded * 2 > page_chars


_FOLDED_STYLE = re.compile(r"display\s*:\s*none", re.I)


def _hiding_declarations(el: HtmlElement) -> Iterator[str]:
    """The declarations of ``el``'s inline style that hide it (lower-cased)."""
    style = el.get("style")
    if not style:
        return
    for found in _HIDDEN_STYLE.finditer(style):
        declared = found.group(0).lower()
        if not (declared.startswith("opacity") and _animated(el)) and not (
            declared.startswith("font-size") and _sizes_its_own_text(el)
        ):
            yield declared


def _sizes_its_own_text(el: HtmlElement) -> bool:
    """A box inside ``el`` sets a font size of its own, not zero."""
    return any(
        (size := _FONT_SIZE.search(inner.get("style") or "")) is not None
        and not _ZERO_SIZE.fullmatch(size.group(1))
        for inner in el.iterdescendants()
        if isinstance(inner.tag, str)
    )


_FONT_SIZE = re.compile(r"font-size\s*:\s*([^;!]+)", re.I)
_ZERO_SIZE = re.compile(r"\s*(?:0+(?:\.0+)?(?:px|em|rem|pt|%)?|inherit|unset)\s*", re.I)  # no size of its own


def _animated(el: HtmlElement) -> bool:
    if any(name in _ANIMATION_ATTRIBUTES for name in el.attrib):
        return True
    names = el.get("class")
    return bool(names) and _ANIMATION_CLASS.search(names) is not None


def hidden_by_convention(el: HtmlElement) -> bool:
    """``aria-hidden="true"`` or a hiding class (``sr-only``, ``d-none``…): hidden unless a script
    says otherwise, so a wrapper around most of the page's prose is spared."""
    if el.get("aria-hidden") == "true":
        return True
    names = el.get("class")
    return bool(names) and has_hiding_class(names)


def is_a_cells_label(el: HtmlElement) -> bool:
    """A label for screen readers that is all the text of a table's cell (``<td><svg …/><span
    class="screen-reader-text">Included</span></td>``): the value an icon shows, which a
    comparison table loses without it. A hiding class only (``aria-hidden`` hides from everyone),
    short (a value, not a paragraph) and no link (a layout table's skip link)."""
    if el.get("aria-hidden") == "true" or next(el.iter("a"), None) is not None:  # el itself too
        return False  # a link is a skip link ("Skip to content"), not a value
    text = " ".join(el.text_content().split())
    if not text or len(text) > _LABEL_CHARS:
        return False
    cell = next((up for up in islice(el.iterancestors(), _LABEL_DEPTH) if up.tag in CELLS), None)
    return cell is not None and " ".join(cell.text_content().split()) == text


@functools.lru_cache(maxsize=4096)  # a page repeats its class values ("sr-only", "card-body")
def has_hiding_class(names: str) -> bool:
    """A class of ``names`` hides the element from sight and leaves it to screen readers: one of
    :data:`_HIDDEN_CLASSES`, or such a name behind a prefix (``go-vh``, ``u-visually-hidden``,
    ``c-sr-only``: "vh" is "visually hidden"). Not ``overflow-hidden``, which hides nothing."""
    tokens = names.lower().split()
    if not _HIDDEN_CLASSES.isdisjoint(tokens):
        return True
    if any(_PREFIXED_HIDDEN.fullmatch(token) for token in tokens if "hidden" in token):
        return True
    return any(_PREFIXED_HIDING.search(token) for token in tokens if _HIDING_HINT.search(token))


# "hidden" behind a framework's short prefix (Tailwind's "tw-hidden", "u-hidden"), or a screen width's
# ("md:hidden": hidden on a desktop, the width a reader of the saved page is taken to have); not
# "overflow-hidden", which hides nothing
_PREFIXED_HIDDEN = re.compile(r"[a-z0-9]{1,3}[-_:]hidden")


_PERMALINK_DEPTH = 3  # boxes around a permalink looked at for the anchor it links to
# the text of a heading's link to itself: nothing, or a sign (¶ § # 🔗 ⚓ and the like)
_PERMALINK_SIGN = re.compile(r"[^\w\s]{0,3}")


def strip_junk(root: HtmlElement) -> frozenset[HtmlElement]:
    """Remove the elements that never hold article text (script, style, svg, form controls, a
    dialog laid over the page: see :func:`_drop_overlays`). Returns the forms that held no control
    to fill in (:func:`has_controls`), which cleaning can no longer tell once the controls are gone.

    Two exceptions where the page's text really sits there: a ``<script type="text/template">``
    (or ``text/html``) whose markup holds prose is rendered into the page by the site's script, so
    its markup replaces it; and when ``<noscript>`` elements hold most of the page's text (an
    unclosed ``<noscript>`` swallows the document) they are unwrapped, not removed.

    Searches for class names look in the page's class and id values only (a few kilobytes, where
    the markup may be a megabyte): the passes they serve are skipped on pages without those names.
    """
    # 1. one walk finds the elements the steps below look at (a walk per tag cost as much each)
    found = _JunkWalk(root)
    if _expand_templates(found.script):
        found = _JunkWalk(root)  # the templates' markup joined the page
    if _math_as_text(found.math, found.img):
        found = _JunkWalk(root)  # a formula replaced: its links are gone
    anchor_links = found.anchor_links()  # dropping some leaves the others' addresses as they were
    _drop_heading_permalinks(anchor_links)
    _drop_skip_links(anchor_links)
    _drop_script_controls(found.anchors)
    names = " ".join(_CLASS_VALUES(root) + _ID_VALUES(root))
    if any(name in names for name in _LINE_NUMBER_NAMES):
        _drop_line_numbers(root)
    # 2. the steps above may have removed some of what the walk found: only what is left counts
    restore_code(root, names, has_code=any(is_below(el, root) for el in found.code))
    buttons = [el for el in found.button if is_below(el, root)]
    if buttons:
        _drop_overlays(root, buttons)
        _drop_feedback_prompts(buttons)
        _drop_control_labels(buttons)
        _unwrap_heading_buttons(root)
    _drop_toggle_labels(found.summary)
    noscripts = [el for el in found.noscript if is_below(el, root)]
    if noscripts:
        inside = sum(len(el.text_content()) for el in noscripts)
        if inside * 2 > len(root.text_content()):
            lxml.etree.strip_tags(root, "noscript")
    bare_forms = frozenset(form for form in found.form if not has_controls(form))
    _drop_signup_boxes(root, [field for field in found.input if _is_email_field(field)])
    lxml.etree.strip_elements(root, *_ALWAYS, with_tail=False)
    return bare_forms


# what a disclosure's toggle says of itself, not of what it discloses: "Expand description" (rustdoc),
# "Show more", "Hide", "Toggle all sections"
_TOGGLE_LABEL = re.compile(
    r"(?:[-+▸▾►▼›]\s*)?(?:expand|collapse|show|hide|toggle|view|see)"
    r"(?:\s+(?:all|more|less|the|description|details|sections?|source|code|contents?|everything))*",
    re.I,
)


def _drop_toggle_labels(summaries: list[HtmlElement]) -> None:
    """Remove the ``<summary>`` of a disclosure (``<details>``) that only names the toggle
    ("Expand description" above a type's documentation): a control's label, not the text; a
    summary that says what it discloses (an FAQ's question) stays."""
    for summary in summaries:
        if _TOGGLE_LABEL.fullmatch(" ".join(summary.text_content().split())):
            drop(summary)


# characters of text, at most, of a box around an e-mail field that make it a sign-up box (a title, a
# line of what the letter brings, a button and a note on privacy: about 260 on our probe pages); an
# article or a contact page holding such a field says more
_SIGNUP_CHARS = 400


def _is_email_field(field: HtmlElement) -> bool:
    """An ``<input>`` for an e-mail address: of that type, or a text field named for one."""
    kind = (field.get("type") or "text").lower()
    if kind == "email":
        return True
    names = " ".join(field.get(name) or "" for name in ("name", "id", "placeholder", "autocomplete"))
    return kind == "text" and "mail" in names.lower()


def _drop_signup_boxes(root: HtmlElement, fields: list[HtmlElement]) -> None:
    """The box around an e-mail field that says little else (:data:`_SIGNUP_CHARS`): a newsletter's
    sign-up ("Köln am Morgen … Jetzt abonnieren"), set in a ``<div>`` with or without a form, whose
    title and blurb would otherwise stay once the form went."""
    for field in fields:
        if not is_below(field, root):
            continue  # in a box already dropped
        box = None
        up = field.getparent()
        while (
            up is not None
            and up.tag not in ("body", "html")
            and len(" ".join(up.text_content().split())) <= _SIGNUP_CHARS
        ):
            box, up = up, up.getparent()
        if box is not None:
            drop(box)


class _JunkWalk:
    """The elements of the tags :func:`strip_junk` looks at, found in one walk of the tree."""

    def __init__(self, root: HtmlElement) -> None:
        self.script: list[HtmlElement] = []
        self.math: list[HtmlElement] = []
        self.img: list[HtmlElement] = []
        self.anchors: list[HtmlElement] = []
        self.code: list[HtmlElement] = []  # <pre> and <code>
        self.button: list[HtmlElement] = []
        self.noscript: list[HtmlElement] = []
        self.summary: list[HtmlElement] = []
        self.form: list[HtmlElement] = []
        self.input: list[HtmlElement] = []
        lists = {
            "script": self.script,
            "math": self.math,
            "img": self.img,
            "a": self.anchors,
            "pre": self.code,
            "code": self.code,
            "button": self.button,
            "noscript": self.noscript,
            "summary": self.summary,
            "form": self.form,
            "input": self.input,
        }
        for el in root.iter(*lists):
            lists[el.tag].append(el)

    def anchor_links(self) -> list[HtmlElement]:
        """The links to an anchor of the page (``href="#…"``): few of a page's links."""
        return [link for link in self.anchors if (link.get("href") or "").startswith("#")]


# the path of a site's page to sign in or up, to ask for an invitation, to subscribe to its newsletters
# or to get its app: "/login", "/auth/sign_up", "/users/sign_in", "/invitations/request",
# "/newsletters/campus/", "/subscribe", "/app/"; or a query asking to sign in ("?action=login")
_PROMPT_PATH = re.compile(
    r"/(?:log-?in|sign-?in|sign_in|sign-?up|sign_up|invitations?(?:/request)?|newsletters?(?:/[^/]+)?|"
    r"subscribe|apps?)/?$",
    re.I,
)
_PROMPT_QUERY = re.compile(r"(?:^|&)action=login(?:&|$)", re.I)
# one of these is in each path and query above: a cheap look first
_PROMPT_HINTS = ("log", "sign", "invit", "newsletter", "subscribe", "app")
_PROMPT_WORDS = 40  # words of a line asking the reader to sign in (Mastodon's banner: 35), at most
_PROMPT_BOXES = frozenset(("p", "div", "li", "section"))
# words of its own a prompt says beside its links ("Join the discussion: … to comment."): a button
# or a menu's "Log in" alone is left to the rest of the cleaning
_PROMPT_OWN_WORDS = 3


def _is_prompt_link(link: HtmlElement, site: str | None) -> bool:
    """``link`` leads to the site's own page to sign in or up, to subscribe or to get its app (a
    link to another site's newsletter is a source: "an article … for the newsletter of the Bar")."""
    href = link.get("href") or ""
    lowered = href.lower()
    if not any(hint in lowered for hint in _PROMPT_HINTS):
        return False  # most links: a look for the words first (ScrapingHub: 0.1 ms a page less)
    try:
        parts = urlsplit(href)
    except ValueError:
        return False
    if _PROMPT_PATH.search(parts.path) is None and _PROMPT_QUERY.search(parts.query) is None:
        return False
    return site is None or not elsewhere(href, site)


def sign_in_prompts(box: HtmlElement, site: str | None) -> list[HtmlElement]:
    """The lines inside ``box`` that ask a reader to sign in or up before taking part ("Join the
    discussion: <a>Log in</a> or <a>request an invitation</a> to comment.", a banner's "Sign in to
    follow profiles… <a>Create account</a> <a>Log in</a>"), to subscribe to a newsletter or to get
    the site's app: a line of at most :data:`_PROMPT_WORDS` words, some of its own, whose every link
    leads to such a page. A line that also links
    elsewhere is judged as any other. Asked of the content once chosen: such a line, taken away
    before, moved the choice on pages whose replies sit beside it."""
    found: list[HtmlElement] = []
    for link in box.iter("a"):
        if not _is_prompt_link(link, site):
            continue
        line = link.getparent()
        while line is not None and line is not box and line.tag not in _PROMPT_BOXES:
            line = line.getparent()
        if line is None or line is box or any(line is seen for seen in found):
            continue
        text = line.text_content()
        words = word_count(text)
        if words > _PROMPT_WORDS or (
            line.tag == "p" and len(_SENTENCE_END.findall(text.strip())) >= _PROSE_SENTENCES
        ):
            continue  # long, or a paragraph of the text ("… You can follow it in the <a>app</a>.")
        links = list(line.iter("a"))
        own = words - sum(word_count(a.text_content()) for a in links)
        if own >= _PROMPT_OWN_WORDS and all(_is_prompt_link(a, site) for a in links):
            found.append(line)
    return found


_SENTENCE_END = re.compile(r"[.!?。！？](?:\s|$)")  # a sentence's end, before a space or the line's
_PROSE_SENTENCES = 3  # sentences of a paragraph, at least, that make it the text's, whatever it links to

# words of a link that runs a script, at most, for it to be a control ("赞 (128)", "Reply", "Show more")
_CONTROL_WORDS = 3


def _drop_script_controls(links: list[HtmlElement]) -> None:
    """Remove the links that run a script instead of leading anywhere (``href="javascript:…"``),
    each saying a few words (:data:`_CONTROL_WORDS`), that are all the words of their line: buttons
    drawn as links (a comment's "赞 (128)", a row of "Reply · Report · Hide"), which go as buttons
    go, and so do the separators between them ("Review | Facts | Map"). Such a link inside a line
    of text (a glossary's pop-up on a word) is a word of that line and stays; so do a picture a
    script enlarges, an address a script writes out to hide it from harvesters, and a note's
    number."""
    lines: dict[HtmlElement, list[HtmlElement]] = {}
    for link in links:
        if not (link.get("href") or "").lstrip()[:11].lower().startswith("javascript:"):
            continue
        text = link.text_content()
        if not 1 <= word_count(text) <= _CONTROL_WORDS or "@" in text or not any(c.isalpha() for c in text):
            continue
        line = link.getparent()
        while line is not None and line.tag not in BLOCK_TAGS:  # the line's box, above inline markup
            line = line.getparent()
        if line is not None:
            lines.setdefault(line, []).append(link)
    for line, controls in lines.items():
        if _spoken(line) == sum(_spoken(link) for link in controls):
            for link in controls:
                drop(link)
            _drop_separators(line)


def _says_something(text: str) -> bool:
    """``text`` holds a letter or a digit (a separator, "·" or "|", says nothing)."""
    return any(c.isalnum() for c in text)


def _drop_separators(line: HtmlElement) -> None:
    """Remove the loose text of ``line`` that says nothing (a "|" or "·" left between controls
    gone), where its elements stay as they were."""
    if line.text and not _says_something(line.text):
        line.text = None
    for child in line.iterdescendants():
        if child.tail and not _says_something(child.tail):
            child.tail = None


def _spoken(el: HtmlElement) -> int:
    """How many words ``el`` says: its words that say something (:func:`_says_something`)."""
    return sum(1 for word in el.text_content().split() if _says_something(word))


def _drop_skip_links(links: list[HtmlElement]) -> None:
    """Remove the pairs of links that let a reader of a screen reader skip an embed, each pointing at
    the other ("Embedded content from another site follows: skip it" before an embed, "Back before
    the embedded content" after it), each a sentence: the page's navigation, not its text. A
    footnote's reference and its back-link may point at each other too, but read as marks ("(1)",
    "↩"), not as sentences."""
    by_id = {ident: link for link in links if (ident := link.get("id")) and _is_a_sentence(link)}
    if not by_id:
        return
    for link in list(by_id.values()):
        other = by_id.get((link.get("href") or "")[1:])
        if other is not None and other is not link and other.get("href") == f"#{link.get('id')}":
            drop(link)


_SKIP_LINK_WORDS = 3  # words of a skip link's text, at least (a footnote's mark has one)


def _is_a_sentence(link: HtmlElement) -> bool:
    return len(link.text_content().split()) >= _SKIP_LINK_WORDS


def _is_a_consent_notice(el: HtmlElement) -> bool:
    """``el`` is a dialog laid over the page that asks the reader's consent to cookies."""
    if el.get("role") not in _OVERLAY_ROLES:
        return False
    return _COOKIES.search(" ".join(el.text_content().split())[:_NOTICE_HEAD]) is not None


def _drop_overlays(root: HtmlElement, buttons: list[HtmlElement]) -> None:
    """Remove the dialogs laid over the page (a consent notice of a dozen paragraphs, a newsletter
    box): a box of the ``<body>`` that holds a button and no ``<main>``, ``<article>`` or ``<h1>``,
    after a box of the ``<body>`` that holds the page's ``<main>`` or ``<article>``. Such a dialog
    can hold more prose than a short story, and the story then lost to the two together.

    An ``<h1>`` alone does not mark the box before as the page's: old forums set the site's name
    as the ``<h1>`` of their banner, and the thread that follows, with its reply buttons, is the
    content."""
    body = root.find("body")
    if body is None:
        return
    boxes = list(body)
    own = set(boxes)
    tops = {top: None for button in buttons if (top := _box_among(button, own)) is not None}
    dialogs = [top for top in tops if not has_any(top, ("main", "article", "h1"))]
    if not dialogs:
        return  # the buttons are the page's own (a share bar in the article): no look for its box
    page = next((k for k, box in enumerate(boxes) if has_any(box, ("main", "article"))), None)
    if page is None:
        return
    later = set(boxes[page + 1 :])  # the body's boxes after the page's
    for dialog in dialogs:
        if dialog in later:
            drop(dialog)


# a page's question to its reader, beside the buttons that answer it ("Was this page helpful?",
# "Quanto sono chiare le informazioni su questa pagina?"): a question of this many words at most
_FEEDBACK_WORDS = 15
_FEEDBACK_LEVELS = 3  # boxes up from a button where the question may sit
# words, at most, of a feedback box whose question stands on its own line: the question, a note on
# what the answers are for and the page's date of update (a government page's: 23)
_FEEDBACK_NOTE_WORDS = 40
_QUESTION_MARKS = ("?", "？", "؟")  # Latin and others, full-width (CJK), Arabic
_FEEDBACK_BOXES = frozenset(("div", "section", "form", "fieldset", "aside", "footer"))


def _drop_feedback_prompts(buttons: list[HtmlElement]) -> None:
    """Remove the boxes that ask the reader a question about the page and hold the buttons that
    answer it and nothing else ("Was this page helpful?" over "Yes" and "No", a rating from 1 to
    5): a widget, not the text. The box holds two buttons or more, and its words outside them are
    one short question (:data:`_FEEDBACK_WORDS`)."""
    for button in buttons:
        box = button.getparent()
        for _ in range(_FEEDBACK_LEVELS):
            if box is None or box.getparent() is None:
                break
            if box.tag in _FEEDBACK_BOXES and _is_feedback_prompt(box):
                drop(box)
                break
            box = box.getparent()


# words, at most, of a label that leads with a colon into the buttons beside it ("Sort by:", "Share on:")
_CONTROL_LABEL_WORDS = 3


def _drop_control_labels(buttons: list[HtmlElement]) -> None:
    """Remove the boxes that hold buttons and a label leading into them, nothing else ("Sort by:"
    before "Best", "Share:" before a row of buttons): once the buttons go, the label would stand in
    the text leading into nothing. A box holding a block (a heading, a paragraph) is no such label."""
    for button in buttons:
        box = button.getparent()
        if box is None or box.getparent() is None:
            continue
        if any(isinstance(el.tag, str) and el.tag in BLOCK_TAGS for el in box.iterdescendants()):
            continue
        words = _words_beside_buttons(box)
        if words and len(words) <= _CONTROL_LABEL_WORDS and words[-1].endswith((":", "：")):
            drop(box)


def _words_beside_buttons(box: HtmlElement) -> list[str]:
    """The words of ``box`` outside its buttons."""
    text = str(box.text_content())
    for control in box.iter("button"):
        text = text.replace(control.text_content(), " ", 1)
    return text.split()


def _is_feedback_prompt(box: HtmlElement) -> bool:
    """Two buttons or more, and beside them one short question (:data:`_FEEDBACK_WORDS`), or such
    a question opening the box in a line of its own with a short note after the buttons
    (:data:`_FEEDBACK_NOTE_WORDS`: "Help us improve… We cannot answer questions here.")."""
    if sum(1 for _ in box.iter("button")) < 2:
        return False
    words = _words_beside_buttons(box)
    if not words:
        return False
    if len(words) <= _FEEDBACK_WORDS and words[-1].endswith(_QUESTION_MARKS):
        return True
    first = next((child for child in box if isinstance(child.tag, str)), None)
    if (
        first is None
        or first.tag == "button"
        or (box.text or "").strip()
        or len(words) > _FEEDBACK_NOTE_WORDS
    ):
        return False
    question = first.text_content().split()
    return 0 < len(question) <= _FEEDBACK_WORDS and question[-1].endswith(_QUESTION_MARKS)


def _box_among(el: HtmlElement, boxes: set[HtmlElement]) -> HtmlElement | None:
    """The box of ``boxes`` that holds ``el``, if one does."""
    return next((up for up in el.iterancestors() if up in boxes), None)


def _unwrap_heading_buttons(root: HtmlElement) -> None:
    """A button that is a heading's text (an accordion's question, ``<h2><button>Is there
    fuel?</button></h2>``, a sortable table's column, ``<th><button>Monthly cost</button></th>``)
    stays as text; other buttons go with the form controls."""
    for button in _HEADING_BUTTONS(root):
        button.tag = "span"


def _math_as_text(maths: list[HtmlElement], images: list[HtmlElement]) -> bool:
    """A formula reads as its text: MathML as its ``alttext``, else the TeX it was written in (the
    ``<annotation encoding="application/x-tex">`` a KaTeX or MathJax page keeps beside the symbols),
    else its symbols run together (without any annotation: its source again); an image of a formula
    (``class="...math..."``) as its ``alt``. Whether any was replaced."""
    replaced = False
    for math in maths:
        text = math.get("alttext") or _tex_of(math) or _symbols_of(math)
        replaced = _replace_with_text(math, _bare_tex(text)) or replaced
    for img in images:
        if _MATH_IMAGE.search(img.get("class") or "") and img.get("alt"):
            replaced = _replace_with_text(img, _bare_tex(img.get("alt") or "")) or replaced
    return replaced


def _tex_of(math: HtmlElement) -> str:
    """The TeX source a MathML formula carries in an annotation, or ""."""
    for note in math.iter("annotation"):
        if "tex" in (note.get("encoding") or "").lower() and (source := (note.text or "").strip()):
            return source
    return ""


def _symbols_of(math: HtmlElement) -> str:
    """A MathML formula's symbols run together, without its annotations (its source in TeX or
    another markup, which would repeat it)."""

    def pieces(el: HtmlElement) -> Iterator[str]:
        yield el.text or ""
        for child in el:
            if isinstance(child.tag, str) and child.tag not in _ANNOTATIONS:
                yield from pieces(child)
            yield child.tail or ""

    return "".join(pieces(math)).strip()


def _bare_tex(tex: str) -> str:
    """TeX without the style wrapper a wiki sets around every formula: ``{\\displaystyle E=mc^{2}}``
    reads ``E=mc^{2}``."""
    found = _TEX_STYLE.fullmatch(tex.strip())
    return found.group(1).strip() if found else tex


def _drop_heading_permalinks(anchor_links: list[HtmlElement]) -> None:
    """The permalink a heading carries to itself (``<a href="#install">¶</a>``, a "#" or a link
    icon, inside the heading or right after it), and any other box's link to its own anchor
    (an API entry's ``<dt id="f">f()<a href="#f">¶</a></dt>``): a link to the page's own anchor
    whose text is a sign, not words."""
    for link in anchor_links:
        if is_permalink(link) and (_in_heading(link) or _beside_heading(link) or _links_to_its_own_box(link)):
            drop(link)
        elif _in_heading(link) and _whole_heading(link):
            link.drop_tag()  # a heading's words linking back to the table of contents: its text


def _in_heading(link: HtmlElement) -> bool:
    return any(box.tag in HEADING_TAGS for box in islice(link.iterancestors(), _PERMALINK_DEPTH))


def _whole_heading(link: HtmlElement) -> bool:
    """The link holds all the words of the heading it is in (``<h3><a href="#id20">How do I copy
    an object?</a>¶</h3>``)."""
    heading = next(box for box in link.iterancestors() if box.tag in HEADING_TAGS)
    words = _words_of(link)  # a permalink's "¶" is no word, nor a dash between words ("G - How")
    return words > 0 and words == _words_of(heading)


def _words_of(el: HtmlElement) -> int:
    return sum(1 for word in el.text_content().split() if not _PERMALINK_SIGN.fullmatch(word))


def _beside_heading(link: HtmlElement) -> bool:
    before = link.getprevious()
    return before is not None and before.tag in HEADING_TAGS and not (before.tail or "").strip()


def _links_to_its_own_box(link: HtmlElement) -> bool:
    """The link's target is a box around it, or an anchor set in the same line before it (Sphinx's
    ``<span class="target" id="…params.base"></span><strong>base</strong><a href="#…params.base">¶</a>``,
    a parameter's permalink); a footnote's mark links to a note elsewhere."""
    target = (link.get("href") or "").strip()[1:]
    if not target:
        return False
    if any(box.get("id") == target for box in islice(link.iterancestors(), _PERMALINK_DEPTH)):
        return True
    return any(
        before.get("id") == target or before.get("name") == target
        for before in link.itersiblings(preceding=True)
        if before.tag.__class__ is str
    )


def is_permalink(link: HtmlElement) -> bool:
    """A link to the page's own anchor whose text is a sign, not words (a heading's ``¶``)."""
    href = (link.get("href") or "").strip()
    return href.startswith("#") and _PERMALINK_SIGN.fullmatch(link.text_content().strip()) is not None


def _drop_line_numbers(root: HtmlElement) -> None:
    """The line-number gutter of highlighted code (``td.linenos``, ``span.lineno``…): numbers only."""
    for el in _LINE_NUMBERS_XPATH(root):
        if _DIGITS_ONLY.match(el.text_content()):
            drop(el)


def _replace_with_text(el: HtmlElement, text: str) -> bool:
    parent = el.getparent()
    if parent is None:
        return False
    holder = lxml.html.Element("span")
    holder.text, holder.tail = text, el.tail
    parent.replace(el, holder)
    return True


def _expand_templates(scripts: list[HtmlElement]) -> bool:
    """Replace each template script whose markup holds prose with that markup; whether any was."""
    expanded = False
    for script in scripts:
        kind = (script.get("type") or "").lower()
        markup = script.text or ""
        if kind not in _TEMPLATE_TYPES or not markup.lstrip().startswith("<") or "{{" in markup:
            continue  # not markup (JSON), or a client-side template with placeholders
        if len(markup) < _TEMPLATE_CHARS:
            continue
        try:
            parts = lxml.html.fragments_fromstring(markup, parser=_fragment_parser())
        except (lxml.etree.ParserError, ValueError):
            continue
        holder = lxml.html.Element("div")
        for part in parts:
            if isinstance(part, str):
                holder.text = (holder.text or "") + part
            else:
                holder.append(part)
        if len(holder.text_content()) < _TEMPLATE_CHARS:
            continue
        holder.tail = script.tail
        parent = script.getparent()
        if parent is not None:
            parent.replace(script, holder)
            expanded = True
    return expanded


def _fragment_parser() -> lxml.html.HTMLParser:
    return lxml.html.HTMLParser(remove_comments=True, remove_pis=True, no_network=True, huge_tree=True)


def is_feature_flag(name: str) -> bool:
    """A camelCase name that opens with a feature word: a switch of the page's script
    ("enableAdSlotsOneSlot", "filterNonGdprEmbeds", "hasSidebar"), which says what the box can
    do, not what it is. (Hyphenated flags, "enable-ads", are split into words like any name.)"""
    head = _CAMEL_HEAD.match(name)
    return head is not None and head.group(0).lower() in _FLAG_WORDS


_CONTENT = "content"  # what _name_role says of a name of the content ("post-body", "main")


@functools.lru_cache(maxsize=8192)  # pages share most of their names ("row", "col-md-10"), and so do sites
def _name_role(given: str, include_comments: bool) -> str | None:
    """What one class or id name says (see :func:`role_of`): "strong", "weak", "date", a name of the
    content (:data:`_CONTENT`), or nothing (a feature's name says nothing either)."""
    name = given.lower()
    if _LAYOUT_PARTS.search(name):
        return None  # where a part is set: no role
    words = _WORD_SPLIT.split(name)
    if _is_utility_class(name):  # a style, but for one that leaves the box out of a printed copy
        return "weak" if name == _NOT_PRINTED else None
    if not _FEATURE_WORDS.isdisjoint(words) or is_feature_flag(given):
        return None
    if _STRONG_PARTS.search(name) or (not include_comments and _names_a_comment(name, words)):
        return "strong"
    if not _NOTE_WORDS.isdisjoint(words):
        return _CONTENT  # the text's notes, set at its foot ("footnotes-footer"): no page footer
    if (_WEAK_PARTS.search(name) or not _WEAK_WORDS.isdisjoint(words)) and not _is_post_compound(given):
        return "weak"
    if not _DATE_WORDS.isdisjoint(words):
        return "date"
    if not _CONTENT_WORDS.isdisjoint(words):
        return _CONTENT
    return None


@functools.lru_cache(maxsize=4096)  # class names repeat within a page and across a site's pages
def _widget_stem(name: str) -> str | None:
    """A lower-case class name up to the word "widget" in it ("elementor-widget" of
    "elementor-widget-text-editor", "widget" of "widget_text"); None when it names no widget. Of
    the weak roles' words only "widget" names a kind of box rather than what a box is for (a
    menu, a share bar, an ad): the unit a page builder sets a page in (Elementor, SiteOrigin)."""
    at = name.find(_WIDGET)
    if at < 0 or _LAYOUT_PARTS.search(name) or not _FEATURE_WORDS.isdisjoint(_WORD_SPLIT.split(name)):
        return None
    return name[: at + len(_WIDGET)]


def _is_post_compound(name: str) -> bool:
    """A camelCase name whose last word is a post ("spAuthorPost", "ipsSidebarMessage"): a compound
    names its last word, here a post (by the thread's author), whatever role a word before it
    has ("postAuthor", "messageSidebar" are the post's author box and sidebar)."""
    if not name.isalnum():
        return False  # hyphens and underscores join words of their own ("widget-post", "nav_entry")
    words = _CAMEL_WORDS.findall(name)
    return len(words) > 1 and words[-1].lower() in _POST_HEADS


def _is_utility_class(name: str) -> bool:
    """A class of a utility framework, which states a style and never a role (the words in it are
    CSS's, "print", "text", "break"): Tailwind's variants and arbitrary values
    (``print:break-inside-avoid`` on every block of a GitBook page, ``md:hidden``, ``w-[42rem]``)
    and GOV.UK's overrides (``govuk-!-display-none-print``). ``print:hidden`` alone says what the
    box is: left out of the printed copy, it is chrome."""
    return any(mark in name for mark in _UTILITY_MARKS)


def role_of(names: str, *, include_comments: bool = False) -> str | None:
    """``"strong"``, ``"weak"``, ``"date"`` or None: the boilerplate role named by a class/id string
    ("date" when only a date word names it: a date line, unless the box holds more than that).

    An embedded post (a tweet, an Instagram or TikTok embed) is quoted content, whatever else its
    wrapper is called ("article-widget article-tweet"); and a weak role is cancelled by another
    name that says content ("cb-post-wrap cb-sidebar-right", "paywall article").
    """
    if _EMBEDDED.search(names.lower()):
        return None
    found: str | None = None
    content_named = False
    for given in names.split():
        role = _name_role(given, include_comments)
        if role == "strong":
            return "strong"
        if role == "weak":
            found = "weak"
        elif role == "date":
            found = found or "date"
        elif role == _CONTENT:
            content_named = True
    # "cb-post-wrap cb-sidebar-right": the element is the post, laid out beside a sidebar
    return None if content_named else found


def prose_chars(stats: TreeStats) -> tuple[list[float], list[float]]:
    """Per block: characters of prose in its subtree, and its number of prose paragraphs."""
    chars = [0.0] * len(stats)
    paragraphs = [0.0] * len(stats)
    for i, (size, links, sentences) in enumerate(zip(stats.chars, stats.links, stats.sentences, strict=True)):
        if is_prose(size, links, sentences):
            chars[i] = size - links
            paragraphs[i] = 1.0
    return accumulate(stats, chars), accumulate(stats, paragraphs)


def _heading_names(names: str) -> str:
    """A heading's class/id without the words that only say it heads something ("entry-header",
    "date-header", "post-title"): a heading is the header of what follows, not a page header box.
    A name that says the heading is an anchor to link to ("anchor anchorWithStickyNavbar") marks a
    section heading, whatever layout words it carries: it goes whole."""
    kept = (
        "-".join(word for word in _WORD_SPLIT.split(name) if word and word not in _HEADING_WORDS)
        for name in names.lower().split()
        if "anchor" not in name
    )
    return " ".join(name for name in kept if name)


def _is_in_a_header_cell(el: HtmlElement) -> bool:
    """A table's header cell, or a box inside one (``<th><span class="row-header-label">Objem``):
    its names say it heads a row or a column, as a heading's do."""
    return el.tag == "th" or any(up.tag == "th" for up in islice(el.iterancestors(), _LABEL_DEPTH))


_TABLE_HEADS = frozenset(("thead", "th", "tr"))
# a table's name for the row or column that heads it (Notion's "notion-table col-header"): what it
# heads, not a page's header
_HEADING_LINE_NAME = re.compile(r"\b(?:col|column|row)s?[-_]?header\b", re.I)
_LISTS_OF_PROSE = frozenset(("ul", "ol", "dl"))
_ANCHOR_WORDS = 2  # an id of this many words or more, all of them the heading's, is its anchor
_SECTIONS = frozenset(("section", "div", "article"))
_ASIDE_RUN = 4  # asides of the text in a row, at most, after the paragraph they stand by
_STRONG_SECTION_PARAGRAPHS = 2  # paragraphs of prose of a section whose anchor holds a strong role's word
_TOPIC_WORD = 4  # letters of a word of the page's title that may name what a section is about
_TOPIC_TEXT = 300  # characters of an element's opening text its id may be made of


def _anchor_of_its_text(heading: HtmlElement, ident: str | None = None) -> bool:
    """The heading's id (or ``ident``, its section's) is made from its own words
    (``id="traits-defining-shared-behavior"`` on "Traits: Defining Shared Behavior"): an anchor to
    link to, not the name of a role ("shared" is no share bar, "time-based-retention" no date
    line). Unless its words name a boilerplate section ("related-posts" on "Related posts"): what
    such a heading opens is judged with it gone, as before."""
    ident = ident or heading.get("id")
    if not ident:
        return False
    words = [word for word in _WORD_SPLIT.split(ident.lower()) if word]
    if len(words) < _ANCHOR_WORDS:
        return False
    text = set(_WORD_SPLIT.split(heading.text_content().lower()))
    if all(word in text for word in words):
        return True
    # a slug written otherwise: percent-encoded, accents and apostrophes dropped
    # ("comment-nous-lavons-organis%C3%A9e" on "Comment nous l’avons organisée")
    return _letters(unquote(ident)) in _letters(heading.text_content())


def _letters(text: str) -> str:
    """``text``'s letters and digits in lower case, without accents: how a slug keeps its words."""
    return name_key(unicodedata.normalize("NFKD", text))


def _is_value_of_cross_references(el: HtmlElement) -> bool:
    """``el`` is the value of a definition whose term labels cross-references: the only block of a
    ``<dd>`` after a ``<dt>`` "See Also:" (an API reference's notes)."""
    box = el.getparent()
    if box is None or box.tag != "dd" or len(box) != 1:
        return False
    term = box.getprevious()
    return (
        term is not None
        and term.tag == "dt"
        and names_cross_references(" ".join(term.text_content().split()))
    )


def _header_row(el: HtmlElement) -> bool:
    """A table's header: ``<thead>``, a ``<th>``, or a row of ``<th>`` cells alone — "header" in
    its name says what it heads, as a heading's does, not that it is the page's header."""
    tag = el.tag
    if tag in ("thead", "th"):
        return True
    return tag == "tr" and len(el) > 0 and all(cell.tag == "th" for cell in el if isinstance(cell.tag, str))


_CONTROL_LABEL_WORDS = 2  # words beside a part's heading in its header: a control's label ("Scale")


def _is_a_headings_box(el: HtmlElement) -> bool:
    """All of ``el``'s text is in its headings (``<div class="…__header"><h2>Step one</h2></div>``)."""
    headings = sum(len(heading.text_content().strip()) for heading in el.iter(*HEADING_TAGS))
    return headings > 0 and headings >= len(el.text_content().strip())


def _heads_its_section(el: HtmlElement) -> bool:
    """``el`` opens a ``<section>`` and holds an anchored heading (an ``id``): the heading of a
    document's section (ReSpec's ``<section id="references"><div class="header-wrapper"><h2
    id="a-references">``), which no page banner is."""
    heading = next(el.iter(*HEADING_TAGS), None)
    section = el.getparent()
    if heading is None or not heading.get("id") or section is None or section.tag != "section":
        return False
    return next((child for child in section if isinstance(child.tag, str)), None) is el


def _is_a_heading_and_a_label(el: HtmlElement) -> bool:
    """``el``'s text is its headings' but for a control's label beside them, the label its buttons
    left ("Scale" beside a recipe's "Ingredients", once its "1x 2x 3x" went)."""
    texts = [heading.text_content() for heading in el.iter(*HEADING_TAGS)]
    if not any(text.strip() for text in texts):
        return False
    beside = len(el.text_content().split()) - sum(len(text.split()) for text in texts)
    return beside <= _CONTROL_LABEL_WORDS


# the names of a note set in the text (a documentation generator's admonition, an editor's note):
# "admonition", "callout", a kind of note as a word of its own ("note", "tip", "warning"…)
_ADMONITION_NAMES = re.compile(
    r"admonition|callout|(?:^|[\s_-])(?:note|tip|hint|warning|caution|important|attention)s?(?:$|[\s_-])",
    re.I,
)
# what a note of the text stands after: a block of the running text
_TEXT_BEFORE_A_NOTE = frozenset(("p", "ul", "ol", "dl", "pre", "table", "blockquote", "figure"))


def is_a_note_of_the_text(el: HtmlElement) -> bool:
    """A box (an ``<aside>``, or a box whose name has a weak role, "notice") set in the running
    text, right after one of its blocks (or a box holding only one), and named a note
    (:data:`_ADMONITION_NAMES`) or given the ARIA role ``note``: a documentation page's "Note" or
    "Warning" box, a story's editor's note (``<aside class="editors-note">``). Its caller asks that
    it holds a paragraph of prose; a sidebar beside the text stands after no paragraph."""
    names = f"{el.get('class') or ''} {el.get('id') or ''}"
    if el.get("role") != "note" and not _ADMONITION_NAMES.search(names):
        return False
    before = _block_before(el)
    if before is not None and before.tag not in _TEXT_BEFORE_A_NOTE:
        inner = [child for child in before if isinstance(child.tag, str)]
        if len(inner) == 1 and not (before.text or "").strip():
            before = inner[0]  # a block in a box of its own: a table in its scroll wrapper
    return before is not None and before.tag in _TEXT_BEFORE_A_NOTE


def _is_a_quotes_own(el: HtmlElement) -> bool:
    """``el`` is set right inside a ``<blockquote>``: its footer is the quotation's attribution
    ("— <a>Avis de la Mission régionale…</a>, juin 2022"), as HTML's own examples write it."""
    parent = el.getparent()
    return parent is not None and parent.tag == "blockquote"


def _in_article(el: HtmlElement) -> bool:
    return any(anc.tag in ("article", "main") for anc in el.iterancestors())


def is_in_a_reference(el: HtmlElement) -> bool:
    """``el`` lies in an entry of a list of the works a document cites (:data:`_REFERENCE_LIST`), at
    most :data:`_REFERENCE_DEPTH` elements below the list. (Not any ``<cite>``: a quotation's
    attribution is one, and a fundus dev page's label leaves the speaker's name out.)"""
    for depth, ancestor in enumerate(el.iterancestors()):
        if depth >= _REFERENCE_DEPTH:
            return False
        if is_named_references(ancestor):
            return True
    return False


def is_named_references(el: HtmlElement) -> bool:
    """``el``'s class or id names a list of the works a document cites (:data:`_REFERENCE_LIST`:
    ReSpec's ``<dl class="bibliography">``, Wikipedia's ``<ol class="references">``)."""
    ident, names = el.get("id"), el.get("class")
    return bool(ident or names) and _REFERENCE_LIST.search(f"{names or ''} {ident or ''}".lower()) is not None


def _names(el: HtmlElement) -> str:
    names, ident, prop = el.get("class"), el.get("id"), el.get("itemprop")
    if not ident and not prop:  # most often a class alone
        return names or ""
    if ident and "%" in ident:  # an id made of a heading's words in another script, percent-encoded
        ident = unquote(ident)  # ("%CE%B4…": Ghost's anchors), whose escapes split into "ad", "b4"…
    return " ".join(filter(None, (names, ident, prop)))


def _names_but_id(el: HtmlElement) -> str:
    return " ".join(filter(None, (el.get("class"), el.get("itemprop"))))


def opening_heading(el: HtmlElement) -> HtmlElement | None:
    """The heading ``el`` opens with (its first element, no text before it), if it opens with one."""
    first = next((child for child in el if isinstance(child.tag, str)), None)
    if first is None or first.tag not in HEADING_TAGS or (el.text or "").strip():
        return None
    return first


def content_named(names: str) -> bool:
    """A class/id naming the content ("main", "post-body", "entry-content"), with no boilerplate role."""
    lowered = names.lower()
    if role_of(lowered, include_comments=True) is not None:
        return False
    return any(not _CONTENT_WORDS.isdisjoint(_WORD_SPLIT.split(name)) for name in lowered.split())


def comment_named(names: str) -> bool:
    """A class/id naming a comment ("comment", "post comment", "comment-body"), not a feature of one."""
    for name in names.lower().split():
        words = _WORD_SPLIT.split(name)
        if _FEATURE_WORDS.isdisjoint(words) and _names_a_comment(name, words):
            return True
    return False


def _names_a_comment(name: str, words: list[str]) -> bool:
    """A name (and its words) naming a reader's comment; a note of the document's own
    ("deprecation-comment", "doc-comment") is none."""
    return _DOCUMENT_NOTES.isdisjoint(words) and _COMMENT_PARTS.search(name) is not None


def _is_entry_of_a_timeline(block: HtmlElement) -> bool:
    """``block`` holds a paragraph or a heading beside its ``<time>`` and is one of
    :data:`_TIMELINE_ENTRIES` boxes or more of its tag and class under one parent that each hold a
    ``<time>``: an entry of a live blog or an incident's updates, whose time is its data."""
    parent = block.getparent()
    names = block.get("class")
    if parent is None or not names or not has_any(block, ("p", *HEADING_TAGS)):
        return False
    entries = sum(
        1
        for sibling in parent
        if sibling.tag == block.tag
        and sibling.get("class") == names
        and next(sibling.iter("time"), None) is not None
    )
    return entries >= _TIMELINE_ENTRIES


def _is_price_announced(el: HtmlElement) -> bool:
    """A live region (``role="status"``) that shows a price: a shop announces the price of the variant
    a buyer picks there (Shopify's themes), so the box is the product's data, not a status message."""
    return el.get("role") == "status" and is_price(" ".join(el.itertext()))


def is_discussion(
    stats: TreeStats,
    prose: list[float],
    paragraphs: list[float],
    *,
    dated_address: bool = False,
    attributes: AttributeText | None = None,
) -> bool:
    """The page's prose is in comment-named blocks, with next to none outside them: a forum
    thread, a guestbook, a page of posts marked up as comments. Its posts are its content. So is a
    question of a few paragraphs under replies that say twice as much (an "Ask" post and its
    thread of replies marked up as comments), unless the page's address is dated as a story's is
    (``dated_address=True``, ``/2018/09/10/``: a blog's "open thread" post is the post, its readers'
    comments are not; forum engines give a thread no date in its path) or the question is marked as
    an article's body (``itemprop="articleBody"``: a news site's brief under a dozen comments; forum
    engines mark their posts otherwise). So is such a short post whose comments say less, when they
    are signed by the site's own members (:func:`_has_members_replies`: a link board's post page)."""
    if not stats.nodes:
        return False
    ends = stats.ends
    inside = inside_paragraphs = 0.0
    cut_end = -1
    sections: list[HtmlElement] = []
    # the blocks below the root, in document order; a cheap superset of comment names
    for found, el in _comment_named_candidates(stats, attributes):
        if found <= cut_end:
            continue
        if comment_named(_names(el)):
            inside += prose[found]
            inside_paragraphs += paragraphs[found]
            cut_end = ends[found]
            sections.append(el)
    outside = prose[0] - inside
    is_question = (
        not dated_address
        and outside < _QUESTION_OUTSIDE
        and (inside >= _REPLIES_SHARE * outside or _has_members_replies(sections))
        and not _has_article_body(stats, paragraphs)
    )
    return inside_paragraphs >= _DISCUSSION_POSTS and (outside < _DISCUSSION_OUTSIDE or is_question)


def _comment_named_candidates(
    stats: TreeStats, attributes: AttributeText | None
) -> Iterator[tuple[int, HtmlElement]]:
    """The blocks below the root whose names hold a cheap superset of comment names, each with its
    index, in document order: looked up in the page's joined attribute values when the caller
    shares them (``attributes``, of the page as parsed: elements cleaning removed are no blocks),
    else in the blocks' own."""
    if attributes is None:
        yield from _COMMENTISH.at(AttributeText(stats.nodes), after=0)
        return
    index = stats.index
    for _, el in _COMMENTISH.at(attributes):
        found = index.get(el)
        if found is not None and found > 0:
            yield found, el


def _has_members_replies(sections: list[HtmlElement]) -> bool:
    """The comment-named blocks credit :data:`_MEMBERS_REPLIES` or more replies to members of the
    page's own community: links to member profiles by a relative path (``/u/blop@lemmy.ml``), as a
    forum's or a link board's comments are signed, where a blog's readers sign with their own sites."""
    members: set[str] = set()
    for section in sections:
        for link in section.iter("a"):
            href = link.get("href") or ""
            if href.startswith("/") and not href.startswith("//") and is_member_link(href):
                members.add(href)
    return len(members) >= _MEMBERS_REPLIES


def _has_article_body(stats: TreeStats, paragraphs: list[float]) -> bool:
    """A block marked as an article's body (microdata's ``itemprop="articleBody"``) holds a
    paragraph of prose."""
    return any(
        "articleBody" in (el.get("itemprop") or "") and paragraphs[i] >= 1 for i, el in enumerate(stats.nodes)
    )


def _is_a_parts_own_end(el: HtmlElement) -> bool:
    """A header or a footer of one part of the page, beside that part's content (asked of one that
    holds a paragraph of prose): Drupal's
    ``view-header`` and ``view-footer`` around its ``view-content``, a ``card__footer`` beside its
    ``card__body``. What an editor wrote above or below a listing is the listing's, not the site's
    banner or footer (those are the page's own: ``site-footer`` beside ``site-content`` still goes)."""
    ends = [
        found.group(1) for name in (el.get("class") or "").split() if (found := _PART_END.fullmatch(name))
    ]
    if not ends:
        return False
    parent = el.getparent()
    if parent is None:
        return False
    for sibling in parent:
        if sibling is el or not isinstance(sibling.tag, str):
            continue
        for name in (sibling.get("class") or "").split():
            found = _PART_BODY.fullmatch(name)
            if found is not None and found.group(1) in ends and found.group(1).lower() not in _PAGE_PARTS:
                return True
    return False


# a part's header or footer, and its content, by the part's name: "view-footer", "card__header";
# "view-content", "card__body"
_PART_END = re.compile(r"([a-z][\w-]*?)(?:-|_|__)(?:header|footer)", re.I)
_PART_BODY = re.compile(r"([a-z][\w-]*?)(?:-|_|__)(?:content|body)", re.I)
_PAGE_PARTS = frozenset(
    ("site", "page", "global", "layout", "main", "app", "body", "wrapper", "container", "l")
)


def _is_box_of_one_block(el: HtmlElement) -> bool:
    """A box holding one element and nothing else, down to the leaf (``<div><div><div>text``): how
    page editors set each block of the text (Notion's ``notion-text-block``)."""
    while True:
        children = [child for child in el if isinstance(child.tag, str)]
        if len(children) != 1 or (el.text or "").strip():
            return not children
        el = children[0]


def _is_row_of_data(row: HtmlElement) -> bool:
    """A row of a table of data: two cells or more, none holding a block, as many as the row before
    or after it holds (a league table's promotion places, a highlighted row). A row of a layout or an
    advertisement's row (one cell across the table, a box in it) is not."""
    cells = cells_of(row)
    if cells < 2 or any(True for _ in row.iterdescendants(*CELL_BLOCKS)):
        return False
    return any(
        other is not None and other.tag == "tr" and cells_of(other) == cells
        for other in (row.getprevious(), row.getnext())
    )


@dataclass(frozen=True, kw_only=True)
class Cleaning:
    """What cleaning did: the blocks it removed, the blocks it spared inside elements named for a
    weak boilerplate role (they held prose: scorers count them at a discount), and whether the page
    is a discussion (comment-named posts kept as content), and how much of the page's text (by
    :func:`~weblens.extract.text.measure`, as the statistics count it) the ``hidden`` attribute
    or an inline style hid."""

    removed: set[int]
    spared: set[int]
    discussion: bool
    hidden_chars: int = 0
    held_for_a_script: bool = False  # a box held back for a script holds the page's text (kept)


class _Judge:
    """Decides, element by element, what cleaning removes (class/id roles memoised per call)."""

    def __init__(
        self,
        stats: TreeStats,
        include_comments: bool,
        weak_roles: bool,
        topic: str | None = None,
        *,
        thread: bool = False,
        dated_address: bool = False,
        units: frozenset[str] = frozenset(),
        bare_forms: Collection[HtmlElement] = frozenset(),
        attributes: AttributeText | None = None,
        recipe: bool = False,
    ) -> None:
        self.stats = stats
        self.recipe = recipe  # the page declares a recipe: its reviews are its readers' comments
        self.bare_forms = bare_forms  # forms with no control to fill in (see strip_junk)
        self.folding_trees: dict[HtmlElement, bool] = {}  # per table: see is_a_folding_tree
        self.prose, self.paragraphs = prose_chars(stats)
        self.discussion = thread or (
            not include_comments
            and is_discussion(
                stats, self.prose, self.paragraphs, dated_address=dated_address, attributes=attributes
            )
        )
        self.include_comments = include_comments or self.discussion
        self.main: HtmlElement | Literal[False] | None = False  # (see _main)
        self.h1s: list[HtmlElement] | None = None  # the page's <h1>s, found on first use
        self.weak_roles = weak_roles
        self.guard = max(1.0, self.prose[0] if self.prose else 0.0) * _GUARD_SHARE
        # the page title's words: what the page is about
        self.topic = {word for word in _WORD_SPLIT.split((topic or "").lower()) if len(word) >= _TOPIC_WORD}
        self.roles: dict[str, str | None] = {}
        self.spared: list[int] = []
        self.held_for_a_script = False  # a box held back for a script was kept as the page's text
        self.cell_classes: dict[HtmlElement, list[frozenset[str]]] = {}  # per table, its cells' class names
        self.dated_cells: dict[HtmlElement, int] = {}  # per table, its cells holding a <time>
        self.runs: dict[HtmlElement, int] = {}  # per box: its prose <p>s
        self.text_blocks: set[str] = set()  # the role-naming class words of boxes kept as the text
        self.units = units  # the stems of a page builder's units' names (see unit_stems)
        self.saw_widgets = False  # a weak role named a widget (see unit_stems)
        # most pages have no <th>: no element's boxes need a look for one (ScrapingHub: 0.05 ms a page)
        self.has_header_cells = bool(stats.nodes) and next(stats.nodes[0].iter("th"), None) is not None

    def _prose_of(self, el: HtmlElement) -> tuple[float, float]:
        found = self.stats.index.get(el)
        if found is not None:
            return self.prose[found], self.paragraphs[found]
        # an inline element: rarely a wrapper, so measured directly when it matters
        return float(measure(el.text_content())), 0.0

    def doomed(self, el: HtmlElement, owner: int) -> bool:
        """Whether ``el`` goes; ``owner`` is the index of the block it is in."""
        tag = el.tag
        plain = not el.keys()  # most elements have no attributes: no hiding, no names to judge
        if not plain and hidden_for_sure(el):
            if tag == "tr" and self._is_collapsed_row(el):
                return False  # a branch of a tree of rows folded until its reader opens it
            # a box holding most of the page's prose, held back for a script to show on load: the
            # page's text, as a reader sees it once the script ran
            if not is_held_for_a_script(el) or self._holds_little_of_the_page(el):
                return True
            self.held_for_a_script = True
            return False
        if not plain and hidden_by_convention(el):
            return (
                not self._is_shown_gated_paragraph(el)
                and not is_a_cells_label(el)
                and self._holds_little_of_the_page(el)
            )
        if tag in _CHROME:
            prose, paragraphs = self._prose_of(el)
            if self._is_beside_the_main(el):
                return True
            return prose < self.guard and not (
                (tag in ("header", "footer") and _in_article(el))
                or (tag == "footer" and _is_a_quotes_own(el))  # a quotation's attribution
                or (tag == "aside" and (infobox(el) or (paragraphs >= 1 and is_a_note_of_the_text(el))))
                # a post set in the form that edits it (old reddit), on a thread: a paragraph of
                # prose, or a line in a form with no control to fill in (any form of a line or two
                # was tried: two dev threads and a CleanEval page fell a little, as their search and
                # reply forms' lines came in)
                or (tag == "form" and self.discussion and (paragraphs >= 1 or el in self.bare_forms))
            )
        if not plain and el.get("role") in _CHROME_ROLES:  # what the ARIA role says the box is
            if _is_price_announced(el):
                return False
            prose, paragraphs = self._prose_of(el)
            is_a_long_notice = paragraphs >= _NOTICE_PARAGRAPHS and _is_a_consent_notice(el)
            is_chrome = prose < self.guard or is_a_long_notice or self._is_beside_the_main(el)
            return is_chrome and not infobox(el)
        if tag == "time":  # a date line, unless the date is part of a sentence or an entry's
            return self.stats.chars[owner] < _DATE_LINE and not self._is_dated_entry(el, owner)
        if plain:
            return False
        if tag in _ICON_TAGS and is_icon_glyph(el):
            return True
        if (
            self.discussion
            and (_is_person_card(el) or _is_named_a_users_card(el))
            and self._prose_of(el)[1] == 0
        ):
            return True
        if self.discussion and _is_signature(el) and len(el.text_content()) < _SIGNATURE_CHARS:
            return True
        names = _names(el)
        if (
            tag in HEADING_TAGS
            or (tag in _TABLE_HEADS and _header_row(el))
            or (self.has_header_cells and _is_in_a_header_cell(el))
        ):
            names = _heading_names(names)
        elif tag == "table":
            names = _HEADING_LINE_NAME.sub("", names)
        if not names:
            return False
        role = self._role(names)
        if role == "weak" and self.units:  # the second look: a builder's units are no role
            role = self._role(self._without_unit_names(names))
        elif role == "weak" and _WIDGET in names.lower():
            self.saw_widgets = True
        if role in ("weak", "date", "strong") and tag in HEADING_TAGS:
            # the id is made of the heading's words ("…-shared-behavior", "time-based-retention",
            # "respond-quickly"): an anchor, not a share bar, a date line or the comments; a heading
            # whose words name a boilerplate section ("Related posts") is still removed, unless it is
            # one of a document's anchored sections (a generator's "Related" among its others)
            is_part = is_a_documents_section(el)
            if (is_part or _anchor_of_its_text(el)) and not (
                role == "strong"
                and not is_part
                and names_a_section(" ".join(el.text_content().split()), str(tag))
            ):
                role = self._role(_heading_names(_names_but_id(el)))
        elif role in ("weak", "strong") and tag in _SECTIONS and self._section_of_the_text(el, role):
            role = self._role(_names_but_id(el))
        if (
            role == "date" or (role == "weak" and (tag == "dt" or _ABOUT_WRITER.search(names.lower())))
        ) and is_in_a_reference(el):
            # a part of an entry of the works the text cites, named for what it is: the cited work's
            # authors and date (xml2rfc's "refAuthor", "refDate"), a term anchored by its words
            # ("bib-provenance-survey"): the entry's words
            return False
        if role in ("strong", "weak") and self.topic and self._named_for_the_topic(el):
            role = None  # a section of a page about cookies named for its own heading ("cookiejar-objects")
        if role is None or (role in ("weak", "date") and not self.weak_roles):
            return False
        if role == "date" and tag in CELLS and self._is_cell_of_a_column(el):
            return False  # a column of a table of data named for the dates it holds
        if tag == "tr" and _is_row_of_data(el):
            return False  # a row of a table of data its class marks ("promotion", "highlight"): data
        if role == "weak" and tag in ("ul", "ol") and _is_value_of_cross_references(el):
            return False  # "See Also:" over a list named for the doc comment's tags ("tag-list")
        if role == "date":  # a date line; a box named for a date that holds posts is their wrapper,
            # one that holds a table or a list of them ("datetime-month-table") is their box
            found = self.stats.index.get(el)
            blocks = 0 if found is None else self.stats.ends[found] - found
            return (
                blocks <= _DATE_BLOCKS
                and len(el.text_content()) < _DATE_BOX
                and not self._is_dated_entry(el, owner)
            )
        prose, paragraphs = self._prose_of(el)
        if role == "strong":
            return prose < self.guard * 1.4 and not self._is_the_headlines_article(el)
        if code_box(el):
            return False  # a code block in a box named for its buttons ("code-toolbar")
        if self._is_a_sections_header(el, names) or (paragraphs >= 1 and _is_a_parts_own_end(el)):
            return False
        holds_the_text = self._holds_the_pages_prose(el, prose, paragraphs)
        if holds_the_text:  # its parts named after it are the text's too
            self.text_blocks.update(word for word in (el.get("class") or "").split() if role_of(word))
        if (
            (prose < _WEAK_PROSE or self._is_about_the_writer(names, prose))
            and paragraphs < _WEAK_PARAGRAPHS
            and not self._is_element_of_a_text_block(el)
            and not self._aside_in_text(el, names)
            and not self._is_part_of_a_gated_run(el, names)
            and not (paragraphs >= 1 and is_a_note_of_the_text(el))  # a help page's "notice--warning"
        ):
            return not holds_the_text  # the text stays, at full weight
        found = self.stats.index.get(el)
        if found is not None:
            self.spared.append(found)  # a weak role holding prose: kept, at a discount
        return False

    def _is_the_headlines_article(self, el: HtmlElement) -> bool:
        """``el`` is an ``<article>`` holding the page's one ``<h1>``: the story under the page's
        headline, whatever its name says of it (a newsletter's post, ``newsletter-post``)."""
        if el.tag != "article":
            return False
        if self.h1s is None:
            self.h1s = list(self.stats.nodes[0].iter("h1")) if self.stats.nodes else []
        return len(self.h1s) == 1 and is_below(self.h1s[0], el)

    def _is_beside_the_main(self, el: HtmlElement) -> bool:
        """A box of the page's chrome (a sidebar, a menu, a footer: by its tag or its ARIA role) set
        apart from the page's one main landmark (``<main>`` or ``role="main"``), which holds a
        paragraph of prose: not the text, however much prose it holds (a blog's sidebar of recent
        posts with their excerpts beside a post of fifty words)."""
        main = self._main()
        return main is not None and not is_below(el, main) and not is_below(main, el)

    def _main(self) -> HtmlElement | None:
        """The page's one main landmark holding a paragraph of prose, found on first use; None when
        there is none or more than one."""
        if self.main is False:
            nodes = self.stats.nodes
            found = [i for i, el in enumerate(nodes) if el.tag == "main" or el.get("role") == "main"]
            outermost = [i for i in found if not any(o < i <= self.stats.ends[o] for o in found)]
            self.main = (
                nodes[outermost[0]] if len(outermost) == 1 and self.paragraphs[outermost[0]] >= 1 else None
            )
        return self.main

    def _is_a_sections_header(self, el: HtmlElement, names: str) -> bool:
        """A box named a header that holds nothing but a heading, right before a paragraph of prose
        or a list of prose, or between a box of prose (past an empty rule) and another block: the
        header of a section of the text (``<div class="section-header"><h2>…</h2></div>``; an
        editor's or a page builder's heading block among its text blocks, Notion's
        ``notion-sub_header-block``), not a page's banner, which is followed by its menu or by the
        box of the text and has no prose before it."""
        if _HEADER not in names.lower():
            return False
        if _is_a_heading_and_a_label(el) and _is_a_parts_own_end(el):
            return True  # the heading of a part, beside the part's body ("…-ingredients-header", "…-body")
        if not _is_a_headings_box(el):
            return False
        if _heads_its_section(el):
            return True  # a document's section's anchored heading (ReSpec's "header-wrapper")
        index = self.stats.index
        after, before = el.getnext(), el.getprevious()
        found = None if after is None else index.get(after)
        if found is None:
            return False
        if self.paragraphs[found] == 1 and (after.tag == "p" or _is_box_of_one_block(after)):
            return True  # a paragraph of prose, alone or in a box of its own (an editor's text block)
        if after.tag in _LISTS_OF_PROSE and self.paragraphs[found] >= 1:
            return True  # a list or a glossary whose entries are prose (TYPO3's frame-header, then a <dl>)
        while before is not None and not before.text_content().strip():
            before = before.getprevious()  # past a rule or a spacer between the sections (Notion's divider)
        found_before = None if before is None else index.get(before)
        return found_before is not None and self.paragraphs[found_before] > 0

    def _holds_the_pages_prose(self, el: HtmlElement, prose: float, paragraphs: float) -> bool:
        """A box with a weak role's name that holds paragraphs of prose, more than half of the
        page's: the page's text, whatever its name says (GOV.UK's step-by-step guide is a
        ``gem-c-step-nav``; its steps are ``gem-c-step-nav__step``, their titles in a
        ``…__header``), unless it is the page's footer (a copyright notice under an index of links,
        a page that moved)."""
        return (
            paragraphs >= _TEXT_PARAGRAPHS and prose >= self.guard and not footer_text(el, el.text_content())
        )

    def unit_stems(self) -> frozenset[str]:
        """The stems of widget class names (``elementor-widget``) that name a page builder's units,
        not a role: the boxes so named (the outermost) hold, together, more than half of the
        page's prose, in two boxes or more that say different things, none of them nearly all of
        it. Each unit holds a heading, a paragraph, a list or a table of the text. A sidebar's
        widgets hold less than the text beside them; a widget box holding nearly all the prose
        is a wrapper, judged as one; boxes that say the same (a consent notice in place of each
        embed) count once."""
        if not self.saw_widgets:
            return frozenset()  # the common case: no weak role named a widget
        page = max(1.0, self.prose[0] if self.prose else 0.0)
        units: set[str] = set()
        for stem, boxes in self._widget_boxes().items():
            if sum(prose for _, prose in boxes) * 2 <= page:
                continue  # the common case: widgets beside the text
            if max(prose for _, prose in boxes) > page * _WRAPPER_SHARE:
                continue  # one box holds the text: a wrapper
            texts = {" ".join(el.text_content().split()): prose for el, prose in boxes}
            if len(texts) >= _UNITS and sum(texts.values()) * 2 > page:
                units.add(stem)
        return frozenset(units)

    def _widget_boxes(self) -> dict[str, list[tuple[HtmlElement, float]]]:
        """Per stem of the widget class names on the page (:func:`_widget_stem`), its outermost
        blocks holding prose that the name makes a weak role's, each with its prose (a block
        inside another so named is not counted again); one pass over the blocks."""
        stats, prose = self.stats, self.prose
        boxes: dict[str, list[tuple[HtmlElement, float]]] = {}
        counted_until: dict[str, int] = {}
        for i, el in enumerate(stats.nodes):
            names = el.get("class")
            if not names or _WIDGET not in names.lower() or self._role(names) != "weak":
                continue  # a box named as the content too ("widget-span main-content") is no unit
            for name in names.lower().split():
                stem = _widget_stem(name)
                if stem is None or counted_until.get(stem, -1) >= i:
                    continue
                counted_until[stem] = stats.ends[i]
                if prose[i]:
                    boxes.setdefault(stem, []).append((el, prose[i]))
        return boxes

    def _without_unit_names(self, names: str) -> str:
        """``names`` but those of a page builder's units (:meth:`unit_stems`)."""
        return " ".join(name for name in names.split() if not self._is_unit_name(name.lower()))

    def _is_unit_name(self, name: str) -> bool:
        stem = _widget_stem(name)
        return stem is not None and stem in self.units

    def _is_element_of_a_text_block(self, el: HtmlElement) -> bool:
        """A part named, the BEM way, as an element of a box kept as the page's text for all its
        weak name (:meth:`_holds_the_pages_prose`): ``gem-c-step-nav__step`` in ``gem-c-step-nav``.
        The role word is the box's name, not the part's, and the box is the text. A part whose own
        name states a role (``…__share``) is judged by it, but for a box that holds a heading and
        nothing else (``…__header`` around a step's title)."""
        if not self.text_blocks:
            return False
        for word in (el.get("class") or "").split():
            block, _, part = word.partition("__")
            if part and block in self.text_blocks and (role_of(part) is None or _is_a_headings_box(el)):
                return True
        return False

    def _is_shown_gated_paragraph(self, el: HtmlElement) -> bool:
        """A gated paragraph among the text's own (:meth:`_is_part_of_a_gated_run`) hidden from
        assistive technology only (``<p class="paywall" aria-hidden="true">``, no hiding class):
        every reader sees it, so it is the text."""
        names = _names(el)
        return not has_hiding_class(names) and self._is_part_of_a_gated_run(el, names)

    def _is_part_of_a_gated_run(self, el: HtmlElement, names: str) -> bool:
        """A ``<p>`` with a sentence, named as gated ("paywall": the text past the part free to
        read), among at least :data:`_RUN_PARAGRAPHS` paragraphs of prose, children of the same box
        (named alike, or some of them not named at all): the text's paragraphs, not the paywall's
        notice (one box). Only a gated name: a run of paragraphs named a disclaimer or a navigation
        is what it says. A heading, a list, a table or code named only as gated (the class
        word itself, not "paywall-bar") among such a run is the text's too, also set alone in a
        wrapper of its own (an anchor's ``<div id="…"><h2 class="paywall">``)."""
        tag = el.tag
        if _GATED not in names.lower():
            return False  # most weak roles: the cheap look first
        if tag == "p":
            found = self.stats.index.get(el)
            box = el.getparent()
            if found is None or not self.stats.sentences[found]:
                return False
        elif tag in _GATED_BLOCKS and _GATED in names.lower().split():
            box = el.getparent()
            if box is not None and len(box) == 1 and box.tag == "div":
                box = box.getparent()
        else:
            return False
        if box is None:
            return False
        return self._gated_run(box) >= _RUN_PARAGRAPHS

    def _gated_run(self, parent: HtmlElement) -> int:
        """How many paragraphs of prose are children of ``parent`` (counted once a box)."""
        run = self.runs.get(parent)
        if run is None:
            index, is_prose_block = self.stats.index.get, self.stats.is_prose
            run = self.runs[parent] = sum(
                1
                for other in parent.iterchildren("p")
                if (i := index(other)) is not None and is_prose_block(i)
            )
        return run

    def _is_cell_of_a_column(self, cell: HtmlElement) -> bool:
        """A cell holding no block, in a table where at least :data:`_COLUMN_CELLS` cells carry its
        class names (and maybe more): a column of a table of data (dates, authors, tags of each row),
        not a box of a layout. The column's header cell is one of them (``<th class="data-time">``
        over ``<td class="data-time ok">`` cells): dropped, it would leave the header a column short.
        A table's cells' names are gathered once, however many of its cells are asked about."""
        names = frozenset((cell.get("class") or "").split())
        if not names or any(True for _ in cell.iterdescendants(*CELL_BLOCKS)):
            return False
        table = next(cell.iterancestors("table"), None)
        if table is None:
            return False
        columns = self.cell_classes.get(table)
        if columns is None:
            columns = self.cell_classes[table] = [
                frozenset((other.get("class") or "").split()) for other in table.iter(*CELLS)
            ]
        return sum(1 for other in columns if names <= other) >= _COLUMN_CELLS

    def _is_dated_entry(self, el: HtmlElement, owner: int) -> bool:
        """A date inside a list item or a table cell that says more beside it ("May 3: the council
        voted"): an entry of a timeline or a schedule, whose date is its data, not a date line."""
        block = self.stats.nodes[owner]
        if block is el:
            return False
        if block.tag not in _ENTRY_TAGS:
            return not self.discussion and _is_entry_of_a_timeline(block)
        if block.tag in CELLS and self._is_cell_of_a_column_of_dates(block):
            return True
        beside = len(block.text_content().split()) - len(el.text_content().split())
        return beside >= _ENTRY_WORDS

    def _is_cell_of_a_column_of_dates(self, cell: HtmlElement) -> bool:
        """A cell of a table where at least :data:`_COLUMN_CELLS` cells hold a ``<time>``: a column of
        the data's dates (a table of releases, of fixtures), not a date line. A table's cells are
        counted once, however many of its dates are asked about."""
        table = next(cell.iterancestors("table"), None)
        if table is None:
            return False
        dated = self.dated_cells.get(table)
        if dated is None:
            dated = self.dated_cells[table] = sum(
                1 for other in table.iter(*CELLS) if next(other.iter("time"), None) is not None
            )
        return dated >= _COLUMN_CELLS

    def _is_about_the_writer(self, names: str, prose: float) -> bool:
        """A box named for the writer (``author-bio``, ``about-author``) holding less of the page's
        prose than the guard: the writer's biography, however long, and no wrapper of the text."""
        return _ABOUT_WRITER.search(names.lower()) is not None and prose < self.guard

    def _is_collapsed_row(self, row: HtmlElement) -> bool:
        """A folded row (:func:`is_folded_row`) of a folding tree of rows (:func:`is_a_folding_tree`),
        shown when its reader opens the row above it (Doxygen's class and file lists: ``<tr
        id="row_0_1_" style="display:none;">`` under a row whose arrow toggles it). The rows are
        the list; a table hidden whole, a row hidden by the ``hidden`` attribute or pushed
        off-screen, and hidden rows that hold little of the page still go. Each table is looked at
        once."""
        if not is_folded_row(row):
            return False
        table = next(row.iterancestors("table"), None)
        if table is None:
            return False
        if table not in self.folding_trees:
            self.folding_trees[table] = is_a_folding_tree(table, sum(self.stats.chars))
        return self.folding_trees[table]

    def _holds_little_of_the_page(self, el: HtmlElement) -> bool:
        """An element hidden by convention holds less than half of the page's prose — or, on a page
        of short lines with no prose at all (a poem, a list), less than half of its text: it goes.
        (An inline element's "prose" is its text, so without the second test a screen-reader label
        beside short paragraphs outweighed a guard of nothing.)"""
        if self.prose and self.prose[0]:
            return self._prose_of(el)[0] < self.guard
        return _text_size(self.stats, el) * 2 < sum(self.stats.chars)

    def _section_of_the_text(self, el: HtmlElement, role: str) -> bool:
        """A section that opens with its heading, its id the heading's anchor ("sharing-a-jar-between-
        sessions" under "Sharing a jar between sessions"), and holds a paragraph of prose: a part of
        the text. A share box under "Share this story" holds buttons, no prose. A strong role's words
        ("buffer-related-functions") need two paragraphs and a heading that opens no boilerplate
        section ("Related posts", "Recommended for you")."""
        first = opening_heading(el)
        if first is None:
            return False
        found = self.stats.index.get(el)
        needed = _STRONG_SECTION_PARAGRAPHS if role == "strong" else 1
        if found is None or self.paragraphs[found] < needed:
            return False
        ident = el.get("id")
        if ident is None or not _anchor_of_its_text(first, ident):
            return False
        return role != "strong" or not names_a_section(" ".join(first.text_content().split()), str(first.tag))

    def _named_for_the_topic(self, el: HtmlElement) -> bool:
        """The role comes from the element's id alone, the id is made of the words of the element's
        own heading (or, with none, of its opening text), and the words that make it a role are the
        page title's: the page is about cookies, or sharing, or widgets, and the id is the anchor of
        one of its sections (``id="cookiejar-and-filecookiejar-objects"`` under "CookieJar and
        FileCookieJar Objects" on "http.cookiejar — Cookie handling for HTTP clients"). A cookie
        banner's id ("cookie-notice") is not made of its text ("We use cookies…")."""
        ident = (el.get("id") or "").lower()
        if not ident or self._role(_names_but_id(el)) is not None:
            return False
        words = [word for word in _WORD_SPLIT.split(ident) if word]
        # a word of the id is the topic's when it holds a word of the title or is a part of one
        # ("cookiejar" and "filecookiejar" hold "cookie"; "cookie" is a part of "cookies")
        rest = [
            word
            for word in words
            if len(word) < _TOPIC_WORD or not any(topic in word or word in topic for topic in self.topic)
        ]
        # the other words, joined as an id joins them, must name no role ("sign-up" still does)
        if len(rest) == len(words) or self._role("-".join(rest)) is not None:
            return False
        heading = next(el.iter(*HEADING_TAGS), None) if el.tag not in HEADING_TAGS else el
        text = (heading if heading is not None else el).text_content()[:_TOPIC_TEXT].lower()
        return all(word in text for word in words)

    def _role(self, names: str) -> str | None:
        if not names:
            return None
        role = self.roles.get(names, "?")
        if role == "?":
            role = role_of(names, include_comments=self.include_comments)
            if (
                role is None
                and self.recipe
                and not self.include_comments
                and _READERS_REVIEWS.search(names.lower())
            ):
                role = "strong"  # a recipe's reviews: what its readers say of it, with their stars
            self.roles[names] = role
        return role

    def _aside_in_text(self, el: HtmlElement, names: str) -> bool:
        """A box named a sidebar set in the running text, right after a paragraph of prose, that
        holds a paragraph of prose itself: an aside of the text, as a sidebar is in print
        (DocBook's ``sidebar``: "TIP: Listing the contents of a package…"), not a box beside it.
        Other weak roles in the text (a paywall's notice, a promotion, a disclaimer) stay weak, and
        a box about the writer is no part of the text."""
        lowered = names.lower()
        if "sidebar" not in lowered or _ABOUT_WRITER.search(lowered):
            return False
        stats = self.stats
        for _ in range(_ASIDE_RUN):  # the block before is a paragraph of prose itself (not a box
            # holding one), or an aside of the text like this one that stands after one
            found = stats.index.get(el)
            if found is None or self.paragraphs[found] < 1:
                return False
            before = _block_before(el)
            found = stats.index.get(before) if before is not None else None
            if before is None or found is None:
                return False
            if stats.is_prose(found):
                return True
            if before.get("class") != el.get("class"):
                return False
            el = before
        return False


def _text_size(stats: TreeStats, el: HtmlElement) -> int:
    """The size of ``el``'s text as the statistics count it: its blocks' characters, or, for an
    inline element (no block of its own), its text measured alike."""
    found = stats.index.get(el)
    if found is not None:
        return sum(stats.chars[found : stats.ends[found] + 1])
    return measure(" ".join(el.text_content().split()))


def _block_before(el: HtmlElement) -> HtmlElement | None:
    """The element before ``el``, past comments and empty anchors (an index term's target)."""
    before = el.getprevious()
    while before is not None and (
        not isinstance(before.tag, str)
        or (before.tag not in BLOCK_TAGS and not before.text_content().strip())
    ):
        before = before.getprevious()
    return before


def infobox(el: HtmlElement) -> bool:
    """A box of facts set in the text (a wiki's infobox: "Built 1881", "Height 24 m"): at least
    :data:`_FACTS` pairs of a short label and its value, in a table, a definition list or boxes of
    two parts, standing among the paragraphs of the text. A sidebar stands beside the text."""
    parent = el.getparent()
    if parent is None or sum(1 for child in parent if child.tag == "p") < _FACTS_BESIDE:
        return False
    pairs = 0
    for part in el.iter("tr", "dt", "div", "section"):
        if part.tag == "dt":
            pairs += 1
            continue
        children = [child for child in part if isinstance(child.tag, str)]
        if len(children) == 2 and len(children[0].text_content().split()) <= _LABEL_WORDS:
            pairs += bool(children[0].text_content().strip() and children[1].text_content().strip())
    return pairs >= _FACTS


def code_box(el: HtmlElement) -> bool:
    """A ``<pre>``, or a box whose text is mostly a ``<pre>``'s: code, whatever the box is called."""
    if el.tag == "pre":
        return True
    if el.find(".//pre") is None:
        return False
    total = len(el.text_content().strip())
    code = sum(len(pre.text_content().strip()) for pre in el.iter("pre"))
    return code > 0 and code * 2 > total


def clean_tree(root: HtmlElement, stats: TreeStats, *, include_comments: bool = False) -> set[int]:
    """Remove boilerplate below ``root`` in place; returns the indices of the blocks removed."""
    return clean(root, stats, include_comments=include_comments).removed


def clean(
    root: HtmlElement,
    stats: TreeStats,
    *,
    include_comments: bool = False,
    weak_roles: bool = True,
    topic: str | None = None,
    thread: bool = False,
    dated_address: bool = False,
    shown: Collection[int] = (),
    bare_forms: Collection[HtmlElement] = frozenset(),
    attributes: AttributeText | None = None,
    recipe: bool = False,
) -> Cleaning:
    """Remove boilerplate below ``root`` in place (see :class:`Cleaning` for what it reports).

    ``stats`` are the block statistics of ``root`` gathered after :func:`strip_junk`. With
    ``weak_roles=False`` names of weak roles (sidebar, widget…) remove nothing: the second try
    for a page whose only text sits in such a container. ``topic`` is the page's title: a section
    whose id is the anchor of its heading, named for a role only by the title's words, stays.
    ``thread=True`` says the page is a thread of posts (see :mod:`weblens.extract.threads`): its
    comment-named posts are its content, as on a page :func:`is_discussion` recognises;
    ``dated_address=True`` that its address is dated as a story's is (see :func:`is_discussion`).
    ``shown`` are blocks that show the text the page declares (:mod:`weblens.extract.declared`):
    their names remove none of them; hidden ones still go. ``bare_forms`` are the forms that held
    no control to fill in (what :func:`strip_junk` returns): on a thread, one around a post's line
    is the post's box (old Reddit sets each post's text in the form that edits it). ``recipe=True``
    says the page declares a recipe (:mod:`weblens.extract.recipes`): a box named for its reviews
    holds its readers' comments.
    """

    # 1. judge each element; 2. when widget names turn out to be a page builder's units (their
    # boxes hold most of the prose), judge again without reading them as roles; 3. remove
    def judged(units: frozenset[str]) -> tuple[_Judge, _Verdict]:
        judge = _Judge(
            stats,
            include_comments,
            weak_roles,
            topic,
            thread=thread,
            dated_address=dated_address,
            units=units,
            bare_forms=bare_forms,
            attributes=attributes,
            recipe=recipe,
        )
        return judge, _judged(root, stats, judge, shown)

    judge, verdict = judged(frozenset())
    units = judge.unit_stems()
    if units:
        judge, verdict = judged(units)
    for el in verdict.doomed:
        drop(el)
    spared = {i for top in judge.spared for i in range(top, stats.ends[top] + 1)} - verdict.removed
    return Cleaning(
        removed=verdict.removed,
        spared=spared,
        discussion=judge.discussion,
        hidden_chars=verdict.hidden_chars,
        held_for_a_script=judge.held_for_a_script,
    )


@dataclass(frozen=True)
class _Verdict:
    doomed: list[HtmlElement]  # the elements to remove, outermost only
    removed: set[int]  # the blocks they hold
    hidden_chars: int  # the text the hidden attribute or an inline style hides


def _judged(root: HtmlElement, stats: TreeStats, judge: _Judge, shown: Collection[int]) -> _Verdict:
    """What goes, element by element in document order (nothing is removed yet)."""
    ends = stats.ends
    index = stats.index
    doomed: list[HtmlElement] = []
    removed: set[int] = set()
    cut_start, cut_end = -1, -2  # the block range of the last removed element
    hidden_chars = 0
    hiders: set[HtmlElement] = set()  # what the hidden attribute or an inline style hides
    code_start, code_end = -1, -2  # the block range of the last code block kept
    for el, current in zip(stats.elements, stats.owners, strict=True):
        if cut_start <= current <= cut_end:
            continue  # inside what is already going
        found = index.get(el)
        if code_start <= current <= code_end:  # the range is set on its <pre>, after the <pre> itself
            # inside a code block a name is the highlighter's ("token comment", "hljs-comment"):
            # the code's own comments, never the page's; only what an inline style hides goes
            if not (el.keys() and hidden_for_sure(el)):
                continue
        elif found in shown and not (el.keys() and is_hidden(el)):
            continue  # a box showing the text the page declares is the article's, whatever its name
        elif el is root or el.tag in ("body", "html") or not judge.doomed(el, current):
            if el.tag == "pre" and found is not None:
                code_start, code_end = found, ends[found]
            continue
        doomed.append(el)
        # asked again of what goes only (few), and counted once: not inside a hidden inline element
        if el.keys() and hidden_for_sure(el) and not any(outer in hiders for outer in el.iterancestors()):
            hiders.add(el)
            hidden_chars += _text_size(stats, el)
        if found is not None:
            cut_start, cut_end = found, ends[found]
            removed.update(range(found, cut_end + 1))
        else:
            for inner in el.iterdescendants():
                inner_index = index.get(inner)
                if inner_index is not None:
                    removed.update(range(inner_index, ends[inner_index] + 1))
    return _Verdict(doomed=doomed, removed=removed, hidden_chars=hidden_chars)


def _captions_text(caption: HtmlElement) -> bool:
    """A ``<figcaption>`` of a figure that holds a table or code and no image: the title of a part
    of the text ("Table 1: …", "Listing 2: …"), read with it."""
    figure = caption.getparent()
    if figure is None or figure.tag != "figure" or any(True for _ in figure.iter(*_MEDIA)):
        return False
    return any(True for _ in figure.iter("table", "pre"))


def _labels_a_list(el: HtmlElement) -> bool:
    """A box named like a caption that heads a list (itself, or the box it is the only part of),
    with no image or video beside it."""
    while el.getnext() is None and (outer := el.getparent()) is not None and len(outer) == 1:
        el = outer
    after, box = el.getnext(), el.getparent()
    if after is None or after.tag not in ("ul", "ol") or box is None:
        return False
    return not any(True for _ in box.iter(*_MEDIA))


def _holds_prose_outside_its_caption(figure: HtmlElement) -> bool:
    """A ``<figure>`` holding a paragraph of prose (:func:`~weblens.extract.blocks.is_prose`) outside
    its caption: a part of the text set with its picture (a round-up's item, what the writer says
    of the product shown), not a caption, which is the figure's ``<figcaption>`` or a box named so."""
    for p in figure.iter("p"):
        if any(
            up.tag == "figcaption" or _CAPTION.search((up.get("class") or "").lower())
            for up in _up_to(p, figure)
        ):
            continue
        text = " ".join(p.text_content().split())
        if not text:
            continue
        links = sum(measure(a.text_content().strip()) for a in p.iter("a") if is_link(a))
        if is_prose(measure(text), links, has_sentence(text)):
            return True
    return False


def _up_to(el: HtmlElement, top: HtmlElement) -> Iterator[HtmlElement]:
    """``el`` and the boxes around it, up to ``top`` (not included)."""
    while el is not None and el is not top:
        yield el
        el = el.getparent()


def caption_elements(root: HtmlElement) -> list[HtmlElement]:
    """What belongs to figures below ``root``, not to the running text: captions, credits, and the
    whole of a ``<figure>`` that shows an image or a video (a figure holding a quote or code stays).
    A box named like a caption that heads a list, with no image or video beside it, is the list's
    label (the caption of a table of contents), and stays."""
    found: list[HtmlElement] = []
    for el in root.iterdescendants():
        tag = el.tag
        if tag == "figcaption":
            if not _captions_text(el):
                found.append(el)
        elif tag.__class__ is str and tag not in ("table", "caption"):
            names = el.get("class")
            if (names and _CAPTION.search(names.lower()) and len(el) < 8 and not _labels_a_list(el)) or (
                tag == "figure"
                and any(True for _ in el.iter(*_MEDIA))
                and not _holds_prose_outside_its_caption(el)
            ):
                found.append(el)
    outermost = set(found)
    return [el for el in found if not any(anc in outermost for anc in el.iterancestors())]
