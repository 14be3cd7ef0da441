"""Author values as pages write them → person names (pure).

"By A and B", "A, B & C", "Written by A | Updated March 5", "Analysis by A, CNN Editor-at-large",
"Text: A" give the names; a URL (an ``article:author`` Facebook profile), an e-mail, a ``@handle``,
anything with digits, a job title alone ("Staff Writer") or a part ending in one ("AP Auto Writer")
is not a name. A byline's names end where its time stamp starts ("Published 7:07 PM", "on Monday",
an ISO date); "Name. Publication" is two parts; a single word after a wire service is its dateline
("PTI, Washington").
Names are at most 100 characters and 8 words. Sources with one tag per author
(``citation_author``, ``dc.creator``) are not split, and their bibliographic "Last, First"
becomes "First Last".
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from weblens.extract.metatext import DOMAIN_NAME, clean_text, looks_like_url

__all__ = [
    "BYLINE_START",
    "BY_LABELS",
    "NAME_PARTICLES",
    "WORDS_LABELS",
    "dedupe_names",
    "handle_key",
    "is_credit",
    "is_handle",
    "is_member_link",
    "is_name",
    "is_organisation",
    "is_placeholder",
    "is_wire",
    "profile_handle",
    "reads_as_prose",
    "split_authors",
]

_MAX_AUTHOR = 100
_MAX_AUTHOR_WORDS = 8
_MAX_VALUE = 800
# the words before "by" that make a byline of it: "Written by", "Words by", "Reporting by"
BY_LABELS = (
    r"written|posted|submitted|reported|published|story|text|words|analysis|opinion|commentary|column|essay"
    r"|reporting|article|post"  # "Post by kestrel » Sat Oct 10" (phpBB)
    r"|hosted"  # a podcast's or a show's: "Hosted by Lena Park and Omar Haddad"
)
# the labels of the words' credit in the languages that write "Text:" beside "Photos:"
WORDS_LABELS = "text|texto|testo|tekst|texte"
# "written by", "published by" in other languages, before their "by" ("Écrit par", "Escrito por",
# "Geschrieben von", "Scritto da", "Geschreven door", "Skrivet av", "Napisane przez")
_OTHER_BY_LABELS = (
    r"(?:écrit|rédigé|publié|escrito|publicado|geschrieben|verfasst|veröffentlicht|scritto|pubblicato"
    r"|geschreven|gepubliceerd|skrivet|publicerad|napisane|opublikowane)\s+(?:par|por|von|da|door|av|przez)\b"
)
# what opens a line that is a byline: "By", "Written by", a foreign "by" before a name or a colon,
# an author's label ("Autor:")
BYLINE_START = re.compile(
    rf"(?:(?:{BY_LABELS})\s+)?by\b|{_OTHER_BY_LABELS}|(?:von|par|por|door|av|przez)(?:\s*:|\s|$)"
    r"|(?:autor(?:in)?|author|автор)\s*:"
    r"|作者\s*[:：]"  # Chinese "author:" (DedeCMS's "<small>作者:</small>李明轩")
    # the label of the words' credit, as magazines and universities set it under the headline
    # ("Text: Verena Pichler", "Tekst: Femke de Vries", "Texte : Léa Martin")
    rf"|(?:{WORDS_LABELS})\s?:"
    # Italian "di" in lower case before a capitalised name of two words ("di Giulia Benedetti · …"):
    # a sentence opens in capitals, and "Di" opens names ("Di Stefano")
    r"|(?-i:di)\s+(?=[A-ZÀ-Ý][^\W\d_]*\s+[A-ZÀ-Ý])",
    re.I,
)
_BY = re.compile(  # "By", "Written by", and a one-word label in any language: "Author:", "Текст:"
    rf"^(?:(?:{BY_LABELS})\s+)?by\b[:\s]*|^{_OTHER_BY_LABELS}[:\s]*|^authors?\s*[:\-]\s*"
    r"|^[^\W\d_]{2,15}\s?(?::\s+|：\s*)"  # and a CJK label's full-width colon: "作者：孙悦"
    # "by" in German, French, Spanish, Dutch, Swedish, Danish, Polish, before a name of two words or
    # more ("Von Hans Müller", "Par Jean Dupont"); "von" alone before one word is a name's particle
    r"|^(?:von|par|por|door|av|af|przez)\s+(?=\S+\s+\S)"
    # Italian "di", only in lower case (a name may open with "Di": "Di Stefano")
    r"|^(?-i:di)\s+(?=[A-ZÀ-Ý]\S*\s+\S)"
    # the Korean labels of a reporter's name and of a writer ("기자명 정민서 기자", "작성자 김민지")
    r"|^(?:기자명|작성자)\s*[:：]?\s*",
    re.I,
)
# another label after the names ends them: a name holds no colon ("… Editor: …", "… Photos: …", a
# word and a lower-case one: "… Publish date: …")
_NEXT_LABEL = re.compile(r"\s+[^\W\d_]{2,15}(?:\s[a-zà-ÿ]{2,15})?\s?(?::(?:\s|$)|：)")
# the label of the writer among a line's labelled parts ("本文来源：红星新闻 作者：孙悦 责任编辑：王晓丽",
# "Source: Reuters Author: Ann Lee"): the names follow it
_AUTHOR_LABEL = re.compile(r"(?<=\s)(?:作者|author|autor|auteur|autore|yazar)\s?[:：]\s*", re.I)
# an address in brackets after a name ("김민준 기자 (mjkim@yna.example)", "Ann Lee <ann@paper.example>",
# spelt out against harvesters as PEPs and mailing lists do, "<ann at paper.example>"): no part of it
# (an address alone after words is no sign of a name: "… Saskatoon SK Canada info@zu.com")
_EMAIL_AFTER = re.compile(r"\s*[(<\[][\w.+-]+(?:@|\s+at\s+)[\w-]+(?:(?:\.|\s+dot\s+)[\w-]+)+[)>\]]?$")
# a line that credits an editor, not a writer: "责任编辑：刘光博", "责编：黄忆南", "选稿：许文杰", "編集：…"
_EDITOR_LINE = re.compile(r"^[(（\[【]?\s*(?:责任编辑|責任編輯|责编|編集|编辑|編輯|选稿|選稿)\s?[:：]")
# a picture's credit, not a writer's: "Photo by Dana Whitcomb | Daily Ledger", "Foto: …", "Image: …"
_PICTURE_CREDIT = re.compile(
    r"^(?:photo(?:graph)?s?|image|picture|illustration|video|foto|fotos|bild|bilder|imagen|immagine)\s*(?:by\b|:)",
    re.I,
)
# a writer's initials, set beside the name (Polish and German papers: "AKw", "MKr", "JoS"): two capitals
# or more and a small letter in a word of four letters at most, no name (an agency's, all capitals, is)
_INITIALS = re.compile(r"^(?=(?:\w*[A-ZÀ-Ý]){2})(?=\w*[a-zß-ÿ])[^\W\d_]{2,4}$")
# letters of a degree or an office after a name ("Roy M. Poses MD", "Ann Lee, PhD"): not the name
_POST_NOMINALS = re.compile(r"(?:,?\s+(?:MD|M\.D\.|PhD|Ph\.D\.|DO|RN|MBA|MPH|DDS|DVM|Esq\.?|FRCP|FACP))+$")
# a reporter's role after a name in Korean, Japanese and Chinese ("신현주 기자", "山田太郎記者"): not the name
_REPORTER_ROLE = r"(?:(?:선임|수석|전문)?기자|특파원|記者|记者|特派員|特派员)"
_ROLE_AFTER_NAME = re.compile(rf"\s*{_REPORTER_ROLE}$")
# a writer's role after a name in English, set beside it with no comma ("Dana Whitcomb Staff Writer",
# "Ann Lee Senior Reporter"): no part of the name
_WRITER_ROLE_AFTER = re.compile(
    r"\s+(?:(?:senior|staff|chief|contributing|special|associate|managing|political|foreign|deputy|"
    r"investigative|national|business|sports?|science|health|technology|opinion|guest)\s+)+"
    r"(?:writer|reporter|editor|correspondent|contributor|columnist|producer|critic)s?$"
    r"|\s+(?:correspondent|columnist|contributor)$",
    re.I,
)
# a line that is a reporter's credit alone: a Korean, Chinese or Japanese name and the role ("김민지 기자")
# a Korean or a Chinese name: one word of two to four syllables or characters, no space
_CJK_NAME = r"(?:[가-힣]{2,4}|[\u4e00-\u9fff]{2,4})"
_REPORTER_CREDIT = re.compile(rf"(?:(?:기자명|작성자)\s*[:：]?\s*)?{_CJK_NAME}\s*{_REPORTER_ROLE}")
_TITLES = ("Mrs", "Prof", "Rev", "Sgt", "Capt", "Col", "Gen", "Gov", "Sen", "Rep", "Hon", "Msgr")
_AUTHOR_SPLIT = re.compile(
    # a full stop ends a part after a word (not after an initial, "Jr." or a title): "A Name. Publication"
    # a serial comma before the last name is one separator: "A, B, and C"
    r"\s*(?:,\s*(?:and|&)\s+|[,;|/•·\n]|\s&\s|\s+and\s+|\s+with\s+|(?<=[^\W\d_]{3})"
    + "".join(rf"(?<!\b{title})" for title in _TITLES)
    + r"\.\s+)\s*",
    re.I,
)
_TRIM = " .:-–—()[]\"'"
_HANDLE_AFTER = re.compile(r"\s*\(?@\w+\)?$")  # "Ann Lee (@annlee_writes)": the writer's handle
# what a byline adds in brackets after a name: an affiliation, a team, a handle, an address
# ("Hiroshi Tanabe (Lumen Browser)", "佐藤健太（プラットフォームチーム）"): no part of a name, and its
# commas part no names
_BRACKETED = re.compile(r"\s*[(（][^()（）]{1,80}[)）]")
# "and" in other languages between two names: German, Danish and Norwegian, Swedish, French, Dutch,
# Italian and Portuguese, Spanish, Polish and Czech, Turkish, Hungarian, Finnish, Russian, Indonesian.
# Only between two names of two words or more each, the second with a capital ("Felix Schröder und
# Jörg Soldwisch"): "y" and "da" are also parts of one name ("José Ortega y Gasset").
_OTHER_AND = re.compile(r"\s+(?:und|og|och|et|en|e|y|i|a|oraz|ve|és|ja|и|dan)\s+(?=[^\W\d_])")
# the small words a name may hold ("Ludwig van Beethoven", "Maria de la Cruz", "Rania bin Ali")
NAME_PARTICLES = frozenset(
    (
        "van", "von", "de", "der", "den", "da", "das", "do", "dos", "del", "della", "di", "du", "la", "le",
        "bin", "al", "y",
    )
)  # fmt: skip
_SMALL_WORDS = 2  # words in lower case (particles aside) after a capital that make a clause of a name
_ROLE_WORDS = frozenset(
    (
        "staff", "writer", "writers", "reporter", "reporters", "editor", "editors", "correspondent",
        "contributor", "contributing", "columnist", "senior", "special", "chief", "associate",
        "managing", "news", "desk", "team", "the", "guest", "freelance", "photographer", "author",
        "updated", "posted", "published", "min", "read",
        # the words of a byline's label: a value made only of these ("Posted on", "Written by") is
        # the label of a byline whose name sits in another element
        "on", "by", "at", "in", "from", "written", "submitted", "filed", "last",
        # "by" in other languages (of _BY): a byline's label, not a name ("Von" in a box of its own)
        "von", "par", "por", "door", "av", "af", "przez",
    )
)  # fmt: skip
# words in lower case that make a link to a writer's page of a name ("More from James", "See all
# stories", "Posts about Birds"): a name's own small words are particles ("van", "de")
_POINTER_WORDS = frozenset(("from", "about", "more", "all", "posts", "articles", "stories", "read", "view"))
_PROSE_WORDS = 3  # words in lower case that make a marked byline a bio (a byline has its labels only)
_ROLE_TITLES = frozenset(
    (
        "writer",
        "reporter",
        "editor",
        "correspondent",
        "contributor",
        "columnist",
        "staff",
        "producer",
        "intern",
        "critic",
    )
)


# wire services that sign stories, and newsroom words: a byline naming one names no person
_WIRES = (
    "associated press", "the associated press", "ap", "reuters", "thomson reuters", "afp",
    "agence france-presse", "agence france presse", "bloomberg", "bloomberg news", "dpa",
    "press association", "pa media", "upi", "united press international", "xinhua", "tass",
    "efe", "ansa", "kyodo news", "yonhap", "pti", "ians", "cnn", "bbc news", "canadian press",
    # Europe's national agencies, as they sign: Austria, Switzerland, Germany's church agencies, the
    # Netherlands, Belgium, the Nordic countries, Czechia, Poland, Hungary, Turkey
    "apa", "sda", "ats", "kna", "epd", "anp", "belga", "tt", "ntb", "ritzau", "stt", "čtk", "ctk", "pap",
    "mti", "anadolu", "anadolu agency",
)  # fmt: skip
# "newsroom" in German, French, Spanish, Italian, Dutch, Polish, Portuguese, Russian, Czech, Slovak,
# Greek, Finnish, Hungarian, Hebrew
_NEWSROOM_WORDS = (
    "redaktion", "rédaction", "redacción", "redazione", "redactie", "redakcja", "redação", "редакция",
    "redakce", "redakcia", "σύνταξη", "toimitus", "szerkesztőség", "מערכת",
)  # fmt: skip
# a poster the page does not name: anonymous, private, deleted (a Q&A site's hidden asker, "비공개")
_NO_ONE = (
    "anonym", "anonyme", "anónimo", "anonimo", "anônimo", "anonim", "аноним", "anonymous user",
    "匿名", "匿名用户", "匿名用戶", "匿名ユーザー", "非公開", "익명", "비공개", "[deleted]", "deleted user",
)  # fmt: skip
_NEWSROOMS = (
    "wire services", "news services", "news service", "wires", "agencies", "staff", "staff reports",
    "staff report", "editorial staff", "editorial team", "editorial board", "editorial", "editorials",
    "editors", "opinion", "newsroom", "admin", "administrator", "webmaster", "guest", "anonymous",
    "multiple sources", "various sources", "wire reports", "web desk", "news desk", "nachrichten",
    *_NEWSROOM_WORDS, *_NO_ONE,
)  # fmt: skip
# the nouns that open an outlet's name (in the Romance languages and Polish, its name after them):
# "Redação Jornal do Planalto", "Agencia Iberpress", "Diario de Navarra": no person's first name
_OUTLET_FIRST = frozenset(
    (*_NEWSROOM_WORDS, "newsroom", "agencia", "agência", "agenzia", "agence", "agencja", "diario", "jornal",
     "periódico", "gazzetta", "gazeta", "revista", "rivista")
)  # fmt: skip
# the last word of an organisation's name: a byline "by European Space Agency", "News Nation Bureau",
# "India Post News Weekly", "Sputnik International", "Office of University Communications" names no
# person (not "Press" or "Daily": surnames)
_ORGANISATION_WORDS = frozenset(
    (
        "agency", "agencies", "ministry", "ministries", "department", "university", "institute",
        "institution", "association", "society", "council", "committee", "commission", "foundation",
        "corporation", "company", "inc", "ltd", "llc", "gmbh", "bureau", "magazine", "journal",
        "gazette", "tribune", "weekly", "newspaper", "network", "media", "international",
        "news", "sources", "services", "organization", "organisation", "administration", "store",
        "stores", "shop", "authority", "government", "staff", "office", "communications", "nachrichten",
        "editorial", "desk",  # a newsroom's account: "Outrider Editorial", "Metro Desk"
        # the same in Arabic ("مكتب التحرير", "هيئة التحرير": the editing office, board), Persian
        # ("تحریریه"), Turkish ("Haber Merkezi": news centre), Hindi ("न्यूज़ डेस्क")
        "التحرير", "تحریریه", "merkezi", "डेस्क",
        "agentur", "agentschap", "e.v", "verein",  # "Sternfreunde Kleinbergen e.V."
        *_NEWSROOM_WORDS,
    )
)  # fmt: skip
# the endings of Chinese, Japanese and Korean names of outlets and newsrooms (a paper, a news
# site, an agency, a broadcaster, an editorial office), which no person's name ends with:
# 新京报, 红星新闻, 新华社, 연합뉴스, 조선일보, 朝日新聞社, NHK放送, 编辑部
_CJK_OUTLET = re.compile(
    r"(?:新闻|新聞|日报|日報|晚报|晚報|早报|早報|时报|時報|周刊|週刊|杂志|雜誌|新闻网|通讯社|通訊社|新华社|"
    r"电视台|電視台|广播|廣播|编辑部|編輯部|編集部|新聞社|通信社|放送|"
    r"뉴스|일보|신문|방송|통신|편집부|[报報网網社])$"
)
_AGENCY_TAIL = re.compile(
    r"(?:[\s,|/–—-]+(?:" + "|".join(re.escape(a) for a in sorted(_WIRES, key=len, reverse=True)) + r"))+\s*$",
    re.I,
)
_HANDLE = re.compile(r"^(?:[a-z0-9._-]+|[A-Z0-9._-]{4,})$")  # "jdadmin", "kevin-r", "KWCHCIK"
# a link to a user's profile on a community site: /users/janus-1, /u/kai, /@kai, /profile/kai, user?id=kai
_PROFILE_LINK = re.compile(r"(?:/(?:users?|u|profiles?|members?)/@?|/@|\buser\?id=)([\w.-]+)", re.I)
_MEMBER_LINK = re.compile(
    r"/members?/|/users?/|/u/|/profiles?/|/@|action=profile|mode=viewprofile|member\.php|space-uid-|\buid="
    r"|\buser\?id=",
    re.I,
)
_NUMBERED = re.compile(r"-\d+$")  # "janus-1": the site's number for a second "janus"
# a byline's date or time after the names: "By A and B Monday, November 18, 2019, 4:05 pm",
# "by kestrel » Sat Oct 10, 2026"; a separator (» | • ·) ends the names too
_DATE_AFTER = re.compile(
    r"\s(?:[»|•·]\s|(?:mon|tues|wednes|thurs|fri|satur|sun)day\b|(?:mon|tue|wed|thu|fri|sat|sun)\.?,?\s+(?=\d|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d)|"
    r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)"
    r"[a-z]*\.?\s+\d{1,2}\b|\d{1,2}\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b"
    # a time stamp's label or an ISO date: "… and Kevin McCoy USA TODAY Published 7:07 PM EST"
    r"|(?:published|updated|last updated|posted)\b|\d{4}-\d{2}-\d{2}"
    # a day, a month's name in any language and a year: "8 de noviembre de 2023", "12. März 2024"
    r"|\d{1,2}\.?\s+(?:de\s+)?[^\W\d_]{3,}\.?\s+(?:de\s+)?\d{4}\b"
    r"|on\s+(?=(?:mon|tue|wed|thu|fri|sat|sun|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b|\d))",
    re.I,
)


def is_organisation(name: str) -> bool:
    """A byline that names no person: a wire service or newsroom ("Reuters", "Telegraph Staff" is
    caught by its role word) or a name starting with "The"."""
    key = " ".join(name.casefold().split())
    if key in _WIRES or key in _NEWSROOMS or key.startswith("the ") or _AGENCY_TAIL.fullmatch(" " + key):
        return True
    if _CJK_OUTLET.search(key):
        return True
    if key.split(" ", 1)[0] in _OUTLET_FIRST:  # "Redação Jornal do Planalto", "Redaktion hessenschau.de"
        return True
    return key.rsplit(" ", 1)[-1].strip(".,") in _ORGANISATION_WORDS


def is_wire(name: str) -> bool:
    """A wire service's name as it signs ("dpa", "AP", "Reuters")."""
    return " ".join(name.casefold().split()) in _WIRES


