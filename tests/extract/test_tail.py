"""tail.py: boilerplate trailing the article inside its container."""

from __future__ import annotations

import lxml.html
import pytest

import weblens
from weblens.extract.tail import (
    drop_trailing_boilerplate,
    is_trailer,
    names_a_section,
    names_cross_references,
)
from weblens.extract.text import render_text

BODY = "".join(
    f"<p>Paragraph {i} of the story gives the reader one more fact, with a full sentence or two.</p>"
    for i in range(6)
)


def _trim(tail: str) -> str:
    root = lxml.html.fromstring(f"<div>{BODY}{tail}</div>")
    drop_trailing_boilerplate(root)
    return render_text(root)


@pytest.mark.parametrize(
    "line",
    [
        "Sign up for our daily newsletter.",
        "Follow us on Twitter and Facebook.",
        "(Reporting by Jane Roe; Editing by John Doe)",
        "Maria Lopez contributed to this report.",
        "© 2024 Example Media. All rights reserved.",
        "Comments",
        "LEARN MORE",
        "Please Log in or Create an account to join the conversation.",
        "You must sign in to post a reply.",
        "Time to create page: 0.491 seconds",
        # an opinion page's disclaimer, in four languages
        "The views expressed in this column are the author's own.",
        "Os artigos publicados com assinatura não traduzem a opinião do jornal.",
        "Los artículos firmados no reflejan necesariamente la opinión del periódico.",
        "Namentlich gekennzeichnete Beiträge geben nicht unbedingt die Meinung der Redaktion wieder.",
        "Page generated in 0.0312 seconds with 14 queries",
        "Follow The Daily Example on Google News to get our stories in your feed.",
        "Folgst du schon 20 Minuten auf Whatsapp?",
        "2 Wochen kostenlos testen",
        "Participe do canal do Portal Cerrado no WhatsApp",
        "You are visitor number 004217 since May 1998",
        "Last modified 14 June 2003. You are visitor number 4217.",
        "Back to the home page",
        # the lines of a site of the 1990s: a hit counter, how to view it, when it last changed
        "Sie sind Besucher Nr. 4217 seit dem 01.01.2001",
        "Eres el visitante número 0214577",
        "This page has been visited 1234 times.",
        "Optimiert für Internet Explorer 5.0 und eine Auflösung von 800x600",
        "Best viewed with Netscape Navigator 4",
        "IE5.0以上・1024×768での閲覧をおすすめします",
        "Last updated: March 9, 2002",
        "Stand: 02.04.2002",
        "Fragen oder Anregungen zu dieser Website an den Webmaster.",
        "このページはリンクフリーです。",
        "ライブレポ一覧へもどる",
        # a call to send the newsroom a tip, in Dutch and German
        "Heb je een tip voor de redactie? Mail ons of stuur een WhatsApp-bericht.",
        "Sie haben einen Tipp an die Redaktion? Schreiben Sie uns.",
    ],
)
def test_trailing_lines_go(line: str) -> None:
    out = _trim(f"<p>{line}</p>")
    assert line not in out
    assert "Paragraph 5 of the story" in out


def test_several_trailing_lines_go_up_to_the_last_paragraph() -> None:
    out = _trim("<p>Share this story</p><p>Follow us on Instagram</p><p>Tags</p>")
    assert out.endswith("with a full sentence or two.")


def test_a_section_heading_takes_what_follows() -> None:
    out = _trim("<h3>Related stories</h3><p>Another story about something else entirely, in a sentence.</p>")
    assert "Related stories" not in out and "Another story" not in out


def test_a_heading_that_only_starts_with_a_label_word_opens_no_section() -> None:
    fmt = "<p>A tag file has four header lines, then a blank line and a free-form message.</p>"
    out = _trim(f"<h2>Tag Format</h2>{fmt}")
    assert "Tag Format" in out and "four header lines" in out  # a section of the text about tags
    for label in ("Tags:", "Tags", "Topics —"):
        assert "four header lines" not in _trim(f"<h2>{label}</h2>{fmt}")


def test_about_the_publisher_heading() -> None:
    out = _trim(
        "<h2>About Example Corp</h2><p>Example Corp makes widgets in twelve countries since 1990.</p>"
    )
    assert "Example Corp" not in out


@pytest.mark.parametrize(
    "line", ["The law was last updated in 2019.", "Stand up for what you believe in, she told them."]
)
def test_a_closing_sentence_that_names_an_update_or_stands_stays(line: str) -> None:
    assert line in _trim(f"<p>{line}</p>")


def test_a_trailing_paragraph_of_real_text_stays() -> None:
    last = (
        "Let's be honest, this was hard. Really hard. Surely we missed some. "
        "Leave a comment and tell us which one you would add."
    )
    assert last in _trim(f"<p>{last}</p>")


def test_mid_article_lines_are_not_touched() -> None:
    root = lxml.html.fromstring(f"<div><p>Subscribe</p>{BODY}</div>")
    drop_trailing_boilerplate(root)
    assert render_text(root).startswith("Subscribe")


