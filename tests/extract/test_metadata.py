"""Metadata: source priority, its documented exceptions, JSON-LD, dates, authors, robustness."""

from __future__ import annotations

import json
import random
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import lxml.etree
import lxml.html
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from lxml.html import HtmlElement

import weblens
from weblens.extract import metadata as metadata_module
from weblens.extract.authors import is_organisation, split_authors
from weblens.extract.dates import date_from_url, normalise_date
from weblens.extract.jsonld import JsonLdFacts, load_jsonld
from weblens.extract.metadata import Metadata, extract_metadata
from weblens.extract.metatext import name_key, normalise_language, site_name_keys, strip_site_affix

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "metadata"


def parse(html: str) -> HtmlElement:
    return lxml.html.document_fromstring(html)


def meta_of(
    head: str, body: str = "<p>text</p>", url: str | None = "https://news.example/a/story"
) -> Metadata:
    return extract_metadata(parse(f"<html><head>{head}</head><body>{body}</body></html>"), url)


def ld(data: object) -> str:
    return f'<script type="application/ld+json">{json.dumps(data)}</script>'


def fixture(name: str) -> HtmlElement:
    return parse((FIXTURES / f"{name}.html").read_text(encoding="utf-8"))


# ---------------------------------------------------------------- fixture pages


def test_news_article_page() -> None:
    found = extract_metadata(fixture("news_article"), "https://daily.example/news/harbour-bridge?ref=home")
    assert found == Metadata(
        title="Harbour bridge reopens after repairs",
        description="The bridge carried its first cars in two years on Monday.",
        authors=("Ada Lovelace", "Charles Babbage"),  # article:author is a URL, so JSON-LD names them
        published_date="2024-03-15T10:30:00+01:00",
        canonical_url="https://daily.example/news/harbour-bridge",  # <link rel=canonical>, resolved
        site_name="The Daily Example",
        language="en-GB",  # <html lang> before og:locale
        image="https://daily.example/media/bridge.jpg",
        declared_types=frozenset({"newsarticle", "person", "organization", "imageobject"}),
    )


def test_yoast_graph_page() -> None:
    found = extract_metadata(fixture("yoast_graph"), "https://backblog.example/rezepte/brot/")
    assert found.title == "Wie man Brot backt"  # the Article headline, not the WebPage name with its suffix
    assert found.authors == ("Grete Müller",)  # an @id reference into the @graph
    assert found.published_date == "2023-11-02T07:15:00+00:00"  # from the WebPage: the Article has none
    assert found.canonical_url == "https://backblog.example/rezepte/brot/"
    assert found.site_name == "Backblog"  # the WebSite node
    assert found.language == "de-DE"
    assert found.image == "https://backblog.example/img/brot-1.jpg"  # first of an array
    assert found.description == "Ein einfaches Rezept."


def test_malformed_jsonld_is_repaired_or_skipped() -> None:
    found = extract_metadata(fixture("malformed_jsonld"), None)
    assert found.title == "Quarterly report, repaired"  # comment wrapper and trailing commas repaired
    assert found.authors == ("Grace Hopper",)
    assert found.published_date == "2022-07-01"


def test_scholarly_citation_meta() -> None:
    found = extract_metadata(fixture("scholarly"), "https://journal.example/doi/10.1112/plms")
    assert found.title == "On Computable Numbers, with an Application to the Entscheidungsproblem"
    assert found.authors == ("Alan Turing", "Alonzo Church")  # one tag per author, "Last, First"
    assert found.published_date == "1936-11-12"
    assert found.language == "en"


def test_plain_page_falls_back_to_html() -> None:
    found = extract_metadata(fixture("plain"), "https://garden.example/2021/05/02/notes")
    assert found.title == "Notes from the garden"  # the <svg><title> is not the document title
    assert found.authors == ("Rosalind Franklin",)  # a byline class, "Words by" stripped
    assert (
        found.published_date == "2021-05-02"
    )  # the <time pubdate> is labelled "updated"  # the <time pubdate>, before other <time>s
    assert found.canonical_url is None
    assert found.language is None


# ---------------------------------------------------------------- title


def test_og_title_beats_jsonld_meta_and_title() -> None:
    head = (
        '<title>Doc title</title><meta name="twitter:title" content="Twitter title">'
        + ld({"@type": "Article", "headline": "LD headline"})
        + '<meta property="og:title" content="OG title">'
    )
    assert meta_of(head).title == "OG title"


def test_a_line_break_in_the_heading_parts_the_title_s_words() -> None:
    head = "<title>Uses of Class org.example.Item (Example 1.4 API)</title>"
    body = "<h1>Uses of Class<br>org.example.Item</h1><p>text</p>"
    assert meta_of(head, body).title == "Uses of Class org.example.Item"


@pytest.mark.parametrize(
    ("declared", "title"),
    [
        ("[Tessera-dev] Proposal: drop Python 3.8 support", "Proposal: drop Python 3.8 support"),
        ("[求助] 水草缸开缸三个月怎么办？", "水草缸开缸三个月怎么办？"),
        ("[Updated] Tide tables for 2025", "Tide tables for 2025"),
        ("The [bracketed] word stays", "The [bracketed] word stays"),
        ("[1]", "[1]"),  # nothing after the brackets: no tag
    ],
)
def test_a_lists_or_a_boards_tag_before_the_subject_is_no_part_of_the_title(
    declared: str, title: str
) -> None:
    assert meta_of(f"<title>{declared}</title>").title == title


def test_a_tag_in_lenticular_brackets_goes_on_a_boards_thread_and_stays_in_a_headline() -> None:
    thread = "https://bbs.example.cn/thread-2871345-1-1.html"
    assert meta_of("<title>【公告】春节假期安排</title>", url=thread).title == "春节假期安排"
    story = "https://news.example.jp/articles/8f3c1d2e"
    assert meta_of("<title>【速報】北陵県で震度4</title>", url=story).title == "【速報】北陵県で震度4"


def test_a_publishers_name_in_brackets_after_the_title_shown_goes_with_the_portals_name() -> None:
    # a portal's syndicated story: "Title（Publisher） - Portal", the page's heading shows "Title"
    head = "<title>住宅地でクマ目撃 上川町（北海タイムズ電子版） - ソラトニュース</title>"
    head += '<meta property="og:site_name" content="ソラトニュース">'
    body = "<h1>住宅地でクマ目撃 上川町</h1><p>text</p>"
    assert meta_of(head, body).title == "住宅地でクマ目撃 上川町"


def test_og_title_that_is_the_site_name_loses() -> None:
    head = (
        '<meta property="og:title" content="The Example Times"><meta property="og:site_name" '
        'content="The Example Times">' + ld({"@type": "NewsArticle", "headline": "Real headline"})
    )
    assert meta_of(head).title == "Real headline"


def test_og_title_that_is_the_host_name_loses() -> None:
    head = '<meta property="og:title" content="News.example"><title>Storm closes schools</title>'
    assert meta_of(head).title == "Storm closes schools"


@pytest.mark.parametrize(
    ("home", "title"),
    [
        ("<a href='/'>Hacker Board</a>", "Tide clocks explained"),
        ("<a href='https://www.news.example/'>Hacker Board</a>", "Tide clocks explained"),
        # not a home page: an anchor, a script, another site's home, a page of the site
        ("<a href='#'>Hacker Board</a>", "Tide clocks explained | Hacker Board"),
        ("<a href='javascript:void(0)'>Hacker Board</a>", "Tide clocks explained | Hacker Board"),
        ("<a href='https://other.example/'>Hacker Board</a>", "Tide clocks explained | Hacker Board"),
        ("<a href='/about'>Hacker Board</a>", "Tide clocks explained | Hacker Board"),
    ],
)
def test_the_text_of_a_link_home_names_the_site(home: str, title: str) -> None:
    found = meta_of("<title>Tide clocks explained | Hacker Board</title>", f"<div>{home}</div><p>text</p>")
    assert found.title == title


@pytest.mark.parametrize(
    ("title", "expected"),
    [
        ("North Quay Lighthouse | Harbour Wiki | Fandom", "North Quay Lighthouse"),
        ("North Quay Lighthouse | Harbour Wiki", "North Quay Lighthouse"),
        ("North Quay Lighthouse - History | Harbour Wiki", "North Quay Lighthouse - History"),
        ("North Quay Lighthouse | Keepers | Fandom", "North Quay Lighthouse | Keepers"),
    ],
)
def test_a_title_loses_the_wiki_and_the_host_of_wikis_it_ends_with(title: str, expected: str) -> None:
    keys = site_name_keys(["Harbour Wiki"], "https://harbour.fandom.example/wiki/North_Quay_Lighthouse")
    assert strip_site_affix(title, keys, frozenset) == expected


@pytest.mark.parametrize(
    ("declared", "h1", "title"),
    [
        # the headline is the declared title's first part: the parts after it are a section and a site
        (
            "Harbour bridge reopens - Local - Coastal Times",
            "Harbour bridge reopens",
            "Harbour bridge reopens",
        ),
        (
            "Sync stops at berth 3 · Issue #431 · quay/quay",
            "Sync stops at berth 3 #431",
            "Sync stops at berth 3 #431",
        ),
        # a label before the headline
        (
            "Tide clocks and the lunar day",
            "Title: Tide clocks and the lunar day",
            "Tide clocks and the lunar day",
        ),
        # a short form of a title with no separator still loses to it
        (
            "On computable numbers, with an application to the decision problem",
            "On computable numbers",
            "On computable numbers, with an application to the decision problem",
        ),
    ],
)
def test_the_headline_shown_wins_over_a_declared_title_with_parts_around_it(
    declared: str, h1: str, title: str
) -> None:
    assert meta_of(f"<title>{declared}</title>", f"<h1>{h1}</h1><p>text</p>").title == title


@pytest.mark.parametrize(
    ("headings", "title"),
    [
        # the one heading named as the entry's title
        ("<h3 class='post-title entry-title'>Rebuilding the tide clock</h3>", "Rebuilding the tide clock"),
        # a widget's heading named "title" is not the entry's
        (
            "<h3 class='post-title entry-title'>Rebuilding the tide clock</h3>"
            "<h2 class='title'>Subscribe</h2>",
            "Rebuilding the tide clock",
        ),
        # a listing's several entries: none is the page's title
        (
            "<h3 class='post-title'>Rebuilding the tide clock</h3><h3 class='post-title'>Knots</h3>",
            "Harbour Notes",
        ),
    ],
)
def test_a_blog_titled_by_its_name_alone_takes_its_entrys_title(headings: str, title: str) -> None:
    """An old blog template titles every page with the blog's name, and its banner's ``<h1>`` is the
    blog's name too: the post's title is the heading named as the entry's title."""
    page = meta_of(
        "<title>Harbour Notes</title><meta property='og:site_name' content='Harbour Notes'>",
        f"<header><h1 class='title'><a href='/'>Harbour Notes</a></h1></header>{headings}<p>text</p>",
        url="https://harbournotes.example/2024/04/tide-clock.html",
    )
    assert page.title == title


@pytest.mark.parametrize(
    ("declared", "shown", "title"),
    [
        # an unknown site's name after the title, which the page shows in a link named title
        (
            "Tide clocks explained | Harbour Board",
            "<a class='title' href='/t/1'>Tide clocks explained</a>",
            "Tide clocks explained",
        ),
        (
            "Knots for mooring : sailing",
            "<span class='titleline'><a href='/k'>Knots for mooring</a></span>",
            "Knots for mooring",
        ),
        # an <h1> after another that shows a vote count
        (
            "Simulators — Alignment Board",
            "<h1>690</h1><h1><a href='/posts/1'>Simulators</a></h1>",
            "Simulators",
        ),
        # a CJK title's unspaced "-" and "_" part it as spaced separators do
        (
            "短缺药品保供稳价-新华网",
            "<h1><span class='title'>短缺药品保供稳价</span></h1>",
            "短缺药品保供稳价",
        ),
        (
            "以战时内阁审查重启停火谈判提案_新闻频道_中国青年网",
            "<h1>以战时内阁审查重启停火谈判提案</h1>",
            "以战时内阁审查重启停火谈判提案",
        ),
        # a hyphen inside a word of a Latin title parts nothing
        ("Tide-clocks", "<h1>Tide</h1>", "Tide-clocks"),
        # a box named title that shows none of the parts
        (
            "Tide clocks explained | Harbour Board",
            "<div class='title'>Latest posts</div>",
            "Tide clocks explained | Harbour Board",
        ),
        # a forum's address shown in its banner, its page's kind, then the topic, which holds a dash
        (
            "Harbourboard.nl :: View topic - Tide clocks stop – what did I do wrong?",
            "<span class='maintitle'>Harbourboard.nl</span>"
            "<a class='maintitle' href='viewtopic.php?t=4'>Tide clocks stop – what did I do wrong?</a>",
            "Tide clocks stop – what did I do wrong?",
        ),
    ],
)
def test_a_declared_title_keeps_the_part_the_page_shows_as_its_title(
    declared: str, shown: str, title: str
) -> None:
    assert meta_of(f"<title>{declared}</title>", f"<div>{shown}</div><p>text</p>").title == title


