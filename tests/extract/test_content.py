"""content.py: which container wins, and what is trimmed from it (through weblens.extract)."""

from __future__ import annotations

import pytest
from lxml.html import HtmlElement

import weblens
from tests.extract.conftest import PageLoader
from weblens.extract.blocks import Block, gather_stats
from weblens.extract.clean import clean_tree, strip_junk
from weblens.extract.content import block_weight, select_main
from weblens.extract.options import ExtractOptions
from weblens.extract.parse import parse_html
from weblens.models import ExtractionMethod, Outcome

SENTENCES = " ".join(f"Sentence {i} adds a plain statement of fact to the story." for i in range(8))


def test_news_article_keeps_the_body_and_drops_the_chrome(page: PageLoader) -> None:
    result = weblens.extract(page("news_article.html"), "https://example.com/news/bridge")
    text = result.text
    assert result.extraction_method is ExtractionMethod.DENSITY
    assert text.startswith("The harbour bridge, closed since March")
    assert "What changes for drivers" in text
    assert "Cyclists get a separate lane" in text
    assert "“It has been a long spring,” one café owner said." in text
    for junk in ("SCRIPT-TEXT", "STYLE-TEXT", "IGNORE ALL PREVIOUS", "HIDDEN-ATTRIBUTE", "COMMENT-TEXT",
                 "ASIDE-TEXT", "FOOTER-TEXT", "FORM-TEXT", "Share on Facebook", "Subscribe to our newsletter",
                 "Related stories", "We use cookies", "Weather"):  # fmt: skip
        assert junk not in text, junk


def test_the_title_repeated_as_a_heading_is_dropped(page: PageLoader) -> None:
    result = weblens.extract(page("news_article.html"))
    assert "Harbour bridge reopens after repairs" not in result.text


def test_a_title_heading_inside_the_article_heads_the_markdown_but_not_the_text() -> None:
    html = (
        "<html><head><title>Notes on pruning - Garden Diary</title></head>"
        "<body><nav><a href='/'>Home</a></nav>"
        f"<article><h1>Notes on pruning</h1><p>{SENTENCES}</p><h2>In winter</h2><p>{SENTENCES}</p></article>"
        "</body></html>"
    )
    result = weblens.extract(html)
    assert result.markdown.startswith("# Notes on pruning\n") and "## In winter" in result.markdown
    assert result.text.startswith("Sentence 0") and "Notes on pruning" not in result.text


def test_a_title_heading_above_the_content_heads_the_markdown() -> None:
    # the page's <h1> stands in its header, outside the container of the article: the Markdown
    # still opens with it (once), the text does not hold it
    page = (
        "<html><head><title>Notes on pruning - Garden Diary</title></head><body>"
        "<header><h1>Notes on pruning</h1><nav><a href='/'>Home</a> <a href='/a'>About</a></nav></header>"
        f"<div id='story'><p>{SENTENCES}</p><h2>In winter</h2><p>{SENTENCES}</p></div></body></html>"
    )
    result = weblens.extract(page)
    assert result.markdown.startswith("# Notes on pruning\n\nSentence 0")
    assert result.markdown.count("Notes on pruning") == 1 and "## In winter" in result.markdown
    assert "Notes on pruning" not in result.text
    # an <h1> that does not repeat the title (a greeting of the site's) is not taken for it
    other = page.replace("<h1>Notes on pruning</h1>", "<h1>Welcome, gardeners</h1>")
    assert weblens.extract(other).markdown.startswith("Sentence 0")
    # a page of nothing but its heading: the heading, once
    empty = "<html><head><title>Notes on pruning</title></head><body><h1>Notes on pruning</h1></body></html>"
    assert weblens.extract(empty).markdown == "# Notes on pruning"  # once, not twice


def test_captions_stay_out_of_the_text(page: PageLoader) -> None:
    assert "Photo: City Council" not in weblens.extract(page("news_article.html")).text


def test_teaser_cards_next_to_the_article_are_left_out(page: PageLoader) -> None:
    text = weblens.extract(page("teaser_page.html")).text
    assert "The city council voted seven to two" in text
    assert "reading rooms were often full" in text
    assert "bus routes" not in text and "Farmers market" not in text


_NOTICE = (
    "<h1>Choir concert on Friday</h1><p>The parish choir sings carols in the old church on Friday at seven "
    "in the evening, with the brass band of the town and the children's choir of the school.</p><p>Entry "
    "is free, and coffee is served in the parish hall afterwards. A collection at the door goes to the "
    "restoration of the organ, which needs new pipes before the spring.</p><p>Seats at the front are kept "
    "for older guests; please come early if you need one.</p>"
)
_CARDS = {
    # a headline in a box named a header, which goes as chrome (Joomla, TYPO3)
    "header box": "<div class='item'><div class='page-header'><h2><a href='/notices/{n}'>Notice number {n} "
    "of the board</a></h2></div><p>Summary {n} says in two sentences what the notice is about. It "
    "ends here.</p></div>",
    # a headline link beside its date in one block, the summary below
    "date beside": "<li class='item'><a href='/notices/{n}'>Notice number {n} of the board</a> "
    "<span>{n} November 2024</span><p>Summary {n} says in two sentences what the notice is about. It "
    "ends here.</p></li>",
}


@pytest.mark.parametrize("card", sorted(_CARDS))
def test_a_short_notice_beside_a_column_of_teasers_is_the_notice(card: str) -> None:
    """A short dated notice beside a column of other notices, each a headline link, a date and a
    summary, is the notice: the column is teasers though its headlines sit in boxes named a header or
    share their block with a date."""
    cards = "".join(_CARDS[card].format(n=n) for n in range(1, 13))
    column = f"<ul class='more'>{cards}</ul>" if card == "date beside" else f"<div class='more'>{cards}</div>"
    html = f"<html><body><div class='layout'><div class='notice'>{_NOTICE}</div>{column}</div></body></html>"
    text = weblens.extract(html, "https://parish.example.org/notices/choir-concert").text
    assert "carols in the old church" in text and "coffee is served" in text
    assert "Summary 3 says" not in text


def test_an_obituary_under_its_name_beside_a_column_of_others_is_the_notice() -> None:
    """An obituary: the name as the page's headline, the notice in a box below it, beside a column of
    other obituaries (a short name linked, its date, a line or two each). The column is teasers for
    all its short names, and the notice under the page's title is the text."""
    names = ["Ada Rossi", "Ugo Bassi", "Rosa Valli", "Gino Neri", "Teo Sala", "Lia Conti"] * 2
    cards = "".join(
        f"<li class='item'><div class='photo'><img src='/p/{n}.jpg' alt=''></div><div class='text'>"
        f"<a href='/obituaries/{n}'>{name}</a> <span>{n} October 2024</span><p>Died at the age of {80 + n}. "
        f"The funeral is held on Friday at {n} in the parish church of the town.</p></div></li>"
        for n, name in enumerate(names, start=1)
    )
    notice = (
        "<div class='obituary'><h1>Giuseppina Colombo</h1><div class='years'>1933 – 2024</div><div "
        "class='entry'><p>She died peacefully at home at the age of 91, surrounded by her family. She "
        "taught at the village school for forty years.</p><p>The funeral mass is celebrated on Thursday "
        "at ten in the church of Saint Anne.</p></div></div>"
    )
    head = (
        "<head><title>Giuseppina Colombo</title>"
        "<meta property='article:published_time' content='2024-10-22'></head>"
    )
    html = f"<html>{head}<body><div class='page'>{notice}<section><h2>Other obituaries</h2><ul>{cards}</ul>"
    html += "</section></div></body></html>"
    text = weblens.extract(html, "https://gazette.example.it/obituaries/2024/10/giuseppina-colombo").text
    assert "She died peacefully at home" in text and "Saint Anne" in text
    assert "Died at the age of" not in text


def test_a_bibliography_by_its_name_is_kept_whole() -> None:
    """A spec's list of the works it cites, named a bibliography (ReSpec's ``<dl class="bibliography">``
    under a heading set in a box with its permalink), is text: its entries are links and a line of
    names each, and a box of links as short would be pruned. The heading's box, named a header, is
    the section's heading, and a term's anchor is no role ("survey")."""
    body = "".join(
        f"<p>Section {n} of the draft states what a signer records about a file, and why the record "
        f"survives a re-encoding [<cite><a href='#bib-survey'>SURVEY</a></cite>].</p>"
        for n in range(6)
    )
    entries = "".join(
        f"<dt id='bib-survey-{n}'>[SURVEY-{n}]</dt><dd><a href='https://w3.example.org/TR/ref-{n}/'>"
        f"<cite>Report {n}</cite></a>. Ana Lind. W3C. 2025. URL: <a href='https://w3.example.org/TR/ref-{n}/'>"
        f"https://w3.example.org/TR/ref-{n}/</a></dd>"
        for n in range(2)
    )
    heading = "<div class='header-wrapper'><h3 id='x'>Informative references</h3><a href='#x'>§</a></div>"
    references = f"<section id='informative'>{heading}<dl class='bibliography'>{entries}</dl></section>"
    html = f"<html><body><main><h1>Provenance</h1>{body}{references}</main></body></html>"
    markdown = weblens.extract(html, "https://w3.example.org/TR/provenance/").markdown
    assert "[*Report 1*](https://w3.example.org/TR/ref-1/). Ana Lind." in markdown
    # the section's heading, in a box named a header, heads it; the terms anchored "bib-survey-…"
    assert "### Informative references" in markdown and "**\\[SURVEY-1\\]**" in markdown
    # the same list under another name and no heading is a box of links, and goes
    unnamed = html.replace("bibliography", "links").replace(heading, "")
    other = weblens.extract(unnamed, "https://w3.example.org/TR/provenance/")
    assert "Report 1" not in other.markdown


def test_a_statutes_amendment_notes_paired_with_their_marks_stay() -> None:
    """A statute's amendment notes, each in a box of its own that opens with a link back to its mark
    in the text, the mark linking to the note (legislation.gov.uk's ``commentary-key-f1`` and
    ``reference-key-f1``): notes of the text, kept with their citations, though nothing names them
    notes."""
    sections = []
    for n in (1, 2):
        mark = f"<a href='#commentary-f{n}' id='reference-f{n}'>F{n}</a>"
        text = (
            f"<h3>Section {n}</h3><p>(1) The Secretary of State may designate {mark} a community archive "
            f"for the purposes of this Act, on the application of the body which holds it.</p>"
        )
        note = (
            f"<div class='LegAnnotations'><div class='GroupHeading'>Textual Amendments</div><div "
            f"class='LegCommentaryItem' id='commentary-f{n}'><p><span><a href='#reference-f{n}'>F{n}</a>"
            f"</span><span>Words in s. {n}(1) substituted by <a href='/uksi/2024/41{n}'>The Archives "
            f"Regulations 2024 (S.I. 2024/41{n}), reg. {n}</a></span></p></div></div>"
        )
        sections.append(text + note)
    act = f"<div class='act'><h1>Community Archives Act 2021</h1>{''.join(sections)}</div>"
    html = f"<html><body>{act}</body></html>"
    url = "https://statutes.example.gov.uk/ukpga/2021/12/contents"
    text = " ".join(weblens.extract(html, url).text.split())
    assert "Words in s. 1(1) substituted" in text and "Words in s. 2(1) substituted" in text
    # without the marks in the text the boxes are links under a label, and go
    unpaired = weblens.extract(html.replace("href='#commentary-f", "href='#elsewhere-f"), url).text
    assert "Words in s. 2(1) substituted" not in unpaired


def test_a_standards_normative_references_stay() -> None:
    """A standard's clause of normative references: a paragraph saying the documents below are
    cited, then a list of them, each the work's linked number and its short title, last in the
    clause: the works the text cites, not a box of links."""
    clause = (
        "<section id='c1'><h2>1 適用範囲</h2><p>この技術仕様書は、地図情報レベル500から25000までの数値地形図"
        "データ及び三次元点群データについて、水平位置及び標高の正確度を評価する手順を規定する。</p></section>"
        "<section id='c2'><h2>2 引用規格</h2><p>次に掲げる規格は、この技術仕様書に引用されることによって、"
        "この技術仕様書の規定の一部を構成する。これらの引用規格は、記載の年の版を適用する。</p>"
        "<ul class='normref'><li><a href='/std/gds-0001/'>GDS 0001:2021</a> 地理空間データ－用語</li>"
        "<li><a href='/std/gds-0104/'>GDS 0104:2019</a> 地理空間データ－品質の原則</li></ul></section>"
        "<section id='c3'><h2>3 用語及び定義</h2><p>この技術仕様書で用いる主な用語及び定義は、GDS 0001:2021に"
        "よるほか、次による。</p></section>"
    )
    html = f"<html><body><article><h1>位置正確度の評価</h1>{clause}</article></body></html>"
    url = "https://standards.example.org/gds-0210/"
    assert "GDS 0104:2019 地理空間データ－品質の原則" in weblens.extract(html, url).text


def test_an_article_split_over_sibling_containers_is_merged(page: PageLoader) -> None:
    text = weblens.extract(page("split_article.html")).text
    assert text.startswith("Twenty years ago the river")
    assert "three hundred outflows" in text
    assert text.endswith("before the next swimming season begins.")
    assert "Advertisement" not in text
    assert "Home" not in text


def test_data_tables_are_content(page: PageLoader) -> None:
    text = weblens.extract(page("data_table.html")).text
    assert "Pos | Driver | Points | Wins" in text
    assert "6 | Fabio Reis | 198 | 0" in text
    assert "Calendar" not in text


def test_link_lists_inside_the_article_are_pruned() -> None:
    html = (
        f"<html><body><article><p>{SENTENCES}</p>"
        "<ul class='more'><li><a href='/1'>First other story on the site</a></li>"
        "<li><a href='/2'>Second other story on the site</a></li>"
        "<li><a href='/3'>Third other story on the site</a></li></ul>"
        f"<p>{SENTENCES}</p></article></body></html>"
    )
    text = weblens.extract(html).text
    assert "other story" not in text
    assert text.count("Sentence 7") == 2


def _article_with_list(items: str, url: str | None = "https://news.example.com/2024/story") -> str:
    article = f"<p>{SENTENCES}</p><ul>{items}</ul><p>{SENTENCES}</p>"
    html = f"<html><body><article>{article}</article></body></html>"
    return weblens.extract(html, url).markdown


SOURCES = (
    "<li><a href='https://shop.example.org/item/1'>Get the kettle at Example Shop for $39</a></li>"
    "<li><a href='https://reports.example.net/2024.pdf'>The annual report of the water board</a></li>"
    "<li><a href='//archive.example.edu/paper'>The original paper on boiling points</a></li>"
)


def test_a_list_of_links_to_other_sites_inside_the_article_is_content() -> None:
    # the sources, products or resources the text names: links out, items of several words
    markdown = _article_with_list(SOURCES)
    assert "- [Get the kettle at Example Shop for $39](https://shop.example.org/item/1)" in markdown
    assert "- [The original paper on boiling points](https://archive.example.edu/paper)" in markdown


def test_a_list_of_links_to_other_sites_set_as_dd_boxes_in_a_ul_is_content_too() -> None:
    # sloppy markup: <dd>s straight in a <ul> are its items (a browser shows them as such)
    markdown = _article_with_list(SOURCES.replace("<li>", "<dd>").replace("</li>", "</dd>"))
    assert "- [The annual report of the water board](https://reports.example.net/2024.pdf)" in markdown


def test_a_table_of_data_in_a_box_that_only_scrolls_it_is_kept() -> None:
    # each feature's name links to its page, its description is words of the table's own; the box
    # around the table (to scroll it on a phone) is judged as the table, not as a box of links
    rows = "".join(
        f"<tr><td><a href='/{name.lower().replace(' ', '-')}.html'>{name}</a></td><td>{what}</td></tr>"
        for name, what in (
            ("Connected component labeling", "label connected regions."),
            ("Distributed pixel cache", "offload pixel storage."),
            ("Encipher or decipher an image", "scramble an image."),
            ("Format conversion between types", "convert an image."),
            ("High dynamic range imaging", "keep a wide range."),
            ("Morphology of shapes and patterns", "extract features."),
        )
    )
    table = f"<div class='table-responsive'><table class='table'>{rows}</table></div>"
    body = f"<p>{SENTENCES}</p><p>Here is what it can do:</p>{table}<p>{SENTENCES}</p>"
    markdown = weblens.extract(
        f"<html><body><main>{body}</main></body></html>", "https://docs.example/"
    ).markdown
    row = "| [Format conversion between types](https://docs.example/format-conversion-between-types.html) |"
    assert f"{row} convert an image. |" in markdown


@pytest.mark.parametrize(
    "wrap",
    [
        "<figure class='wp-block-table'>{}</figure>",  # WordPress's table block
        "<figure>{}<figcaption>Table 1: the lighthouses of the isles</figcaption></figure>",
        "<figure><figcaption>Lighthouses</figcaption><div class='scroll'>{}</div></figure>",
    ],
)
def test_a_table_of_data_shown_as_a_figure_is_kept(wrap: str) -> None:
    # a figure that shows a table and nothing else but its caption is the table: its cells are
    # links (the lighthouses' and their engineers' pages) and short words, and it stays whole
    rows = "".join(
        f"<tr><td><a href='/wiki/{name.replace(' ', '_')}'>{name}</a></td><td>{isles}</td><td>{y}</td></tr>"
        for name, isles, y in (
            ("Muckle Flugga", "Shetland", 1858),
            ("Noup Head", "Orkney", 1898),
            ("Cantick Head", "Orkney", 1858),
        )
    )
    table = wrap.format(
        f"<table><thead><tr><th>Name</th><th>Group</th><th>Built</th></tr></thead>{rows}</table>"
    )
    body = f"<p>{SENTENCES}</p><p>The lighthouses are:</p>{table}<p>{SENTENCES}</p>"
    markdown = weblens.extract(
        f"<html><body><main>{body}</main></body></html>", "https://isles.example/"
    ).markdown
    assert "| [Noup Head](https://isles.example/wiki/Noup_Head) | Orkney | 1898 |" in markdown


