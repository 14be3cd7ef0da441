"""Metadata on pages of kinds not tuned on (issue 36 §3): dates written with the month named in another
language or day first with dots (dates missing where only the visible text states them), and a
byline's label taken for its author."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta, timezone

import lxml.html
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from weblens.extract import extract
from weblens.extract.dates import (
    _MONTH_NAMES,
    dates_in,
    find_date,
    in_own_zone,
    is_month_word,
    is_utc_time,
    is_zone_apart,
    normalise_date,
)
from weblens.extract.metadata import extract_metadata


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("3. Juli 2018", "2018-07-03"),  # German
        ("Montag, 14. Dezember 2015", "2015-12-14"),
        ("martes 17 de marzo de 2020", "2020-03-17"),  # Spanish
        ("1 de março de 2020", "2020-03-01"),  # Portuguese
        ("1er juillet 2019", "2019-07-01"),  # French
        ("12 febbraio 2021", "2021-02-12"),  # Italian
        ("5 maart 2022", "2022-03-05"),  # Dutch
        ("duminică, 20 septembrie 2020 16:20", "2020-09-20T16:20:00"),  # Romanian
        ("7 października 2020", "2020-10-07"),  # Polish, the genitive a date takes
        ("12. května 2021", "2021-05-12"),  # Czech
        ("3 марта 2021", "2021-03-03"),  # Russian
        ("14 травня 2020", "2020-05-14"),  # Ukrainian
        ("14 Mayıs 2020", "2020-05-14"),  # Turkish
        ("17 augusti 2019", "2019-08-17"),  # Swedish
        ("1 de març de 2020", "2020-03-01"),  # Catalan
        ("9 Agustus 2021", "2021-08-09"),  # Indonesian
        ("27.06.2018 09:54", "2018-06-27T09:54:00"),  # day first with dots
        ("3.7.2018", "2018-07-03"),
        ("17 de marzo de 2020 - 10:30", "2020-03-17T10:30:00"),
        # short forms, Greek and Arabic
        ("14 juil. 2017", "2017-07-14"),  # French
        ("1 déc. 2016", "2016-12-01"),
        ("3. Mär. 2019", "2019-03-03"),  # German
        ("5 dic. 2019", "2019-12-05"),  # Spanish, Italian
        ("25 ott 2018", "2018-10-25"),  # Italian
        ("10 out. 2018", "2018-10-10"),  # Portuguese
        ("25 мар. 2019", "2019-03-25"),  # Russian
        ("25. marts 2019", "2019-03-25"),  # Danish
        ("5 Δεκεμβρίου 2019", "2019-12-05"),  # Greek
        ("5 ديسمبر 2019", "2019-12-05"),  # Arabic
        # not dates
        ("31.02.2018", None),
        ("13.13.2020", None),
        ("17 de Zorro de 2020", None),
        ("3. Juli 3018", None),
        # Chinese, Japanese and Korean write the year, month and day with their signs
        ("2018年6月18日 10:01", "2018-06-18T10:01:00"),
        ("2020年 3月 5日(木) 14:30", "2020-03-05T14:30:00"),
        ("2019년 7월 3일", "2019-07-03"),
        ("2018年13月1日", None),
    ],
)
def test_dates_in_other_languages(raw: str, expected: str | None) -> None:
    assert normalise_date(raw) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("/ martes 17 de marzo de 2020", "2020-03-17"),
        ("Schengen, 3. Juli 2018", "2018-07-03"),
        ("Erstellt 27.06.2018 09:54 von Urs", "2018-06-27"),
        ("publié le 1er juillet 2019 par la rédaction", "2019-07-01"),
        ("version 1.2.2018x", None),  # a version string, not a date
        ("build 1.2.2018.5", None),
        # numbers parted by slashes or hyphens: read when one order is plain, never guessed
        ("22/11/2020 - 04:30 - Fonte: Agência Brasil", "2020-11-22"),
        ("Posted 11/22/2020", "2020-11-22"),
        ("22-11-2020", "2020-11-22"),
        ("Updated 2020/11/22", "2020-11-22"),
        ("05/06/2020", None),  # the 5th of June or May the 6th: the page does not say
        ("1/2/3/2024", None),
        ("ratio 12/30/20201", None),
        ("发布时间：2019年07月03日 08:15:22 来源：新华网", "2019-07-03T08:15:22"),
        ("2020年3月5日（木）14:30 配信", "2020-03-05T14:30:00"),
    ],
)
def test_a_date_found_in_a_short_line(text: str, expected: str | None) -> None:
    assert find_date(text) == expected


@given(
    st.dates(min_value=date(1900, 1, 1), max_value=date(2100, 12, 31)),
    st.integers(min_value=0, max_value=len(_MONTH_NAMES[0]) - 1),
)
def test_every_month_name_reads_back(day: date, which: int) -> None:
    names = _MONTH_NAMES[day.month - 1]
    name = names[which % len(names)]
    assert is_month_word(name) and is_month_word(name.capitalize())
    assert normalise_date(f"{day.day} {name} {day.year}") == day.isoformat()
    assert normalise_date(f"{day.day:02d}.{day.month:02d}.{day.year}") == day.isoformat()
    plain = day.day > 12  # the order of day and month is plain
    assert normalise_date(f"{day.day}/{day.month}/{day.year}") == (day.isoformat() if plain else None)
    assert normalise_date(f"{day.month}-{day.day}-{day.year}") == (day.isoformat() if plain else None)


def test_a_page_that_states_its_date_only_in_words_of_its_language() -> None:
    html = (
        "<html lang='es'><head><title>El precio del petróleo cae</title></head><body>"
        "<div class='breadcrumb'><a href='/finanzas/'>Finanzas</a></div>"
        "<p class='published-date'>/ martes 17 de marzo de 2020</p>"
        "<h1>El precio del petróleo cae</h1><article>"
        + "<p>El barril de petróleo mexicano cerró la jornada con una caída notable. Los analistas "
        "esperan que la tendencia continúe durante las próximas semanas.</p>" * 4 + "</article></body></html>"
    )
    assert extract(html, url="https://news.example/finanzas/precio").published_date == "2020-03-17"


def test_a_byline_label_in_an_author_classed_box_is_no_author() -> None:
    """WordPress themes set the label of a byline in a box whose class names the author
    (``<span class="meta-prep meta-prep-author">Posted on</span>``): a label, never the name."""
    from weblens.extract.authors import is_name, split_authors

    assert not is_name("Posted on") and not is_name("Written by") and is_name("Jane Doe")
    assert split_authors("Posted on") == []
    html = (
        "<html><head><title>A title</title></head><body><article><h1>A title</h1>"
        "<div class='entry-meta'><span class='meta-prep meta-prep-author'>Posted on</span> "
        "<span class='entry-date'>October 28, 2020</span></div>"
        + "<p>A paragraph of the article, long enough to be its text, and a second sentence.</p>" * 3
        + "</article></body></html>"
    )
    page = extract(html, url="https://blog.example/2020/10/28/a-title/")
    assert page.author != "Posted on"
    assert page.published_date == "2020-10-28"


def _page_with_lines(*lines: str) -> str:
    body = "".join(f"<div class='box'>{line}</div>" for line in lines)
    return (
        "<html><head><title>Hydrogen as a key technology</title></head><body>"
        "<header><nav><a href='/'>Home</a></nav></header><main><h2>Hydrogen as a key technology</h2>"
        + "<p>Hydrogen can store the power of the wind and the sun for the months when they fail, and "
        "it can drive the trucks and the mills that batteries cannot.</p>"
        * 5
        + f"</main><aside>{body}</aside></body></html>"
    )


def test_the_pages_only_date_line_is_its_date_wherever_it_stands() -> None:
    # no meta date, no <time>, no date under the headline: the page's one date line, in a box aside
    found = extract_metadata(lxml.html.document_fromstring(_page_with_lines("Datum", "30.07.2019")), None)
    assert found.published_date == "2019-07-30"


def test_date_lines_of_two_days_give_no_date() -> None:
    # an aside listing posts of two days: none of them is the page's date
    html = _page_with_lines("Posted 30.07.2019", "Posted 02.08.2019")
    assert extract_metadata(lxml.html.document_fromstring(html), None).published_date is None


def test_a_line_spanning_days_is_no_date_line() -> None:
    # an archive's weeks and a life's dates span days: the page's one date line is still its date
    archive = "".join(
        f"<p><a href='/archives/w{week}'>{days}</a></p>"
        for week, days in ((52, "2006.12.24 - 2006.12.30"), (51, "2006.12.17 - 2006.12.23"))
    )
    life = "<p>3-14-1988 - 5-25-2003</p>"
    html = _page_with_lines("Posted", "May 18, 2005").replace("</aside>", f"{archive}{life}</aside>")
    assert extract_metadata(lxml.html.document_fromstring(html), None).published_date == "2005-05-18"
    # a date written year first with dots is a date line too
    korean = _page_with_lines("입력", "2026.12.05. 오후 2:31")
    assert extract_metadata(lxml.html.document_fromstring(korean), None).published_date == "2026-12-05"


def test_a_chinese_threads_date_is_its_first_posts_past_the_posters_registration() -> None:
    # Discuz writes dates year first with one-digit months and days; the poster's card comes first
    card = "<dl><dt>积分</dt><dd>186</dd><dt>注册时间</dt><dd>2021-8-14</dd></dl>"
    post = "<div class='authi'>楼主 <em>发表于 2023-6-20 21:17:45</em></div><p>阳台种的多肉夏天总是烂根。</p>"
    html = f"<html><head><title>多肉烂根</title></head><body><h1>多肉烂根</h1>{card}{post}</body></html>"
    assert extract_metadata(lxml.html.document_fromstring(html), None).published_date == "2023-06-20T21:17:45"


def test_a_time_shown_relative_to_now_gives_the_date_in_its_title() -> None:
    # a link board's submission: "8 months ago", the date (and a Unix time) in the element's title
    story = (
        "<table><tr><td class='title'><span class='titleline'><a href='item?id=7'>Ask: How do you run"
        " migrations?</a></span></td></tr><tr><td class='subtext'><span class='score'>214 points</span>"
        " by <a class='hnuser' href='user?id=tarn'>tarn</a> <span class='age' title='2024-01-18T15:03:11"
        " 1705590191'><a href='item?id=7'>8 months ago</a></span> | <a href='hide?id=7'>hide</a></td></tr>"
        "<tr><td><div class='toptext'>We rename columns at 2am. How do other teams do it?</div></td></tr>"
        "</table>"
    )
    html = f"<html><head><title>Ask: How do you run migrations?</title></head><body>{story}</body></html>"
    assert extract_metadata(lxml.html.document_fromstring(html), None).published_date == "2024-01-18T15:03:11"
    # the same in Chinese ("19 天前") and German ("vor 3 Stunden")
    for shown in ("19 天前", "vor 3 Stunden"):
        other = html.replace("8 months ago", shown)
        assert (
            extract_metadata(lxml.html.document_fromstring(other), None).published_date
            == "2024-01-18T15:03:11"
        )
    # a title that is no date, or a text that is no relative time, gives none
    for a, b in (("2024-01-18T15:03:11 1705590191", "Posted by tarn"), ("8 months ago", "8 months of work")):
        other = html.replace(a, b)
        assert extract_metadata(lxml.html.document_fromstring(other), None).published_date is None


def test_a_first_posts_date_written_out_comes_before_a_replys_shown_relative_to_now() -> None:
    # Discuz: the first post's date written out, a reply's as "6 天前" with its date in the title
    post = "<div class='authi'><em>发表于 2024-5-18 19:27:00</em></div><p>今天的活动奖励什么时候发放？</p>"
    reply = "<div><em>发表于 <span title='2024-5-21 11:01:32'>6 天前</span></em></div><p>明天。</p>"
    html = f"<html><head><title>奖励</title></head><body><h1>奖励</h1>{post}{reply}</body></html>"
    assert extract_metadata(lxml.html.document_fromstring(html), None).published_date == "2024-05-18T19:27:00"


def test_a_forum_posts_subject_in_a_low_heading_is_the_headline_its_date_is_under() -> None:
    # SMF: the forum's name in the banner's <h1>, the first post's subject in an <h5>, its date after
    html = (
        "<html><head><title>Tomates con hojas amarillas</title></head><body>"
        "<div id='header'><h1 class='forumtitle'><a href='/'>Foro Huerto Urbano</a></h1></div>"
        "<h5 id='subject_1'><a href='/t/9127'>Tomates con hojas amarillas</a></h5>"
        "<div class='smalltext'>« <strong>en:</strong> 02 de Junio de 2023, 18:34:12 »</div>"
        "<div class='post'>Las hojas de abajo se ponen amarillas.</div>"
        "<h5 id='subject_2'><a href='/t/9127'>Re: Tomates con hojas amarillas</a></h5>"
        "<div class='smalltext'>« <strong>Respuesta #1 en:</strong> 03 de Junio de 2023, 09:12:30 »</div>"
        "</body></html>"
    )
    assert extract_metadata(lxml.html.document_fromstring(html), None).published_date == "2023-06-02"


@pytest.mark.parametrize(
    ("language", "order"),
    [
        ("fr", True),
        ("pt-BR", True),
        ("en-GB", True),
        ("en-US", None),
        ("en", None),
        ("ja", None),
        (None, None),
    ],
)
def test_the_pages_language_says_whether_days_come_first(language: str | None, order: bool | None) -> None:
    from weblens.extract.dates import day_first_in, normalise_date

    assert day_first_in(language) is order
    # "09/04/2024" is 9 April where days come first, and left unread where the page does not say
    assert normalise_date("09/04/2024", day_first=order) == ("2024-04-09" if order else None)
    assert normalise_date("22/04/2024", day_first=order) == "2024-04-22"  # the numbers say it


def test_a_french_pages_date_of_numbers_is_read_day_first() -> None:
    html = (
        "<html lang='fr'><head><title>Érosion du littoral</title></head><body><h1>Érosion du littoral</h1>"
        "<p class='meta'>Par <a href='/auteur/claire'>Claire Vasseur</a> · 09/04/2024 à 18h20</p>"
        + "<p>La falaise a encore reculé de deux mètres cet hiver, selon les relevés de la commune.</p>" * 3
        + "</body></html>"
    )
    assert extract_metadata(lxml.html.document_fromstring(html), None).published_date == "2024-04-09"
    english = html.replace("lang='fr'", "lang='en'")
    assert extract_metadata(lxml.html.document_fromstring(english), None).published_date is None
    # a line spanning days is no date line, read in the page's order as its dates are
    week = "<html lang='fr'><body><p>Une page.</p><aside><p>02/04/2024 - 08/04/2024</p></aside></body></html>"
    assert extract_metadata(lxml.html.document_fromstring(week), None).published_date is None


_BODY = "<p>A paragraph of the article, long enough to be its text, and a second sentence.</p>" * 3


def _headed(body: str) -> str:
    return f"<html><head><title>A title</title></head><body><h1>A title</h1>{body}</body></html>"


@pytest.mark.parametrize(
    ("line", "author"),
    [
        (
            "<a href='https://code.example/lishid'><img alt='Licat' src='/l.png'>Licat </a> "
            "<span>on June 5, 2023</span>",
            "Licat",
        ),
        (
            "<a href='/authors/james-okafor/'>James Okafor</a><span>|</span><span>January 9, 2023</span>",
            "James Okafor",
        ),
    ],
)
def test_a_linked_name_dated_right_after_the_headline_is_the_author(line: str, author: str) -> None:
    # no "By": a link to the writer's page, then the date, in the line under the headline
    assert extract(_headed(f"<div>{line}</div>{_BODY}"), url="https://blog.example/a-title").author == author
    # a linked word dated after it, far below the headline, is no byline
    far = _headed(f"{_BODY * 4}<div><a href='/t'>Archive</a> on June 5, 2023</div>")
    assert extract(far, url="https://blog.example/a-title").author is None


def test_a_writers_bio_and_a_link_to_more_of_their_posts_are_no_byline() -> None:
    from weblens.extract.authors import is_name, reads_as_prose

    assert not is_name("More from James") and not is_name("View all posts") and is_name("Maria de la Cruz")
    assert reads_as_prose("James writes about walking and birds. More from James")
    assert not reads_as_prose("Posted by admin on March 5") and not reads_as_prose(
        "By A and B, staff writers"
    )
    html = (
        "<html><head><title>A title</title></head><body><h1>A title</h1><div class='post-info'>"
        "<a href='/authors/james-okafor/'>James Okafor</a> · <span>January 9, 2023</span></div>"
        f"{_BODY}<div class='author-box'><p>James writes about walking and birds. "
        "<a href='/authors/james-okafor/'>More from James</a></p></div></body></html>"
    )
    assert extract(html, url="https://blog.example/a-title").author == "James Okafor"


@pytest.mark.parametrize(
    ("line", "author"),
    [
        ("Posted on July 4, 2021 by Jens Petersen", "Jens Petersen"),
        ("Posted on <time>July 4, 2021</time> by <a href='/author/jp'>Jens Petersen</a>", "Jens Petersen"),
        ("Geschrieben am 4. Juli 2021 von Jens Petersen", "Jens Petersen"),
        ("Publié le 4 juillet 2021 par Jean Dupont", "Jean Dupont"),
        # no date before "by": a sentence of the text, not a byline
        ("A book loved by Jens Petersen and his readers", None),
    ],
)
def test_a_dated_line_under_the_headline_names_its_author_after_by(line: str, author: str | None) -> None:
    page = extract(_headed(f"<p class='postmeta'>{line}</p>{_BODY}"), url="https://blog.example/a-title")
    assert page.author == author


def test_a_writers_credit_names_the_author_and_a_photographers_does_not() -> None:
    credits = (
        "<div class='contributors'><div><span class='role'>Words</span> "
        "<a href='/c/mi'>Margaret Idle</a></div>"
        "<div><span class='role'>Photographs</span> <a href='/c/ka'>Kwame Asante</a></div></div>"
    )
    assert extract(_headed(credits + _BODY), url="https://mag.example/keels").author == "Margaret Idle"
    photos = "<div><span class='role'>Photographs</span> <a href='/c/ka'>Kwame Asante</a></div>"
    assert extract(_headed(photos + _BODY), url="https://mag.example/keels").author is None


def test_a_crews_credits_after_the_text_name_the_one_credited_for_the_words() -> None:
    """Credits in a list after the text, each linked to the person's page: the writer is the one
    credited for the words ("文", text), not the photographer ("写真") or the editor ("編集")."""
    credits = (
        "<div class='crew'><dl><dt>文</dt><dd><a href='/writers/sato-kenta'>佐藤健太</a></dd>"
        "<dt>写真</dt><dd><a href='/writers/yamamoto-aya'>山本彩</a></dd>"
        "<dt>編集</dt><dd><a href='/writers/takahashi-misaki'>高橋美咲</a></dd></dl></div>"
    )
    html = f"<html><body><article><h1>A title</h1>{_BODY * 3}{credits}</article></body></html>"
    assert extract(html, url="https://mag.example/articles/sento").author == "佐藤健太"
    photos = credits.replace("<dt>文</dt>", "<dt>絵</dt>")  # no one credited for the words
    html = f"<html><body><article><h1>A title</h1>{_BODY * 3}{photos}</article></body></html>"
    assert extract(html, url="https://mag.example/articles/sento").author is None


@pytest.mark.parametrize(
    ("line", "author"),
    [
        ("di Giulia Benedetti · Pubblicato il 7 novembre 2024", "Giulia Benedetti"),
        # "Di" in capitals opens a name or a sentence, not a byline
        ("Di Stefano racconta la pasta di casa sua", None),
    ],
)
def test_italian_di_in_lower_case_opens_a_byline_under_the_headline(line: str, author: str | None) -> None:
    page = extract(_headed(f"<p class='meta'>{line}</p>{_BODY}"), url="https://blog.example/pasta")
    assert page.author == author


def test_a_related_storys_card_names_no_writer_of_the_page() -> None:
    """A teaser card after the story (its headline links to the other story) marks its writer as the
    page's writer is marked: that writer is the other story's."""
    card = (
        "<div class='related'><div class='td_module_related_posts'><h3 class='entry-title'>"
        "<a href='https://paper.example/2025/05/19/reps-summon-minister/'>Reps summon minister</a></h3>"
        "<span class='td-author-name'>By Aisha Bello</span></div></div>"
    )
    html = f"<html><body><h1>A title</h1>{_BODY}<p>By Chinedu Okafor, Abuja</p>{card}</body></html>"
    assert extract(html, url="https://paper.example/2025/05/20/a-title/").author != "Aisha Bello"
    # the page's own headline linked to itself, beside its byline: its writer
    own = (
        "<div class='post'><h2><a href='/2025/05/20/a-title/'>A title</a></h2>"
        "<span class='author'>Chinedu Okafor</span></div>"
    )
    html = f"<html><body>{own}{_BODY}</body></html>"
    assert extract(html, url="https://paper.example/2025/05/20/a-title/").author == "Chinedu Okafor"
    # a byline set as a heading, its names linked to the writers' pages; an author box headed by
    # the writer's name linked to the writer's page
    for byline in (
        "<section class='article-byline-content'><ul class='author-list'><li class='author-list-item'>"
        "<a href='/author/elodie/' class='author-avatar'><img alt='Élodie Marchand' src='/e.jpg'></a></li>"
        "</ul><div class='article-byline-meta'><h4 class='author-name'>Par <a href='/author/elodie/'>"
        "Élodie Marchand</a> et <a href='/author/thomas/'>Thomas Girard</a></h4></div></section>",
        "<section class='author-box'><div class='ast-author-details'><h3 class='ast-author-title "
        "author-box__name'><a href='/author/elodie/' rel='author'>Élodie Marchand</a></h3>"
        "<p class='ast-author-meta'>Élodie écrit sur les villes.</p></div></section>",
    ):
        html = f"<html><body><article><h1>A title</h1>{_BODY * 3}{byline}</article></body></html>"
        assert "Élodie Marchand" in (extract(html, url="https://blog.example/a-title/").author or "")


@pytest.mark.parametrize(
    ("credit", "author"),
    [
        # Turkish "Haber:" (the news: its reporter) before a link to the reporter's page
        (
            "<b>Haber:</b> <a href='/muhabir/elif-yildirim'>Elif Yıldırım</a> - <b>Kamera:</b> Can Aksoy",
            "Elif Yıldırım",
        ),
        ("<a href='/muhabir/elif-yildirim'>Elif Yıldırım</a> · 12 Mayıs 2025", "Elif Yıldırım"),
    ],
)
def test_a_turkish_reporters_credit_names_the_author(credit: str, author: str) -> None:
    page = extract(
        _headed(f"<div class='rep'><span>{credit}</span></div>{_BODY}"), url="https://haber.example/x"
    )
    assert page.author == author


def _story(head: str, under_headline: str = "", url: str = "https://news.example/story") -> str | None:
    html = (
        f"<html><head><title>A title</title>{head}</head><body><h1>A title</h1>{under_headline}"
        f"{_BODY}</body></html>"
    )
    return extract(html, url=url).published_date


def _ld(data: str) -> str:
    return f'<script type=\'application/ld+json\'>{{"@type": "NewsArticle", {data}}}</script>'


def test_a_time_in_utc_is_read_on_the_publishers_clock_when_the_page_declares_it_so() -> None:
    og = "<meta property='article:published_time' content='2020-12-24T23:59:50+00:00'>"
    local = _ld('"datePublished": "2020-12-25T01:59:50+02:00"')
    assert _story(og + local) == "2020-12-25T01:59:50+02:00"
    other_instant = _ld('"datePublished": "2020-12-25T03:00:00+02:00"')  # a later time: no witness
    assert _story(og + other_instant) == "2020-12-24T23:59:50+00:00"


def test_a_time_in_utc_past_midnight_is_of_the_day_the_page_shows_under_its_headline() -> None:
    # 9 pm in Florida on 17 February, declared at 2 am UTC on the 18th
    declared = _ld('"datePublished": "2020-02-18T02:18:11Z"')
    assert _story(declared, "<p>17 de febrero de 2020</p>") == "2020-02-17"
    # the day shown agrees with the declared one: the declared time is kept, whatever the URL says
    url = "https://news.example/2020/07/08/story"
    morning = _ld('"datePublished": "2020-07-09T10:04:04Z"')
    assert _story(morning, "<p>July 9, 2020</p>", url=url) == "2020-07-09T10:04:04+00:00"
    # two days apart, or a time no zone can shift by a day: the declared time
    assert _story(declared, "<p>16 de febrero de 2020</p>") == "2020-02-18T02:18:11+00:00"
    noon = _ld('"datePublished": "2020-02-18T12:30:00Z"')
    assert _story(noon, "<p>17 February 2020</p>") == "2020-02-18T12:30:00+00:00"


def test_publication_marks_of_several_days_are_a_lists_not_the_pages() -> None:
    # the story's own <time> first; a sidebar of other posts marks theirs as pubdate
    others = "".join(
        f"<li><time pubdate datetime='2019-09-{day}T07:30:29Z'>{day} septembre</time></li>"
        for day in (22, 20)
    )
    body = f"<time datetime='2019-06-28T13:49:45Z'>28 juin 2019</time>{_BODY}<aside><ul>{others}</ul></aside>"
    assert _story("", body) == "2019-06-28T13:49:45+00:00"
    one = "<li><time pubdate datetime='2019-07-02T07:30:29Z'>2 juillet</time></li>"
    assert _story("", body.replace(others, one)) == "2019-07-02T07:30:29+00:00"  # one day: the page's


def test_a_time_that_shows_another_day_than_its_datetime_is_read_as_shown() -> None:
    shown = "<time datetime='2019-07-03T10:18:46Z'>Publié le 29 juin 2019</time>"
    assert _story("", shown) == "2019-06-29"
    same_day = "<time datetime='2019-06-29T10:18:46Z'>Publié le 29 juin 2019</time>"
    assert _story("", same_day) == "2019-06-29T10:18:46+00:00"
    no_year = "<time datetime='2019-07-03T10:18:46Z'>29 juin</time>"
    assert _story("", no_year) == "2019-07-03T10:18:46+00:00"


@pytest.mark.parametrize(
    ("key", "expected"),
    [
        ("five_hundred_pixels:uploaded", "2013-02-16T04:36:36-05:00"),
        ("cXenseParse:recs:publishtime", "2013-02-16T04:36:36-05:00"),
        ("bt:pubDate", "2013-02-16T04:36:36-05:00"),
        ("bt:modDate", None),  # a modification
        ("uploaded", None),  # no vendor's prefix: a word of anything
    ],
)
def test_a_vendors_own_meta_name_for_the_publication_date(key: str, expected: str | None) -> None:
    assert _story(f"<meta property='{key}' content='2013-02-16T04:36:36-05:00'>") == expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("This entry was posted on Monday, May 31st, 2004 at 8:40 pm and is filed under", "2004-05-31"),
        ("This story was published on Tuesday, March 13, 2001.", "2001-03-13"),
        ("Dieser Artikel wurde am 14. Dezember 2015 um 14:48 von", "2015-12-14"),
        ("Cet article a été publié le 3 mai 2019", "2019-05-03"),
        # a sentence of the text that holds a date is no statement of when the page was written
        ("The bridge was opened on Monday, May 31st, 2004 at 8:40 pm by the mayor", None),
    ],
)
def test_a_templates_sentence_of_when_the_post_was_written_dates_it(
    sentence: str, expected: str | None
) -> None:
    footer = f"<p class='postmetadata'><small>{sentence} <a href='/cat/1'>News</a></small></p>"
    assert _story("", _BODY * 3 + footer) == expected  # past the lines read under the headline


@given(
    st.datetimes(min_value=datetime(1990, 1, 1), max_value=datetime(2090, 12, 31)),
    st.integers(min_value=-12 * 60, max_value=14 * 60),
    st.integers(min_value=2, max_value=400),
)
@example(datetime(2020, 1, 1, 10, 0), 14 * 60, 2)  # the edges of the zones' reach
@example(datetime(2020, 1, 1, 11, 59), -12 * 60, 2)
def test_the_day_of_a_utc_time_on_any_zones_clock_is_zone_apart_and_no_other(
    moment: datetime, offset_minutes: int, far: int
) -> None:
    utc = moment.replace(second=0, microsecond=0, tzinfo=UTC)
    written = utc.isoformat()
    local_day = utc.astimezone(timezone(timedelta(minutes=offset_minutes))).date()
    assert is_utc_time(written)
    assert local_day == utc.date() or is_zone_apart(written, local_day.isoformat())
    for days in (far, -far):
        assert not is_zone_apart(written, (utc.date() + timedelta(days=days)).isoformat())
    # the same instant written on that zone's clock is found among the page's other declarations
    if offset_minutes:
        local = utc.astimezone(timezone(timedelta(minutes=offset_minutes))).isoformat()
        assert in_own_zone(written, [None, "2020-01-01", local]) == local


@pytest.mark.parametrize(
    "line",
    [
        "Updated: April 2, 2019 · Published: March 25, 2019",
        "Published March 25, 2019, updated April 2, 2019",
        "By Ann Lee | Last modified 2019-04-02 | 2019-03-25",
        "Aktualisiert am 2. April 2019, veröffentlicht am 25. März 2019",
    ],
)
def test_a_line_that_gives_an_update_and_the_publication_gives_the_publication(line: str) -> None:
    html = f"<html><body><article><h1>Roads plan</h1><p>{line}</p>{_BODY}</article></body></html>"
    assert extract(html, "https://news.example/roads-plan").published_date == "2019-03-25"


def test_dates_in_a_line_come_in_the_order_written_each_once() -> None:
    line = "Updated: 2019-04-02 10:00 · Published: March 25, 2019 (25.03.2019)"
    assert [date for _, _, date in dates_in(line)] == ["2019-04-02T10:00:00", "2019-03-25", "2019-03-25"]


@pytest.mark.parametrize(
    ("line", "author"),
    [
        ("Von Hans Müller", "Hans Müller"),  # German
        ("Par Jean Dupont", "Jean Dupont"),  # French
        ("Por Juan Pérez", "Juan Pérez"),  # Spanish
        ("Door Jan de Vries", "Jan de Vries"),  # Dutch
        ("Av Anna Svensson", "Anna Svensson"),  # Swedish
        ("Autor: Ann Lee", "Ann Lee"),
        ("Author: Eric Reynolds   Editor: Angela Bowey", "Eric Reynolds"),  # the next label ends the name
    ],
)
def test_a_byline_under_the_headline_in_other_languages(line: str, author: str) -> None:
    page = extract(_headed(f"<p>{line}</p>{_BODY}"), url="https://news.example/a-story")
    assert page.author == author


def test_a_posts_signed_line_names_its_author_when_it_is_the_only_signer() -> None:
    footer = "<p class='post-footer'>posted by Ann Lee at <a href='/p'>10:14 AM</a></p>"
    signed = f"<div class='post'><h1>Roads</h1>{_BODY}{footer}</div>"
    comment = "<div class='comments'><p>Posted by Bob Stone at 11:00</p><p>I agree with every word.</p></div>"
    html = f"<html><head><title>Roads</title></head><body>{signed}{comment}</body></html>"
    assert extract(html, "https://blog.example/2019/03/roads.html").author == "Ann Lee"  # not the reader
    other = f"<div class='post'><h2>Bridges</h2>{_BODY}<p>Posted by Bob Stone at 9:00 AM</p></div>"
    front = f"<html><head><title>Blog</title></head><body>{signed}{other}</body></html>"
    assert extract(front, "https://blog.example/").author is None  # two posts, two signers: no one author


@pytest.mark.parametrize(
    ("line", "author"), [("By Roy M. Poses MD", "Roy M. Poses"), ("By Ann Lee, PhD", "Ann Lee")]
)
def test_the_letters_of_a_degree_after_a_name_are_no_part_of_it(line: str, author: str) -> None:
    page = extract(_headed(f"<p>{line}</p>{_BODY}"), url="https://news.example/a-story")
    assert page.author == author


def test_a_byline_label_in_another_language_before_a_linked_name() -> None:
    """ "von <a>Max Kolter</a>": the label is a word of its own before the link (it was read only
    with a space after it, inside one text)."""
    line = "<p class='meta-info'>von <a href='/autoren/name/max-kolter'>Max Kolter</a></p>"
    page = extract(_headed(f"{line}{_BODY}"), url="https://news.example/a-story")
    assert page.author == "Max Kolter"


def test_a_byline_label_in_a_box_of_its_own_is_no_author() -> None:
    """ "<div class='author-von'>Von</div><div>…</div>": the German "by" alone is a label."""
    from weblens.extract.authors import split_authors

    assert split_authors("Von") == [] and split_authors("Par") == []
    byline = (
        "<div class='authorSection'><div class='authorSectionVon'>Von</div><div>BR24 Redaktion</div></div>"
    )
    page = extract(_headed(f"{byline}{_BODY}"), url="https://news.example/a-story")
    assert page.author != "Von"


def test_a_script_inside_an_author_box_is_no_part_of_the_name() -> None:
    box = (
        "<ul class='authorList'><script>window.q.push(function() {load('https://cdn.example/a.svg');});"
        "</script></ul>"
    )
    page = extract(_headed(f"{box}{_BODY}"), url="https://news.example/a-story")
    assert page.author is None
    named = "<ul class='authorList'><li>Ann Lee<script>track('author');</script></li></ul>"
    assert extract(_headed(f"{named}{_BODY}"), url="https://news.example/a-story").author == "Ann Lee"


@pytest.mark.parametrize(
    ("value", "names"),
    [
        ("Felix Schröder und Jörg Soldwisch", ["Felix Schröder", "Jörg Soldwisch"]),  # German
        ("Trine Jørgensen og Tôrtia Reimer-Johansen", ["Trine Jørgensen", "Tôrtia Reimer-Johansen"]),
        ("Mario Rossi e Luca Bianchi e Anna Verdi", ["Mario Rossi", "Luca Bianchi", "Anna Verdi"]),  # Italian
        ("Jean Dupont et Marie Curie", ["Jean Dupont", "Marie Curie"]),  # French
        ("José Ortega y Gasset", ["José Ortega y Gasset"]),  # one name: a side of one word
        ("Maria da Silva", ["Maria da Silva"]),
    ],
)
def test_another_languages_and_between_two_names_parts_them(value: str, names: list[str]) -> None:
    from weblens.extract.authors import split_authors

    assert split_authors(value) == names


def test_the_place_after_a_sites_name_in_an_author_value_is_no_person() -> None:
    """``<meta name="author" content="site.de, Frankfurt, Germany">``: the site and where it is."""
    from weblens.extract.authors import split_authors

    assert split_authors("hessenschau.de, Frankfurt, Germany") == ["hessenschau.de"]
    assert split_authors("Ann Lee, Boston") == ["Ann Lee", "Boston"]  # after a person: left as it was


@pytest.mark.parametrize(
    ("value", "names"), [("신현주 기자", ["신현주"]), ("山田太郎記者", ["山田太郎"]), ("기자", [])]
)
def test_a_reporters_role_after_a_name_in_korean_japanese_and_chinese(value: str, names: list[str]) -> None:
    from weblens.extract.authors import split_authors

    assert split_authors(value) == names


@pytest.mark.parametrize("byline", ["APA", "SDA", "dpa", "Redaktion", "Nachrichten", "Rédaction"])
def test_a_national_news_agency_or_a_newsroom_names_no_person(byline: str) -> None:
    from weblens.extract.authors import is_organisation

    assert is_organisation(byline)


def test_a_kicker_set_in_its_own_element_over_the_headline_is_no_part_of_the_title() -> None:
    head = (
        "<head><title>Liverpool lose at Everton | sport.example</title>"
        "<meta property='og:title' content='Liverpool lose at Everton'></head>"
    )
    h1 = (
        "<h1><span class='topline'>Premier League</span> "
        "<span class='headline'>Liverpool lose at Everton</span></h1>"
    )
    html = f"<html>{head}<body><article>{h1}{_BODY}</article></body></html>"
    assert extract(html, "https://sport.example/a").title == "Liverpool lose at Everton"
    # a headline that says more than the declared title, with no element of its own for the rest, stays
    longer = "<h1>Liverpool lose at Everton in the derby</h1>"
    html = f"<html>{head}<body><article>{longer}{_BODY}</article></body></html>"
    assert extract(html, "https://sport.example/a").title == "Liverpool lose at Everton in the derby"


@pytest.mark.parametrize(
    ("og_title", "expected"),
    [
        (
            "Party vote fails again-Politicsㅣ Daily Paper",
            "Party vote fails again",
        ),  # an affix we cannot parse
        ("Party vote fails again: what comes next", "Party vote fails again: what comes next"),  # a subtitle
    ],
)
def test_a_declared_title_that_only_adds_an_affix_to_another_gives_way_to_it(
    og_title: str, expected: str
) -> None:
    ld = '{"@context": "https://schema.org", "@type": "NewsArticle", "headline": "Party vote fails again"}'
    head = (
        f"<head><meta property='og:title' content='{og_title}'>"
        f"<script type='application/ld+json'>{ld}</script></head>"
    )
    html = f"<html>{head}<body><article>{_BODY}</article></body></html>"
    assert extract(html, "https://paper.example/a").title == expected


@pytest.mark.parametrize(
    ("line", "author"),
    [
        ("<p>Von: <a href='/bill-mccarthy'>Bill McCarthy</a></p>", "Bill McCarthy"),  # a label with a colon
        ("<p>Par : <a href='/jean-dupont'>Jean Dupont</a></p>", "Jean Dupont"),  # French spacing
    ],
)
def test_another_languages_by_with_a_colon_before_a_linked_name(line: str, author: str) -> None:
    page = extract(_headed(f"{line}{_BODY}"), url="https://news.example/a-story")
    assert page.author == author


def test_an_author_mark_named_in_camel_case_comes_before_a_teasers_later() -> None:
    """``<ul class="metaInfoAuthorList">`` under the headline is the byline; a teaser further down
    names its own story's author in ``articleBox__authorList``."""
    byline = (
        "<ul class='metaInfoAuthorList'><li class='metaInfoAuthorList-item'>"
        "<a href='/author/nflakin/'>Nathaniel Flakin</a></li></ul>"
    )
    teaser = (
        "<div class='articleBox'><ul class='articleBox__authorList'><li>Emilio Albamonte</li></ul>"
        "<h3><a href='/other-story'>Another story</a></h3></div>"
    )
    page = extract(_headed(f"{byline}{_BODY}{teaser}"), url="https://news.example/a-story")
    assert page.author == "Nathaniel Flakin"


