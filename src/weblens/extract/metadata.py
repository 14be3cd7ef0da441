"""What a page says about itself: title, description, authors, date, canonical URL, site, language, image.

Runs on the uncleaned document, reads it once (``<meta>``, ``<link>``, ``<title>``, JSON-LD,
``<time>``, ``<h1>``; bylines only when nothing better named an author), never changes
it and never raises. Every field is taken from the first source that gives a usable value,
in the order Open Graph > JSON-LD > other meta tags (``author``, ``dc.*``, ``citation_*``,
``twitter:*``, ``parsely-*``, ``sailthru.*``) > the HTML itself. Deliberate exceptions:

- **title**: the ``<h1>`` headline as shown wins when most of its words are in a declared title
  (og:title and ``<title>`` often word it differently); an ``<h1>`` that is a short form of a
  declared title loses to it. A candidate that is just the site name (``og:title`` equal to ``og:site_name``,
  to the publisher in JSON-LD or to the host name) loses to the next source and is used
  only when nothing else is left. A ``" | Site"``/``"Site - "`` affix is stripped when it
  matches a known site name or the host, or when what remains is the page's ``<h1>``.
- **authors**: a value that is a URL (``article:author`` is often a Facebook profile), an
  e-mail, a ``@handle``, contains digits or is only a job title is not a name; authors are
  people, so an organisation (JSON-LD type, wire service, newsroom, "The …", login handle, the
  site's name) is never one. "By A and B", "A, B", "A & B"
  are split; at most 20 names of at most 100 characters are kept. Links to writers' pages
  (``/author/ann-lee``) under the headline are a byline without a "By".
- **the story's own**: when the page's headline stands in an ``<article>``, a byline or a date
  marked outside it, or a line of one past its end, is another story's (a related story's card).
- **canonical_url**: ``<link rel=canonical>`` comes first, as the standard's own mechanism
  (``og:url`` is often stale: ``http`` for ``https``, a share host), then ``og:url``,
  JSON-LD, meta. A candidate that is just the site root while the page or another
  candidate has a path is a template default and loses.
- **language**: ``<html lang>`` comes first: it is the standard declaration of the
  document's language, while ``og:locale`` is often a template default (then
  ``og:locale``, JSON-LD ``inLanguage``, ``content-language``/``dc.language`` meta).
- **published_date**: candidates that are not real dates are skipped; ``<time>`` elements
  marked ``pubdate`` or ``itemprop=datePublished`` come before other ``<time>``s (unless
  the marks are of several days: a list of other posts), and a ``<time>`` that shows a date
  of another day than its ``datetime`` is read as shown; an unmarked ``<time>`` above the
  headline and outside its box is a clock of the page's header, not read. A vendor's own meta name
  (``bt:pubDate``) comes after the standard ones, and an embedded video's JSON-LD date after
  the meta tags. A time in UTC is given on the publisher's clock when the page declares the
  same instant so, or of the day the page shows under its headline when that is the day
  before or after. A date in the URL path (page URL, then canonical URL) comes next, and a
  date in the short lines just under the headline is the last resort.

Relative URLs are resolved against ``url``; a URL that cannot be made absolute is dropped.
"""

from __future__ import annotations

import copy
import enum
import functools
import json
import re
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import chain, islice, pairwise, takewhile
from typing import Any
from urllib.parse import SplitResult, urlsplit

import lxml.etree
from lxml.html import HtmlElement

from weblens.extract.authors import (
    BYLINE_START,
    NAME_PARTICLES,
    WORDS_LABELS,
    dedupe_names,
    handle_key,
    is_capitalised,
    is_cjk_name,
    is_credit,
    is_handle,
    is_member_link,
    is_name,
    is_organisation,
    is_placeholder,
    is_reporter_credit,
    is_wire,
    profile_handle,
    reads_as_prose,
    reporters_in_lede,
    split_authors,
)
from weblens.extract.blocks import HEADING_TAGS
from weblens.extract.clean import comment_named, hidden_by_convention, is_permalink
from weblens.extract.dates import (
    date_from_url,
    dates_in,
    day_first_in,
    find_date,
    in_own_zone,
    is_month_word,
    is_utc_time,
    is_zone_apart,
    normalise_date,
)
from weblens.extract.declared import is_declared_text
from weblens.extract.jsonld import JsonLdFacts, load_jsonld
from weblens.extract.metatext import (
    answered_question,
    clean_text,
    first_clean,
    host_of,
    is_generic_title,
    is_page_id,
    is_root_url,
    is_site_name,
    leading_part,
    looks_like_url,
    name_key,
    names_the_site,
    normalise_language,
    site_name_keys,
    strip_site_affix,
    title_parts,
    without_page_number,
    without_subject_tag,
)
from weblens.extract.tail import names_a_section
from weblens.extract.text import CJK_CHARS, line_text
from weblens.extract.threads import is_thread_page
from weblens.extract.tree import AttributeSearch, AttributeText, drop, is_below
from weblens.extract.urls import absolute_url, elsewhere, site_of, strip_fragment

__all__ = [
    "Metadata",
    "content_byline",
    "content_date",
    "content_signature",
    "content_title",
    "extract_metadata",
    "shown_title_part",
]


@dataclass(frozen=True, kw_only=True)
class Metadata:
    """Facts about a page; None (or empty) when the page does not state them."""

    title: str | None = None
    description: str | None = None
    authors: tuple[str, ...] = ()  # people
    # when the page names no writer: the organisation it credits in their place (see
    # _Page.credited_organisation), the page's author only if its content names no writer either
    credited: tuple[str, ...] = ()
    published_date: str | None = None  # ISO 8601, see weblens.extract.dates
    canonical_url: str | None = None  # absolute
    site_name: str | None = None
    language: str | None = None  # BCP 47 shape: "en", "en-US"
    image: str | None = None  # absolute
    # the types the page declares of what it holds (JSON-LD @type, microdata itemtype, og:type),
    # lower case and without their vocabulary: "newsarticle", "discussionforumposting", "article"
    declared_types: frozenset[str] = frozenset()
    failure: str | None = None  # why reading them failed: a fault of ours the page exposed, reported
    # the article's text as its structured data declares it (JSON-LD ``articleBody``), of
    # DECLARED_TEXT_WORDS words or more: never returned as text (a reader does not see it), only
    # used to find where the page shows it
    declared_text: str | None = None
    # on a page its address and types do not name a thread, and that names no writer: the member
    # who started it, were it a thread (:meth:`_Page.thread_starter`); its author when its content
    # turns out to be a discussion (a link board's item page: "212 points by <a href=user?id=…>")
    starter: tuple[str, ...] = ()
    # the title is the <title> element's alone: no Open Graph, JSON-LD or meta title declares one and
    # no <h1> shows it (a part of it may be the headline the content shows: shown_title_part)
    title_from_tab: bool = False


_MAX_TITLE = 1000
# elements of the content, from its start, looked at for a line showing a part of the title: an old
# page's content cell opens with a few lines of navigation and its headline within its first 30
# (the probe pages of the old web: 6 to 24), a story's picture and kicker within 20
_CONTENT_TOP_ELEMENTS = 60
# words of a part of a title that can be its headline: CleanEval's old pages name their section
# ("Nation", "Business") or a person ("Ed Lu") in two words or fewer, their headlines in more
_HEADLINE_WORDS = 3
_CJK_LETTERS = re.compile(f"[{CJK_CHARS}]{{4}}")  # a CJK headline counts characters, not words
_MAX_FAILURE = 200  # characters of an exception's message in a metadata failure
_MAX_DESCRIPTION = 5000
_MAX_AUTHORS = 20
_MAX_BYLINE = 200
_MAX_H1 = 20
# the texts of an element outside its scripts and styles (an articleBody's text as a reader sees it)
_PROSE_TEXTS = lxml.etree.XPath(
    ".//text()[not(ancestor::script or ancestor::style or ancestor::noscript or ancestor::template)]",
    smart_strings=False,
)
_MAX_SHOWN_TITLES = 40  # elements read for the shown title: the h1s and a page's first title boxes
# elements a page names as its title's ("post-title", "titleline", "headline"), below its body
_TITLE_BOXES = AttributeSearch({"class": ("title", "headline")})
# a heading's class naming it an entry's title (hAtom's ``entry-title``, ``post-title``,
# ``article-title``, ``headline``), not a widget's (Blogger's ``<h2 class="title">Subscribe To</h2>``)
_ENTRY_TITLE = re.compile(r"(?:entry|post|article|story)[-_]?title|headline", re.I)
_LOWER_HEADINGS = ("h2", "h3", "h4", "h5", "h6")
_UNDER_HEADLINE = 400  # characters of text after the headline searched for its date
_MAX_DATE_TEXT = 100  # a date written in words ("01:38 PM IST Nov 20, 2019") is read from at most this

# meta keys (lower case; dcterms./dc: written dc.) per field, after Open Graph and JSON-LD
_OG_TITLE = ("og:title",)
_META_TITLE = ("twitter:title", "dc.title", "citation_title", "parsely-title", "sailthru.title", "headline")
_OG_DESCRIPTION = ("og:description",)
_OG_TYPE = ("og:type",)
_META_DESCRIPTION = ("description", "twitter:description", "dc.description", "sailthru.description")
_OG_AUTHOR = ("article:author", "og:article:author")
_META_AUTHOR = (
    "author", "authors", "dc.creator", "citation_author", "parsely-author", "sailthru.author", "byl",
    "article.author", "dc.contributor", "by",
)  # fmt: skip
_ONE_PERSON_PER_VALUE = frozenset(("citation_author", "dc.creator", "dc.contributor"))
_OG_DATE = ("article:published_time", "og:article:published_time", "article:published", "og:published_time")
_META_DATE = (
    "datepublished", "date", "pubdate", "publishdate", "publish-date", "publish_date", "published-date",
    "published_date", "dc.date", "dc.date.issued", "dc.issued", "dc.date.created", "dc.created",
    "citation_publication_date", "citation_date", "citation_online_date", "parsely-pub-date",
    "sailthru.date", "article.published", "originalpublicationdate", "datecreated",
)  # fmt: skip
# the last part of a vendor's own meta key for the publication date ("five_hundred_pixels:uploaded",
# "cXenseParse:recs:publishtime", "bt:pubDate"), written without "-" and "_"
_VENDOR_DATE_WORDS = frozenset(
    ("uploaded", "pubdate", "publishdate", "publishtime", "publicdate", "published", "publishedtime",
     "publisheddate", "datepublished", "firstpublished", "releasedate")
)  # fmt: skip
_OG_URL = ("og:url",)
_META_URL = ("twitter:url", "parsely-link")
_OG_SITE = ("og:site_name",)
_META_SITE = (
    "application-name", "apple-mobile-web-app-title", "dc.publisher", "citation_publisher",
    "citation_journal_title", "publisher",
)  # fmt: skip
_OG_LOCALE = ("og:locale",)
_META_LANGUAGE = ("content-language", "dc.language", "language", "citation_language")
_OG_IMAGE = ("og:image", "og:image:url", "og:image:secure_url")
_META_IMAGE = (
    "twitter:image", "twitter:image:src", "image", "thumbnailurl", "parsely-image-url",
    "sailthru.image.full", "sailthru.image", "thumbnail",
)  # fmt: skip
_PARSELY_FIELDS = {
    "title": "parsely-title",
    "author": "parsely-author",
    "authors": "parsely-author",
    "pub_date": "parsely-pub-date",
    "link": "parsely-link",
    "image_url": "parsely-image-url",
}
# boxes named for a date, in document order: by class, or by the test hooks of script-built pages
# (data-testid="ad-posted-at", data-cy="article-date"), which name what a box is where its class is
# a generated one ("css-19yf5ek")
_DATE_WORDS_IN_NAMES = ("date", "publish", "posted")
_DATE_NAMES = ("class", "data-testid", "data-cy")
_DATED = AttributeSearch(dict.fromkeys(_DATE_NAMES, _DATE_WORDS_IN_NAMES))
_MAX_DATED = 40
# a date that is not the page's: a member's joining date, a last visit, a birthday, an update
_OTHER_DATE = re.compile(
    r"\b(?:joined|member since|registered|last (?:seen|visit(?:ed)?|log ?in|active|updated|modified)|"
    r"birthday|born|updated|modified|expires?)\s*:?\s*(?:\S+\s*){0,1}$|^(?:joined|member since|registered)\b|"
    # the same on Chinese, Japanese and Korean forums: registered, joined, last login or visit, birthday
    r"(?:注册|註冊|加入|登録|登錄|最后登录|最後登錄|最后访问|最後訪問|上次访问|生日|가입|최근\s*접속|"
    # ... and a page's last update: Japanese, Chinese, Korean
    r"最終更新|更新日|最后更新|最後更新|최종\s*수정|수정일)"
    r"(?:时间|時間|日期|日|于|於|일)?\s*[:：]?\s*(?:\S+\s*){0,1}$",
    re.I,
)
# a time shown relative to now, whose element may hold the date in its title: "8 months ago",
# "yesterday", "vor 3 Stunden", "il y a 2 jours", "hace 5 días", "3天前", "3時間前", "3일 전"
_RELATIVE_TIME = re.compile(
    r"(?:(?:about|over|almost|nearly)\s+)?(?:an?|\d+)\s*(?:secs?|seconds?|mins?|minutes?|hrs?|hours?|days?|"
    r"weeks?|months?|years?)\s+ago|yesterday|just now|"
    r"vor\s+(?:\d+|einem|einer)\s+(?:sekunden?|minuten?|stunden?|tag(?:en)?|wochen?|monat(?:en)?|jahr(?:en)?)|"
    r"il y a\s+(?:\d+|une?)\s+(?:secondes?|minutes?|heures?|jours?|semaines?|mois|ans?)|"
    r"hace\s+(?:\d+|una?)\s+(?:segundos?|minutos?|horas?|días?|semanas?|mes(?:es)?|años?)|"
    r"\d+\s*(?:秒|分钟|分鐘|小时|小時|天|周|個月|个月|月|年|分|時間|日|週間|か月|ヶ月)前|"
    r"\d+\s*(?:초|분|시간|일|주|개월|년)\s*전",
    re.I,
)
# characters of such a time's text, at most: "about 11 months ago" is 19, "vor einem Monat" 15
_MAX_RELATIVE_TIME = 30
# elements with a title looked at, at most: the story's come before its comments' (a Hacker News
# item's submission is its third; a page of 200 titled links is a listing's)
_MAX_TITLED = 200
_DATE_CLASS = re.compile(
    r"(?:^|[\s_-])(?:date|published|publish-date|post-date|entry-date|posted|postdate|pubdate)"
    r"(?:$|[\s_-])",
    re.I,
)
_STAMP_WORDS = re.compile(
    r"\b(updated|modified|edited|last edited|revised|published|posted|first published|created)\b"
    r"[\s:·,|–-]*(?:on\s+)?$",
    re.I,
)
# the words that lead a date in a line that gives two: the one of an update, and the publication's
_UPDATE_LEAD = re.compile(
    r"\b(?:updated?|modified|edited|revised|aktualisiert|mis à jour|actualizado|atualizado|aggiornato)\b",
    re.I,
)
_PUBLICATION_LEAD = re.compile(
    r"\b(?:published|posted|first published|veröffentlicht|publié|publicado|pubblicato|erschienen)\b", re.I
)
_LETTERS = re.compile(r"[^\W\d_]+")
_DATE_WORDS = frozenset(
    (
        "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "mon", "tue",
        "tues", "wed", "thu", "thurs", "fri", "sat", "sun", "st", "nd", "rd", "th", "of", "on", "at",
        "am", "pm", "posted", "published", "gmt", "utc",
        # morning and afternoon in Korean, Chinese and Japanese: "2026.12.05. 오후 2:31", "下午3:05"
        "오전", "오후", "上午", "下午", "午前", "午後",
    )
)  # fmt: skip
_YEAR = re.compile(r"(?<!\d)(?:1[89]|20)\d\d(?!\d)")
_YEAR_TEXTS = 300  # texts holding a year that the only-date-line scan reads, at most
_NOT_TEXT = "parent::script or parent::style or parent::noscript"
_SIGNED = re.compile(r"(?:written|posted)\s+by\b", re.I)
_AT_TIME = re.compile(r"\s+(?:at|on|um|à)\s+\d", re.I)  # "Posted by Ann Lee at 10:14 AM"
# every text of the page's body, in document order; the searches of them test each in Python, as
# an XPath's contains() tests took twice as long (ScrapingHub: 1.1 -> 0.5 ms a search)
_BODY_TEXTS = lxml.etree.XPath("//body/descendant::text()")
_NOT_TEXT_TAGS = ("script", "style", "noscript")  # _NOT_TEXT's
_XML_SPACE = " \t\r\n"  # the white space of XPath's normalize-space()
_TEXT_BEFORE = lxml.etree.XPath(f"preceding::text()[normalize-space()][not({_NOT_TEXT})][1]")
_LAST_TEXT_IN = lxml.etree.XPath(f"(descendant::text()[normalize-space()][not({_NOT_TEXT})])[last()]")
_SPACED_DATE_TEXT = 4 * _MAX_DATE_TEXT  # characters of a text, white space and all, that may be a date line
_DATE_LINE_WORDS = 4  # words beside a date in a line of its own: a place, a source, a name
_PUBLISHED_WORDS = frozenset(
    ("published", "posted", "written", "dated", "date", "by", "at", "on", "edt", "est", "pst", "pdt")
)
_SINCE_WORDS = r"since|seit|depuis|desde|sinds"  # the start of a state, in five languages
_NOT_PUBLISHED = re.compile(
    r"\b(?:deadlines?|due|born|died|expires?|until|starts?|ends?|clos(?:es|ing)|opens?|sessions?|events?"
    rf"|updated|modified|revised|last|joined|member|registered|birthday|{_SINCE_WORDS})\b",
    re.I,
)
# a line opening with "since": the start of a state (an office held "seit 27. April 2023", a shop
# "since 1998"), no publication
_SINCE = re.compile(rf"\W*(?:{_SINCE_WORDS})\b", re.I)
# a blog template's sentence of when its post was written, the date right after its opening
# ("This entry was posted on Monday, March 5th, 2012 at 10:00 am and is filed under …", "Dieser
# Artikel wurde am 14. Dezember 2015 um 14:48 von …", "Cet article a été publié le 3 mai 2019",
# "发布于 2024-01-22 18:05・IP 属地上海")
_PUBLICATION_SENTENCE = re.compile(
    r"(?:this|the)\s+(?:entry|post|article|story)\s+was\s+(?:posted|published|written)\s+(?:on\s+)?\W*\w"
    r"|(?:posted|published)\s+on\s+\W*\w"  # a post's footer: "Posted on May 14, 2024 by Ann Lee in News"
    r"|(?:dieser|der)\s+(?:artikel|beitrag|eintrag)\s+wurde\s+am\s+\d"
    r"|(?:cet|l['’])\s*(?:article|billet)\s+a\s+été\s+(?:publié|écrit|posté)\s+le\s+\w"
    r"|(?:esta|la)\s+(?:entrada|publicación)\s+(?:fue\s+)?(?:publicada|escrita)\s+(?:el\s+)?\w"
    # Chinese "published on" before the date, whatever follows it ("发布于 2024-01-22 18:05・IP 属地上海")
    r"|(?:发布|發佈|發布|发表|發表)(?:于|於)\s*\d",
    re.I,
)
_CONTENT_HEADINGS = 5  # headings of the content looked at for the title of a page that declares none
_SECTION_NAMES = frozenset(
    (
        "introduction",
        "overview",
        "summary",
        "abstract",
        "contents",
        "table of contents",
        "background",
        "preface",
    )
)
# after a byline's name: its date ("on January 23, 2025", "· 3 May 2024", "| 2024-05-03")
_DATE_AFTER_NAME = re.compile(r"(?:on\s|[·•|,–—-]\s*)", re.I)
_BYLINE_NAME_WORDS = 4  # words of a name shown without a "By"
# the labels of a writer's credit before a linked name ("Words Margaret Idle"); "Photographs" is none
# and the same labels in French, Spanish and Portuguese, Italian, Dutch and Polish, Russian,
# Turkish ("Haber: …  - Kamera: …"), Japanese and Chinese ("文", "文字", "撰文"), Korean ("글")
_WRITING_CREDITS = frozenset(
    ("words", "text", "story", "writer", "author", "words by", "text by", "story by", "texte", "texto",
     "testo", "tekst", "текст", "haber", "文", "文字", "撰文", "글")
)  # fmt: skip
_AFTER_NAME_SIBLINGS = 2  # elements after a byline's name read for its date (a separator, the date)
# the address of a writer's page on the site: "/author/ann-lee", "/autoren/max-muster/", "?author=12", a
# newspaper's "/staff/2647/maria-chen/", in other languages "/penulis/…", "/yazar/…", "/muhabir/…",
# "/forfatter/…"
# ("/people/" was tried: a page listing a crew links each member there)
_AUTHOR_PAGE = re.compile(
    r"/(?:authors?|autor(?:en|e|i|zy)?|auteurs?|writers?|contributors?|columnists?|reporters?|journalists?|staff|"
    r"penulis|yazar(?:lar)?|muhabir(?:ler)?|forfatter(?:e)?|skribent(?:er)?)"
    r"/[^/?#]+|[?&]author=",
    re.I,
)
# "by" in a dated line, in the languages whose dates are read: "… 2021 by", "… 2021 von", "… par"
_BY_AFTER_DATE = re.compile(rf"\s(?:by|von|par|por|door|(?:{WORDS_LABELS})\s?:)\s+", re.I)
_LINE_TAGS = frozenset(("p", "div", "span", "li", "footer", "header", "address"))  # a byline's boxes
_ARTICLE_BODIES = AttributeSearch({"itemprop": ("rticleBody",)})  # a superset: the value decides
# a byline under the headline: "By", "Von", "Par", "Por", "Door", "Av", "Przez", "Autor:", "Автор:"
_MARKED = AttributeSearch(  # a cheap superset; _marker_kind decides
    {
        "itemprop": ("uthor", "atePublished"),
        "rel": ("uthor",),
        # and in camelCase ("metaInfoAuthorList"), "author" in other languages, "writer" and "nick"
        # (_OTHER_AUTHOR_CLASS)
        "class": (
            "byline",
            "author",
            "Byline",
            "Author",
            "utor",
            "uteur",
            "orfatter",
            "azar",
            "enulis",
            "writer",
            "nick",
            "Nick",
        ),
        "id": ("byline", "Byline"),
    }
)