def test_the_site_comes_from_the_canonical_url_when_no_url_is_given() -> None:
    html = (
        "<html><head><link rel='canonical' href='https://news.example.com/story'></head><body><article>"
        f"<p>{SENTENCES}</p><ul>{SOURCES}</ul><p>{SENTENCES}</p></article></body></html>"
    )
    assert "The annual report of the water board" in weblens.extract(html).text
    # with no address at all, other sites cannot be told apart: the link list is pruned as before
    assert "The annual report" not in _article_with_list(SOURCES, url=None)


@pytest.mark.parametrize(
    "items",
    [
        # the site's own stories, also on another of its hosts
        "<li><a href='https://www.example.com/a'>First other story on the site</a></li>"
        "<li><a href='https://sport.example.com/b'>Second other story on the site</a></li>",
        # share buttons carry the page's own address
        "<li><a href='https://social.example.net/share?u=https%3A%2F%2Fnews.example.com%2F2024%2Fstory'>"
        "Share this story now</a></li>"
        "<li><a href='https://chat.example.org/send?text=news.example.com/2024/story'>"
        "Send it to friends</a></li>",
        # bare names of other sites: a blogroll, not sources
        "<li><a href='https://one.example.org/'>Ana</a></li><li><a href='https://two.example.org/'>Bo</a></li>",
    ],
)
def test_other_link_lists_inside_the_article_are_still_pruned(items: str) -> None:
    markdown = _article_with_list(items)
    assert "](" not in markdown and markdown.count("Sentence 7") == 2


def _article_with_paragraph(paragraph: str) -> str:
    html = f"<html><body><article><p>{SENTENCES}</p>{paragraph}<p>{SENTENCES}</p></article></body></html>"
    return weblens.extract(html, "https://news.example.com/2024/story").markdown


def test_a_paragraph_of_links_in_the_running_text_is_content() -> None:
    # "Read the report: <link>." between two paragraphs of prose is part of the article
    markdown = _article_with_paragraph(
        "<p>Read the report: <a href='/files/report.pdf'>Protecting the water supply of small towns, "
        "version 1.0, spring 2005</a> [PDF].</p>"
    )
    assert "Read the report: [Protecting the water supply" in markdown
    assert "](https://news.example.com/files/report.pdf) \\[PDF\\]." in markdown


@pytest.mark.parametrize(
    "paragraph",
    [
        # links only, no words of their own: a box of other stories set as a paragraph
        "<p><a href='/1'>First other story on the site, told at length.</a></p>",
        # a line of links without a sentence
        "<p>More: <a href='/1'>first other story on the site</a> <a href='/2'>second one</a></p>",
    ],
)
def test_other_paragraphs_of_links_in_the_article_are_still_pruned(paragraph: str) -> None:
    markdown = _article_with_paragraph(paragraph)
    assert "other story" not in markdown and markdown.count("Sentence 7") == 2


def _story(body: str) -> str:
    """The Markdown of a news story whose article holds ``body``."""
    html = f"<html><body><article>{body}</article></body></html>"
    return weblens.extract(html, "https://news.example.com/2024/story").markdown


SWEDISH = (
    "<p>The investigation had been shelved in 2017 but was <a href='/news/2019/reopened'>re-opened "
    "earlier this year following his eviction from the embassy</a>.</p>"
)
AD = "<div class='ad-slot mpu'><div class='advert'></div></div>"


@pytest.mark.parametrize(
    "blocks",
    [
        # an advert slot between the sentence and the prose that follows it
        f"{SWEDISH}{AD}",
        # a list of links before it, prose after it
        f"<ul><li><a href='/p'>Profile of the man</a></li><li><a href='/t'>Timeline</a></li></ul>{SWEDISH}",
        # a section heading before it: the first sentence of the section
        f"<h2>What charges does he face?</h2>{SWEDISH}",
        # no prose beside it: a heading above it, a list of downloads below it
        f"<h3>Apply</h3>{SWEDISH}<ul><li><a href='/f.pdf'>Form</a> (PDF)</li>"
        "<li><a href='/g.pdf'>Guide</a></li></ul>",
    ],
)
def test_a_sentence_around_a_long_link_is_content(blocks: str) -> None:
    markdown = _story(f"<p>{SENTENCES}</p><p>{SENTENCES}</p>{blocks}<p>{SENTENCES}</p>")
    assert "The investigation had been shelved in 2017 but was [re-opened earlier" in markdown
    assert "](https://news.example.com/news/2019/reopened)." in markdown


def _boxed(paragraph: str) -> str:
    return f"<div class='para'><div>{paragraph}</div></div>"


def test_a_sentence_around_its_link_in_a_box_of_its_own_is_content() -> None:
    """A page that sets each paragraph of its text in boxes of its own: the interviewer's question
    that runs through a link is a sentence of the text, as it is when set as a bare ``<p>``."""
    question = (
        "<p>Why had there been such a <a href='/news/2024/exit-poll'>strong turn away from the "
        "governing party at the election</a>?</p>"
    )
    markdown = _story(
        "".join(_boxed(part) for part in (f"<p>{SENTENCES}</p>", question, f"<p>{SENTENCES}</p>"))
    )
    assert "Why had there been such a [strong turn away from the governing party" in markdown


def test_a_pointer_in_a_box_of_its_own_is_still_pruned() -> None:
    pointer = (
        "<p>Read more: <a href='/1'>The other story on the site, told at length by our reporter.</a></p>"
    )
    markdown = _story(
        "".join(_boxed(part) for part in (f"<p>{SENTENCES}</p>", pointer, f"<p>{SENTENCES}</p>"))
    )
    assert "other story" not in markdown and markdown.count("Sentence 7") == 2


def test_a_clause_leading_into_its_link_is_content() -> None:
    markdown = _story(
        f"<p>{SENTENCES}</p><p>Say goodbye to that feeling!</p>"
        "<p>Take a look if you have not read it yet: <a href='/2024/first'>Why some shops last "
        f"and others close</a></p><h2>Next</h2><p>{SENTENCES}</p>"
    )
    assert "yet: [Why some shops last and others close](https://news.example.com/2024/first)" in markdown


def test_a_sentence_that_opens_in_emphasis_is_a_sentence_around_its_link() -> None:
    """The words before the link count wherever they are set: an answer opening with a bold "A:"
    in a font is still a sentence of the text, not a line of links."""
    answer = (
        "<p><font color='red'><b>A: </b></font>For a page on <a href='/digs/visit.html'>digs you can "
        "visit with children, click here</a>.</p>"
    )
    markdown = _story(
        f"<p>{SENTENCES}</p><h3>Q: Are there digs to join?</h3>{answer}<h3>Q: Next</h3><p>{SENTENCES}</p>"
    )
    assert "For a page on [digs you can visit with children, click here]" in markdown


@pytest.mark.parametrize("box", ["div", "td"])
def test_a_box_of_resources_under_a_label_is_kept_whole_and_a_box_of_own_stories_is_not(box: str) -> None:
    hosts = ("city.example.gov", "parks.example.org", "county.example.us", "beaches.example.net")
    names = ("The city council pages", "Parks and recreation schedules", "The county records office",
             "Beach water quality reports")  # fmt: skip

    def resources(prefix: str) -> str:
        lines = "".join(
            f"<p><a href='{prefix(host)}'>{name}</a></p>" for host, name in zip(hosts, names, strict=True)
        )
        inner = f"<!-- links --><p><strong>Local news and information</strong></p>{lines}<p>&nbsp;</p>"
        return f"<table><tr><td>{inner}</td></tr></table>" if box == "td" else f"<div>{inner}</div>"

    away = _story(f"<p>{SENTENCES}</p>{resources(lambda host: f'https://{host}/')}<p>{SENTENCES}</p>")
    for host, name in zip(hosts, names, strict=True):
        assert f"[{name}](https://{host}/)" in away
    own = _story(f"<p>{SENTENCES}</p>{resources(lambda host: f'/topics/{host}')}<p>{SENTENCES}</p>")
    assert "city council" not in own and "Sentence 7" in own


def test_a_sentence_with_words_around_its_links_is_content() -> None:
    markdown = _story(
        f"<p>{SENTENCES}</p><dl><dt>-W arg</dt><dd><p>Warning control.</p><p>See "
        "<a href='/library/warnings.html#filter'>The Warnings Filter</a> and "
        "<a href='/library/warnings.html#describing'>Describing Warning Filters</a> for more details.</p>"
        "</dd></dl>"
    )
    assert "See [The Warnings Filter](https://news.example.com/library/warnings.html#filter) and" in markdown


@pytest.mark.parametrize(
    "paragraph",
    [
        # a label and a headline, though it ends with a full stop
        "<p>Read more: <a href='/1'>The other story on the site, told at length by our reporter.</a></p>",
        # two words before a headline: a pointer, not a sentence of the article
        "<p>Also read <a href='/1'>the other story on the site, told at length by our reporter</a>.</p>",
        # a label naming a box of other stories
        "<p>You might also like these stories: <a href='/1'>The other story on the site</a></p>",
        # a line of links with no full stop
        "<p>See our coverage of <a href='/1'>the other story on the site</a> and <a href='/2'>more</a></p>",
        # a pointer: its links end it, no words of its own after them
        "<p>Also see <a href='/1'>the other story on the site</a> and <a href='/2'>the one before</a>.</p>",
        # a label set in bold is still a label
        "<p><b>Read more:</b> <a href='/1'>The other story on the site, told at length by a writer.</a></p>",
    ],
)
def test_a_link_line_that_is_no_sentence_of_the_text_is_still_pruned(paragraph: str) -> None:
    markdown = _story(
        f"<p>{SENTENCES}</p>{paragraph}<h2>Elsewhere on the site</h2>"
        "<ul><li><a href='/x'>First</a></li><li><a href='/y'>Second</a></li></ul>"
    )
    assert "other story" not in markdown and "Sentence 7" in markdown


def test_a_paragraph_that_is_one_link_to_its_source_elsewhere_is_kept() -> None:
    # a story retold, then where it comes from: one link to another site, in a paragraph of its own
    source = "<p><a href='https://wiki.example.org/The_Buried_Moon'>The Buried Moon -- Wiki</a></p>"
    markdown = _story(
        f"<p>{SENTENCES}</p><p>[retold and translated by the author]</p>{source}<p>{SENTENCES}</p>"
    )
    assert "[The Buried Moon -- Wiki](https://wiki.example.org/The_Buried_Moon)" in markdown
    # the same line pointing to another page of the site is a pointer to another story
    pointer = "<p><a href='/2024/the-buried-moon'>The Buried Moon, our review</a></p>"
    own = _story(f"<p>{SENTENCES}</p>{pointer}<p>{SENTENCES}</p>")
    assert "our review" not in own and "Sentence 7" in own


def test_the_link_to_a_quoted_texts_source_after_the_quotation_is_kept() -> None:
    # a link blog: a quotation of someone's essay, then one link to the whole of it, then a comment
    source = "<p><a href='https://essays.example.org/small-software'>Read the full essay</a></p>"
    markdown = _story(f"<blockquote><p>{SENTENCES}</p></blockquote>{source}<p>{SENTENCES}</p>")
    assert "[Read the full essay](https://essays.example.org/small-software)" in markdown
    pointer = "<p><a href='/2024/small-software'>Read our review</a></p>"
    own = _story(f"<blockquote><p>{SENTENCES}</p></blockquote>{pointer}<p>{SENTENCES}</p>")
    assert "our review" not in own and "Sentence 7" in own


@pytest.mark.parametrize(
    "heading",
    [
        "<h2><div><span>How to write good notes</span></div></h2>",
        # an editor's markup: the heading in a wrapper of its own, its text in boxes inside it
        "<div dir='ltr' class='css-1x'><h2 class='longform-header-two'><div class='block'><span>"
        "<span data-text='true'>How to write good notes</span></span></div></h2></div>",
    ],
)
def test_a_heading_whose_text_sits_in_boxes_is_kept_as_a_heading(heading: str) -> None:
    markdown = _story(f"<p>{SENTENCES}</p>{heading}<p>{SENTENCES}</p>")
    assert "## How to write good notes" in markdown


def _article_with(block: str) -> str:
    html = f"<html><body><article><p>{SENTENCES}</p>{block}<p>{SENTENCES}</p></article></body></html>"
    return weblens.extract(html, "https://news.example.com/2024/story").markdown


def _rows(*rows: str) -> str:
    return "".join(f"<tr>{row}</tr>" for row in rows)


def test_a_table_of_data_whose_cells_are_links_is_content() -> None:
    table = (
        "<table>"
        + _rows(
            "<th>River</th><th>Length</th><th>Mouth</th>",
            "<td><a href='/wiki/Loire'>Loire</a></td><td>1,006 km</td><td><a href='/A'>Atlantic</a></td>",
            "<td><a href='/wiki/Seine'>Seine</a></td><td>777 km</td><td><a href='/C'>Channel</a></td>",
            "<td><a href='/wiki/Rhone'>Rhône</a></td><td>813 km</td><td><a href='/M'>Mediterranean</a></td>",
        )
        + "</table>"
    )
    markdown = _article_with(table)
    assert "| [Seine](https://news.example.com/wiki/Seine) | 777 km | [Channel](" in markdown


def test_a_table_of_data_under_a_header_row_keeps_lists_in_its_cells() -> None:
    cell = "<ul><li><a href='/a{0}'>Album {0}</a></li><li><a href='/b{0}'>Live {0}</a></li></ul>"
    table = (
        "<table>"
        + _rows(
            "<th>Year</th><th>Releases</th>",
            *(f"<td>{1990 + i}</td><td>{cell.format(i)}</td>" for i in range(3)),
        )
        + "</table>"
    )
    markdown = _article_with(table)
    assert "[Album 2](https://news.example.com/a2)" in markdown and "1992" in markdown


@pytest.mark.parametrize(
    "table",
    [
        # a menu laid out in a table: every cell a link
        "<table>"
        + _rows(
            *(
                f"<td><a href='/s{i}'>Section {i}</a></td><td><a href='/t{i}'>Topic {i}</a></td>"
                for i in range(4)
            )
        )
        + "</table>",
        # a calendar: day numbers, some of them links
        "<table>"
        + _rows(
            "<th>Mo</th><th>Tu</th><th>We</th><th>Th</th><th>Fr</th><th>Sa</th><th>Su</th>",
            *(
                "".join(
                    f"<td><a href='/d{d}'>{d}</a></td>" if d % 3 else f"<td>{d}</td>"
                    for d in range(w * 7 + 1, w * 7 + 8)
                )
                for w in range(4)
            ),
        )
        + "</table>",
        # a menu in a table: labels between its groups, a few words beside each link
        "<table>"
        + _rows(
            "<td>Shop</td>",
            *(f"<td>Go to</td><td><a href='/s{i}'>Cheap and exotic rules {i}</a></td>" for i in range(3)),
            "<td>Shop</td>",
            *(f"<td>Go to</td><td><a href='/t{i}'>Pocket and circular rules {i}</a></td>" for i in range(3)),
        )
        + "</table>",
        # a layout table with lists of links in its cells
        "<table>"
        + _rows(
            *(f"<td>Box {i}</td><td><ul><li><a href='/x{i}'>first link</a></li></ul></td>" for i in range(4))
        )
        + "</table>",
    ],
)
def test_tables_of_links_that_are_not_data_are_still_pruned(table: str) -> None:
    markdown = _article_with(table)
    assert "](" not in markdown and markdown.count("Sentence 7") == 2


def test_a_list_of_references_wrapped_in_boxes_after_its_heading_is_content() -> None:
    markdown = _article_with(
        "<h2>References</h2><div class='reflist'><div class='wrap'><ol>"
        "<li><a href='/a'>Smith, J. (2001). Tides of the north sea.</a></li>"
        "<li><a href='/b'>Roe, A. (1999). A survey of the estuaries.</a></li></ol></div></div>"
    )
    assert "1. [Smith, J. (2001). Tides of the north sea.](https://news.example.com/a)" in markdown


def _card(n: int, cls: str = "product-box") -> str:
    offer = f"https://shop.example.org/item/{n}?ref=news"
    return (
        f"<div class='{cls}'><a href='{offer}'><img src='/k{n}.jpg'></a>"
        f"<a href='{offer}'>Steel kettle model {n}, 1.7 litres</a><a href='{offer}'>$39.00</a>"
        f"<a href='{offer}'>Available from Example Shop</a></div>"
    )


def test_a_card_for_one_offer_between_the_sections_of_an_article_is_content() -> None:
    markdown = _article_with(f"<h2>The steel kettle</h2><ul><li>Boils fast</li><li>Quiet</li></ul>{_card(1)}")
    assert "[Steel kettle model 1, 1.7 litres](https://shop.example.org/item/1?ref=news)" in markdown
    assert "[$39.00](" in markdown and "[Available from Example Shop](" in markdown


@pytest.mark.parametrize(
    "block",
    [
        # cards side by side: a grid of other stories or offers
        _card(1) + _card(2) + _card(3),
        # links of one box to several places: a menu
        "<div><a href='/a'>Kettles and teapots</a><a href='/b'>Toasters and grills</a>"
        "<a href='/c'>Coffee machines</a></div>",
    ],
)
def test_other_boxes_of_links_between_the_sections_are_still_pruned(block: str) -> None:
    markdown = _article_with(block)
    assert "](" not in markdown and markdown.count("Sentence 7") == 2