def _story_with_related_card(byline: str, paragraphs: int = 4) -> str:
    """An article whose byline and date are unmarked lines under its headline, followed (outside
    its ``<article>``) by a related story's card with a marked author and a ``<time>``."""
    body = "".join(
        f"<p>Paragraph {i} of the council's story, with enough words in it to be read as prose.</p>"
        for i in range(paragraphs)
    )
    card = (
        "<aside class='related'><h3>More from the coast</h3><div class='card'>"
        "<a href='/2024/05/ferry'>Ferry timetable changes announced</a>"
        "<span class='author'>By Tom Price</span><time datetime='2024-05-10'>May 10, 2024</time>"
        "</div></aside>"
    )
    return (
        "<html><head><title>Council delays harbour levy vote | The Coastal Times</title></head><body>"
        f"<main><article><h1>Council delays harbour levy vote</h1>{byline}{body}</article>{card}</main>"
        "</body></html>"
    )


@pytest.mark.parametrize(
    ("byline", "author", "day"),
    [
        ("<div class='meta'><span>By Ann Lee &amp; Bo Chen</span> <span>Published on 14 May 2024</span>"
         "</div>",
         "Ann Lee, Bo Chen", "2024-05-14"),
        ("<p>Par Anne Leroy et Bruno Chevalier</p><p>Publié le 14 mai 2024</p>",
         "Anne Leroy, Bruno Chevalier", "2024-05-14"),
        ("<p class='kicker'>Harbour</p>", None, None),  # no byline of its own: none, not Tom Price's
    ],
)  # fmt: skip
def test_a_related_storys_byline_and_date_after_the_article_are_not_the_pages(
    byline: str, author: str | None, day: str | None
) -> None:
    page = extract(_story_with_related_card(byline), "https://coastal-times.example/2024/levy")
    assert page.author == author
    assert (page.published_date or "")[:10] == (day or "")