def is_placeholder(name: str) -> bool:
    """A credit that names no one: a newsroom's generic word alone ("Staff", "Admin", "Editorial",
    "Redaktion"), where "HNN Staff" or "BR24 Redaktion" name a newsroom."""
    return " ".join(name.casefold().split()) in _NEWSROOMS


def is_handle(name: str) -> bool:
    """A login handle ("jdadmin", "kevin-r", "KWCHCIK"): one word in lower case, or in capitals with
    no name's shape. On a publication's page it is the account that posted, not a person's name;
    on a community's page whose profile it links to it is how the person is known."""
    return " " not in name and bool(_HANDLE.match(name))


def profile_handle(href: str, text: str = "") -> str | None:
    """The handle of a community's user profile that ``href`` links to, as :func:`handle_key`
    spells it: ``/users/janus-1`` (a number after the handle told apart from a namesake), ``/u/kai``,
    ``/@theahura``, ``/profile/kai``, ``user?id=kai``, or a path of the site's own of one segment
    that is the link's own ``text``, a handle (``<a href="/haruka-n">haruka-n</a>``: code hosts and
    social sites keep a member's profile at the site's root). An ``/author/…`` page is a
    publication's archive of its writers' posts, not a profile (a login handle there is the CMS
    account)."""
    found = _PROFILE_LINK.search(href)
    if found:
        return handle_key(_NUMBERED.sub("", found.group(1)))
    name = text.strip()
    if name and is_handle(name) and _ROOT_SEGMENT.fullmatch(href) and _root_segment(href) == handle_key(name):
        return handle_key(name)
    return None