def _entries(*numbers: int, mark: str = "[{}]") -> str:
    return "".join(
        f"<p class='bibitem'>{mark.format(n)} <a href='/refs/{n}.html'>J. Roe, S. Lee, "
        f"J. Cryst. Growth 66, {n} (1984).</a></p>"
        for n in numbers
    )


@pytest.mark.parametrize("mark", ["[{}]", "({})", "{}.", "{})"])
def test_a_bibliography_set_as_numbered_paragraphs_is_content(mark: str) -> None:
    markdown = _article_with("<h2>References</h2>" + _entries(2, 3, 4, mark=mark))
    for n in (2, 3, 4):
        assert (
            f"[J. Roe, S. Lee, J. Cryst. Growth 66, {n} (1984).](https://news.example.com/refs/{n}.html)"
            in markdown
        )


@pytest.mark.parametrize("numbers", [(1, 2), (1, 3, 5)])
def test_link_paragraphs_that_are_not_a_numbered_run_are_still_pruned(numbers: tuple[int, ...]) -> None:
    markdown = _article_with(_entries(*numbers))
    assert "](" not in markdown and markdown.count("Sentence 7") == 2


def _notes(back: str) -> str:
    return (
        "<div class='notes'><hr><ol>"
        "<li><p>See <a href='https://tides.example.org/t'>the tide tables of the authority</a>. "
        f"{back.format(1)}</p></li>"
        f"<li><p><a href='https://sea.example.edu/r.pdf'>Sea level report</a>, table 3. {back.format(2)}"
        "</p></li>"
        "</ol></div>"
    )


@pytest.mark.parametrize(
    "back", ["<a href='#fnref:{0}'>↩</a>", "<a href='#cite-{0}'>^</a>", "<a href='#r{0}'>{0}</a>"]
)
def test_notes_that_link_back_to_the_text_are_content(back: str) -> None:
    markdown = _article_with(_notes(back))
    assert "1. See [the tide tables of the authority](https://tides.example.org/t)." in markdown
    assert "2. [Sea level report](https://sea.example.edu/r.pdf), table 3." in markdown


def test_notes_the_text_marks_are_content_though_they_link_nowhere_back() -> None:
    """A list whose every item is the target of a note's mark in the text (``<li id="n1">`` under
    ``<sup><a href="#n1">1</a></sup>``) is the text's notes, links and all."""
    html = (
        "<html><body><nav><a href='/'>Home</a></nav><article><h1>Tides</h1>"
        f"<p>{SENTENCES}<sup><a href='#n1'>1</a></sup></p><p>{SENTENCES}<sup><a href='#n2'>2</a></sup></p>"
        "<section class='noten'><h2>Noten</h2><ol>"
        "<li id='n1'>See <a href='https://tides.example.org/t'>the tide tables of the authority</a>.</li>"
        "<li id='n2'><a href='https://sea.example.edu/r.pdf'>Sea level report</a>, table 3.</li>"
        "</ol></section></article></body></html>"
    )
    markdown = weblens.extract(html, "https://news.example/2024/tides").markdown
    assert "1. See [the tide tables of the authority](https://tides.example.org/t)." in markdown
    assert "2. [Sea level report](https://sea.example.edu/r.pdf), table 3." in markdown
    # unmarked, the same list is a list of links like any other
    unmarked = html.replace("<sup><a href='#n1'>1</a></sup>", "")
    assert "tide tables" not in weblens.extract(unmarked, "https://news.example/2024/tides").text


@pytest.mark.parametrize(
    "back",
    [
        "",  # no way back to the text: a list of links like any other
        "<a href='#'>+</a>",  # a script's toggle, not an anchor in the page
        "<a href='#part-{0}'>Part {0} of the story</a>",  # an in-page contents entry
    ],
)
def test_other_lists_with_in_page_links_are_not_notes(back: str) -> None:
    markdown = _article_with(_notes(back))
    assert "](" not in markdown and markdown.count("Sentence 7") == 2


def _works(director: str, *films: str) -> str:
    items = "".join(
        f"<dd><i><a href='/wiki/{n}'>{film}</a></i> ({1980 + n})</dd>" for n, film in enumerate(films)
    )
    return f"<dl><dt>Films by {director}</dt>{items}</dl>"


def test_a_run_of_definition_lists_of_works_after_a_heading_is_content() -> None:
    markdown = _article_with(
        "<h2>Films and specials</h2>"
        + _works("Ann Oak", "The Harbour at Night", "A Winter on the Quay")
        + _works("Bo Reed", "Gulls over the North Pier")
    )
    assert "Films by Bo Reed" in markdown
    for film in ("The Harbour at Night", "A Winter on the Quay", "Gulls over the North Pier"):
        assert f"[{film}](https://news.example.com/wiki/" in markdown


@pytest.mark.parametrize(
    "block",
    [
        # a menu set as a definition list: short links under a heading
        "<h2>Company</h2><dl><dt>About</dt><dd><a href='/a'>Our team</a></dd>"
        "<dd><a href='/j'>Jobs</a></dd></dl>",
        # works, but no heading above the run: a box of other pages
        _works("Ann Oak", "The Harbour at Night", "A Winter on the Quay"),
    ],
)
def test_other_definition_lists_of_links_are_still_pruned(block: str) -> None:
    markdown = _article_with(block)
    assert "](" not in markdown and markdown.count("Sentence 7") == 2


def test_a_captioned_list_of_links_is_content() -> None:
    markdown = _article_with(
        "<div><p class='caption'>User guide</p><ul><li><a href='/a'>Installing it on a new machine</a></li>"
        "<li><a href='/b'>Reading the tides of a station</a></li></ul></div>"
    )
    assert "User guide\n\n- [Installing it on a new machine](https://news.example.com/a)" in markdown


@pytest.mark.parametrize(
    "label",
    [
        "<h3>Delivery formats</h3>",  # a widget headed by its own heading
        "<p>Related stories</p>",  # a box of other stories
        "<p>Read these next:</p>",  # a line ending like a sentence's lead-in
    ],
)
def test_other_labelled_boxes_of_links_are_still_pruned(label: str) -> None:
    markdown = _article_with(
        f"<div>{label}<ul><li><a href='/a'>First other story on the site</a></li>"
        "<li><a href='/b'>Second other story on the site</a></li></ul></div>"
    )
    assert "other story" not in markdown


def test_a_box_around_a_list_with_words_of_its_own_is_not_taken_for_a_wrapper() -> None:
    markdown = _article_with(
        "<h2>Elsewhere</h2><div>More from us: <ul><li><a href='/a'>First other story on the site</a></li>"
        "<li><a href='/b'>Second other story on the site</a></li></ul></div>"
    )
    assert "other story" not in markdown


@pytest.mark.parametrize(
    "block",
    [
        '<pre class="prettyprint lang-js">var a = 1;\nvar b = 2;</pre>',  # Google Prettify ("print")
        '<div class="code-toolbar"><pre class="language-js"><code>var a = 1;\nvar b = 2;</code></pre>'
        '<div class="toolbar"><span>Copy</span></div></div>',  # Prism's toolbar ("toolbar")
        '<div class="snippet"><pre>var a = 1;\nvar b = 2;</pre></div>',  # a short block in a box
    ],
)
def test_a_short_code_block_is_content_whatever_its_box_is_called(block: str) -> None:
    markdown = _article_with(f"<p>Then:</p>{block}")
    assert "var a = 1;\nvar b = 2;\n```" in markdown
    assert "Copy" not in markdown


def test_a_list_of_links_the_text_leads_into_is_content() -> None:
    markdown = _article_with(
        "<p>The guides cover the three tasks of a new station, in this order:</p>"
        "<ul><li><a href='/install'>Installing</a></li><li><a href='/fit'>Fitting the constants</a></li>"
        "<li><a href='/predict'>Predicting</a></li></ul>"
    )
    assert "in this order:\n\n- [Installing](https://news.example.com/install)\n" in markdown
    short = _article_with(
        "<p>Currently, the guides are:</p>"
        "<ul><li><a href='/install'>Installing</a></li><li><a href='/fit'>Fitting the constants</a></li>"
        "<li><a href='/predict'>Predicting</a></li></ul>"
    )
    assert (
        "the guides are:\n\n- [Installing](https://news.example.com/install)\n" in short
    )  # a clause of 4 words
    for lead in ("Read the documents:", "Other resources include:"):  # and of 3
        three = _article_with(
            f"<p>{lead}</p><ul><li><a href='/install'>The plan</a></li><li><a href='/fit'>The budget</a></li>"
            "<li><a href='/predict'>Minutes</a></li></ul>"
        )
        assert f"{lead}\n\n- [The plan](https://news.example.com/install)\n" in three
    label = _article_with(
        "<p>You may also like:</p><ul><li><a href='/a'>Installing</a></li><li><a href='/b'>Fitting</a></li>"
        "<li><a href='/c'>Predicting</a></li></ul>"
    )
    assert "Installing" not in label  # a label of other stories leads into nothing


def _manual_page(section: str) -> str:
    html = (
        "<html><body><div id='header'><a href='/'>Docs home</a></div><div id='content'>"
        f"<div class='sect1'><h2>DESCRIPTION</h2><div class='sectionbody'><p>{SENTENCES}</p></div></div>"
        f"<div class='sect1'><h2>OPTIONS</h2><div class='sectionbody'><p>{SENTENCES}</p></div></div>"
        f"<div class='sect1'>{section}</div></div></body></html>"
    )
    return weblens.extract(html, "https://docs.example/manual/protocol.html").markdown


def test_a_line_of_references_under_its_heading_is_content() -> None:
    markdown = _manual_page(
        "<h2>REFERENCES</h2><div class='sectionbody'><div class='paragraph'><p>"
        "<a href='https://www.ietf.org/rfc/rfc1738.txt'>RFC 1738: Uniform Resource Locators (URL)</a>\n"
        "<a href='https://www.ietf.org/rfc/rfc2616.txt'>RFC 2616: Hypertext Transfer Protocol</a>"
        "</p></div></div>"
    )
    assert "[RFC 1738: Uniform Resource Locators (URL)](https://www.ietf.org/rfc/rfc1738.txt)" in markdown
    assert "## REFERENCES" in markdown


@pytest.mark.parametrize(
    "section",
    [
        # a menu's bars between the links
        "<h2>Party photos</h2><div><p><a href='/p/1'>Book party for a writer in town</a> | "
        "<a href='/p/2'>The music party in New York</a></p></div>",
        # a heading naming a box of other stories
        "<h2>Related stories</h2><div><p><a href='/p/1'>Book party for a writer in town</a>, "
        "<a href='/p/2'>The music party in New York</a></p></div>",
        # the page's own sections
        "<h2>Parts of this page</h2><div><p><a href='#a'>Book party for a writer in town</a>, "
        "<a href='#b'>The music party in New York</a></p></div>",
    ],
)
def test_other_lines_of_links_under_a_heading_are_still_pruned(section: str) -> None:
    markdown = _manual_page(section)
    assert "party" not in markdown and "Sentence 7" in markdown


TOC = (
    "<div class='toctree-wrapper'><ul>"
    "<li><a href='socket.html'>socket — Low-level networking interface</a></li>"
    "<li><a href='venv.html'>venv — Creation of virtual environments</a><ul>"
    "<li><a href='venv.html#creating'>Creating virtual environments</a></li>"
    "<li><a href='venv.html#api'>API</a></li></ul></li>"
    "<li><a href='zipapp.html'>zipapp — Manage executable Python zip archives</a></li></ul></div>"
)


def test_the_contents_of_the_pages_a_chapter_introduces_are_content() -> None:
    html = (
        "<html><body><nav><a href='/'>Home</a> <a href='/about'>About</a></nav><main><section>"
        "<h1>Software Packaging and Distribution</h1><p>These libraries help you with publishing and "
        "installing software. They can also be used with a local index server, or without one.</p>"
        f"{TOC}</section></main></body></html>"
    )
    result = weblens.extract(html, "https://docs.example/library/distribution.html")
    venv = "- [venv — Creation of virtual environments](https://docs.example/library/venv.html)"
    assert venv in result.markdown
    assert "  - [API](https://docs.example/library/venv.html#api)" in result.markdown
    assert "Home" not in result.markdown


def _man_section(name: str, body: str) -> str:
    return f"<div class='sect1'><h2>{name}</h2><div class='sectionbody'>{body}</div></div>"


def test_a_code_block_beside_the_prose_is_not_left_behind() -> None:
    sections = (
        _man_section("SYNOPSIS", "<div class='verseblock'><pre><em>tool merge-one-file</em></pre></div>")
        + _man_section(
            "DESCRIPTION",
            "<div class='paragraph'><p>This is the standard helper program to use with the merge index "
            "to resolve a merge after the trivial merge done with read-tree.</p></div>",
        )
        + _man_section(
            "TOOL", "<div class='paragraph'><p>Part of the <a href='tool.html'>tool(1)</a> suite</p></div>"
        )
    )
    html = (
        "<html><body><div id='header'><h1>tool-merge(1) Manual Page</h1></div>"
        f"<div id='content'>{sections}</div></body></html>"
    )
    markdown = weblens.extract(html, "https://docs.example/tool-merge.html").markdown
    assert "## SYNOPSIS\n\n```\ntool merge-one-file\n```" in markdown and "## DESCRIPTION" in markdown


def test_sections_that_hold_the_contents_of_their_pages_are_content() -> None:
    sections = "".join(
        f"<section><h2>Part {n} of the manual</h2><p>This part covers the objects of kind {n}.</p>"
        f"<div class='toctree-wrapper'><ul><li><a href='kind{n}.html'>Objects of kind {n}</a><ul>"
        f"<li><a href='kind{n}.html#making'>Making them</a></li></ul></li>"
        f"<li><a href='other{n}.html'>Other objects of kind {n}</a></li></ul></div></section>"
        for n in range(1, 4)
    )
    html = (
        "<html><body><nav><a href='/'>Home</a></nav><main><section><h1>Concrete objects</h1>"
        f"<p>{SENTENCES}</p>{sections}</section></main></body></html>"
    )
    markdown = weblens.extract(html, "https://docs.example/api/concrete.html").markdown
    for n in range(1, 4):
        assert f"## Part {n} of the manual" in markdown
        assert f"  - [Making them](https://docs.example/api/kind{n}.html#making)" in markdown


def test_a_list_a_short_clause_leads_into_is_content() -> None:
    markdown = _story(
        f"<h1>The url package</h1><p>{SENTENCES}</p><p>The package collects several modules for URLs:</p>"
        "<ul><li><a href='/request'>url.request</a> for opening and reading URLs</li>"
        "<li><a href='/parse'>url.parse</a> for parsing URLs</li></ul>"
    )
    assert "- [url.request](https://news.example.com/request) for opening and reading URLs" in markdown


def _listing_selection(cells: str) -> HtmlElement:
    return _selected_in_listing(f"<h1>Index – E</h1><table><tr>{cells}</tr></table>")


def _selected_in_listing(page_body: str) -> HtmlElement:
    """The content chosen when the page is scored as a list of links (the listing try)."""
    root = parse_html(f"<html><body>{page_body}</body></html>").root
    strip_junk(root)
    body = root.find("body")
    assert body is not None
    stats = gather_stats(body)
    return select_main(body, stats, clean_tree(body, stats), listing=True).element


def _column(first: int, subentries: int) -> str:
    """A column of an index: entries, each with its sub-entries (short links that cost)."""
    items = []
    for n in range(first, first + 30):
        subs = "".join(f"<li><a href='lib/s{n}{j}.html#x'>(in mod{j})</a></li>" for j in range(subentries))
        items.append(
            f"<li><a href='lib/mod{n}.html#e{n}'>entry{n} (in module mod{n})</a><ul>{subs}</ul></li>"
        )
    return f"<td><ul>{''.join(items)}</ul></td>"


def test_a_list_set_in_columns_of_a_table_is_taken_whole() -> None:
    # the third column has no sub-entries: alone it scores best, but it is a third of the index
    assert _listing_selection(_column(0, 2) + _column(30, 2) + _column(60, 0)).tag == "table"


def test_a_menu_column_beside_a_column_of_text_is_not_taken_with_it() -> None:
    menu = "<td><ul>" + "".join(f"<li><a href='/s{n}'>Section {n}</a></li>" for n in range(12)) + "</ul></td>"
    assert _listing_selection(f"{menu}<td><p>{SENTENCES}</p><p>{SENTENCES}</p></td>").tag == "td"


def _api_rows(described: bool) -> str:
    rows = "".join(
        f"<div class='item-row'><div class='item-left'><a href='struct.Heap{n}.html'>Heap{n}</a></div>"
        + (
            f"<div class='item-right'><p>A priority queue of kind {n}, kept as a binary heap.</p></div>"
            if described
            else ""
        )
        + "</div>"
        for n in range(4)
    )
    return f"<h2>Structs</h2><div class='item-table'>{rows}</div>"


def test_the_name_of_an_entry_stays_with_its_description() -> None:
    markdown = _story(f"<h1>Module collections</h1><p>{SENTENCES}</p>{_api_rows(True)}<p>{SENTENCES}</p>")
    assert (
        "[Heap2](https://news.example.com/2024/struct.Heap2.html)\n\nA priority queue of kind 2" in markdown
    )


def test_the_name_of_an_entry_stays_with_its_description_in_a_grid_of_cells() -> None:
    # javadoc's summaries: every name cell and description cell a sibling of the others
    cells = "".join(
        f"<div class='col-first row{n % 2}'><a href='Heap{n}.html'>Heap{n}</a></div>"
        f"<div class='col-last row{n % 2}'><div class='block'>A priority queue of kind {n}, kept as a binary "
        "heap.</div></div>"
        for n in range(4)
    )
    grid = f"<div class='summary-table'>{cells}</div>"
    page = f"<h1>Package collections</h1><p>{SENTENCES}</p>{grid}<p>{SENTENCES}</p>"
    markdown = _story(page)
    assert "[Heap2](https://news.example.com/2024/Heap2.html)\n\nA priority queue of kind 2" in markdown