def test_a_sentence_starting_with_about_is_not_a_section() -> None:
    assert not names_a_section("About 200 people attended.", "p")
    assert not names_a_section("About 200 people", "p")
    assert names_a_section("About Acme", "h3")
    assert names_a_section("You may also like", "div")
    assert not is_trailer("A long closing paragraph. " * 20)


def test_a_closing_table_or_list_is_content() -> None:
    table = "<table><tr><td>Ana</td><td>31</td></tr><tr><td>Bo</td><td>28</td></tr></table>"
    assert "Bo | 28" in _trim(table)
    assert "Pears" in _trim("<ul><li>Apples</li><li>Pears</li></ul>")


def test_a_table_cell_named_like_a_section_opens_no_section() -> None:
    rows = "".join(
        f"<tr><td>{name}</td><td>{what}</td></tr>"
        for name, what in (
            ("pg_shdepend", "dependencies on shared objects"),
            ("pg_shdescription", "comments on shared objects"),
            ("pg_statistic", "planner statistics"),
            ("pg_type", "data types"),
        )
    )
    out = _trim(f"<table>{rows}</table>")
    assert "comments on shared objects" in out and "pg_type | data types" in out
    assert "Comments" not in _trim("<table><tr><td>Comments</td></tr><tr><td>Nice post!</td></tr></table>")


def test_a_closing_code_block_is_content() -> None:
    assert "make install" in _trim("<pre>make install</pre>")
    assert "LEARN MORE" not in _trim("<pre>make install</pre><p>LEARN MORE</p>")


def test_a_code_block_named_like_a_section_opens_no_section() -> None:
    # a synopsis line starting with "[<tag>" is code, not the heading of a tags box
    out = _trim(
        "<p>It just outputs the file names unless asked, in which case it outputs:</p>"
        "<pre><code>[&lt;tag&gt; ]&lt;mode&gt; &lt;object&gt; &lt;file&gt;</code></pre>"
        "<p>For an unmerged path, the index records up to three pairs of mode and object name.</p>"
    )
    assert "<mode>" in out and "three pairs" in out


def test_a_list_item_named_like_a_section_opens_no_section() -> None:
    # "Related technologies" is one entry of a list of links, not the heading of a related box
    entries = (
        "<ul><li>Areas that need work, using these documents as starting points:"
        "<ul><li><a href='/design'>Design discussions</a></li>"
        "<li><a href='/rel'>Related technologies</a></li></ul>"
        "</li><li>Exploration of new applications</li><li>Client-side API and implementation</li></ul>"
        "<p>Also check the project page for the topics specific to window system integration.</p>"
    )
    out = _trim(entries)
    assert "Related technologies" in out
    assert "Exploration of new applications" in out and "window system integration" in out


def test_an_inline_read_also_box_goes_but_the_article_after_it_stays() -> None:
    box = "<p>Read also</p><h3><a href='/other'>Another story on the same subject</a></h3>"
    last = "<p>The final paragraph of the story comes after the box, and it belongs to the article too.</p>"
    out = _trim(box + last)
    assert "Read also" not in out and "Another story" not in out
    assert "The final paragraph of the story" in out


def test_an_inline_read_more_box_goes_but_the_article_after_it_stays_when_each_block_is_boxed() -> None:
    """A page that sets every paragraph in boxes of its own (``<div><div><p>``): the paragraphs after
    the box are set as those before it were, so they are the article's."""
    wrapped = "".join(
        f"<div class='row'><div class='cell'><p>Paragraph {i} of the story gives the reader one more "
        "fact, with a full sentence or two.</p></div></div>"
        for i in range(8)
    )
    box = (
        "<div class='row'><h3 class='label'>Read More</h3>"
        "<a href='/other'><p class='related-text'>First look at new homes for sale this year</p></a></div>"
    )
    last = (
        "<div class='row'><div class='cell'><p>The final paragraph of the story comes after the box, "
        "and it belongs to the article too.</p></div></div>"
    )
    root = lxml.html.fromstring(f"<div>{wrapped}{box}{last}</div>")
    drop_trailing_boilerplate(root)
    out = render_text(root)
    assert "Read More" not in out and "First look" not in out
    assert "The final paragraph of the story" in out
    root = lxml.html.fromstring(
        f"<div>{wrapped}{box}<div class='teaser'><p>{'A teaser of another story. ' * 4}</p></div></div>"
    )
    drop_trailing_boilerplate(root)
    assert "teaser of another story" not in render_text(root)  # set otherwise: not the article's


