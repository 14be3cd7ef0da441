"""Find the element that holds the main content, and trim what does not belong to it.

Density heuristic: every block gets a weight — positive for prose (its characters outside
links), negative for chrome (link text, short lines without sentence punctuation) and for
teasers (summaries cut off with an ellipsis, or sitting in a list of "headline link + short
summary" cards). A container's score is the sum over the blocks inside it, computed bottom-up
in one pass; the best container maximises it, so it grows to take in the article's paragraphs
wherever they are split, and stops where link lists, menus and teaser lists would cost more than
they add. From there we descend while one child holds nearly all of the positive weight
(dropping a title or byline sitting beside the body), then prune descendants whose own sum is
negative — but for the kinds of block that are text although they cost (references, data tables of
links, a lead-in and its list…), which :mod:`weblens.extract.keepers` recognises.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Container
from dataclasses import dataclass
from itertools import pairwise, takewhile
from urllib.parse import unquote

import lxml.etree
from lxml.html import HtmlElement

from weblens.extract.authors import is_member_link
from weblens.extract.blocks import (
    HEADING_TAGS,
    Block,
    TreeStats,
    accumulate,
    gather_stats,
    paragraphs_of_prose,
)
from weblens.extract.clean import (
    code_box,
    content_named,
    opening_heading,
    role_of,
    sign_in_prompts,
)
from weblens.extract.dates import find_date
from weblens.extract.keepers import (
    CELL_BLOCKS,
    CELLS,
    DATA_ROWS,
    LABELLED,
    LISTS,
    SHORT_LINE,
    WRAPPER_TAGS,
    WRAPPERS,
    has_written_paragraph,
    holds_a_data_table,
    holds_a_note,
    holds_attachments,
    holds_named_references,
    is_attribution_of_a_quote,
    is_box_of_a_heading,
    is_box_of_points,
    is_data_table,
    is_endnotes,
    is_headed_data_table,
    is_item_of_kept_list,
    is_kept_paragraph,
    is_kept_whole,
    is_labelled_part,
    is_lead_in_to_a_block,
    is_linked_sentence_with_its_stop,
    is_mostly_code,
    is_name_of_its_description,
    is_price_line,
    is_resources_box,
    is_sentence_set_as_a_link,
    is_table_of_contents,
    is_text_of_a_data_cell,
    subtree_chars,
)
from weblens.extract.posts import (
    after_the_last_post,
    post_parts,
    posts_of_the_thread,
    thread_chrome,
    thread_posts,
)
from weblens.extract.readability_style import readability_pick
from weblens.extract.scores import Scores
from weblens.extract.tail import is_a_documents_section, names_a_section
from weblens.extract.threads import has_thread_address
from weblens.extract.tree import drop, has_any, is_below
from weblens.models import ExtractionMethod

__all__ = ["Selection", "block_weight", "is_around_declared_main", "is_declared_main", "select_main"]

# Units. A block's size is in characters as measure() counts them (a CJK character counts 3); a
# weight or a score is in the same characters ("characters of prose": a paragraph of 300 characters
# without links weighs 300). Shares are fractions of another score. Calibration: every threshold
# below was set by hand on the development corpora (ScrapingHub and CleanEval, ../shared/bench) as
# the selector grew; none was fitted by a search or checked alone on held-out pages (bench/pool.py
# measures the whole selector on the validation side of its pool).
_LINK_PENALTY = 1.5  # weight lost per character of link text, times the block's link density
_SHORT_PENALTY = 25.0  # weight such a short line costs (about half a short line's own weight)
_DESCEND_SHARE = 0.9  # share of the first choice's prose a child must hold to be gone down into
_NOTES_HEADING_WORDS = 3  # words of a heading over a text's notes ("Notes", "Footnotes and sources")
_DESCEND_PARAGRAPHS = 2  # prose paragraphs that may be left behind by going down, in all
_ASCEND_NET = 0.95  # of the part's score, the whole document's at least ...
_ASCEND_TEXT = 1.3  # ... holding this many times its text
_WRAPPER_TEXT = 40  # characters of text a box adds around the content and still only wraps it
_MIN_CONTENT = 25.0  # score (characters of prose) below which no box is the content: the whole body
# share of the score of a box named like a sidebar that a region named as the content without a
# paragraph of prose must hold to win over it as the page's short post (see _is_post). Calibrated
# on every page of ScrapingHub, CleanEval and the pool's dev side where such a post was taken:
# right at 0.13 (a blog's post of short lines beside its long column of other posts), wrong at
# 0.02 (a headline's box beside an article set in blocks named widgets); 0.05 lies between them
# on a log scale.
_POST_BESIDE_SIDEBAR = 0.05
_SURE_SCORE = 300.0  # below this much net prose the heuristic asks for a second opinion
_RIVAL_SHARE = 0.5  # a disjoint region scoring this share of the best one makes it unsure
_TIE_SHARE = 0.8  # a rival with this share of the best score is a tie, for readability to break
_AGREE = 0.8  # a second opinion inside the best container, with this share of its prose, agrees
_PRUNE_GOOD = 200.0  # characters of prose: a box holding this much is never pruned, whatever it costs
_DISCOUNT = 0.3  # share of its weight left to prose in a box named sidebar, widget, footer…
_SECTION_TAGS = WRAPPER_TAGS | LISTS  # the boxes a listing's sections are set in
_ALIKE_SHARE = 1.5  # sections alike hold at least 2/3 of their box's text: the box is the listing
_COLUMN_SHARE = 3  # a column of a list set in columns holds at least a third of the longest's text
_INDEXED_SHARE = 10  # an index of the page's entries: all its rows but one in this many link into the page
_TARGET_NAMES = lxml.etree.XPath("//@id | //a/@name", smart_strings=False)
# a teaser card: a headline link and at most two short pieces of text, in a list of such cards
_CARD_CHARS = 700
_CARD_TEXTS = 2
_CARD_SIBLINGS = 3
_ENTRY_PARAGRAPHS = 2  # paragraphs of prose in a whole entry beside a card
_HEADLINE_LINK = 15
_CARD_DATE = 40  # characters beside a card's headline link that may be its date ("19 november 2024")
_DATED_HEADLINE_LINK = 8  # a headline beside its date may be shorter: a name ("Ada Fumagalli", 13)
# a short line of these without a link is a subheading or a list item, not a label or a button
_TEXT_LINES = frozenset(("p", "li", "dd", "dt"))
_CONTAINERS = frozenset(("div", "section", "article", "main", "body", "center", "td", "span", "font", "form"))
_STRUCTURAL = frozenset(
    ("div", "section", "ul", "ol", "dl", "table", "figure", "header", "footer", "p", "li", "center", "span")
)


@dataclass(frozen=True, kw_only=True)
class Selection:
    element: HtmlElement
    method: ExtractionMethod
    posts: int = 0  # on a thread, the posts found alike in the element (step 5f of select_main)
    # on a thread, the boxes where its posts set their text (see posts._text_lines): a reply of a few
    # words there is no trailer of the page
    post_texts: tuple[HtmlElement, ...] = ()


def block_weight(block: Block, *, teaser: bool = False) -> float:
    """Positive for prose, negative for chrome and teasers."""
    return _weight(
        block.tag,
        block.chars,
        block.link_chars,
        sentences=block.sentences,
        ellipsis=block.ellipsis,
        teaser=teaser,
    )


def _weight(
    tag: str,
    size: int,
    links: int,
    *,
    sentences: bool,
    ellipsis: bool,
    teaser: bool,
    listing: bool = False,
    anchors: int = 0,
    code: int = 0,
) -> float:
    """A block's own weight from its tag and its text's size (characters, by ``measure()``), the part
    of it inside links, and how it reads: prose weighs its characters outside links less its link
    density; a short line without a sentence, a teaser and link text cost."""
    if size == 0:
        return 0.0
    if listing:
        return _listing_weight(tag, size, links, sentences, anchors)
    plain = size - links
    if teaser:
        return -0.5 * plain - _LINK_PENALTY * links
    density = links / size
    weight = plain * (1.0 - density) - _LINK_PENALTY * links * density * density
    if tag in HEADING_TAGS:
        return max(0.0, weight) * 0.2
    if ellipsis and plain < 400:
        return min(0.0, weight)
    if (
        not sentences
        and plain < SHORT_LINE
        and tag not in CELLS
        and (links or tag not in _TEXT_LINES)
        and code < size  # a line all in code is a name of the text (a type, a signature), no label
    ):
        weight -= _SHORT_PENALTY
    return weight


def _listing_weight(tag: str, size: int, links: int, sentences: bool, anchors: int) -> float:
    """A block's weight on a page that is a list of links or teasers (a table of contents, an archive
    of headlines): links of headline length are its text; a block of short links (a menu, a tag
    cloud) still costs."""
    headlines = anchors > 0 and links >= _HEADLINE_LINK * anchors
    weight = float(size) if headlines else size - links - _LINK_PENALTY * links
    if tag in HEADING_TAGS:
        return max(0.0, weight) * 0.2
    if not headlines and not sentences and size < SHORT_LINE and tag not in CELLS:
        weight -= _SHORT_PENALTY
    return weight


def is_mostly_teasers(root: HtmlElement) -> bool:
    """Most of the text under ``root`` is in teaser cards (a headline link and a summary, several
    alike side by side): headlines of other stories, not a page's own list of its parts."""
    stats = gather_stats(root)
    cards = _teasers(stats, ())
    inside = sum(stats.chars[i] for i in cards)
    return inside * 2 > sum(stats.chars)


