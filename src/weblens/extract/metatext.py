"""Small text rules shared by the metadata readers (pure).

- ``clean_text``: entities left over from double escaping decoded, whitespace collapsed,
  cut at a word boundary to a length limit.
- site names: ``site_keys`` spells the site's names and host for comparison (lower case,
  letters and digits only, with and without a leading "the"); ``is_site_name`` compares.
- ``strip_site_affix``: "Headline | Site" and "Site - Headline" (also with the full-width
  "｜" and "：" and the unspaced "-" and "_" of CJK titles) lose the site part when it is a known
  site name, or keep the part the page shows as its title (an ``<h1>``, a box named title); an
  archive note "(Published 2016)" is dropped.
- ``is_generic_title``: "Home", "Index", "Untitled Document" name no page.
- ``normalise_language``: a BCP 47-shaped tag in its usual case (``en``, ``en-US``,
  ``zh-Hant-TW``), from ``en_us``, ``EN-gb``, ``"de, en"``.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterable
from urllib.parse import urlsplit

from weblens.extract.text import CJK_CHARS

__all__ = [
    "DOMAIN_NAME",
    "answered_question",
    "clean_text",
    "first_clean",
    "host_of",
    "is_generic_title",
    "is_page_id",
    "is_root_url",
    "is_site_name",
    "looks_like_url",
    "name_key",
    "names_the_site",
    "normalise_language",
    "site_name_keys",
    "strip_site_affix",
    "title_parts",
]

_ENTITY = re.compile(r"&(?:#\d+|#x[0-9a-f]+|[a-z][a-z0-9]*);", re.I)
_SITE_AFFIXES = 2  # site names a title may end with
_ACCOUNT_PREFIX = 4  # letters of a one-word byline that opens the site's name
# " | ", " - ", "：", and in CJK titles an unspaced "-", "--", "_" or "|" ("标题-新华网", "标题--时政--某网",
# "标题_新闻_某网", "标题|版块 - 论坛"), also after a closing or before an opening full-width bracket
# ("青石镇（望川县下辖镇）_知识百科")
_TITLE_SEPARATOR = re.compile(
    rf"\s+(?:[|\-–—·•»«›‹:/~]{{1,2}})\s+|\s*[｜︱丨：]\s*|"
    rf"(?<=[{CJK_CHARS}）])(?:--|[-_|])(?=[{CJK_CHARS}（])"
)
# "… (Example 1.4 API)", "…上川町（北海タイムズ電子版）": a full-width bracket needs no space before it
_TRAILING_ASIDE = re.compile(r"(?:\s+[(（\[]|\s*[（【])[^()（）\[\]【】]+[)）\]】]\s*$")
# a bug tracker's number of the report before its summary: Bugzilla's "200123 – Summary", Redmine's
# "Bug #4512: Summary" (five digits bare before a dash: not a year's "2024 – The year in review", a
# magazine's "Issue 42: …" or a newsletter's "#118: …")
_ITEM_ID = re.compile(r"^(?:(?:bug|ticket|defect)\s+#?\d+:?|\d{5,}\s+[–—-])\s+(?=\S)", re.I)
# ... and after it, in a declared title's leading part: "Export fails (#1042) · Issues · …"
_ITEM_NUMBER = re.compile(r"\s+\(?#\d+\)?$")
_UNREAD_COUNT = re.compile(r"^\s*\(\d{1,3}\+?\)\s+(?=\S)")  # "(4) Post title": a site's count of unread news
_PUBLISHED_SUFFIX = re.compile(r"\s*[(（](?:published|updated|posted|first published)\s+\d{4}[)）]\s*$", re.I)
_GENERIC_TITLES = frozenset(
    (
        "home",
        "home page",
        "homepage",
        "index",
        "untitled",
        "untitled document",
        "welcome",
        "default",
        "main page",
    )
)
_NOT_ALNUM = re.compile(r"[\W_]+")
_LOOKS_LIKE_URL = re.compile(r"^(?:https?:|www\.|//)|^\S+\.[a-z]{2,}/", re.I)
_SECOND_LEVEL = frozenset(("co", "com", "org", "net", "ac", "gov", "edu", "ne", "or", "go"))
_HOST_NOISE = frozenset(("www", "m", "amp"))
_LANGUAGE = re.compile(r"^([a-z]{2,3})((?:-[a-z0-9]{1,8})*)$", re.I)


def clean_text(raw: str | None, limit: int) -> str | None:
    """``raw`` decoded, collapsed and cut to ``limit`` characters; None when nothing is left."""
    if not raw:
        return None
    text = raw[: limit * 4]
    if "&" in text and _ENTITY.search(text):
        text = html.unescape(text)
    text = " ".join(text.split())
    if len(text) > limit:
        text = text[:limit].rsplit(" ", 1)[0] or text[:limit]
    return text or None


def first_clean(candidates: Iterable[str | None], limit: int) -> str | None:
    """The first candidate that is not empty once cleaned."""
    for raw in candidates:
        text = clean_text(raw, limit)
        if text:
            return text
    return None


def looks_like_url(text: str) -> bool:
    return _LOOKS_LIKE_URL.search(text.strip()) is not None


def name_key(text: str) -> str:
    return _NOT_ALNUM.sub("", text.lower())


def host_of(url: str | None) -> str | None:
    if not url:
        return None
    try:
        return urlsplit(url).hostname
    except ValueError:
        return None


def is_root_url(url: str) -> bool:
    try:
        return urlsplit(url).path in ("", "/")
    except ValueError:
        return False


def site_name_keys(names: Iterable[str], url: str | None) -> frozenset[str]:
    """Comparison keys for the site's names and for the host of ``url`` (``news.bbc.co.uk`` → ``bbc``);
    a name with an aside after it is also the name before it ("X (formerly Twitter)": "X")."""
    names = list(names)
    keys = {name_key(name) for name in names}
    keys |= {name_key(name[: aside.start()]) for name in names if (aside := _TRAILING_ASIDE.search(name))}
    host = host_of(url)
    if host:
        labels = [label for label in host.split(".") if label not in _HOST_NOISE]
        keys.add(name_key(".".join(labels)))
        if len(labels) >= 2:
            registered = labels[-3] if len(labels) > 2 and labels[-2] in _SECOND_LEVEL else labels[-2]
            keys.add(name_key(registered))
    keys |= {key.removeprefix("the") for key in keys}
    keys.discard("")
    return frozenset(keys)


def is_site_name(text: str, keys: frozenset[str]) -> bool:
    key = name_key(text)
    return bool(key) and (key in keys or key.removeprefix("the") in keys)


def names_the_site(name: str, keys: frozenset[str]) -> bool:
    """A byline that is the site's name, or one word opening it (the account "Vortex" on
    vortexcannon.org, "Beachbody" on Beachbody On Demand)."""
    if is_site_name(name, keys):
        return True
    key = name_key(name)
    return (
        " " not in name.strip() and len(key) >= _ACCOUNT_PREFIX and any(site.startswith(key) for site in keys)
    )


DOMAIN_NAME = re.compile(r"^[\w-]+(?:\.[\w-]+)*\.[^\W\d_]{2,}$")  # "hessenschau.de": a site's address


def is_generic_title(title: str) -> bool:
    """A title that names no page: "Home", "Index", "Untitled Document"."""
    return " ".join(title.lower().split()) in _GENERIC_TITLES


def is_page_id(title: str) -> bool:
    """A wiki's name of a page in its namespace, not a title ("werkstatt:lasercutter", DokuWiki's
    ``<title>`` when its pages are not titled by their headings): lower case, no space, a colon."""
    return _PAGE_ID.fullmatch(title) is not None


_PAGE_ID = re.compile(r"[a-z0-9_.-]+(?::[a-z0-9_.-]+)+")


def leading_part(title: str) -> str:
    """The part of ``title`` before its first separator ("Page" of "Page · Section · Site"), without
    an item's number after it ("Export fails (#1042) · Issues · …": the tracker's number of the
    issue, which its heading shows apart or not at all)."""
    found = _TITLE_SEPARATOR.search(title)
    part = title[: found.start()].strip() if found else title
    return _ITEM_NUMBER.sub("", part) or part


def title_parts(title: str) -> list[str]:
    """The parts a title's separators divide it into ("Site - Section - Headline": three)."""
    return [part for piece in _TITLE_SEPARATOR.split(title) if (part := piece.strip())]