@pytest.mark.parametrize(
    "heading",
    [
        "Das könnte Sie auch interessieren",
        "Notas relacionadas",
        "Lire aussi",
        "Tin liên quan",
        "Berita Terkait",
        "Gerelateerde artikelen",
        "Powiązane",
        "İlgili Haberler",
        "관련기사",
        "ข่าวที่เกี่ยวข้อง",
        # "latest posts"
        "Najnowsze wpisy",
        "Últimas noticias",
        "Derniers articles",
        "Ultime notizie",
        "Laatste nieuws",
        # readers' comments, most watched
        "Diskuse (5 příspěvků)",
        "תגובות (2)",
        "Σχόλια",
        "Bình luận (3)",
        "Mais assistidos",
    ],
)
def test_related_sections_in_other_languages(heading: str) -> None:
    out = _trim(f"<h3>{heading}</h3><ul><li><a href='/a'>Ein anderer Artikel</a></li></ul>")
    assert heading not in out
    assert "Ein anderer Artikel" not in out


@pytest.mark.parametrize(
    ("closing", "kept"),
    [("<p>Respectfully,</p>", "Respectfully,"), ("<p>À très vite,<br>Hélène</p>", "À très vite,")],
)
def test_a_letters_closing_and_signature_at_its_end_stay(closing: str, kept: str) -> None:
    assert kept in _trim(closing)


def test_a_promotions_lines_after_a_comma_are_no_letters_closing() -> None:
    out = _trim("<p>From Apply Now,<br>Your Guide to Bicycling.<br>FREE Newsletter. Sign Up Now!</p>")
    assert "Sign Up Now" not in out


def test_an_appeal_to_become_a_supporter_trailing_an_article_goes() -> None:
    out = _trim(
        "<p>If you value reporting on the harbour, the council and the schools, please consider "
        "becoming a supporter from £3 a month.</p>"
    )
    assert "supporter" not in out


def test_calls_to_action_in_other_languages() -> None:
    out = _trim("<p>Folgen Sie uns auf Twitter.</p><p>Síguenos en Telegram</p>")
    assert "Folgen" not in out and "Síguenos" not in out


@pytest.mark.parametrize(
    "line",
    [
        "Помітили помилку? Виділіть її та натисніть Ctrl+Enter",
        "Нашли ошибку? Выделите её и нажмите Ctrl + Enter.",
        "Found a typo? Select it and press Ctrl+Enter",
    ],
)
def test_a_prompt_to_report_a_typo_trailing_an_article_goes(line: str) -> None:
    out = _trim(
        f"<p>Трамвай №7 повернеться на маршрут у понеділок, повідомили у міській раді.</p><p>{line}</p>"
    )
    assert "Ctrl" not in out and "Трамвай №7" in out


@pytest.mark.parametrize(
    "line",
    [
        "平台声明：该文观点仅代表作者本人，搜狐号系信息发布平台，搜狐仅提供信息存储空间服务。",
        "免责声明：本内容来自腾讯平台创作者，不代表腾讯新闻或腾讯网的观点和立场。",
        "版权所有，未经授权不得转载。",
        "发布于：北京市",
        # a reprint's disclaimer, and a call to follow inside a line (no word boundary in Chinese)
        "网澜新闻所转载内容均来自合作媒体，转载目的在于传递更多信息，并不代表本站赞同其观点或对其真实性负责。",
        "欢迎扫码关注我们的公众号",
        # a call to scan a QR code to follow an account, which names no "us"
        "新桥财经公众号 24小时滚动播报最新的财经资讯和视频，更多粉丝福利扫描二维码关注（xinqiaofinance）",
        "长按识别二维码，获取更多资讯",
    ],
)
def test_a_chinese_platforms_statements_trailing_a_post_go(line: str) -> None:
    out = _trim(f"<p>布伦森全场出战29分钟，17中6得到17分9助攻。</p><p>{line}</p>")
    assert line not in out and "布伦森全场出战29分钟" in out


def test_a_boilerplate_section_ends_where_the_next_section_of_the_article_starts() -> None:
    out = _trim(
        "<h2>More on energy</h2><ul><li><a href='/a'>Wave power</a></li>"
        "<li><a href='/b'>Wind power</a></li></ul>"
        "<h2>References</h2><ol><li>Smith, J. (2001). Tides of the north sea.</li></ol>"
        "<h2>Related stories</h2><ul><li><a href='/c'>Another story</a></li></ul>"
        "<h2>Comments</h2><p>Nice.</p>"
    )
    assert "Wave power" not in out and "Another story" not in out and "Nice." not in out
    assert "References" in out and "Tides of the north sea" in out


def test_a_boilerplate_section_closing_one_box_ends_at_the_next_boxs_higher_heading() -> None:
    # a "Related" section at the end of one directive's box; the next directive is an <h2>
    out = _trim(
        "<div class='directive'><h2>Action Directive</h2><p>Activates a script for a type.</p>"
        "<h3>Related directives</h3><ul><li><a href='/a'>AddHandler</a></li></ul></div>"
        "<div class='directive'><h2>Script Directive</h2><p>Activates a script for a method.</p>"
        "<p>It is called for every request made with the named method.</p></div>"
    )
    assert "AddHandler" not in out and "Script Directive" in out and "every request" in out