def _teasers(stats: TreeStats, removed: Collection[int], *, of_threads: bool = False) -> set[int]:
    """Blocks that are the text of a card in a list of teaser cards (a headline link and a summary);
    with ``of_threads``, only of cards whose first link leads to a thread (:func:`_is_thread_link`)."""
    count = len(stats)
    headline = [0.0] * count
    texts = [0.0] * count
    for i, (el, size, links) in enumerate(zip(stats.nodes, stats.chars, stats.links, strict=True)):
        if (links >= _HEADLINE_LINK and links * 10 >= size * 7) or (
            links >= _DATED_HEADLINE_LINK and _is_a_headline_and_its_date(stats, i)
        ):
            headline[i] = 1.0
        elif size - links >= 40 and el.tag not in HEADING_TAGS:
            texts[i] = 1.0
    # a card's headline counts though its box went as chrome (a headline in a box named a header,
    # Joomla's and TYPO3's ``<div class="page-header"><h2><a>…``): the card is still a teaser
    headline = accumulate(stats, headline)
    texts = accumulate(stats, texts, removed)
    chars = accumulate(stats, [float(size) for size in stats.chars], removed)
    parents = stats.parents
    cards = [
        i
        for i in range(count)
        if headline[i] >= 1 and 1 <= texts[i] <= _CARD_TEXTS and chars[i] < _CARD_CHARS and i not in removed
    ]
    siblings: dict[int, int] = {}
    for i in cards:
        siblings[parents[i]] = siblings.get(parents[i], 0) + 1
    inside: set[int] = set()
    listed = [i for i in cards if siblings[parents[i]] >= _CARD_SIBLINGS]
    if of_threads:
        listed = [i for i in listed if _is_thread_link(next(stats.nodes[i].iter("a"), None))]
    if not listed:
        return inside
    prose = paragraphs_of_prose(stats, removed)
    for i in listed:
        if not _is_entry_among_entries(stats, i, prose):
            inside.update(range(i, stats.ends[i] + 1))
    return inside


def _is_a_headline_and_its_date(stats: TreeStats, i: int) -> bool:
    """Block ``i`` is a headline link beside the date of its story and nothing else (``<li><a>Choir
    concert</a> <span>19 November 2024</span><p>…</p></li>``): its text outside links and the blocks
    inside it is at most :data:`_CARD_DATE` characters and states a date, and its first link leads
    to another page that is no member's profile."""
    if stats.chars[i] - stats.links[i] > _CARD_DATE:
        return False
    el = stats.nodes[i]
    link = next(el.iter("a"), None)
    href = (link.get("href") or "#") if link is not None else "#"
    if "#" in href or is_member_link(href):
        return False  # a post's own anchor, a poster's profile ("by solderblob » Feb 11, 2024")
    parts = [el.text or ""]
    for child in el:
        if child.tag.__class__ is str and child.tag != "a" and child not in stats.index:
            parts.append(child.text_content())  # an inline element's text; a block's is its own
        parts.append(child.tail or "")
    return find_date(" ".join(" ".join(parts).split())) is not None


def _is_thread_link(link: HtmlElement | None) -> bool:
    """``link`` leads to a thread of posts by its address (:func:`has_thread_address`), not to a
    member's profile (a poster's name over a reply) or a post (``…/topics/888395/re-…#Post888395``,
    a reply's subject linking to itself)."""
    href = (link.get("href") or "") if link is not None else ""
    return "#" not in href and not is_member_link(href) and has_thread_address(href)


def _is_entry_among_entries(stats: TreeStats, card: int, prose: list[float]) -> bool:
    """A card set in the same kind of box (tag and class) as a whole entry beside it, one of
    :data:`_ENTRY_PARAGRAPHS` paragraphs of prose or more (a blog's front page, where a short post
    has the headline and paragraph of a teaser and its neighbours are whole posts): a short entry
    of the page's text, not a teaser for another page."""
    el = stats.nodes[card]
    parent = el.getparent()
    if parent is None:
        return False
    kind = (el.tag, el.get("class"))
    for sibling in parent:
        if sibling is not el and (sibling.tag, sibling.get("class")) == kind:
            found = stats.index.get(sibling)
            if found is not None and prose[found] >= _ENTRY_PARAGRAPHS:
                return True
    return False


