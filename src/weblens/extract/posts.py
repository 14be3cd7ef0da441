"""A thread's posts, found around the text the selection chose (:func:`weblens.extract.content.select_main`,
steps 5f, 7 and 8): on a page of posts the chosen box is one post of the thread (the longest), and
the thread is all of them.

1. The posts: boxes of one kind beside the chosen one, a few levels up (:func:`posts_of_the_thread`),
   or inside the box chosen when it holds the whole thread; a box of replies after the topic's
   opened into its replies, comments in a box of their own after the last post, and replies nested
   under the post they answer (:func:`thread_posts`).
2. Their parts (:func:`post_parts`): the boxes where every post sets its text, the readers'
   remarks on a post, and the boxes pruning must look into rather than drop whole (a short reply
   weighs less than its poster's card).
3. The thread's chrome (:func:`thread_chrome`): the lines every post repeats, each poster's card
   beside their post, and the opening post's card set apart from the posts.

Units as in :mod:`weblens.extract.content`: sizes in characters as ``measure()`` counts them, prose
in characters of prose (a block's ``good`` score).
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections import Counter
from collections.abc import Collection, Iterable
from dataclasses import dataclass, field

from lxml.html import HtmlElement

from weblens.extract.authors import is_member_link
from weblens.extract.blocks import TreeStats, paragraphs_of_prose
from weblens.extract.clean import MEMBER_WORDS, comment_named
from weblens.extract.dates import find_date
from weblens.extract.keepers import subtree_chars
from weblens.extract.scores import Scores
from weblens.extract.text import word_count
from weblens.extract.tree import WORD_SPLIT, has_any
from weblens.extract.urls import elsewhere

__all__ = [
    "PostParts",
    "Thread",
    "after_the_last_post",
    "post_parts",
    "posts_of_the_thread",
    "thread_chrome",
    "thread_posts",
]

_POST_LEVELS = 10  # boxes above the chosen text searched for the post it is one of, at most (XenForo 2: 9)
_POSTS = 2  # posts alike in one box, at least, that make a thread
# replies alike in one box after the topic's, at least, that are the thread's posts in place of the box
# (one or two could be a post's own parts: quotes of other posts)
_REPLIES_IN_A_BOX = 3
# ... holding this share of the box's prose, at least, among the posts found beside the chosen one (an
# answer's own text beside the replies nested under it is more than a tenth of it on the class page of a
# code host's discussion; NGA's box of posts holds nothing else). The boxes of a thread found within the
# chosen one hold no answer with its replies nested: there any share (a validation thread fell by 0.004
# with this one)
_REPLIES_SHARE = 0.9
_POST_PROSE = 1.0  # characters of prose a post holds, at least (a post without text is an ad slot) ...
_POST_TEXT = 40  # ... or characters of text: a short question of a line or two is a post too
_REPEATED_WORDS = 4  # words of a line, at least, that posts of a thread repeat as chrome (text.word_count)
_NOT_REPEATS = frozenset(("blockquote", "pre", "table"))  # a quotation, code, data: no chrome


@dataclass(frozen=True)
class Thread:
    """The posts of a thread found around the chosen text (:func:`posts_of_the_thread`)."""

    box: int  # the box holding them all
    left_out: list[int] = field(default_factory=list)  # the box's other parts, to drop
    replies: list[int] = field(default_factory=list)  # boxes of replies, kept whole
    posts: list[int] = field(default_factory=list)  # posts alike, each looked into, never pruned whole


def posts_of_the_thread(scores: Scores, best: int) -> Thread:
    """On a thread page, the box holding the post ``best`` is in (or is) and the posts beside it:
    two or more boxes of one kind (:func:`_is_alike`) that hold prose. The chosen text is one post
    of the thread (the longest); the thread is all of them. Else the box holding the post and the
    replies beside it (:func:`_replies_beside`), with the box's other parts to leave out and the
    boxes of replies. ``Thread(best)`` when there is neither."""
    stats = scores.stats
    post = best
    found = Thread(best)
    found_prose = 0.0
    for _ in range(_POST_LEVELS):
        box = stats.parents[post]
        if box < 0 or stats.nodes[box].tag == "body":
            break
        kind = _post_kind(stats.nodes[post])
        alike = [
            child
            for child in stats.children(box)
            if child not in scores.removed and _is_alike(_post_kind(stats.nodes[child]), kind)
        ]
        # a row's cells are one post's columns (its poster's, its text's: "c1" and "c2", vBulletin's
        # "alt2" and "alt1"), never posts of their own
        is_a_row = stats.nodes[box].tag == "tr"
        if kind[1] and not is_a_row and _has_posts(scores, alike) and not found.replies:
            return Thread(box, posts=alike)  # (a reply of a few words among them is a post too)
        replies = _replies_beside(scores, post, box)
        prose = sum(scores.good[reply] for reply in replies)
        if replies and prose > found_prose:
            # the replies beside the post, or, further up, those beside the post and its own
            # comments (a question's comments, then its answers), when they say more
            others = [child for child in stats.children(box) if child != post and child not in replies]
            found, found_prose = Thread(box, left_out=others, replies=replies), prose
        run = [] if replies else _posts_after(scores, post, box)
        prose = sum(scores.good[reply] for reply in run)
        if run and prose > found_prose:
            # the post, then its replies: boxes of one kind of their own after it (a question,
            # then its answers, each marked up otherwise than the question)
            found, found_prose = Thread(box, posts=[post, *run]), prose
        post = box
    return found


def thread_posts(scores: Scores, best: int, found: Thread) -> list[int]:
    """The posts of the thread in ``best`` (its box, once :func:`posts_of_the_thread` found it):
    the posts found beside the chosen one, else the posts within the box (:func:`_posts_within`),
    each box of replies among them opened into its replies (:func:`_replies_opened`), with the
    comments after the last post (:func:`_comments_after`) and the replies nested under each
    (:func:`_with_nested_replies`)."""
    if found.posts:  # (an answer found beside the question may nest replies under its text)
        within = _replies_opened(scores, found.posts, share=_REPLIES_SHARE)
    else:
        within = _replies_opened(scores, _posts_within(scores, best), share=0.0)
    return _with_nested_replies(scores, within + _comments_after(scores, best, within))


@dataclass(frozen=True, kw_only=True)
class PostParts:
    """What pruning must know of a thread's posts (:func:`post_parts`); all empty on a page of no posts."""

    lines: frozenset[int]  # the boxes where the posts set their text (_text_lines)
    remarks: list[int]  # readers' comments on a post, each kept whole (_remarks_on_posts)
    opened: frozenset[int]  # boxes looked into, never pruned whole
    kept_whole: list[int]  # the paragraphs in the boxes of the posts' text, and the remarks


