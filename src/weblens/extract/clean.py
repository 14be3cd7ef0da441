"""Remove what no reader of the article should get: code, chrome, hidden text, boilerplate boxes.

Three kinds of removal, all in place on the tree:

* tags that never carry article text (script, style, svg, iframe, form controls…), removed
  wholesale in C;
* elements hidden from readers (``hidden``, ``aria-hidden="true"``, inline ``display:none`` or
  ``visibility:hidden``): hidden text is a prompt-injection vector, so it goes even when it
  looks like content;
* page chrome and boilerplate boxes: ``nav``/``aside``/``header``/``footer``/``form`` elements,
  and elements whose class or id names a boilerplate role (share bars, newsletter boxes,
  related-story lists, comments, ads, cookie banners…). These are guarded: an element that
  holds most of the page's prose is kept, because a class word on a wrapper (``has-comments``
  on a layout div, an ASP.NET page-wide ``<form>``) must not take the article with it. An
  article's own ``<header>``/``<footer>`` (inside ``<article>``) is kept.
"""

from __future__ import annotations

import re

import lxml.etree
from lxml.html import HtmlElement

__all__ = ["clean_tree", "is_hidden"]

# never article text
_ALWAYS = (
    "script", "style", "noscript", "template", "svg", "math", "iframe", "frame", "frameset",
    "object", "embed", "applet", "canvas", "video", "audio", "map", "select", "button", "input",
    "textarea", "option", "optgroup", "datalist", "dialog", "link", "meta", "head", "base", "menu",
)  # fmt: skip
# page chrome: removed unless it holds the page's prose
_CHROME = frozenset(("nav", "aside", "header", "footer", "form"))
# boilerplate roles named by whole words of a class or id
_ROLE_WORDS = frozenset(
    (
        "ad", "ads", "adv", "advert", "advertisement", "advertising", "adslot", "adunit", "dfp", "gpt",
        "banner", "sponsor", "sponsored", "promo", "promoted", "promotion", "outbrain", "taboola",
        "share", "sharing", "shares", "social", "sociallinks", "addthis", "sharethis",
        "newsletter", "subscribe", "subscription", "signup", "paywall", "cookie", "cookies", "consent",
        "gdpr", "related", "recommended", "recommendations", "popular", "trending", "mostread",
        "breadcrumb", "breadcrumbs", "pagination", "pager", "sidebar", "widget", "widgets",
        "navbar", "navigation", "menu", "masthead", "footer", "skiplink", "skip", "modal", "popup",
        "overlay", "toolbar", "tags", "tagcloud", "byline", "author", "dateline", "timestamp",
        "disclaimer", "print", "rss", "login", "signin", "feedback", "survey", "nav", "topics",
    )
)  # fmt: skip
_COMMENT_WORDS = frozenset(("comment", "comments", "disqus", "respond", "replies", "discussion"))
# compound spellings (sharebar, relatedPosts, most-read-list) found as substrings
_ROLE_PARTS = re.compile(
    r"share|social|newsletter|related|recommend|sponsor|outbrain|taboola|cookie|consent|"
    r"sidebar|breadcrumb|promo|subscribe|mostread|most-read|most_read|mostpopular|trending|"
    r"advert|adslot|ad-slot|ad_slot|adunit|ad-unit|ad-container|ad-wrapper|banner|popup|"
    r"signup|sign-up|paywall|byline"
)
_COMMENT_PARTS = re.compile(r"comment|disqus")
_WORD_SPLIT = re.compile(r"[^a-z0-9]+")
_HIDDEN_STYLE = re.compile(r"display\s*:\s*none|visibility\s*:\s*hidden", re.I)
# what counts as "holds the page's prose": this share of the body's non-link text
_GUARD_SHARE = 0.5


def is_hidden(el: HtmlElement) -> bool:
    """Hidden from a human reader by attribute or inline style."""
    if el.get("hidden") is not None or el.get("aria-hidden") == "true":
        return True
    style = el.get("style")
    return bool(style) and _HIDDEN_STYLE.search(style) is not None


def _role_match(names: str, include_comments: bool) -> bool:
    lowered = names.lower()
    words = set(_WORD_SPLIT.split(lowered))
    if not words.isdisjoint(_ROLE_WORDS) or _ROLE_PARTS.search(lowered):
        return True
    if include_comments:
        return False
    return not words.isdisjoint(_COMMENT_WORDS) or _COMMENT_PARTS.search(lowered) is not None


def _prose_lengths(root: HtmlElement) -> dict[HtmlElement, int]:
    """Characters of text outside links in each element's subtree, in one bottom-up pass."""
    elements = list(root.iter())
    own: dict[HtmlElement, int] = {}
    for el in elements:
        text = el.text
        own[el] = own.get(el, 0) + (len(text) if text and el.tag != "a" else 0)
        tail = el.tail
        if tail:
            parent = el.getparent()
            if parent is not None:
                own[parent] = own.get(parent, 0) + len(tail)
    for el in reversed(elements):
        parent = el.getparent()
        if parent is not None and el.tag != "a":
            own[parent] = own.get(parent, 0) + own[el]
    return own


def _in_article(el: HtmlElement) -> bool:
    return any(anc.tag in ("article", "main") for anc in el.iterancestors())


def clean_tree(root: HtmlElement, *, include_comments: bool = False) -> None:
    """Remove boilerplate from ``root`` in place (see the module docstring for what goes)."""
    lxml.etree.strip_elements(root, *_ALWAYS, with_tail=False)
    body = root.find("body")
    if body is None:
        body = root
    prose = _prose_lengths(root)
    guard = max(1, prose.get(body, 0)) * _GUARD_SHARE
    doomed: list[HtmlElement] = []
    skip: set[HtmlElement] = set()
    for el in body.iterdescendants():
        if el in skip:
            continue
        tag = el.tag
        if not isinstance(tag, str):
            continue
        if is_hidden(el):
            remove = el.get("aria-hidden") is None or prose.get(el, 0) < guard
        elif tag in _CHROME:
            remove = prose.get(el, 0) < guard and not (tag in ("header", "footer") and _in_article(el))
        else:
            names = (el.get("class") or "") + " " + (el.get("id") or "")
            remove = (
                len(names) > 1
                and tag not in ("article", "main")
                and _role_match(names, include_comments)
                and prose.get(el, 0) < guard
            )
        if remove:
            doomed.append(el)
            skip.update(el.iterdescendants())
    for el in doomed:
        el.drop_tree()