_ITEMTYPES = lxml.etree.XPath("//@itemtype", smart_strings=False)


def extract_metadata(
    tree: HtmlElement,
    url: str | None,
    elements: Sequence[HtmlElement] | None = None,
    attributes: Callable[[], AttributeText] | None = None,
) -> Metadata:
    """The metadata of the parsed (uncleaned) document ``tree`` found at ``url``; never raises.
    ``elements`` are all of the tree's elements in document order when the caller has them
    (:attr:`ParsedPage.elements`): the searches over every element go through them, and through
    their joined attribute values that ``attributes`` gives (:meth:`ParsedPage.attributes`), when
    the caller shares them."""
    try:
        return _Page.read(tree, url, elements, attributes).metadata()
    except Exception as exc:  # a safety net: metadata never fails a page, and says it is missing
        return Metadata(failure=f"{type(exc).__name__}: {exc}"[:_MAX_FAILURE])


def _is_out_of_sight(el: HtmlElement) -> bool:
    """A heading set for screen readers only: it, or a box up to two levels around it, has a
    hiding class (``sr-only``, ``visually-hidden``) or ``aria-hidden``."""
    return hidden_by_convention(el) or any(hidden_by_convention(up) for up in islice(el.iterancestors(), 2))


def content_title(main: HtmlElement) -> str | None:
    """The title of a page that declares none (no ``<title>``, no meta title, no ``<h1>`` outside
    its banner: a page saved without its ``<head>``): the first heading of its content ``main``
    that is not a date (a blog's date header). None when that heading names a section
    ("Introduction"): the document's own title then stood outside the content."""
    for heading in islice(main.iter("h1", "h2", "h3", "h4"), _CONTENT_HEADINGS):
        text = clean_text(_short_text(heading, _MAX_TITLE), _MAX_TITLE) or ""
        dated = _only_a_date(text) or (len(text) <= _MAX_DATE_TEXT and find_date(text) is not None)
        if not text or dated or BYLINE_START.match(text):
            continue  # a blog's date header, a byline set as a heading
        key = " ".join(text.casefold().rstrip(":").split())
        if key in _SECTION_NAMES or is_generic_title(text) or names_a_section(text, heading.tag):
            return None  # "Introduction", "Related stories": the title is not in the content
        return text
    return None


def shown_title_part(title: str, main: HtmlElement) -> str | None:
    """The one part of a title of several ("Home Page - Essays - Why I Still Listen", "Issue 27 ::
    Features :: Splash Screens Must Die") that the content ``main`` shows as a line of its own near
    its start, not as a link (a breadcrumb's "Essays"): the headline an old page sets in a ``<font>``
    or ``<b>`` line and names again in its ``<title>`` after the site and the section. Of several
    parts shown so, the longest (a section's name is shown as a kicker over the headline: "SOCIEDAD").
    None when no part is."""
    parts = {key: part for part in title_parts(title) if (key := name_key(part)) and _is_headline_like(part)}
    if not parts:
        return None
    shown: set[str] = set()
    for el in islice(main.iter(lxml.etree.Element), _CONTENT_TOP_ELEMENTS):
        if el.tag == "a" or any(up.tag == "a" for up in el.iterancestors()):
            continue
        text = _short_text(el, _MAX_TITLE)
        if text and (key := name_key(text)) in parts:
            shown.add(key)
    return max((parts[key] for key in shown), key=len, default=None)


def _is_headline_like(part: str) -> bool:
    """A part of a title that can be a headline: words enough ("Nation", "Ed Lu", "book review" name
    a section, a person, a kind of page) and not a date ("December 12, 1997")."""
    words = part.split()
    long_enough = len(words) >= _HEADLINE_WORDS or _CJK_LETTERS.search(part) is not None
    return long_enough and not _only_a_date(part)


def content_byline(main: HtmlElement) -> tuple[str, ...]:
    """The authors of a page that names none in its metadata or marks: a line near the start of
    its content ``main`` that opens with "By", "Written by", "Submitted by"… ("<b>by</b><br><b>Ann
    Lee</b>", "<br>by Ann Lee<br>"), full names only; or the reporters a Chinese story's opening
    words credit ("新京报讯（记者 李强）…", :func:`reporters_in_lede`)."""
    budget = _UNDER_HEADLINE
    for el in main.iter():
        if not isinstance(el.tag, str) or el.tag in ("script", "style"):
            continue
        own = (el.text or "").strip()
        tail = (el.tail or "").strip()
        lines: list[str | None] = []
        if own and (reporters := reporters_in_lede(own)):
            return _PEOPLE_ANYWHERE.of(reporters)
        if own and _WORDS_CREDIT.match(own) and el.tag != "a":
            # a credit of the words set above them ("<b>Words:</b> Tom Ashdown | <b>Photography:</b> …")
            for line in (_short_text(el, _MAX_BYLINE), _spaced_text(el.getparent(), _MAX_BYLINE)):
                if line and (names := _credited_writers(line)):
                    return _PEOPLE_ANYWHERE.of(names)
        if own and BYLINE_START.match(own) and el.tag != "a":
            # the element's own line, else its box's, the texts of separate elements kept apart (a
            # label's cell and its value's: "Autor:" | "Ramiro Benítez")
            lines = [_short_text(el, _MAX_BYLINE), _spaced_text(el.getparent(), _MAX_BYLINE)]
        elif tail and BYLINE_START.match(tail):
            following = el.getnext()
            lines = [
                tail,
                f"{tail} {_short_text(following, _MAX_BYLINE) or ''}" if following is not None else None,
            ]
        for line in lines:  # the element's own line, else with what completes it ("by" + a name)
            names = [name for name in split_authors(line) if _full_name(name)] if line else []
            if names:
                return _PEOPLE_ANYWHERE.of(names)
        budget -= len(own) + len(tail)
        if budget <= 0:
            break
    return ()


def content_signature(main: HtmlElement) -> tuple[str, ...]:
    """The writer who signs or credits the content at its end, as letters, newsletters, magazines
    and wire services do, read in the last paragraphs of the content ``main`` and the first ones
    after it (:func:`_blocks_after`: a credit set below the text's box), in two steps:

    1. a line of credits names the writer after a label of the words ("Reporting by Kwabena Asante
       in Accra; Editing by …", "Text: Verena Pichler" above "Fotos: …", "Texto: Ana Ruiz");
    2. else the content's last paragraph (no text after it), or the first after it, says nothing
       but a full name (:func:`_signed_name`);
    3. else one of those paragraphs is the writer's tagline (:func:`_tagline_writer`)."""
    ends = _last_blocks(main, _CREDITS_READ)
    following = _blocks_after(main, _CREDITS_READ)
    for block in (*ends, *following):  # 1. a labelled credit
        for line in _lines_at_breaks(block):
            if names := _credited_writers(line):
                return _PEOPLE_ANYWHERE.of(names)
    signed = [*ends[:1], *following[:1]] if ends and not _has_text_after(ends[0], main) else following[:1]
    for block in signed:  # 2. a signature
        if names := _signed_name(block):
            return _PEOPLE_ANYWHERE.of(names)
    for block in (*ends, *following):  # 3. the writer's tagline
        if names := _tagline_writer(block):
            return _PEOPLE_ANYWHERE.of(names)
    return ()


def _tagline_writer(block: HtmlElement) -> list[str]:
    """The writer a tagline at the story's end introduces, set in italics (the line of its own a
    local paper closes a story with): "<i>Tom Haskins is a reporter for the Daily Ledger. He covers
    city government …</i>" → Tom Haskins."""
    if block.find(".//a") is not None or not _is_set_in_italics(block):
        return []
    found = _TAGLINE.match(" ".join(block.text_content().split()))
    if found is None or not _full_name(found.group(1)):
        return []
    return split_authors(found.group(1), one_person=True)


def _is_set_in_italics(block: HtmlElement) -> bool:
    """All of ``block``'s text is in one ``<em>`` or ``<i>``, or the block is itself one."""
    if block.tag in ("em", "i"):
        return True
    inner = [child for child in block if isinstance(child.tag, str)]
    return (
        len(inner) == 1
        and inner[0].tag in ("em", "i")
        and not (block.text or "").strip()
        and not (inner[0].tail or "").strip()
    )


def _signed_name(block: HtmlElement) -> list[str]:
    """The full name a paragraph signs with, and nothing else: set to the right, with a role after
    a comma at most (``<p align="right"><i>Gareth Llewellyn, Hon. Secretary</i></p>``), in a box
    its class names a signature (``story__signature``), or in brackets or after a dash wherever it
    is set ("(Camille Rousseau)", "— Ann Lee"); no link."""
    if block.find(".//a") is not None:
        return []
    line = " ".join(block.text_content().split())
    if (signed := _SIGNATURE_MARK.fullmatch(line)) is not None:
        line = signed.group(1) or signed.group(2)
    elif len(lines := _lines_at_breaks(block)) == 2 and _is_place_and_date(lines[0]):
        # an official notice's close, "Oberwaldbach, den 9. April 2024<br>Markus Reinhold, Bürgermeister";
        # an office signing with an article before its name ("Die Gemeindeverwaltung") is no person
        line = lines[1]
        if line.split(maxsplit=1)[0].casefold() in _ARTICLES:
            return []
    elif not _is_set_right(block) and not _SIGNATURE_CLASS.search(block.get("class") or ""):
        return []
    name, _, role = (part.strip() for part in line.partition(","))
    if len(line) > _MAX_SIGNATURE or len(role) > _MAX_SIGNATURE_ROLE or not _full_name(name):
        return []
    return split_authors(name, one_person=True)