# a path of one segment on the page's own site: "/kai" (no host: a link to "/kai" of another site
# is a list of links, a blogroll's "<a href=http://host.example/fuspey/>FUSPEY</a>"; no query)
_ROOT_SEGMENT = re.compile(r"/@?[\w.-]+/?")


def _root_segment(href: str) -> str:
    return handle_key(href.rstrip("/").rsplit("/", 1)[-1])


def is_member_link(href: str) -> bool:
    """``href`` links to a member's profile on a community, as forum engines write it: the paths
    :func:`profile_handle` reads a handle from, and those that name the member by number (phpBB's
    ``memberlist.php?mode=viewprofile``, SMF's ``action=profile``, vBulletin's ``member.php``,
    Discuz's ``space-uid-``, XenForo's ``/members/``)."""
    return _MEMBER_LINK.search(href) is not None


def handle_key(handle: str) -> str:
    return handle.casefold().lstrip("@")


def without_agency(name: str) -> str:
    """``name`` without a wire service after it: "Eric Tucker Associated Press" → "Eric Tucker"."""
    return _AGENCY_TAIL.sub("", name).strip(_TRIM) or name


def split_authors(raw: str, *, one_person: bool = False, organisations: bool = False) -> list[str]:
    """The person names in one author value: "By A and B" → ["A", "B"]; URLs, handles, roles → [].
    With ``organisations``, the names of whoever it credits (:func:`is_credit`): "By HNN Staff"
    → ["HNN Staff"], "The Associated Press" whole."""
    text = clean_text(raw, _MAX_VALUE)
    if not text or looks_like_url(text) or _EDITOR_LINE.match(text) or _PICTURE_CREDIT.match(text):
        return []
    if organisations:
        return _credits(text)
    if one_person:
        last, comma, first = text.partition(",")
        name = f"{first.strip()} {last.strip()}" if comma and "," not in first else text
        name = _BY.sub("", name).strip(_TRIM)
        return [name] if is_name(name) else []
    if (label := _AUTHOR_LABEL.search(text)) is not None:
        text = text[label.end() :]  # the writer's part of a line of labelled parts
    text = _BRACKETED.sub("", text)
    parts = (pair for piece in _AUTHOR_SPLIT.split(_naming_part(text)) for pair in _two_names(piece))
    return [name for name in _past_datelines(_person_part(part) for part in parts) if is_name(name)]