def strip_site_affix(title: str, keys: frozenset[str], shown: Callable[[], frozenset[str]]) -> str:
    """``title`` without a leading or trailing site name (see the module docstring) and without the
    count of unread notifications a site sets before it in the tab ("(4) "); ``shown()``
    gives the :func:`name_key` keys of the texts the page shows its title in (its ``<h1>``…), asked
    for only when the title has parts to choose from."""
    title = _PUBLISHED_SUFFIX.sub("", _UNREAD_COUNT.sub("", title)) or title
    title = _ITEM_ID.sub("", title) or title
    aside = _TRAILING_ASIDE.search(title)
    if aside is not None:  # "Page (Product 1.4 API)" over a heading "Page"; a wiki's "Page [Wiki name]"
        head = title[: aside.start()].strip()
        if name_key(head) in shown():
            return head
        if head and is_site_name(aside.group(0).strip(" ([（)]）"), keys):
            title = head
    site, colon, rest = title.partition(": ")
    if colon and rest.strip() and is_site_name(site, keys):  # a blog's "Name: Post title"
        title = rest.strip()
    elif colon and rest.strip() and _is_someone_on_site(site, keys):
        # a social site's share title: "r/Baking on Site: Title", 'Ann on X: "a post" / X'
        return _unquoted(strip_site_affix(rest.strip(), keys, shown))
    stripped = False
    for _ in range(_SITE_AFFIXES):  # "Page | Wiki name | Host of wikis": a site, and the site of sites
        separators = list(_TITLE_SEPARATOR.finditer(title))
        if not separators:
            break
        last, first = separators[-1], separators[0]
        head, tail = title[: last.start()].strip(), title[last.end() :].strip()
        if not (head and is_site_name(tail, keys)):
            break
        title, stripped = head, True
    if stripped:  # "Title（Publisher） - Portal": the portal, then the publisher's name after the title shown
        return _without_shown_aside(title, shown) or title
    if not separators:
        return title
    lead, rest = title[: first.start()].strip(), title[first.end() :].strip()
    if rest and is_site_name(lead, keys):
        return _longest_shown_run(rest, shown) or rest  # "Forum :: View topic - Topic": the topic
    # a site's address ("Aquariumforum.nl") is its name, however the page shows it; of the parts
    # shown, the longest (a forum's header shows its name over the topic: "Club :: View topic - Topic")
    parts = [
        p for p in (head, rest, lead, tail) if p and name_key(p) in shown() and not DOMAIN_NAME.fullmatch(p)
    ]
    if parts:
        return max(parts, key=len)
    # the part shown once its aside goes: "Topic【Board】_Site" over a heading "Topic"
    if (bare := _without_shown_aside(head, shown)) is not None:
        return bare
    # a run of inner parts that the page shows: the topic of "Forum :: View topic - Topic – question?"
    if (run := _longest_shown_run(title, shown)) is not None and not DOMAIN_NAME.fullmatch(run):
        return run
    if len(separators) >= 2:  # the site, then its section: "标题_江南在线_新闻中心", "Title | Site | News"
        before = separators[-2]
        site = title[before.end() : last.start()].strip()
        if is_site_name(site, keys) and title[: before.start()].strip():
            return title[: before.start()].strip()
    return title