def test_a_label_heading_a_box_of_its_own_ends_with_the_box() -> None:
    # a "Read more" label over its pointer, in a box of the entry's description;
    # the next entry follows outside the box
    out = _trim(
        "<dl><dt>fit(station)</dt><dd><p>Fits the harmonic constants to the record by least squares.</p>"
        "<div class='note'><p>Read more</p><p><a href='#load'>load()</a></p></div></dd>"
        "<dt>Station</dt><dd><p>A tide gauge and its record.</p>"
        "<p>Its heights are read from the file named when it is made.</p></dd></dl>"
    )
    assert "load()" not in out
    assert "A tide gauge and its record." in out and "read from the file" in out


def test_a_boilerplate_term_of_a_definition_list_ends_at_the_next_term() -> None:
    # an API entry's notes: "Related:" is one term of its list; the entries after it stay
    notes = (
        "<dl class='notes'><dt>Related:</dt><dd><a href='#load'>load()</a></dd>"
        "<dt>Parameters:</dt><dd>level - the level the tank is filled to, in metres.</dd></dl>"
    )
    out = _trim(
        f"<section><h3>fill</h3><p>Fills the tank to the level given.</p>{notes}</section>"
        "<section><h3>drain</h3><p>Drains the tank to the level given, then closes the valve.</p></section>"
    )
    assert "load()" not in out
    assert "the level the tank is filled to" in out and "closes the valve" in out


def test_a_heading_inside_the_boilerplate_box_does_not_end_it() -> None:
    # the box's own headings (each headline set as an <h3>) are not the article's next section
    out = _trim(
        "<h3>Related coverage</h3><ul><li><h3><a href='/a'>How to retire early</a></h3></li>"
        "<li><h3><a href='/b'>How to invest in index funds</a></h3></li></ul>"
    )
    assert "retire" not in out and "index funds" not in out


def test_a_pointer_lines_label_between_paragraphs_opens_no_section() -> None:
    """ "Baca juga:" and "Xem thêm:" lead into one other story's link, set between paragraphs: they
    label that line, not a section running to the end."""
    assert not names_a_section("Baca juga", "p") and not names_a_section("Xem thêm", "p")


def test_a_section_name_that_trails_off_still_names_a_section() -> None:
    assert names_a_section("Elsewhere on the site...", "h3")
    assert names_a_section("Read more…", "p")
    assert not names_a_section("Related work was done in 1999.", "p")


def test_a_see_also_of_written_pointers_is_content() -> None:
    out = _trim(
        "<p>See also</p><ul><li><a href='/api'>API reference</a> for the same settings as arguments.</li>"
        "<li><a href='https://toml.io/'>The TOML specification</a> for the syntax of the file.</li></ul>"
    )
    assert "for the same settings as arguments" in out and "for the syntax of the file" in out


def test_a_written_by_box_at_the_end_goes() -> None:
    out = _trim("<h2>Written by Ines Corr</h2><p>Tides, harbours and the people who work them.</p>")
    assert "Written by" not in out and "Tides, harbours" not in out


def test_a_discussion_section_of_a_paper_or_a_manual_is_content() -> None:
    text = _trim(
        "<h2>Discussion</h2><p>The results suggest that the method holds on pages of other kinds, "
        "though the sample is small.</p><h2>Examples</h2><p>Run the tool twice and compare the output.</p>"
    )
    assert "Discussion" in text and "Run the tool twice" in text
    assert "Sign up" not in _trim("<h2>Join the discussion</h2><p>Sign up to comment.</p>")


def test_a_boilerplate_section_in_a_box_ends_at_the_next_section_box() -> None:
    text = _trim(
        "<section><h2>Related</h2><ul><li><a href='/a'>Another story</a></li></ul></section>"
        "<section><h2>Methods</h2><p>We read every page twice, once by hand and once by machine.</p>"
        "<p>Each reading was scored with the same measure of overlap.</p></section>"
    )
    assert "Another story" not in text and "We read every page twice" in text


@pytest.mark.parametrize(
    "section",
    [
        "<h2>See also</h2><ul><li><a href='/a'>Wave power</a></li><li><a href='/b'>Wind power</a></li></ul>",
        "<dl><dt>See Also:</dt><dd><a href='#load'>Wave power</a></dd></dl>",
        "<h3>Siehe auch</h3><ul><li><a href='/a'>Wave power</a></li></ul>",
        # Spanish, and "see also" in Japanese, Chinese and Korean (関連項目 is no 関連記事, a box of stories)
        "<h2>Ver también</h2><ul><li><a href='/a'>Wave power</a></li></ul>",
        "<h2>関連項目</h2><ul><li><a href='/a'>Wave power</a></li></ul>",
        "<h2>参见</h2><ul><li><a href='/a'>Wave power</a></li></ul>",
        "<h2>같이 보기</h2><ul><li><a href='/a'>Wave power</a></li></ul>",
    ],
)
def test_the_documents_own_cross_references_open_no_boilerplate_section(section: str) -> None:
    assert "Wave power" in _trim(section)
    assert not names_a_section("See also", "h2") and not names_a_section("See Also:", "dt")