def test_a_link_box_before_a_paragraph_is_no_name_of_it() -> None:
    page = (
        f"<h1>Package collections</h1><p>{SENTENCES}</p><div class='story'>"
        "<div class='nav'><a href='/home'>Home page</a></div><div class='text'><p>A priority queue of every "
        f"kind, kept as a binary heap.</p></div><div class='more'><p>{SENTENCES}</p></div></div>"
    )
    assert "Home page" not in _story(page)


def test_names_without_descriptions_are_still_pruned() -> None:
    markdown = _story(f"<h1>Module collections</h1><p>{SENTENCES}</p>{_api_rows(False)}<p>{SENTENCES}</p>")
    assert "Heap2" not in markdown


def _sitemap_selection(sections: str) -> HtmlElement:
    return _selected_in_listing(f"<h1>Site map</h1><div id='content'>{sections}</div>")


def _map_section(name: str, pages: int, *, long: bool = True, cls: str = "section") -> str:
    def entry(n: int) -> str:
        return f"The complete guide to the {name} part {n} of the manual" if long else f"{name} {n}"

    items = "".join(f"<li><a href='/{name}/{n}'>{entry(n)}</a></li>" for n in range(pages))
    return f"<div class='{cls}'><h2>{name.title()}</h2><ul>{items}</ul></div>"


def test_a_listing_set_in_several_alike_sections_is_taken_whole() -> None:
    # the sections of short entries cost alone; the scorer sees only the longest one
    short = _map_section("howto", 8, long=False) + _map_section("faq", 6, long=False)
    found = _sitemap_selection(_map_section("modules", 30) + short)
    assert found.get("id") == "content"


def test_a_section_of_a_listing_is_not_taken_with_unlike_boxes() -> None:
    found = _sitemap_selection(_map_section("modules", 30) + _map_section("howto", 8, long=False, cls="box"))
    assert found.get("class") == "section"


def test_a_nested_list_of_other_pages_after_the_text_is_still_pruned() -> None:
    # a menu with submenus: items link to other pages, never to the sections of their item's page
    markdown = _article_with(
        "<ul><li><a href='/news'>News of the town and the county</a><ul><li><a href='/news/sport'>"
        "Sport results</a></li><li><a href='/news/weather'>Weather</a></li></ul></li>"
        "<li><a href='/shop'>Shop for the paper's own books</a></li></ul>"
    )
    assert "Sport results" not in markdown and markdown.count("Sentence 7") == 2


@pytest.mark.parametrize("label", ["<p>Read more:</p>", "<p>Related stories from this site:</p>"])
def test_a_label_before_a_list_of_links_does_not_lead_into_it(label: str) -> None:
    markdown = _article_with(
        f"{label}<ul><li><a href='/a'>First other story on the site</a></li>"
        "<li><a href='/b'>Second other story on the site</a></li></ul>"
    )
    assert "other story" not in markdown


def test_a_page_without_a_container_falls_back_to_the_whole_text() -> None:
    result = weblens.extract("<html><body><a href='/a'>one</a> <a href='/b'>two</a></body></html>")
    assert result.extraction_method is ExtractionMethod.FALLBACK
    assert any("fallback" in warning for warning in result.warnings)


def test_select_main_reports_density_for_a_clear_article() -> None:
    root = parse_html(
        f"<html><body><nav><a href='/'>x</a></nav><div><p>{SENTENCES}</p></div></body></html>"
    ).root
    strip_junk(root)
    body = root.find("body")
    assert body is not None
    stats = gather_stats(body)
    selection = select_main(body, stats, clean_tree(body, stats))
    assert selection.method is ExtractionMethod.DENSITY
    assert selection.element.tag == "div"


def _block(chars: int, link_chars: int = 0, stops: int = 1, tag: str = "p", ellipsis: bool = False) -> Block:
    el = parse_html(f"<{tag}>x</{tag}>").root.find(f".//{tag}")
    assert el is not None
    return Block(el, 0, -1, 0, chars=chars, link_chars=link_chars, sentences=stops > 0, ellipsis=ellipsis)


def test_block_weights_order_prose_above_chrome() -> None:
    prose = block_weight(_block(400, 20))
    mixed = block_weight(_block(200, 90))
    menu = block_weight(_block(40, 40, stops=0, tag="li"))
    short_line = block_weight(_block(12, 0, stops=0, tag="div"))
    assert prose > mixed > 0 > short_line
    assert menu < 0
    assert block_weight(_block(200, 0, ellipsis=True)) <= 0
    assert block_weight(_block(200, 0), teaser=True) < 0
    assert block_weight(_block(0)) == 0
    assert block_weight(_block(10, 0, stops=0, tag="td")) > 0
    assert block_weight(_block(20, 0, stops=0, tag="li")) > 0  # a list item, a subheading: not a label
    assert block_weight(_block(20, 20, stops=0, tag="p")) < 0


def test_near_copies_of_the_title_and_leading_labels_are_dropped() -> None:
    html = (
        "<html><head><title>HS Roundup: Viera beats Rockledge to stay unbeaten</title></head><body><article>"
        "<div class='kicker'>Girls basketball</div>"
        "<p>High School Roundup: Viera beats Rockledge to stay unbeaten</p>"
        f"<p>{SENTENCES}</p><p>{SENTENCES}</p></article></body></html>"
    )
    text = weblens.extract(html).text
    assert text.startswith("Sentence 0 adds")
    assert "Roundup" not in text and "Girls basketball" not in text


def test_encyclopedia_page(page: PageLoader) -> None:
    text = weblens.extract(page("encyclopedia.html")).text
    assert "The brook trout is a species of freshwater fish" in text
    assert "\n\nRange\n\n" in text
    assert "northern Georgia." in text
    for junk in ("[edit]", "Random article", "Contents", "Categories", "Whitewater", "last edited"):
        assert junk not in text, junk


def test_docs_page_keeps_code_and_tables(page: PageLoader) -> None:
    text = weblens.extract(page("docs_page.html")).text
    assert 'client = Client(timeout=10, retries=3)\nclient.get("/items")' in text
    assert "timeout | 10" in text
    assert "Retries only apply to idempotent requests" in text
    assert "Navigation" not in text and "Sphinx" not in text


def test_layout_table_page_with_br_paragraphs(page: PageLoader) -> None:
    text = weblens.extract(page("layout_table.html")).text
    assert "six hours until the road turned to gravel.\n\nThe first lake" in text
    assert text.endswith("with better boots.")
    assert "Guestbook" not in text and "Visitors" not in text


def test_comments_are_included_when_asked_for(page: PageLoader) -> None:
    html = page("news_article.html").replace(b"<h3>12 comments</h3>", b"<h3>Comments</h3>")
    with_comments = weblens.extract(html, options=ExtractOptions(include_comments=True)).text
    assert "Comments" in with_comments
    assert "COMMENT-TEXT Finally!" in with_comments
    assert "The harbour bridge, closed since March" in with_comments
    assert "COMMENT-TEXT" not in weblens.extract(html).text


def test_a_slideshow_keeps_its_captions() -> None:
    slides = "".join(
        f"<figure><img src='/s{i}.jpg'><figcaption>Slide {i}: a costume made from a cardboard box, "
        "tape and paint, in under an hour.</figcaption></figure>"
        for i in range(12)
    )
    text = weblens.extract(f"<html><body><div class='slides'>{slides}</div></body></html>").text
    assert "Slide 0: a costume" in text and "Slide 11: a costume" in text


def test_a_kept_list_keeps_its_bare_link_items() -> None:
    items = [
        "<li><a href='/a'>Writing for publication in professional journals</a>, a guide by the press office,"
        " with worked examples of letters to editors and their replies, notes on how long a reply may be,"
        " and a checklist of what an editor looks for before printing a letter from a reader.</li>",
        "<li><a href='/b'>Effective briefings (local copy)</a></li>",
        "<li><a href='/c'>Speaking to the media after an incident, a short course</a> with notes for"
        " spokespeople on what to say first and what never to say at all, how to correct a mistake on"
        " air, and how to end an interview politely when the questions stray from the incident.</li>",
        "<li><a href='/d'>Fallacies in logic, a glossary of forty common errors</a></li>",
    ]
    html = (
        "<html><body><nav><a href='/'>Home</a> <a href='/x'>About</a></nav><div id='main'>"
        f"<p>{SENTENCES}</p><p><b>Guides</b></p><ul>{''.join(items)}</ul><p><b>Courses</b></p>"
        f"<p>{SENTENCES}</p></div></body></html>"
    )
    result = weblens.extract(html, "https://example.com/guide")
    titles = ("Writing for publication", "Effective briefings", "Speaking to the media", "Fallacies in logic")
    for title in titles:
        assert title in result.text
    assert result.markdown.count("\n- ") == 4 and "- [Effective briefings (local copy)](" in result.markdown


def test_a_catalogue_keeps_the_short_text_of_its_cells() -> None:
    # title and price wrapped in a <center> or <div> in a cell: short lines without a sentence,
    # which cost elsewhere, are the cell's text here; a cell's menu of links still goes
    rows = "".join(
        f"<tr><td><center><b>Manual {n}</b><p>US${90 + n}</p></center></td>"
        f"<td>A worn but complete manual for slide rule number {n}, with its original"
        " dust jacket and every page of the worked examples still in place.</td>"
        f"<td><div><a href='/o{n}'>Order</a> <a href='/a{n}'>Ask</a></div></td></tr>"
        for n in range(1, 6)
    )
    html = (
        "<html><body><nav><a href='/'>Home</a> <a href='/x'>About</a></nav><div id='main'>"
        f"<p>{SENTENCES}</p><table>{rows}</table></div></body></html>"
    )
    result = weblens.extract(html, "https://example.com/books")
    for n in range(1, 6):
        assert f"| **Manual {n}**<br>US${90 + n} | A worn but complete manual" in result.markdown
    assert "Order" not in result.text


def test_an_unclosed_named_anchor_does_not_make_the_article_a_list_of_links() -> None:
    # old pages open <a name="section"> targets and never close them: the parser puts everything
    # after it inside the <a>; a target without href is not a link, so its text is not link text
    menu = "".join(f'<li><a href="/section-{n}">Section number {n} of the guide</a></li>' for n in range(12))
    paragraphs = "".join(
        f"<p>Paragraph {n} of the documentation explains how the register is organised, which species"
        " it covers and how the categories are assigned by the assessors.</p>"
        for n in range(10)
    )
    html = (
        "<html><head><title>Guide</title></head><body><table><tr>"
        f"<td><ul>{menu}</ul></td>"
        f'<td><h2>Introduction</h2><a name="introduction"><p>The register is published online.</p>'
        f"{paragraphs}</td></tr></table></body></html>"
    )
    page = weblens.extract(html, "https://example.org/guide")
    assert "Paragraph 9 of the documentation" in page.text
    assert "Paragraph 0 of the documentation" in page.text
    assert "Section number 3" not in page.text


def test_questions_whose_headings_link_back_to_the_contents_keep_their_answers() -> None:
    answers = "".join(
        f"<section id='q{n}'><h3><a class='toc-backref' href='#id{n}'>How do I do task {n} here?</a>"
        f"<a class='headerlink' href='#q{n}'>¶</a></h3><p>In general, try <a href='/lib/copy.html'>"
        f"copy.copy()</a> for task {n}; not all objects can be copied, but most can.</p>"
        f"<pre>tool{n} --run</pre></section>"
        for n in range(6)
    )
    toc = "".join(f"<li><a id='id{n}' href='#q{n}'>How do I do task {n} here?</a></li>" for n in range(6))
    html = (
        "<html><body><nav><a href='/'>Home</a></nav><main><section><h1>Programming FAQ</h1>"
        f"<p>{SENTENCES}</p><ul>{toc}</ul>{answers}</section></main></body></html>"
    )
    page = weblens.extract(html, "https://docs.example/faq/programming.html")
    for n in range(6):
        assert f"### How do I do task {n} here?\n\nIn general, try [copy.copy()]" in page.markdown
        assert f"tool{n} --run" in page.text


def test_the_second_try_never_takes_the_page_footer_for_the_post() -> None:
    items = "".join(f"<li><a href='/faq/{n}.html'>Questions about part {n}</a></li>" for n in range(8))
    html = (
        "<html><body><div class='related'><a href='/'>Docs</a></div><div class='body'>"
        f"<h1>Frequently Asked Questions</h1><ul>{items}</ul></div><div class='footer'>"
        "© Copyright 2001-2026, the Foundation. This page is licensed under the Foundation License "
        "Version 2. Examples, recipes and other code in the documentation are additionally licensed. "
        "See History and License for more information. The Foundation is a non-profit corporation and "
        "relies on donations. Last updated on October 07, 2026. Created using a documentation generator."
        "</div></body></html>"
    )
    page = weblens.extract(html, "https://docs.example/faq/index.html")
    assert "- [Questions about part 3](https://docs.example/faq/3.html)" in page.markdown
    assert "Copyright" not in page.markdown and page.outcome is not Outcome.OK


def test_a_chapter_table_of_contents_set_as_a_definition_list_is_content() -> None:
    entries = "".join(
        f"<dt><span class='sect1'><a href='part{n}.html'>7.{n}. Part {n} of the chapter</a></span></dt>"
        f"<dd><dl><dt><span class='sect2'><a href='part{n}.html#S{n}'>7.{n}.1. Its first section</a>"
        "</span></dt></dl></dd>"
        for n in range(1, 5)
    )
    html = (
        "<html><body><div class='navheader'><a href='prev.html'>Prev</a> <a href='next.html'>Next</a></div>"
        "<div class='chapter'><div class='titlepage'><h2>Chapter 7. Queries</h2></div><div class='toc'>"
        f"<p><strong>Table of Contents</strong></p><dl class='toc'>{entries}</dl></div>"
        "<p>The previous chapters explained how to create tables and fill them with data. Now we discuss "
        "how to retrieve the data from the database.</p></div></body></html>"
    )
    markdown = weblens.extract(html, "https://docs.example/manual/queries.html").markdown
    assert "[7.3. Part 3 of the chapter](https://docs.example/manual/part3.html)" in markdown
    assert "[7.3.1. Its first section](https://docs.example/manual/part3.html#S3)" in markdown
    assert "Prev" not in markdown


def test_a_chapter_whose_contents_outweigh_its_prose_is_not_left_for_its_table() -> None:
    entries = "".join(
        f"<li><a href='type{n}.html'>8.{n}. Data type number {n}</a><ul>"
        f"<li><a href='type{n}.html#A'>8.{n}.1. Its input syntax</a></li>"
        f"<li><a href='type{n}.html#B'>8.{n}.2. Its output syntax</a></li></ul></li>"
        for n in range(1, 16)
    )
    rows = "".join(f"<tr><td>type{n}</td><td>t{n}</td><td>a value of kind {n}</td></tr>" for n in range(30))
    html = (
        "<html><body><div class='chapter'><h2>Chapter 8. Data Types</h2>"
        f"<div class='toc'><ul>{entries}</ul></div>"
        "<p>The system has a rich set of data types available to users. Users can add new types.</p>"
        f"<p>{SENTENCES}</p>"
        f"<div class='table'><p>Table 8.1. Data Types</p><table><tr><th>Name</th><th>Alias</th>"
        f"<th>Description</th></tr>{rows}</table></div></div></body></html>"
    )
    markdown = weblens.extract(html, "https://docs.example/manual/datatype.html").markdown
    assert "## Chapter 8. Data Types" in markdown and "rich set of data types" in markdown
    assert "| type29 | t29 | a value of kind 29 |" in markdown


def test_a_chapter_table_of_contents_above_its_first_section_is_not_left_behind() -> None:
    entries = "".join(
        f"<dt><a href='part{n}.html'>12.{n}. Part {n} of the chapter</a></dt>"
        f"<dd><dl><dt><a href='part{n}.html#s{n}'>12.{n}.1. Its first section</a></dt></dl></dd>"
        for n in range(2, 6)
    )
    section = "".join(f"<div class='para'>{SENTENCES} Paragraph {n}.</div>" for n in range(6))
    html = (
        "<html><body><ul class='docnav'><li><a href='prev.html'>Prev</a></li></ul>"
        "<div class='chapter'><div class='titlepage'><h2>Chapter 12. Advanced Administration</h2></div>"
        f"<div class='toc'><dl class='toc'>{entries}</dl></div>"
        f"<div class='section'><h2>12.1. Storage</h2>{section}</div></div></body></html>"
    )
    markdown = weblens.extract(html, "https://docs.example/manual/advanced.html").markdown
    assert "[12.4. Part 4 of the chapter](https://docs.example/manual/part4.html)" in markdown
    assert "## 12.1. Storage" in markdown and "Paragraph 5." in markdown and "Prev" not in markdown


def test_a_numbered_list_of_references_in_its_own_section_is_content() -> None:
    refs = "".join(
        f"<li><p><a id='{n}'></a>[{n}] <a href='https://papers.example/{n}.pdf'><em>Paper number {n} on "
        "testing</em>. A publisher.</a></p></li>"
        for n in range(1, 5)
    )
    sections = "".join(
        _man_section(f"Part {n}", f"<div class='paragraph'><p>{SENTENCES}</p></div>") for n in range(3)
    )
    references = _man_section("References", f"<div class='ulist'><ul>{refs}</ul></div>")
    html = f"<html><body><div id='content'>{sections}{references}</div></body></html>"
    markdown = weblens.extract(html, "https://docs.example/manual/bisect.html").markdown
    assert "## References" in markdown and "(https://papers.example/4.pdf)" in markdown