_CREDITS_READ = 3  # paragraphs read from the end for a credit (a note of standards may follow it)
# a writer's tagline: "Tom Haskins is a reporter for …", "Ann Lee is the Ledger's health writer."
_TAGLINE = re.compile(
    r"([A-Z][\w.'-]*(?:\s+[\w.'-]+){1,3}?)\s+is\s+(?:a|an|the)\s+(?:[\w'’-]+\s+){0,4}?"
    r"(?:reporter|writer|correspondent|journalist|columnist|editor|contributor)\b"
)
# the label of the words' credit at a story's end, in English and the languages that write "Text:"
# beside "Photos:" ("Reporting by", "Text:", "Texto:", "Testo:", "Tekst:", "Texte :", "Text und Fotos:",
# Korean "글:", Chinese and Japanese "文：")
_WORDS_CREDIT = re.compile(
    r"^[(\[]?(?:(?:con\s+)?información\s+de\s+|(?:reporting|reportagem|reportaje|writing|words|story|written|"
    rf"(?:{WORDS_LABELS})(?:\s+(?:und|and|e|y|et|en|i|och|og|a)\s+(?:fotos?|photos?|foto|bilder))?"
    r"|글|文)\s*(?:by\b|:|：)\s*)",
    re.I,
)
# what ends the writers' names in a credit: another credit ("; Editing by …", "| Photos: …"), a
# line's end, or the place each reported from ("Kwabena Asante in Accra")
_CREDIT_END = re.compile(r"\s*[;|]|\s+(?:[^\W\d_]+\s+)?by\b", re.I)
_REPORTED_FROM = re.compile(r"\s+in\s+[A-Z][\w.'-]*(?:\s+[A-Z][\w.'-]*)*")
# a name alone in brackets or after a dash: "(Camille Rousseau)", "— Ann Lee", "-- Ann Lee"
_SIGNATURE_MARK = re.compile(r"[(（]\s*([^()（）]+?)\s*[)）]|(?:[—–]|--?)\s*([^—–-].*)")


def _byline_lines(el: HtmlElement, own: str, tail: str) -> list[str]:
    """The lines that may name the writers of a byline ``el`` opens with its own text ``own``: the
    element's line; for a label alone ("Door:", "作者:"), the label with the name after it in the
    line ("<small>作者:</small>李明轩", ``tail``), else with the element after it (a table's cells
    "Door:" | "Pieter van der Linden", a term and its definition)."""
    shown = _short_text(el, _MAX_BYLINE)
    if shown != own or not own.endswith((":", "：")):
        return [shown] if shown else []
    following = el.getnext()
    value = _short_text(following, _MAX_BYLINE) if following is not None else None
    return [f"{own} {text}" for text in (tail, value) if text]


def _is_full_name(name: str) -> bool:
    """A name a byline gives in full: two capitalised words or more (:func:`_full_name`), or a
    Chinese, Japanese or Korean name (:func:`is_cjk_name`), which is one word."""
    return _full_name(name) or is_cjk_name(name)


def _credited_writers(line: str) -> list[str]:
    """The full names a line of credits gives the words ("Reporting by A in London and B; Editing
    by C" → A, B), or [] when the line is no such credit."""
    label = _WORDS_CREDIT.match(line)
    if label is None:
        return []
    names = _CREDIT_END.split(line[label.end() :], maxsplit=1)[0]
    return [name for name in split_authors(_REPORTED_FROM.sub("", names)) if _is_full_name(name)]


def _blocks_after(main: HtmlElement, count: int) -> list[HtmlElement]:
    """The first ``count`` paragraphs after the content ``main`` with words of their own, in order:
    in the boxes that follow it inside its ``<article>`` (or in its own box when none holds it), up
    to a heading or a box that holds one (another section: related stories, comments)."""
    found: list[HtmlElement] = []
    story = next(main.iterancestors("article"), None)
    node: HtmlElement | None = main
    while node is not None and node is not story:
        for sibling in node.itersiblings():
            if not isinstance(sibling.tag, str):
                continue
            if sibling.tag in _SECTION_TAGS or next(sibling.iter(*HEADING_TAGS), None) is not None:
                return found
            blocks = _last_blocks(sibling, count)
            if not blocks and _has_words_beside_links(sibling):
                blocks = [sibling]
            found.extend(reversed(blocks))
            if len(found) >= count:
                return found[:count]
        node = node.getparent() if story is not None else None
    return found


_SECTION_TAGS = frozenset(("aside", "nav", "form", "section", "script", "style", *HEADING_TAGS))
# a box its class names the writer's signature: "story__signature", "firma", "article-signature"
_SIGNATURE_CLASS = re.compile(r"signature|(?<![a-z])firma(?![a-z])|unterschrift", re.I)


def _last_blocks(main: HtmlElement, count: int) -> list[HtmlElement]:
    """The last ``count`` paragraphs of ``main`` with words of their own, the last first (a box
    holding paragraphs is none, nor a row of links: "Facebook X E-mail")."""
    found: list[HtmlElement] = []
    for el in reversed(list(main.iter("p", "div"))):
        if el.find(".//p") is None and _has_words_beside_links(el):
            found.append(el)
            if len(found) == count:
                break
    return found


def _has_words_beside_links(el: HtmlElement) -> bool:
    """``el`` has text outside its links."""
    linked = sum(len("".join(link.text_content().split())) for link in el.iter("a"))
    return len("".join(el.text_content().split())) > linked


def _lines_at_breaks(el: HtmlElement) -> list[str]:
    """``el``'s text as the lines its ``<br>`` elements break, white space collapsed."""
    parts = [el.text or ""]
    for child in el.iterdescendants():
        if child.tag == "br":
            parts.append("\n")
        elif isinstance(child.tag, str) and child.tag not in _UNREAD_TAGS:
            parts.append(child.text or "")
        parts.append(child.tail or "")
    return [line for text in "".join(parts).split("\n") if (line := " ".join(text.split()))]


def _is_place_and_date(line: str) -> bool:
    """A letter's dateline: a place, a comma, a date and nothing more ("Oberwaldbach, den 9. April
    2024", "Paris, le 3 mai 2024", "Leeds, 3 May 2024")."""
    place, comma, rest = line.partition(",")
    if not comma or not 0 < len(place.split()) <= 3 or len(line) > _DATELINE_CHARS or find_date(rest) is None:
        return False
    return len(_words_besides_a_date(rest)) <= 1  # an article before the date: "den", "le", "el", "il"


_DATELINE_CHARS = 60  # characters of a letter's dateline, at most
# the definite articles that open an office's or a body's name, never a person's first name
_ARTICLES = frozenset(("the", "die", "der", "das", "les", "la", "le", "el", "il", "lo", "los", "las", "het"))
_MAX_SIGNATURE = 80  # characters of a signature's line ("Gareth Llewellyn, Hon. Secretary": 32)
_MAX_SIGNATURE_ROLE = 40  # characters of the role after the name's comma
_SET_RIGHT = re.compile(r"text-align\s*:\s*right", re.I)
_RIGHT_CLASS = re.compile(r"(?:text|align)-?right", re.I)  # "has-text-align-right", "text-right"


def _is_set_right(el: HtmlElement) -> bool:
    """``el`` is aligned to the right by its ``align`` attribute, its style or its class."""
    return (
        (el.get("align") or "").strip().lower() == "right"
        or _SET_RIGHT.search(el.get("style") or "") is not None
        or _RIGHT_CLASS.search(el.get("class") or "") is not None
    )


def _has_text_after(el: HtmlElement, root: HtmlElement) -> bool:
    """Text follows ``el`` inside ``root``, but for rows of links ("Facebook X E-mail")."""
    node = el
    while node is not root and node is not None:
        if (node.tail or "").strip():
            return True
        siblings = (sibling for sibling in node.itersiblings() if isinstance(sibling.tag, str))
        if any(_has_words_beside_links(sibling) for sibling in siblings):
            return True
        node = node.getparent()
    return False


def content_date(main: HtmlElement) -> str | None:
    """The date of a page whose metadata and marks give none: a short line near the start of its
    content ``main`` that holds one ("September 12, 2000", "Chicago, Illinois<br>August 7, 2001",
    "[Eugene Volokh, May 18, 2005 at 5:51pm]"), as a reader finds it; not one labelled as an update,
    a member's joining or a birthday."""
    label = ""
    for line in _lines_of(main.iter(), _UNDER_HEADLINE):
        if (
            len(line) <= _MAX_DATE_TEXT
            and _YEAR.search(line)  # a cheap look before the date parser
            and (found := find_date(line))
            and _a_date_line(label, line)
        ):
            return found
        label = line
    return None


def _is_modification(time: HtmlElement) -> bool:
    """A ``<time>`` that says when the page was last changed: named so (``class="updated"``) or
    marked ``itemprop="dateModified"`` (a documentation page's "Last updated on"), no publication."""
    return _stamp(time) == "updated" or _itemprop(time) == "datemodified"


# the word a card opens with when it names who edited a post, not who wrote it ("edited Jan 9 at 15:01"
# over the editor's name, before the "asked" card of a Q&A site's question)
_EDITED = re.compile(
    r"(?:edited|modified|bearbeitet|geändert|modifié|editado|modificado|modificato|изменено|отредактировано|编辑于|編集)",
    re.I,
)
_CARD_DEPTH = 3  # boxes around a member's link looked at for the card's first words


def _is_in_an_editors_card(link: HtmlElement) -> bool:
    """``link`` names the member in a card that opens by saying the post was edited: the editor."""
    for box in islice(link.iterancestors(), _CARD_DEPTH):
        text = " ".join((box.text_content() or "")[:80].split())
        if _EDITED.match(text):
            return True
    return False


def _lines_of(
    elements: Iterable[HtmlElement], budget: int, *, tail_only: HtmlElement | None = None
) -> Iterator[str]:
    """The lines of text of ``elements`` in document order — an element's text, then its tail; not
    the text of a script, a style or ``tail_only`` — white space collapsed, until ``budget``
    characters have been read."""
    for el in elements:
        texts: tuple[str | None, ...]
        if el is tail_only or not isinstance(el.tag, str) or el.tag in ("script", "style", "noscript"):
            texts = (el.tail,)
        else:
            texts = (el.text, el.tail)
        for text in texts:
            line = " ".join((text or "").split())
            if line:
                yield line
                budget -= len(line)
                if budget <= 0:
                    return


_RANGE_BETWEEN = re.compile(r"\s*(?:[-–—]|to|bis|au|al|a)\s*", re.I)  # "2006.12.24 - 2006.12.30"


def _is_date_range(line: str, *, day_first: bool | None = None) -> bool:
    """``line`` spans days, two dates with a dash or "to" between them (an archive's week, an
    event's days): no date of a page's publication. ``day_first`` as the line's dates were read."""
    dates = dates_in(line, day_first=day_first)
    return any(
        _RANGE_BETWEEN.fullmatch(line[first[1] : second[0]]) is not None for first, second in pairwise(dates)
    )


def _a_date_line(label: str, line: str) -> bool:
    """``line`` holds a date with at most a short label or place beside it ("Chicago, Illinois",
    "Stanford Report", "Published:"), no sentence ("I was born …") and no other kind of date
    ("Application deadline", "Updated")."""
    words = [word for word in _LETTERS.findall(line) if word.casefold() not in _DATE_WORDS]
    words = [word for word in words if not is_month_word(word)]
    named = [word for word in words if word.casefold() not in _PUBLISHED_WORDS]  # "by", "written": labels
    if len(named) > _DATE_LINE_WORDS or _NOT_PUBLISHED.search(f"{label} {' '.join(words)}"):
        return False
    return all(word[:1].isupper() or word.casefold() in _PUBLISHED_WORDS for word in words)


def _after(heading: HtmlElement) -> Iterator[HtmlElement]:
    """The elements after ``heading``'s subtree, in document order: the following siblings of
    ``heading`` and of each of its ancestors, each with its subtree."""
    node: HtmlElement | None = heading
    while node is not None:
        for sibling in node.itersiblings():
            yield from sibling.iter()
        node = node.getparent()


def _published_in(line: str, *, day_first: bool | None = None) -> str | None:
    """The date a short line gives for the publication: its only date, or, in a line that gives
    two ("Updated: April 2, 2019 · Published: March 25, 2019"), the one led by a word of publication,
    else the first not led by a word of an update."""
    if not _UPDATE_LEAD.search(line):
        # most lines: one date, or no word that could make one an update's
        return find_date(line, day_first=day_first)
    found = dates_in(line, day_first=day_first)
    if len(found) < 2:
        return found[0][2] if found else None
    plain: list[str] = []
    since = 0
    for start, end, date in found:
        lead, since = line[since:start], end
        if _UPDATE_LEAD.search(lead):
            continue
        if _PUBLICATION_LEAD.search(lead):
            return date
        plain.append(date)
    return plain[0] if plain else found[0][2]


def _only_a_date(text: str) -> bool:
    """ "Wednesday, December 13. 2006", "05/29/2005", "Posted on 3rd May 2004"."""
    return any(ch.isdigit() for ch in text) and not _words_besides_a_date(text)


def _words_besides_a_date(text: str) -> list[str]:
    """The words of ``text`` that are no part of a date: neither a month's name nor a date's word
    (a weekday, "on", "posted", an ordinal's ending)."""
    return [
        word
        for word in _LETTERS.findall(text.casefold())
        if word not in _DATE_WORDS and not is_month_word(word)
    ]


# ---------------------------------------------------------------- reading the page