@pytest.mark.parametrize(
    ("declared", "title"),
    [
        # the declared title adds the writer's name to the headline shown
        (
            "Inventory at the Closing Hardware Store by Delia Marchetti",
            "Inventory at the Closing Hardware Store",
        ),
        ("Inventaire de la quincaillerie par Delia Marchetti", "Inventaire de la quincaillerie"),
        # more than a name after "by": a title of its own
        (
            "Inventory at the Closing Hardware Store by the river, as the town remembers it",
            "Inventory at the Closing Hardware Store by the river, as the town remembers it",
        ),
    ],
)
def test_a_declared_title_that_adds_its_writer_loses_to_the_headline_shown(declared: str, title: str) -> None:
    headline = declared.split(" by ")[0].split(" par ")[0]
    page = meta_of(f"<meta property='og:title' content='{declared}'>", f"<h1>{headline}</h1><p>text</p>")
    assert page.title == title


def test_a_forums_title_after_its_name_keeps_the_topic_the_page_shows() -> None:
    """ "Forum :: View topic - Topic": the forum's name, the kind of page, then the topic the page
    shows (a part with a dash of its own)."""
    topic = "Tide clocks stop – what did I do wrong?"
    page = meta_of(
        f"<title>Harbour Board :: View topic - {topic}</title>",
        f"<a class='maintitle' href='viewtopic.php?t=4'>{topic}</a><p>text</p>",
        url="https://harbourboard.example/viewtopic.php?t=4",
    )
    assert page.title == topic


def test_an_h1_that_links_up_to_the_index_page_of_a_directory_above_names_the_manual() -> None:
    # a manual's banner: "../index.html" is the directory above the page, as "/r/sailing" is
    html = (
        "<html><head><title>How-to guides &#8212; Tidetable 3.2 documentation</title></head><body>"
        "<div id='hd'><h1><a href='../index.html'>Tidetable 3.2 documentation</a></h1></div>"
        "<div id='main'><h1>How-to guides</h1><p>Short answers to common questions.</p></div></body></html>"
    )
    found = extract_metadata(parse(html), "https://docs.example/tidetable/howto/index.html")
    assert found.title == "How-to guides"


@pytest.mark.parametrize(
    ("h1", "title"),
    [
        # one link to a section above the page: the community's name, not the page's
        ("<a href='/r/sailing'>sailing</a>", "Best knot for a mooring?"),
        # a link to a page beside it: no sign that it names the page's section
        ("<a href='/r/boats'>sailing</a>", "sailing"),
        # a link to the page itself (its permalink): its headline
        ("<a href='/r/sailing/comments/abc/best_knot/'>Best knot, asked</a>", "Best knot, asked"),
    ],
)
def test_an_h1_that_links_up_to_a_section_names_it(h1: str, title: str) -> None:
    found = extract_metadata(
        parse(
            "<html><head><title>Best knot for a mooring? : sailing</title></head>"
            f"<body><h1>{h1}</h1></body></html>"
        ),
        "https://forum.example/r/sailing/comments/abc/best_knot/",
    )
    assert found.title == title


def test_a_header_h1_that_links_home_is_the_site_name_not_the_title() -> None:
    body = (
        "<header><h1><a href='/'>Ann's notes</a></h1></header>"
        "<article><h1>On the tides of the north quay</h1><p>text</p></article>"
    )
    found = meta_of("<title>On the tides of the north quay | Ann's notes</title>", body)
    assert found.title == "On the tides of the north quay"


@pytest.mark.parametrize("bar", ["<div id='menu-bar' class='menu-bar'>", "<div class='navbar'>"])
def test_an_h1_in_a_menu_bar_is_the_books_name_not_the_title(bar: str) -> None:
    body = (
        f"<div class='page'>{bar}<h1 class='menu-title'>The Tide Book</h1></div>"
        "<main><h2>Reading the Tables</h2><p>text</p></main></div>"
    )
    found = meta_of("<title>Reading the Tables - The Tide Book</title>", body)
    assert found.title == "Reading the Tables"


def test_site_name_title_is_used_when_nothing_else() -> None:
    head = '<meta property="og:title" content="Example Times">'
    head += '<meta property="og:site_name" content="Example Times">'
    assert meta_of(head, body="").title == "Example Times"


@pytest.mark.parametrize(
    ("title", "expected"),
    [
        ("Storm closes schools | The Example Times", "Storm closes schools"),
        ("Storm closes schools - Example Times", "Storm closes schools"),  # "The" optional
        ("The Example Times — Storm closes schools", "Storm closes schools"),
        ("Storm closes schools | Weather | The Example Times", "Storm closes schools | Weather"),
        ("Storm - closes schools", "Storm - closes schools"),  # not the site name: kept
        ("Storm closes schools « The Example Times", "Storm closes schools"),  # older WordPress themes
        ("The Example Times › Storm closes schools", "Storm closes schools"),
    ],
)
def test_site_affix_is_stripped_from_title(title: str, expected: str) -> None:
    head = f'<title>{title}</title><meta property="og:site_name" content="The Example Times">'
    assert meta_of(head, body="").title == expected


def test_title_suffix_stripped_when_rest_is_the_h1() -> None:
    head = "<title>Storm closes schools :: Evening Bulletin</title>"
    assert meta_of(head, body="<h1>Storm closes schools</h1>").title == "Storm closes schools"


def test_title_falls_back_to_h1() -> None:
    assert meta_of("", body="<h1> A  heading\n here </h1>").title == "A heading here"


def test_title_entities_and_whitespace_cleaned() -> None:
    head = '<meta property="og:title" content="Tom &amp;amp; Jerry\n  return">'
    assert meta_of(head).title == "Tom & Jerry return"


# ---------------------------------------------------------------- description, site, language, image


def test_description_priority() -> None:
    head = '<meta name="description" content="plain">' + ld({"@type": "Article", "description": "from ld"})
    assert meta_of(head).description == "from ld"
    assert meta_of(head + '<meta property="og:description" content="from og">').description == "from og"
    assert meta_of('<meta name="twitter:description" content="tw">').description == "tw"


def test_site_name_sources_and_url_values_rejected() -> None:
    assert meta_of('<meta property="og:site_name" content="https://x.example">').site_name is None
    assert meta_of(ld({"@type": "Article", "publisher": {"name": "Pub"}})).site_name == "Pub"
    assert meta_of('<meta name="application-name" content="App">').site_name == "App"


@pytest.mark.parametrize(
    ("raw", "expected"),
    [("en", "en"), ("en_us", "en-US"), ("EN-gb", "en-GB"), ("zh-hant-tw", "zh-Hant-TW"), ("de, en", "de"),
     ("", None), ("english", None), ("x", None), ("en-", None)],
)  # fmt: skip
def test_normalise_language(raw: str, expected: str | None) -> None:
    assert normalise_language(raw) == expected


def test_language_sources() -> None:
    assert meta_of('<meta property="og:locale" content="fr_FR">').language == "fr-FR"
    assert meta_of('<meta http-equiv="Content-Language" content="pt-br">').language == "pt-BR"
    assert meta_of(ld({"@type": "Article", "inLanguage": "es"})).language == "es"
    page = parse(
        '<html lang="it"><head><meta property="og:locale" content="en_US"></head><body></body></html>'
    )
    assert extract_metadata(page, None).language == "it"


def test_image_sources_made_absolute() -> None:
    assert (
        meta_of('<meta property="og:image" content="//cdn.example/a.jpg">').image
        == "https://cdn.example/a.jpg"
    )
    assert meta_of(ld({"@type": "Article", "image": {"url": "/b.jpg"}})).image == "https://news.example/b.jpg"
    assert meta_of('<meta name="twitter:image" content="c.png">').image == "https://news.example/a/c.png"
    assert meta_of('<link rel="image_src" href="/d.png">').image == "https://news.example/d.png"
    assert meta_of('<meta property="og:image" content="/a.jpg">', url=None).image is None
    assert meta_of('<meta property="og:image" content="data:image/png;base64,AAAA">').image is None


# ---------------------------------------------------------------- canonical URL


def test_canonical_link_resolved_and_preferred() -> None:
    head = '<link rel="canonical" href="/a/story#top"><meta property="og:url" content="http://share.news.example/x">'
    assert meta_of(head).canonical_url == "https://news.example/a/story"


def test_root_canonical_is_a_template_default() -> None:
    head = '<meta property="og:url" content="https://news.example/">' + ld(
        {"@type": "Article", "url": "/a/s"}
    )
    assert meta_of(head).canonical_url == "https://news.example/a/s"
    home = '<meta property="og:url" content="https://news.example/">'
    assert meta_of(home, url="https://news.example/").canonical_url == "https://news.example/"


def test_relative_canonical_without_base_is_dropped() -> None:
    assert meta_of('<link rel="canonical" href="/x">', url=None).canonical_url is None


# ---------------------------------------------------------------- authors


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("By Jane Doe", ["Jane Doe"]),
        ("by: Jane Doe and John Roe", ["Jane Doe", "John Roe"]),
        ("Jane Doe, John Roe & Max Mustermann", ["Jane Doe", "John Roe", "Max Mustermann"]),
        ("Jane Doe | Updated March 5, 2024", ["Jane Doe"]),
        ("TOM KRISHER, AP Auto Writer", ["TOM KRISHER"]),
        ("Staff Writer", []),
        ("https://www.facebook.com/janedoe", []),
        ("facebook.com/janedoe", []),
        ("@janedoe", []),
        ("jane@example.com", []),
        ("Byron Smith", ["Byron Smith"]),
        ("Текст: Венера Ерофеева", ["Венера Ерофеева"]),
        ("Autor: Max Mustermann", ["Max Mustermann"]),
        ("x" * 150, []),
        ("", []),
        # a separator or an abbreviated weekday with a date ends the names; a name like a weekday stays
        ("by Ines Corr » Sat Oct 10, 2026 6:12 pm", ["Ines Corr"]),
        ("By Ann Lee Sat, 3 May 2020", ["Ann Lee"]),
        ("By Sunny Day and Tue Nguyen", ["Sunny Day", "Tue Nguyen"]),
        # a label before "by", a role with hyphens, a time stamp's label or an ISO date after the names
        ("Analysis by Chris Pine, CNN Editor-at-large", ["Chris Pine"]),
        ("Opinion by Ann Lee", ["Ann Lee"]),
        ("Kim Park and Lee Roe Published 7:07 PM EST", ["Kim Park", "Lee Roe"]),
        ("By Ann Lee , Bo Ek 2019-11-18T22:05:36Z Spaceflight", ["Ann Lee", "Bo Ek"]),
        ("By Ann Lee on Monday, November 18th, 2019 at 11:04 a.m.", ["Ann Lee"]),
        ("Ann Lee on 5 May", ["Ann Lee"]),
        # "Name. Publication" is two parts; an initial, "Jr." or "Mrs." ends none
        ("Finn Cole. Example International", ["Finn Cole", "Example International"]),
        ("Trevor J. Mitchell and Mrs. Ann Lee", ["Trevor J. Mitchell", "Mrs. Ann Lee"]),
        ("Rev. A. Stephen Pieters", ["Rev. A. Stephen Pieters"]),
        # one word after a wire service is its dateline
        ("PTI, Washington, Nov 20 2019", ["PTI"]),
        ("Reuters, Ann Lee", ["Reuters", "Ann Lee"]),
        # a serial comma before the last name: "and" is no part of it
        ("Dana Ford, Chien-Ming Wang, and Tom Watkins", ["Dana Ford", "Chien-Ming Wang", "Tom Watkins"]),
        ("By Ann Lee, & Bo Ek", ["Ann Lee", "Bo Ek"]),
        ("Andrea Smith, Andy Jones", ["Andrea Smith", "Andy Jones"]),
        # a clause is no name; a name's particles, and a name written all in lower case, are
        ("James writes about walking.", []),
        ("Ludwig van Beethoven and Maria de la Cruz", ["Ludwig van Beethoven", "Maria de la Cruz"]),
        ("bell hooks", ["bell hooks"]),
        ("Post by Ann Lee", ["Ann Lee"]),  # phpBB's line over each post
        ("Hosted by Lena Park and Omar Haddad", ["Lena Park", "Omar Haddad"]),  # a podcast's hosts
        # an address in brackets after a name is no part of it; one without brackets is no sign of a name
        ("김민준 기자 (mjkim@yna.example)", ["김민준"]),
        ("Ann Lee <ann.lee@paper.example>", ["Ann Lee"]),
        # "written by" in other languages, before their "by"
        ("Écrit par Camille Besson", ["Camille Besson"]),
        ("Scritto da Giulia Benedetti", ["Giulia Benedetti"]),
        ("Geschrieben von Anna Weber", ["Anna Weber"]),
        ("Napisane przez Jan Kowalski", ["Jan Kowalski"]),
        # addresses spelt out against harvesters, as PEPs and mailing lists write them
        ("Ann Lee <ann at paper.example>, Bo Ek <bo at mail dot example>", ["Ann Lee", "Bo Ek"]),
        ("Saskatoon SK Canada info@zu.example", []),
        # an affiliation or a team in brackets after a name is no part of it, nor do its commas part names
        (
            "Hiroshi Tanabe (Lumen Browser), Marta Lindqvist (Invited Expert)",
            ["Hiroshi Tanabe", "Marta Lindqvist"],
        ),
        ("執筆：佐藤健太（プラットフォームチーム）", ["佐藤健太"]),
        ("Ann Lee (Harbour Radio, Oslo) and Bo Ek", ["Ann Lee", "Bo Ek"]),
        # a writer's role beside a name with no comma; Italian "di" (in lower case: "Di" opens names)
        ("By Dana Whitcomb Staff Writer", ["Dana Whitcomb"]),
        ("Ann Lee Senior Reporter", ["Ann Lee"]),
        ("di Marco Bellini", ["Marco Bellini"]),
        ("Di Stefano Rossi", ["Di Stefano Rossi"]),
        # the writer's part of a line of labelled parts; a CJK label's full-width colon
        ("本文来源：红星新闻　作者：孙悦 责任编辑：王晓丽", ["孙悦"]),
        ("Source: Harbour Radio Author: Ann Lee", ["Ann Lee"]),
        ("作者：孙悦", ["孙悦"]),
        # a line crediting an editor credits no writer
        ("责任编辑：刘光博", []),
        ("选稿：许文杰", []),
        ("(编辑：文静)", []),  # in brackets too
        ("（责任编辑：杜智）", []),
    ],
)
def test_split_authors(raw: str, expected: list[str]) -> None:
    assert split_authors(raw) == expected
    if not expected:  # what names no person names no organisation either
        assert split_authors(raw, organisations=True) == []