def test_links_to_writers_pages_under_the_headline_are_its_byline_without_a_by() -> None:
    byline = (
        "<div class='meta'><a href='/author/ann-lee'>Ann Lee</a>, <a href='/author/bo-chen/'>Bo Chen</a>"
        " <time datetime='2024-05-14'>14 May 2024</time></div>"
    )
    page = extract(_story_with_related_card(byline), "https://coastal-times.example/2024/levy")
    assert page.authors == ["Ann Lee", "Bo Chen"]
    title_only = byline.replace("Ann Lee</a>, <a href='/author/bo-chen/'>Bo Chen", "Online News Editor")
    page = extract(_story_with_related_card(title_only), "https://coastal-times.example/2024/levy")
    assert page.author is None  # a job title on a link to a writer's page names nobody


@pytest.mark.parametrize(
    "name",
    ["محمد العلي", "דנה כהן", "अनिल शर्मा"],  # Arabic, Hebrew, Devanagari: scripts without capitals
)
def test_a_link_to_a_writers_page_names_a_writer_in_a_script_without_case(name: str) -> None:
    byline = f"<div class='writeBy'><span>كتب </span><a href='/Author/1523/x'>{name}</a></div>"
    page = extract(_story_with_related_card(byline), "https://coastal-times.example/2024/levy")
    assert page.authors == [name]
    lower = byline.replace(name, "online news editor")  # a Latin name still opens with a capital
    assert extract(_story_with_related_card(lower), "https://coastal-times.example/2024/levy").author is None