@dataclass(kw_only=True)
class _Page:
    """Everything metadata needs, gathered in one pass over the document (private, per call)."""

    url: str | None
    meta: dict[str, list[str]]
    titles: list[HtmlElement]
    h1: HtmlElement | None
    h1s: list[HtmlElement]
    times: list[HtmlElement]
    canonical_links: list[str]
    image_links: list[str]
    lang: str | None
    jsonld: JsonLdFacts
    tree: HtmlElement
    elements: Sequence[HtmlElement]  # the tree's, in document order, the tree's root first
    # by title: the marks of the story its headline stands in (see marked)
    _marked: dict[str | None, tuple[list[HtmlElement], list[HtmlElement]]] = field(default_factory=dict)
    _profiles: frozenset[str] | None = field(default=None)
    _types: frozenset[str] | None = field(default=None)
    _attributes: AttributeText | None = field(default=None)
    _shared_attributes: Callable[[], AttributeText] | None = field(default=None)  # the caller's, of elements
    _body_texts: list[Any] | None = field(default=None)
    _headlines: dict[str | None, HtmlElement | None] = field(default_factory=dict)  # by title

    @classmethod
    def read(
        cls,
        tree: HtmlElement,
        url: str | None,
        elements: Sequence[HtmlElement] | None = None,
        attributes: Callable[[], AttributeText] | None = None,
    ) -> _Page:
        meta: dict[str, list[str]] = {}
        titles: list[HtmlElement] = []
        times: list[HtmlElement] = []
        canonical: list[str] = []
        image_links: list[str] = []
        scripts: list[Any] = []
        h1s: list[HtmlElement] = []
        for el in tree.iter("meta", "link", "title", "script", "time", "h1"):
            tag = el.tag
            if tag == "meta":
                _add_meta(meta, el)
            elif tag == "link":
                rel = (el.get("rel") or "").lower().split()
                href = el.get("href")
                if href and "canonical" in rel:
                    canonical.append(href)
                elif href and "image_src" in rel:
                    image_links.append(href)
            elif tag == "title":
                titles.append(el)
            elif tag == "script":
                if (el.get("type") or "").strip().lower().startswith("application/ld+json"):
                    scripts.extend(load_jsonld(el.text or ""))
            elif tag == "time":
                times.append(el)
            elif len(h1s) < _MAX_H1:
                h1s.append(el)
        root = tree.getroottree().getroot()
        lang = tree.get("lang") or tree.get("xml:lang") or root.get("lang") or root.get("xml:lang")
        return cls(
            url=url,
            meta=meta,
            titles=titles,
            h1=h1s[0] if h1s else None,
            h1s=h1s,
            times=times,
            canonical_links=canonical,
            image_links=image_links,
            lang=lang,
            jsonld=JsonLdFacts.from_values(scripts, url),
            tree=tree,
            elements=elements if elements is not None else tuple(tree.iter(lxml.etree.Element)),
            _shared_attributes=attributes if elements is not None else None,
        )

    def found_below(self, search: AttributeSearch, el: HtmlElement) -> list[HtmlElement]:
        """What ``search`` finds below ``el``, in document order: by one search of the elements'
        joined attribute values (made on first use) for the tree's root and its last child (the
        ``<body>``: all that follows it is inside it), a walk else."""
        elements = self.elements
        if el is elements[0]:
            after = 0
        elif el.getparent() is elements[0] and el.getnext() is None:
            after = elements.index(el)
        else:
            return search.found_in(el.iterdescendants(lxml.etree.Element))
        if self._attributes is None:
            shared = self._shared_attributes
            self._attributes = shared() if shared is not None else AttributeText(elements)
        return search.found_at(self._attributes, after)

    def found_anywhere(self, search: AttributeSearch) -> list[HtmlElement]:
        """What ``search`` finds below the tree's root, in document order: by one look in the
        elements' joined attribute values when an earlier search made them (ScrapingHub: 0.03 ms
        against 0.17 for the itemprop search's own gathering), by the search itself else."""
        if self._attributes is not None and self.tree is self.elements[0]:
            return search.found_at(self._attributes, 0)
        return search(self.tree)

    def body_texts(self) -> list[Any]:
        """Every text of the page's body (:data:`_BODY_TEXTS`), found on first use: the signed lines'
        search and the only date line's read them both on two pages in five of the pool (0.2 ms
        each time they were found again)."""
        if self._body_texts is None:
            self._body_texts = _BODY_TEXTS(self.tree)
        return self._body_texts

    def values(self, keys: Iterable[str]) -> Iterator[str]:
        for key in keys:
            yield from self.meta.get(key, ())

    def profile_handles(self) -> frozenset[str]:
        """The handles of the community profiles the page links to (see :func:`profile_handle`),
        outside reader comments (a commenter is not the page's author), found on first use."""
        if self._profiles is None:
            anchors = ((a, href) for a in self.tree.iter("a") if (href := a.get("href")))
            links = ((a, profile_handle(href, a.text or "")) for a, href in anchors)
            self._profiles = frozenset(handle for a, handle in links if handle and not _in_comment(a))
        return self._profiles

    def marked(self, title: str | None) -> tuple[list[HtmlElement], list[HtmlElement]]:
        """(elements marked as author or byline, elements marked datePublished) in the story of the
        page's headline (:meth:`in_story`: a mark outside it is another story's), in document
        order; found once per title."""
        if title not in self._marked:
            authors: list[HtmlElement] = []
            dates: list[HtmlElement] = []
            for el in self._marks_in_story(title):
                if _is_no_mark(el):
                    continue
                if _in_user_reviews(el):
                    continue
                kind = _marker_kind(el)
                if kind == _DATE_MARK:
                    dates.append(el)
                elif kind is not None:
                    authors.append(el)
            self._marked[title] = (authors, dates)
        return self._marked[title]

    def _marks_in_story(self, title: str | None) -> list[HtmlElement]:
        """What :data:`_MARKED` finds in the story (:meth:`story_boxes`), in document order: a walk
        of its boxes when the headline stands in an ``<article>``, else a search of the page below
        its root. The boxes hold a quarter of a page's elements on ScrapingHub, where a walk of them
        instead of the page's search took metadata from 2.6 to 2.3 ms a page."""
        boxes = self.story_boxes(title)
        if not boxes:
            return self.found_below(_MARKED, self.tree)
        # the root is never a mark (the search of the page starts below it)
        elements = (el for box in boxes for el in box.iter(lxml.etree.Element) if el is not self.tree)
        return _MARKED.found_in(elements)

    # ------------------------------------------------------------ fields

    def metadata(self) -> Metadata:
        site_name = self.site_name()
        site_keys = self.site_keys(site_name)
        canonical = self.canonical_url()
        title = self.title(site_keys)
        authors = self.authors(site_keys, title)
        is_unsigned_post = not authors and not self.is_thread()
        starter = self.thread_starter(self._thread_heading(title), on_site=True) if is_unsigned_post else ()
        return Metadata(
            starter=starter,
            title=title,
            title_from_tab=title is not None and self.is_title_from_tab(title),
            description=self.description(),
            authors=authors,
            credited=() if authors else self.credited_organisation(site_keys, title),
            published_date=self.published_date(canonical, title),
            canonical_url=canonical,
            site_name=site_name,
            language=self.language(),
            image=self.image(),
            declared_types=self.declared_types(),
            declared_text=self.declared_text(),
        )

    def is_title_from_tab(self, title: str) -> bool:
        """``title`` (of several parts) is read from the ``<title>`` element alone (see
        ``Metadata.title_from_tab``)."""
        if len(title_parts(title)) < 2 or self.jsonld.title:
            return False
        if any(value.strip() for value in (*self.values(_OG_TITLE), *self.values(_META_TITLE))):
            return False
        return name_key(title) not in self.shown_titles()

    def declared_text(self) -> str | None:
        """The article's text as the page declares it: JSON-LD ``articleBody`` (or a posting's
        ``text``), else the text of the elements marked ``itemprop=articleBody``; None when shorter
        than an article's (:func:`is_declared_text`)."""
        body = self.jsonld.body
        if not body:
            marked = [
                el for el in self.found_anywhere(_ARTICLE_BODIES) if "articlebody" in _itemprop(el).split()
            ]
            body = " ".join(" ".join(_PROSE_TEXTS(el)) for el in marked if not _is_no_mark(el))
        return body if body and is_declared_text(body) else None

    def og_types(self) -> frozenset[str]:
        """The Open Graph type (``og:type``: "article", "website", "video.other"), lower case."""
        return frozenset(value.strip().lower() for value in self.values(_OG_TYPE) if value.strip())

    def itemtypes(self) -> frozenset[str]:
        """The microdata types named on the page (``itemtype="https://schema.org/QAPage"``)."""
        return frozenset(
            name.rstrip("/").rsplit("/", 1)[-1].lower()
            for value in _ITEMTYPES(self.tree)
            for name in str(value).split()
        )

    def site_name(self) -> str | None:
        candidates = [*self.values(_OG_SITE), self.jsonld.site_name or "", *self.values(_META_SITE)]
        return first_clean((c for c in candidates if not looks_like_url(c)), _MAX_TITLE)

    def site_keys(self, site_name: str | None) -> frozenset[str]:
        """Spellings of the site's names and host, to recognise it in titles and bylines."""
        names = [
            site_name or "",
            *self.values(_OG_SITE),
            self.jsonld.site_name or "",
            *self.values(_META_SITE),
        ]
        names += [handle.lstrip("@") for handle in self.values(("twitter:site",))]
        names += [
            text for el in self.h1s if _in_banner(el, self.url) and (text := _short_text(el, _MAX_TITLE))
        ]
        names += self.home_link_names()
        return site_name_keys(names, self.url)

    def home_link_names(self) -> list[str]:
        """The words of the first links to the home page outside the article (a banner's "Hacker
        Board", a logo's text): the site's name as it shows it."""
        found: list[str] = []
        for link in islice(self.tree.iter("a"), _HOME_LINKS_READ):  # a banner comes first
            if len(found) >= _HOME_LINKS:
                break
            if not _home_href(link.get("href"), self.url):
                continue
            text = " ".join(link.text_content().split())
            if (
                text
                and len(text.split()) <= _HOME_LINK_WORDS
                and not any(node.tag in ("article", "main") for node in link.iterancestors())
            ):
                found.append(text)
        return found

    def shown_titles(self) -> frozenset[str]:
        """How the page shows its title, as :func:`name_key` keys: the texts of its ``<h1>``
        headings outside the banner (of its first ``<h2>`` when it has none) and of elements named
        title or headline (``<a class="title">``, ``<span class="titleline">``) that do not link
        home. A declared title with a separator keeps the part shown here ("Simulators" of
        "Simulators — LessWrong")."""
        body = self.tree.find("body")
        boxes = self.found_below(_TITLE_BOXES, body) if body is not None else []
        h1s: Iterable[HtmlElement] = [el for el in self.h1s if not _in_banner(el, self.url)]
        if not h1s:  # a page without an <h1> shows its title in its first <h2> (a mail archive's)
            h2s = self.tree.iter("h2")
            h1s = islice((el for el in h2s if not _in_banner(el, self.url) and not _in_navigation(el)), 1)
        others = (
            el
            for el in boxes
            if not _links_home(el) and not _in_banner(el, self.url) and not _in_navigation(el)
        )
        shown = list(islice(chain(h1s, others), _MAX_SHOWN_TITLES))  # a listing's hundred boxes: the first
        # a title box of lines shows the title in its first ("Incident name" over "Incident Report for …")
        first_lines = (el[0] for el in shown if el.tag == "div" and len(el) > 1 and el[0].tag == "div")
        keys = (name_key(_short_text(el, _MAX_TITLE) or "") for el in chain(shown, first_lines))
        return frozenset(key for key in keys if key)

    def title(self, site_keys: frozenset[str]) -> str | None:
        """The page's title (:meth:`declared_title`), without a list's or a board's tag before it
        (a tag in lenticular brackets only on a thread: "【公告】" names a board's kind of post, while
        a story's "【速報】" or "【2024年版】" is a part of its headline)."""
        title = self.declared_title(site_keys)
        return without_subject_tag(without_page_number(title), board=self.is_thread()) if title else title

    def declared_title(self, site_keys: frozenset[str]) -> str | None:
        h1 = next((el for el in self.h1s if not _in_banner(el, self.url)), None)
        h1_text = _short_text(h1, _MAX_TITLE) if h1 is not None else None
        shown = functools.cache(self.shown_titles)
        candidates: list[str | None] = [
            *self.values(_OG_TITLE),
            self.jsonld.title,
            *self.values(_META_TITLE),
            self.document_title(),
        ]
        fallback: str | None = None
        declared: list[str] = []
        texts = [text for raw in candidates if (text := clean_text(raw, _MAX_TITLE))]
        for text in texts:
            # an answer page's "Ann's answer to <question>": the question, when declared on its own too
            others = (strip_site_affix(other, site_keys, shown) for other in texts if other != text)
            text = answered_question(text, others) or text
            if is_site_name(text, site_keys) or is_generic_title(text):
                fallback = fallback or text
            elif not is_page_id(stripped := strip_site_affix(text, site_keys, shown)):
                declared.append(stripped)
            else:
                fallback = fallback or stripped  # a wiki page's name: its heading is its title
        if declared:
            return self.headline(declared, site_keys) or _without_affix(declared)
        text = clean_text(h1_text, _MAX_TITLE)
        if text and not (is_site_name(text, site_keys) or is_generic_title(text)):
            return strip_site_affix(text, site_keys, shown)
        return self.entry_title(site_keys) or fallback or text

    def entry_title(self, site_keys: frozenset[str]) -> str | None:
        """The one heading named as an entry's title (``<h3 class="post-title entry-title">``) outside the
        banner and the comments, when the page declares only its site's name and its ``<h1>`` is
        the site's too (a blog's template that titles every page with the blog's name); None when
        no heading or several (a listing's) are named so."""
        body = self.tree.find("body")
        if body is None:
            return None
        found: set[str] = set()
        for el in self.found_below(_TITLE_BOXES, body):
            if el.tag not in HEADING_TAGS or not _ENTRY_TITLE.search(el.get("class") or ""):
                continue
            if _in_banner(el, self.url) or _links_home(el) or _in_comment(el):
                continue
            text = clean_text(_short_text(el, _MAX_TITLE), _MAX_TITLE)
            if text and not (is_site_name(text, site_keys) or is_generic_title(text)):
                found.add(text)
        return found.pop() if len(found) == 1 else None

    def headline(self, declared: list[str], site_keys: frozenset[str]) -> str | None:
        """The ``<h1>`` that shows the title the page declares, worded as the reader sees it: most of
        its words are in a declared title (og:title, JSON-LD, ``<title>``…), which often is a shorter
        or older wording, carries a site suffix or ends with a full stop. An ``<h1>`` whose words
        are only some of a declared title's is a short form and loses to it."""
        best: str | None = None
        best_share = 0.0
        declared_words = [_title_words(title) for title in declared]
        leading_words = [_title_words(leading_part(title)) for title in declared]
        for el in self.h1s:
            if _is_out_of_sight(el):
                continue  # a heading for screen readers ("Releases: org/repo"), not the one shown
            text = clean_text(_short_text(_without_permalinks(el), _MAX_TITLE), _MAX_TITLE)
            if not text or is_site_name(text, site_keys) or is_generic_title(text) or _in_comment(el):
                continue
            text = _without_label(text, declared, el)
            if any(_is_attributed(title, text) for title in declared):
                return text  # a declared title adds its writer's name: "Poem by Ann Lee" over "Poem"
            words = _title_words(text)
            if any(
                words < other and not lead <= words
                for other, lead in zip(declared_words, leading_words, strict=True)
            ):
                continue  # a short form ("On computable numbers"): a declared title says more
            for other in declared_words:
                common = len(words & other)
                if common >= 2 and common * 2 >= len(words) and common * 5 >= len(other):
                    share = common / len(words | other)
                    if share > best_share:
                        best, best_share = text, share
        return best

    def document_title(self) -> str | None:
        chosen = next((t for t in self.titles if _parent_tag(t) == "head"), None)
        if chosen is None:
            chosen = next((t for t in self.titles if not _inside(t, ("svg", "math"))), None)
        return _short_text(chosen, _MAX_TITLE * 4) if chosen is not None else None

    def description(self) -> str | None:
        candidates = [
            *self.values(_OG_DESCRIPTION),
            self.jsonld.description or "",
            *self.values(_META_DESCRIPTION),
        ]
        return first_clean(candidates, _MAX_DESCRIPTION)

    def authors(self, site_keys: frozenset[str], title: str | None = None) -> tuple[str, ...]:
        """The people the page names as its writers (:meth:`credited`)."""
        return self.credited(_Credit(site_keys, self.profile_handles, _CreditLevel.PEOPLE), title)

    def credited_organisation(self, site_keys: frozenset[str], title: str | None = None) -> tuple[str, ...]:
        """Whom a page that names no writer credits instead: the organisation its metadata declares
        or its marked byline names (a wire service, a newsroom: "Associated Press", "BR24
        Redaktion"); when that is only the site itself, the site ("kicker" on kicker.de, as its
        JSON-LD declares)."""
        for level in (_CreditLevel.ORGANISATIONS, _CreditLevel.SITE):
            if found := self.credited(_Credit(site_keys, self.profile_handles, level), title):
                return found
        return ()

    def credited(self, credit: _Credit, title: str | None) -> tuple[str, ...]:
        """The names ``credit`` allows, from the declared authors (Open Graph, JSON-LD, meta tags),
        else the page's byline, else a "By …" line under the headline. The first byline that names
        anyone decides: when it names only whom ``credit`` leaves out (an organisation, for people),
        whatever the byline of a related story further down says is no credit of this page. A
        declaration of one writer whom the byline names with others is the first of them (a blog
        engine's JSON-LD and a publisher's analytics tag name the primary author alone): the
        byline's writers are the page's."""
        declared: tuple[str, ...] = ()
        for source, one_each in self.declared_authors(credit.level):
            declared = credit.of(name for raw in source for name in credit.names_in(raw, one_person=one_each))
            if declared:
                break
        if not declared and credit.level is _CreditLevel.PEOPLE and self.is_thread():
            # a thread: the writer its structured marks name (itemprop, rel) from its title heading on
            # (a mark above it is the site's or the section's: a code host marks a repository's owner
            # so in the header above an issue), else the member who started it
            heading = self._thread_heading(title)
            marked = self.byline(credit, title, below=_CLASS_MARK, after=heading)
            if marked or (marked := self.thread_starter(heading)):
                return marked[:_MAX_AUTHORS]
        shown = self.byline(credit, title) if len(declared) <= 1 else None
        if declared:
            if shown is not None and _is_one_of(declared[0], shown):
                # the declared writer is one of several the byline names by full names (not a
                # place the byline adds: "Anna Sleegers, Frankfurt")
                others = tuple(name for name in shown if name == declared[0] or _full_name(name))
                return (others if len(others) > 1 else declared)[:_MAX_AUTHORS]
            return declared[:_MAX_AUTHORS]
        if shown is not None:
            return shown[:_MAX_AUTHORS]
        if credit.level > _CreditLevel.PEOPLE:
            return ()  # the lines below name writers by full names: an organisation is credited above
        under = self.byline_under_headline(credit, title) or self.signed_line(credit)
        return (under or self.linked_writer(credit, title) or self.poster_in_title(credit))[:_MAX_AUTHORS]

    def is_thread(self) -> bool:
        """The page is a thread of posts (:func:`is_thread_page`)."""
        return is_thread_page(self.declared_types(), self.url)

    def declared_types(self) -> frozenset[str]:
        """The types the page declares of what it holds (JSON-LD, microdata, Open Graph), found on
        first use: the microdata's are a search of the whole tree."""
        if self._types is None:
            self._types = self.jsonld.types | self.itemtypes() | self.og_types()
        return self._types

    def thread_starter(self, heading: HtmlElement | None, *, on_site: bool = False) -> tuple[str, ...]:
        """On a thread of posts (:meth:`is_thread`), the member who started it: the first link to a
        member's profile (:func:`is_member_link`) after the thread's title heading that names anyone,
        outside the site's banner and the quotes of posts, and not an account's action or a search
        of a member's posts. Forum engines set the poster's name so above or beside each post
        (phpBB's ``memberlist.php?mode=viewprofile``, SMF's ``action=profile``, vBulletin's
        ``member.php``, Discuz's ``space-uid-``); a forum names people by handles, and a handle
        linked to its profile is a person's name. ``heading`` is the thread's title heading
        (:meth:`_thread_heading`). ``on_site=True`` takes only profiles on the page's own site (none
        :func:`~weblens.extract.urls.elsewhere`): on a page not known for a thread, a first link to
        a contributor's page elsewhere (a blog's list of its writers, "/faculty/profiles/…") names
        no member, and the profiles after it are the replies' posters."""
        links = _FOLLOWING_LINKS(heading) if heading is not None else self.tree.iter("a")
        if heading is not None:  # the poster's cell before the heading's, in the first post's row
            links = chain(_links_of_cells_before(heading), links)
        for link in links:
            href = link.get("href") or ""
            if not _is_profile_link(link, href) or _ACCOUNT_ACTION.search(href) or _in_banner(link, self.url):
                continue
            if on_site and self.url and elsewhere(href, site_of(self.url) or ""):
                return ()  # the first profile is elsewhere: the next one is a reply's poster
            if _in_quote(link) or _is_in_an_editors_card(link):
                continue
            name = _without_avatar_letter(" ".join(link.text_content().split()), href)
            if _ends_a_sentence(name):
                continue  # a sentence's link ("Learn more." to "/help/user/…"), no member's name
            if len(name) > 1 and is_credit(name) and not is_placeholder(name):  # "A": an avatar's letter
                return (name,)
        return ()

    def _thread_heading(self, title: str | None) -> HtmlElement | None:
        """The first of the thread's title heading and the first ``<h1>`` outside the banner: a
        forum sets the thread's title as the page's ``<h1>`` ("Thread: …") and again over its first
        post, after the poster's card. With no heading, the box named title that shows the title
        (a link board's ``<a class="title">``)."""
        found = [
            h
            for h in (
                self.headline_element(title),
                next((h for h in self.h1s if not _in_banner(h, self.url)), None),
            )
            if h is not None
        ]
        if not found:
            return self._title_box(title)
        if len(found) < 2 or found[0] is found[1]:
            return found[0]
        first, second = found
        return second if first in set(_FOLLOWING(second)) else first

    def _title_box(self, title: str | None) -> HtmlElement | None:
        """The first element named title or headline (:data:`_TITLE_BOXES`) outside the banner
        that reads as ``title``."""
        body = self.tree.find("body")
        if not title or body is None:
            return None
        return next(
            (
                el
                for el in self.found_below(_TITLE_BOXES, body)
                if _short_text(el, _MAX_TITLE) == title and not _in_banner(el, self.url)
            ),
            None,
        )

    def poster_in_title(self, credit: _Credit) -> tuple[str, ...]:
        """After every other way: the name a social post's declared title gives its poster by, before
        the handle ("Rowan Achterberg (@rowan@social.example)", Mastodon's and Bluesky's Open Graph
        title of a post, which has no headline of its own)."""
        for raw in self.values(_OG_TITLE):
            found = _NAME_AND_HANDLE.fullmatch(" ".join(raw.split()))
            if found and (names := credit.of(credit.names_in(found.group(1)))):
                return names
        return ()

    def linked_writer(self, credit: _Credit, title: str | None) -> tuple[str, ...]:
        """The very last resort: the one writer the story links to a writer's page of
        (:func:`_is_author_page_link`), inside the ``<article>`` that holds the headline (a card
        about the writer after the text, "<h4><a href=/author/ann-lee>Ann Lee</a></h4>"), or of
        those it links the one credited for the words (a crew's credits: text, photographs, editing);
        none without such a box, or when it links two writers or more so."""
        story = self.story_box(title)
        if story is None:
            return ()
        links = [a for a in story.iter("a") if _is_author_page_link(a)]
        names = {" ".join(a.text_content().split()) for a in links}
        if len(names) > 1:  # the crew's credits: the one credited for the words ("文", "Text")
            names = {name for a in links if (name := _name_credited_for_words(a)) is not None}
        if len(names) != 1:
            return ()
        return credit.of(names)

    def in_story(self, title: str | None) -> Callable[[HtmlElement], bool]:
        """Whether an element is in the story: inside the ``<article>`` that holds the page's
        headline, when one does (else anywhere). A byline or a date marked outside it is another
        story's (a related story's card after the article: "By Tom Price", "May 10"), never the
        page's: without one of its own, the page's is read in the lines under its headline."""
        boxes = self.story_boxes(title)
        if not boxes:
            return lambda el: True
        if len(boxes) > 1:
            story, box = boxes
            return lambda el: is_below(el, story) or is_below(el, box)
        return lambda el: is_below(el, boxes[0])

    def story_boxes(self, title: str | None) -> tuple[HtmlElement, ...]:
        """The boxes of the story (:meth:`in_story`), in document order: the ``<article>`` that holds
        the page's headline, and the box about its writer set just after it when there is one;
        none when no ``<article>`` holds the headline (the story is the page)."""
        story = self.story_box(title)
        if story is None:
            return ()
        box = _author_box_after(story)  # the story's writer's box, set just after it
        return (story,) if box is None else (story, box)

    def story_box(self, title: str | None) -> HtmlElement | None:
        """The ``<article>`` that holds the page's headline; None when none does."""
        heading = self.headline_element(title)
        return next(heading.iterancestors("article"), None) if heading is not None else None

    def signed_line(self, credit: _Credit) -> tuple[str, ...]:
        """The last resort: the one person the page's "Written by …"/"Posted by …" lines name, wherever
        they stand (a blog's footer of its post: "Posted by Ann Lee at 10:14 AM"), not in a reader's
        comment or a customer's review; none when such lines name two people or more (a page of
        several posts)."""
        found: list[str] = []
        signed = (t for t in self.body_texts() if (" by" in t or " By" in t or " BY" in t) and _is_read(t))
        for text in signed:
            line = " ".join(str(text).split())
            el = text.getparent()
            if not _SIGNED.match(line) or el is None or _in_comment(el) or _in_user_reviews(el):
                continue
            whole = _AT_TIME.split(_short_text(el, _MAX_BYLINE) or line, maxsplit=1)[0]
            names = [name for name in split_authors(whole) if _full_name(name)]
            found.extend(names[:1])
        people = dedupe_names(found)
        if len(people) != 1:
            return ()
        return credit.of(people)

    def declared_authors(self, level: _CreditLevel) -> Iterator[tuple[list[str], bool]]:
        """Lists of raw author values from the page's metadata, best source first, each with "one
        person per value"; the organisations JSON-LD declares as authors too above ``PEOPLE``."""
        yield list(self.values(_OG_AUTHOR)), False
        # a wire service JSON-LD declares as an organisation beside its people is credited with them
        # (Person "Paula Steiger", Organization "SDA"), as it is in a byline (_Credit.of)
        yield [*self.jsonld.authors, *filter(is_wire, self.jsonld.organisation_authors)], False
        if level > _CreditLevel.PEOPLE:
            yield list(self.jsonld.organisation_authors), False
        software = self.software()
        for key in _META_AUTHOR:
            values = self.meta.get(key, [])
            yield (
                [value for value in values if not _names_the_makers(value, software)],
                key in _ONE_PERSON_PER_VALUE,
            )
        yield self.slack_author(), False

    def software(self) -> str | None:
        """The name of the software that made the page, as its ``generator`` meta tag opens ("Discuz!
        X3.4" → "discuz"; see :func:`_names_the_makers`)."""
        generator = next(self.values(("generator",)), "")
        found = _SOFTWARE_NAME.match(generator.strip())
        return found.group(0).casefold() if found else None

    def byline(
        self,
        credit: _Credit,
        title: str | None,
        below: int | None = None,
        after: HtmlElement | None = None,
    ) -> tuple[str, ...] | None:
        """The people of the first marked byline in the story of the headline showing ``title``
        (:meth:`marked`) that names anyone, of the marks after ``after`` when given; None when none
        does.

        Elements marked ``itemprop=author`` come first, then ``rel=author``, then a byline or
        author class, each kind in document order. The innermost marks are read first (the
        ``<span class="author">`` inside a ``<div class="byline">`` that also holds an agency and
        a time stamp), the boxes around them only when none of those names anyone. Co-authors are
        the marks like the first one (same kind, tag and class) in the same byline, or each in a box
        of its own beside it (:func:`_side_by_side`). When the
        first byline names only an organisation, no person wrote the page."""
        marked, _ = self.marked(title)
        if after is not None:
            marked = self._after(after, marked)
        kinds = {
            el: kind
            for el in marked
            if (kind := _marker_kind(el)) is not None
            and kind < (below or _DATE_MARK)
            and not _in_another_storys_card(el, self.url)
        }
        roots: dict[HtmlElement, HtmlElement | None] = {}
        boxes: set[HtmlElement] = set()  # marks with a mark inside
        for el in kinds:
            root = el.getparent()
            for ancestor in el.iterancestors():
                if ancestor in kinds:
                    root = ancestor
                    boxes.add(ancestor)
            roots[el] = root
        ranked = sorted(kinds, key=kinds.__getitem__)  # stable: document order within a kind
        texts: dict[HtmlElement, str | None] = {}

        def names_of(el: HtmlElement) -> list[str]:
            if el not in texts:
                texts[el] = _byline_text(el)
            text = texts[el]
            return credit.names_in(text) if text else []

        for first in [el for el in ranked if el not in boxes] + [el for el in ranked if el in boxes]:
            names = names_of(first)
            if not names or reads_as_prose(texts[first] or ""):
                continue  # a bio of the writer in a box named for the author is no byline
            like = (kinds[first], first.tag, first.get("class"))
            for other in ranked:
                if (
                    other is not first
                    and other not in boxes
                    and (kinds[other], other.tag, other.get("class")) == like
                    and (roots[other] is roots[first] or _side_by_side(first, other))
                ):
                    names += names_of(other)
            return credit.of(names)
        return None

    def _after(self, el: HtmlElement, marks: list[HtmlElement]) -> list[HtmlElement]:
        """The elements of ``marks`` that come after ``el`` in the page as parsed (or are ``el``)."""
        try:
            start = self.elements.index(el)
        except ValueError:  # an element made after parsing: no order to go by
            return marks
        later = set(self.elements[start:])
        return [mark for mark in marks if mark in later]

    def byline_under_headline(self, credit: _Credit, title: str | None = None) -> tuple[str, ...]:
        """A line just after the headline that opens with "By" ("By <a>Louis Jacobson</a> on
        Monday, November 18th, 2019") and names people by full names (two capitalised words or
        more: a one-word part there is a place or an affiliation, "by Ann Lee, Lewiston"), or
        links to writers' pages (:func:`_names_of_author_pages`)."""
        heading = self.headline_element(title)
        if heading is None:
            return ()
        budget = _UNDER_HEADLINE
        in_story = self.in_story(title)
        for el in _after(heading):
            if not isinstance(el.tag, str):
                continue
            if not in_story(el):
                return ()  # past the story's end: a related story's card is no byline of its
            own = " ".join((el.text or "").split())
            tail = " ".join((el.tail or "").split())
            if credited := own if is_reporter_credit(own) else tail if is_reporter_credit(tail) else None:
                return credit.of(split_authors(credited))
            if own and BYLINE_START.match(own) and el.tag not in ("script", "style", "a"):
                if _in_user_reviews(el):
                    return ()  # past a short story into its reviews ("Posted by Chris W.")
                for line in _byline_lines(el, own, tail):
                    names = [name for name in split_authors(line) if _is_full_name(name)]
                    if names:
                        return credit.of(names)
            if el.tag == "a" and (linked := _names_of_author_pages(el)):
                return credit.of(linked)
            if el.tag == "a" and (name := _name_dated_after(el) or _name_credited_for_words(el)) is not None:
                return credit.of((name,))
            if el.tag == "a" and (name := _name_before_address(el)) is not None:
                return credit.of((name,))
            if el.tag in _LINE_TAGS and (dated := _names_after_a_date(el)):
                return credit.of(dated)
            budget -= len(own) + len(tail)
            if budget <= 0:
                return ()
        return ()

    def slack_author(self) -> list[str]:
        """``twitter:label1: Written by`` + ``twitter:data1: Name`` (what WordPress SEO plugins write)."""
        out: list[str] = []
        for index in range(1, 5):
            label = next(self.values((f"twitter:label{index}",)), "")
            if label.strip().lower() in ("written by", "author", "by"):
                out.extend(self.values((f"twitter:data{index}",)))
        return out

    def published_date(self, canonical: str | None, title: str | None) -> str | None:
        """The page's publication date, in three steps:

        1. the first date the page declares or marks that is a real one (see
           :meth:`date_candidates`), on the publisher's clock when the page declares the same
           instant so (:func:`in_own_zone`);
        2. a time in UTC that the page shows under its headline as the day before or after (a
           story of 9 pm in Florida, declared at 2 am UTC the next day) is of the day shown; the
           URL stating the declared day is enough to keep it;
        3. without such a date: the date the URL states, else the date under the headline, else
           the page's only date line, else the first time the story shows as relative to now with
           its date in a title ("8 months ago": :meth:`relative_times`; a reply's, shown so beside
           a first post's date written out, comes after it).

        A date marked, or a date line, outside the story (:meth:`in_story`) is another story's."""
        in_story = self.in_story(title)
        day_first = day_first_in(self.language())  # the page's order of day and month in "09/04/2024"
        heading = self.headline_element(title)
        candidates = self.date_candidates(title, heading=heading, day_first=day_first)
        found = next(filter(None, (_read_date(raw, day_first=day_first) for raw in candidates)), None)
        if found is None:
            return (
                self.url_date(canonical)
                or self.date_under_headline(title, day_first=day_first)
                or self.only_date_line(in_story, day_first=day_first)
                or next(self.relative_times(in_story), None)
            )
        found = in_own_zone(found, map(normalise_date, self.declared_dates()))
        if is_utc_time(found) and self.url_date(canonical) != found[:10]:
            shown = self.date_under_headline(title, shown_day=True)
            if shown is not None and is_zone_apart(found, shown[:10]):
                return shown[:10]
        return found

    def url_date(self, canonical: str | None) -> str | None:
        return date_from_url(self.url) or date_from_url(canonical)

    def headline_element(self, title: str | None) -> HtmlElement | None:
        """The heading that shows the page's title: an ``<h1>`` worded as the title, else (under a
        site's banner ``<h1>``) a lower heading so worded (a forum's first post sets its subject in
        an ``<h5>``), else the first ``<h1>`` outside the banner. Found once per title: the story's
        box, its dates and the lines under it all start from it."""
        if title not in self._headlines:
            self._headlines[title] = self._find_headline(title)
        return self._headlines[title]

    def _find_headline(self, title: str | None) -> HtmlElement | None:
        heading = next((h for h in self.h1s if title and _short_text(h, _MAX_TITLE) == title), None)
        if heading is None and title:  # under a site's banner <h1>, the headline is a lower heading
            heading = next(
                (h for h in self.tree.iter(*_LOWER_HEADINGS) if _short_text(h, _MAX_TITLE) == title), None
            )
        if heading is None:
            heading = next((h for h in self.h1s if not _in_banner(h, self.url)), None)
        return heading

    def date_under_headline(
        self, title: str | None, *, day_first: bool | None = None, shown_day: bool = False
    ) -> str | None:
        """The last resort, as a reader finds it: a date in the short lines just after the headline
        (a byline's "on Monday, November 18th, 2019", "publiziert am 25. September 2018"), not one
        on a line of its own after a label of another kind ("Last updated:"). With ``shown_day``,
        the day the page shows there whatever its label says (an update's time is on the
        publisher's clock too: see :meth:`published_date`, step 2)."""
        heading = self.headline_element(title)
        if heading is None:
            return None
        label = ""  # the line before: "Joined:" makes the date after it a member's, not the page's
        story = takewhile(self.in_story(title), _after(heading))  # not past the story's end
        for line in _lines_of(chain((heading,), story), _UNDER_HEADLINE, tail_only=heading):
            before, label = label, line
            if (
                len(line) <= _MAX_DATE_TEXT
                and _YEAR.search(line)  # a cheap look before the date parser
                and not _OTHER_DATE.search(f"{before} {line}")
                and (shown_day or not _OTHER_DATE.search(before))  # a line after its label
                and not _SINCE.match(line)
                and (found := _published_in(line, day_first=day_first))
            ):
                return found
        return None

    def only_date_line(
        self, in_story: Callable[[HtmlElement], bool] = lambda el: True, *, day_first: bool | None = None
    ) -> str | None:
        """The very last resort: the date of the page's only date line, wherever it stands (a
        "Datum 12.01.2017" beside the header, a lone "30.07.2019" in a details box, a footer's
        "Von Christian am 03.05.2013"): a short line holding a date with at most a label beside it
        (see :func:`_a_date_line`), not in a reader's comment. A page with date lines of two or
        more days (a list of posts, an archive, teasers) has no only one: None."""
        found: set[str] = set()
        # the body's texts outside scripts and styles with digits that may make a year, that hold one
        texts = self.body_texts()
        candidates = [
            text
            for text in texts
            if ("18" in text or "19" in text or "20" in text) and _YEAR.search(text) and _is_read(text)
        ]
        if len(candidates) > _YEAR_TEXTS:
            return None  # a page with this many has no "only" date
        for text in candidates:
            line = " ".join(text.split()) if len(text) <= _SPACED_DATE_TEXT else ""
            date = _published_in(line, day_first=day_first) if line and len(line) <= _MAX_DATE_TEXT else None
            if not date or _is_date_range(line, day_first=day_first):
                continue
            el = text.getparent()
            if el is None or _in_comment(el) or not in_story(el):
                continue
            before = _line_before(texts, _position(texts, text))
            label = " ".join(str(before).split()) if before is not None else ""
            if _a_date_line(label, line) or _PUBLICATION_SENTENCE.match(line):
                found.add(date[:10])
                if len(found) > 1:
                    return None
        return found.pop() if found else None

    def declared_dates(self) -> Iterator[str]:
        """The dates the page's Open Graph, JSON-LD and meta tags declare, in that order."""
        yield from self.values(_OG_DATE)
        yield from self.jsonld.published
        yield from self.values(_META_DATE)
        yield from self.jsonld.media_published

    def date_candidates(
        self,
        title: str | None,
        *,
        heading: HtmlElement | None = None,
        day_first: bool | None = None,
    ) -> Iterator[str]:
        """The dates the page declares, then those it marks in the story of the headline showing
        ``title`` (:meth:`marked_dates`)."""
        yield from self.declared_dates()
        yield from self.values(key for key in self.meta if _is_vendor_date_key(key))
        yield from self.marked_dates(title, heading=heading, day_first=day_first)

    def marked_dates(
        self,
        title: str | None,
        *,
        heading: HtmlElement | None = None,
        day_first: bool | None = None,
    ) -> Iterator[str]:
        """The dates of the elements marked ``datePublished``, the ``<time>`` elements (those marked
        as the publication's first, unless they are of several days) and the elements named for a
        date, of those in the story of the headline showing ``title`` (:meth:`in_story`)."""
        among = self.in_story(title)
        _, dated = self.marked(title)
        for el in dated:
            yield el.get("content") or el.get("datetime") or _short_text(el, 100) or ""
        times = [t for t in self.times if not _in_comment(t) and not _is_modification(t) and among(t)]
        pubdate = [
            t for t in times if t.get("pubdate") is not None or _itemprop(t) == "datepublished" or _stamp(t)
        ]
        marked = [_time_of(t) for t in pubdate]
        if len({stated[:10] for stated in marked}) > 1:
            marked = []  # marked dates of several days are a list's (other posts'), not the page's
        yield from marked
        for el in times:
            # (one marked as the publication's is the page's, wherever it sits)
            if not _in_sidebar(el) and not _is_clock_above(el, heading):
                yield _time_of(el)
        for el in islice(self.found_below(_DATED, self.tree), _MAX_DATED):
            if (
                _DATE_CLASS.search(" ".join(el.get(name) or "" for name in (*_DATE_NAMES, "id")))
                and not _in_comment(el)
                and not _in_sidebar(el)
                and not _in_site_header(el)
                and among(el)
            ):
                raw = el.get("title") or el.get("content") or el.get("datetime") or ""
                found = normalise_date(raw) or find_date(_short_text(el, 150), day_first=day_first)
                if found:
                    yield found

    def relative_times(self, among: Callable[[HtmlElement], bool]) -> Iterator[str]:
        """The dates of the times the story shows as relative ("8 months ago", "vor 3 Stunden")
        with the date in the element's ``title`` (a link board's submission, a forum's post): the
        date a reader sees on hovering, as exact as a ``<time>``'s."""
        for el in islice(self.tree.iterfind(".//*[@title]"), _MAX_TITLED):
            shown = _short_text(el, _MAX_RELATIVE_TIME)
            if (
                shown
                and _RELATIVE_TIME.fullmatch(shown)
                and (found := _title_date(el.get("title") or ""))
                and not _in_comment(el)
                and not _in_sidebar(el)
                and among(el)
            ):
                yield found

    def canonical_url(self) -> str | None:
        declared = [
            *self.canonical_links,
            *self.values(_OG_URL),
            self.jsonld.url or "",
            *self.values(_META_URL),
        ]
        found = [u for raw in declared if (u := absolute_url(raw, self.url))]
        page_has_path = any(not is_root_url(u) for u in [self.url or "", *found] if u)
        for candidate in found:
            if not (page_has_path and is_root_url(candidate)):
                return strip_fragment(candidate)
        return None

    def language(self) -> str | None:
        candidates = [self.lang or "", *self.values(_OG_LOCALE), self.jsonld.language or ""]
        candidates += list(self.values(_META_LANGUAGE))
        for raw in candidates:
            found = normalise_language(raw)
            if found:
                return found
        return None

    def image(self) -> str | None:
        candidates = [*self.values(_OG_IMAGE), self.jsonld.image or "", *self.values(_META_IMAGE)]
        for raw in [*candidates, *self.image_links]:
            found = absolute_url(raw, self.url)
            if found:
                return found
        return None