def _credits(text: str) -> list[str]:
    """The names a credit gives, organisations' too (see :func:`split_authors`), without an aside
    in brackets ("Deutsche Welle (www.dw.com)", "Agence France-Presse (AFP)": the trimming of a part's
    ends would otherwise leave its opening bracket)."""
    parts = _AUTHOR_SPLIT.split(_naming_part(_BRACKETED.sub("", text).strip() or text))
    return [
        name for name in _past_datelines(_BY.sub("", part).strip(_TRIM) for part in parts) if is_credit(name)
    ]


def _naming_part(text: str) -> str:
    """The part of an author value that names: without the "By" label before it, a date after
    it, or another label after it ("Eric Reynolds   Editor: Angela Bowey")."""
    return _NEXT_LABEL.split(_DATE_AFTER.split(_BY.sub("", text), maxsplit=1)[0], maxsplit=1)[0]


def _person_part(part: str) -> str:
    """A person's name as a byline's part writes it, without what bylines add to a name: a wire
    service after it, letters of a degree, a reporter's role, a handle, an address in brackets, a
    writer's role ("Dana Whitcomb Staff Writer")."""
    name = _POST_NOMINALS.sub("", without_agency(_BY.sub("", part).strip(_TRIM)))
    name = _HANDLE_AFTER.sub("", _ROLE_AFTER_NAME.sub("", _EMAIL_AFTER.sub("", name)))
    without_role = _WRITER_ROLE_AFTER.sub("", name)
    return without_role if len(without_role.split()) >= 2 else name