def test_a_bylines_labels_and_a_pictures_credit_are_no_writers() -> None:
    url = "https://coastal-times.example/2024/levy"
    terms = (
        "<dl class='artstyle__byline'><dt class='artstyle__byline-label'>Auteur</dt>"
        "<dd class='artstyle__byline-author'><a href='/journalist/sanne-de-vries/'>Sanne de Vries</a></dd>"
        "<dt class='artstyle__byline-label'>Gepubliceerd</dt>"
        "<dd class='artstyle__byline-date'>8 mei 2024</dd></dl>"
    )
    assert extract(_story_with_related_card(terms), url).authors == ["Sanne de Vries"]
    photo = "<figure><img src='/a.jpg'><div class='photo__author'>WARTA PRIANGAN/AGUS SETIAWAN</div></figure>"
    assert extract(_story_with_related_card(photo), url).author is None
    # a field whose class says where its label is (Drupal: label-hidden) is the value itself
    field = (
        "<div class='field field--name-field-byline field--label-hidden'>Margaret Osei | Staff Writer</div>"
    )
    assert extract(_story_with_related_card(field), url).authors == ["Margaret Osei"]


def test_a_label_and_its_value_in_cells_of_a_row_under_the_headline_are_a_byline() -> None:
    row = "<table><tr><td class='etiqueta'>Autor:</td><td class='valor'>Ramiro Benítez</td></tr></table>"
    page = extract(_story_with_related_card(row), "https://coastal-times.example/2024/levy")
    assert page.authors == ["Ramiro Benítez"]