def _line_before(texts: Sequence[Any], at: int) -> Any:
    """The line before ``texts[at]`` (the page's body's texts, in document order): the nearest text
    before it holding more than white space, not a script's, a style's or a noscript's; inside its
    element when it is a tail, else before the element; None when there is none. Read back along
    ``texts`` when that text stands in the same ``<body>`` (all between is in it, so in ``texts``),
    by XPath's search of every text before the element else (0.07 ms a call on ScrapingHub)."""
    text = texts[at]
    for k in range(at - 1, -1, -1):  # back from the text, without a copy of the list before it
        earlier = texts[k]
        if earlier.strip(_XML_SPACE) and _is_read(earlier):
            if _body_of(earlier) is _body_of(text):
                return earlier
            break
    el = text.getparent()
    before = (_LAST_TEXT_IN(el) if text.is_tail else []) or _TEXT_BEFORE(el)
    return before[0] if before else None


def _position(texts: list[Any], text: Any) -> int:
    """Where ``text`` itself stands in ``texts`` (an equal text may stand before it)."""
    at = texts.index(text)  # in C, where an enumeration of every text cost more than it saved
    while texts[at] is not text:
        at = texts.index(text, at + 1)
    return at


def _text_parent(text: Any) -> HtmlElement | None:
    """The parent of a text node (a smart string of lxml's XPath): its element's parent for a tail."""
    holder: HtmlElement | None = text.getparent()
    return holder.getparent() if holder is not None and text.is_tail else holder