def post_parts(scores: Scores, posts: list[int]) -> PostParts:
    """The parts of ``posts`` pruning keeps: the boxes of their text and of the remarks on them, kept
    whole, and the boxes around them to look into (:func:`_holding_prose`,
    :func:`_boxes_around_nested`, :func:`_up_to_posts`)."""
    stats = scores.stats
    lines = _text_lines(scores, posts)
    remarks = _remarks_on_posts(scores, posts)
    opened = (
        _holding_prose(scores, posts)
        | _boxes_around_nested(scores, posts)
        | _up_to_posts(stats, lines, posts)
        | _up_to_posts(stats, remarks, posts)
    )
    return PostParts(
        lines=lines, remarks=remarks, opened=opened, kept_whole=[*_paragraphs_in(stats, lines), *remarks]
    )


def thread_chrome(scores: Scores, best: int, posts: list[int], parts: PostParts) -> list[HtmlElement]:
    """What a thread in ``best`` sets around its posts' text, to drop: the lines every post repeats
    ("Log in to reply", a signature; :func:`_repeated_lines`), the posters' cards beside their posts
    (:func:`_posters_cards`) and the opening post's card set apart from the posts
    (:func:`_opening_posts_card`)."""
    return (
        _repeated_lines(scores.stats, best, scores.removed)
        + _posters_cards(scores, posts, parts.opened, [*parts.lines, *parts.remarks])
        + _opening_posts_card(scores, best, posts)
    )


def _post_kind(el: HtmlElement) -> tuple[str, frozenset[str]]:
    """What posts of one thread share: the tag and the class words with their digits taken out (the
    post's number, "post-138", "wpfn-4", differs from post to post, and so does the shade of
    alternate rows, SMF's "windowbg" and "windowbg2"), but for words of alternate rows ("odd",
    "even", "spOdd"); for boxes without a class, their ``id`` with its digits taken out (Discuz's
    ``id="post_4519021"``, a number alone is nothing)."""
    if _MARKED_A_POST.search(el.get("itemtype") or ""):
        return str(el.tag), _A_MARKED_POST
    words = (el.get("class") or "").split()
    own_id = el.get("id") or ""
    if not words and not own_id and (inner := _only_box_in(el)) is not None:
        return _post_kind(inner)  # a bare wrapper around one box (a script's list): that box's kind
    kind = frozenset(
        bare
        for word in words
        if (bare := _without_digits(word).strip("-_"))
        and not bare.lower().endswith(_ALTERNATE_ROWS)
        and not _is_named_by_its_id(word, own_id)
    )
    name = _without_digits(own_id)
    if not words and any(c.isalpha() for c in name):
        return str(el.tag), frozenset((name,))
    return str(el.tag), kind


