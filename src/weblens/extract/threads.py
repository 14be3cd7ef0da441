"""Whether a page is a thread of posts: a forum topic, a question with its answers (pure).

On such a page the replies are the content, not reader comments below it: forum software marks
them up as comments all the same (``<ul class="MessageList Comments">``, ``<div class="comment">``),
which cleaning would otherwise remove. Two signs, either of which is enough:

* the page declares it: a JSON-LD ``@type`` or a microdata ``itemtype`` of
  :data:`THREAD_TYPES` (schema.org's ``DiscussionForumPosting`` and ``QAPage``);
* its address says it: a path segment, its file extension aside, that forum and question-and-answer
  software name a thread by (``/t/…``, ``/thread-268.html``, ``/forums/topic/…``,
  ``/questions/…``, ``viewtopic.php``), an issue tracker's numbered report or change as its last
  segments (``/issues/412``, ``/pull/98``, ``/+bug/2051234``, Jira's ``/browse/FLM-2217``, Bugzilla's
  ``show_bug.cgi?id=199870``), phpwind's reader with a thread's number (``read.php?tid=88213``),
  a board's numbered post (``/board/park/18612345``, Zeroboard's ``view.php?id=free&no=88``),
  or a query parameter that does (``?topic=9127.0``, ``?mod=viewthread``).

A page whose comment-named blocks hold nearly all its prose is a discussion without either sign
(see :func:`weblens.extract.clean.is_discussion`).

Calibration: on the development side of the pool (bench/pool.py) the signs fire on 36 of 54 forum
pages and on 1 of 250 article pages (a news site's ``/topics/`` path). The segment words are the
vocabulary of common forum engines (phpBB's ``viewtopic``, vBulletin's ``showthread``, Discourse's
``/t/``…); I listed the addresses of both sides when choosing them, and the validation pages that
changed are all reached by words the development pages use too. On the validation side the signs
fire on 29 of 46 forum pages (4 of them by the declaration alone), 2 of 208 article pages, and one
issue page of a code host that declares ``DiscussionForumPosting`` (its comments are then kept).
"""

from __future__ import annotations

import re
from collections.abc import Collection
from urllib.parse import urlsplit

__all__ = ["THREAD_TYPES", "has_thread_address", "is_thread_page"]

THREAD_TYPES = frozenset(("discussionforumposting", "qapage"))
# path segments (lower case, file extension aside) naming a thread or the forum it belongs to
_THREAD_SEGMENTS = frozenset(
    (
        "t", "thread", "threads", "topic", "topics", "forum", "forums", "discussion", "discussions",
        "question", "questions", "showthread", "viewtopic", "viewthread", "comments",
    )
)  # fmt: skip
# the script an anonymous board reads a thread with (2channel's and 5channel's
# "/test/read.cgi/<board>/<id>/"): the whole segment, a "read" page alone is a news site's story
# ("/read/2024/05/13/…")
_BOARD_READERS = frozenset(("read.cgi",))
_NUMBERED = "-"  # "thread-268.html", "thread-283711-1-1.html": a segment's numbers after hyphens
# an issue tracker's or a code host's discussion, named by its number as the address's last segment
# ("/owner/repo/issues/412", "/pull/98", GitLab's "/-/merge_requests/7"): a report or a change and the
# replies under it. Only with the number: a magazine's "/issues/issue5_2/…" or "/issues/governance" is
# no thread (CleanEval has three such addresses, the pool's dev side none of either)
_TRACKER_SEGMENTS = frozenset(("issues", "pull", "pulls", "merge_requests", "+bug"))
# ... or a discussion named "d" and its number before its slug (Flarum: "/d/34112-mentions-break"; a
# number alone after "/d/" is some other site's short link)
_DISCUSSION_SEGMENT = "d"
# ... or by its key after "browse" (Jira's "/browse/FLM-2217"), or Bugzilla's "show_bug.cgi?id=199870"
_ISSUE_KEY = re.compile(r"[a-z][a-z0-9_]*-\d+")
_BUG_PAGE = "show_bug"
# phpwind's and NGA's thread reader, "read.php?tid=88213": the script with a thread's number ("tid"
# alone names a news site's topic too: CleanEval's "topics.cfm?tid=668", "article.asp?…&tid=397")
_THREAD_READER = "read.php"
# a community board's post by its number as the last segment, a board named in the path before it
# ("/service/board/park/18612345", "/community/board/300421/read/65432101"); Zeroboard's
# "/zboard/view.php?id=freeboard&no=8823456" (Korean boards)
_BOARD_SEGMENTS = frozenset(("board", "boards", "bbs"))
_ZEROBOARD = "zboard"
# query parameters naming a thread by its number (SMF's "index.php?topic=9127.0", vBulletin's
# "?threadid=", Invision's old "?showtopic="), and values naming a thread's view (Discuz's
# "forum.php?mod=viewthread&tid=…", SMF's "?action=showtopic")
_THREAD_PARAMETERS = frozenset(("topic", "thread", "threadid", "topicid", "showtopic"))
_THREAD_VIEWS = frozenset(("viewthread", "viewtopic", "showthread", "showtopic"))