@pytest.mark.parametrize(
    ("lede", "reporters"),
    [
        ("新京报讯（记者 李强）12月4日上午6时，杭州地铁…", ["李强"]),
        ("江南在线消息（记者 王建国）每年清明前后…", ["王建国"]),  # "消息": the outlet's news
        ("本报讯（记者叶婉）近日，项目在北京市青年宫正式启动。", ["叶婉"]),
        ("北京商报讯（记者 岳品瑜 董晗萱）5月20日，…", ["岳品瑜", "董晗萱"]),
        ("新华社北京12月4日电（记者 王小明、李华）", ["王小明", "李华"]),
        ("本报讯（记者 张三 通讯员 李四）", ["张三"]),  # the reporters, not the correspondent
        ("（记者 方 敏）", ["方敏"]),  # a two-character name padded to three
        ("本报讯（记者从市教委获悉）今年…", []),  # "the reporter learned from…": a clause
        ("他说（记者 问）", []),  # brackets in a sentence, not at its start after a dateline
        ("The reporter (记者 李强) said", []),
    ],
)
def test_reporters_credited_in_a_chinese_storys_opening_words(lede: str, reporters: list[str]) -> None:
    from weblens.extract.authors import reporters_in_lede

    assert reporters_in_lede(lede) == reporters


def test_the_reporters_of_a_chinese_lede_are_the_pages_authors() -> None:
    body = "<p>　　新京报讯（记者 李强）12月4日上午6时，杭州地铁三期建设规划内的最后两条线路开通。</p>"
    body += "<p>" + "至此，杭州地铁运营线路达到14条，运营里程达到620公里。" * 6 + "</p>"
    head = "<meta name='author' content='新京报'>"  # the paper: credited only where no one is named
    html = f"<html><head>{head}</head><body><article><h1>杭州地铁</h1>{body}</article></body></html>"
    page = weblens.extract(html, "https://news.example/2026/12/04/a.html")
    assert page.authors == ["李强"]


@pytest.mark.parametrize(
    ("name", "organisation"),
    [
        ("European Space Agency", True),
        ("News Nation Bureau", True),
        ("India Post News Weekly", True),
        ("Example International", True),
        ("The Russian and Syrian defense ministries", True),
        ("Editorial", True),
        ("Outrider Editorial", True),  # a newsroom's account
        ("Metro Desk", True),
        ("Multiple Sources", True),
        ("Visit the Kettlewise Store", True),  # a brand's link, marked as a product page's byline
        ("Kettlewise Shop", True),
        ("Office of University Communications", True),  # a university's press office
        ("Met Office", True),
        ("Ann Lee", False),
        ("Agnes Pressman", False),
        ("Eyal Press", False),
        ("Canadian Press", True),
        ("Agencia Iberpress", True),  # the noun opens the name in the Romance languages
        ("Sternfreunde Kleinbergen e.V.", True),  # a registered society
        ("Agence Rhône Presse", True),
        ("Diario de Navarra", True),
        ("新京报", True),  # Chinese, Japanese and Korean outlets: a paper, a news site, an agency
        ("红星新闻", True),
        ("新华社", True),
        ("연합뉴스", True),
        ("朝日新聞社", True),
        ("李强", False),
        ("김민준", False),
        ("佐藤健太", False),
        # a newsroom's account in other languages: the editing office in Arabic, Persian, Russian,
        # a news centre in Turkish, a desk in Hindi
        ("مكتب التحرير", True),
        ("هيئة التحرير", True),
        ("تحریریه", True),
        ("Редакция", True),
        ("Редакция сайта", True),
        ("Haber Merkezi", True),
        ("न्यूज़ डेस्क", True),
        ("سلمى الحسيني", False),
    ],
)
def test_organisations_are_no_authors(name: str, organisation: bool) -> None:
    assert is_organisation(name) is organisation
    assert meta_of(f'<meta name="author" content="{name}">').authors == (() if organisation else (name,))


def test_url_author_loses_to_a_name_source() -> None:
    head = '<meta property="article:author" content="https://facebook.com/someone">'
    head += '<meta name="author" content="Jo Ng">'
    assert meta_of(head).authors == ("Jo Ng",)


def test_authors_deduplicated_and_capped() -> None:
    names = ", ".join(f"Person {chr(65 + i)}{chr(97 + i)}" for i in range(26))
    head = f'<meta name="author" content="Ann Lee, ann lee, {names}">'
    found = meta_of(head).authors
    assert found[:2] == ("Ann Lee", "Person Aa")
    assert len(found) == 20


def test_the_site_name_is_never_an_author() -> None:
    site = '<meta property="og:site_name" content="Example Times">'
    assert meta_of(site + '<meta name="author" content="Example Times">').authors == ()
    both = site + '<meta name="author" content="Example Times"><meta name="dc.creator" content="Lee, Ann">'
    assert meta_of(both).authors == ("Ann Lee",)


def test_author_from_jsonld_organisation_and_givenname() -> None:
    data = {"@type": "Article", "author": [{"@type": "Person", "givenName": "Ada", "familyName": "King"}]}
    assert meta_of(ld(data)).authors == ("Ada King",)


def test_author_from_slack_twitter_label() -> None:
    head = '<meta name="twitter:label1" content="Written by"><meta name="twitter:data1" content="Kim Park">'
    assert meta_of(head).authors == ("Kim Park",)


def test_author_from_html_markers_in_order() -> None:
    body = (
        '<div class="byline">By Class Person</div><a rel="author" href="/u/1">Rel Person</a>'
        '<div itemprop="author" itemscope><span itemprop="name">Item Person</span></div>'
    )
    assert meta_of("", body=body).authors == ("Item Person",)
    assert meta_of("", body=body.split("<div itemprop")[0]).authors == ("Rel Person",)
    long_bio = '<div class="author-bio">' + "A writer who writes about many things. " * 20 + "</div>"
    assert meta_of("", body=long_bio + '<span class="author-name">Short Name</span>').authors == (
        "Short Name",
    )
    assert meta_of("", body='<div class="comment-author">Commenter Name</div>').authors == ()


def test_the_names_inside_a_byline_are_read_before_the_box_around_them() -> None:
    body = (
        '<div class="byline-section"><span class="author">Kim Park and Lee Roe</span> '
        "<span>Sioux Falls Argus Leader</span> Published 10:02 AM EST Nov 19, 2019</div>"
    )
    assert meta_of("", body=body).authors == ("Kim Park", "Lee Roe")
    # a box whose inner marks name no one is read itself
    box = '<div class="byline"><span class="byline-by">By</span> Ann Lee</div>'
    assert meta_of("", body=box).authors == ("Ann Lee",)


def test_co_authors_are_the_marks_like_the_first() -> None:
    body = (
        '<p class="byline">By <span class="by-author"><a rel="author" href="/a">Ann Lee</a>,</span> '
        '<span class="by-author"><a rel="author" href="/b">Bo Ek</a></span></p>'
        '<aside><a rel="author" href="/c">Cy Related</a></aside>'
    )
    assert meta_of("", body=body).authors == ("Ann Lee", "Bo Ek")
    # declared authors come first
    declared = ld({"@type": "NewsArticle", "author": {"@type": "Person", "name": "Di Declared"}})
    assert meta_of(declared, body=body).authors == ("Di Declared",)


def test_co_authors_each_in_a_card_of_their_own_side_by_side() -> None:
    # Docusaurus: a column per author, each an itemprop=author card with the writer's role
    def card(name: str, role: str) -> str:
        return (
            "<div class='col'><div class='avatar'><img src='/a.png' alt=''><div class='avatar__intro'"
            f" itemprop='author' itemscope itemtype='https://schema.org/Person'><span itemprop='name'>{name}"
            f"</span><small itemprop='description'>{role}</small></div></div></div>"
        )

    authors = f"<div class='row'>{card('Mei Lin Chen', 'Core maintainer')}{card('Oskar Berg', 'Lead')}</div>"
    body = f"<header><h1>Migrating</h1>{authors}</header><p>The story.</p>"
    assert meta_of("", body=body).authors == ("Mei Lin Chen", "Oskar Berg")
    # a card of the same kind at the story's foot, below its text, is no co-author
    foot = f"<header><h1>Migrating</h1><div class='row'>{card('Mei Lin Chen', 'Core maintainer')}</div>"
    foot += "</header><p>The story, at length.</p><footer><div class='row'>"
    foot += f"{card('Oskar Berg', 'Lead')}</div><p>More from the team.</p></footer>"
    assert meta_of("", body=foot).authors == ("Mei Lin Chen",)


def test_a_declared_writer_the_byline_names_with_others_is_the_first_of_them() -> None:
    # a blog engine's JSON-LD (or a publisher's analytics tag) names the primary author alone
    declared = ld({"@type": "BlogPosting", "author": {"@type": "Person", "name": "Priya Raman"}})
    byline = (
        '<p class="byline">By <a href="/author/priya">Priya Raman</a> and '
        '<a href="/author/jonas">Jonas Eklund</a></p>'
    )
    assert meta_of(declared, body=byline).authors == ("Priya Raman", "Jonas Eklund")
    # a place the byline adds is no second writer, nor is a byline that leaves the declared one out
    place = '<p class="byline">By <a href="/author/priya">Priya Raman</a>, Frankfurt</p>'
    assert meta_of(declared, body=place).authors == ("Priya Raman",)
    other = '<p class="byline">By <a href="/author/a">Ann Lee</a> and <a href="/author/b">Bo Ekholm</a></p>'
    assert meta_of(declared, body=other).authors == ("Priya Raman",)


@pytest.mark.parametrize(
    "control",
    [
        '<button class="followAuthorBtn" type="button">Folgen</button>',
        '<a href="/service/profil/themen/" class="followAuthorBtn">Themen bearbeiten</a>',
        '<a class="author-button" href="/message/7">Contact Author</a>',
    ],
)
def test_a_control_named_for_the_author_is_no_byline(control: str) -> None:
    # what a button (or a link styled as one) says is what it does, never a writer's name
    assert meta_of("", body=f"<div>{control}</div><p>The story.</p>").authors == ()


def test_a_byline_naming_an_organisation_means_no_author() -> None:
    body = (
        '<div class="article-author"><span class="article-author-name">Associated Press</span></div>'
        "<p>The story.</p>"
        '<div class="related-links-author">Ryan Related</div>'
    )
    assert meta_of("", body=body).authors == ()
    dateline = (
        '<div class="article-author"><a class="author-name">PTI,</a>'
        ' <span class="author-name">Washington,</span> Nov 20 2019</div>'
    )
    assert meta_of("", body=dateline).authors == ()
    # a declared organisation is passed over for the page's byline of a person
    agency = '<meta name="author" content="Multiple Sources">'
    assert meta_of(agency, body='<p class="byline">By Dan Evans</p>').authors == ("Dan Evans",)


@pytest.mark.parametrize(
    ("head", "body", "credited"),
    [
        # a wire story: the agency its byline names
        ("", '<div class="article-author"><span class="article-author-name">Associated Press</span></div>',
         ("Associated Press",)),
        # a newsroom, by the generic word after its name (a role title, a digit of its name)
        ("", '<p class="byline">By HNN Staff | November 18, 2019 at 2:26 PM</p>', ("HNN Staff",)),
        ('<meta name="author" content="BR24 Redaktion">', "", ("BR24 Redaktion",)),
        # the organisation JSON-LD declares as author, when nothing else credits anyone
        (ld({"@type": "NewsArticle", "author": {"@type": "NewsMediaOrganization", "name": "Harbour Radio"}}),
         "", ("Harbour Radio",)),
        # an agency in the byline before the site declared as author
        (ld({"@type": "NewsArticle", "author": {"@type": "Organization", "name": "Example Times"}})
         + '<meta property="og:site_name" content="Example Times">',
         '<div class="byline">dpa</div>', ("dpa",)),
        # the site itself, when it is all the page credits
        ('<meta property="og:site_name" content="Example Times"><meta name="author" content="Example Times">',
         "", ("Example Times",)),
        # the site by its domain name, which has a login handle's shape ("mbl.is" on mbl.is)
        (ld({"@type": "NewsArticle", "author": {"@type": "NewsMediaOrganization", "name": "news.example"}}),
         "", ("news.example",)),
        # no one: a placeholder, a login handle, a dateline's date
        ('<meta name="author" content="Staff">', "", ()),
        # a poster the page keeps private or anonymous (a Q&A site's asker)
        ('<meta name="author" content="비공개">', "", ()),
        ("", '<div class="author">匿名用户</div>', ()),
        ("", "<p>by <a rel='author' href='/blog/author/jdadmin/'>jdadmin</a></p>", ()),
        ("", '<div class="article-author">20 Nov 2019 08:00 GMT</div>', ()),
    ],
)  # fmt: skip
def test_a_page_that_names_no_writer_credits_an_organisation(
    head: str, body: str, credited: tuple[str, ...]
) -> None:
    found = meta_of(head, body=body + "<p>The story.</p>")
    assert (found.authors, found.credited) == ((), credited)
    html = f"<html><head>{head}</head><body>{body}<p>The story.</p></body></html>"
    page = weblens.extract(html, "https://news.example/a/story")
    assert page.authors == list(credited)