def _only_box_in(el: HtmlElement) -> HtmlElement | None:
    """The one element ``el`` holds when it holds nothing else (no text of its own)."""
    if (el.text or "").strip() or len(el) != 1:
        return None
    inner = el[0]
    return inner if isinstance(inner.tag, str) and not (inner.tail or "").strip() else None


# the schema.org types of a thread's posts, in a box's microdata: whatever their classes (vBulletin 5's
# first post, the moderators' and the others' differ by two class words or more), posts so marked are of
# one kind
_MARKED_A_POST = re.compile(r"schema\.org/(?:Comment|Answer|Question|DiscussionForumPosting|UserComments)\b")
_A_MARKED_POST = frozenset(("itemtype=post",))
_ALTERNATE_ROWS = ("odd", "even")  # the ends of class words that shade every other post
# class words one post may carry beyond another's and still be of its kind: one, a word of its state.
# Calibrated on the pool's dev threads: a subset of any size also joined boxes of utility classes
# that share one word ("flex", "bg-white") and lowered two validation threads; one word changed
# one dev thread only (a reply marked as the solution, F1 0.85 -> 1.0)
_STATE_WORDS = 1
# a class word that names a post ("post", "message--post", "js-post", "answer", "ipsComment"): only a
# post's kind takes a word of its state (a page's "block" and "block block--messages" are two kinds)
_NAMES_A_POST = re.compile(r"post|message|answer|reply|comment|entry")
_NAMES_A_REPLY = re.compile(r"post|answer|reply")  # ... and a reply to the thread, a comment aside
_NAMES_A_COMMENT = re.compile(r"comment|reply|answer")  # ... and a remark on a post


def _is_alike(kind: tuple[str, frozenset[str]], other: tuple[str, frozenset[str]]) -> bool:
    """Two boxes of one kind of post (:func:`_post_kind`): one tag and the same class words, or the
    words of one, which name a post (:data:`_NAMES_A_POST`), and a word of its state
    (:data:`_STATE_WORDS`): the accepted answer ("answer accepted-answer"), the reply marked as the
    thread's solution ("post post-primary"), a poster online now (phpBB's "post bg online")."""
    words, others = kind[1], other[1]
    if kind[0] != other[0] or not words or not others:
        return False
    if words == others:
        return True
    shared = words & others
    return (
        len(words ^ others) <= _STATE_WORDS
        and shared in (words, others)
        and any(_NAMES_A_POST.search(word.lower()) for word in shared)
    )


def _is_named_by_its_id(word: str, own_id: str) -> bool:
    """The class word ``word`` repeats a numbered part of the box's own ``id`` (old Reddit's
    ``<div class="thing id-t1_l0fa3de comment" id="thing_t1_l0fa3de">``): it names this one box,
    not a kind of box, and its letters differ from post to post as its number does."""
    if not own_id or not any(c.isdigit() for c in word):
        return False
    numbered = {part for part in _ID_PARTS.split(own_id) if any(c.isdigit() for c in part)}
    return any(part in numbered for part in _ID_PARTS.split(word))


_ID_PARTS = re.compile(r"[-_:.]+")  # the parts of an identifier: "thing_t1_l0fa3de"


def _without_digits(text: str) -> str:
    return "".join(c for c in text if not c.isdigit())


def _posts_after(scores: Scores, post: int, box: int) -> list[int]:
    """The children of ``box`` after ``post`` that are posts of one kind of their own, named by a
    class (:func:`_is_alike`, :func:`_has_posts`): the group of them that holds the most prose."""
    stats = scores.stats
    groups: dict[tuple[str, frozenset[str]], list[int]] = {}
    for child in stats.children(box):
        if child > post and child not in scores.removed:
            groups.setdefault(_post_kind(stats.nodes[child]), []).append(child)
    best: list[int] = []
    for kind, boxes in groups.items():
        if (
            kind[1]
            and _has_posts(scores, boxes)
            and (not best or sum(scores.good[i] for i in boxes) > sum(scores.good[i] for i in best))
        ):
            best = boxes
    return best


def _with_nested_replies(scores: Scores, posts: list[int]) -> list[int]:
    """``posts`` and the boxes of their kind inside them (:func:`_is_alike`): replies nested under
    the post they answer (Lobsters', Lemmy's and Reddit's trees of comments), each a post, looked
    into as the others are, however short ("+1, same experience.")."""
    stats, removed = scores.stats, scores.removed
    found = list(posts)
    for post in posts:
        kind = _post_kind(stats.nodes[post])
        found += [
            i
            for i in range(post + 1, stats.ends[post] + 1)
            if i not in removed and _is_alike(_post_kind(stats.nodes[i]), kind)
        ]
    return sorted(set(found))