def _body_of(text: Any) -> HtmlElement | None:
    """The innermost ``<body>`` a text node stands in."""
    parent = _text_parent(text)
    if parent is None:
        return None
    return parent if parent.tag == "body" else next(parent.iterancestors("body"), None)


def _is_vendor_date_key(key: str) -> bool:
    """Whether a meta ``key`` is a vendor's own name for the publication date: a prefix, then
    one of :data:`_VENDOR_DATE_WORDS` (the standard names are read before, by name)."""
    prefix, _, last = key.replace(".", ":").rpartition(":")
    return bool(prefix) and last.replace("-", "").replace("_", "") in _VENDOR_DATE_WORDS


def _is_read(text: Any) -> bool:
    """A text of the tree (an XPath's result) that is not in a script, a style or a noscript: its
    parent is none of them (the parent of a tail is its element's parent)."""
    parent = _text_parent(text)
    return parent is None or parent.tag not in _NOT_TEXT_TAGS


def _time_of(el: HtmlElement) -> str:
    """What a ``<time>`` states: its ``datetime``, unless the text it shows is a date of another
    day ("Publié le 29 juin 2019" over a datetime of 3 July: the reader sees the text)."""
    shown = _short_text(el, _MAX_DATE_TEXT) or ""
    stated = str(el.get("datetime") or "")
    if not stated:
        return shown
    shown_date = find_date(shown) if _YEAR.search(shown) else None
    if shown_date is not None and (normalise_date(stated) or "")[:10] != shown_date[:10]:
        return shown_date
    return stated


def _read_date(raw: str, *, day_first: bool | None = None) -> str | None:
    found = normalise_date(raw, day_first=day_first)
    return found or (find_date(raw, day_first=day_first) if len(raw) <= _MAX_DATE_TEXT else None)


def _add_meta(meta: dict[str, list[str]], el: HtmlElement) -> None:
    content = el.get("content")
    if content is None:
        content = el.get("value")
    if content is None or not content.strip():
        return
    for attribute in ("property", "name", "itemprop", "http-equiv"):
        for raw_key in (el.get(attribute) or "").lower().split():
            key = raw_key.replace("dcterms.", "dc.").replace("dc:", "dc.")
            if key == "parsely-page":
                _add_parsely(meta, content)
            else:
                meta.setdefault(key, []).append(content)


def _add_parsely(meta: dict[str, list[str]], content: str) -> None:
    try:
        data = json.loads(content)
    except (ValueError, RecursionError):
        return
    if not isinstance(data, dict):
        return
    for name, key in _PARSELY_FIELDS.items():
        value = data.get(name)
        values = value if isinstance(value, list) else [value]
        meta.setdefault(key, []).extend(v for v in values if isinstance(v, str))


# ---------------------------------------------------------------- element helpers


def _parent_tag(el: HtmlElement) -> str | None:
    parent = el.getparent()
    return parent.tag if parent is not None else None


def _inside(el: HtmlElement, tags: tuple[str, ...]) -> bool:
    return any(ancestor.tag in tags for ancestor in el.iterancestors())


def _author_box_after(story: HtmlElement) -> HtmlElement | None:
    """The element right after the ``<article>`` ``story`` when its class names a box about the
    writer (``author-box``, ``about-author``, ``author-bio``): a theme sets it after the story, as
    its own ("À propos de l'auteur"); a related story's card is named otherwise."""
    after = story.getnext()
    while after is not None and not isinstance(after.tag, str):
        after = after.getnext()
    if after is None or _AUTHOR_BOX.search(after.get("class") or "") is None:
        return None
    return after


_AUTHOR_BOX = re.compile(r"author[-_]?(?:box|bio|info|card|details)|about[-_]?(?:the[-_]?)?author", re.I)


def _is_clock_above(el: HtmlElement, heading: HtmlElement | None) -> bool:
    """``el`` stands above the page's headline, outside the box that holds the headline with its
    lines (its grandparent): a clock of the page's header, showing when it was served (a forum's
    "22 juni 2024, 11:31:08" beside the visitor's name), not when the story was written."""
    if heading is None:
        return False
    parent = heading.getparent()
    box = parent.getparent() if parent is not None else None
    return box is not None and not is_below(el, box) and _precedes(el, heading)


def _precedes(el: HtmlElement, other: HtmlElement) -> bool:
    """``el`` starts before ``other`` in document order and does not hold it."""
    chain = [el, *el.iterancestors()]
    depth = {id(up): index for index, up in enumerate(chain)}
    child = other
    for up in other.iterancestors():
        index = depth.get(id(up))
        if index is not None:
            return index > 0 and up.index(chain[index - 1]) < up.index(child)
        child = up
    return False


def _in_site_header(el: HtmlElement) -> bool:
    """Inside the site's header: a ``<header>`` or a banner (``role="banner"``) that holds no
    ``<h1>``. A date there is today's, shown beside the logo ("Jumat, 18 Oktober 2024"); an
    article's own header holds its headline."""
    return any(
        (up.tag == "header" or up.get("role") == "banner") and next(up.iter("h1"), None) is None
        for up in el.iterancestors()
    )


def _is_no_mark(el: HtmlElement) -> bool:
    """An element whose marks (``itemprop``, a byline class…) say nothing of the page: a meta tag,
    a script or style, a reader's comment, or a control (``<button class="followAuthorBtn">Folgen
    </button>``, a link so named: their text is what they do); nor does a byline's label
    (``<dt class="byline-label">Auteur</dt>``), the credit of a picture (``photo__author``) or the
    notes beside a writer's name (LaTeXML's ``ltx_author_notes``: an affiliation, an address)."""
    names = (el.get("class") or "").lower()
    return (
        el.tag in _NO_MARK_TAGS
        or "comment" in names
        or comment_named(names)  # in other languages: "autor-comentario"
        or "btn" in names
        or "button" in names
        or _LABEL_OR_PICTURE.search(names) is not None
        or _AUTHOR_NOTES.search(names) is not None
    )


# a box of what a paper says about its writers beside their names: notes, affiliations
_AUTHOR_NOTES = re.compile(r"author[-_]?(?:notes?|affiliations?)(?![a-z])|(?<![a-z])affiliations?(?![a-z])")


# a label's class, not a field's that says where its label is (Drupal: "field--label-hidden", "-inline")
_LABEL_OR_PICTURE = re.compile(
    r"(?<![a-z])(?:label(?![-_]*(?:hidden|inline|above|visually))|photo|foto|image|img|picture|caption)(?![a-z])"
)


def _itemprop(el: HtmlElement) -> str:
    return (el.get("itemprop") or "").strip().lower()


_NO_MARK_TAGS = frozenset(("meta", "link", "script", "style", "button", "input", "select", "option", "label"))
_TITLE_WORD = re.compile(r"\w+")
_TITLE_STOPWORDS = frozenset(
    ("a", "an", "and", "at", "by", "for", "from", "in", "into", "is", "of", "on", "or", "the", "to", "with")
)