@pytest.mark.parametrize("path", ["penulis", "yazar", "forfatter"])  # Indonesian, Turkish, Danish/Norwegian
def test_a_link_to_a_writers_page_in_another_language_is_a_byline(path: str) -> None:
    byline = f"<div class='credit'><h6>Penulis</h6> <a href='/{path}/rizky-pratama'>Rizky Pratama</a></div>"
    page = extract(_story_with_related_card(byline), "https://coastal-times.example/2024/levy")
    assert page.authors == ["Rizky Pratama"]


@pytest.mark.parametrize(
    ("line", "name"),
    [
        ("<ul><li><i class='icon-user'></i> 김민지 기자</li></ul>", "김민지"),
        ("<p>山田太郎記者</p>", "山田太郎"),
    ],
)
def test_a_korean_or_japanese_reporters_credit_under_the_headline_is_a_byline(line: str, name: str) -> None:
    assert extract(_story_with_related_card(line), None).authors == [name]


def test_a_date_beside_the_sites_logo_is_todays_not_the_storys() -> None:
    header = (
        "<header class='header'><a class='logo' href='/'>Warta</a>"
        "<div class='header__date'>Jumat, 18 Oktober 2024</div></header>"
    )
    story = (
        "<p>Harga cabai rawit di pasar-pasar Kota Bandung naik lagi pekan ini, kata para pedagang.</p>" * 4
    )
    html = (
        f"<html><head><title>Harga cabai naik</title></head><body>{header}<div class='read'>"
        "<h1>Harga cabai naik</h1><div class='read__time'>Kamis, 17 Oktober 2024 | 14:02 WIB</div>"
        f"{story}</div></body></html>"
    )  # no <article> to tell the story's dates from others'
    assert extract(html, "https://coastal-times.example/levy").published_date == "2024-10-17"