def _text_lines(scores: Scores, posts: list[int]) -> frozenset[int]:
    """The boxes of the posts' text where the thread sets it: the blocks of the kind
    (:func:`_post_kind`, named by a class) of the deepest block named by a class holding more than
    half of a post's prose outside its poster's card (:func:`_names_the_poster`: a card's blurb
    can say more than a short reply beside it), in more than half of the posts with such prose; in
    every post. A reply of three words ("ikut nyimak gan") in such a box is the reply, not a label."""
    stats, removed = scores.stats, scores.removed
    kinds: Counter[tuple[str, frozenset[str]]] = Counter()
    for post in posts:
        text = _text_outside_the_card(scores, post)
        if text[post] <= 0:
            continue
        # the blocks holding more than half of its text are nested in one another: the last is deepest
        holding = [i for i in range(post + 1, stats.ends[post] + 1) if text[i] * 2 > text[post]]
        # the deepest named by a class: a post of one paragraph holds it in a <p> of no class
        # inside the box where every post sets its text ("Post-body")
        named = [i for i in holding if _post_kind(stats.nodes[i])[1]]
        if named:
            kinds[_post_kind(stats.nodes[named[-1]])] += 1
    common = {kind for kind, count in kinds.items() if kind[1] and count * 2 > kinds.total()}
    if not common:
        return frozenset()
    return frozenset(
        i
        for post in posts
        for i in range(post + 1, stats.ends[post] + 1)
        if i not in removed and _post_kind(stats.nodes[i]) in common
    )


def _remarks_on_posts(scores: Scores, posts: Collection[int]) -> list[int]:
    """Inside each post of a thread, the comments readers left on it (a Q&A site's comments under an
    answer): items (``<li>``) of a list, both named for comments, that are no posts themselves and
    whose text says a sentence ("Thanks, that explains it. – Dmitry K Feb 9"). Each is kept whole,
    its writer's name with it."""
    stats, removed = scores.stats, scores.removed
    among = set(posts)
    found: list[int] = []
    for post in posts:
        i, end = post + 1, stats.ends[post]
        while i <= end:
            el = stats.nodes[i]
            if i in removed or i in among:
                i = stats.ends[i] + 1
            elif el.tag == "li" and _is_in_a_list_of_comments(el):
                if any(stats.sentences[j] for j in range(i, stats.ends[i] + 1)):
                    found.append(i)
                i = stats.ends[i] + 1
            else:
                i += 1
    return found


def _is_in_a_list_of_comments(item: HtmlElement) -> bool:
    """``item`` (an ``<li>``) and its list are both named for comments (``<ul class="comments-list">
    <li class="comment">``): a list of remarks, not a list of posts that a class calls comments."""
    parent = item.getparent()
    return (
        parent is not None
        and comment_named(item.get("class") or "")
        and comment_named(f"{parent.get('class') or ''} {parent.get('id') or ''}")
    )


def _up_to_posts(stats: TreeStats, lines: Collection[int], posts: Collection[int]) -> frozenset[int]:
    """The boxes of the posts' text (``lines``) and the boxes between each and its post: looked into,
    never pruned whole (a reply of a line beside the post's subject and date is still the post)."""
    among = set(posts)
    found = set(lines)
    for line in lines:
        up = stats.parents[line]
        while up >= 0 and up not in among and up not in found:
            found.add(up)
            up = stats.parents[up]
    return frozenset(found)


def _text_outside_the_card(scores: Scores, post: int) -> dict[int, float]:
    """Per block of ``post`` (itself included), the prose of its subtree outside the boxes naming
    the poster (:func:`_names_the_poster`)."""
    stats, good = scores.stats, scores.good
    end = stats.ends[post]
    outside: list[int] = []  # the blocks of the post outside its poster's boxes
    card_end = -1
    for i in range(post, end + 1):
        if i <= card_end:
            continue
        if i != post and _names_the_poster(stats.nodes[i]):
            card_end = stats.ends[i]
            continue
        outside.append(i)
    children: dict[int, float] = {}
    for i in range(post + 1, end + 1):
        children[stats.parents[i]] = children.get(stats.parents[i], 0.0) + good[i]
    prose = {i: good[i] - children.get(i, 0.0) for i in outside}  # each block's own prose
    sums = dict.fromkeys(range(post, end + 1), 0.0)
    for i in reversed(outside):
        sums[i] += prose[i]
        if i != post:
            sums[stats.parents[i]] += sums[i]
    return sums