def test_the_descent_never_goes_into_what_cleaning_removed() -> None:
    toc = "".join(
        f"<li><a href='mod{n}.html'>mod{n} — Services of kind {n}</a><ul>"
        f"<li><a href='mod{n}.html#use'>Using kind {n}</a></li></ul></li>"
        for n in range(6)
    )
    html = (
        "<html><body><div class='document'><div class='body'><section><h1>Unix Specific Services</h1>"
        "<p>The modules described in this chapter provide interfaces to features of the system. Here is "
        f"an overview:</p><div class='toctree-wrapper'><ul>{toc}</ul></div></section></div></div>"
        "<div class='footer'>© Copyright 2001-2026, the Foundation. This page is licensed under the "
        "Foundation License Version 2. Examples and recipes in the documentation are additionally "
        "licensed. The Foundation is a non-profit corporation. Please donate. Last updated on October "
        "07, 2026. Found a bug? Created using a documentation generator.</div></body></html>"
    )
    markdown = weblens.extract(html, "https://docs.example/library/unix.html").markdown
    assert "- [mod3 — Services of kind 3](https://docs.example/library/mod3.html)" in markdown
    assert "Copyright" not in markdown


def test_a_labelled_list_of_terms_alone_is_a_list() -> None:
    entries = "".join(
        f"<dt><span class='sect1'><a href='auth{n}.html'>21.{n}. Authentication method {n}</a></span></dt>"
        for n in range(1, 7)
    )
    html = (
        "<html><body><div class='chapter'><h2>Chapter 21. Client Authentication</h2><div class='toc'>"
        f"<p><strong>Table of Contents</strong></p><dl class='toc'>{entries}</dl></div><p>{SENTENCES}</p>"
        "</div></body></html>"
    )
    markdown = weblens.extract(html, "https://docs.example/manual/client-authentication.html").markdown
    assert "[21.4. Authentication method 4](https://docs.example/manual/auth4.html)" in markdown


def test_a_link_set_in_code_is_a_name_of_the_text_not_a_link() -> None:
    root = parse_html(
        "<html><body><p>Call <a href='/api#f'><code>fit()</code></a> or "
        "<code><a href='/api#g'>load</a></code> first, then <a href='/next'>read on</a>.</p></body></html>"
    ).root
    body = root.find("body")
    assert body is not None
    stats = gather_stats(body)
    assert stats.links[stats.index[body.find("p")]] == len("read on")


def test_a_class_page_keeps_its_summary_of_members_beside_their_details() -> None:
    """An API page's summary names every member with a link in code, and the types of its
    signatures link to their own pages: names of the text, which must not make the summary cost
    so much that only the details win."""
    types = "".join(f"<code><a href='https://api.example/T{n}.html'>Type{n}</a></code>, " for n in range(12))
    rows = "".join(
        f"<div class='col-first'><code><a href='https://api.example/R{n}.html'>Result{n}</a></code></div>"
        f"<div class='col-second'><code><a href='#member{n}()'>member{n}</a>(<a href='https://api.example/"
        f"A{n}.html'>Argument{n}</a>&nbsp;value)</code></div>"
        f"<div class='col-last'><div class='block'>Returns the result number {n} for the value.</div></div>"
        for n in range(8)
    )
    details = "".join(
        f"<section class='detail'><h3>member{n}</h3><div class='signature'>public Result{n} "
        f"member{n}(Argument{n} value)</div><div class='block'>Works out result number {n} of the value "
        "it is given and "
        "returns it to the caller, who owns it from then on.</div></section>"
        for n in range(8)
    )
    html = (
        "<html><body><nav><ul><li><a href='/'>Overview</a></li><li><a href='/tree'>Tree</a></li></ul></nav>"
        f"<main><h1>Class Gauge</h1><div class='description'>All known types: {types}</div>"
        "<div class='block'>A gauge reads the level of the water at one place and keeps its record.</div>"
        f"<section class='summary'><h2>Method Summary</h2><div class='summary-table'>{rows}</div></section>"
        f"<section class='details'><h2>Method Details</h2>{details}</section></main></body></html>"
    )
    text = weblens.extract(html, "https://api.example/Gauge.html").text
    assert "Returns the result number 3 for the value." in text
    assert "A gauge reads the level of the water" in text
    assert "Works out result number 7" in text


def test_a_short_line_all_in_code_is_a_name_of_the_text_not_a_label() -> None:
    """An API summary's cells of a type alone (``<code>void</code>``) are short lines without a
    sentence, as a menu's labels are; set in code they are the text's own and stay beside the
    members they type."""
    rows = "".join(
        f"<div class='col-first'><code>{kind}</code></div>"
        f"<div class='col-last'>Pours {n} litres of water into the tank and waits for it to settle.</div>"
        for n, kind in enumerate(("void", "boolean", "int", "long"))
    )
    html = (
        f"<html><body><main><h1>Class Tank</h1><div class='summary'>{rows}</div>"
        f"<p>{SENTENCES}</p></main></body></html>"
    )
    text = weblens.extract(html, "https://api.example/Tank.html").text
    assert "boolean" in text and "void" in text and "Pours 3 litres" in text


def _entry_page(part: str) -> str:
    entry = (
        "<div class='entry'><h3>tank_fill ()</h3><p>Fills the tank up to the level given and waits "
        "until the water settles before it returns to the caller.</p>"
        f"{part}</div>"
    )
    body = f"<main><h1>Tanks</h1><p>{SENTENCES}</p>{entry * 3}<p>{SENTENCES}</p></main>"
    return f"<html><body>{body}</body></html>"


def test_an_entry_part_under_a_label_heading_stays_short_as_it_is() -> None:
    part = "<div class='part'><a name='tank-fill.returns'></a><h4>Returns</h4>"
    part += "<p>the new <a href='#Tank'>Tank</a></p></div>"
    text = weblens.extract(_entry_page(part), "https://api.example/tanks.html").text
    assert text.count("the new Tank") == 3


def test_a_label_heading_over_links_still_costs() -> None:
    part = (
        "<div class='part'><h4>Categories</h4><p><a href='/c/1'>Tanks</a> <a href='/c/2'>Water</a></p></div>"
    )
    text = weblens.extract(_entry_page(part), "https://api.example/tanks.html").text
    assert "Categories" not in text


def test_a_short_index_of_entries_is_read_whole_as_a_listing() -> None:
    """A class's list of members (a table of a signature and the class it comes from per row, links
    throughout) is shorter than a thin page; the first try keeps the one row with the most words of
    its own, the listing try the whole table: it is taken when it finds several times more."""
    arguments = [
        "()",
        "(int n)",
        "() const",
        "(const Reference_index &ih, const Level &level, int depth) const",
    ]
    rows = "".join(
        f"<tr><td><a href='Tank.html#m{n}'>member{n}</a>{arguments[n % 4]}</td>"
        f"<td><a href='{owner}.html'>example::{owner}FunctionBase&lt; T &gt;</a></td>"
        "<td><span class='label'>inline</span></td></tr>"
        for n, owner in enumerate(("Tank", "Vessel", "Tank", "Base", "Vessel", "Tank", "Base", "Tank"))
    )
    html = (
        "<html><body><div class='nav'><a href='/'>Main page</a> <a href='/classes'>Classes</a></div>"
        "<div class='contents'><p>This is the complete list of members for <a href='Tank.html'>Tank</a>.</p>"
        f"<table class='directory'>{rows}</table></div></body></html>"
    )
    text = weblens.extract(html, "https://api.example/Tank-members.html").text
    assert all(f"member{n}{arguments[n % 4]}" in text for n in range(8))
    assert "Main page" not in text


def test_a_member_list_is_the_table_not_its_longest_cell() -> None:
    owner = "<a href='ring.html'>tidelib::containers::Ring</a>"
    rows = "".join(
        f"<tr><td><a href='ring.html#m{n}'>{name}</a>({args})</td><td>{owner}</td><td>inline</td></tr>"
        for n, (name, args) in enumerate(
            (
                ("push", "double sample"),
                ("pop", ""),
                ("size", ""),
                ("clear", ""),
                ("full", ""),
                (
                    "Ring",
                    "const size_t &capacity, const double &fill, const Policy &policy, const Clock &clock, "
                    "const Allocator &allocator, const Sink &overflow_sink, const Tag &debug_tag",
                ),
            )
        )
    )
    html = (
        "<html><body><div id='nav'><a href='/'>Main page</a> <a href='/classes'>Classes</a></div>"
        f"<div class='contents'><p>This is the complete list of members for {owner}, "
        f"including all inherited members.</p><table class='directory'>{rows}</table></div></body></html>"
    )
    page = weblens.extract(html, "https://docs.example/ring-members.html")
    assert "complete list of members" in page.text
    for name in ("push", "pop", "size", "const Clock &clock"):
        assert name in page.text
    owner_md = "[tidelib::containers::Ring](https://docs.example/ring.html)"
    assert f"| [pop](https://docs.example/ring.html#m1)() | {owner_md} |" in page.markdown


OWN_PAGES = (
    "<li><a href='/2024/other-story-about-kettles'>Another story on the site about kettles</a></li>"
    "<li><a href='/2024/other-story-about-ovens'>Another story on the site about ovens</a></li>"
)


@pytest.mark.parametrize(
    ("block", "kept"),
    [
        # a manual's note (Sphinx's "seealso" admonition), set in the running text
        (
            "<div class='admonition seealso'><p class='admonition-title'>See also</p>"
            "<p><a href='/docs/pooling.html#recycle'>Setting the pool's recycle time</a></p></div>",
            "[Setting the pool's recycle time](https://news.example.com/docs/pooling.html#recycle)",
        ),
        # an API entry's "See Also:" term and its pointer
        (
            "<dl><dt>See Also:</dt><dd><a href='/api/load'>The load method of the tank class</a></dd></dl>",
            "[The load method of the tank class](https://news.example.com/api/load)",
        ),
        # in another language, with an empty anchor before the list
        (
            "<p>Voir aussi</p><a name='voir'></a><ul>" + OWN_PAGES + "</ul>",
            "- [Another story on the site about ovens](",
        ),
    ],
)
def test_the_documents_own_cross_references_are_content(block: str, kept: str) -> None:
    markdown = _article_with(block)
    assert kept in markdown and markdown.count("Sentence 7") == 2


def test_a_line_pointing_elsewhere_between_short_paragraphs_is_content() -> None:
    # rustdoc's module page: the line is all link, the paragraphs beside it too short to be prose
    markdown = _story(
        "<p>Constants for the 32-bit signed integer type.</p>"
        "<p><em><a href='/api/primitive.i32.html'>See also the <code>i32</code> primitive type</a>.</em></p>"
        "<p>New code should use the associated constants directly on the primitive type.</p>"
        f"<p>{SENTENCES}</p>"
    )
    assert (
        "*[See also the `i32` primitive type](https://news.example.com/api/primitive.i32.html).*" in markdown
    )


def test_an_encyclopedias_see_also_section_at_the_end_of_the_article_is_content() -> None:
    markdown = _story(
        f"<p>{SENTENCES}</p><h2>History</h2><p>{SENTENCES}</p><h2>See also</h2><ul>{OWN_PAGES}</ul>"
    )
    assert "## See also\n\n- [Another story on the site about kettles](" in markdown


@pytest.mark.parametrize(
    "label", ["<h2>Related stories</h2>", "<p>Read more</p>", "<h3>You might also like</h3>"]
)
def test_a_box_of_the_sites_other_stories_under_another_label_still_goes(label: str) -> None:
    markdown = _article_with(f"<div>{label}<ul>{OWN_PAGES}</ul></div>")
    assert "Another story" not in markdown and markdown.count("Sentence 7") == 2


LEAD = "The following issues of the annual report are available online:"


@pytest.mark.parametrize(
    "block",
    [
        # the clause set inline in an item, an empty paragraph between it and its nested list
        f"<ul><li>Oven users: the manual that came with the oven answers most questions, and the shop "
        f"that sold it answers the rest, so please ask them first.</li><li><a href='/kettles'>Kettles</a> "
        f"users: before writing to us, please consult the guides and the updates:<p></p><ul>{OWN_PAGES}</ul>"
        f"</li></ul>",
        # the clause after a line break, in the same box as the list
        f"<div>Some words of a box.<br>{LEAD}<ul>{OWN_PAGES}</ul></div>",
        # a paragraph leading into a layout table that sets the list in two columns
        f"<p>{LEAD}</p><table><tr><td><ul>{OWN_PAGES}</ul></td><td><ul>{OWN_PAGES}</ul></td></tr></table>",
    ],
)
def test_a_list_of_links_led_into_over_a_break_or_in_columns_is_content(block: str) -> None:
    markdown = _article_with(block)
    assert "- [Another story on the site about kettles](" in markdown, markdown
    assert markdown.count("Sentence 7") == 2


@pytest.mark.parametrize(
    "block",
    [
        # a label after a line break, however long the text before the break
        f"<div>{LEAD[:-1]}.<br><b>Related stories:</b><ul>{OWN_PAGES}</ul></div>",
        # a layout table of lists in columns that nothing leads into
        f"<table><tr><td><ul>{OWN_PAGES}</ul></td><td><ul>{OWN_PAGES}</ul></td></tr></table>",
        # a table of lists whose cells hold words of their own besides
        f"<p>{LEAD}</p><table><tr><td>More:<ul>{OWN_PAGES}</ul></td></tr></table>",
    ],
)
def test_a_list_of_links_nothing_leads_into_still_goes(block: str) -> None:
    markdown = _article_with(block)
    assert "Another story" not in markdown and markdown.count("Sentence 7") == 2


@pytest.mark.parametrize(
    ("box", "kept"),
    [
        # Sphinx's flat toctree: the pages of the section, after the paragraph introducing them
        ("<div class='toctree-wrapper compound'><ul>{}</ul></div>", True),
        ("<ul class='toc'>{}</ul>", True),
        # the same list in a box named for nothing: a box of other stories
        ("<div class='wrapper'><ul>{}</ul></div>", False),
    ],
)
def test_a_flat_table_of_contents_of_other_pages_after_the_text_is_content(box: str, kept: bool) -> None:
    entries = "".join(
        f"<li><a href='/guides/{slug}.html'>{title}</a></li>"
        for slug, title in (
            ("install", "Installing the station software"),
            ("fit", "Fitting the harmonic constants"),
            ("predict", "Predicting the tides of a year"),
        )
    )
    markdown = _story(
        "<h1>How-to guides</h1><p>Here you will find short answers to the questions users ask most, "
        "each in a guide of its own.</p>" + box.format(entries)
    )
    assert (
        "- [Fitting the harmonic constants](https://news.example.com/guides/fit.html)" in markdown
    ) is kept


def test_a_flat_table_of_contents_of_the_pages_own_sections_still_goes() -> None:
    # an "on this page" list links to the page's own anchors: it repeats the headings
    entries = "".join(f"<li><a href='#{n}'>Section number {n} of this page</a></li>" for n in range(3))
    markdown = _story(f"<p>{SENTENCES}</p><div class='toc'><ul>{entries}</ul></div><p>{SENTENCES}</p>")
    assert "Section number" not in markdown


@pytest.mark.parametrize("heading", ["<h4>Table of Contents</h4>", "<h4>Our picks</h4>"])
def test_a_list_of_the_pages_own_sections_under_a_heading_goes(heading: str) -> None:
    # a buying guide's picks, each linked to its section of the page and to a shop: the page's own
    # contents, not a list of references under a heading
    entries = "".join(
        f"<li><a href='#{n}'><strong>Best for {name}</strong></a>: <a href='/p/{n}'>Bag {n}</a></li>"
        for n, name in enumerate(("Backpackers", "Car Campers", "Side Sleepers"))
    )
    markdown = _story(f"<p>{SENTENCES}</p>{heading}<ol>{entries}</ol><p>{SENTENCES}</p>")
    assert "Best for Car Campers" not in markdown
    notes = "".join(
        f"<li id='n{n}'><a href='#r{n}'>↑</a> Source number {n} of the story</li>" for n in range(3)
    )
    markdown = _story(f"<p>{SENTENCES}</p><h4>References</h4><ol>{notes}</ol>")
    assert "Source number 2 of the story" in markdown  # notes linking back by a mark stay


def test_a_header_cells_label_named_a_header_stays() -> None:
    # a shop's table of parameters: each row's header cell holds a label its class names a header
    rows = "".join(
        f"<tr><th><span class='row-header-label'>{key}<span>:</span></span></th><td>{value}</td></tr>"
        for key, value in (("Objem", "1,7 l"), ("Příkon", "2200 W"), ("Hmotnost", "1,28 kg"))
    )
    markdown = _story(f"<p>{SENTENCES}</p><h3>Parametry</h3><table class='detail-parameters'>{rows}</table>")
    assert "| Příkon: | 2200 W |" in markdown


def test_what_an_editor_wrote_above_and_below_a_listing_is_the_listings() -> None:
    # Drupal's view: its header and footer areas hold the editor's text around the table
    rows = "".join(
        f"<tr><td><a href='/people/{n}'>Person {n}</a></td><td>Professor</td><td>Tides; estuaries</td></tr>"
        for n in range(8)
    )
    view = (
        "<div class='view view-faculty'><div class='view-header'><p>The department brings together "
        "physical, chemical and biological oceanographers who work from the fjord to the open sea.</p></div>"
        f"<div class='view-content'><table>{rows}</table></div>"
        "<div class='view-footer'><h2>Emeritus faculty</h2>"
        "<p>Our emeritus professors remain active in the department's seminars and field courses.</p>"
        "</div></div>"
    )
    site = (
        "<div class='site-content'><main><h1>Faculty</h1>{view}</main></div>"
        "<div class='site-footer'><h2>About</h2>"
        "<p>The university was founded in 1911 and teaches eleven thousand students on two campuses.</p>"
        "</div>"
    )
    markdown = weblens.extract(f"<html><body>{site.format(view=view)}</body></html>", None).markdown
    assert "brings together" in markdown and "## Emeritus faculty" in markdown
    assert "founded in 1911" not in markdown