def test_a_writer_named_anywhere_comes_before_an_organisation() -> None:
    # a person in a byline the page marks, declared beside an organisation, or only in the content
    agency = ld({"@type": "NewsArticle", "author": {"@type": "Organization", "name": "Harbour Radio"}})
    found = meta_of(agency, body='<p class="byline">By Dan Evans</p><p>The story.</p>')
    assert (found.authors, found.credited) == (("Dan Evans",), ())
    # a wire service credited beside people is credited after them; an affiliation after a name is not
    byline = meta_of("", body='<p class="byline">By Ann Lee und Bo Ekholm, dpa</p><p>The story.</p>')
    assert (byline.authors, byline.credited) == (("Ann Lee", "Bo Ekholm", "dpa"), ())
    declared = ld(
        {"@type": "NewsArticle", "author": [{"@type": "Person", "name": n} for n in ("Ann Lee", "AP")]}
    )
    assert meta_of(declared).authors == ("Ann Lee", "AP")
    # declared as an organisation beside a person: a wire service is credited, the publisher is not
    people = [{"@type": "Person", "name": "Paula Steiger"}]
    for org, authors in (("SDA", ("Paula Steiger", "SDA")), ("Harbour Radio", ("Paula Steiger",))):
        both = ld({"@type": "NewsArticle", "author": [*people, {"@type": "Organization", "name": org}]})
        assert meta_of(both).authors == authors
    affiliation = meta_of("", body='<p class="byline">By Tom Davies Associated Press</p><p>The story.</p>')
    assert affiliation.authors == ("Tom Davies",)
    content = "<h1>Harbour</h1><p>Story text here.<br>by Ann Lee<br></p>"
    content += "<p>" + "The bridge carried its first cars in two years on Monday. " * 8 + "</p>"
    page = weblens.extract(
        f"<html><head>{agency}</head><body><article>{content}</article></body></html>", None
    )
    assert page.authors == ["Ann Lee"]


_LETTER = (
    "<html><head><title>Newsletter No. 87</title></head><body><div class='post'><h1>The strike of 1911</h1>"
    + "<p>The tinplate works stood idle for eleven weeks while the rollermen held out for the old rate.</p>"
    * 6
    + "{end}</div><footer><p>© 2026 The Society</p></footer></body></html>"
)


@pytest.mark.parametrize(
    ("end", "authors"),
    [
        ('<p align="right"><i>Gareth Llewellyn, Hon. Secretary</i></p>', ["Gareth Llewellyn"]),
        ('<p style="text-align: right;"><strong>Lê Phương</strong></p>', ["Lê Phương"]),
        ('<p class="has-text-align-right">Ann Marie Lee</p>', ["Ann Marie Lee"]),
        # no signature: not set to the right, a link, text after it, a line of prose
        ("<p><i>Gareth Llewellyn</i></p>", []),
        ('<p align="right"><a href="/people/gl">Gareth Llewellyn</a></p>', []),
        ('<p align="right">Gareth Llewellyn</p><p>Read the next issue in May.</p>', []),
        ('<p align="right">Printed by the Society</p>', []),
        # a name alone in brackets or after a dash, wherever it is set; a role after a comma
        ("<p>(Camille Rousseau)</p>", ["Camille Rousseau"]),
        ("<p>- <i>Diane Magrane, M.D., AAMC</i></p>", ["Diane Magrane"]),
        ("<p>(Camille Rousseau)</p><div class='share'><a href='/s/x'>X</a></div>", ["Camille Rousseau"]),
        ("<p>(see the minutes of 1910)</p>", []),
        # an official notice's close: the place and the date, then the name and the office
        ("<p>Oberwaldbach, den 9. April 2024<br>Markus Reinhold, Bürgermeister</p>", ["Markus Reinhold"]),
        ("<p>Lyon, le 3 mai 2024<br>Claire Dubois, présidente</p>", ["Claire Dubois"]),
        ("<p>Oberwaldbach, 9. April 2024<br>Die Gemeindeverwaltung</p>", []),
        ("<p>Heute, 9. April 2024, und morgen<br>Markus Reinhold, Bürgermeister</p>", []),
        # a credit of the words at the end, a note of standards after it; the place, the editors left out
        (
            "<p>Reporting by Kwabena Asante in Accra and Lena Ward; Editing by Dev Raman and Holly Weir</p>"
            "<p>Our Standards: <a href='/trust'>The Trust Principles.</a></p>",
            ["Kwabena Asante", "Lena Ward"],
        ),
        ("<p class='credits'>Text: Verena Pichler<br>Fotos: Lukas Stadlober</p>", ["Verena Pichler"]),
        ("<p>Texto y fotos: Ana Ruiz Beltrán</p>", ["Ana Ruiz Beltrán"]),
        (
            "<p><em>Reportagem: <a href='/equipe/bia'>Beatriz Nogueira</a>; Edição: Fábio Lacerda.</em></p>",
            ["Beatriz Nogueira"],
        ),
        ("<p>Photos: Lukas Stadlober</p>", []),
        ("<p>글: 한서윤 · 편집: 도시탐구 편집팀</p>", ["한서윤"]),  # a Korean name is one word
        # the writer's tagline in italics, at the end or before a last line; not in roman type, not
        # another role
        ("<p><em>Tom Haskins is a reporter for the Ledger. He covers the unions.</em></p>", ["Tom Haskins"]),
        ("<p><i>Ann Lee is the Ledger's labour writer.</i></p><p>© The Society</p>", ["Ann Lee"]),
        ("<p>Tom Haskins is a reporter for the Ledger. He covers the unions.</p>", []),
        ("<p><em>Tom Haskins is a professor of history at Swansea.</em></p>", []),
    ],
)
def test_the_writer_who_signs_the_end_of_the_content(end: str, authors: list[str]) -> None:
    assert weblens.extract(_LETTER.format(end=end), "https://society.example/news87.html").authors == authors


@pytest.mark.parametrize(
    ("after", "authors"),
    [
        (
            "<p class='credits'><span>Text: Maja Holmberg</span> <span>Foto: Oskar Nyström</span></p>",
            ["Maja Holmberg"],
        ),
        ("<div class='story__signature'><span>Francesca Rinaldi</span></div>", ["Francesca Rinaldi"]),
        # not past a heading (another section: related stories), nor a name alone in an unnamed box
        ("<h3>More stories</h3><p class='credits'>Text: Maja Holmberg</p>", []),
        ("<div>Francesca Rinaldi</div>", []),
    ],
)
def test_a_credit_set_just_below_the_texts_box_names_the_writer(after: str, authors: list[str]) -> None:
    text = "<p>The tinplate works stood idle for eleven weeks while the rollermen held out.</p>" * 6
    html = f"<html><body><article><h1>The strike</h1><div class='article-body'>{text}</div>{after}</article>"
    assert weblens.extract(f"{html}</body></html>", "https://society.example/a/strike").authors == authors


def test_a_wires_byline_beats_the_reporters_credited_at_the_end() -> None:
    text = "<p>Cocoa futures rose to a record on Monday as the harvest in West Africa shrank.</p>" * 6
    end = "<p>Reporting by Kwabena Asante; Editing by Dev Raman</p>"
    for byline, authors in (("Reuters", ["Reuters"]), ("", ["Kwabena Asante"])):
        body = f"<article><h1>Cocoa</h1><p class='byline'>{byline}</p>{text}{end}</article>"
        assert (
            weblens.extract(f"<html><body>{body}</body></html>", "https://wire.example/a").authors == authors
        )


_THREAD = (
    "<html><head><title>Clutch judder only when cold - Torque Talk</title>{head}</head><body>"
    '<div id="header"><a href="/forum/">Torque Talk</a> Welcome, '
    '<a href="member.php?7-night_owl">night_owl</a> <a href="member.php?action=login">Log in</a></div>'
    "<h1>Thread: Clutch judder only when cold</h1>"
    '<div class="post"><div class="userinfo">{card}</div>'
    '<div class="content"><p>Since the frost started my clutch judders for the first mile or two.</p>'
    '<blockquote>Quote from <a href="member.php?9-gearhead">gearhead</a>: check the mounts.</blockquote>'
    '<a href="search.php?action=finduser&amp;uid=40112">Find</a></div></div>'
    '<div class="post"><div class="userinfo">'
    '<a href="member.php?2231-Old-Man-Gearbox">Old Man Gearbox</a></div>'
    "<p>Dual-mass flywheel. Have it checked before it lets go.</p></div></body></html>"
)
_STARTER = '<a href="member.php?40112-fezzy_st">fezzy_st</a>'
_MAKERS = (
    '<meta name="generator" content="Discuz! X3.4">'
    '<meta name="author" content="Discuz! Team and Comsenz UI Team">'
)


@pytest.mark.parametrize(
    ("url", "head", "card", "author"),
    [
        # the member who started the thread: the first profile link after the title, outside the banner
        ("https://forum.example/showthread.php?88123", "", _STARTER, "fezzy_st"),
        # an avatar's letter linking to the profile is no name; the name after it is
        ("https://forum.example/t/clutch-judder/88123", "",
         '<a href="/users/40112/fezzy">F</a> <a href="/users/40112/fezzy">fezzy</a>', "fezzy"),
        # a writer marked as the author in the page's structured marks comes first
        ("https://forum.example/questions/88123", "",
         '<span itemprop="author"><a href="/users/1/ann-lee">Ann Lee</a></span>', "Ann Lee"),
        # the meta author naming the forum software's makers is no writer of the thread
        ("https://forum.example/thread-88123-1-1.html", _MAKERS,
         '<a href="space-uid-880213.html">沪上小胖肉</a>', "沪上小胖肉"),
        # not a thread: a profile link is no byline
        ("https://news.example/2024/clutch-judder", "", _STARTER, None),
    ],
)  # fmt: skip
def test_a_threads_author_is_the_member_who_started_it(
    url: str, head: str, card: str, author: str | None
) -> None:
    page = weblens.extract(_THREAD.format(head=head, card=card), url)
    assert page.author == author


def test_a_byline_naming_the_softwares_makers_is_no_writer_only_when_the_software_made_the_page() -> None:
    makers = '<meta name="author" content="Discuz! Team and Comsenz UI Team">'
    assert meta_of('<meta name="generator" content="Discuz! X3.4">' + makers).authors == ()
    hugo = '<meta name="generator" content="Hugo 0.121"><meta name="author" content="Hugo Martinez">'
    assert meta_of(hugo).authors == ("Hugo Martinez",)


def test_a_podcast_episodes_hosts_under_its_title_are_its_authors() -> None:
    body = (
        "<h1>The town that bought its own grocery store</h1>"
        "<p class='episode-hosts'>Hosted by <a href='/hosts/lena-park'>Lena Park</a> and "
        "<a href='/hosts/omar-haddad'>Omar Haddad</a></p>"
        "<p>When the last supermarket closed, the town bought it.</p>"
    )
    assert meta_of("", body=body).authors == ("Lena Park", "Omar Haddad")


def test_a_by_line_under_the_headline() -> None:
    body = (
        "<h1>A guide to tariffs</h1>"
        '<p class="article__meta"> By <a href="/staff/ann">Ann Lee</a> on Monday, November 18th, 2019</p>'
        "<p>Text of the story.</p>"
    )
    assert meta_of("", body=body).authors == ("Ann Lee",)
    far = "<h1>A guide</h1>" + "<p>" + "Words of the story go on. " * 30 + "</p><p>By Ann Lee</p>"
    assert meta_of("", body=far).authors == ()
    prose = "<h1>A guide</h1><p>By the way, tariffs are taxes.</p>"
    assert meta_of("", body=prose).authors == ()
    # a one-word part is a place or an affiliation; a link "By Release Date" is navigation
    placed = "<h1>A guide</h1><h3>by Ann Lee, Lewiston, Idaho Tribune, December 9, 1992</h3>"
    assert meta_of("", body=placed).authors == ("Ann Lee",)
    menu = '<h1>A guide</h1><p><a href="/by-date">By Release Date</a></p>'
    assert meta_of("", body=menu).authors == ()


def test_a_one_word_byline_opening_the_site_name_is_its_account() -> None:
    body = '<p class="byline">Posted by Vortex</p>'
    assert meta_of("", body=body, url="https://vortexcannon.example/dare").authors == ()
    assert meta_of("", body=body, url="https://news.example/dare").authors == ("Vortex",)
    site = '<meta property="og:site_name" content="Beachbody On Demand">'
    assert meta_of(site + '<meta name="author" content="Beachbody">').authors == ()