def _sums(
    stats: TreeStats,
    removed: Collection[int],
    discounted: Collection[int] = (),
    *,
    listing: bool = False,
    thread: bool = False,
    contents: Collection[int] = (),
) -> tuple[list[float], list[float]]:
    # a thread's posts are no teasers, though a short reply under its poster's linked name reads
    # like one (a headline link and a summary, several alike side by side): there, only cards
    # headed by a link to another thread are (a forum's "hot threads" with their first lines)
    teasers = set() if listing else _teasers(stats, removed, of_threads=thread)
    net = [  # a box with no text of its own (a wrapper, a list, a row) weighs nothing: no call
        (
            _weight(
                el.tag,
                size,
                links,
                sentences=sentences,
                ellipsis=ellipsis,
                teaser=i in teasers,
                listing=listing,
                anchors=anchors,
                code=code,
            )
            if size
            else 0.0
        )
        for i, (el, size, links, anchors, sentences, ellipsis, code) in enumerate(
            zip(
                stats.nodes,
                stats.chars,
                stats.links,
                stats.anchors,
                stats.sentences,
                stats.ellipsis,
                stats.codes,
                strict=True,
            )
        )
    ]
    for i in discounted:  # text in a box named sidebar, widget, footer…: worth less than the same elsewhere
        if net[i] > 0:
            net[i] *= _DISCOUNT
    # a table of contents costs nothing, as the text's part; nor does a table of data, whose links
    # are its data (the works, people, places a column names), not a menu
    for i in [*contents, *_data_tables(stats, removed)]:
        for j in range(i, stats.ends[i] + 1):
            net[j] = max(net[j], 0.0)
    good = [max(weight, 0.0) for weight in net]
    return accumulate(stats, net, removed), accumulate(stats, good, removed)


def _data_tables(stats: TreeStats, removed: Collection[int]) -> list[int]:
    """The tables of data under a header row (:func:`~weblens.extract.keepers.is_headed_data_table`)
    cleaning left, in an ``<article>`` when the page has one: a table beside the page's article is
    the site's (a code host's list of a repository's files beside its README). One without a header
    may be a box of links with a count beside each."""
    tables = [i for i, el in enumerate(stats.nodes) if el.tag == "table" and i not in removed]
    if not tables:
        return []
    has_article = any(el.tag == "article" for el in stats.nodes)
    return [
        i
        for i in tables
        if (not has_article or next(stats.nodes[i].iterancestors("article"), None) is not None)
        and is_headed_data_table(stats.nodes[i])
    ]


def _contents_lists(stats: TreeStats, removed: Collection[int]) -> list[int]:
    """The outermost lists that are tables of contents of other pages (see :func:`is_table_of_contents`),
    and the tables that index the page's own entries (see :func:`is_index_of_entries`)."""
    found: list[int] = []
    end = -1
    if not stats.nodes:
        return found
    targets = _Targets(stats.nodes[0])
    for el in stats.nodes[0].iter(*LABELLED, "table"):  # document order, in C
        i = stats.index.get(el)
        if i is None or i <= end or i in removed:
            continue
        if el.tag == "table":
            if is_index_of_entries(el, targets):
                found.append(i)
                end = stats.ends[i]
            continue
        end = stats.ends[i]  # the lists inside were looked at with it
        if is_table_of_contents(el):
            found.append(i)
    return found


class _Targets:
    """The names of the places a link may point to in the document (``id``s, ``<a name>``s), read
    once when first asked."""

    def __init__(self, root: HtmlElement) -> None:
        self.root = root
        self.names: frozenset[str] | None = None

    def __contains__(self, name: object) -> bool:
        if self.names is None:
            self.names = frozenset(str(value) for value in _TARGET_NAMES(self.root))
        return name in self.names


def is_index_of_entries(table: HtmlElement, targets: Container[str]) -> bool:
    """A table indexing the document's own entries: an API reference's summary of its functions
    (the return type beside each name, the name linking to its entry further down the page). At
    least :data:`DATA_ROWS` rows of two or more cells with no block in them, nearly every row with
    a link to a place in this page (its ``#target`` is an ``id`` or an ``<a name>`` here) and a cell
    beside that link's. A menu laid out in a table links to other pages; an "on this page" list of
    the sections is a list, with nothing beside its links."""
    if table.find(".//table") is not None:
        return False  # a table of tables lays out a page
    rows = [row for row in table.iter("tr") if any(cell.tag in CELLS for cell in row)]
    if len(rows) < DATA_ROWS:
        return False
    missed = 0
    for row in rows:
        if sum(1 for cell in row if cell.tag in CELLS) < 2 or not any(
            _is_target_here(a, targets) for a in row.iter("a")
        ):
            missed += 1
            if missed * _INDEXED_SHARE > len(rows):
                return False  # more rows without a link into the page than an index has
    return not any(block.tag in CELL_BLOCKS for block in table.iterdescendants())


def _is_target_here(link: HtmlElement, targets: Container[str]) -> bool:
    """The link points to a place in this document: its fragment names one of ``targets``."""
    href = link.get("href") or ""
    cut = href.find("#")
    if cut < 0 or cut == len(href) - 1:
        return False
    fragment = href[cut + 1 :]
    return fragment in targets or ("%" in fragment and unquote(fragment) in targets)


def _columns_of_one_list(stats: TreeStats, best: int, removed: Collection[int]) -> int:
    """The table when the chosen block is one of its cells and the cells beside it hold lists of
    the same kind and about as much text: one list set in columns (an index A–Z, a directory), of
    which the scorer saw only the longest column."""
    el = stats.nodes[best]
    row = el.getparent()
    if el.tag != "td" or row is None or row.tag != "tr" or _list_tag(el) is None:
        return best
    table = next(row.iterancestors("table"), None)
    found = stats.index.get(table) if table is not None else None
    if found is None or found in removed:
        return best
    size = subtree_chars(stats, best)
    columns = [cell for cell in row if cell.tag == "td"]
    for cell in columns:
        index = stats.index.get(cell)
        if index is None or index in removed or _list_tag(cell) != _list_tag(el):
            return best
        if subtree_chars(stats, index) * _COLUMN_SHARE < size:
            return best
    return found if len(columns) >= 2 else best


def _table_of_the_cell(stats: TreeStats, best: int, removed: Collection[int]) -> int:
    """The box holding the table when the chosen block is a cell of a table of data (a member list,
    its longest signature the cell that scored best): a row of data is no document, the table is.
    A cell of a table laying out the page (a column of text beside a column of menus) stays."""
    if stats.nodes[best].tag not in CELLS:
        return best
    table = next(stats.nodes[best].iterancestors("table"), None)
    if table is None or not is_data_table(table):
        return best
    for box in table.iterancestors():
        found = stats.index.get(box)
        if found is None or found in removed:
            return best
        if box.tag in _CONTAINERS:
            return found
    return best