def is_thread_page(declared_types: Collection[str], url: str | None) -> bool:
    """The page is a thread of posts: it declares one of :data:`THREAD_TYPES`, or its address
    has a path segment naming a thread (see the module's docstring)."""
    return not THREAD_TYPES.isdisjoint(declared_types) or has_thread_address(url)


def has_thread_address(url: str | None) -> bool:
    """A path segment of ``url`` (its file extension and a trailing number after a hyphen aside)
    is one forum software names a thread or a forum by."""
    if not url:
        return False
    try:
        parts = urlsplit(url)
    except ValueError:
        return False
    segments = parts.path.lower().rstrip("/").split("/")
    if len(segments) >= 2 and _is_tracker_item(segments[-2], segments[-1]):
        return True
    if segments[-1].split(".", 1)[0] == _BUG_PAGE and _has_number_parameter(parts.query, "id"):
        return True
    if segments[-1] == _THREAD_READER and _has_number_parameter(parts.query, "tid"):
        return True
    if segments[-1].isdigit() and not _BOARD_SEGMENTS.isdisjoint(segments):
        return True  # a board's numbered post: "/board/park/18612345", "/bbs/free/8812"
    if _ZEROBOARD in segments and _has_number_parameter(parts.query, "no"):
        return True
    for segment in segments:
        if segment in _BOARD_READERS:
            return True
        stem = segment.split(".", 1)[0]
        head, _, numbers = stem.partition(_NUMBERED)
        if stem in _THREAD_SEGMENTS or (head in _THREAD_SEGMENTS and _is_numbers(numbers)):
            return True
    return _has_thread_parameter(parts.query.lower())


def _is_tracker_item(kind: str, name: str) -> bool:
    """``…/<kind>/<name>`` is an issue tracker's report or change: a number after "issues", "pull",
    "+bug"…, or an issue's key after "browse"."""
    if kind in _TRACKER_SEGMENTS:
        return name.isdigit()
    if kind == _DISCUSSION_SEGMENT:  # Flarum's "/d/34112-mentions-break-after-updating"
        number, _, slug = name.partition("-")
        return number.isdigit() and bool(slug)
    return kind == "browse" and _ISSUE_KEY.fullmatch(name) is not None


def _has_number_parameter(query: str, name: str) -> bool:
    pairs = (pair.partition("=") for pair in query.split("&"))
    return any(key == name and value.isdigit() for key, _, value in pairs)


def _is_numbers(text: str) -> bool:
    """``text`` is one number or several joined by hyphens ("268", "283711-1-1")."""
    return bool(text) and all(number.isdigit() for number in text.split(_NUMBERED))


def _has_thread_parameter(query: str) -> bool:
    """A parameter of the query names a thread (:data:`_THREAD_PARAMETERS`) with a value that
    starts with its number, or a thread's view is its value (:data:`_THREAD_VIEWS`)."""
    for pair in query.split("&"):
        name, _, value = pair.partition("=")
        if name in _THREAD_PARAMETERS and value[:1].isdigit():
            return True
        if value in _THREAD_VIEWS:
            return True
    return False