# ---------------------------------------------------------------- dates


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("2024-03-15", "2024-03-15"),
        ("2024-03-15T10:30:00+01:00", "2024-03-15T10:30:00+01:00"),
        ("2024-03-15T10:30:00Z", "2024-03-15T10:30:00+00:00"),
        ("2024-03-15T10:30:00.123456789Z", "2024-03-15T10:30:00+00:00"),
        ("2024-03-15T10:30:00+0530", "2024-03-15T10:30:00+05:30"),
        ("2024-03-15 10:30", "2024-03-15T10:30:00"),
        ("20240315", "2024-03-15"),
        ("2024/03/15", "2024-03-15"),
        ("2024.03.15.", "2024-03-15"),  # year first with dots, as Korea and China write it
        ("2024. 3. 15.", "2024-03-15"),
        ("2024.03.15 14:31", "2024-03-15T14:31:00"),
        ("2024.13.15", None),
        (" 2024-03-15T10:30:00 -08:00 ", "2024-03-15T10:30:00-08:00"),
        ("Fri, 15 Mar 2024 10:30:00 +0100", "2024-03-15T10:30:00+01:00"),
        ("15 Mar 2024 10:30:00 GMT", "2024-03-15T10:30:00+00:00"),
        ("March 15, 2024", "2024-03-15"),
        ("Mar. 15th, 2024", "2024-03-15"),
        ("15 March 2024", "2024-03-15"),
        ("Sunday, March 17, 2024", "2024-03-17"),
        ("March 15, 2024 at 3:05 pm EST", "2024-03-15T15:05:00-05:00"),
        ("Fri Mar 15 10:30:00 UTC 2024", "2024-03-15T10:30:00+00:00"),  # a mail archive's, C's asctime
        ("Fri Mar  5 10:30:00 2024", "2024-03-05T10:30:00"),
        ("14-Jan-2025", "2025-01-14"),  # PEPs', Oracle's, directory listings'
        ("14-Jan-2025 10:22", "2025-01-14T10:22:00"),
        # Europe's, Japan's zones by their names, as mail archives stamp them; "IST" names three zones
        ("Wed Oct  9 21:37:12 CEST 2024", "2024-10-09T21:37:12+02:00"),
        ("Mon Jan 15 08:00:00 CET 2024", "2024-01-15T08:00:00+01:00"),
        ("Mon Mar  4 10:00:00 JST 2024", "2024-03-04T10:00:00+09:00"),
        ("Tue Jan  2 09:00:00 IST 2024", None),
        ("Fri Mar 15 25:30:00 2024", None),
        ("2024-02-30", None),
        ("2024-13-01", None),
        ("2024-03-15T25:00", None),
        ("2024-03-15T10:30:00+15:00", None),
        ("Smarch 15, 2024", None),
        ("1066-10-14", None),
        ("yesterday", None),
        ("", None),
        ("2024-03-15" + "x" * 300, None),
    ],
)
def test_normalise_date(raw: str, expected: str | None) -> None:
    assert normalise_date(raw) == expected


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("https://a.example/2024/03/15/story", "2024-03-15"),
        ("https://a.example/2024/3/5/", "2024-03-05"),
        ("https://a.example/news/2024-03-15-story", "2024-03-15"),
        ("https://a.example/a/20240315/story", "2024-03-15"),
        ("https://a.example/a/12345678/story", None),
        ("https://a.example/1985/01/01/too-old", None),
        ("https://a.example/story?date=2024-03-15", None),
        ("https://a.example/2024/02/31/", None),
        ("https://a.example/world/2024/mar/12/water-kiosks", "2024-03-12"),  # a month's name
        ("https://a.example/Archive/2005/Jun/15-742705.html", "2005-06-15"),
        ("https://a.example/2024/foo/12/", None),
        (None, None),
    ],
)
def test_date_from_url(url: str | None, expected: str | None) -> None:
    assert date_from_url(url) == expected


def test_baidus_declared_publication_date_comes_before_a_box_of_another_posts_date() -> None:
    # CSDN: Baidu's vocabulary's "pubDate" (an untyped node), then the date of the latest post it
    # recommends ("最新推荐文章于 … 发布"), in a box named for a time, before the post's own
    cambrian = ld(
        {
            "@context": "https://ziyuan.baidu.com/contexts/cambrian.jsonld",
            "@id": "https://blog.example/u/article/details/129474149",
            "pubDate": "2023-03-12T12:18:00",
            "upDate": "2023-03-12T13:08:03",
        }
    )
    body = (
        "<h1>模型评估</h1><div class='up-time'>最新推荐文章于 2023-09-04 17:53:10 发布</div>"
        "<span class='time'>于 2023-03-12 13:08:03 发布</span><p>正文。</p>"
    )
    assert meta_of(cambrian, body=body).published_date == "2023-03-12T12:18:00"


def test_date_priority_and_fallthrough() -> None:
    og = '<meta property="article:published_time" content="2024-01-02T03:04:05Z">'
    ldate = ld({"@type": "Article", "datePublished": "2023-05-06"})
    meta = '<meta name="date" content="2022-07-08">'
    assert meta_of(og + ldate + meta).published_date == "2024-01-02T03:04:05+00:00"
    assert meta_of(ldate + meta).published_date == "2023-05-06"
    assert meta_of(meta).published_date == "2022-07-08"
    broken_og = '<meta property="article:published_time" content="not a date">'
    assert meta_of(broken_og + meta).published_date == "2022-07-08"
    assert meta_of(
        "", body='<span itemprop="datePublished" content="2021-01-01">x</span>'
    ).published_date == ("2021-01-01")
    assert meta_of("", body="<time>June 3, 2020</time>").published_date == "2020-06-03"
    assert meta_of("", url="https://a.example/2019/10/11/x").published_date == "2019-10-11"
    canonical = '<link rel="canonical" href="https://a.example/2018/01/02/x">'
    assert meta_of(canonical, url=None).published_date == "2018-01-02"


def test_parsely_page_json() -> None:
    data = json.dumps({"title": "Parsely title", "pub_date": "2020-02-02T02:02:02Z", "author": "Pat Sly"})
    found = meta_of(f"<meta name='parsely-page' content='{data}'>")
    assert (found.title, found.published_date, found.authors) == (
        "Parsely title",
        "2020-02-02T02:02:02+00:00",
        ("Pat Sly",),
    )


# ---------------------------------------------------------------- JSON-LD reading


@pytest.mark.parametrize(
    "text",
    [
        '{"a": 1}',
        '<!-- {"a": 1} -->',
        '//<![CDATA[\n{"a": 1}\n//]]>',
        '/*<![CDATA[*/{"a": 1}/*]]>*/',
        '{"a": 1,}',
        '{"a": 1, "b": [2, 3,],}',
        '\n\n  {"a": 1}  \n',
    ],
)
def test_load_jsonld_wrappers_and_repairs(text: str) -> None:
    assert load_jsonld(text)[0]["a"] == 1


def test_load_jsonld_tolerates_controls_escapes_and_sequences() -> None:
    assert load_jsonld('{"a": "tab\there\nnewline"}') == [{"a": "tab\there\nnewline"}]
    assert load_jsonld('{"a": "it\\\'s"}') == [{"a": "it's"}]
    assert load_jsonld('{"a": 1}\x0b{"b": 2},') == [{"a": 1}, {"b": 2}]
    assert load_jsonld("{not json") == []
    assert load_jsonld("[" * 100_000) == []
    assert load_jsonld("") == []


def test_jsonld_facts_ranking_prefers_page_article() -> None:
    values = [
        {
            "@type": "ItemList",
            "itemListElement": [{"@type": "Article", "headline": "Other", "url": "/other"}],
        },
        {"@type": "Article", "headline": "This one", "url": "https://news.example/a/story/"},
    ]
    assert JsonLdFacts.from_values(values, "https://news.example/a/story").title == "This one"
    assert JsonLdFacts.from_values(values, None).title == "This one"  # shallower wins


def test_jsonld_ignores_people_and_breadcrumbs_for_title() -> None:
    values = [
        {"@type": "BreadcrumbList", "itemListElement": [{"@type": "ListItem", "name": "Home"}]},
        {"@type": "Person", "name": "Someone"},
    ]
    assert JsonLdFacts.from_values(values).title is None


# ---------------------------------------------------------------- robustness


def test_never_mutates_the_tree() -> None:
    tree = fixture("news_article")
    before = lxml.etree.tostring(tree)
    extract_metadata(tree, "https://daily.example/x")
    assert lxml.etree.tostring(tree) == before


def test_deep_and_empty_documents() -> None:
    assert extract_metadata(parse("<html></html>"), None) == Metadata()
    root = parse("<html><head><title>T</title></head><body></body></html>")
    cur = root.find("body")
    for _ in range(3000):
        cur = lxml.etree.SubElement(cur, "div")
    cur.text = "deep"
    assert extract_metadata(root, None).title == "T"


def test_safety_net_returns_empty_metadata_that_names_its_failure(monkeypatch: pytest.MonkeyPatch) -> None:
    def boom(*_: object) -> object:
        raise RuntimeError("bug")

    monkeypatch.setattr(metadata_module._Page, "read", boom)
    assert extract_metadata(parse("<p>x</p>"), None) == Metadata(failure="RuntimeError: bug")


_TEXT = st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc", "Cn")), max_size=40)
_ATTRIBUTE_NAMES = st.sampled_from(
    ["property", "name", "content", "itemprop", "rel", "href", "class", "datetime", "lang", "type", "pubdate"]
)
_META_KEYS = st.sampled_from(
    ["og:title", "og:url", "og:image", "article:author", "article:published_time", "author", "date",
     "citation_author", "twitter:label1", "twitter:data1", "parsely-page", "og:locale", "dc.creator"]
)  # fmt: skip


@st.composite
def _messy_documents(draw: st.DrawFn) -> HtmlElement:
    root = lxml.html.Element("html")
    head = lxml.etree.SubElement(root, "head")
    body = lxml.etree.SubElement(root, "body")
    for _ in range(draw(st.integers(0, 12))):
        parent = draw(st.sampled_from([head, body]))
        tag = draw(
            st.sampled_from(["meta", "link", "title", "script", "time", "h1", "div", "a", "span", "svg"])
        )
        el = lxml.etree.SubElement(parent, tag)
        if tag == "meta":
            el.set(draw(st.sampled_from(["property", "name", "itemprop"])), draw(_META_KEYS))
            el.set("content", draw(_TEXT))
        elif tag == "script":
            el.set("type", "application/ld+json")
            el.text = draw(
                st.one_of(_TEXT, st.just('{"@graph": [{"@type": "Article", "author": [1, {}, null]}]}'))
            )
        else:
            for _ in range(draw(st.integers(0, 3))):
                el.set(draw(_ATTRIBUTE_NAMES), draw(_TEXT))
            el.text = draw(_TEXT)
    return root


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_metadata_never_raises_on_messy_documents(data: st.DataObject) -> None:
    tree = data.draw(_messy_documents())
    url = data.draw(st.sampled_from([None, "https://a.example/2024/01/02/x", "not a url", "http://[::1"]))
    found = metadata_module._Page.read(tree, url).metadata()  # the unguarded path must not raise either
    assert extract_metadata(tree, url) == found
    if found.canonical_url:
        assert found.canonical_url.startswith(("http://", "https://"))
    if found.published_date:
        assert normalise_date(found.published_date) == found.published_date


def test_a_failure_to_read_the_metadata_is_reported_not_silent(monkeypatch: pytest.MonkeyPatch) -> None:
    # a fault of ours in the metadata (no known page causes one: forced here, the last resort) leaves
    # the text intact and says in a warning that title, author and date could not be read
    def broken(self: object) -> None:
        raise TypeError("'re.Pattern' object is not callable")

    monkeypatch.setattr(metadata_module._Page, "metadata", broken)
    html = (
        "<html><head><title>A title</title></head><body><article>"
        + "<p>Some words of text here, and a sentence that goes on to say a little more.</p>" * 20
    )
    page = weblens.extract(html + "</article></body></html>", "https://blog.example/a")
    assert page.outcome == "ok" and "Some words of text" in page.text
    assert any(w.startswith("metadata_failed: ") and "TypeError" in w for w in page.warnings)


# ---------------------------------------------------------------- properties

_WORD = st.text("bcdfghjklmnprstvwz", min_size=3, max_size=7).map(lambda w: w + "a")
_PHRASE = st.lists(_WORD, min_size=2, max_size=6).map(" ".join)
_NAME = st.tuples(_WORD, _WORD).map(lambda p: f"{p[0].title()} {p[1].title()}")
_MOMENT = st.datetimes(min_value=datetime(1990, 1, 1), max_value=datetime(2090, 12, 31)).map(
    lambda d: d.replace(microsecond=0)
)
_OFFSET = st.integers(-12 * 4, 14 * 4).map(lambda q: timezone(timedelta(minutes=15 * q)))
_SITE_HOST = "https://www.sitename.example/section/page"


def _iso(moment: datetime, zone: timezone) -> str:
    return moment.replace(tzinfo=zone).isoformat()