def test_a_link_to_a_staff_page_under_the_headline_is_its_byline() -> None:
    """A newspaper chain's byline: a headshot, a link to the writer's staff page, the paper's name."""
    byline = (
        "<div class='gnt_ar_by'><img src='/staff/2647/headshot.png' alt=''><a class='gnt_ar_by_a' "
        "href='/staff/2647/maria-chen/'>Maria Chen</a><div class='gnt_ar_by_t'>Coastal Times</div></div>"
    )
    page = extract(_story_with_related_card(byline), "https://coastal-times.example/2024/levy")
    assert page.authors == ["Maria Chen"]


def test_a_newsrooms_staff_names_no_person() -> None:
    page = extract(_story_with_related_card("<p>By HNN Staff</p>"), "https://coastal-times.example/2024/levy")
    assert page.author is None


@pytest.mark.parametrize(
    "byline",
    [
        "<p>Words by Ann Lee. Photographs by Bo Chen.</p>",  # the photographer is no writer
        "<div class='story-meta'>Story by Ann Lee • 14 May 2024</div>",
        "<p>Reporting by Ann Lee</p>",
        "<p>By Ann Lee (@annlee_writes)</p>",  # the writer's handle after the name
        # the label of the words' credit, alone or after the date
        "<p class='meta'>Tekst: Ann Lee</p>",
        "<p class='meta'><time datetime='2024-05-14'>14 mei 2024</time> · Tekst: Ann Lee</p>",
        "<p class='meta'>Texte : Ann Lee · Photos : Bo Chen</p>",
    ],
)
def test_a_credit_for_the_words_under_the_headline_names_its_writer(byline: str) -> None:
    page = extract(_story_with_related_card(byline), "https://coastal-times.example/2024/levy")
    assert page.authors == ["Ann Lee"]


@pytest.mark.parametrize(
    "byline",
    [
        # a label in a cell of its own, the writer in the next (an old CMS's table of facts)
        "<table class='info'><tr><td>Door:</td><td><a href='/redactie/7'>Ann Lee</a></td></tr>"
        "<tr><td>Geplaatst:</td><td>14 mei 2024</td></tr></table>",
        "<dl><dt>Author:</dt><dd>Ann Lee</dd><dt>Published:</dt><dd>May 14, 2024</dd></dl>",
    ],
)
def test_a_bylines_label_and_the_writer_in_elements_of_their_own_name_the_writer(byline: str) -> None:
    page = extract(_story_with_related_card(byline), "https://coastal-times.example/2024/levy")
    assert page.authors == ["Ann Lee"]
    # under the headline, outside the box of the text (the metadata reads it, not the content's lines)
    assert extract(_story_headed_apart(byline), "https://coastal-times.example/2024/levy").authors == [
        "Ann Lee"
    ]


def _story_headed_apart(byline: str) -> str:
    """A story whose headline and byline stand in a header above the box of its text."""
    body = "".join(
        f"<p>Paragraph {i} of the council's story, with enough words in it to be read as prose.</p>"
        for i in range(6)
    )
    return (
        "<html><head><title>Council delays harbour levy vote</title></head><body><main><article>"
        f"<header class='head'><h1>Council delays harbour levy vote</h1>{byline}</header>"
        f"<div class='story-body'>{body}</div></article></main></body></html>"
    )


def test_a_chinese_cms_info_line_names_the_writer_after_its_label() -> None:
    # DedeCMS: "时间: … 来源: … 作者: 李明轩 点击: …", each label in a <small> of its own
    byline = (
        "<div class='info'><small>时间:</small>2024-05-14 10:32<small>来源:</small>科技观察网 "
        "<small>作者:</small>李明轩 <small>点击:</small>12次</div>"
    )
    page = extract(_story_with_related_card(byline), "https://coastal-times.example/2024/levy")
    assert page.authors == ["李明轩"]
    assert extract(_story_headed_apart(byline), "https://coastal-times.example/2024/levy").authors == [
        "李明轩"
    ]


def test_the_next_label_is_no_part_of_the_writers_name() -> None:
    # the value after the label, not the box's line: "Publish date:" is the next term, no surname
    byline = (
        "<dl><dt>Author:</dt><dd>Coastal Times Editorial Staff</dd><dt>Publish date:</dt><dd>May 14</dd></dl>"
    )
    page = extract(_story_with_related_card(byline), "https://coastal-times.example/2024/levy")
    assert page.authors == []