@pytest.mark.parametrize(
    "label",
    [
        "Further reading", "Further Reading:", "Weiterführende Literatur", "Sources:", "Quellen",
        # a label ending with the references, a few words before it saying which
        "Notes and references", "Textes de loi et références", "Bibliografía",
        # Japanese, Chinese and Korean: external links, a release's related links, sources
        "外部リンク", "■ 関連リンク", "外部链接", "외부 링크", "出典", "参考文献", "참고 문헌",
    ],
)  # fmt: skip
def test_further_reading_is_the_authors_cross_reference_not_a_sites_section(label: str) -> None:
    # like "See also": the writer's own list of sources, kept; "Related" is a box the site fills
    assert names_cross_references(label) and not names_a_section(label, "h2")
    assert names_a_section("Related", "h2") and not names_cross_references("Related")
    assert names_a_section("関連記事", "h2") and not names_cross_references("関連記事")  # related articles
    assert not names_cross_references(
        "How we chose the sources of this story and whom we asked for references"
    )


@pytest.mark.parametrize(
    ("label", "names"),
    [
        ("Comments", True), ("Comment (3)", True), ("Comment on this story", True), ("Comments off", True),
        ("Comment nous l’avons organisée", False),  # French "how"
        ("Commentary", False),
        ("Responses (38)", True), ("Responses", True),  # Medium's name for them
        ("Responses to the flood", False), ("Response", False),
        # a count of readers' messages (SPIP's "2 Messages"), not a sentence about messages
        ("2 Messages", True), ("14 réactions", True), ("3 Antworten", True), ("12 replies", True),
        ("Messages from the front", False), ("2 messages a day kept the line open", False),
        # in other scripts and languages
        ("コメント（3件）", True), ("댓글 12", True), ("Комментарии", True), ("Kommentarer (4)", True),
        ("Reacties", True), ("网友评论", True), ("全部评论 (8)", True),
    ],
)  # fmt: skip
def test_a_comments_heading_names_their_section_a_question_of_how_does_not(label: str, names: bool) -> None:
    assert names_a_section(label, "h2") is names


@pytest.mark.parametrize(
    "label", ["Who is online", "Wer ist online?", "Wie is er online", "Qui est en ligne ?"]
)
def test_a_forums_list_of_who_is_online_names_a_section_in_other_languages_too(label: str) -> None:
    assert names_a_section(label, "h3")
    assert not names_a_section("Is anyone online?", "h3")


def test_a_line_in_a_cell_of_a_table_of_data_is_no_trailer() -> None:
    """A product's attributes end its description: the last value, a short line set in a ``<p>`` in
    its cell, is data. A layout table's cell holding the text still has its trailing lines trimmed."""
    rows = "".join(
        f"<tr><th>{label}</th><td><p>{value}</p></td></tr>"
        for label, value in (("Origin", "Kagoshima, Japan"), ("Harvest", "First flush, April 2023"))
    )
    out = _trim(f"<h2>Additional information</h2><table>{rows}</table>")
    assert "First flush, April 2023" in out and "Kagoshima, Japan" in out
    layout = lxml.html.fromstring(
        f"<div><table><tr><td class='nav'>Home</td><td>{BODY}<p>Follow us on Twitter and Facebook.</p>"
        "</td></tr></table></div>"
    )
    drop_trailing_boilerplate(layout)
    assert "Follow us" not in render_text(layout)


def test_a_newsletters_footer_in_cells_of_a_one_column_layout_goes() -> None:
    # an e-mail's archive: each block a cell alone in its row; the last lines are its footer
    rows = "".join(
        f"<table><tr><td>Paragraph {i} of the issue gives the reader one more fact about the bins, with a "
        "sentence or two of its own.</td></tr></table>"
        for i in range(6)
    )
    footer = (
        "<table><tr><td>You are receiving this because you signed up at a bin day.</td></tr></table>"
        '<table><tr><td>You can <a href="/p">update subscription preferences</a> or '
        '<a href="/u">unsubscribe</a>.</td></tr></table>'
    )
    root = lxml.html.fromstring(f"<div>{rows}{footer}</div>")
    drop_trailing_boilerplate(root)
    text = render_text(root)
    assert "Paragraph 5 of the issue" in text
    assert "receiving this" not in text
    assert "unsubscribe" not in text
    # a row of two cells or more is data: its last line stays, whatever it says
    data = "<table><tr><td>Plan</td><td>Unsubscribe any time, powered by the plan's terms</td></tr></table>"
    root = lxml.html.fromstring(f"<div>{BODY}{data}</div>")
    drop_trailing_boilerplate(root)
    assert "Unsubscribe any time" in render_text(root)