def _sections_of_one_listing(stats: TreeStats, best: int, removed: Collection[int]) -> tuple[int, list[int]]:
    """On a page that is a list of links, the box holding the chosen section and its siblings when
    they are alike (same tag and class) and each holds a list: one listing in several sections (a
    site map's "Modules", "How-to", "Developer" parts), of which the scorer saw only the longest.
    Also those of the sections that open with their heading, which stand or fall together: a part
    whose links are shorter than the others' ("Release notes", "License") is no menu beside them.
    When the scorer chose the box itself, its sections are found among its children."""
    node = best
    for _ in range(WRAPPERS):  # the chosen block, or the section a few boxes up that holds it
        el, parent = stats.nodes[node], stats.parents[node]
        if parent < 0:
            break
        if el.tag in _SECTION_TAGS and el.find(".//li") is not None:
            headed = _alike_sections(stats, parent, removed, (el.tag, el.get("class")))
            if headed is not None:
                return parent, headed
        node = parent
    kinds = dict.fromkeys(  # in the order of the page: the same answer on every run
        (stats.nodes[child].tag, stats.nodes[child].get("class"))
        for child in stats.children(best)
        if stats.nodes[child].tag in WRAPPER_TAGS
    )
    for kind in kinds:
        headed = _alike_sections(stats, best, removed, kind)
        if headed:
            return best, headed
    return best, []


def _alike_sections(
    stats: TreeStats, box: int, removed: Collection[int], kind: tuple[str, str | None]
) -> list[int] | None:
    """The sections of ``box`` that open with their heading, when its children of ``kind`` (tag and
    class) that hold a list are two or more and hold most of its text; None when they are not."""
    alike = [
        child
        for child in stats.children(box)
        if child not in removed
        and (stats.nodes[child].tag, stats.nodes[child].get("class")) == kind
        and stats.nodes[child].find(".//li") is not None
    ]
    inside = sum(subtree_chars(stats, child) for child in alike)
    if len(alike) < 2 or inside * _ALIKE_SHARE < subtree_chars(stats, box):
        return None
    headed = [child for child in alike if opening_heading(stats.nodes[child]) is not None]
    return headed if len(headed) >= 2 else []


def _list_tag(cell: HtmlElement) -> str | None:
    """The tag of the lists a cell holds when it holds lists only (headings between them aside)."""
    tags = {child.tag for child in cell if isinstance(child.tag, str) and child.tag not in HEADING_TAGS}
    if len(tags) != 1:
        return None
    tag = tags.pop()
    return tag if tag in LISTS or tag == "dl" else None


def is_declared_main(el: HtmlElement) -> bool:
    """The page's main region, as its markup declares it: ``<main>`` or ``role="main"``."""
    return bool(el.tag == "main" or el.get("role") == "main")


# the regions a page declares its main ones, found in C (most pages have one or none)
_DECLARED_MAIN = lxml.etree.XPath("descendant-or-self::main | descendant-or-self::*[@role='main']")


def _declared_regions(stats: TreeStats, removed: Collection[int]) -> tuple[int, ...]:
    """The blocks that are regions the page declares its main ones (:func:`is_declared_main`) and
    that cleaning kept, in document order."""
    if not stats.nodes:
        return ()
    found = (stats.index.get(el) for el in _DECLARED_MAIN(stats.nodes[0]))
    return tuple(sorted(i for i in found if i is not None and i not in removed))


def is_around_declared_main(outer: HtmlElement, inner: HtmlElement) -> bool:
    """``inner`` lies in the page's declared main region (:func:`is_declared_main`) and ``outer``
    (of the same page, parsed again) holds that region and what lies outside it."""
    inside = is_declared_main(inner) or any(map(is_declared_main, inner.iterancestors()))
    return inside and any(region is not outer for region in _DECLARED_MAIN(outer))


def _descend(scores: Scores, best: int) -> int:
    """Go down while one child container holds nearly all the prose of the container first chosen.

    What is left behind is a title, a byline, a standfirst; measured against the first choice,
    and with at most :data:`_DESCEND_PARAGRAPHS` prose paragraphs left behind in all, so a chain
    of nested sections (each with a paragraph of its own) cannot be eroded; never a code block,
    never a table of contents (``contents``, see :func:`_contents_lists`: a chapter's list of its
    pages between its title and its first section). A box named like a sidebar (``discounted``)
    beside the child is left behind whole and not counted: its prose weighs at a discount, yet a
    stream of other posts can hold more of it than a short post does. One that holds an
    ``<article>``, ``<main>`` or ``<h1>`` (see :func:`_holds_an_article`: a box named for a layout
    feature around the page's text) still counts in the first choice's text, though the descent
    never goes into a box named like a sidebar. A child the page declares its main region
    (:func:`is_declared_main`) is gone down into when it holds more than half of the prose: what
    lies beside it (a community's description and rules beside a thread) is outside the page's text
    by the page's own word; so is the one such region further down (a layout's column, under an
    alert over the whole page).
    """
    stats, good, removed, sidebars = scores.stats, scores.good, scores.removed, scores.discounted
    prose = paragraphs_of_prose(stats, removed)
    whole, first = good[best], prose[best]
    while True:
        kept = [
            child for child in stats.children(best) if child not in removed
        ]  # never into what cleaning took
        if best not in sidebars:  # a box named like a sidebar beside the text is left behind, whole
            aside = [
                child for child in kept if child in sidebars and not _holds_an_article(stats.nodes[child])
            ]
            whole -= sum(good[child] for child in aside)
            first -= sum(prose[child] for child in aside)
            kept = [child for child in kept if child not in sidebars]
        top = max(kept, key=good.__getitem__, default=None)
        if top is not None and is_declared_main(stats.nodes[top]) and good[top] * 2 > whole:
            best = top  # the region the page declares its main one, holding most of the prose
            continue
        declared = _declared_main_below(scores, best)
        if declared is not None and good[declared] * 2 > whole:
            best = declared  # the same, further down (in a layout's columns)
            continue
        if (
            top is None
            or stats.nodes[top].tag not in _CONTAINERS
            or good[top] < _DESCEND_SHARE * whole
            or first - prose[top] > _DESCEND_PARAGRAPHS
            or _has_code_beside(stats, best, top)
            or _has_contents_beside(stats, best, top, scores.contents)
        ):
            return best
        best = top


def _declared_main_below(scores: Scores, best: int) -> int | None:
    """The one region below ``best`` that the page declares its main one (:func:`is_declared_main`),
    not taken out by cleaning; None when there is none or more than one."""
    end = scores.stats.ends[best]
    found = [i for i in scores.declared if best < i <= end]
    return found[0] if len(found) == 1 else None