# a Q&A site's title of one answer page: "Gareth Pemberton's answer to Why do stone bridges last?"
_ANSWER_TO = re.compile(r"[^:|]{1,80}?['’]s (?:answer|reply|response) to\s+", re.I)


def answered_question(title: str, others: Iterable[str]) -> str | None:
    """The question of a Q&A site's title of one answer ("Gareth Pemberton's answer to Why do stone
    bridges last?") when the page also declares that question as a title of its own (its
    ``<title>``, ``twitter:title``): None else ("Microsoft's answer to a rival" is a headline)."""
    answer = _ANSWER_TO.match(title)
    if answer is None:
        return None
    question = title[answer.end() :].strip()
    return question if name_key(question) in {name_key(other) for other in others} else None


def _is_someone_on_site(lead: str, keys: frozenset[str]) -> bool:
    """``lead`` names a member or a community on the site: "r/Baking on Site", "Ann Lee on X"."""
    who, on, site = lead.rpartition(" on ")
    return bool(on and who.strip()) and is_site_name(site, keys)


# a title set in quotes whole, as a share title quotes a post: '"a post"', "“a post”", "«un post»"
_QUOTED = re.compile(r'^(["“„«「『])(.+)(["”“»」』])$')


def _unquoted(title: str) -> str:
    found = _QUOTED.match(title)
    return found.group(2).strip() if found and '"' not in found.group(2) else title