def test_a_footer_line_set_after_the_last_block_with_no_block_of_its_own_goes() -> None:
    # an old page's footer: a rule, then a link and a line break straight in the body
    footer = '<a href="/mailman/listinfo/x">More information about the Example-L mailing list</a>'
    text = _trim(f"<hr>{footer}<br>")
    assert "Paragraph 5" in text and "More information" not in text


def test_a_line_after_the_last_block_that_is_text_stays_as_it_was() -> None:
    last_words = "The last words of the story, set after a rule, stay here."
    root = lxml.html.fromstring(f"<div>{BODY}<hr>{last_words}</div>")
    before = render_text(root)
    drop_trailing_boilerplate(root)
    assert render_text(root) == before
    assert root[-1].tag == "hr" and root[-1].tail == last_words


_MESSAGE = (
    "<pre>Hi Karel,\n\nThe same happens here after every suspend; unloading the module before the\n"
    "machine sleeps and loading it again after it wakes works around it until the fix lands.\n\n"
    "Regards,\nIngrid\n\n-- \nIngrid de Wit -- Utrecht -- GPG 4A1F 9C02\n"
    '"Works on my machine" is no release plan.\n</pre>'
)


def test_an_e_mails_signature_ending_a_message_goes() -> None:
    root = lxml.html.fromstring(f"<div><h1>Re: wifi after suspend</h1>{_MESSAGE}</div>")
    drop_trailing_boilerplate(root)
    text = render_text(root)
    assert "until the fix lands" in text and "Regards" in text
    assert "GPG" not in text and "release plan" not in text


@pytest.mark.parametrize(
    "pre",
    [
        "<pre>SELECT id FROM runs\n--\nWHERE failed;\n</pre>",  # a bare "--": a comment of code
        "<pre>notes\n-- \n" + "".join(f"line {i}\n" for i in range(8)) + "</pre>",  # too long for one
    ],
)
def test_a_block_that_ends_in_no_signature_keeps_its_lines(pre: str) -> None:
    root = lxml.html.fromstring(f"<div><h1>Notes</h1>{pre}</div>")
    before = render_text(root)
    drop_trailing_boilerplate(root)
    assert render_text(root) == before


@pytest.mark.parametrize(
    "html",
    [
        "<div><div></div>000000000\x08<a>000000000000000</a></div>",  # hypothesis's tag soup, CI
        "<div><h1>Notes</h1><pre>Hi\x08 all,\nthe fix works here.\n-- \nAnn\n</pre></div>",
    ],
)
def test_a_trailing_line_or_a_signature_with_a_control_character_is_left_as_it_is(html: str) -> None:
    # libxml2 parses such characters, lxml refuses to set them again: the tail step must not fail
    root = lxml.html.fromstring(html)
    before = render_text(root)
    drop_trailing_boilerplate(root)
    assert render_text(root) == before


@pytest.mark.parametrize("text", ["Write a Reply...", "Add a comment…", "Reply to this topic"])
def test_a_reply_boxs_placeholder_is_a_trailer(text: str) -> None:
    """A thread's stream ends with the box a reader would write in ("Write a Reply...", Flarum's
    placeholder post): a call to action, however it ends."""
    assert is_trailer(text)


def test_a_sentence_about_writing_a_reply_is_no_trailer() -> None:
    assert not is_trailer("She wrote a reply to the ministry, and the letter was read out in parliament.")


def test_a_section_of_comments_headed_in_japanese_runs_to_the_end() -> None:
    tail = (
        "<div class='feed_area'><h2>コメント（2件）</h2>"
        "<div class='feed_item'><p>去年も参加しましたが、とても丁寧に教えていただけました。</p></div>"
        "<div class='feed_item'><p>終了後の15分ほどでしたら、お持ち込みの本も拝見できます。</p></div></div>"
    )
    text = _trim(tail)
    assert "丁寧に教えていただけました" not in text and "拝見できます" not in text
    assert text.strip()  # the body before the section stays


def _document_with_related(anchored: bool) -> str:
    """A documentation page of three sections under ``<h2>`` headings (anchored when ``anchored``),
    ending with a "Related" heading over a list of two links."""

    def anchor(name: str) -> str:
        return f" id='{name}'" if anchored else ""

    section = (
        "<p>Respond with any success status within ten seconds to acknowledge an event; anything else, "
        "including a timeout, schedules a retry with exponential backoff for up to three days.</p>"
    )
    return (
        "<html><head><title>Webhooks</title></head><body><main><h1>Webhooks</h1>"
        f"<h2{anchor('registering')}>Registering an endpoint</h2>{section}"
        f"<h2{anchor('verifying')}>Verifying signatures</h2>{section}"
        f"<h2{anchor('retries')}>Retries and ordering</h2>{section}"
        f"<h2{anchor('related')}>Related</h2><ul>"
        "<li><a href='https://docs.ledgerly.example/api/webhook-endpoints'>Webhook endpoints API "
        "reference</a></li><li><a href='https://docs.ledgerly.example/guides/local'>Testing webhooks "
        "locally with the CLI</a></li>"
        "</ul></main></body></html>"
    )