def _names_the_poster(el: HtmlElement) -> bool:
    """A box whose class or id has a word naming the poster and none naming what they wrote
    (``user_info``, ``poster``, ``author-card``, ``member-details``; not ``user-content`` nor
    ``usertext-body``): the poster's card, which can say more than a short reply beside it."""
    words = set(WORD_SPLIT.split(f"{el.get('class') or ''} {el.get('id') or ''}".lower()))
    return not _POSTER_WORDS.isdisjoint(words) and _WRITTEN_WORDS.isdisjoint(words)


_POSTER_WORDS = MEMBER_WORDS | {"avatar", "userinfo"}  # a member's words, and their picture's
_WRITTEN_WORDS = frozenset(("content", "text", "body", "message", "post", "comment", "md", "entry"))


def _paragraphs_in(stats: TreeStats, lines: Collection[int]) -> list[int]:
    """The paragraphs (``<p>``) right inside the boxes where a thread sets its posts' text
    (:func:`_text_lines`): a reply's text however short or linked (a reply that is only a link to
    an issue, "Thanks!"), kept whole."""
    return [child for box in lines for child in stats.children(box) if stats.nodes[child].tag == "p"]


def _boxes_around_nested(scores: Scores, posts: list[int]) -> frozenset[int]:
    """The boxes between a nested reply and the post it is in (the list of replies under a post):
    looked into, not pruned whole with the short replies they hold."""
    stats, among = scores.stats, set(posts)
    found: set[int] = set()
    for post in posts:
        up = stats.parents[post]
        path: list[int] = []
        while up >= 0 and up not in among and up >= posts[0]:
            path.append(up)
            up = stats.parents[up]
        if up in among:  # nested in another post: the way up to it is opened
            found.update(path)
    return frozenset(found)


def _posts_within(scores: Scores, best: int) -> list[int]:
    """On a thread page whose chosen box holds the whole thread (the posts and the bars around
    them), its posts: the boxes of one kind (:func:`_is_alike`) under one parent, two or more of
    them holding prose, that hold the most prose of all such groups and at least half of the box's;
    a group marked as posts (microdata's ``UserComments``, ``Comment``…: Launchpad's comments after
    two ``top-portlet`` boxes of the report) is chosen before the others when it holds a quarter of
    the box's prose. Boxes whose first class word names a post and is the same are of one kind too,
    whatever words of their poster's follow it (:func:`_lead_kind`). With neither, a group named as
    posts, answers or replies (:func:`_is_named_a_reply`) that holds less: a question's other
    answers below its best one, each short beside its poster's card and buttons. ``[]`` when there
    are none."""
    stats, good, removed = scores.stats, scores.good, scores.removed
    found: list[int] = []
    marked: list[int] = []
    named: list[int] = []
    most = good[best] / 2
    most_marked = good[best] / 4
    most_named = 0.0
    for parent in range(best, stats.ends[best] + 1):
        if parent in removed or stats.ends[parent] == parent:
            continue
        groups: dict[tuple[str, frozenset[str]], list[int]] = {}
        leads: dict[tuple[str, str], list[int]] = {}
        for child in stats.children(parent):
            if child not in removed:
                groups.setdefault(_post_kind(stats.nodes[child]), []).append(child)
                if (lead := _lead_kind(stats.nodes[child])) is not None:
                    leads.setdefault(lead, []).append(child)
        for kind in groups:
            if not kind[1]:
                continue
            alike = sorted(i for other, boxes in groups.items() if _is_alike(kind, other) for i in boxes)
            prose = sum(good[i] for i in alike)
            if prose > most_marked and _is_marked_a_post(kind) and _has_posts(scores, alike):
                marked, most_marked = alike, prose
            if prose > most and _has_posts(scores, alike):
                found, most = alike, prose
            if prose > most_named and _is_named_a_reply(kind[1]) and _has_posts(scores, alike):
                named, most_named = alike, prose
        for (_, first_word), alike in leads.items():
            prose = sum(good[i] for i in alike)
            if prose > most and _has_posts(scores, alike):
                found, most = alike, prose
            if prose > most_named and _is_named_a_reply((first_word,)) and _has_posts(scores, alike):
                named, most_named = alike, prose
    return marked or found or named