# "by" and a name of at most five words after a title ("… by Delia Marchetti"), in the languages
# whose bylines are read
_ATTRIBUTION = re.compile(r"\s+(?:by|von|par|por|di|door|av|af)\s+\S+(?:\s+\S+){0,4}", re.I)


def _is_attributed(declared: str, headline: str) -> bool:
    """``declared`` is ``headline`` and "by" a writer's name after it."""
    if len(declared) <= len(headline) or not declared.casefold().startswith(headline.casefold()):
        return False
    return _ATTRIBUTION.fullmatch(declared[len(headline) :]) is not None


def _without_label(text: str, declared: list[str], heading: HtmlElement) -> str:
    """A headline without the label it opens with when the rest is a declared title: an archive's
    descriptor ("Title: Tide clocks"), or a kicker set in an element of its own at the head of the
    ``heading`` (``<h1><span>Premier League</span><span>Liverpool lose at Everton</span></h1>``,
    a topic line news pages put over their headlines, a thread's state: "Résolu"), or the tag
    it ends with, in an element of its own (an issue's number: "Cache per process #412")."""
    folded = text.casefold()
    for title in declared:
        if len(title) < len(text) and folded.endswith(title.casefold()):
            label = text[: len(text) - len(title)].strip()
            if (label.endswith(":") and len(label.split()) <= _LABEL_WORDS) or _is_kicker(heading, label):
                return text[len(text) - len(title) :]
        is_start = len(title) < len(text) and folded.startswith(title.casefold())
        if is_start and _is_trailer(heading, text[len(title) :].strip()):
            return text[: len(title)]
    return text


def _without_affix(declared: list[str]) -> str:
    """The first declared title, or another declared title it merely extends by an affix: the
    JSON-LD headline "Title" beside an ``og:title`` "Title-Section | Site" whose separators the
    affix rules do not know."""
    first = declared[0]
    for other in declared[1:]:
        is_prefix = len(other) < len(first) and first.startswith(other)
        if is_prefix and first[len(other) :].lstrip()[:1] in _AFFIX_OPENERS:
            return other
    return first


_AFFIX_OPENERS = frozenset("-–—|·•»/_ㅣ｜")  # not ":", which opens a title's subtitle


def _is_kicker(heading: HtmlElement, label: str) -> bool:
    """``label`` is the text of the first element inside ``heading``, with no text before it."""
    first = next(iter(heading), None)
    if first is None or (heading.text or "").strip() or not label:
        return False
    own = " ".join((_short_text(first, _MAX_TITLE) or "").split()).rstrip(":")
    return bool(own) and own.casefold() == label.rstrip(":").strip().casefold()


def _is_trailer(heading: HtmlElement, label: str) -> bool:
    """``label`` is the text of the last element inside ``heading``, with no text after it."""
    last = heading[-1] if len(heading) else None
    if last is None or (last.tail or "").strip() or not label:
        return False
    own = " ".join((_short_text(last, _MAX_TITLE) or "").split())
    return bool(own) and own.casefold() == label.casefold()


def _links_of_cells_before(heading: HtmlElement) -> Iterator[HtmlElement]:
    """The links of the cells before the one ``heading`` stands in, in its row: a board laid out in
    tables (phpwind, vBulletin 3, phpBB's subSilver) sets a post as a row of the poster's cell, then
    the text's, whose first line is the thread's title over the opening post."""
    cell = next((el for el in heading.iterancestors() if el.tag in ("td", "th")), None)
    if cell is None:
        return
    for before in cell.itersiblings(preceding=True):
        if before.tag in ("td", "th"):
            yield from before.iter("a")


def _title_words(title: str) -> frozenset[str]:
    return frozenset(w for w in _TITLE_WORD.findall(title.casefold()) if w not in _TITLE_STOPWORDS)


_WORD_SPLIT = re.compile(r"[^a-z0-9]+")
_LABEL_WORDS = 2  # words of a label before a headline ("Title:")
_HOME_LINKS = 3  # links to the home page read for the site's name
_HOME_LINKS_READ = 30  # among the page's first links
_HOME_SLASHES = 3  # "https://host/"
_HOME_LINK_WORDS = 4
_INDEX_FILE = re.compile(r"/(?:index|default)\.(?:html?|php|aspx?)$", re.I)
_BANNER_WORDS = frozenset(
    (
        "masthead",
        "banner",
        "branding",
        "logo",
        "headerbar",
        "sitename",
        "blogtitle",
        "navbar",
        "menubar",
        "topbar",
    )
)
_BARS = frozenset(("nav", "menu", "top"))  # "menu-bar", "nav-bar": a bar of the site's, as "navbar" is
_CONTENT_WORDS = frozenset(("article", "content", "post", "entry", "story", "main", "body", "page"))


def _without_permalinks(heading: HtmlElement) -> HtmlElement:
    """``heading`` without its permalink (``<a href="#top">¶</a>``) or its edit control (``<a
    href="…/+edit">Edit</a>`` beside an editable title): a copy when it has one."""
    if not any(_is_heading_control(link) for link in heading.iter("a")):
        return heading
    bare = copy.deepcopy(heading)
    for link in [link for link in bare.iter("a") if _is_heading_control(link)]:
        drop(link)
    return bare


# a link to edit what it stands beside: "…/+edit", "/edit", "?action=edit"
_EDIT_LINK = re.compile(r"(?:/\+?edit/?|[?&]action=edit)(?:$|[?#&])", re.I)
_CONTROL_WORDS = 2  # words of an edit control's text, at most ("Edit", "Edit title")


def _is_heading_control(link: HtmlElement) -> bool:
    """A permalink, or a link to edit the heading whose text is a word or two."""
    if is_permalink(link):
        return True
    is_edit = _EDIT_LINK.search(link.get("href") or "") is not None
    return is_edit and len(link.text_content().split()) <= _CONTROL_WORDS


# boxes up from each of two marks, at most, to the box holding both: Docusaurus's author cards meet
# 3 boxes up (avatar, column, row); a byline and a bio at the story's foot meet further up
_SIDE_BY_SIDE_LEVELS = 4
# characters that box may say besides the two marks: a separator (", ", " and ", " & "); Docusaurus's
# row says nothing else (0)
_SIDE_BY_SIDE_EXTRA = 12


def _side_by_side(first: HtmlElement, other: HtmlElement) -> bool:
    """Two marks of one kind set each in a box of its own, the boxes alike (Docusaurus's author
    columns, each an ``itemprop="author"`` card), whose nearest common box says nothing else but a
    few characters: co-authors side by side, not a byline and a bio at the story's foot."""
    ups = list(islice(first.iterancestors(), _SIDE_BY_SIDE_LEVELS))
    others = list(islice(other.iterancestors(), _SIDE_BY_SIDE_LEVELS))
    common = next((up for up in others if any(up is mine for mine in ups)), None)
    if common is None:
        return False
    # the boxes down from the common one to each mark are alike, card for card
    path = [(up.tag, up.get("class")) for up in takewhile(lambda up: up is not common, ups)]
    if path != [(up.tag, up.get("class")) for up in takewhile(lambda up: up is not common, others)]:
        return False
    said = sum(len(" ".join(el.text_content().split())) for el in (first, other))
    return len(" ".join(common.text_content().split())) <= said + _SIDE_BY_SIDE_EXTRA


def _title_date(title: str) -> str | None:
    """The date a ``title`` attribute states, alone or first ("2024-01-18T15:03:11 1705590191": a
    Unix time after it)."""
    return normalise_date(title) or normalise_date(next(iter(title.split()), ""))


def _short_text(el: HtmlElement | None, limit: int) -> str | None:
    """The text of ``el`` when it is at most ``limit`` characters (whitespace collapsed), else None."""
    if el is None:
        return None
    if el.find(".//br") is not None:  # a line break parts words ("Uses of Class<br>org.example.Item")
        if _holds_more_letters(el, limit):
            return None  # (a whole story's body was rendered to learn this: 1 to 4 ms on such a box)
        spaced = line_text(el)
        return spaced if spaced and len(spaced) <= limit else None
    pieces: list[str] = []
    size = 0
    for piece in _texts_as_read(el):
        size += len(piece)
        if size > limit * 4:
            return None
        pieces.append(piece)
    text = " ".join("".join(pieces).split())
    return text if text and len(text) <= limit else None


_FOLLOWING_LINKS = lxml.etree.XPath("following::a")  # the links after an element, in document order
_FOLLOWING = lxml.etree.XPath("following::*")
_SOFTWARE_NAME = re.compile(r"[^\W\d_]{3,}")  # the first word of a generator's name
_MAKERS = re.compile(r"\W*(?:\s+\w+)?\s+(?:team|developers|development|group|project|contributors)\b", re.I)


def _names_the_makers(value: str, software: str | None) -> bool:
    """A meta author naming the makers of the software that made the page ("Discuz! Team and
    Comsenz UI Team" on a page "Discuz! X3.4" made): the same on every page it makes, no writer of
    this one. The software's name alone is no sign ("Hugo Martinez" on a page Hugo made)."""
    if not software:
        return False
    found = re.search(rf"\b{re.escape(software)}", value, re.I)
    return found is not None and _MAKERS.match(value, found.end()) is not None


# a member link that is an account's action or a search of a member's posts, not the member's profile
# ("member.php?action=login", "search.php?action=finduser&uid=3")
_ACCOUNT_ACTION = re.compile(
    r"(?:\b|_)(?:log_?in|log_?out|register|sign_?up|sign_?in|lostpw|activate|search|finduser)\b", re.I
)


def _in_quote(el: HtmlElement) -> bool:
    """``el`` is in a quotation (``<blockquote>``, ``<q>``): a post quoting another names its poster."""
    return any(up.tag in ("blockquote", "q") for up in el.iterancestors())


def _ends_a_sentence(text: str) -> bool:
    """``text`` ends as a sentence does, not as a name with an initial or "Jr." at its end."""
    return text.endswith(_SENTENCE_ENDS) or (text.endswith(".") and len(text.split()[-1]) > _ABBREVIATION)


_AVATAR_LETTERS = 2  # letters an avatar shows in place of a picture ("K", "KD"), at most


def _without_avatar_letter(name: str, href: str) -> str:
    """``name`` without the initial an avatar shows before it inside the same link to the member's
    profile (Flarum's ``<a href="/u/kaycee_dev"><span class="Avatar">K</span>kaycee_dev</a>`` reads
    "Kkaycee_dev"): the handle the address names, as the link spells it."""
    handle = profile_handle(href)
    if handle and len(name) > len(handle) and name.casefold().endswith(handle):
        letters = name[: len(name) - len(handle)].strip()
        if len(letters) <= _AVATAR_LETTERS and letters.isalpha():  # an "@" before a mention stays
            return name[len(name) - len(handle) :]
    return name


def _is_profile_link(link: HtmlElement, href: str) -> bool:
    """``link`` leads to a member's profile: a forum engine's (:func:`is_member_link`) or one at
    the site's root named as the link reads (:func:`profile_handle`: ``<a href="/kai">kai</a>``)."""
    return is_member_link(href) or profile_handle(href, link.text or "") is not None


def _in_banner(el: HtmlElement, url: str | None = None) -> bool:
    """In the page's banner (``role="banner"``, a box named masthead, branding, logo, a menu or
    navigation bar…, or a
    ``<header>`` or box named header when the heading links to the home page; outside any
    ``<article>`` or ``<main>``): an
    ``<h1>`` there is the site's name, as old blogs and forums set it, with the page's own title in
    a lower heading."""
    chain = [el, *el.iterancestors()]
    if any(node.tag in ("article", "main") for node in chain):
        return False
    if _links_up(el, url):
        return True
    for node in chain:
        if node.get("role") == "banner":
            return True
        words = set(_WORD_SPLIT.split(f"{node.get('class') or ''} {node.get('id') or ''}".lower()))
        if words & _CONTENT_WORDS:
            return False
        if (
            words & _BANNER_WORDS
            or ("bar" in words and words & _BARS)
            or (("header" in words or node.tag == "header") and _links_home(el))
        ):
            return True
    return False


def _in_navigation(el: HtmlElement) -> bool:
    """``el`` is in a block of the site's links (``<nav>``, ARIA's ``role="navigation"``): a menu's
    item named ``title`` (a docs host's "Rust" menu) shows no page's title."""
    return any(node.tag == "nav" or node.get("role") == "navigation" for node in el.iterancestors())


def _links_up(el: HtmlElement, url: str | None) -> bool:
    """``el`` is one link to a section above the page (``<h1><a href="/r/sailing">sailing</a></h1>``
    on ``/r/sailing/comments/…``): it names the community or the section, not the page."""
    links = list(el.iter("a"))
    if (
        not url
        or len(links) != 1
        or " ".join(links[0].text_content().split()) != " ".join(el.text_content().split())
    ):
        return False
    split = _page_and_target(links[0], url)
    if split is None:
        return False
    page, linked = split
    # "../index.html" is the directory above; a link to the page itself ("slug/" on "slug/") is none
    section, here = (_INDEX_FILE.sub("", path).rstrip("/") for path in (linked.path, page.path))
    return bool(section) and linked.hostname == page.hostname and here.startswith(section + "/")


_CARD_LEVELS = 3  # boxes above a marked byline looked at for the teaser card it may stand in
_CARD_CHARS = 400  # characters of a teaser card at most (a headline, a summary, a byline): more is a story
_CARD_HEADINGS = ("h2", "h3", "h4", "h5", "h6")


def _in_another_storys_card(el: HtmlElement, url: str | None) -> bool:
    """``el`` stands in a teaser card of another story: a small box (:data:`_CARD_CHARS`) at most
    :data:`_CARD_LEVELS` above it whose heading links to another page ("<h3><a href=/reps-summon…>
    Reps summon…</a></h3><span class="td-author-name">By Aisha Bello</span>", a related story's
    writer marked as the page's is)."""
    if not url:
        return False
    node = el
    for _ in range(_CARD_LEVELS):
        node = node.getparent()
        if node is None or node.tag in ("body", "html", "main") or len(node.text_content()) > _CARD_CHARS:
            return False
        for heading in node.iter(*_CARD_HEADINGS):
            if is_below(el, heading) or is_below(heading, el):
                continue  # the byline set as a heading ("<h4>Par <a>…</a> et <a>…</a></h4>")
            link = next(heading.iter("a"), None)
            if link is not None and not _is_author_page_link(link) and _links_elsewhere(link, url):
                return True  # (a writer's name heading an author box links to the writer's page)
    return False


def _links_elsewhere(link: HtmlElement, url: str) -> bool:
    """``link`` leads to another page than ``url`` (not to an anchor of the page or to itself)."""
    split = _page_and_target(link, url)
    if split is None:
        return False
    page, linked = split
    return (linked.hostname, linked.path.rstrip("/")) != (page.hostname, page.path.rstrip("/"))


def _page_and_target(link: HtmlElement, url: str) -> tuple[SplitResult, SplitResult] | None:
    """The page's address and the one ``link`` leads to, split; None when the link leads nowhere
    or either will not split."""
    target = absolute_url(link.get("href"), url)
    if not target:
        return None
    try:
        return urlsplit(url), urlsplit(target)
    except ValueError:
        return None


def _links_home(el: HtmlElement) -> bool:
    """``el`` holds a link to its site's home page (``/``, or a host with no path)."""
    return any(_home_href(link.get("href"), None) for link in el.iter("a"))


def _home_href(href: str | None, url: str | None) -> bool:
    """``href`` is the address of a home page: ``/``, or an http(s) host with no path or query (the
    page's own host when its address is known); not ``#`` or a script."""
    if not href:
        return False
    href = href.strip()
    if href == "/":
        return True
    if href.count("/") > _HOME_SLASHES or not href.startswith(("http://", "https://")):
        return False  # cheap first: most links are relative, or have a path
    try:
        parts = urlsplit(href)
        linked = parts.hostname or ""
    except ValueError:
        return False
    if parts.scheme not in ("http", "https") or parts.path not in ("", "/") or parts.query:
        return False
    host = host_of(url)
    return host is None or linked.removeprefix("www.") == host.removeprefix("www.")