def test_a_byline_whose_name_is_missing_is_not_completed_by_the_line_after_it() -> None:
    # "von <a></a> am 20.06.2018": the writer's link is empty; the standfirst after it names herbs
    byline = (
        "<div class='autor'>von <a href='/profile/.html'></a> <span>am 20.06.2018</span></div>"
        "<h2>Frischer Thymian, Oregano, Schnittlauch und Minze wachsen wieder neben der Hütte.</h2>"
    )
    page = extract(_story_with_related_card(byline), "https://coastal-times.example/2024/levy")
    assert page.authors == []


def test_a_credit_for_the_words_atop_the_content_names_its_writer_past_a_newsroom_account() -> None:
    # the CMS names its newsroom's account; the text opens crediting its writer and photographer
    credit = "<p><strong>Words:</strong> Ann Lee &nbsp;|&nbsp; <strong>Photography:</strong> Bo Chen</p>"
    html = _story_with_related_card(credit).replace(
        "</title>", "</title><meta name='author' content='Coastal Times Editorial'>"
    )
    assert extract(html, "https://coastal-times.example/2024/levy").authors == ["Ann Lee"]


def test_a_posts_footer_saying_when_it_was_posted_dates_it() -> None:
    body = "".join(
        f"<p>Paragraph {i} of a post, with enough words in it to be read as prose.</p>" for i in range(8)
    )
    html = (
        "<html><head><title>Notes on the harbour levy</title></head><body><article>"
        f"<h1>Notes on the harbour levy</h1>{body}"
        "<p class='post-footer'>Posted on May 14, 2024 by Ann Lee in News</p></article></body></html>"
    )
    assert (extract(html, "https://blog.example/notes").published_date or "")[:10] == "2024-05-14"


def test_the_one_writer_the_story_links_to_is_its_author_as_a_last_resort() -> None:
    # the card after the text, past the lines under the headline
    card = "<div class='about'><h4><a href='/author/ann-lee'>Ann Lee</a></h4><p>On the quay.</p></div>"
    html = _story_with_related_card("", paragraphs=8).replace("</article>", f"{card}</article>")
    assert extract(html, "https://coastal-times.example/2024/levy").author == "Ann Lee"
    two = html.replace("</article>", "<p>With <a href='/author/bo-chen'>Bo Chen</a>.</p></article>")
    assert extract(two, "https://coastal-times.example/2024/levy").author is None  # two writers: no one


@pytest.mark.parametrize("hidden", ["class='sr-only'", "class='visually-hidden'", "aria-hidden='true'"])
def test_a_heading_for_screen_readers_only_is_not_the_headline(hidden: str) -> None:
    """A code forge's release page: an ``<h1>`` for screen readers names the list ("Releases: org/repo"),
    sharing its words with the declared title; the headline shown is the release's own."""
    body = "".join(
        f"<p>Paragraph {i} of the release notes, with enough words in it to be read as prose.</p>"
        for i in range(6)
    )
    html = (
        "<html><head><title>Release v2.4.0 · pebblehq/pebble-sync · Forge</title>"
        "<meta property='og:title' content='Release v2.4.0 · pebblehq/pebble-sync'></head><body>"
        f"<h1 {hidden}>Releases: pebblehq/pebble-sync</h1><div class='box'>"
        f"<h1>Pebble Sync 2.4: resumable uploads</h1>{body}</div></body></html>"
    )
    page = extract(html, "https://forge.example/pebblehq/pebble-sync/releases/tag/v2.4.0")
    assert page.title == "Pebble Sync 2.4: resumable uploads"
    assert "Releases: pebblehq" not in page.markdown


def test_a_clock_above_the_headline_outside_its_box_is_when_the_page_was_served() -> None:
    # a forum's header shows the visitor the time now, in a <time>; the thread's start is a line
    # under its subject
    header = (
        "<div id='upper_section'><div class='user'>"
        "<time datetime='2024-06-22T09:31:08Z'>22 juni 2024, 11:31:08</time></div></div>"
    )
    post = "<p>Dit is mijn tweede jaar met tomaten in de volle grond; onderste bladeren worden geel.</p>" * 4
    html = (
        f"<html lang='nl'><head><title>Gele bladeren</title></head><body>{header}"
        "<div id='content_section'><div id='display_head'><h2>Gele bladeren</h2>"
        "<p>Gestart door Hanneke, 14 juni 2024, 21:07:33</p></div>"
        f"<div id='forumposts'>{post}</div></div></body></html>"
    )
    assert extract(html, "https://forum.example/index.php?topic=9921.0").published_date == "2024-06-14"


def test_a_time_above_the_headline_in_its_box_dates_the_page() -> None:
    # a blog's date line set above the post's title, in the post's own box
    prose = "<p>The harbour ferry timetable changes from Monday, with two extra evening crossings.</p>" * 4
    html = (
        "<html><head><title>Ferry timetable changes</title></head><body>"
        "<div class='site'><div class='post'><div class='meta'>"
        "<time datetime='2024-03-02'>2 March 2024</time></div>"
        f"<h2 class='title'>Ferry timetable changes</h2>{prose}</div></div></body></html>"
    )
    assert extract(html, "https://blog.example/ferry").published_date == "2024-03-02"


_ISSUE = """<html><head><title>Export drops the BOM · Issue #412 · kumo/tabletop</title></head><body>
<div class="repohead"><span class="author" itemprop="author"><a rel="author" href="/kumo">kumo</a></span>
 / <a href="/kumo/tabletop">tabletop</a></div>
<h1 class="gh-header-title">Export drops the BOM</h1>
<div class="gh-header-meta"><a class="author" href="/haruka-n">haruka-n</a> opened this issue
 on Mar 12, 2024</div>
<div class="comment"><p>Since the last release, files exported from the table view open garbled in a
spreadsheet because the byte order mark is gone. It worked in every release before this one.</p></div>
<div class="comment"><a class="author" href="/tkwmr">tkwmr</a> commented<p>Same here on the current
release, on two machines with different locales; the older release still writes the mark.</p></div>
{extra}</body></html>"""


def test_an_issue_is_credited_to_the_member_who_opened_it_not_the_owner_marked_above() -> None:
    # a code host marks the repository's owner as itemprop author above the issue's title, and keeps
    # each member's profile at the site's root ("/haruka-n"): the thread's writer follows its title
    page = extract(_ISSUE.format(extra=""), "https://code.example/kumo/tabletop/issues/412")
    assert page.author == "haruka-n"


def test_a_link_to_a_one_segment_address_of_another_site_is_no_profile() -> None:
    # a blogroll's "<a href=http://host/fuspey/>FUSPEY</a>" beside a "by" line names no member
    html = """<html><head><title>Links we like</title></head><body><h1>Links we like</h1>
    <p>Posted by FUSPEY on the links page, where we keep the groups we work with.</p>
    <ul><li><a href="http://groups.example/fuspey/">FUSPEY</a></li>
    <li><a href="http://groups.example/other/">Other group</a></li></ul></body></html>"""
    meta = extract_metadata(lxml.html.document_fromstring(html), "https://site.example/links")
    assert meta.authors == ()


@pytest.mark.parametrize(
    ("og_title", "site", "expected"),
    [
        ("r/Baking on Crumbthread: Why did my loaf collapse?", "Crumbthread", "Why did my loaf collapse?"),
        ('Heinrich on X: "claude code 101" / X', "X (formerly Twitter)", "claude code 101"),
    ],
)
def test_a_social_sites_share_title_is_the_post(og_title: str, site: str, expected: str) -> None:
    # "<who> on <site>: <post>": the member or community and the site go, a quoted post loses its quotes
    html = f"""<html><head><meta property="og:title" content='{og_title}'>
    <meta property="og:site_name" content="{site}"><title>{og_title}</title></head>
    <body><p>The post's page.</p></body></html>"""
    meta = extract_metadata(lxml.html.document_fromstring(html), "https://social.example/p/1")
    assert meta.title == expected


def test_a_link_boards_thread_is_credited_after_its_title_box_not_to_the_sidebars_moderator() -> None:
    html = """<html><head><title>Why did my loaf collapse? : r/Baking</title></head><body>
    <div class="side"><div class="titlebox"><h1 class="redditname"><a href="/r/Baking/">Baking</a></h1>
    <div class="bottom">created by <a href="/user/crumbmod" class="author">crumbmod</a></div></div></div>
    <div class="content" role="main"><p class="title"><a class="title" href="/r/Baking/comments/1c9/why/">Why
    did my loaf collapse?</a></p><p class="tagline">submitted by <a href="/user/flourdusted"
    class="author">flourdusted</a></p><div class="md"><p>Third bake with my new starter and the loaf fell
    flat as soon as it came out of the oven.</p></div></div></body></html>"""
    page = extract(html, "https://board.example/r/Baking/comments/1c9/why/")
    assert page.title == "Why did my loaf collapse?"
    assert page.author == "flourdusted"