def test_a_related_section_among_a_documents_anchored_sections_is_the_documents() -> None:
    """A documentation generator anchors every heading of the text (``id``), a "Related" one among
    them: that is a part of the document the writer wrote, as "See also" is, and its links stay;
    the same page without anchors reads "Related" as a box of other pages."""
    kept = weblens.extract(_document_with_related(True), "https://docs.ledgerly.example/guides/webhooks")
    assert "Testing webhooks locally with the CLI" in kept.text
    assert (
        "[Webhook endpoints API reference](https://docs.ledgerly.example/api/webhook-endpoints)"
        in kept.markdown
    )
    dropped = weblens.extract(_document_with_related(False), "https://docs.ledgerly.example/guides/webhooks")
    assert "Testing webhooks locally with the CLI" not in dropped.text


@pytest.mark.parametrize(
    "heading",
    ["Still need help?", "Ainda precisa de ajuda?", "¿Necesitas más ayuda?", "Brauchen Sie weitere Hilfe?"],
)
def test_a_help_pages_offer_of_more_help_at_its_end_goes(heading: str) -> None:
    """A help article's closing section offering more help (a contact box under "Still need help?")
    is the help center's, not the article's."""
    out = _trim(
        "<p>Open the card's settings and choose Block card; the block takes effect at once.</p>"
        f"<h2>{heading}</h2><p>Talk to us in the app's chat or call 4004 5555, weekdays from 9 to 18.</p>"
    )
    assert "4004 5555" not in out and "Block card" in out
    # the same words as a question the article answers stay
    kept = _trim(
        "<p>Open the card's settings and choose Block card; the block takes effect at once.</p>"
        "<h2>How do I unblock it?</h2><p>Talk to us in the app's chat or call 4004 5555, weekdays.</p>"
    )
    assert "4004 5555" in kept


@pytest.mark.parametrize("mark", ["- END -", "—END—", "END", "（完）", "全文完"])
def test_what_follows_a_mark_of_the_texts_end_goes(mark: str) -> None:
    """A Chinese platform's article marks its end ("- END -", "（完）"); what follows is the account's:
    its earlier posts, its QR code, the readers' remarks it picked."""
    out = _trim(
        "<p>走的时候，我在服务台办了一张新的读者证。工作人员问我要不要把旧的那张注销，我说不用了，留着吧。</p>"
        f"<p><strong>{mark}</strong></p><p><strong>往期推荐</strong></p>"
        "<p><a href='/s/a'>一座小城的旧书摊，和它守了三十年的摊主</a></p>"
        "<p>长按识别二维码，关注山野读书会</p>"
    )
    assert "留着吧" in out and "旧书摊" not in out and "二维码" not in out
    # "The End" closes a story, and a line that only holds the word in a sentence is text
    kept = _trim(
        "<p>And so the lighthouse keeper went home at last, and the light burned on without him.</p>"
        "<p>The End</p><p>A note from the writer: this story was first read aloud at the festival.</p>"
    )
    assert "A note from the writer" in kept


@pytest.mark.parametrize("heading", ["댓글 • [8]", "Kommentare (3)", "Comentarios", "コメント"])
def test_a_comments_section_in_another_language_stays_when_comments_are_kept(heading: str) -> None:
    """With comments kept, a comments heading in Korean, German, Spanish or Japanese opens no
    boilerplate section, as "Comments" does not."""
    root = lxml.html.fromstring(
        f"<div>{BODY}<h3>{heading}</h3><div class='comment'>I measured mine too, the same result here.</div>"
        "<div class='comment'>Thanks for the numbers, it helps a lot.</div></div>"
    )
    drop_trailing_boilerplate(root, keep_comments=True)
    assert "the same result here" in render_text(root)
    root = lxml.html.fromstring(f"<div>{BODY}<h3>{heading}</h3><div>I measured mine too.</div></div>")
    drop_trailing_boilerplate(root)
    assert "I measured mine too" not in render_text(root)


_LOOSE_STORY = "".join(
    f"Paragraph {i} of the essay, set loose in its font as old pages did, says one more thing.<BR><BR>"
    for i in range(6)
)


def _old_page_text(footer: str) -> str:
    html = (
        "<html><body><table><tr><td><FONT FACE=Arial>"
        f"<UL><LI>One station</LI><LI>Another station</LI></UL>{_LOOSE_STORY}</FONT>"
        f"<CENTER>{footer}<P><A HREF='#top'>Back to top</A></P></CENTER></td></tr></table></body></html>"
    )
    return render_text(_main_of(html))


def _main_of(html: str) -> lxml.html.HtmlElement:
    cell = lxml.html.document_fromstring(html).find(".//td")
    assert cell is not None
    drop_trailing_boilerplate(cell)
    return cell