def _in_user_reviews(el: HtmlElement) -> bool:
    """Inside one of several reviews side by side or an item of a list of them (a shop's customer
    reviews, by their names, "review" or its short "rev" as judge.me writes it), or a review of the
    thing a page is about (``itemprop="review"``: a product's): its names and dates are the
    reviewers', not the page's. A single review box is a critic's article."""
    for node in el.iterancestors():
        if node.tag in ("body", "html"):
            return False
        if "review" in (node.get("itemprop") or "").lower():
            return True
        names = f"{node.get('class') or ''} {node.get('id') or ''}".lower()
        if "review" in names or _REVIEW_SHORT.search(names):
            siblings = (node.getprevious(), node.getnext())
            if node.tag == "li" or any(
                other is not None and other.tag == node.tag and other.get("class") == node.get("class")
                for other in siblings
            ):
                return True  # an item of a list of reviews, the one review of a shop's list too
    return False


_REVIEW_SHORT = re.compile(r"(?<![a-z])rev(?![a-z])")  # judge.me's "jdgm-rev", a review's box


def _in_comment(el: HtmlElement) -> bool:
    """Inside a reader comment: its dates and names are the commenter's, not the article's."""
    return any(
        comment_named(f"{node.get('class') or ''} {node.get('id') or ''}")
        for node in (el, *el.iterancestors())
        if node.tag not in ("body", "html")
    )


def _stamp(el: HtmlElement) -> str | None:
    """``"published"`` or ``"updated"`` when the words just before a ``<time>`` say which it is."""
    before = ""
    previous = el.getprevious()
    if previous is not None:
        before = previous.tail or ""
    else:
        parent = el.getparent()
        before = (parent.text or "") if parent is not None else ""
    found = _STAMP_WORDS.search(before[-40:])
    if found is None:
        return None
    return (
        "updated"
        if found.group(1).lower().startswith(("updat", "modif", "edit", "last", "revis"))
        else "published"
    )


# ---------------------------------------------------------------- bylines


# a poster's name and handle as a social post's title gives them: "Ann Lee (@ann@social.example)",
# "三浦ひかり (@hikari.bsky.social)"
_NAME_AND_HANDLE = re.compile(r"([^()@]{2,60}?)\s*\(@[\w.-]+(?:@[\w.-]+)?\)")
_SENTENCE_ENDS = ("!", "?", "…")
_ABBREVIATION = 4  # characters of a last word with its full stop, at most, that shortens a name ("Jr.")
_CLASS_MARK = 2  # the kinds of marks (see _marker_kind): a byline or author class
# "author" in a class name in other languages, as a word of it ("firma__autores", "autore", "c-auteur";
# not "autoresize"): German, Spanish, Portuguese, Polish, Czech, Italian, French, Danish and
# Norwegian, Turkish, Indonesian; and "writer" ("ar_writer", a blog host's "writer" under the title)
# and the nickname a blog host shows for its blogger ("follow-nickName", "nick")
_OTHER_AUTHOR_CLASS = re.compile(
    r"(?:^|[^a-z])(?:writer|nick(?:name)?|autor(?:e|es|i|a|en|as|zy)?|auteurs?|forfatter|yazar|penulis)(?:$|[^a-z])"
)
_DATE_MARK = 3
_AUTHOR_CLASS = re.compile(r"author(?!i[stz])")  # not "authorization-link", "authority"


def _in_sidebar(el: HtmlElement) -> bool:
    """``el`` is in an ``<aside>`` that holds no ``<h1>``: a sidebar of other stories ("Most read",
    each with its date), not the story's own box of facts under its headline."""
    aside = next(el.iterancestors("aside"), None)
    return aside is not None and aside.find(".//h1") is None


def _marker_kind(el: HtmlElement) -> int | None:
    """0 itemprop=author, 1 rel=author, 2 a byline/author class or byline id, 3 itemprop=datePublished."""
    itemprops = _itemprop(el).split()
    if "author" in itemprops:
        return 0
    if "datepublished" in itemprops:
        return _DATE_MARK
    if "author" in (el.get("rel") or "").lower().split():
        return 1
    names = (el.get("class") or "").lower()
    if _AUTHOR_CLASS.search(names) or "byline" in f"{names} {(el.get('id') or '').lower()}":
        return 2
    if _OTHER_AUTHOR_CLASS.search(names):
        return 2
    return None


def _byline_text(el: HtmlElement) -> str | None:
    if " author " in f" {_itemprop(el)} ":
        content: str | None = el.get("content")
        if content:
            return content
        name = el.find('.//*[@itemprop="name"]')
        if name is not None:
            named: str | None = name.get("content")
            return named or _short_text(name, _MAX_BYLINE)
    return _without_job_title(el, _spaced_text(el, _MAX_BYLINE))


# a box in a byline named for the writer's job ("Entry_role__p0Oq2", "author-position", "job-title")
# or for a badge beside the name ("head_vip_2lPMa", "verified-badge")
_JOB_CLASS = re.compile(r"(?:^|[^a-z])(?:role|job|position|designation|vip|badge|verified)(?:$|[^a-z])", re.I)


def _without_job_title(el: HtmlElement, text: str | None) -> str | None:
    """A byline's ``text`` without the writer's job title or badge at its end, set in a box of its
    own named for it ("Priya Ramaswell" + ``<span class="Entry_role">Product</span>``, a verified
    account's "V"): a name's last word otherwise."""
    if not text:
        return text
    parts = [part for part in el.iterdescendants() if isinstance(part.tag, str) and part.get("class")]
    for part in reversed(parts):  # from the end: an address after an affiliation, each in its box
        if _JOB_CLASS.search(part.get("class") or ""):
            job = " ".join(part.text_content().split())
            if job and len(job) < len(text) and text.endswith(job):
                text = text[: -len(job)].rstrip(" ,·|-–—")
    return text


class _CreditLevel(enum.IntEnum):
    """Whom a page's credit may name, from the strictest: people; then also organisations other
    than the site; then also the site itself. A login handle never, unless the page links to the
    profile of that handle."""

    PEOPLE = 0
    ORGANISATIONS = 1
    SITE = 2


@dataclass(frozen=True)
class _Credit:
    """The names a page's credit may give at one :class:`_CreditLevel`."""

    site_keys: frozenset[str]
    profiles: Callable[[], frozenset[str]]  # the handles of the profiles the page links to, asked lazily
    level: _CreditLevel

    def names_in(self, raw: str, *, one_person: bool = False) -> list[str]:
        """The names an author value gives (:func:`split_authors`): people's, or above ``PEOPLE``
        organisations' too; or the value whole when it is a handle whose profile the page links to
        (``crumbshot_92`` beside ``<a href="/user/crumbshot_92/">``: a community names its members
        so, digits and all; a number alone is an account's id, no name)."""
        found = split_authors(raw, one_person=one_person, organisations=self.level > _CreditLevel.PEOPLE)
        handle = raw.strip()
        if not found and is_handle(handle) and _has_letters(handle) and handle_key(handle) in self.profiles():
            return [handle]
        return found

    def of(self, names: Iterable[str]) -> tuple[str, ...]:
        """``names`` (deduplicated) that this credit allows; with people, the wire services credited
        beside them ("Felix Schröder und Jörg Soldwisch, dpa")."""
        unique = dedupe_names(names)
        kept = [name for name in unique if self.allows(name)]
        if not kept or self.level > _CreditLevel.PEOPLE:
            return tuple(kept)
        return tuple(name for name in unique if name in kept or is_wire(name))

    def allows(self, name: str) -> bool:
        if is_placeholder(name):
            return False
        if names_the_site(name, self.site_keys):  # "mbl.is" on mbl.is: the site's name, not a handle
            return self.level >= _CreditLevel.SITE
        organisation = is_organisation(name)  # "dpa" has a login handle's shape
        if is_handle(name) and not organisation and handle_key(name) not in self.profiles():
            return False
        return self.level >= _CreditLevel.ORGANISATIONS or not organisation


def _has_letters(text: str) -> bool:
    return any(ch.isalpha() for ch in text)


# the people a line of the content names, on no site and with no profiles known (content_byline)
_PEOPLE_ANYWHERE = _Credit(frozenset(), frozenset, _CreditLevel.PEOPLE)


def _names_after_a_date(el: HtmlElement) -> list[str]:
    """The people a dated line names after its date ("Posted on July 4, 2021 by Jens Petersen",
    "Geschrieben am 4. Juli 2021 von Jens Petersen", "Publié le 4 juillet 2021 par Jean Dupont"):
    full names only, after the date the words before "by" hold."""
    line = _short_text(el, _MAX_BYLINE)
    found = _BY_AFTER_DATE.search(line) if line else None
    if line is None or found is None or find_date(line[: found.start()]) is None:
        return []
    return [name for name in split_authors(line[found.end() :]) if _full_name(name)]


def _name_before_address(link: HtmlElement) -> str | None:
    """The full name set just before a link to its e-mail address, as a mail archive heads each
    message under its subject ("<b>Ingrid de Wit</b> <a href=mailto:…>ingrid at dewit.example</a>")."""
    if not (link.get("href") or "").lower().startswith("mailto:"):
        return None
    before = link.getprevious()
    if before is None or (before.tail or "").strip():
        return None
    name = " ".join(before.text_content().split())
    return name if _full_name(name) and is_name(name) else None


def _name_credited_for_words(link: HtmlElement) -> str | None:
    """The name a link shows after the label of a writer's credit: "Words <a>Margaret Idle</a>",
    "Text: <a>…</a>" (a credit for the photographs or the drawings names no writer)."""
    before, parent = link.getprevious(), link.getparent()
    if before is not None:
        label = before.text_content() + (before.tail or "")
    elif (
        parent is not None
        and parent.tag in ("dd", "td")
        and len(parent) == 1
        and not (parent.text or "").strip()
    ):
        # a list's or a table's credits: "<dt>文</dt><dd><a>佐藤健太</a></dd>"
        term = parent.getprevious()
        label = term.text_content() if term is not None else ""
    else:
        label = (parent.text if parent is not None else None) or ""
    if " ".join(label.split()).strip(":：").strip().casefold() not in _WRITING_CREDITS:
        return None
    name = " ".join(link.text_content().split())
    return name if _looks_like_a_name(name) else None


def _is_one_of(name: str, names: Collection[str]) -> bool:
    """``name`` is one of ``names`` (case and white space aside), and there are two or more."""
    key = " ".join(name.casefold().split())
    return len(names) > 1 and any(" ".join(other.casefold().split()) == key for other in names)


def _names_of_author_pages(link: HtmlElement) -> list[str]:
    """The names ``link`` and the links beside it (in the same box) show, when each links to a
    writer's page on the site (:data:`_AUTHOR_PAGE`): a byline without a "By" ("<a
    href=/author/ann-lee>Ann Lee</a>, <a href=/author/bo-chen>Bo Chen</a> · 14 May"). Empty when
    ``link`` is no such link."""
    if not _is_author_page_link(link):
        return []
    parent = link.getparent()
    beside = (
        [other for other in parent.iter("a") if _is_author_page_link(other)] if parent is not None else [link]
    )
    return [" ".join(other.text_content().split()) for other in beside]


def _is_author_page_link(link: HtmlElement) -> bool:
    """A link to a writer's page that shows a name (not a job title: "Online News Editor")."""
    if not _AUTHOR_PAGE.search(link.get("href") or ""):
        return False
    name = " ".join(link.text_content().split())
    return _looks_like_a_name(name) and is_name(name)


def _looks_like_a_name(name: str) -> bool:
    """One to :data:`_BYLINE_NAME_WORDS` words, each with a capital (or a particle), no digit."""
    words = name.split()
    return (
        1 <= len(words) <= _BYLINE_NAME_WORDS
        and all(is_capitalised(word) or word in NAME_PARTICLES for word in words)
        and not any(char.isdigit() for char in name)
    )


def _name_dated_after(link: HtmlElement) -> str | None:
    """The name a link shows when the words right after it date it: a byline without a "By"
    ("<a href=/team/licat><img alt=Licat>Licat</a> <span>on January 23, 2025</span>"). The name is
    one to four words, each with a capital; the words after it open with "on" or a separator and
    hold a date."""
    name = " ".join(link.text_content().split())
    if not _looks_like_a_name(name):
        return None
    after = " ".join((link.tail or "").split())
    following = link.getnext()
    for _ in range(_AFTER_NAME_SIBLINGS):  # a separator of its own comes before the date: "|" "January 9"
        if following is None or len(after) > _MAX_DATE_TEXT:
            break
        after = " ".join((after + " " + following.text_content() + " " + (following.tail or "")).split())
        following = following.getnext()
    if not _DATE_AFTER_NAME.match(after):
        return None
    return name if find_date(after[:_MAX_DATE_TEXT]) is not None else None


def _full_name(name: str) -> bool:
    """Two words or more, each capitalised (:func:`is_capitalised`) or a particle ("van", "de", "bin")."""
    words = name.split()
    return len(words) >= 2 and all(is_capitalised(word) or word in NAME_PARTICLES for word in words)


def _spaced_text(el: HtmlElement, limit: int) -> str | None:
    """Like :func:`_short_text`, but the texts of separate elements stay separate words: a byline's
    name and, in the next element, its agency ("Eric Tucker" + "Associated Press")."""
    text = _short_text(el, limit)
    if text is None:
        return None
    spaced = " ".join(" ".join(_read_texts(el)).split())
    return spaced if len(spaced) <= limit else text


# the texts of an element a reader reads: a script's, a style's or a template's are code, not words
_READ_TEXTS = lxml.etree.XPath(
    ".//text()[not(ancestor::script or ancestor::style or ancestor::template)]", smart_strings=False
)
_UNREAD_TAGS = ("script", "style", "template", "button")  # a button's label is no text read


def _holds_more_letters(el: HtmlElement, limit: int) -> bool:
    """More than ``limit`` characters other than white space stand in the texts of ``el`` (all of
    them, a script's too, as :func:`line_text` reads them), so that its line is longer than
    ``limit``: line_text keeps each such character. Read only as far as needed."""
    count = 0
    for piece in el.itertext():  # the text nodes, as XPath's text() finds them, walked in C
        count += len("".join(piece.split()))
        if count > limit:
            return True
    return False


def _texts_as_read(el: HtmlElement) -> Iterable[str]:
    """The texts :func:`_read_texts` gives, joined the same (not always parted the same), walked
    only as far as they are read: where a script stands in ``el``, a walk that skips what it, a
    style or a template holds, where :func:`_read_texts` gathers every text of ``el`` first (a page's
    whole article body read for a short line after its date: 5 ms on one Al Jazeera page)."""
    if next(el.iter(*_UNREAD_TAGS), None) is None:
        texts: Iterable[str] = el.itertext()  # the common case, walked in C
        return texts
    return _read_texts_walked(el)


def _read_texts_walked(el: HtmlElement) -> Iterator[str]:
    """The texts of ``el`` in document order outside any script, style or template (also one
    above it, as the XPath of :data:`_READ_TEXTS` tests): the text nodes that XPath finds."""
    if el.tag in _UNREAD_TAGS or any(node.tag in _UNREAD_TAGS for node in el.iterancestors()):
        return
    if el.text:
        yield el.text
    # each box entered, with the tail that follows it once its children are read
    stack: list[tuple[Iterator[HtmlElement], str | None]] = [(iter(el), None)]
    while stack:
        children, tail = stack[-1]
        child = next(children, None)
        if child is None:
            stack.pop()
            if tail:
                yield tail
        elif isinstance(child.tag, str) and child.tag not in _UNREAD_TAGS:
            if child.text:
                yield child.text
            stack.append((iter(child), child.tail))
        elif child.tail:  # a comment's or an instruction's own text is no text node; its tail is
            yield child.tail


def _read_texts(el: HtmlElement) -> Iterable[str]:
    """The texts of ``el`` in document order as a reader reads them: without what a script, a style
    or a template inside it holds (a byline box whose script draws its icons)."""
    if next(el.iter(*_UNREAD_TAGS), None) is None:
        texts: Iterable[str] = el.itertext()  # the common case, walked in C
        return texts
    return [str(text) for text in _READ_TEXTS(el)]