@settings(max_examples=150, deadline=None)
@given(
    titles=st.tuples(_PHRASE, _PHRASE, _PHRASE),
    descriptions=st.tuples(_PHRASE, _PHRASE, _PHRASE),
    authors=st.tuples(_NAME, _NAME, _NAME),
    moments=st.tuples(_MOMENT, _MOMENT, _MOMENT),
    zone=_OFFSET,
    images=st.tuples(_WORD, _WORD, _WORD),
    order=st.randoms(use_true_random=False),
    in_body=st.booleans(),
)
def test_open_graph_beats_jsonld_and_meta(
    titles: tuple[str, str, str],
    descriptions: tuple[str, str, str],
    authors: tuple[str, str, str],
    moments: tuple[datetime, datetime, datetime],
    zone: timezone,
    images: tuple[str, str, str],
    order: random.Random,
    in_body: bool,
) -> None:
    og, jl, mt = 0, 1, 2
    keys = {"sitename", "example", "www", "section", "page"}
    assume(all(title.replace(" ", "") not in keys for title in titles))
    tags = [
        f'<meta property="og:title" content="{titles[og]}">',
        f'<meta property="og:description" content="{descriptions[og]}">',
        f'<meta property="article:author" content="{authors[og]}">',
        f'<meta property="article:published_time" content="{_iso(moments[og], zone)}">',
        f'<meta property="og:image" content="/{images[og]}.jpg">',
        ld(
            {
                "@type": "NewsArticle",
                "headline": titles[jl],
                "description": descriptions[jl],
                "author": {"@type": "Person", "name": authors[jl]},
                "datePublished": _iso(moments[jl], zone),
                "image": f"/{images[jl]}.jpg",
            }
        ),
        f'<meta name="twitter:title" content="{titles[mt]}">',
        f'<meta name="description" content="{descriptions[mt]}">',
        f'<meta name="author" content="{authors[mt]}">',
        f'<meta name="date" content="{_iso(moments[mt], zone)}">',
        f'<meta name="twitter:image" content="/{images[mt]}.jpg">',
        f"<title>{titles[mt]} | Other</title>",
    ]
    order.shuffle(tags)
    html = "".join(tags)
    page = (
        f"<html><head></head><body>{html}</body></html>" if in_body else f"<html><head>{html}</head></html>"
    )
    found = extract_metadata(parse(page), _SITE_HOST)
    assert found.title == titles[og]
    assert found.description == descriptions[og]
    assert found.authors == (authors[og],)
    assert found.published_date == _iso(moments[og], zone)
    assert found.image == f"https://www.sitename.example/{images[og]}.jpg"


_ARTICLE_TYPES = st.sampled_from(
    ["Article", "NewsArticle", "BlogPosting", "Report", ["Article", "NewsArticle"]]
)


@st.composite
def _nested_jsonld(draw: st.DrawFn) -> tuple[list[str], tuple[str, ...], str, str]:
    """(script bodies, expected authors, expected date, expected title) with any nesting and layout."""
    names = draw(st.lists(_NAME, min_size=1, max_size=4, unique_by=str.lower))
    moment = draw(_MOMENT)
    date_only = draw(st.booleans())
    zone = draw(st.one_of(st.none(), _OFFSET))
    if date_only:
        raw_date, expected_date = moment.date().isoformat(), moment.date().isoformat()
    elif zone is None:
        raw_date, expected_date = moment.isoformat(), moment.isoformat()
    elif zone.utcoffset(None) == timedelta(0) and draw(st.booleans()):
        raw_date, expected_date = moment.isoformat() + "Z", moment.replace(tzinfo=UTC).isoformat()
    else:
        raw_date = expected_date = moment.replace(tzinfo=zone).isoformat()
    headline = draw(_PHRASE)
    graph: list[object] = [{"@type": "WebSite", "@id": "#site", "name": "Sitename"}]
    people: list[object] = []
    for index, name in enumerate(names):
        style = draw(st.sampled_from(["string", "person", "reference"]))
        if style == "string":
            people.append(name)
        elif style == "person":
            people.append(
                {"@type": draw(st.sampled_from(["Person", ["Person"], "schema:Person"])), "name": name}
            )
        else:
            people.append({"@id": f"#person-{index}"})
            graph.append({"@type": "Person", "@id": f"#person-{index}", "name": name})
    author: object = people if len(people) > 1 or draw(st.booleans()) else people[0]
    date_key = draw(st.sampled_from(["datePublished", "dateCreated", "uploadDate"]))
    article: dict[str, object] = {"@type": draw(_ARTICLE_TYPES), "headline": headline, date_key: raw_date}
    article["author"] = author
    node: object = article
    for _ in range(draw(st.integers(0, 4))):
        wrapper = draw(st.sampled_from(["array", "mainEntity", "mainEntityOfPage", "graph", "hasPart"]))
        if wrapper == "array":
            node = [node]
        elif wrapper == "graph":
            node = {"@context": "https://schema.org", "@graph": [{"@type": "BreadcrumbList"}, node]}
        else:
            node = {"@type": "WebPage", wrapper: node}
    graph.insert(draw(st.integers(0, len(graph))), node)
    top: object = {"@context": "https://schema.org", "@graph": graph} if draw(st.booleans()) else graph
    indent = draw(st.sampled_from([None, 0, 1, 2, 4]))
    separators = draw(st.sampled_from([(",", ":"), (", ", ": "), (" ,\n", " :\t")]))
    body = json.dumps(top, indent=indent, separators=separators, ensure_ascii=draw(st.booleans()))
    if draw(st.booleans()):
        body = "<!--\n" + body + "\n-->"
    scripts = [body]
    if draw(st.booleans()):
        scripts.insert(draw(st.integers(0, 1)), '{"@type": "Organization", "name": "Unrelated", }')
    if draw(st.booleans()):
        scripts.append("{broken")
    return scripts, tuple(names), expected_date, headline


@settings(max_examples=200, deadline=None)
@given(_nested_jsonld())
def test_jsonld_nested_dates_and_authors_are_found(case: tuple[list[str], tuple[str, ...], str, str]) -> None:
    scripts, names, expected_date, headline = case
    assume(all(name.replace(" ", "").lower() not in {"sitename", "unrelated"} for name in names))
    head = "".join(f'<script type="application/ld+json">{body}</script>' for body in scripts)
    found = extract_metadata(parse(f"<html><head>{head}</head><body><p>x</p></body></html>"), None)
    assert found.authors == names
    assert found.published_date == expected_date
    assert found.title == headline
    assert found.site_name == "Sitename"


@pytest.mark.parametrize(
    "byline",
    ["Reuters", "Associated Press", "The Water Cooler Weekly", "jdadmin", "kevin-r", "KWCHCIK", "Staff"],
)
def test_a_byline_that_names_no_person_gives_no_author(byline: str) -> None:
    # a wire service, a newsroom or brand ("The …"), a login handle: not a person
    assert meta_of(f'<meta name="author" content="{byline}">').authors == ()


@pytest.mark.parametrize(
    ("head", "body", "authors"),
    [
        # a community's member, by the handle the page links to a profile of
        ("", "<p>by <a rel='author' href='/users/janus-1'>janus</a></p><p>text</p>", ("janus",)),
        (
            ld({"@type": "Article", "author": {"@type": "Person", "name": "theahura"}}),
            "<a href='https://letters.example/@theahura'><img alt=''></a>",
            ("theahura",),
        ),
        (
            "",
            "<div class='post'><a class='author' href='/u/robert.wagner'>robert.wagner</a><p>text</p></div>",
            ("robert.wagner",),
        ),
        # a publication's archive of a CMS account's posts is not a profile
        ("", "<p>by <a rel='author' href='/blog/author/jdadmin/'>jdadmin</a></p><p>text</p>", ()),
        # a commenter's profile: the handle is not the page's author
        (
            "",
            "<div class='comments'><div class='comment'>"
            "<a class='author' href='/user/user_alpha'>user_alpha</a><p>reply</p></div></div>",
            (),
        ),
    ],
)
def test_a_handle_is_an_author_when_the_page_links_to_its_community_profile(
    head: str, body: str, authors: tuple[str, ...]
) -> None:
    assert meta_of(head, body).authors == authors


def test_an_organisation_in_jsonld_is_no_author() -> None:
    ld = {"@type": "NewsArticle", "author": [{"@type": "Organization", "name": "Daily Example"}]}
    head = (
        f'<script type="application/ld+json">{json.dumps(ld)}</script><meta name="author" content="Ann Lee">'
    )
    assert meta_of(head).authors == ("Ann Lee",)


def test_a_byline_keeps_its_names_apart_from_the_agency_and_the_date() -> None:
    body = (
        "<h1>Harbour bridge reopens</h1><div class='byline'><div>By ANN LEE and BO CHAN</div>"
        "<div>Associated Press</div></div><p class='byline'>x</p>"
    )
    assert extract_metadata(lxml.html.fromstring(f"<html><body>{body}</body></html>"), None).authors == (
        "ANN LEE",
        "BO CHAN",
    )
    dated = "<h1>Harbour bridge reopens</h1>"
    dated += "<p class='byline'>By Ann Lee and Bo Chan Monday, November 18, 2019</p>"
    found = extract_metadata(lxml.html.fromstring(f"<html><body>{dated}</body></html>"), None)
    assert found.authors == ("Ann Lee", "Bo Chan")
    assert found.published_date == "2019-11-18"  # read under the headline: the page declares none


def test_the_headline_as_shown_wins_over_a_declared_wording() -> None:
    head = (
        '<meta property="og:title" content="HS Roundup: Viera beats Rockledge">'
        '<meta property="og:site_name" content="Daily Example">'
        "<title>HS Roundup: Viera beats Rockledge - Daily Example</title>"
    )
    html = f"<html><head>{head}</head><body><h1>Daily Example</h1>"
    html += "<h1>High School Roundup: Viera beats Rockledge to stay unbeaten</h1></body></html>"
    assert extract_metadata(lxml.html.fromstring(html), None).title == (
        "High School Roundup: Viera beats Rockledge to stay unbeaten"
    )


def test_a_video_date_is_not_the_article_date() -> None:
    video = {"@type": "VideoObject", "name": "Clip", "uploadDate": "2019-10-11T14:59:54Z"}
    head = f'<script type="application/ld+json">{json.dumps(video)}</script>'
    head += '<meta name="pubdate" content="2019-11-19T02:34:30Z">'
    assert meta_of(head).published_date == "2019-11-19T02:34:30+00:00"


def test_a_banner_heading_is_the_site_and_the_headline_is_the_lower_heading() -> None:
    # old blogs and forums set the site's name as the <h1> in the banner, the post's title lower
    html = (
        "<html><head><title>Rust on the keel bolts - Boat Owners Forum</title></head><body>"
        "<div role='banner'><h1>Boat Owners Forum</h1><p>Talk about boats</p></div>"
        "<h2>Rust on the keel bolts</h2><dl><dt>kestrel</dt><dd><b>Joined:</b> Mon Mar 02, 2015</dd></dl>"
        "<p class='author'>by kestrel » Sat Oct 10, 2026 6:12 pm</p><p>Hauled out last week.</p>"
        "</body></html>"
    )
    found = extract_metadata(lxml.html.fromstring(html), None)
    assert found.title == "Rust on the keel bolts"
    assert found.published_date == "2026-10-10"  # under the headline, past a member's joining date
    # an <h1> in the article's own header is the headline, not a banner
    article = html.replace("<div role='banner'>", "<article><div role='banner'>").replace(
        "</p></div>", "</p></div></article>", 1
    )
    assert extract_metadata(lxml.html.fromstring(article), None).title == "Boat Owners Forum"


# ---------------------------------------------------------------- a page without its <head>

_POST = "<p>" + "The post says what it has to say in a few sentences of its own. " * 6 + "</p>"


def test_a_page_saved_without_its_head_is_titled_by_its_content() -> None:
    import weblens

    page = (
        '<div id="banner"><h1><a href="/">The Daily Wash</a></h1></div>'
        '<div id="main"><h2 class="date-header">Wednesday, December 13. 2006</h2>'
        f'<h3 class="post-title">Pelling pounds pedant</h3>{_POST}</div>'
        '<div id="sidebar"><h2>Recent posts</h2><ul><li><a href="/a">A</a></li></ul></div>'
    )
    assert weblens.extract(page, "https://blog.example/2006/12/pelling.html").title == "Pelling pounds pedant"
    # a section's name opens the content: the title stood outside it, and none is made up
    section = f"<div><h2>Introduction</h2>{_POST}<h2>The principles</h2>{_POST}</div>"
    assert weblens.extract(section, "https://site.example/p").title is None
    # a declared title is kept
    declared = f"<html><head><title>Declared</title></head><body><h3>Heading</h3>{_POST}</body></html>"
    assert weblens.extract(declared, "https://site.example/p").title == "Declared"


def test_a_by_line_at_the_start_of_the_content_names_its_authors() -> None:
    import weblens

    heading = "<center><h3>THE REASON FOR THE SEASON</h3><p><b>by</b><br><b>Ray C. Stedman</b></p></center>"
    page = weblens.extract(f"<div>{heading}{_POST}</div>", "https://site.example/p")
    assert page.authors == ["Ray C. Stedman"]
    submitted = (
        f"<div><h2><em>Submitted by <a href='/u/ed'>Ed Hardy</a> on May 3, 2005</em></h2>{_POST}</div>"
    )
    assert weblens.extract(submitted, "https://site.example/p").authors == ["Ed Hardy"]
    tail = f"<div><p><b>Book Review<br></b><b>Reaching Out<br></b>by Ken Jung<br></p>{_POST}</div>"
    assert weblens.extract(tail, "https://site.example/p").authors == ["Ken Jung"]
    critic = f"<div><p>By STEVE PERSALL, Times Film Critic</p>{_POST}</div>"
    assert weblens.extract(critic, "https://site.example/p").authors == ["STEVE PERSALL"]
    # far into the text, or a one-word name, is no byline
    late = f"<div>{_POST}{_POST}<p>By Ann Lee</p></div>"
    assert weblens.extract(late, "https://site.example/p").authors == []
    place = f"<div><p>by Lewiston</p>{_POST}</div>"
    assert weblens.extract(place, "https://site.example/p").authors == []


def test_meta_authors_is_read() -> None:
    assert meta_of('<meta name="authors" content=" Gerry Blackwell">').authors == ("Gerry Blackwell",)