@pytest.mark.parametrize("label", ["External links", "Weblinks", "Liens externes"])
def test_an_encyclopedia_articles_external_links_are_its_own(label: str) -> None:
    # two links, mostly to one site and its forum: no list of resources by their number, but the
    # section the article's authors wrote under the encyclopedia's own label
    links = (
        "<ul><li><a href='https://notes.example.org'>Official website</a></li>"
        "<li><a href='https://forum.notes.example.org'>Notes Community Forum</a></li></ul>"
    )
    html = (
        f"<html><body><div id='content'><h1>Notes (software)</h1><p>{SENTENCES}</p><h2>History</h2>"
        f"<p>{SENTENCES}</p><h2>{label}</h2>{links}</div>"
        "<div class='catlinks'><a href='/wiki/Category:Software'>Software</a></div></body></html>"
    )
    markdown = weblens.extract(html, "https://wiki.example.org/wiki/Notes_(software)").markdown
    assert "- [Official website](https://notes.example.org)" in markdown
    assert "Notes Community Forum" in markdown


def test_an_article_set_in_blocks_named_widgets_is_not_left_for_its_headlines_box() -> None:
    """A block-based CMS names the article's blocks widgets (``class="article-widgets"``) inside a box
    named as the content, beside its headline's box (``class="article-titles"``): the headline and
    its byline, with no paragraph of prose and a fiftieth of the article's, are no short post beside
    a long sidebar. (Shaped as the real page it came from: a section's link above the headline.)"""
    blocks = "".join(
        f"<div class='text'><p>Romance novelists gathered with readers on day {day} to discuss writing "
        "and publishing, and three panels of authors spoke about their love of reading.</p></div>"
        "<div class='image-widget'><img src='/a.jpg' alt=''></div>"
        for day in range(40)
    )
    html = (
        "<html><head><title>Rom Con celebrates romance</title></head><body><div class='article-content'>"
        "<div class='article-section'><a href='/entertainment'>Entertainment</a></div>"
        "<div class='article-titles'><h1>Rom Con celebrates romance literature with its authors, readers and "
        "publishers in the Mother City at the weekend</h1>"
        "<div class='attribution'>Ann Lee<span>|</span><span>Published <time>4 months ago</time></span></div>"
        "</div>"
        f"<div class='widgets_article-widgets'>{blocks}</div></div>"
        "<footer><a href='/about'>About us</a></footer></body></html>"
    )
    page = weblens.extract(html, url="https://news.example/rom-con")
    assert page.text.count("Romance novelists gathered") == 40


def test_a_short_post_beside_a_long_sidebar_is_still_the_post() -> None:
    """The rule the test above bounds: a post named as the content, with a paragraph of prose."""
    post = (
        "<div id='content'><h1>Gmail invites</h1><p>I have a couple of Gmail invites to give away. If you "
        "want one, drop me a short note to tell me how you would use it, and I will send one along.</p></div>"
    )
    side = (
        "<p>A long story of the sidebar about the city council and its plans for a new park, told again.</p>"
    )
    html = f"<html><body>{post}<div class='sidebar-widget'>{side * 8}</div></body></html>"
    page = weblens.extract(html, url="https://blog.example/invites")
    assert "Gmail invites to give away" in page.text and "city council" not in page.text


@pytest.mark.parametrize(
    ("sentence", "stop"),
    [
        ("समस्तीपुर के बंगरा थाना क्षेत्र में पुलिस ने चोरी के मामले का खुलासा कर लिया है", "।"),  # Hindi
        ("পুলিশ গ্রামে চুরির ঘটনার তদন্ত শেষ করেছে এবং দুজনকে গ্রেপ্তার করেছে", "।"),  # Bengali
        ("پولیس نے گاؤں میں چوری کے معاملے کی تفتیش مکمل کر لی ہے اور دو افراد گرفتار", "۔"),  # Urdu
        ("ፖሊስ በመንደሩ ውስጥ የተፈጸመውን ስርቆት መርምሮ ሁለት ሰዎችን በቁጥጥር ስር አውሏል", "።"),  # Amharic
    ],
)
def test_a_paragraph_ended_by_another_scripts_full_stop_is_prose(sentence: str, stop: str) -> None:
    root = parse_html(
        f"<html><body><p>{sentence}{stop} {sentence}{stop}</p><p>{sentence}</p></body></html>"
    ).root
    body = root.find("body")
    assert body is not None
    stats = gather_stats(body)
    first, second = (stats.block(i) for i in range(len(stats)) if stats.nodes[i].tag == "p")
    assert first.sentences and not second.sentences


def test_a_table_of_data_deep_in_a_plugins_boxes_beside_its_caption_and_a_link_is_kept() -> None:
    # a fixtures table four boxes deep, its teams and results links, a caption and a "View all"
    # link beside it in one of the boxes: the boxes are looked into, the table judged as a table
    rows = "".join(
        f"<tr><td>{day} April</td><td><a href='/team/{home.lower()}/'>{home}</a></td>"
        f"<td><a href='/event/{home.lower()}-v-{away.lower()}/'>{score}</a></td>"
        f"<td><a href='/team/{away.lower()}/'>{away}</a></td></tr>"
        for day, home, score, away in (
            (6, "Harbourside", "3 - 1", "Saltmarsh"),
            (13, "Fenwick", "2 - 2", "Harbourside"),
            (20, "Harbourside", "0 - 4", "Quarry"),
        )
    )
    table = (
        f"<table><thead><tr><th>Date</th><th>Home</th><th>Result</th><th>Away</th></tr></thead>{rows}</table>"
    )
    boxes = (
        "<div class='sp-section-content'><div class='sp-template'><h4 class='sp-table-caption'>Fixtures</h4>"
        f"<div class='sp-table-wrapper'><div class='sp-scrollable-table-wrapper'>{table}</div></div>"
        "<div class='sp-view-all-link'><a href='/calendar/'>View all events</a></div></div></div>"
    )
    body = f"<p>{SENTENCES}</p><p>The club's results this spring:</p>{boxes}<p>{SENTENCES}</p>"
    markdown = weblens.extract(
        f"<html><body><main>{body}</main></body></html>", "https://club.example/"
    ).markdown
    assert "| 13 April | [Fenwick](https://club.example/team/fenwick/) | [2 - 2]" in markdown


def _releases_table() -> str:
    rows = "".join(
        f"<tr><td>{year}</td><td><a href='/discography/{slug}/'>{title}</a></td><td>{kind}</td>"
        f"<td><a href='https://label.example/'>Mudflat Records</a></td>"
        f"<td><a href='/shop/{slug}/'>Shop</a></td></tr>"
        for year, slug, title, kind in (
            (2023, "salt-lines", "Salt Lines", "LP"),
            (2020, "groyne", "Groyne", "EP"),
            (2018, "estuary", "The Estuary Sessions", "LP"),
            (2016, "weed", "Weed and Wrack", "Single"),
        )
    )
    head = "<tr><th>Year</th><th>Title</th><th>Format</th><th>Label</th><th>Buy</th></tr>"
    return f"<table class='tablepress'><thead>{head}</thead><tbody>{rows}</tbody></table>"


def test_a_table_of_links_under_a_header_row_in_a_box_of_its_own_beside_the_intro_is_kept() -> None:
    # a page builder sets each part in a widget of its own: the introduction, a table of releases
    # whose cells are mostly links (titles, the label, the shop), a closing line. The table's links
    # are its data: it costs nothing, so the box of all three parts wins, not the introduction's
    widget = "<div class='elementor-widget'><div class='elementor-widget-container'>{}</div></div>"
    parts = (
        widget.format(
            "<p>Everything we have put out since the first cassette in 2012. Titles link to the "
            "album pages with lyrics and credits; the label column links to the label.</p>"
        ),
        widget.format(f"<div class='elementor-shortcode'>{_releases_table()}</div>"),
        widget.format("<p>Digital copies are on our <a href='https://band.example/'>Bandcamp page</a>.</p>"),
    )
    html = (
        "<html><body><header><nav><ul><li><a href='/'>Home</a></li><li><a href='/tour/'>Tour</a></li>"
        "</ul></nav></header><article><h1>Discography</h1><div class='entry-content'>"
        f"<div class='elementor-widget-wrap'>{''.join(parts)}</div></div></article>"
        "<footer><p>Copyright 2024 The Band</p></footer></body></html>"
    )
    page = weblens.extract(html, "https://band.example/discography/")
    assert "| 2020 | [Groyne](https://band.example/discography/groyne/) | EP |" in page.markdown
    assert "Bandcamp page" in page.text


def test_a_table_of_data_beside_the_pages_article_stays_out() -> None:
    # a code host's list of a repository's files beside the README, which is the page's <article>
    box = f"<div class='Box'>{_releases_table()}</div>"
    html = (
        f"<html><body><main><div class='Layout-main'>{box}<div id='readme' class='Box'>"
        "<article class='markdown-body'><h1>tidekit</h1><p>tidekit predicts tides from harmonic constants. "
        "It fits the constituents to a record of sea levels and writes the heights as CSV.</p></article>"
        "</div></div></main></body></html>"
    )
    page = weblens.extract(html, "https://code.example/tidekit/")
    assert "Groyne" not in page.text and "tidekit" in page.markdown


@pytest.mark.parametrize("after", ["<div><ul>{}</ul></div>", "<ol>{}</ol>"])
def test_a_line_set_in_a_div_leading_into_a_list_is_kept(after: str) -> None:
    # Blogger (and Google Docs' exports) set every line of a post in a <div>: a short line leading
    # into the list after it with a colon costs as a short line would, yet it is the text's
    items = after.format("<li>Cherry rojo</li><li>Corazón de buey</li><li>Pera amarillo</li>")
    html = (
        "<html><body><div class='sidebar'><ul><li><a href='/a'>Archivo</a></li></ul></div>"
        f"<div class='post-body'><div>{SENTENCES}</div><div><br></div><div>Probé tres variedades:</div>"
        f"{items}<div>{SENTENCES}</div></div></body></html>"
    )
    page = weblens.extract(html, "https://huerto.example/2024/04/tomates.html")
    assert "Probé tres variedades:" in page.text and "Corazón de buey" in page.text


def test_a_line_naming_its_source_in_a_link_leading_into_a_quotation_is_kept() -> None:
    """A link post quotes what it links to after a line that names the source and ends with a
    colon: "Maya Okafor, writing for <a>The Archivist's Notebook</a>:" leads into the quotation."""
    html = (
        "<html><body><div class='sidebar'><ul><li><a href='/a'>Archive</a></li></ul></div>"
        f"<article><div class='post-content'><p>{SENTENCES}</p>"
        "<p>Maya Okafor, writing for <a href='https://notebook.example/'>The Archivist's Notebook</a>:</p>"
        "<blockquote><p>A quarter of the links in news articles published a decade ago lead nowhere.</p>"
        f"</blockquote><p>{SENTENCES}</p></div></article></body></html>"
    )
    page = weblens.extract(html, "https://blog.example/2024/06/link-rot/")
    assert "[The Archivist's Notebook](https://notebook.example/):" in page.markdown


def test_a_line_set_in_a_div_that_labels_a_list_of_links_is_still_pruned() -> None:
    # "Related:" leads into nothing of the text: a label over a box of other stories
    links = "".join(f"<li><a href='/p/{n}'>Another story number {n}</a></li>" for n in range(4))
    html = (
        f"<html><body><div class='post-body'><div>{SENTENCES}</div><div>{SENTENCES}</div>"
        f"<div>Related:</div><ul>{links}</ul></div></body></html>"
    )
    assert "Related:" not in weblens.extract(html, "https://huerto.example/p/9").text


def test_a_tables_status_line_and_a_countdown_are_no_text() -> None:
    # live regions report on the page (a sortable table's count of rows, a countdown to a sale):
    # chrome, as a tool bar is
    html = (
        f"<html><body><main><p>{SENTENCES}</p>{_releases_table()}"
        "<div class='dataTables_info' role='status' aria-live='polite'>Showing 1 to 4 of 4 entries</div>"
        f"<div role='timer'>Sale ends in 02:14:55</div><p>{SENTENCES}</p></main></body></html>"
    )
    text = weblens.extract(html, "https://band.example/discography/").text
    assert "Groyne" in text
    assert "Showing 1 to 4" not in text and "Sale ends" not in text


def test_the_region_a_page_declares_its_main_one_is_gone_into() -> None:
    """Beside a thread declared ``role="main"``: the community's description and rules in a side
    box, and a line of the server's; they hold prose, yet they are not the page's text."""
    side = (
        "<div class='side'><p>A place to get help with your bread. Post a crumb shot, your recipe and "
        "your process, and be nice to each other.</p><p>Include your recipe and your method in the "
        "post, with the flour, the water and the times.</p><p>Selling is not allowed here, nor are "
        "links to shops, and posts that do either are removed.</p></div>"
    )
    server = "<p class='debuginfo'>Rendered by server 22813 on host r2 at 08:14, running build 9a1b2c3.</p>"
    posts = "".join(f"<p>Post {n}. {SENTENCES}</p>" for n in range(3))
    main = f"<div class='content' role='main'>{posts}</div>"
    html = f"<html><body>{side}{main}{server}</body></html>"
    text = weblens.extract(html, "https://forum.example.com/r/bread/comments/1/loaf/").text
    assert text.count("Sentence 7") == 3
    assert "A place to get help" not in text and "Rendered by" not in text
    # without the declaration, nothing says which box is the page's
    undeclared = weblens.extract(html.replace(" role='main'", ""), "https://forum.example.com/x").text
    assert "Sentence 7" in undeclared


def test_a_short_post_in_the_declared_main_region_wins_over_prose_outside_it() -> None:
    """A short post (a picture and two lines) in the page's ``<main>``, and at the end of the body,
    outside it, a payment dialog whose notes are written in sentences: the post is the text."""
    post = (
        "<main><article><div id='article_content'><p><img src='/p.png' alt=''><br>"
        "Ecosystem service valuation with the SolVES model<br>Contact the writer for the data</p>"
        "</div></article></main>"
    )
    notes = "".join(
        f"<p>{n}. The balance is virtual currency topped up in the wallet, used one for one to pay.</p>"
        for n in range(1, 3)
    )
    dialog = f"<div class='pay-code'><div class='pay-balance'><div>Payment notes:</div>{notes}</div></div>"
    menu = "".join(f"<li><a href='/c{n}'>Column number {n}</a></li>" for n in range(4))
    html = f"<html><body><div class='container'><ul>{menu}</ul>{post}</div>{dialog}</body></html>"
    text = weblens.extract(html, "https://blog.example.com/u1/article/details/1").text
    assert "SolVES model" in text and "virtual currency" not in text
    # without the declaration, the notes' sentences outweigh the post's lines
    undeclared = weblens.extract(html.replace("<main>", "<div>").replace("</main>", "</div>"), None).text
    assert "virtual currency" in undeclared


def test_a_listing_reaching_outside_the_declared_main_region_is_not_the_text() -> None:
    """A short post in ``<main>``, a menu of a dozen links beside it: the post is too short to be an
    article, yet a listing of the menu and the post together reaches outside the region the page
    declares its main one."""
    post = (
        "<main><article><p>Ecosystem service valuation<br>Contact the writer for the data</p>"
        "</article></main>"
    )
    menu = "".join(f"<li><a href='/c{n}'>Column number {n}</a></li>" for n in range(12))
    html = f"<html><body><div class='container'><ul>{menu}</ul>{post}</div></body></html>"
    text = weblens.extract(html, "https://blog.example.com/u1/article/details/1").text
    assert "Ecosystem service valuation" in text and "Column number" not in text
    undeclared = weblens.extract(html.replace("<main>", "<div>").replace("</main>", "</div>"), None).text
    assert "Column number" in undeclared  # a page of links, then


def test_the_declared_main_region_is_gone_into_below_a_layouts_columns() -> None:
    """The region declared ``role="main"`` is one of a layout's two columns, and an alert over the
    whole page stands before it: the region holds most of the prose, so the text is the region's."""
    alert = (
        "<div class='alert-band' role='alert'><p>Alert: because of a strike, the campus restaurant "
        "will be closed on Thursday 5 December, and the cafeteria will close at two.</p></div>"
    )
    paragraphs = "".join(
        f"<p>Paragraph {n}: from 9 to 20 December the library stays open until midnight, Monday to "
        "Saturday, and the group rooms can be booked for two hours.</p>"
        for n in range(3)
    )
    side = "<aside class='side'><p><a href='/a'>A story</a></p><p><a href='/b'>Another</a></p></aside>"
    columns = f"<div class='columns'><div class='col-main' role='main'>{paragraphs}</div>{side}</div>"
    html = f"<html><body><a href='#c'>Skip to content</a>{alert}{columns}</body></html>"
    text = weblens.extract(html, "https://www.univ.example.fr/actualites/bu").text
    assert "Paragraph 2" in text and "because of a strike" not in text