def _replies_opened(scores: Scores, posts: list[int], *, share: float) -> list[int]:
    """``posts`` with each box after the first that holds replies of its own (:func:`_posts_within`,
    :data:`_REPLIES_IN_A_BOX` or more) replaced by them: a board that sets its topic in one box and
    every reply in the next (V2EX's two ``box`` blocks, the replies' ``cell`` rows in the second), or
    its parts in boxes of one kind (NGA's ``module_wrap`` boxes: its pinned topics, the posts, its
    options), has the replies for its posts, each looked into, not the box that holds them. The
    replies hold ``share`` of the box's prose, at least: among a question's answers found beside it,
    an answer's own text with replies nested under it is a post (:data:`_REPLIES_SHARE`)."""
    opened: list[int] = []
    for number, post in enumerate(posts):
        replies = _posts_within(scores, post) if number else []
        is_a_box_of_replies = (
            len(replies) >= _REPLIES_IN_A_BOX
            and sum(scores.good[reply] for reply in replies) >= share * scores.good[post]
        )
        opened += replies if is_a_box_of_replies else [post]
    return opened


def _is_named_a_reply(class_words: Iterable[str]) -> bool:
    """Boxes of these class words are named as posts, answers or replies (not comments: a question's
    and its answers' comments on a Q&A page are remarks on the posts, not posts)."""
    return any(_NAMES_A_REPLY.search(word.lower()) for word in class_words)


def _lead_kind(el: HtmlElement) -> tuple[str, str] | None:
    """The tag and the first class word (digits taken out) of a box whose first class word names a
    post (:data:`_NAMES_A_POST`): a component's own name comes first, its variants after it
    (Discourse's ``topic-post clearfix topic-owner group-advanced`` and ``topic-post clearfix
    group-MVP2024``, each post named for its poster's group). None for other boxes."""
    names = (el.get("class") or "").split()
    if not names:
        return None
    lead = _without_digits(names[0]).strip("-_")
    return (str(el.tag), lead) if lead and _NAMES_A_POST.search(lead.lower()) else None


def _is_marked_a_post(kind: tuple[str, frozenset[str]]) -> bool:
    """Boxes of this kind are marked as posts (microdata: :data:`_MARKED_A_POST`)."""
    return kind[1] == _A_MARKED_POST


def _comments_after(scores: Scores, best: int, posts: list[int]) -> list[int]:
    """The comments after a thread's last post found (:func:`_posts_within`), in a box of their own
    inside ``best`` named for them (:data:`_NAMES_A_COMMENT`): a community's post, its paragraphs set
    as an editor's alike components, and the members' comments in a box below it."""
    if not posts:
        return []
    stats = scores.stats
    found: list[int] = []
    for el in after_the_last_post(scores, best, posts):
        box = stats.index.get(el)
        if box is None or box in scores.removed:
            continue
        comments = _posts_within(scores, box)
        names = (stats.nodes[comments[0]].get("class") or "").lower() if comments else ""
        if len(comments) >= _POSTS and _NAMES_A_COMMENT.search(names):
            found += comments
    return found


def after_the_last_post(scores: Scores, best: int, posts: Collection[int]) -> list[HtmlElement]:
    """The elements of ``best`` after its thread's last post, a line of text as well as a box: the
    thread ends there, and what follows is the forum's (similar threads, who is reading, a box to
    reply, the boards to jump to)."""
    if not posts:
        return []
    box = scores.stats.nodes[best]
    after: list[HtmlElement] = []
    node = scores.stats.nodes[max(posts)]
    while node is not box:
        after += [sibling for sibling in node.itersiblings() if isinstance(sibling.tag, str)]
        parent = node.getparent()
        if parent is None:
            return []
        node = parent
    return after


def _has_posts(scores: Scores, alike: Collection[int]) -> bool:
    """Two or more of the boxes ``alike`` hold a post's text (:data:`_POST_PROSE`, :data:`_POST_TEXT`)."""
    good, stats = scores.good, scores.stats
    posts = [i for i in alike if good[i] >= _POST_PROSE or subtree_chars(stats, i) >= _POST_TEXT]
    return len(posts) >= _POSTS