def _past_datelines(names: Iterable[str]) -> Iterator[str]:
    """``names`` without the dateline's place after a wire service or a site's address ("PTI,
    Washington", "site.de, Frankfurt"): a single word after one of those."""
    after_wire = False
    for name in names:
        if after_wire and " " not in name:
            continue
        after_wire = " ".join(name.casefold().split()) in _WIRES or bool(DOMAIN_NAME.match(name))
        yield name


def is_credit(name: str) -> bool:
    """Whether ``name`` can be whom a page credits, a person or an organisation ("BR24 Redaktion",
    "Jerusalem Post Staff"): not an address, a date or a time, a label alone or a clause."""
    if not name or len(name) > _MAX_AUTHOR or "@" in name or looks_like_url(name):
        return False
    words = name.split()
    if len(words) > _MAX_AUTHOR_WORDS or not any(ch.isalpha() for ch in name):
        return False
    if any(not any(ch.isalpha() for ch in word) for word in words):
        return False  # a number standing alone: "20 Nov 2019 08:00 GMT" (a name's own digits: "BR24")
    if all(word.lower().strip(".,") in _ROLE_WORDS for word in words):
        return False  # "Posted on", "Written by"
    return not reads_as_prose(name)


def _two_names(part: str) -> list[str]:
    """``part`` as the two names another language's "and" joins ("Anna Martel und Lea Wagner"),
    when each side has two words or more and the second opens with a capital; else ``part``."""
    found = _OTHER_AND.search(part)
    if found is None:
        return [part]
    first, second = part[: found.start()].strip(), part[found.end() :].strip()
    if len(first.split()) < 2 or len(second.split()) < 2 or not second[:1].isupper():
        return [part]
    return [first, *_two_names(second)]