def test_a_dated_short_notice_beside_a_column_of_other_notices_is_the_notice() -> None:
    """A parish's summer mass times (its date declared), and beside it a column of other notices,
    each a linked title over a sentence: the notice is the text, not a listing of them all."""
    notice = (
        "<div id='content'><div class='item-page'><p>During July and August the masses are held "
        "at the following times:</p><ul><li>Saturday, at 7 pm, in the main church</li><li>Sunday, "
        "at 9.30 am, in the chapel</li><li>Sunday, at 11 am, in the main church</li></ul><p>The "
        "weekday evening mass is suspended until the first of September.</p></div></div>"
    )
    others = "".join(
        f"<li><a href='/notices/{n}'>Notice number {n} of the parish</a><p>Registration for "
        f"activity {n} runs from the second to the twentieth of September, in the parish office.</p></li>"
        for n in range(5)
    )
    side = f"<div class='col-side'><h3>Other notices</h3><ul class='latestnews'>{others}</ul></div>"
    head = (
        "<head><title>Summer mass times</title>"
        "<meta property='article:published_time' content='2024-06-28T10:00:00+01:00'></head>"
    )
    menu = "".join(f"<li><a href='/s{n}'>Parish council and pastoral service {n}</a></li>" for n in range(10))
    body = f"<nav><ul>{menu}</ul></nav><h2>Summer mass times</h2><div class='row'>{notice}{side}</div>"
    html = f"<html>{head}<body>{body}</body></html>"
    text = weblens.extract(html, "https://parish.example.pt/notices/summer-masses").text
    assert "suspended until the first of September" in text and "Registration for activity" not in text
    # undated, nothing says the page is a story's: its notices may be a listing
    undated = html.replace("<meta property='article:published_time' content='2024-06-28T10:00:00+01:00'>", "")
    assert "Registration for activity" in weblens.extract(undated, None).text


def _impl(signature: str, description: str) -> str:
    """One entry of an API reference's list: its "source" link, its signature (a code heading) and a
    line of description."""
    return (
        "<details class='toggle method-toggle' open><summary><section class='method'>"
        f"<a class='src' href='/src/ring.rs.html#1'>source</a><h4 class='code-header'>{signature}</h4>"
        f"</section></summary><div class='docblock'><p>{description}</p></div></details>"
    )


def test_a_section_under_its_anchored_heading_is_kept_though_its_links_cost() -> None:
    """An API reference's "Trait Implementations": each signature beside its "source" link costs more
    than its one line of description, and the section is still the text's, as the section above it."""
    methods = "".join(
        _impl(f"pub fn {name}(&amp;self)", f"{text} of the buffer, in the order the values were pushed.")
        for name, text in (("iter", "Returns an iterator over the values"), ("len", "Counts the values"))
    )
    main = (
        f"<main><h1>Struct RingBuffer</h1><div class='docblock'><p>{SENTENCES}</p></div>"
        f"<h2 id='implementations'>Implementations</h2><div id='implementations-list'>{methods}</div>"
        "<h2 id='trait-implementations'>Trait Implementations</h2><div id='trait-implementations-list'>"
        "<details class='toggle implementors-toggle' open><summary><section class='impl'>"
        "<a class='src' href='/src/ring.rs.html#122'>source</a><a href='#impl-Drop' class='anchor'>§</a>"
        "<h3 class='code-header'>impl&lt;T&gt; <a href='/core/ops/trait.Drop.html'>Drop</a> for "
        "<a href='struct.RingBuffer.html'>RingBuffer</a>&lt;T&gt;</h3></section></summary>"
        "<div class='impl-items'>"
        + _impl("fn drop(&amp;mut self)", "Drops every element still stored in the buffer.")
        + "</div></details></div></main>"
    )
    text = weblens.extract(f"<html><body>{main}</body></html>", "https://docs.example.rs/ring/").text
    assert "Drops every element still stored in the buffer." in text
    # under a heading that names a boilerplate section the same box is what it costs
    related = main.replace(">Trait Implementations</h2>", ">Related posts</h2>")
    text = weblens.extract(f"<html><body>{related}</body></html>", "https://docs.example.rs/ring/").text
    assert "Drops every element" not in text and "Counts the values" in text


def test_a_list_of_publications_set_as_paragraphs_keeps_every_entry() -> None:
    # an academic's page: entries mostly of links (title, co-authors, pdf, slides), one per <p>
    entry = (
        '<p class="pub"><a href="/papers/{n}.pdf"><strong>{title}</strong></a><br>'
        'Aino Koskinen and <a href="https://bmensah.example/">Boaz Mensah</a>. In <em>{venue}</em>.<br>'
        '[<a href="/papers/{n}.pdf">pdf</a>] [<a href="https://zenodo.example/{n}">artifact</a>]</p>'
    )
    titles = [
        ("a", "Incremental Typestate Inference at Scale", "OOPSLA 2031"),
        ("b", "What Do C Programmers Mean by Owner", "ICSE 2030"),
        ("c", "Sound Aliasing for Unions, Mostly", "ECOOP 2030"),
    ]
    prose = (
        "<p>I am an assistant professor at the University of Nordhavn, where I work on type systems and "
        "program analyses that help old code get safer without being rewritten from scratch.</p>"
    )
    html = (
        '<html><head><title>Aino Koskinen</title></head><body><nav><a href="/">Home</a> '
        '<a href="/people">People</a></nav><main><h1>Aino Koskinen</h1>'
        f"{prose * 3}<h2>Selected publications</h2><h3>2031</h3>"
        + entry.format(n=titles[0][0], title=titles[0][1], venue=titles[0][2])
        + "<h3>2030</h3>"
        + "".join(entry.format(n=n, title=t, venue=v) for n, t, v in titles[1:])
        + "</main><footer><p>© University of Nordhavn</p></footer></body></html>"
    )
    found = weblens.extract(html, "https://people.uni-nordhavn.example/~akoskinen/")
    for n, title, _ in titles:
        assert f"[**{title}**](https://people.uni-nordhavn.example/papers/{n}.pdf)" in found.markdown
    # a teaser's headline and date line is no publication's entry
    teasers = "".join(
        f'<p><a href="/news/{n}">Harbour bridge story number {n} of the week</a><br>12 May 2024</p>'
        for n in range(3)
    )
    article = "<p>The story of the bridge, told at length in words of its own and more words.</p>" * 6
    page = f"<html><body><article><h1>Bridge</h1>{article}{teasers}</article></body></html>"
    assert "story number 1" not in weblens.extract(page, "https://news.example/a").text


def test_a_row_of_a_data_table_its_class_marks_stays() -> None:
    # a league table marks its promotion places; an advertisement's row across the table still goes
    row = "<tr{cls}><td>{n}</td><td><a href='/teams/{n}'>Team {n}</a></td><td>26</td><td>{pts}</td></tr>"
    rows = "".join(
        row.format(cls=' class="promotion"' if n == 1 else "", n=n, pts=60 - n) for n in range(1, 6)
    )
    ad = '<tr class="advert"><td colspan="4"><div class="ad-slot">Advertisement: buy boots</div></td></tr>'
    story = "<p>Ashford went top of the league after the derby win on Saturday, two points clear.</p>" * 4
    html = (
        f"<html><body><article><h1>Derby</h1>{story}<table><tr><th>Pos</th><th>Team</th><th>P</th>"
        f"<th>Pts</th></tr>{rows}{ad}</table>{story}</article></body></html>"
    )
    found = weblens.extract(html, "https://news.example/sport/derby")
    assert "| 1 | [Team 1](https://news.example/teams/1) | 26 | 59 |" in found.markdown
    assert "buy boots" not in found.text


def test_a_line_giving_the_texts_file_stays() -> None:
    # a notice's attachment: a label and a link to a document's file that names its format
    story = "<p>未完成招生计划的学校将于7月20日开展补录，具体安排另行通知，请各校做好准备工作。</p>" * 5
    attachment = '<p>附件：<a href="./P0715.xlsx">2024年招生计划明细表.xlsx</a></p>'
    call = '<p><a href="/quiz.pdf">GET THE QUIZ: INSTANT DOWNLOAD!</a></p>'
    html = f"<html><body><div class='content'><h1>通知</h1>{story}{attachment}{call}</div></body></html>"
    found = weblens.extract(html, "https://edu.gov.example/tzgg/202407/t0715.html")
    assert "[2024年招生计划明细表.xlsx](https://edu.gov.example/tzgg/202407/P0715.xlsx)" in found.markdown
    assert "INSTANT DOWNLOAD" not in found.text


def test_a_list_of_the_texts_files_under_its_heading_stays() -> None:
    """A notice's attachments: a box with a heading and a list whose every item links a document's
    file, the item naming its format and size beside the link ("<a>Terms</a> (PDF, 312 KB)"). The
    box is looked into rather than pruned as a box of links; a paragraph "Download your copy (PDF)"
    is a call to download, as before."""
    story = "<p>Registration for the home business programme is extended to the end of March 2024.</p>" * 4
    files = (
        "<div class='attachments'><h2>Attachments</h2><ul><li><a href='/docs/terms-2024.pdf'>Terms and "
        "conditions of the programme</a> <span>(PDF, 312 KB)</span></li><li><a href='/docs/form.docx'>"
        "Application form</a> <span>(Word, 48 KB)</span></li></ul></div>"
    )
    call = "<p><a href='/docs/report.pdf'>Download your copy of the report</a> (PDF 575KB)</p>"
    html = f"<html><body><div class='content'><h1>Notice</h1>{story}{files}{call}</div></body></html>"
    found = weblens.extract(html, "https://fund.gov.example/notices/home-projects")
    assert (
        "[Terms and conditions of the programme](https://fund.gov.example/docs/terms-2024.pdf)"
        in found.markdown
    )
    assert "Application form" in found.text
    assert "Download your copy" not in found.text


def test_files_under_an_attachments_label_stay_though_their_names_give_no_format() -> None:
    """A government notice's attachments: "附件：" leads into the first file's link, named by its
    title alone; the second file's link stands alone on the next line."""
    story = "<p>凡在本市参加失业保险并取得技能证书的劳动者，可按标准申领补贴，材料详见附件。</p>" * 3
    files = (
        "<p>附件：<a href='./P0315a.docx'>1.职业技能等级认定补贴申请表</a></p>"
        "<p><a href='./P0315b.pdf'>2.补贴申领材料清单</a></p>"
    )
    html = f"<html><body><div class='content'><h1>通知</h1>{story}{files}</div></body></html>"
    found = weblens.extract(html, "https://rsj.gov.example/tzgg/202403/t0315.html")
    assert "[1.职业技能等级认定补贴申请表](https://rsj.gov.example/tzgg/202403/P0315a.docx)" in found.markdown
    assert "[2.补贴申领材料清单](https://rsj.gov.example/tzgg/202403/P0315b.pdf)" in found.markdown


def test_a_heading_in_a_box_named_a_header_before_a_text_block_stays() -> None:
    # a page editor's blocks (Notion): the section's heading in a "header block", its text in a box of its own
    def text_block(words: str) -> str:
        return f'<div class="notion-text-block"><div><div>{words}</div></div></div>'

    prose = "The tasting panel describes the cup as sweet, with a medium body and a soft citrus acidity. "
    blocks = (
        text_block(prose * 2)
        + "<table><tr><td>Farm</td><td>Score</td></tr><tr><td>Boa Vista</td><td>86</td></tr></table>"
        + '<div class="notion-header-block"><div><h2>Sensory profile</h2></div></div>'
        + text_block(prose)
        + text_block(prose * 2)
    )
    html = f"<html><body><main><h1>Yellow Bourbon</h1>{blocks}</main></body></html>"
    found = weblens.extract(html, "https://atlas.example/yellow-bourbon")
    assert "## Sensory profile" in found.markdown


def test_an_infobox_with_a_picture_row_between_its_facts_is_kept() -> None:
    # a wiki's infobox: the title across the top, a picture's row across the table, then facts
    cell = '<td><div class="wiki-paragraph">{}</div></td>'
    facts = "".join(
        f"<tr>{cell.format(label)}{cell.format(value)}</tr>"
        for label, value in (
            ("Formed", "2 March 2014"),
            ("Debut", "18 September 2015"),
            ("Label", "Monorail"),
        )
    )
    infobox = (
        '<div class="wiki-paragraph"><table class="wiki-table"><tr><td colspan="2"><strong>Moon Post</strong>'
        '</td></tr><tr><td colspan="2"><img src="/band.webp" alt="The band"></td></tr>'
        f"{facts}</table></div>"
    )
    prose = (
        "<p>Moon Post is a four-piece indie rock band from Seoul, known for its letters set to guitar.</p>"
    )
    content = f"<div class='wiki-inner-content'>{infobox}{prose * 4}</div>"
    html = f"<html><body><h1>Moon Post</h1>{content}</body></html>"
    found = weblens.extract(html, "https://wiki.example/w/Moon_Post")
    assert "| Formed | 2 March 2014 |" in found.markdown


def _table_page(table: str) -> str:
    lead = "<p>The figures below were agreed at the spring meeting:</p>"
    body = f"<p>{SENTENCES}</p>{lead}{table}<p>{SENTENCES}</p>"
    nav = "<nav><ul><li><a href='/'>Home</a></li><li><a href='/about/'>About</a></li></ul></nav>"
    return f"<html><body>{nav}<main>{body}</main></body></html>"


def test_a_column_header_named_as_its_cells_are_stays_with_its_column() -> None:
    # SportsPress names the result column "data-time" and its cells "data-time ok": a date role. The
    # cells stay as a column of a table of data; their header cell, named like them, stays too (it
    # went, and the header row a column short made the grid of links a menu's)
    rows = "".join(
        f"<tr><td class='data-date'><a href='/event/{n}/'>0{n}/03/2024</a></td>"
        f"<td class='data-home'><a href='/team/h{n}/'>Home {n}</a></td>"
        f"<td class='data-time ok'><a href='/event/{n}/'>{n} - 1</a></td>"
        f"<td class='data-away'><a href='/team/a{n}/'>Away {n}</a></td></tr>"
        for n in range(1, 5)
    )
    head = (
        "<thead><tr><th class='data-date'>Date</th><th class='data-home'>Home</th>"
        "<th class='data-time'>Result</th><th class='data-away'>Away</th></tr></thead>"
    )
    table = f"<div class='sp-template'><table class='sp-event-list'>{head}<tbody>{rows}</tbody></table></div>"
    markdown = weblens.extract(_table_page(table), "https://league.example/").markdown
    assert "| Date | Home | Result | Away |" in markdown
    assert "[Away 3](https://league.example/team/a3/)" in markdown


def test_a_table_of_one_row_under_a_header_of_as_many_columns_is_data() -> None:
    # a staff page's section with one person: a record under its header row
    head = "<thead><tr><th>Name</th><th>Role</th><th>Room</th><th>Phone</th><th>E-mail</th></tr></thead>"
    row = (
        "<tr><td><a href='/team/sabine/'>Sabine Kell</a></td><td>Office</td><td>3.110</td>"
        "<td>+49 7351 2211</td><td><a href='#' data-mailto-token='x'>s.kell(at)uni.example</a></td></tr>"
    )
    table = (
        "<div class='frame frame-type-text'><header><h2>Office</h2></header><div class='table-responsive'>"
        f"<table class='contenttable'>{head}<tbody>{row}</tbody></table></div></div>"
    )
    markdown = weblens.extract(_table_page(table), "https://uni.example/team/").markdown
    assert "| [Sabine Kell](https://uni.example/team/sabine/) | Office | 3.110 | +49 7351 2211 |" in markdown


def test_two_rows_of_labelled_fields_under_a_heading_are_data_and_previous_next_links_are_not() -> None:
    fields = (
        "<h4>Documentation:</h4><table>"
        "<tr><td>Reference manual:</td><td><a href='manual.pdf'>manual.pdf</a></td></tr>"
        "<tr><td>Vignettes:</td><td><a href='v/intro.html'>Getting started</a><br>"
        "<a href='v/flows.html'>Baseflow separation</a></td></tr></table>"
    )
    pager = (
        "<table><tr><td><b>Previous:</b></td>"
        "<td><a href='/2025/02/older'>An older post on the same theme</a></td></tr>"
        "<tr><td><b>Next:</b></td><td><a href='/2025/03/newer'>A newer post on another theme</a></td></tr>"
        "</table>"
    )
    markdown = weblens.extract(_table_page(fields + pager), "https://pkg.example/web/tidy/").markdown
    assert "[manual.pdf](https://pkg.example/web/tidy/manual.pdf)" in markdown
    assert "[Baseflow separation](https://pkg.example/web/tidy/v/flows.html)" in markdown
    assert "newer post" not in markdown


def test_a_linked_field_in_a_row_of_short_fields_pasted_from_a_word_processor_is_kept() -> None:
    # every cell holds a paragraph (a table pasted from Word): a course's name and its college are
    # links, the other fields plain; the linked fields are the record's, not a menu's
    cell = "<td><p><span>{}</span></p></td>"
    head = (
        "<tr>"
        + "".join(
            cell.format(f"<strong>{h}</strong>")
            for h in ("No.", "Code", "Course", "Credits", "School", "Teacher", "Time and place")
        )
        + "</tr>"
    )
    rows = "".join(
        "<tr>"
        + "".join(
            cell.format(value)
            for value in (
                str(n),
                f"GX100{n}",
                f"<a href='../../kc/GX100{n}.htm'>Course number {n}</a>",
                "2",
                f"<a href='https://school{n}.uni.example/'>School {n}</a>",
                f"Teacher Number{n}",
                f"Tuesday 9-10, Arts building A20{n}",
            )
        )
        + "</tr>"
        for n in range(1, 6)
    )
    markdown = weblens.extract(
        _table_page(f"<table border='1'>{head}{rows}</table>"), "https://uni.example/a/b/c.htm"
    ).markdown
    assert "[Course number 3](https://uni.example/kc/GX1003.htm)" in markdown
    assert "[School 5](https://school5.uni.example/)" in markdown