def _longest_shown_run(title: str, shown: Callable[[], frozenset[str]]) -> str | None:
    """The longest run of ``title``'s parts between separators that the page shows as its title:
    "Topic – question?" of "View topic - Topic – question?" (a part can hold a separator of its
    own); None when the page shows none."""
    separators = list(_TITLE_SEPARATOR.finditer(title))
    if not separators:
        return None
    bounds = [(0, 0), *((found.start(), found.end()) for found in separators), (len(title), len(title))]
    runs = (
        title[bounds[first][1] : bounds[last][0]].strip()
        for first in range(len(bounds) - 1)
        for last in range(first + 1, len(bounds))
    )
    keys = shown()
    return max((run for run in runs if run and name_key(run) in keys), key=len, default=None)


def _without_shown_aside(title: str, shown: Callable[[], frozenset[str]]) -> str | None:
    """``title`` without the aside in brackets at its end, when the page shows the rest as its title
    ("Page (Product 1.4 API)" over a heading "Page"); None otherwise."""
    aside = _TRAILING_ASIDE.search(title)
    if aside and name_key(title[: aside.start()]) in shown():
        return title[: aside.start()].strip()
    return None


def without_subject_tag(title: str, *, board: bool = False) -> str:
    """``title`` without the tag in brackets a list or a forum sets before a subject ("[Tessera-dev]
    Proposal: …", "[求助] 水草缸…"): the list's or the board's name, not the title's. A tag in
    lenticular brackets ("【公告】…") goes only on a ``board``'s thread: Japanese and Chinese
    headlines open with one ("【速報】…", "【2024年版】…")."""
    found = (_BOARD_TAG if board else _SUBJECT_TAG).match(title)
    return title[found.end() :] if found is not None else title


# a tag of a few words in brackets, a title after it; on a board's thread, in lenticular brackets too
_SQUARE_TAG = r"\[[^\[\]]{1,24}\]"
_SUBJECT_TAG = re.compile(rf"\s*{_SQUARE_TAG}\s*(?=\S{{2}})")
_BOARD_TAG = re.compile(rf"\s*(?:{_SQUARE_TAG}|【[^【】]{{1,12}}】)\s*(?=\S{{2}})")


def without_page_number(title: str) -> str:
    """``title`` without the number of the page of a paginated thread or story after it ("… - Page
    2", "… (Seite 3 von 5)", "… | Página 2"): the page's place in the whole, not its title."""
    found = _PAGE_NUMBER.search(title)
    return title[: found.start()] if found is not None and found.start() >= _TITLE_LEFT else title


# "Page 2", "Page 2 of 5" in the languages of the pool and the probe sets, after a separator or in
# brackets at the title's end
_PAGE_WORDS = r"(?:page|pagina|página|seite|strona|страница|sayfa|sivu|sida|side|oldal|stránka)"
_PAGE_NUMBER = re.compile(
    rf"\s*(?:[-–—|:,·]{{1,2}}\s*{_PAGE_WORDS}\s*\d+(?:\s*(?:of|/|von|de|di|z|из|sur)\s*\d+)?"
    rf"|\(\s*{_PAGE_WORDS}\s*\d+(?:\s*(?:of|/|von|de|di|z|из|sur)\s*\d+)?\s*\))\s*$",
    re.I,
)
_TITLE_LEFT = 2  # characters of the title that must stay before it


def normalise_language(raw: str | None) -> str | None:
    """A language tag in its usual case (``en``, ``en-US``, ``zh-Hant-TW``), or None if ``raw`` is not one."""
    if not raw:
        return None
    tag = raw.split(",")[0].split(";")[0].strip().replace("_", "-")
    match = _LANGUAGE.match(tag)
    if not match:
        return None
    parts = [match.group(1).lower()]
    for sub in match.group(2).split("-")[1:]:
        if len(sub) == 2 and sub.isalpha():
            parts.append(sub.upper())
        elif len(sub) == 4 and sub.isalpha():
            parts.append(sub.title())
        else:
            parts.append(sub.lower())
    return "-".join(parts)