def test_a_date_line_near_the_start_of_the_content_dates_the_page() -> None:
    import weblens

    def date_of(lead: str) -> str | None:
        page = f"<div><h2>Wall Street</h2>{lead}{_POST}</div>"
        return weblens.extract(page, "https://site.example/p").published_date

    assert date_of("<p>September 12, 2000</p>") == "2000-09-12"
    assert date_of("<p><small>Chicago, Illinois<br>August 7, 2001</small></p>") == "2001-08-07"
    assert date_of("<p>Published: Tuesday, December 17, 2002</p>") == "2002-12-17"
    # a byline beside it: its label words and the name ("by Harold P. Whitcomb — written …")
    assert date_of("<p><i>by Harold P. Whitcomb &mdash; written November 3, 2001</i></p>") == "2001-11-03"
    assert date_of("<p>June 09, 2005 &mdash; By Clean Air - Cool Planet</p>") == "2005-06-09"
    # a date in a sentence, or of another kind, is not the page's
    assert date_of("<p>I was born September 30, 1955 at</p>") is None
    assert date_of("<p>Application Deadline</p><p>Winter Session: October 30, 2005</p>") is None
    assert date_of("<p>Updated March 3, 2004</p>") is None
    # declared dates come first
    head = '<html><head><meta property="article:published_time" content="2019-11-18"></head><body>'
    page = f"{head}<div><h2>Wall Street</h2><p>September 12, 2000</p>{_POST}</div></body></html>"
    assert weblens.extract(page, "https://site.example/p").published_date == "2019-11-18"


@pytest.mark.parametrize(
    ("lead", "date"),
    [
        ("<p>27. April 2023</p>", "2023-04-27"),
        # the start of a state (an office held since, a shop open since), no publication
        ("<table class='infobox'><tr><th>Amtierend</th><td>seit 27. April 2023</td></tr></table>", None),
        ("<p>Since March 3, 1998</p>", None),
    ],
)
def test_a_date_under_the_headline_that_starts_a_state_dates_no_page(lead: str, date: str | None) -> None:
    import weblens

    page = f"<html lang='de'><body><div><h1>Wall Street</h1>{lead}{_POST}</div></body></html>"
    assert weblens.extract(page, "https://site.example/p").published_date == date


def test_a_time_marked_as_the_last_modification_dates_no_publication() -> None:
    import weblens

    modified = "<p>Last updated: <time datetime='2024-05-20' itemprop='dateModified'>May 20, 2024</time></p>"
    published = "<p>Published <time datetime='2023-01-09' itemprop='datePublished'>January 9, 2023</time></p>"
    page = "<html><body><article><h1>Glossary</h1>{}" + _POST + "</article></body></html>"
    url = "https://docs.example/glossary"
    assert weblens.extract(page.format(_POST + modified), url).published_date is None
    assert weblens.extract(page.format(published + _POST + modified), url).published_date == "2023-01-09"
    # a label of the last update on a line of its own, in Japanese: "最終更新日:"
    japanese = "<p><span>最終更新日:</span><b>2024年5月20日</b></p>"
    assert weblens.extract(page.format(japanese), url).published_date is None
    # an infobox's "Born" beside the day: a birthday
    born = "<table><tr><th>Born</th><td>12 April 1951</td></tr></table>"
    assert weblens.extract(page.format(born), "https://wiki.example/Morag_Dunn").published_date is None


def test_declared_types_gather_json_ld_microdata_and_open_graph() -> None:
    found = meta_of(
        '<meta property="og:type" content="Article">' + ld({"@type": ["NewsArticle"], "headline": "h"}),
        '<div itemscope itemtype="https://schema.org/QAPage"><p>q</p></div>',
    )
    assert found.declared_types == frozenset({"article", "newsarticle", "qapage"})


@pytest.mark.parametrize(
    ("title", "expected"),
    [
        ("山区茶农的网上茶园_江南在线_新闻中心", "山区茶农的网上茶园"),  # the site, then its section
        ("Tide clocks explained | Harbour Wiki | News", "Tide clocks explained"),
        ("Tide clocks explained | Clocks | News", "Tide clocks explained | Clocks | News"),  # no site named
        ("Tide clocks [Harbour Wiki]", "Tide clocks"),  # a wiki's "page [Wiki name]"
        ("Tide clocks [draft]", "Tide clocks [draft]"),  # no site named
        # an unspaced separator after a full-width bracket
        ("青石镇（望川县下辖镇）_江南在线", "青石镇（望川县下辖镇）"),
        ("《潮汐钟》_江南在线", "《潮汐钟》"),
        # doubled dashes and an unspaced bar between CJK words
        ("山区茶农的网上茶园--江南在线", "山区茶农的网上茶园"),
        ("山区茶农的网上茶园|江南在线", "山区茶农的网上茶园"),
    ],
)
def test_a_title_loses_the_site_and_the_section_after_it(title: str, expected: str) -> None:
    keys = site_name_keys(["Harbour Wiki", "江南在线"], "https://harbour.example/wiki/Tide_clocks")
    assert strip_site_affix(title, keys, frozenset) == expected


@pytest.mark.parametrize(
    ("title", "expected"),
    [
        # a board's name in lenticular brackets after the topic the page shows, then the site
        ("新装的显卡黑屏重启，求大佬看看【显卡吧】_百度贴吧", "新装的显卡黑屏重启，求大佬看看"),
        ("Tide clocks explained (Clocks board) | Tidewater forums", "Tide clocks explained"),
        # the page shows no such part: the title stays whole
        ("新装的显卡黑屏重启【显卡吧】_百度贴吧", "新装的显卡黑屏重启【显卡吧】_百度贴吧"),
    ],
)
def test_a_title_shown_without_its_bracketed_aside_loses_both(title: str, expected: str) -> None:
    keys = site_name_keys([], "https://forum.example/p/8812")
    shown = frozenset({name_key("新装的显卡黑屏重启，求大佬看看"), name_key("Tide clocks explained")})
    assert strip_site_affix(title, keys, lambda: shown) == expected


@pytest.mark.parametrize(
    ("title", "expected"),
    [
        ("(4) Tide clocks explained", "Tide clocks explained"),  # the tab's count of unread news
        ("(99+) Tide clocks explained | Harbour Wiki", "Tide clocks explained"),
        ("(2024) Tide clocks explained", "(2024) Tide clocks explained"),  # a year is no count
        ("(4)", "(4)"),
    ],
)
def test_a_title_loses_the_count_of_unread_news_before_it(title: str, expected: str) -> None:
    keys = site_name_keys(["Harbour Wiki"], "https://harbour.example/wiki/Tide_clocks")
    assert strip_site_affix(title, keys, frozenset) == expected


@pytest.mark.parametrize(
    "markup",
    [
        # the marks in the <body>, the last child of the root: a slice of the elements
        '<p class="byline">By Ann Lee</p><span class="date">May 4, 2021</span>'
        '<div class="title">Harbour</div>',
        # a writer marked in the <head> and a byline beside a headline box in the <body>
        '<p>x</p><div class="headline">Harbour</div><span class="author">Bo Ekholm</span>',
    ],
)
def test_the_metadata_is_the_same_with_the_pages_elements_given(markup: str) -> None:
    from weblens.extract.parse import parse_html

    page = parse_html(
        f'<html><head><meta itemprop="author" content="Dan Evans"><title>Harbour</title></head>'
        f"<body><h1>Harbour</h1>{markup}<p>The story.</p></body></html>"
    )
    given = extract_metadata(page.root, "https://news.example/a/story", page.elements)
    walked = extract_metadata(page.root, "https://news.example/a/story")
    assert given == walked
    assert given.authors and given.failure is None


def test_an_author_class_in_other_languages_marks_a_byline() -> None:
    # "autores", "autore", "auteur" as a word of the class; the declared first writer is one of three
    head = '<meta name="author" content="Ana Ruiz">'
    body = (
        '<span class="firma__autores">Por <a href="/autor/ana">Ana Ruiz</a>, <a href="/autor/carlos">'
        'Carlos Méndez</a> y <a href="/autor/lucia">Lucía Ferrer</a></span><p>El texto.</p>'
    )
    assert meta_of(head, body=body).authors == ("Ana Ruiz", "Carlos Méndez", "Lucía Ferrer")
    assert meta_of("", body='<span class="autore">di Marco Bellini</span><p>Il testo.</p>').authors == (
        "Marco Bellini",
    )
    # a word that only opens with the letters is no mark ("autoresize")
    assert meta_of("", body='<div class="autoresize">Marco Bellini</div><p>Il testo.</p>').authors == ()


@pytest.mark.parametrize(
    "byline",
    [
        "Lucía Berrocal 8 de noviembre de 2023 Actualizado",
        "Lucía Berrocal 12. März 2024",
        "Lucía Berrocal 3 maart 2024",
    ],
)
def test_a_date_in_another_language_after_the_name_is_no_part_of_it(byline: str) -> None:
    assert split_authors(byline) == ["Lucía Berrocal"]
    box = f"<div class='article-author'><a href='/hc/es/profiles/41-Lucia'>{byline}</a></div><p>El texto.</p>"
    assert meta_of("", body=box).authors == ("Lucía Berrocal",)


@pytest.mark.parametrize(
    ("box", "authors"), [("ast-author-box author-box", ("Claire Dubois-Martin",)), ("related", ())]
)
def test_the_box_about_the_writer_set_just_after_the_story_names_the_writer(
    box: str, authors: tuple[str, ...]
) -> None:
    story = "<article><h1>Calfeutrer ses fenêtres</h1><p>Le texte de l'article.</p></article>"
    about = (
        f"<section class='{box}'><h2>À propos de l'auteur</h2><h3 class='author-box__name'>"
        "<a href='/author/claire-dubois-martin/' rel='author'>Claire Dubois-Martin</a></h3></section>"
    )
    assert meta_of("<title>Calfeutrer ses fenêtres</title>", body=story + about).authors == authors


def test_a_picture_credit_a_readers_comment_and_initials_name_no_writer() -> None:
    caption = (
        "<figure><img src='/p.jpg'><figcaption>The plant. <span class='byline'>Photo by Dana Whitcomb | "
        "Daily Ledger</span></figcaption></figure><p>The story.</p>"
    )
    assert split_authors("Photo by Dana Whitcomb") == split_authors("Foto: Lukas Stadlober") == []
    assert meta_of("", body=caption).authors == ()
    comment = "<div class='comentario'><span class='autor-comentario'>Joaquim Ramos</span><p>Ótimo.</p></div>"
    assert meta_of("", body=f"<p>O texto.</p>{comment}").authors == ()
    initials = "<span class='autor-ini'>AKw</span> <span class='autor-nazwisko'>Anna Kwiatkowska</span>"
    initials = f"<div class='autor'>{initials}</div>"
    assert meta_of("", body=f"<p>Tekst.</p>{initials}").authors == ("Anna Kwiatkowska",)
    assert split_authors("AKw") == [] and split_authors("AP") == ["AP"]


def test_a_newsroom_named_first_is_an_organisation() -> None:
    assert is_organisation("Redação Jornal do Planalto")
    assert is_organisation("Redaktion hessenschau.de")
    declared = ld(
        {"@type": "NewsArticle", "author": {"@type": "Organization", "name": "Redação Jornal do Planalto"}}
    )
    head = declared + '<meta name="author" content="Redação Jornal do Planalto">'
    found = meta_of(
        head, body='<p class="autor">Por <a href="/autor/rafael">Rafael Teixeira</a></p><p>O texto.</p>'
    )
    assert found.authors == ("Rafael Teixeira",)


def test_dates_of_other_stories_in_a_sidebar_are_not_the_pages() -> None:
    # no <article>: the story's box is a <section>; the sidebar's "most read" list dates its stories
    body = (
        '<section class="article-view"><h1>Harbour bridge reopens</h1>'
        '<ul class="info"><li>기자명 정민서 기자</li><li>입력 2024.02.19 14:05</li></ul>'
        "<p>The story.</p></section>"
        '<aside class="float-right"><ol>'
        '<li><a href="/n/1">Another story</a> <em class="date">2024.02.21</em></li>'
        '<li><a href="/n/2">A third story</a> <em class="date">2024.02.20</em></li></ol></aside>'
    )
    found = meta_of("<title>Harbour bridge reopens</title>", body=body)
    assert found.published_date == "2024-02-19"
    assert found.authors == ("정민서",)


@pytest.mark.parametrize("hook", ["data-testid", "data-cy"])
def test_a_box_its_test_hook_names_a_date_dates_the_page(hook: str) -> None:
    # a script-built page names its boxes by test hooks; their classes are generated ("css-19yf5ek")
    body = (
        "<h4>Bicicleta de estrada, tamanho 53</h4>"
        f"<div class='css-1gyx2cu'><span {hook}='ad-posted-at' class='css-19yf5ek'>Publicado "
        "<span class='css-19yf5ek'>14 de maio de 2024</span></span></div><p>Quadro de alumínio.</p>"
    )
    assert meta_of("<title>Bicicleta</title>", body).published_date == "2024-05-14"


def test_a_wiki_pages_name_in_its_namespace_is_no_title_its_heading_is() -> None:
    # DokuWiki titles a page by its id when its pages are not titled by their headings
    prose = "<p>The laser cutter is booked through the calendar and needs an induction first.</p>" * 6
    html = (
        "<html><head><title>werkstatt:lasercutter [Harbour Wiki]</title></head><body>"
        "<header><h1 class='logo'><a href='/'>Harbour Wiki</a></h1></header>"
        f"<main><h1 id='lasercutter'>Laser cutter LC-1390</h1>{prose}</main></body></html>"
    )
    assert weblens.extract(html, "https://wiki.example/doku.php?id=werkstatt:lasercutter").title == (
        "Laser cutter LC-1390"
    )