def _holds_an_article(el: HtmlElement) -> bool:
    """``el`` holds an ``<article>``, ``<main>`` or ``<h1>``: a box named for a feature of the layout
    ("container penci_sidebar": it has a sidebar) around the page's own text, not a sidebar."""
    return has_any(el, ("article", "main", "h1"))


def _heading_first(el: HtmlElement) -> HtmlElement | None:
    """The heading ``el`` opens with, past empty anchors before it (Sphinx's ``<span
    id="label"></span>`` targets); None when text or another element comes first."""
    if (el.text or "").strip():
        return None
    for child in el:
        if not isinstance(child.tag, str):
            continue
        if child.tag in HEADING_TAGS:
            return child
        if child.tag not in ("a", "span") or len(child) or child.text_content().strip():
            return None
        if (child.tail or "").strip():
            return None
    return None


def _ascend(scores: Scores, best: int) -> int:
    """The section of a document that holds ``best``, when ``best`` is one of its subsections and it
    scores nearly as well with more text for the reader.

    ``best`` is an anchored section (it has an ``id``) that opens with a heading, and the box
    around it opens with a heading of a higher level (``<section><h1>…</h1>…<section id="…"><h2>…``):
    the page's document and one of its parts. The part
    scores best when another part of the document costs more than the rest adds (a closing "Full
    table of contents" of links); the document is what the page is, and :func:`_prune` takes that
    part out of it. It is taken when, without its parts that cost, it scores at least
    :data:`_ASCEND_NET` of the part's score and holds :data:`_ASCEND_TEXT` times its text.
    """
    stats, net, good = scores.stats, scores.net, scores.good
    parents, nodes = stats.parents, stats.nodes
    while True:
        up = parents[best]
        if up < 0 or nodes[up].tag not in _CONTAINERS or nodes[up].tag == "body":
            return best
        # its score without the parts that cost (a list of links: pruned, if it is taken)
        costs = (net[part] for part in stats.children(up) if part != best and part not in scores.removed)
        kept = net[up] - sum(min(cost, 0.0) for cost in costs)
        if kept < net[best] * _ASCEND_NET or good[up] < good[best] * _ASCEND_TEXT:
            return best
        inner, outer = _heading_first(nodes[best]), _heading_first(nodes[up])
        if inner is None or outer is None or str(outer.tag) >= str(inner.tag) or not nodes[best].get("id"):
            return best
        best = up


def _with_later_sections(scores: Scores, best: int) -> tuple[int, list[int]]:
    """The box holding ``best`` and the later sections of the same document beside it, with the
    boxes of those sections (kept whole: a section's signatures and one-line summaries cost more
    than they weigh, one by one); ``(best, [])`` when there are none.

    API references set a description first, then sections under headings with anchors of their own
    ("Required Methods", "Implementations", "Structs"), each a box of its own beside the
    description, and often one long list of links among them ("Implementors") that outweighs them
    all. The description alone scores best; the sections are the rest of the same text. Wrappers
    that add nothing to ``best`` are gone through first. A later section counts when its heading
    has an ``id`` (a document's section anchor), names no boilerplate section ("Related posts",
    "Comments") and the box after it weighs at least half of what it costs (a table of names and
    their one-line summaries does; the long list of links does not), and so does a later section
    that holds its own heading (Sphinx's ``<section id>``, :func:`_is_anchored_part`) and weighs as
    much; the box's other parts are left to :func:`_prune`.
    """
    stats, good = scores.stats, scores.good
    parents, nodes = stats.parents, stats.nodes
    top = best
    while parents[top] >= 0 and good[parents[top]] - good[top] < _WRAPPER_TEXT:
        top = parents[top]
    box = parents[top]
    if box < 0 or nodes[box].tag not in _CONTAINERS:
        return best, []
    later = [child for child in stats.children(box) if child > top and child not in scores.removed]
    parts = [part for heading, part in pairwise(later) if _is_section_under(scores, nodes[heading], part)]
    # a section that holds its own heading (Sphinx's ``<section id>``), weighing half of what it costs
    parts += [
        part
        for part in later
        if _is_anchored_part(nodes[part]) and scores.net[part] + scores.good[part] > 0 and part not in parts
    ]
    return (box, sorted(parts)) if parts else (best, [])


def _with_notes_after(scores: Scores, best: int) -> tuple[int, list[int]]:
    """The box holding ``best`` and the text's notes set right after it (:func:`is_endnotes`), past
    a rule or a heading between them, with the boxes of that box to leave out (all but ``best``,
    the notes and what stands between them); ``(best, [])`` when no notes follow ``best``.

    A template may set a post's footnotes below the box of its text (``<div class="e-content">…</div>
    <hr class="footnotes-sep"><section class="footnotes">``): they are the text's, its sources and
    their links. The body is never taken so: the notes must share a box of the page's with the text.
    """
    stats, nodes = scores.stats, scores.stats.nodes
    box = stats.parents[best]
    if box < 0 or nodes[box].tag not in _CONTAINERS or nodes[box].tag == "body":
        return best, []
    children = [child for child in stats.children(box) if child not in scores.removed]
    between: list[int] = []
    for child in children[children.index(best) + 1 :]:
        el = nodes[child]
        if is_endnotes(el):
            kept = {best, child, *between}
            return box, [other for other in children if other not in kept]
        if not _is_notes_rule_or_heading(el):
            break
        between.append(child)
    return best, []


def _with_points_before(scores: Scores, best: int) -> tuple[int, list[int], list[int]]:
    """The box holding ``best``, the boxes of that box to leave out (all but ``best`` and the box of
    points) and the box of the text's points (:func:`is_box_of_points`) set right before ``best``:
    a live blog's key points above its entries, a review's good and bad points above its text.
    ``(best, [], [])`` when no such box stands right before it. As with the notes, the body is
    never taken so."""
    stats, nodes = scores.stats, scores.stats.nodes
    box = stats.parents[best]
    if box < 0 or nodes[box].tag not in _CONTAINERS or nodes[box].tag == "body":
        return best, [], []
    children = [child for child in stats.children(box) if child not in scores.removed]
    at = children.index(best)
    if at == 0 or not is_box_of_points(nodes[children[at - 1]]):
        return best, [], []
    points = children[at - 1]
    return box, [child for child in children if child not in (points, best)], [points]


def _with_ingredients(scores: Scores, best: int, ingredients: int) -> tuple[int, list[int]]:
    """The box holding ``best`` and a recipe's box of ``ingredients`` (:mod:`weblens.extract.recipes`)
    set apart from it (the ingredients in a card of their own beside the steps), with the boxes of
    that box holding neither, to leave out; ``(best, [])`` when the ingredients lie in ``best`` or
    only the page's body holds both."""
    stats = scores.stats
    box = next((up for up in (best, *stats.ancestors(best)) if _is_inside(stats, ingredients, up)), -1)
    if box == best or box < 0 or stats.nodes[box].tag in ("body", "html"):
        return best, []
    children = [child for child in stats.children(box) if child not in scores.removed]
    return box, [
        child
        for child in children
        if not _is_inside(stats, best, child) and not _is_inside(stats, ingredients, child)
    ]