def _holding_prose(scores: Scores, posts: Collection[int]) -> frozenset[int]:
    """The boxes in ``posts`` (each post whole) that hold most of its prose: a short reply weighs
    less than its poster's card and its buttons beside it, but it is the reply. Pruning looks into
    them and takes out the chrome around the text (the card, the buttons), never the text; a card
    with a line of prose of its own ("from Guizhou") is no box of the text.

    1. Each post's own boxes: those holding more than half of its prose; for a reply of a few
       words and no prose, those holding most of its words outside links.
    2. The thread's layout: the ways down (:func:`_ways_down`) to own boxes that more than half of
       the posts share (posts of one kind are laid out alike), and the deepest of them, where
       the posts hold their text.
    3. Each post opens the boxes on the thread's ways down and those of its own at or below its
       box at the deepest way: a short reply whose poster's card ("Posts: 318", a blurb) outweighs
       its line is opened where the others hold their text, and its card is no box of it."""
    stats, good = scores.stats, scores.good
    own = {post: _own_boxes(stats, good, post) for post in posts}
    ways_of = {post: _ways_down(stats, post) for post in posts}
    ways = Counter(way for post, boxes in own.items() for way in {ways_of[post][i] for i in boxes})
    layout = {way for way, count in ways.items() if count * 2 > len(posts) and way}
    if not layout or len(posts) < _POSTS:
        return frozenset(i for boxes in own.values() for i in boxes)
    deepest = max(layout, key=len)
    opened: set[int] = set()
    for post, boxes in own.items():
        laid_out = [i for i, way in ways_of[post].items() if way in layout]
        text_box = next((i for i in laid_out if ways_of[post][i] == deepest), None)
        if text_box is None:
            opened.update(boxes)
            continue
        opened.update(laid_out)
        opened.add(post)
        opened.update(i for i in boxes if text_box <= i <= stats.ends[text_box])
    return frozenset(opened)


def _own_boxes(stats: TreeStats, good: list[float], post: int) -> list[int]:
    """The boxes of ``post`` holding more than half of its prose, or, for a reply with no prose,
    more than half of its words outside links."""
    inside = range(post, stats.ends[post] + 1)
    if good[post] > 0:
        return [i for i in inside if good[i] * 2 > good[post] and stats.ends[i] != i]
    words = [_unlinked_chars(stats, i) for i in inside]
    return [i for i, size in zip(inside, words, strict=True) if size * 2 > words[0] and stats.ends[i] != i]


def _ways_down(stats: TreeStats, post: int) -> dict[int, tuple[tuple[str, frozenset[str]], ...]]:
    """Per box of ``post`` (the post itself and the blocks inside it that are boxes, in document
    order), the kinds (:func:`_post_kind`) of the boxes from below ``post`` down to it, found in
    one walk down the post."""
    ways: dict[int, tuple[tuple[str, frozenset[str]], ...]] = {post: ()}
    for i in range(post + 1, stats.ends[post] + 1):
        if stats.ends[i] != i:  # a box: its parent, inside the post, is one too
            ways[i] = (*ways[stats.parents[i]], _post_kind(stats.nodes[i]))
    return ways


def _unlinked_chars(stats: TreeStats, box: int) -> int:
    """The characters of text in block ``box``'s subtree that are not a link's."""
    return sum(stats.chars[i] - stats.links[i] for i in range(box, stats.ends[box] + 1))


def _posters_cards(
    scores: Scores, posts: Collection[int], opened: Collection[int], lines: Collection[int] = ()
) -> list[HtmlElement]:
    """In each post, the box beside its text that holds no paragraph of prose and links to a member's profile:
    the poster's card (name, rank, "Posts: 5,812", "Karma: +210/-3"), not what they wrote. Beside
    means a child of a box of the post that holds most of its prose (:func:`_holding_prose`). A box
    named for the poster (:func:`_names_the_poster`) is the card though it holds a blurb of prose or
    was opened for a short reply it outweighs; so is a box opened so that holds none of the boxes
    where the thread sets its posts' text (``lines``, :func:`_text_lines`), when those are known."""
    if not posts:
        return []
    stats, removed = scores.stats, scores.removed
    paragraphs = paragraphs_of_prose(stats, removed)
    cards: list[HtmlElement] = []
    ordered_lines = sorted(lines)  # (looked up by range: a thread of thousands of posts)
    for post in posts:
        for box in (post, *stats.children(post)):
            if box not in opened:
                continue
            for child in stats.children(box):
                if child in removed:
                    continue
                is_card_named = _names_the_poster(stats.nodes[child])
                if paragraphs[child] > 0 and not is_card_named:
                    continue
                if (
                    child in opened
                    and not is_card_named
                    and (not lines or _holds_any(stats, child, ordered_lines))
                ):
                    continue  # (a box opened for a short reply's text; a card named so, blurb and all)
                # (a box named for the poster is the card though cleaning took its name's link, a
                # pop-up's control: vBulletin's "username popupctrl")
                if is_card_named or any(
                    _is_members_profile(a.get("href") or "", scores.site)
                    for a in stats.nodes[child].iter("a")
                ):
                    cards.append(stats.nodes[child])
    return cards


def _is_members_profile(href: str, site: str | None) -> bool:
    """``href`` links to a member's profile on the thread's own site (:func:`is_member_link`): a
    poster's card links there, and a reply linking a channel elsewhere (``youtube.com/@…``) is
    what the poster wrote."""
    return is_member_link(href) and not (site is not None and elsewhere(href, site))