def test_a_number_set_apart_at_the_end_of_a_headline_is_no_part_of_the_title() -> None:
    # an issue tracker shows the issue's number after its title, in an element of its own
    prose = "<p>Each worker process builds its own cache, so a key one writes the rest miss.</p>" * 5
    html = (
        "<html><head><title>Cache per process · quickcache · Discussion #412</title></head><body>"
        "<h1 class='gh-header-title'><bdi class='js-issue-title'>Cache per process</bdi> "
        f"<span class='color-fg-muted'>#412</span></h1>{prose}</body></html>"
    )
    assert weblens.extract(html, "https://code.example/kuaiyun/quickcache/discussions/412").title == (
        "Cache per process"
    )


@pytest.mark.parametrize(
    ("title", "expected"),
    [
        ("200123 – Calc: XLOOKUP returns the wrong row", "Calc: XLOOKUP returns the wrong row"),  # Bugzilla
        ("Bug #4512: Sync drops recurring events", "Sync drops recurring events"),  # Redmine
        ("#118: Parquet everywhere", "#118: Parquet everywhere"),  # a newsletter's issue
        ("2024 – The year in review", "2024 – The year in review"),  # a year
        ("Issue 42: The climate number", "Issue 42: The climate number"),  # a magazine's issue
        ("#1 – The best way to start", "#1 – The best way to start"),  # a rank
    ],
)
def test_a_bug_trackers_number_before_the_summary_is_no_part_of_the_title(title: str, expected: str) -> None:
    assert strip_site_affix(title, frozenset(), frozenset) == expected


@pytest.mark.parametrize(
    ("declared", "title"),
    [
        ("Pain au levain qui s'étale à la cuisson - Page 2", "Pain au levain qui s'étale à la cuisson"),
        ("2002 Competition Game Reviews -- Page 4", "2002 Competition Game Reviews"),
        ("Budapest Museums (Page 2)", "Budapest Museums"),
        ("Hilfe beim Zahnriemen (Seite 3 von 5)", "Hilfe beim Zahnriemen"),
        # a page number inside the title, or a title that is one, stays
        ("The page 2 problem in newspaper design", "The page 2 problem in newspaper design"),
        ("Page 2", "Page 2"),
    ],
)
def test_a_paginated_pages_number_is_no_part_of_its_title(declared: str, title: str) -> None:
    body = "A plain sentence of the page. " * 20
    html = f"<html><head><title>{declared}</title></head><body><p>{body}</p></body></html>"
    assert weblens.extract(html, "https://forum.example/viewtopic.php?t=12&start=20").title == title


def test_a_heading_with_a_copy_button_beside_a_menu_item_named_title_is_the_title() -> None:
    """An API reference's heading holds a button ("Copy item path") whose label is no part of it,
    and the docs host's menu names an item ``title`` ("Rust"): the page's title is its heading, not
    the menu's item that the declared title happens to end with."""
    html = (
        "<html><head><title>Pool in kestrel - Rust</title></head><body><div class='nav-container'>"
        "<div class='pure-menu' role='navigation'><ul>"
        "<li><a href='#'><span class='title'>Rust</span></a></li>"
        "<li><a href='#'><span class='title'>Source</span></a></li></ul></div></div><main><h1>Struct "
        "<a href='index.html'>kestrel</a>::<a class='struct' href='#'>Pool</a><button id='copy-path'>Copy "
        "item path</button></h1><p>A pool of reusable connections, handed out one at a time and returned "
        "when the guard that holds one is dropped.</p></main></body></html>"
    )
    assert weblens.extract(html, "https://docs.example/kestrel/0.9.2/kestrel/struct.Pool.html").title == (
        "Struct kestrel::Pool"
    )


def test_a_page_without_an_h1_shows_its_title_in_its_first_h2() -> None:
    """A mail archive's thread (HyperKitty's markup) sets its subject in an ``<h2>`` and has no
    ``<h1>``: the part of the declared title that this heading shows is the title, and the list's and
    the site's names after it go."""
    html = (
        "<html><head><title>aarch64 builds failing with ENOSPC in %install - devel - Example "
        "Mailing-Lists</title></head><body><nav><a href='/'>Mailing-Lists</a></nav><div class='container'>"
        "<h3>Thread View</h3><h2>aarch64 builds failing with ENOSPC in %install</h2>"
        "<div class='email-body'><p>Since Tuesday every scratch build for aarch64 fails in the "
        "install step with ENOSPC, while the same package builds on x86_64. Has the builders' disk "
        "been resized?</p></div></div></body></html>"
    )
    page = weblens.extract(
        html, "https://lists.example.org/archives/list/devel@lists.example.org/thread/X7Q/"
    )
    assert page.title == "aarch64 builds failing with ENOSPC in %install"


def test_a_title_box_of_lines_shows_the_title_in_its_first() -> None:
    """A status page's incident (Statuspage's markup): a box named for the page's title holds the
    incident's name on its first line and "Incident Report for …" on the next; the part of the
    declared title that the first line shows is the title, without the site's name before it."""
    html = (
        "<html><head><title>Parcelhook Status - Delayed webhook deliveries for EU customers</title></head>"
        "<body><div class='container'><div class='page-title'><div class='incident-name'>Delayed "
        "webhook deliveries for EU customers</div><div class='subheader'>Incident Report for "
        "<strong>Parcelhook</strong></div></div><div class='incident-updates'><div class='update'>"
        "<div class='update-title'>Resolved</div><div class='update-body'>This incident has been "
        "resolved. All queued webhook events have been delivered and delivery latency is back to "
        "normal.</div></div></div></div></body></html>"
    )
    page = weblens.extract(html, "https://status.parcelhook.example/incidents/8xk2m4q9vd1z")
    assert page.title == "Delayed webhook deliveries for EU customers"


_POST_BODY = (
    "<p>After the update, switching the input language took half a second, and the first letter "
    "typed went to the wrong layout. Turning off the automatic switch fixed it.</p>"
)


def test_a_meta_tag_named_by_declares_the_writer() -> None:
    """A blog host's ``<meta name="by">`` (Tistory's) names the post's writer."""
    html = (
        "<html><head><title>Input switching lag</title><meta name='by' content='김민준'></head><body>"
        f"<article><h2>Input switching lag</h2>{_POST_BODY}</article></body></html>"
    )
    assert weblens.extract(html, "https://devlog.example.com/48").author == "김민준"


def test_a_box_named_for_the_writer_is_a_byline() -> None:
    """``<p class="writer">`` under the headline names the writer, as ``class="author"`` would."""
    html = (
        "<html><head><title>Input switching lag</title></head><body><article><h1>Input switching "
        f"lag</h1><div class='box-info'><p class='writer'>Anna Berger</p></div>{_POST_BODY}</article>"
        "</body></html>"
    )
    assert weblens.extract(html, "https://devlog.example.com/48").author == "Anna Berger"


def test_a_writers_job_title_in_a_box_of_its_own_is_no_part_of_the_name() -> None:
    """A changelog entry's byline: the name, then the writer's team in a box named for the role."""
    html = (
        "<html><head><title>Bulk export</title></head><body><article><h1>Bulk export</h1>"
        "<div class='Entry_author__vY6mD'><img alt='' src='/team/p.jpg'><span>Priya Ramaswell</span>"
        f"<span class='Entry_role__p0Oq2'>Product</span></div>{_POST_BODY}</article></body></html>"
    )
    assert weblens.extract(html, "https://app.example.com/changelog/bulk-export").author == "Priya Ramaswell"
    # and a verified account's badge beside the name
    badged = html.replace("Entry_role__p0Oq2'>Product", "woo-tip-main head_vip_2lPMa' title='verified'>V")
    assert weblens.extract(badged, "https://app.example.com/changelog/b").author == "Priya Ramaswell"


def test_a_box_named_for_the_writers_nickname_is_a_byline() -> None:
    """A blog host's bar under the title links the blogger's home by the nickname it shows
    (``<a class="follow-nickName">``), as a byline does; the site's slogan is no writer."""
    html = (
        "<html><head><title>Docker time zones - Mazhan Blog</title>"
        "<meta name='author' content='Make a hundred million coders!'></head><body><article>"
        "<h1>Docker time zones</h1><div class='article-info-box'><div class='bar-content'>"
        "<a class='follow-nickName' href='https://blog.example.com/lxf_dev'>林晓峰</a>"
        f"<span class='time'>2024-03-02 10:11:12</span></div></div>{_POST_BODY}</article></body></html>"
    )
    assert weblens.extract(html, "https://blog.example.com/lxf_dev/article/details/1").author == "林晓峰"


def test_a_papers_authors_without_their_affiliations_and_addresses() -> None:
    """LaTeXML's authors: each name in a box marked for its author, beside a box of notes (marked
    for the author too) holding the affiliation and an address, each in a box named for its role.
    The names are the authors; the notes are no mark and the role boxes no part of a name."""
    creators = "".join(
        f"<span class='ltx_creator ltx_role_author'><span class='ltx_personname'>{name}</span>"
        f"<span class='ltx_author_notes'><span class='ltx_contact ltx_role_affiliation'>{lab}</span>"
        f"{mail}</span></span>"
        for name, lab, mail in (
            ("Ana Ribeiro-Stenberg", "Halvorsen Institute of Technology", ""),
            (
                "Priya Holt",
                "Meridian Language Lab",
                "<span class='ltx_contact ltx_role_email'><a href='mailto:p@m.example'>p@m.ex</a></span>",
            ),
        )
    )
    body = (
        "<p>" + "We study how models cite the sources they retrieve, and where they go wrong. " * 6 + "</p>"
    )
    html = (
        "<html><head><title>Citation Drift</title></head><body><article class='ltx_document'>"
        f"<h1 class='ltx_title'>Citation Drift</h1><div class='ltx_authors'>{creators}</div>{body}"
        "</article></body></html>"
    )
    assert weblens.extract(html, "https://papers.example.org/html/2503.14872").authors == [
        "Ana Ribeiro-Stenberg",
        "Priya Holt",
    ]


@pytest.mark.parametrize(
    "review",
    [
        # a product's review by its microdata, one of them
        "<div itemscope itemtype='https://schema.org/Product'><article itemprop='review' itemscope "
        "itemtype='https://schema.org/Review'><p class='productReview-author'>Posted by <span "
        "itemprop='author'>Chris Walden</span></p><p>Boils fast.</p></article></div>",
        # the one review of a shop's list of reviews
        "<ul class='reviews-list'><li class='review-item'><p class='review-item__body'>Sharp and bright.</p>"
        "<p class='review-item__author'>Posted by Daniel Rowe</p></li></ul>",
        # judge.me's short names, reviews side by side
        "<div class='jdgm-rev'><span class='jdgm-rev__author'>Priya Nair</span><p>Lovely.</p></div>"
        "<div class='jdgm-rev'><span class='jdgm-rev__author'>Tom Berg</span><p>Fine.</p></div>",
        # a sign-in link named for the authorization it asks
        "<ul class='header links'><li class='authorization-link'><a href='/customer/login/'>Sign In</a>"
        "</li></ul>",
    ],
)
def test_a_products_reviewers_and_sign_in_link_are_no_author(review: str) -> None:
    """A shop's product page names its reviewers and a sign-in link in boxes marked for authors; none
    of them wrote the page."""
    body = "<p>" + "The stove boils a litre of water in three minutes and folds into its pot. " * 4 + "</p>"
    html = (
        "<html><head><title>Ember Stove</title></head><body><main><h1>Ember Stove</h1>"
        f"{body}</main><section class='reviews'><h2>Reviews</h2>{review}</section></body></html>"
    )
    assert weblens.extract(html, "https://shop.example/ember-stove").authors == []


def test_a_written_by_line_in_another_language_under_the_headline() -> None:
    """Intercom's help articles: "Écrit par <span>Camille Besson</span>" under the title, in a box of
    its own beside the writer's avatar."""
    body = (
        "<p>"
        + "Connectez votre agenda pour que vos rendez-vous apparaissent dans l'application. " * 4
        + "</p>"
    )
    html = (
        "<html><head><title>Connecter Google Agenda</title></head><body><main>"
        "<h1>Connecter Google Agenda</h1>"
        "<div class='avatar__info'><span><div>Écrit par <span class='font-semibold'>Camille Besson</span>"
        f"</div> <div>Mis à jour il y a plus de 3 mois</div></span></div>{body}</main></body></html>"
    )
    assert weblens.extract(html, "https://aide.example.fr/fr/articles/8123").authors == ["Camille Besson"]


def test_an_h1_shows_the_title_a_boards_tab_title_adds_its_board_and_site_to() -> None:
    """phpwind's tab title adds the board and the site after an unspaced bar; the thread's ``<h1>``
    shows the title alone."""
    html = """<html><head>
    <title>周末嘉陵江边野钓，鲫鱼口不错（附饵料配方）|江河野钓 - 渝州钓鱼论坛 - Powered by phpwind</title>
    </head><body><h1 class="read_h1">周末嘉陵江边野钓，鲫鱼口不错（附饵料配方）</h1>
    <p>这周六早上五点半出门，在嘉陵江北岸石门大桥下游那片回水湾打了一天窝，鲫鱼口不错。</p></body></html>"""
    meta = extract_metadata(lxml.html.document_fromstring(html), "https://bbs.example/read.php?tid=88213")
    assert meta.title == "周末嘉陵江边野钓，鲫鱼口不错（附饵料配方）"