def _boxes_up_to(stats: TreeStats, inner: int, outer: int) -> list[int]:
    """The boxes around block ``inner`` below block ``outer`` (none when ``inner`` is not inside it)."""
    if not _is_inside(stats, inner, outer):
        return []
    return list(takewhile(lambda up: up > outer, stats.ancestors(inner)))


def _is_notes_rule_or_heading(el: HtmlElement) -> bool:
    """A rule, or a heading of a few words ("Notes"), between a text and its notes."""
    if el.tag == "hr":
        return True
    return el.tag in HEADING_TAGS and len(el.text_content().split()) <= _NOTES_HEADING_WORDS


def _has_contents_beside(stats: TreeStats, box: int, kept: int, contents: Collection[int]) -> bool:
    """A table of contents in ``box`` outside its child ``kept``."""
    ends = stats.ends
    return any(box < found <= ends[box] and not kept <= found <= ends[kept] for found in contents)


def _has_code_beside(stats: TreeStats, box: int, kept: int) -> bool:
    """A code block in ``box`` outside its child ``kept``: a synopsis, an example — the text's,
    never a title or a byline left behind."""
    return any(
        child != kept and (stats.nodes[child].tag == "pre" or stats.nodes[child].find(".//pre") is not None)
        for child in stats.children(box)
    )


def _costly_below(stats: TreeStats, net: list[float], best: int) -> list[bool]:
    """Per block of ``best``'s subtree (indexed from ``best``): whether it or a block below it costs
    more than it adds (one reverse pass)."""
    parents = stats.parents
    costly = [weight < 0 for weight in net[best : stats.ends[best] + 1]]
    for offset in range(len(costly) - 1, 0, -1):
        if costly[offset]:
            costly[parents[best + offset] - best] = True
    return costly


def _has_one_line(stats: TreeStats, i: int) -> bool:
    """Block ``i``'s text stands in one block of its subtree: one line, whatever boxes wrap it (a
    heading that also holds a box of its date or its comment count holds two)."""
    return sum(1 for j in range(i, stats.ends[i] + 1) if stats.chars[j]) == 1


def _costs(scores: Scores, i: int) -> bool:
    """Block ``i`` costs more than it adds and is a box pruning may take out: its subtree weighs
    less than nothing, holds less than :data:`_PRUNE_GOOD` of prose, and it is a structural box."""
    return scores.net[i] < 0 and scores.good[i] < _PRUNE_GOOD and scores.stats.nodes[i].tag in _STRUCTURAL


_PruneRule = Callable[[Scores, int], bool]

_KEPT_THOUGH_COSTLY: tuple[tuple[str, _PruneRule], ...] = (
    ("an item of a list kept whole", lambda s, i: is_item_of_kept_list(s.stats, i)),
    ("the text of a data table's cell", lambda s, i: is_text_of_a_data_cell(s.stats.nodes[i])),
    ("a price", lambda s, i: is_price_line(s.stats, i)),
    (
        "a line leading into the list, quotation or code after it",
        lambda s, i: is_lead_in_to_a_block(s.stats.nodes[i]),
    ),
    ("a heading in a box of its own", lambda s, i: is_box_of_a_heading(s.stats, i)),
    ("a written paragraph", lambda s, i: has_written_paragraph(s.stats, i)),
    (
        "a paragraph of the text (links to other sites, a lead-in, a note), alone in its box or not",
        lambda s, i: (p := _paragraph_of(s.stats, i)) is not None and is_kept_paragraph(s.stats, p, s.site),
    ),
    ("a sentence of the text set as one link", lambda s, i: is_sentence_set_as_a_link(s.stats, i, s.site)),
    (
        "a linked sentence with its full stop after the link",
        lambda s, i: is_linked_sentence_with_its_stop(s.stats, i),
    ),
    ("a quotation's attribution", lambda s, i: is_attribution_of_a_quote(s.stats, i)),
    ("a code box", lambda s, i: code_box(s.stats.nodes[i])),  # reads the subtree's text
    ("a box mostly in code (a signature)", lambda s, i: is_mostly_code(s.stats, i)),
    ("a section holding a table of contents", lambda s, i: _has_contents(s.stats, i, s.contents)),
    ("a box holding a table of data", lambda s, i: holds_a_data_table(s.stats, i)),
    ("a box holding a bibliography", lambda s, i: holds_named_references(s.stats, i)),
    ("a box holding a note of the text", lambda s, i: holds_a_note(s.stats, i)),
    ("the text's files, or a box of them", lambda s, i: holds_attachments(s.stats, i)),
    ("a name beside its description", lambda s, i: is_name_of_its_description(s.stats, i, s.net)),
    ("a section under its anchored heading", lambda s, i: _is_section_under_its_heading(s, i)),
)
"""What stays although it costs, asked in this order (the cheap questions first; the first that
says yes keeps the block and its subtree is looked at block by block)."""


def _paragraph_of(stats: TreeStats, i: int) -> int | None:
    """Block ``i`` when it is a ``<p>``, or the ``<p>`` a box holds and nothing else (a page that sets
    each paragraph of its text in a ``<div>`` of its own); None otherwise."""
    while stats.nodes[i].tag != "p":
        if stats.chars[i] or stats.ends[i] == i or stats.ends[i + 1] != stats.ends[i]:
            return None  # text of its own, no block inside, or more than one block inside
        i += 1
    return i


def _is_section_under_its_heading(scores: Scores, i: int) -> bool:
    """A box right after its anchored heading (:func:`_is_section_under`), inside the content: the
    section's body, as :func:`_with_later_sections` keeps one beside the text (an API reference's
    "Trait Implementations": signatures with their "source" links, each with a line of description)."""
    heading = scores.stats.nodes[i].getprevious()
    return heading is not None and _is_section_under(scores, heading, i)


# anchored sections side by side, at least, that make a document of sections (a changelog's
# releases, a manual's parts); one is a box like any other
_SIBLING_SECTIONS = 2
# words of its own outside its heading and links, at least, that make such a section a part of the
# text ("Rewrote the <a>…</a>."); a section of links alone is a table of contents
_SECTION_OWN_WORDS = 2


def _is_part_among_parts(stats: TreeStats, i: int) -> bool:
    """An anchored part of a document (:func:`_is_anchored_part`) beside another such part, saying
    words of its own beside its links. Sphinx writes every part so: a changelog's short
    "Documentation" part of one linked item costs, and is as much the document as its other parts."""
    el = stats.nodes[i]
    if not _is_anchored_part(el) or _unlinked_words(el) < _SECTION_OWN_WORDS:
        return False  # (a section of links alone is a table of contents)
    parent = el.getparent()
    return parent is not None and sum(1 for other in parent if _is_anchored_part(other)) >= _SIBLING_SECTIONS