def _opening_posts_card(scores: Scores, best: int, posts: Collection[int]) -> list[HtmlElement]:
    """Before a thread's first post found, the lines that say who posted the thread and when, with
    buttons: a line of no prose that links to a member's profile, states a date (a ``<time>``, or
    a date in its words) and holds :data:`_CARD_BUTTONS` other links or more ("212 points by
    <a href=user?id=ann>ann</a> on April 22, 2024 | hide | past | 4 comments"). A link board sets
    its submission's text apart from its comments, so the card of the opening post is outside the
    posts, where :func:`_posters_cards` does not look."""
    if not posts:
        return []
    stats, removed = scores.stats, scores.removed
    cards: list[HtmlElement] = []
    for i in range(best + 1, min(posts)):
        if i in removed or stats.ends[i] != i or scores.good[i] > 0 or stats.is_prose(i):
            continue
        el = stats.nodes[i]
        hrefs = [a.get("href") or "" for a in el.iter("a")]
        members = sum(1 for href in hrefs if _is_members_profile(href, scores.site))
        if not members or len(hrefs) - members < _CARD_BUTTONS:
            continue
        if has_any(el, ("time",)) or find_date(" ".join(el.text_content().split())) is not None:
            cards.append(el)
    return cards


_CARD_BUTTONS = 2  # links beside the poster's name on an opening post's card, at least ("hide", "past")


def _replies_beside(scores: Scores, post: int, box: int) -> list[int]:
    """The boxes after ``post`` in ``box`` named for replies, comments or answers that hold prose: a
    thread whose opening post and replies are boxes of two kinds (``<div class="topic-detail">``
    then ``<div id="replies">``; a question and ``<div id="answers">``)."""
    stats = scores.stats
    return [
        child
        for child in stats.children(box)
        if child > post
        and child not in scores.removed
        and scores.good[child] >= _POST_PROSE
        and _names_replies(f"{stats.nodes[child].get('class') or ''} {stats.nodes[child].get('id') or ''}")
    ]


# a box of a question's answers, by its name ("answers", Stack Exchange's ``id="answers"``,
# "answer-list"): the replies of a Q&A thread, as a box named for comments holds a forum's
_ANSWERS_NAME = re.compile(r"(?:^|[\s_-])answers(?:$|[\s_-])|answer[-_]?list", re.I)


def _names_replies(names: str) -> bool:
    """A class/id naming a box of replies: comments (:func:`comment_named`) or a question's answers."""
    return comment_named(names) or _ANSWERS_NAME.search(names) is not None


def _repeated_lines(stats: TreeStats, best: int, removed: Collection[int]) -> list[HtmlElement]:
    """The blocks inside ``best`` whose text (:data:`_REPEATED_WORDS` words or more, white space
    aside) stands in two blocks or more: on a thread, what each post repeats — "Please log in to
    join the conversation", a member's signature. A quotation of another post is no repeat (blocks
    in a ``<blockquote>`` or in a box whose class names a quote — vBulletin's ``bbcode_quote``,
    SMF's ``quote`` — but for one holding most of the thread, like those in a table or a code block,
    are neither counted nor taken)."""
    seen: dict[str, list[int]] = {}
    skip_end = -1
    thread_chars = subtree_chars(stats, best)
    for i in range(best + 1, stats.ends[best] + 1):
        if i <= skip_end or i in removed:
            continue
        el = stats.nodes[i]
        if el.tag in _NOT_REPEATS or (
            "quote" in (el.get("class") or "").lower() and not _holds_most_of(stats, i, thread_chars)
        ):
            skip_end = stats.ends[i]
            continue
        if stats.chars[i] == 0 or stats.ends[i] != i:
            continue  # a box: its lines are its blocks
        line = " ".join(el.text_content().split())
        if word_count(line) >= _REPEATED_WORDS:  # a CJK line by its characters, two a word
            seen.setdefault(line.casefold(), []).append(i)
    return [stats.nodes[i] for found in seen.values() if len(found) > 1 for i in found]


def _holds_most_of(stats: TreeStats, box: int, thread_chars: int) -> bool:
    """Block ``box`` holds more than half of the thread's ``thread_chars`` characters: no quotation of
    a post whatever its name says (GitHub's ``js-quote-selection-container`` holds a whole discussion)."""
    return subtree_chars(stats, box) * 2 > thread_chars


def _holds_any(stats: TreeStats, box: int, ordered: list[int]) -> bool:
    """Block ``box`` holds one of the blocks ``ordered`` (sorted), or is one."""
    at = bisect_left(ordered, box)
    return at < len(ordered) and ordered[at] <= stats.ends[box]