def test_an_organisations_credit_loses_its_bracketed_aside_whole() -> None:
    from weblens.extract.authors import split_authors

    assert split_authors("Deutsche Welle (www.dw.com)", organisations=True) == ["Deutsche Welle"]
    assert split_authors("(AFP)", organisations=True) == ["AFP"]


def test_a_chinese_posts_footer_saying_when_it_was_published_dates_it() -> None:
    line = "写了足够多的字，让它读起来像一段完整的文章内容，而不是标签或者按钮上的几个字。"
    body = "".join(f"<p>第{i}段正文，{line * 3}</p>" for i in range(8))
    html = (
        "<html><head><title>手冲咖啡的水温</title></head><body><article><h1>手冲咖啡的水温</h1>"
        f"{body}<div class='ContentItem-time'>发布于 2024-01-22 18:05・IP 属地上海</div>"
        "</article></body></html>"
    )
    assert (extract(html, "https://column.example/p/1").published_date or "")[:10] == "2024-01-22"


@pytest.mark.parametrize(
    ("others", "expected"),
    [
        ('<meta name="twitter:title" content="Why do stone bridges last?">', "Why do stone bridges last?"),
        ("", "Microsoft's answer to a rival phone"),  # a headline, when no title declares the rest alone
    ],
)
def test_an_answer_pages_title_is_its_question_when_the_page_declares_it_alone_too(
    others: str, expected: str
) -> None:
    og = "Gareth Pemberton's answer to Why do stone bridges last?" if others else expected
    html = f"""<html><head><meta property="og:title" content="{og}">{others}</head>
    <body><p>The answer's text.</p></body></html>"""
    meta = extract_metadata(lxml.html.document_fromstring(html), "https://qa.example/q/answer/1")
    assert meta.title == expected


def test_a_social_posts_title_names_its_poster_when_nothing_else_does() -> None:
    html = """<html><head><meta property="og:title" content="Rowan Achterberg (@rowan@social.example)">
    <title>Rowan Achterberg: "Some thoughts on alt text" - Harbour Social</title></head><body>
    <div class="status"><p>Some thoughts on alt text, after a year of moderating a server where most
    people post photographs of their gardens and their walks.</p></div></body></html>"""
    meta = extract_metadata(lxml.html.document_fromstring(html), "https://social.example/@rowan/111803")
    assert meta.authors == ("Rowan Achterberg",)


def test_an_issues_heading_is_its_title_without_the_trackers_number_and_sections() -> None:
    declared = "Sync drops the exceptions of recurring events (#1042) · Issues · agenda / calsync · GitLab"
    html = f"""<html><head><meta property="og:title" content="{declared}"><title>{declared}</title></head>
    <body><h1 class="title">Sync drops the exceptions of recurring events</h1><p>Text.</p></body></html>"""
    meta = extract_metadata(
        lxml.html.document_fromstring(html), "https://code.example/agenda/calsync/-/issues/1042"
    )
    assert meta.title == "Sync drops the exceptions of recurring events"


def test_a_thread_starter_is_no_sentence_linked_to_a_help_page_under_user() -> None:
    html = """<html><head><title>Sync drops exceptions</title></head><body>
    <h1>Sync drops exceptions</h1>
    <p>Link issues together to show that they're related.
    <a href="/help/user/project/issues">Learn more.</a></p>
    <div class="note"><a href="/users/cdelaunay">Camille Delaunay</a> opened this issue</div>
    <div class="note-text"><p>Recurring events lose their exceptions after every sync with the
    server.</p></div>
    </body></html>"""
    page = extract(html, "https://code.example/agenda/calsync/-/issues/1042")
    assert page.author == "Camille Delaunay"


def test_an_editable_titles_edit_control_is_no_part_of_it() -> None:
    html = """<html><head><title>Bug #2051234 “sshd does not start…” : Bugs : Ubuntu</title></head><body>
    <h1><span class="editable-text">sshd does not start after upgrade</span>
    <a class="edit action-icon" href="https://bugs.example/ubuntu/+bug/2051234/+edit">Edit</a></h1>
    <p>After upgrading the server package, sshd no longer listens on the address.</p></body></html>"""
    meta = extract_metadata(lxml.html.document_fromstring(html), "https://bugs.example/ubuntu/+bug/2051234")
    assert meta.title == "sshd does not start after upgrade"


def test_a_thread_laid_out_in_tables_is_started_by_the_poster_in_the_cell_before_its_title() -> None:
    """A board laid out in tables sets each post as a row: the poster's cell, then the text's, whose
    first line is the thread's title over the opening post. The starter is the first row's poster,
    not the first poster after the title (the first reply's)."""
    post = (
        "<table><tr><td class='r_two'><div class='readName'><a href='u.php?uid={uid}'>{who}</a></div>"
        "<span>Posts: 2,316</span></td><td class='floot_right'>{title}<div class='content'>{text}</div>"
        "</td></tr></table>"
    )
    html = (
        "<html><head><title>Crucian carp by the river - Fishing board</title></head><body>"
        + post.format(
            uid=20677,
            who="riverside_angler",
            title="<h1>Crucian carp by the river</h1>",
            text="Out at half past five on Saturday, the carp were biting all morning long by the bridge.",
        )
        + post.format(uid=31904, who="old_fisherman", title="", text="Nice catch, what bait did you use?")
        + "</body></html>"
    )
    page = extract(html, "https://bbs.fishing.example/read.php?tid=88213")
    assert page.author == "riverside_angler"


def _old_page(title: str, lines: str, head: str = "") -> str:
    story = "The mill wheel turned again on Saturday for the first time in a hundred years. " * 8
    return (
        f"<html><head><title>{title}</title>{head}</head><body><table><tr>"
        '<td width="150"><a href="/">Home</a><br><a href="/sociedad/">Sociedad</a><br>'
        '<a href="/d/">Deportes</a></td>'
        f"<td>{lines}<br><br>{story}<br><br>{story}</td></tr></table></body></html>"
    )


def test_an_old_pages_headline_shown_in_its_content_is_the_part_of_its_tab_title() -> None:
    title = "Diario La Comarca - Sociedad - El molino de Valdecubas vuelve a moler trigo"
    lines = '<b>SOCIEDAD</b><hr><font size="+2"><b>El molino de Valdecubas vuelve a moler trigo</b></font>'
    page = extract(_old_page(title, lines), "http://www.comarca.example/sociedad/molino.html")
    assert page.title == "El molino de Valdecubas vuelve a moler trigo"


def test_a_tab_titles_part_is_not_taken_when_it_is_a_section_a_date_or_declared_otherwise() -> None:
    url = "http://www.comarca.example/a.html"
    section = _old_page("The Comarca Daily - Nation", '<font size="+2"><b>Nation</b></font>')
    assert extract(section, url).title == "The Comarca Daily - Nation"
    dated = _old_page("Mill reopens - 01/18/2001", "<b>01/18/2001</b>")
    assert extract(dated, url).title == "Mill reopens - 01/18/2001"
    declared = _old_page(
        "Mill reopens after a century - what we know",
        "<b>what we know so far</b><br><b>what we know</b>",
        head='<meta property="og:title" content="Mill reopens after a century - what we know">',
    )
    assert extract(declared, url).title == "Mill reopens after a century - what we know"


def test_a_forum_topics_title_is_the_topic_when_its_header_shows_the_forums_name_too() -> None:
    posts = "".join(
        f"<tr><td class='row1'><span class='name'>user{i}</span></td><td class='row1'><span class='postbody'>"
        f"Post {i}: I swapped the air mass meter and the idle still hunts when warm.</span></td></tr>"
        for i in range(4)
    )
    html = (
        "<html><head><title>240 Owners Club :: View topic - Idle hunting after AMM swap</title></head><body>"
        "<table><tr><td><span class='maintitle'>240 Owners Club</span></td></tr></table>"
        "<table><tr><td><a class='maintitle' href='viewtopic.php?t=1'>Idle hunting after AMM swap</a>"
        f"</td></tr></table><table class='forumline'>{posts}</table></body></html>"
    )
    page = extract(html, "http://www.240club.example/forum/viewtopic.php?t=1")
    assert page.title == "Idle hunting after AMM swap"