def _unlinked_words(el: HtmlElement) -> int:
    """Words of ``el`` outside its links and its opening heading."""
    heading = opening_heading(el)
    linked = sum(
        len(a.text_content().split()) for a in el.iter("a") if heading is None or not is_below(a, heading)
    )
    own = len(el.text_content().split()) - (len(heading.text_content().split()) if heading is not None else 0)
    return own - linked


def _is_anchored_part(el: HtmlElement) -> bool:
    """``el`` is a ``<section>`` with an ``id`` (its anchor), its class naming no role, that opens
    with a heading naming no boilerplate section ("Related posts"): a part of a document."""
    if el.tag != "section" or not el.get("id") or role_of(el.get("class") or "") is not None:
        return False
    heading = opening_heading(el)
    return heading is not None and not names_a_section(
        " ".join(heading.text_content().split()), str(heading.tag)
    )


def _is_section_under(scores: Scores, heading: HtmlElement, part: int) -> bool:
    """Block ``part`` is a document's section under ``heading``: the heading has an ``id`` (a section
    anchor) and names no boilerplate section ("Related posts", "Comments"), the part is no heading and
    weighs at least half of what it costs."""
    return (
        heading.tag in HEADING_TAGS
        and bool(heading.get("id"))
        and scores.stats.nodes[part].tag not in HEADING_TAGS
        and scores.net[part] + scores.good[part] > 0
        and (
            not names_a_section(" ".join(heading.text_content().split()), str(heading.tag))
            or is_a_documents_section(heading)
        )
    )


def _is_kept_though_costly(scores: Scores, i: int) -> bool:
    return any(is_kept(scores, i) for _, is_kept in _KEPT_THOUGH_COSTLY)


def _prune(
    scores: Scores, best: int, *, whole: Collection[int] = (), opened: Collection[int] = ()
) -> list[HtmlElement]:
    """Blocks inside ``best`` that cost more than they add (:func:`_costs`) and that no rule of
    :data:`_KEPT_THOUGH_COSTLY` keeps; blocks in ``whole`` are kept whole (the sections of one
    listing), and so are boxes of resources and labelled parts (see :func:`is_kept_whole`). Blocks
    in ``opened`` are never pruned whole, only looked into (the boxes holding a post's text)."""
    stats, removed, site = scores.stats, scores.removed, scores.site
    ends = stats.ends
    pruned: list[HtmlElement] = []
    i, end = best + 1, ends[best]
    costly = _costly_below(stats, scores.net, best)
    while i <= end:
        if i in removed or i in whole or not costly[i - best]:
            i = ends[i] + 1  # (nothing below costs: nothing there to prune)
        elif i in opened:
            i += 1
        elif stats.nodes[i].tag in HEADING_TAGS and _has_one_line(stats, i):
            i = ends[i] + 1  # a box inside a heading is the heading's text (<h2><div>Title</div></h2>)
        elif stats.nodes[i].tag != "p" and (is_kept_whole(stats, i, site) or is_labelled_part(stats, i)):
            i = ends[i] + 1  # kept whole, links and all
        elif _costs(scores, i) and not _is_kept_though_costly(scores, i):
            # asked only when it costs: kept whole, or pruned
            if not is_resources_box(stats, i, site) and not _is_part_among_parts(stats, i):
                pruned.append(stats.nodes[i])
            i = ends[i] + 1
        else:
            i += 1
    return pruned


def _named_content_instead(scores: Scores, best: int) -> int:
    """When the winner sits in a box named like a sidebar or a widget, a region apart from it that
    is named as the content (``id="main"``, ``class="post"``) and holds some prose wins instead: a
    short post beside a long sidebar is still the page's post (:func:`_is_post`)."""
    stats, good = scores.stats, scores.good
    prose = paragraphs_of_prose(stats, scores.removed)
    rivals = [
        i
        for i in range(len(stats))
        if i not in scores.removed
        and i not in scores.discounted
        and good[i] >= _MIN_CONTENT
        and _is_post(prose[i], good[i], good[best])
        and not _is_inside(stats, i, best)
        and not _is_inside(stats, best, i)
        and stats.nodes[i].tag in _CONTAINERS
        and content_named(f"{stats.nodes[i].get('class') or ''} {stats.nodes[i].get('id') or ''}")
    ]
    return max(rivals, key=good.__getitem__, default=best)


def _in_declared_main_instead(scores: Scores, best: int) -> int:
    """When the winner lies outside the one region the page declares its main one
    (:func:`is_declared_main`), and that region holds some prose, the best box inside the region
    wins instead: what lies outside it is outside the page's text by the page's own word (a payment
    dialog's notes at the end of the body, beside a short post in ``<main>``)."""
    stats, removed = scores.stats, scores.removed
    if len(scores.declared) != 1:
        return best
    main = scores.declared[0]
    if _is_inside(stats, best, main) or _is_inside(stats, main, best) or scores.good[main] < _MIN_CONTENT:
        return best
    inside = (i for i in range(main, stats.ends[main] + 1) if i not in removed)
    return _container_of(stats, max(inside, key=scores.net.__getitem__))


def _is_post(paragraphs: float, score: float, sidebar: float) -> bool:
    """A box with this many ``paragraphs`` of prose and this ``score`` can be the page's short post
    beside a box named like a sidebar or a widget of score ``sidebar``: it holds a paragraph of
    prose, or :data:`_POST_BESIDE_SIDEBAR` of the sidebar's score. A headline's box (a title, a
    byline, share buttons) is neither, beside an article whose blocks are named widgets
    (``class="article-widgets"``)."""
    return paragraphs >= 1 or score >= _POST_BESIDE_SIDEBAR * sidebar


def _has_contents(stats: TreeStats, i: int, contents: Collection[int]) -> bool:
    """A section of the text that holds a table of contents (a chapter's section: its heading, a
    line introducing it, the contents of its pages): not pruned whole, for its contents are links."""
    end = stats.ends[i]
    return stats.nodes[i].tag in ("div", "section") and any(i < found <= end for found in contents)


def _is_inside(stats: TreeStats, inner: int, outer: int) -> bool:
    return outer <= inner <= stats.ends[outer]


def _container_of(stats: TreeStats, i: int) -> int:
    """Block ``i``, or the box around it that is a container: a paragraph is never the whole
    article."""
    while stats.nodes[i].tag not in _CONTAINERS and stats.parents[i] >= 0:
        i = stats.parents[i]
    return i


def _is_unsure(scores: Scores, best: int) -> bool:
    """Little text, or a region apart from the best one that scores nearly as well."""
    net = scores.net
    return net[best] < _SURE_SCORE or _rival(scores, best) >= _RIVAL_SHARE * net[best]