# a Chinese story's opening credit: the outlet's dateline, then its reporters in brackets ("新京报讯
# （记者 李强）12月4日…", "本报讯（记者叶婉）", "新华社北京12月4日电（记者 王小明、李华）",
# "江南在线消息（记者 王建国）")
_LEDE_REPORTERS = re.compile(
    r"(?:[^（(\s]{1,30}?(?:[讯訊电電]|消息))?\s*[（(]\s*(?:本报|本報|本台|本刊)?(?:记者|記者)\s*([^）)]{1,40})[）)]"
)
# who else such a credit names, after the reporters: a correspondent, an intern, a photographer
_LEDE_OTHER_ROLES = re.compile(r"通讯员|通訊員|实习生|實習生|见习|見習|摄影|攝影|编辑|編輯|报道|報道")
_HAN_NAME = re.compile(r"[\u4e00-\u9fff]{2,4}")  # a Chinese name: two to four characters


def reporters_in_lede(text: str) -> list[str]:
    """The reporters a story's opening credits (:data:`_LEDE_REPORTERS`), up to any other role
    the credit names; a two-character name padded with a space ("方 敏") is one name."""
    found = _LEDE_REPORTERS.match(text)
    if found is None:
        return []
    part = _LEDE_OTHER_ROLES.split(found.group(1), maxsplit=1)[0]
    names: list[str] = []
    pending = ""  # a lone character: the first half of a padded name
    for token in filter(None, re.split(r"[\s、，,；;]+", part)):
        if len(token) == 1 and pending:
            token, pending = pending + token, ""
        elif len(token) == 1:
            pending = token
            continue
        if not _HAN_NAME.fullmatch(token):
            return []  # not a list of names: a clause, a place, an outlet
        names.append(token)
    return names if not pending else []