def test_an_old_pages_footer_of_lines_set_loose_beside_a_table_goes() -> None:
    footer = (
        "<FONT SIZE=1>You are visitor number <IMG SRC='c.gif'> since January 1, 1999.<BR>"
        "This page last modified: April 2, 1999<BR>Comments? <A HREF='mailto:d@example.com'>E-mail me</A><BR>"
        "Best viewed with Netscape Navigator 4.0 at 800x600.</FONT><BR>"
    )
    text = _old_page_text(footer)
    assert "Paragraph 5 of the essay" in text and "Another station" in text
    assert "visitor number" not in text and "last modified" not in text and "Best viewed" not in text


def test_a_stanza_or_a_closing_set_loose_at_the_end_stays() -> None:
    stanza = "The tide comes in<BR>the gulls go out<BR>and no one waits<BR>on the quay tonight<BR>"
    assert "and no one waits" in _old_page_text(stanza)
    closing = "Thanks for reading,<BR>Dennis<BR>"
    assert "Thanks for reading" in _old_page_text(closing)


@pytest.mark.parametrize(
    "line",
    [
        "あなたは 1234 人目の旅人です。",
        "ご意見・ご感想は掲示板かメールでお寄せください。",
        "最終更新日：2002年9月23日",
        "▲ページのトップへ",
        "This archive was generated by MHonArc 2.6.16.",
    ],
)
def test_an_old_sites_own_lines_in_other_words_are_trailers(line: str) -> None:
    assert is_trailer(line)


def test_a_footer_of_lines_may_hold_long_lines_that_say_what_trailers_say() -> None:
    footer = (
        "<FONT SIZE=2>あなたは 1234 人目の旅人です。<BR>"
        "このサイトはリンクフリーです。バナーはこちらからどうぞ。リンクしてくださった方はぜひ掲示板でお知らせください。<BR>"
        "最終更新日：2002年9月23日<BR><A HREF='#'>▲ページのトップへ</A></FONT>"
    )
    text = _old_page_text(footer)
    assert "Paragraph 5 of the essay" in text and "リンクフリー" not in text and "最終更新日" not in text


@pytest.mark.parametrize(
    "line",
    [
        "Printer-friendly version · E-mail this article to a friend · Discuss this article (42 posts)",
        "About the author: Leon runs a two-person design shop in Baltimore and has built sites since Mosaic.",
    ],
)
def test_an_articles_tools_and_its_writers_note_set_as_lines_are_trailers(line: str) -> None:
    assert is_trailer(line)


def test_a_box_of_related_links_set_as_lines_under_its_heading_goes() -> None:
    box = (
        "<p>More features from Pixel Foundry:<br>» <a href='/f1'>Frames Are Not Evil</a><br>"
        "» <a href='/f2'>Why Your Site Looks Different on a Mac</a><br>"
        "» <a href='/f3'>Building a Portfolio That Gets You Hired</a></p>"
    )
    text = _trim(box)
    assert "Paragraph 5 of the story" in text and "Frames Are Not Evil" not in text


def test_a_section_about_a_thing_the_document_names_stays_at_its_end() -> None:
    section = (
        "<h2>About the research</h2><p>Researchers in each country completed a questionnaire of 64 "
        "questions, checked against the budget documents, over six months in 2023.</p>"
    )
    assert "Researchers in each country" in _trim(section)
    assert not names_a_section("About this report", "h2")
    assert names_a_section("About the Gazette", "h2") and names_a_section("About the author", "h2")


def test_a_table_captioned_more_information_is_no_section_of_more_stories() -> None:
    table = (
        "<table><caption>More Information</caption><tr><th>Material</th><td>20D recycled nylon</td></tr>"
        "<tr><th>Weight</th><td>310 g</td></tr></table>"
    )
    assert "20D recycled nylon" in _trim(table)
    assert names_a_section("More in Sport") and not names_a_section("More Information")


def test_a_sentence_about_cookies_is_no_cookie_notice() -> None:
    line = "<p>If you like this bread, the brown butter trick works just as well in my oatmeal cookies.</p>"
    assert "oatmeal cookies" in _trim(line)
    assert is_trailer("This website uses cookies to improve your experience.")
    assert is_trailer("Cookie settings")


def test_an_old_travel_pages_footer_of_lines_goes() -> None:
    footer = (
        "<FONT SIZE=-2>This page created June 9, 2002. Last updated July 2, 2002.<BR>"
        "Questions about our trip? Drop us a line at <A HREF='mailto:r@example.net'>r@example.net</A><BR>"
        "<IMG SRC='c.gif' ALT='counter'> visitors since June 2002<BR><BR>"
        "<A HREF='http://ring.example/prev'>[Previous]</A> "
        "<A HREF='http://ring.example/hub'>Travelogue Webring</A>"
        "<BR>Best viewed with Netscape 4 at 800x600. Photos © 2002 Ron Pettibone.</FONT>"
    )
    text = _old_page_text(footer)
    assert "Paragraph 5 of the essay" in text
    assert "visitors since" not in text and "Webring" not in text and "This page created" not in text