def _rival(scores: Scores, best: int) -> float:
    """The best score of a region that is neither inside ``best`` nor around it."""
    stats = scores.stats
    return max(
        (
            scores.net[i]
            for i in range(len(stats))
            if i not in scores.removed and not _is_inside(stats, i, best) and not _is_inside(stats, best, i)
        ),
        default=0.0,
    )


def _second_opinion(scores: Scores, best: int) -> tuple[int, list[int]] | None:
    """The readability-style container and the siblings it leaves out, when it should decide:
    the two disagree, and either both found little (then the one with more prose wins) or the
    readability choice scores nearly as well by density too (a near tie, broken by concentration)."""
    stats, net, good = scores.stats, scores.net, scores.good
    pick = readability_pick(stats, scores.removed)
    if pick is None:
        return None
    chosen = pick.container
    if _is_inside(stats, best, chosen) or (
        _is_inside(stats, chosen, best) and good[chosen] >= _AGREE * good[best]
    ):
        return None  # the two opinions agree on the region: the density heuristic's cut stands
    if net[best] < _SURE_SCORE:
        if good[chosen] <= good[best]:
            return None
    elif net[chosen] < _TIE_SHARE * net[best]:
        return None
    left_out = [i for i in stats.children(chosen) if pick.merged and i != pick.top and i not in pick.merged]
    return chosen, left_out


def select_main(
    body: HtmlElement,
    stats: TreeStats,
    removed: Collection[int] = (),
    discounted: Collection[int] = (),
    *,
    listing: bool = False,
    site: str | None = None,
    thread: bool = False,
    pinned: int | None = None,
    ingredients: int | None = None,
) -> Selection:
    """The main-content element below ``body`` and how it was chosen; prunes it in place.

    ``stats`` are the block statistics of ``body``; ``removed`` the blocks cleaning took out.
    ``listing=True`` scores for a page that is a list (see :func:`_weight`) and skips the second
    opinion, which would look for an article. ``site`` is the page's site (see
    :func:`weblens.extract.urls.site_of`): a list of links to other sites inside the content stays.
    The density heuristic decides; when it is unsure (little text, or a rival region scoring
    nearly as well) the readability-style scorer gives a second opinion, and decides if the two
    disagree. With no container at all, the whole body is the content ("fallback"). A ``pinned``
    block (the box that shows the text the page declares, see :mod:`weblens.extract.declared`) is
    the content: only pruned. ``ingredients`` is the block of a recipe's ingredients (see
    :mod:`weblens.extract.recipes`): kept whole, with the content.
    """
    if ingredients in removed:  # (with the blocks of every box removed, those inside it)
        ingredients = None  # a hidden box of ingredients (cleaning removes it whatever its name) stays out
    # 1. score every block: its weight, summed over its subtree (net), and its prose alone (good)
    contents = _contents_lists(stats, removed)
    net, good = _sums(stats, removed, discounted, listing=listing, thread=thread, contents=contents)
    scores = Scores(
        stats=stats,
        net=net,
        good=good,
        removed=removed,
        discounted=discounted,
        contents=contents,
        site=site,
        listing=listing,
        declared=_declared_regions(stats, removed),
    )
    if pinned is not None and pinned not in removed:  # the box showing the declared text (never a
        # box cleaning removed: a hidden one is detached, and its text must not come back)
        box = _container_of(stats, pinned)
        for el in _prune(scores, box):
            drop(el)
        return Selection(element=stats.nodes[box], method=ExtractionMethod.DENSITY)
    # 2. the best-scoring box; nothing worth it: the whole body ("fallback")
    best = max((i for i in range(len(stats)) if i not in removed), key=net.__getitem__, default=None)
    if best is None or net[best] < _MIN_CONTENT:
        return Selection(element=body, method=ExtractionMethod.FALLBACK)
    best = _container_of(stats, best)
    # 3. a winner in a sidebar-named box gives way to a region named as the content
    named = _named_content_instead(scores, best) if best in discounted else best
    if named == best:  # 3b. a winner outside the region the page declares its main one gives way
        named = _in_declared_main_instead(scores, best)
    switched, best = named != best, named
    method = ExtractionMethod.DENSITY
    left_out: list[int] = []
    later: list[int] = []  # sections beside the text first chosen, kept whole
    posts: list[int] = []  # posts of a thread, looked into
    points: list[int] = []  # the box of the text's points set above it, looked into
    thread_end: list[HtmlElement] = []  # what follows a thread's last post
    # 4. when unsure, the readability-style scorer's second opinion; else 5. refine the box
    unsure = not switched and not listing and _is_unsure(scores, best)
    opinion = _second_opinion(scores, best) if unsure else None
    if opinion is not None:
        best, left_out = opinion
        method = ExtractionMethod.READABILITY
    else:
        best = _descend(scores, best)  # 5a. down past a title or byline beside the body
        best = _ascend(scores, best)  # 5b. up to the document when a part of it won
        best, later = _with_later_sections(scores, best)  # 5c. with the document's later sections
        if not thread:  # 5d. with the text's notes set below its box, or its points set above it
            best, left_out = _with_notes_after(scores, best)
            if not left_out:
                best, left_out, points = _with_points_before(scores, best)
    if ingredients is not None and not thread:  # 5e. with a recipe's ingredients set apart from its steps
        best, apart = _with_ingredients(scores, best, ingredients)
        left_out = [*left_out, *apart]
    if thread:  # 5f. one post of a thread (whichever scorer chose it): all its posts, or the post
        # and its replies beside it
        found = posts_of_the_thread(scores, best)
        if found.box != best:
            best, left_out = found.box, found.left_out
        posts = thread_posts(scores, best, found)
        later += found.replies  # kept whole: a reply's links and lines cost, one by one
        thread_end = after_the_last_post(scores, best, posts)
    # 6. a cell of a table set as columns of one list: the table
    best = _columns_of_one_list(stats, _table_of_the_cell(stats, best, removed), removed)
    sections = later
    if listing:
        best, sections = _sections_of_one_listing(stats, best, removed)
    # 7. prune what costs inside the box, and drop what the second opinion left out
    parts = post_parts(scores, posts)
    recipe = [] if ingredients is None else [ingredients]  # kept whole, the boxes around it looked into
    whole = [*sections, *parts.kept_whole, *recipe]
    opened = parts.opened.union(points, *(_boxes_up_to(stats, box, best) for box in recipe))
    pruned = _prune(scores, best, whole=whole, opened=opened)
    if thread:  # 8. on a thread, the lines every post repeats ("Log in to reply", a signature) and
        # the posters' cards beside their posts
        pruned += thread_chrome(scores, best, posts, parts)
    pruned += sign_in_prompts(stats.nodes[best], scores.site)  # 9. the lines asking the reader to sign in
    for el in [stats.nodes[i] for i in left_out] + pruned + thread_end:
        drop(el)
    return Selection(
        element=stats.nodes[best],
        method=method,
        posts=len(posts),
        post_texts=tuple(stats.nodes[i] for i in sorted(parts.lines)),
    )