def is_reporter_credit(line: str) -> bool:
    """A line that credits one reporter and says nothing else: a Korean, Chinese or Japanese name and
    the word for reporter ("김민지 기자", "山田太郎記者"), as such pages set the byline."""
    return _REPORTER_CREDIT.fullmatch(line.strip()) is not None


def is_cjk_name(name: str) -> bool:
    """A Korean or a Chinese name as a byline writes it, one word ("한서윤", "王建国")."""
    return _CJK_NAME_WHOLE.fullmatch(name) is not None


_CJK_NAME_WHOLE = re.compile(_CJK_NAME)


def is_capitalised(word: str) -> bool:
    """A word written as a name is: opening with a capital, or with a letter of a script without
    case (Arabic, Hebrew, Devanagari, Chinese: "محمد العلي" is capitalised as far as it can be)."""
    first = word[:1]
    return first.isupper() or (first.isalpha() and not first.islower())


def is_name(name: str) -> bool:
    """Whether ``name`` can be a person's (or an agency's) name."""
    if not name or len(name) > _MAX_AUTHOR or any(ch.isdigit() for ch in name):
        return False
    if "@" in name or looks_like_url(name) or not any(ch.isalpha() for ch in name):
        return False
    words = name.split()
    if len(words) > _MAX_AUTHOR_WORDS or _INITIALS.match(name):
        return False
    lowered = [word.lower().strip(".,") for word in words]
    last = lowered[-1].split("-", 1)[0]  # "Editor-at-large", "Editor-in-chief"
    if last in _ROLE_TITLES or all(word in _ROLE_WORDS for word in lowered):
        return False
    # a clause, not a name: a capital, then words in lower case ("James writes about walking"); a
    # name written all in lower case ("bell hooks") and a script without case have none such
    small = [word for word in words[1:] if word[:1].islower() and word.lower() not in NAME_PARTICLES]
    if words[0][:1].isupper() and not _POINTER_WORDS.isdisjoint(small):
        return False  # the words of a link to the writer's page: "More from James", "Read all posts"
    return not (words[0][:1].isupper() and len(small) >= _SMALL_WORDS)


def reads_as_prose(text: str) -> bool:
    """A text of :data:`_PROSE_WORDS` words in lower case or more that are no byline's words (a
    label, a role, a particle, "and"): a writer's bio ("James writes about walking and birds"),
    not a byline ("Posted by admin on March 5", "By A and B, staff writers")."""
    small = 0
    for word in text.split():
        key = word.strip(_TRIM + ",;!?")
        if key[:1].islower() and key not in _ROLE_WORDS and key not in NAME_PARTICLES and key != "and":
            small += 1
            if small >= _PROSE_WORDS:
                return True
    return False


def dedupe_names(names: Iterable[str]) -> tuple[str, ...]:
    """``names`` without repeats (ignoring case), first spelling kept, in order."""
    seen: dict[str, str] = {}
    for name in names:
        seen.setdefault(name.casefold(), name)
    return tuple(seen.values())