def test_a_list_of_references_in_a_language_without_spaces_is_kept_like_one_with_them() -> None:
    # an item's words are counted as the language writes them: "スキーマライブラリ公式ドキュメント" is
    # several words, not one, so the list is a list of references under its heading, not a menu
    prose = (
        "<p>社内の管理画面をTypeScriptで書き直して一年ほど経ちました。途中から型定義がどんどん複雑になり、"
        "気づけば条件型とテンプレートリテラル型を組み合わせた型パズルがあちこちに散らばっていました。</p>"
    ) * 5
    references = (
        "<h2>参考</h2><ul>"
        "<li><a href='https://schema-lib.example/docs/inference'>スキーマライブラリ公式ドキュメント：型推論</a></li>"
        "<li><a href='/takeda_m/items/8e7d6c5b'>境界での検証を徹底したらテストが減った話</a>"
        "（同じチームの記事）</li>"
        "<li><a href='https://handbook.example/docs/conditional-types.html'>TypeScriptハンドブック：条件型</a></li>"
        "</ul>"
    )
    html = (
        "<html lang='ja'><head><title>型パズルをやめた話</title></head><body>"
        f"<nav><a href='/'>ホーム</a><a href='/tags'>タグ</a></nav><article>{prose}{references}</article>"
        "</body></html>"
    )
    md = weblens.extract(html, "https://codelog.example/hanamura_k/items/1f2e3d").markdown
    assert "[TypeScriptハンドブック：条件型](https://handbook.example/docs/conditional-types.html)" in md
    assert "[境界での検証を徹底したらテストが減った話](https://codelog.example/takeda_m/items/8e7d6c5b)" in md


def _post_with_notes_after(notes: str) -> weblens.PageExtract:
    """A post whose template sets its notes below the box of its text, inside the same article."""
    html = (
        "<html><body><nav><a href='/'>Home</a> <a href='/writing/'>Writing</a></nav><main>"
        "<article class='h-entry'><h1>The storm drains</h1>"
        f"<div class='e-content'><p>{SENTENCES}<sup><a href='#fn1' id='fnref1'>[1]</a></sup></p>"
        f"<p>{SENTENCES}</p></div>{notes}</article>"
        "<nav class='post-navigation'><a href='/writing/older/'>Previous post</a></nav></main>"
        "<footer><p>Copyright the writer, all rights kept.</p></footer></body></html>"
    )
    return weblens.extract(html, "https://blog.example/writing/2023/drains/")


def test_the_texts_notes_set_below_its_box_are_its_own() -> None:
    note = (
        "<li id='fn1'><p>Figures from the <a href='https://archive.example/1987/flood'>Echo report of "
        "22 August 1987</a>, still online. <a href='#fnref1' class='footnote-backref'>↩︎</a></p></li>"
    )
    page = _post_with_notes_after(
        f"<hr class='footnotes-sep'><section class='footnotes'><ol>{note}</ol></section>"
    )
    assert "[Echo report of 22 August 1987](https://archive.example/1987/flood)" in page.markdown
    assert page.markdown.count("Sentence 7") == 2
    assert "Previous post" not in page.text and "Copyright" not in page.text
    # a box below the text that is no notes (a list without links back, no mark's target) is not
    # taken with it
    unmarked = note.replace("#fnref1", "/x").replace("id='fn1'", "id='more1'")
    other = _post_with_notes_after(f"<hr><section class='more'><ol>{unmarked}</ol></section>")
    assert "Echo report" not in other.text and other.markdown.count("Sentence 7") == 2


@pytest.mark.parametrize(
    "before",
    [
        f"<div>{SENTENCES}</div>",  # a paragraph set as a line in a <div> of its own (Blogger, Google Docs)
        f"<p>{SENTENCES}</p><div><br></div>",  # past the empty box an editor sets between paragraphs
    ],
)
def test_the_link_to_the_texts_source_after_a_div_paragraph_or_a_spacer_stays(before: str) -> None:
    html = (
        "<html><body><div class='post-body'>"
        f"<div>{SENTENCES}</div><div><br></div>{before}"
        "<p><a href='https://essays.example/tripod/'>The whole essay on the tripod mount</a></p>"
        "</div></body></html>"
    )
    page = weblens.extract(html, "https://blog.example/2005/06/tripod.html")
    assert "[The whole essay on the tripod mount](https://essays.example/tripod/)" in page.markdown


@pytest.mark.parametrize(
    ("line", "kept"),
    [
        # a sentence of the post set as one link to another site, after a written paragraph
        (
            "<a href='https://club.example/programm.pdf'><div>Das vollständige Programm der Ausstellung mit "
            "allen Anlagen gibt es hier als PDF zum Herunterladen.</div></a>",
            True,
        ),
        (
            "<div><a href='https://www.google.example/url?q=https%3A%2F%2Flab.example%2F'><div>The county "
            "extension office ran all of our samples for free this year, and anyone can ask.</div></a></div>",
            True,
        ),
        # the same line linking to the blog's own pages: a pointer to another of its posts
        (
            "<a href='/2005/07/more.html'><div>Das vollständige Programm der Ausstellung mit allen Anlagen "
            "gibt es hier als PDF zum Herunterladen.</div></a>",
            False,
        ),
        # a card: a headline and its summary in one link
        (
            "<a href='https://other.example/s'><div><h3>Stuttgart ist lame</h3><p>Warum die Stadt ihren "
            "Ruf bei jungen Leuten verloren hat und was sie jetzt tun will.</p></div></a>",
            False,
        ),
    ],
)
def test_a_sentence_set_as_one_link_after_a_paragraph_stays(line: str, kept: bool) -> None:
    html = (
        "<html><body><div class='post-body'>"
        f"<div>{SENTENCES}</div><div><br></div>{line}<div><br></div><div>{SENTENCES}</div>"
        "</div></body></html>"
    )
    page = weblens.extract(html, "https://blog.example/2005/06/tripod.html")
    assert (
        " ist lame" in page.text or "Herunterladen." in page.text or "anyone can ask." in page.text
    ) is kept


_STORY = "<p>The county council debated its budget for hours on Tuesday evening, and no vote was taken.</p>"
_WRAPPED_STORY = (
    "<div class='block'><div class='c'><span>The county council debated its budget for hours on "
    "Tuesday evening, and no vote was taken.</span></div></div>"
)


@pytest.mark.parametrize(
    ("line", "kept"),
    [
        # a sentence of the story linked whole, its full stop after the link, under a heading
        (
            f"{_STORY * 3}<h3>What's next</h3><p><a href='/world/other-story/123'>The document dump is not "
            f"over yet</a>.</p>{_STORY * 3}",
            True,
        ),
        # the same set in boxes of its own, as every paragraph of the page is
        (
            f"{_WRAPPED_STORY * 3}<div class='block'><div class='c'><a href='/world/other-story/123'>The "
            f"document dump is not over yet</a><span>.</span></div></div>{_WRAPPED_STORY * 3}",
            True,
        ),
        # a pointer to another story: a headline with no full stop
        (
            f"{_STORY * 3}<p><a href='/world/other-story/123'>The document dump is not over yet</a></p>"
            f"{_STORY * 3}",
            False,
        ),
        # too few words to be told from a label
        (
            f"{_STORY * 3}<h3>What's next</h3><p><a href='/world/other-story/123'>Read more</a>.</p>"
            f"{_STORY * 3}",
            False,
        ),
    ],
)
def test_a_linked_sentence_with_its_full_stop_after_the_link_stays(line: str, kept: bool) -> None:
    html = (
        "<html><body><nav><a href='/'>Home</a> <a href='/world'>World</a></nav>"
        f"<article><h1>Council budget</h1>{line}</article><footer>© News</footer></body></html>"
    )
    page = weblens.extract(html, "https://news.example/world/story/1")
    assert ("over yet" in page.text or "Read more" in page.text) is kept
    if kept:
        assert (
            "[The document dump is not over yet](https://news.example/world/other-story/123)."
            in page.markdown
        )


@pytest.mark.parametrize(
    ("line", "kept"),
    [
        ("<p>Join the discussion: <a href='/login'>Log in</a> or <a href='/invitations/request'>request an "
         "invitation</a> to comment.</p>", False),
        ("<div class='reply-hint'>需要 <a href='/signin'>登录</a> 后方可回复, 如果你还没有账号请 "
         "<a href='/signup'>注册新账号</a></div>", False),
        ("<p>Sign in to follow profiles and reply. <a href='/auth/sign_up'>Create account</a> "
         "<a href='/auth/sign_in'>Log in</a></p>", False),
        # a newsletter's sign-up, an app's download, on the site's own pages
        ("<section class='services'><p>Recevez chaque semaine notre sélection d'articles.</p>"
         "<a href='/newsletters/campus/'>Log in</a></section>", False),
        ("<div><p>Listen to every story in the app.</p><a href='https://forum.example/app/?i=pc'>Log in</a>"
         "</div>", False),
        # a line that also links elsewhere: judged as any other; another site's newsletter is a source
        ("<p>Join the discussion: <a href='/login'>Log in</a> or read <a href='https://rules.example/'>"
         "the rules of the forum</a> first.</p>", True),
        ("<p>This tip was suggested by <a href='https://bar.example/newsletter/'>an article in the "
         "newsletter of the Bar</a>, Log in to the rules of the forum.</p>", True),
        # a paragraph of the text, three sentences, that ends with a link to the site's own sign-in
        ("<p>You will receive a number by email straight away. Keep it, as the rules of the forum ask "
         "for it. You can follow your claim once you <a href='/login'>Log in</a>.</p>", True),
    ],
)  # fmt: skip
def test_a_line_asking_the_reader_to_sign_in_is_no_part_of_the_text(line: str, kept: bool) -> None:
    after = SENTENCES.replace("Sentence", "Line")
    body = f"<h1>Tripod mounts</h1><p>{SENTENCES}</p>{line}<p>{after}</p>"
    html = f"<html><body><article>{body}</article></body></html>"
    page = weblens.extract(html, "https://forum.example/2024/05/tripod-mounts")
    assert "Sentence 7 adds" in page.text and "Line 7 adds" in page.text
    assert ("the rules of the forum" in page.text) is kept
    assert all(word not in page.text for word in ("Log in", "登录", "Create account")) is not kept


def test_a_short_note_set_in_a_box_of_its_own_stays_with_its_link() -> None:
    # Substack sets each footnote in a box named for it, opening with its link back to the mark
    note = (
        "<div class='footnote'><a id='footnote-2' href='#footnote-anchor-2' class='footnote-number'>2</a>"
        "<div class='footnote-content'><p>Item 14 on the <a href='https://council.example/agenda/1190211'>"
        "September 24 meeting agenda</a>.</p></div></div>"
    )
    body = f"<div class='body markup'><p>{SENTENCES}</p>{note}</div>"
    html = f"<html><body><article>{body}</article></body></html>"
    page = weblens.extract(html, "https://ledger.example/p/parking")
    assert "[September 24 meeting agenda](https://council.example/agenda/1190211)" in page.markdown
    # the same line in a box named otherwise is judged as any short line of links
    other = weblens.extract(
        html.replace("class='footnote'", "class='aside'"), "https://ledger.example/p/parking"
    )
    assert "September 24 meeting agenda" not in other.text


_NOTE = (
    "<p><strong>Note:</strong> The old decorator still works but emits a deprecation warning, and it will be "
    "removed in the next major release of the library.</p>"
)


@pytest.mark.parametrize(
    ("aside", "kept"),
    [
        (f"<aside class='admonition note'><p class='admonition-title'>Note</p>{_NOTE}</aside>", True),
        (f"<aside class='editors-note'>{_NOTE}</aside>", True),
        (f"<aside role='note'>{_NOTE}</aside>", True),
        (f"<aside aria-label='Tip' class='starlight-aside starlight-aside--tip'>{_NOTE}</aside>", True),
        # an aside of another kind in the text: a promotion, a box of related stories
        (f"<aside class='newsletter-promo'>{_NOTE}</aside>", False),
        # a note with no paragraph of prose: a label and a link
        ("<aside class='note'><a href='/v1/'>v1 docs</a> deprecation warning</aside>", False),
    ],
)
def test_a_note_set_in_the_text_stays(aside: str, kept: bool) -> None:
    """An ``<aside>`` named a note (an admonition, an editor's note, ARIA's ``note``) set right after
    a block of the running text is part of the text; other asides there stay chrome."""
    html = (
        "<html><body><nav><a href='/'>Home</a> <a href='/docs/'>Docs</a></nav><main><article>"
        f"<h1>Caching</h1>{SENTENCES}<p>{SENTENCES}</p>{aside}<p>{SENTENCES}</p></article></main>"
        "<aside class='sidebar'><p>Other guides: <a href='/a'>A</a></p></aside></body></html>"
    )
    page = weblens.extract(html, "https://docs.example/guide/caching.html")
    assert ("deprecation warning" in page.text) is kept


_RECENT = "".join(
    f"<li><a href='/2024/0{n}/post-{n}/'>Post number {n} of the summer</a><span class='post-excerpt'>An "
    f"excerpt of post {n} that tells in a full sentence what the post is about and why it was written.</span>"
    "</li>"
    for n in range(1, 7)
)


@pytest.mark.parametrize(
    "sidebar",
    [
        f"<div id='secondary' class='widget-area' role='complementary'><section class='widget'><ul>{_RECENT}"
        "</ul></section></div>",
        f"<aside id='secondary'><section class='widget'><ul>{_RECENT}</ul></section></aside>",
    ],
)
def test_a_sidebar_beside_the_main_landmark_is_no_text_however_much_it_says(sidebar: str) -> None:
    """A short post in the page's ``<main>`` beside a sidebar (by its tag or its ARIA role) whose
    excerpts say more than the post: the post alone."""
    post = (
        "<p>The yellow ipê on the corner flowered again, two weeks earlier than last year, and I stood "
        "there for ten minutes watching the flowers fall on the pavement.</p>"
    )
    html = (
        "<html><body><nav><a href='/'>Home</a></nav><div id='page'><main id='primary'><article>"
        f"<h1>Quick note: the yellow ipê</h1>{post}</article></main>{sidebar}</div></body></html>"
    )
    page = weblens.extract(html, "https://notebook.example/2024/08/27/quick-note/")
    assert "watching the flowers fall" in page.text
    assert "excerpt of post" not in page.text


@pytest.mark.parametrize(
    "attribution",
    [
        "<footer>— <a href='https://authority.example/opinion-2022.pdf'>Opinion of the regional "
        "authority</a>, "
        "June 2022</footer>",
        "<p>— from the trust's 2022 report, <a href='https://authority.example/opinion-2022.pdf'>Opinion "
        "of the "
        "regional authority</a></p>",
    ],
)
def test_a_quotations_attribution_stays_with_its_link(attribution: str) -> None:
    """The attribution closing a ``<blockquote>`` (its ``<footer>``, or a last line opening with a
    dash) is the quotation's, links and all."""
    html = (
        "<html><body><nav><a href='/'>Home</a></nav><article><h1>Warehouse permit annulled</h1>"
        f"<p>{SENTENCES}</p><blockquote><p>The file does not show that the project is compatible with "
        f"the wetland downstream.</p>{attribution}</blockquote><p>{SENTENCES}</p></article>"
        "<footer><p>© The Paper</p></footer></body></html>"
    )
    page = weblens.extract(html, "https://paper.example/2024/07/permit/")
    assert "[Opinion of the regional authority](https://authority.example/opinion-2022.pdf)" in page.markdown
    assert "The Paper" not in page.text


@pytest.mark.parametrize(
    ("widget", "kept"),
    [
        (
            "<div class='valutazione'><p>Quanto sono chiare le informazioni su questa pagina?</p>"
            "<button>1</button><button>2</button><button>3</button></div>",
            False,
        ),
        (
            "<div><p>Was this page helpful?</p><div class='b'><button>Yes</button><button>No</button></div>"
            "</div>",
            False,
        ),
        # a question with a sentence more, or one button: not a widget's question alone
        (
            "<div><p>Which answer is right? Pick the one that fits the law.</p><button>A</button>"
            "<button>B</button></div>",
            True,
        ),
        ("<div><p>Was this page helpful?</p><button>Tell us</button></div>", True),
        # the question on its own line, then the buttons and a short note on what the answers are for
        (
            "<div><p>هل كانت هذه الصفحة مفيدة؟</p><button>نعم</button><button>لا</button>"
            "<p>ساعدنا في تحسين محتوى الموقع بإرسال ملاحظاتك. لن نتمكن من الرد على الاستفسارات عبر هذا "
            "النموذج.</p><p>آخر تحديث للصفحة: 18/02/2024</p></div>",
            False,
        ),
        (
            "<div><p>このページは役に立ちましたか？</p><button>はい</button><button>いいえ</button></div>",
            False,
        ),
    ],
)
def test_a_question_to_the_reader_over_its_answer_buttons_is_a_widget(widget: str, kept: bool) -> None:
    html = (
        f"<html><body><main><h1>Identity cards</h1><p>{SENTENCES}</p><p>{SENTENCES}</p>{widget}"
        "<p>The old paper card stays valid until the date printed on it.</p></main></body></html>"
    )
    text = weblens.extract(html, "https://town.example/services/identity-card").text
    assert any(mark in text for mark in ("?", "؟", "？")) is kept
    assert "paper card stays valid" in text


def test_an_ellipsis_in_code_truncates_no_teaser() -> None:
    """A sentence naming ``process.env.NEXT_PUBLIC_...`` in code ends no piece of its text in a
    teaser's "...": a blog's callout saying so stays with the text."""
    import lxml.html

    from weblens.extract.blocks import gather_stats

    root = lxml.html.fromstring(
        "<div><p>Use <code>NEXT_PUBLIC_...</code> in code, then <code>A...</code></p></div>"
    )
    assert gather_stats(root).ellipsis == [False, False]
    steps = "".join(
        f"<p>Step {i} of the guide explains one more setting, with a full sentence or two about why.</p>"
        for i in range(5)
    )
    callout = (
        "<div data-node-type='callout'><div>💡</div><div>Client variables must be referenced as literal "
        "<code>process.env.NEXT_PUBLIC_...</code> expressions somewhere in your code, otherwise they are "
        "not inlined.</div></div>"
    )
    html = (
        f"<html><head><title>Env</title></head><body><article><h1>Env</h1>{steps}{callout}{steps}</article>"
        "<aside><a href='/a'>Other post</a></aside></body></html>"
    )
    assert "otherwise they are not inlined" in weblens.extract(html, "https://blog.example/env").text
