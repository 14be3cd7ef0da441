"""Find the element that holds the main content, and trim what does not belong to it.

Density heuristic: every block gets a weight — positive for prose (its characters outside
links), negative for chrome (link text, short lines without sentence punctuation) and for
teasers (summaries cut off with an ellipsis, or sitting in a list of "headline link + short
summary" cards). A container's score is the sum over the blocks inside it, computed bottom-up
in one pass; the best container maximises it, so it grows to take in the article's paragraphs
wherever they are split, and stops where link lists, menus and teaser lists would cost more than
they add. From there we descend while one child holds nearly all of the positive weight
(dropping a title or byline sitting beside the body), then prune descendants whose own sum is
negative.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Container
from dataclasses import dataclass
from itertools import pairwise
from urllib.parse import unquote

import lxml.etree
from lxml.html import HtmlElement

from weblens.extract.blocks import HEADING_TAGS, PROSE_CHARS, Block, TreeStats, accumulate, is_link, is_prose
from weblens.extract.clean import code_box, content_named, infobox, opening_heading
from weblens.extract.readability_style import readability_pick
from weblens.extract.tail import names_a_section, names_cross_references, opens_cross_reference
from weblens.extract.tree import drop, own_rows
from weblens.extract.trim import is_price
from weblens.extract.urls import elsewhere, site_of
from weblens.models import ExtractionMethod

__all__ = ["Selection", "block_weight", "select_main"]

# Units. A block's size is in characters as measure() counts them (a CJK character counts 3); a
# weight or a score is in the same characters ("characters of prose": a paragraph of 300 characters
# without links weighs 300). Shares are fractions of another score. Calibration: every threshold
# below was set by hand on the development corpora (ScrapingHub and CleanEval, ../shared/bench) as
# the selector grew; none was fitted by a search or checked alone on held-out pages (bench/pool.py
# measures the whole selector on the validation side of its pool).
_LINK_PENALTY = 1.5  # weight lost per character of link text, times the block's link density
_SHORT_LINE = 50  # characters: a line shorter than this without a sentence reads as a label or a button
_SHORT_PENALTY = 25.0  # weight such a short line costs (about half a short line's own weight)
_DESCEND_SHARE = 0.9  # share of the first choice's prose a child must hold to be gone down into
_DESCEND_PARAGRAPHS = 2  # prose paragraphs that may be left behind by going down, in all
_ASCEND_NET = 0.95  # of the part's score, the whole document's at least ...
_ASCEND_TEXT = 1.3  # ... holding this many times its text
_WRAPPER_TEXT = 40  # characters of text a box adds around the content and still only wraps it
_MIN_CONTENT = 25.0  # score (characters of prose) below which no box is the content: the whole body
_SURE_SCORE = 300.0  # below this much net prose the heuristic asks for a second opinion
_RIVAL_SHARE = 0.5  # a disjoint region scoring this share of the best one makes it unsure
_TIE_SHARE = 0.8  # a rival with this share of the best score is a tie, for readability to break
_AGREE = 0.8  # a second opinion inside the best container, with this share of its prose, agrees
_POST_LEVELS = 6  # boxes above the chosen text searched for the post it is one of, at most
_POSTS = 2  # posts alike in one box, at least, that make a thread
_POST_PROSE = 1.0  # characters of prose a post holds, at least (a post without text is an ad slot)
_PRUNE_GOOD = 200.0  # characters of prose: a box holding this much is never pruned, whatever it costs
_DISCOUNT = 0.3  # share of its weight left to prose in a box named sidebar, widget, footer…
# a list of links that is content (a table of contents, references): items of this many words
_LINK_ITEM_WORDS = 3.0
_LISTS = frozenset(("ul", "ol"))
_ITEMS = frozenset(("li", "dd", "dt"))
_WRAPPERS = 3  # boxes around a list of links, at most
_WRAPPER_TAGS = frozenset(("div", "section", "nav", "aside"))
_SECTION_TAGS = _WRAPPER_TAGS | _LISTS  # the boxes a listing's sections are set in
# the caption of a box holding a list of links: a heading-like line of a few words
_CAPTION_TAGS = frozenset(("p", "div", "span", "strong", "b"))
_CAPTION_WORDS = 6
# words of a paragraph of its own that leads into a list with a colon ("Currently, the HOWTOs are:"),
# and of the words a paragraph opens with before its link ("Further information: <a>")
_LEAD_WORDS = 4
_LINK_LEAD_WORDS = 5
_FULL_STOPS = frozenset(".!?。！？")
_OWN_WORDS = 3  # words a sentence opens with before its first link
_LABELLED = frozenset(("ul", "ol", "dl"))  # lists a caption may label
_GRID_REPEATS = 2  # cells of a kind in a grid of names and descriptions, at least
_LABEL_HEADING_WORDS = 3  # a heading that labels an entry's part ("Returns", "Return value")
_ALIKE_SHARE = 1.5  # sections alike hold at least 2/3 of their box's text: the box is the listing
# inline elements whose text runs on into a clause (a line break ends one; an empty anchor does not)
_INLINE_RUN = frozenset(
    ("a", "b", "strong", "i", "em", "cite", "code", "span", "font", "u", "abbr", "acronym", "q", "small",
     "big", "tt", "var", "kbd", "samp", "sub", "sup")
)  # fmt: skip
_INLINE_BOXES = frozenset(("span", "p", "strong", "b", "em", "i", "code"))
_COLUMN_SHARE = 3  # a column of a list set in columns holds at least a third of the longest's text
_REFERENCE_SEPARATORS = " \t\n\r,.;"  # between the references of a line of them
_AROUND_WORDS = 4  # ... or has of its own around its links, when it opens with fewer
_ENTRY_RUN = 3  # paragraphs numbered one after another that make a list
_LINES_BOX = frozenset(("p", "br", "hr"))  # what a box of paragraphs of links holds
_LABELS_SHARE = 3  # ... one label to three lines of links at most
_LABEL_WORDS = 6  # ... a label's words at most
_CONTENTS_NAME = re.compile(r"(?:^|[^a-z])(?:toc|toctree|contents)(?:$|[^a-z])", re.I)  # a contents box
_CONTENTS_ENTRIES = 2  # entries of a flat table of contents, at least
_CROSS_LABELS = HEADING_TAGS | {"p", "div", "span", "strong", "b", "dt"}  # what labels cross-references
_CROSS_LABEL_CHARS = 40  # characters of a "See also" label at most, with its white space
_CROSS_PARTS = frozenset(("ul", "ol", "dl", "p", "dd", "div"))  # what a "See also" label heads
# the number an entry of a list set as paragraphs opens with: "[12]", "12.", "12)"
_ENTRY_NUMBER = re.compile(r"\s*(?:\[(\d{1,3})\]|\((\d{1,3})\)|(\d{1,3})(?:\.(?!\d)|\)))")
# a table of data: at least this many rows, none with a block of its own in a cell
_DATA_ROWS = 3
_DAY_NUMBER = 2  # characters of a calendar's cell
_CELL_BLOCKS = frozenset(("ul", "ol", "dl", "div", "p", "table", "form", "h1", "h2", "h3", "h4", "h5", "h6"))
_INDEXED_SHARE = 10  # an index of the page's entries: all its rows but one in this many link into the page
_TARGET_NAMES = lxml.etree.XPath("//@id | //a/@name", smart_strings=False)
# a teaser card: a headline link and at most two short pieces of text, in a list of such cards
_CARD_CHARS = 700
_CARD_TEXTS = 2
_CARD_SIBLINGS = 3
_ENTRY_PARAGRAPHS = 2  # paragraphs of prose in a whole entry beside a card
_HEADLINE_LINK = 15
# a card for one thing in the text: this many links with text, all to one address, in a small box
_CARD_LINKS = 3
_ONE_CARD_CHARS = 300
_CARD_BLOCKS = 12
# notes: the roles that mark them, what may stand beside their list in its box, a back-link's text
_NOTES_ROLES = frozenset(("doc-endnotes", "doc-footnotes"))
_NOTES_BESIDE = frozenset(("hr", "h2", "h3", "h4", "h5", "h6", "p"))
_BACK_MARK = 3
_CELLS = frozenset(("td", "th"))
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


@dataclass(frozen=True, kw_only=True, slots=True)
class _Scores:
    """One page's block scores and what the passes of :func:`select_main` share; no pass changes it.

    ``net`` and ``good`` are per block, summed over its subtree: its weight (prose less chrome; see
    :func:`_weight`) and its positive weight only (how much prose it holds)."""

    stats: TreeStats
    net: list[float]
    good: list[float]
    removed: Collection[int]  # blocks cleaning took out
    discounted: Collection[int]  # blocks in boxes named like a sidebar, a widget, a footer
    contents: Collection[int]  # tables of contents (see _contents_lists)
    site: str | None  # the page's site (see weblens.extract.urls.site_of)
    listing: bool  # the page is a list of links or teasers
    thread: bool  # the page is a thread of posts (see weblens.extract.threads)


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
        and plain < _SHORT_LINE
        and tag not in _CELLS
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
    if not headlines and not sentences and size < _SHORT_LINE and tag not in _CELLS:
        weight -= _SHORT_PENALTY
    return weight


def _teasers(stats: TreeStats, removed: Collection[int]) -> set[int]:
    """Blocks that are the text of a card in a list of teaser cards (a headline link and a summary)."""
    count = len(stats)
    headline = [0.0] * count
    texts = [0.0] * count
    for i, (el, size, links) in enumerate(zip(stats.nodes, stats.chars, stats.links, strict=True)):
        if links >= _HEADLINE_LINK and links * 10 >= size * 7:
            headline[i] = 1.0
        elif size - links >= 40 and el.tag not in HEADING_TAGS:
            texts[i] = 1.0
    headline = accumulate(stats, headline, removed)
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
    if not listed:
        return inside
    prose = _prose(stats, removed)
    for i in listed:
        if not _is_entry_among_entries(stats, i, prose):
            inside.update(range(i, stats.ends[i] + 1))
    return inside


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
    contents: Collection[int] = (),
) -> tuple[list[float], list[float]]:
    teasers = set() if listing else _teasers(stats, removed)
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
    for i in contents:  # a table of contents costs nothing, as the text's part
        for j in range(i, stats.ends[i] + 1):
            net[j] = max(net[j], 0.0)
    good = [max(weight, 0.0) for weight in net]
    return accumulate(stats, net, removed), accumulate(stats, good, removed)


def _contents_lists(stats: TreeStats, removed: Collection[int]) -> list[int]:
    """The outermost lists that are tables of contents of other pages (see :func:`is_table_of_contents`),
    and the tables that index the page's own entries (see :func:`is_index_of_entries`)."""
    found: list[int] = []
    end = -1
    if not stats.nodes:
        return found
    targets = _Targets(stats.nodes[0])
    for el in stats.nodes[0].iter(*_LABELLED, "table"):  # document order, in C
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
    least :data:`_DATA_ROWS` rows of two or more cells with no block in them, nearly every row with
    a link to a place in this page (its ``#target`` is an ``id`` or an ``<a name>`` here) and a cell
    beside that link's. A menu laid out in a table links to other pages; an "on this page" list of
    the sections is a list, with nothing beside its links."""
    if table.find(".//table") is not None:
        return False  # a table of tables lays out a page
    rows = [row for row in table.iter("tr") if any(cell.tag in _CELLS for cell in row)]
    if len(rows) < _DATA_ROWS:
        return False
    missed = 0
    for row in rows:
        if sum(1 for cell in row if cell.tag in _CELLS) < 2 or not any(
            _is_target_here(a, targets) for a in row.iter("a")
        ):
            missed += 1
            if missed * _INDEXED_SHARE > len(rows):
                return False  # more rows without a link into the page than an index has
    return not any(block.tag in _CELL_BLOCKS for block in table.iterdescendants())


def _is_target_here(link: HtmlElement, targets: Container[str]) -> bool:
    """The link points to a place in this document: its fragment names one of ``targets``."""
    href = link.get("href") or ""
    cut = href.find("#")
    if cut < 0 or cut == len(href) - 1:
        return False
    fragment = href[cut + 1 :]
    return fragment in targets or ("%" in fragment and unquote(fragment) in targets)


def _prose(stats: TreeStats, removed: Collection[int]) -> list[float]:
    """Per block: how many paragraphs of prose (sentences, 80+ characters outside links) it holds."""
    paragraphs = [  # one pass over the parallel lists: this runs for every block of every page
        1.0 if is_prose(size, links, sentences) else 0.0
        for size, links, sentences in zip(stats.chars, stats.links, stats.sentences, strict=True)
    ]
    return accumulate(stats, paragraphs, removed)


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
    size = _subtree_chars(stats, best)
    columns = [cell for cell in row if cell.tag == "td"]
    for cell in columns:
        index = stats.index.get(cell)
        if index is None or index in removed or _list_tag(cell) != _list_tag(el):
            return best
        if _subtree_chars(stats, index) * _COLUMN_SHARE < size:
            return best
    return found if len(columns) >= 2 else best


def _table_of_the_cell(stats: TreeStats, best: int, removed: Collection[int]) -> int:
    """The box holding the table when the chosen block is a cell of a table of data (a member list,
    its longest signature the cell that scored best): a row of data is no document, the table is.
    A cell of a table laying out the page (a column of text beside a column of menus) stays."""
    if stats.nodes[best].tag not in _CELLS:
        return best
    table = next(stats.nodes[best].iterancestors("table"), None)
    if table is None or not _is_data_table(table):
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
    for _ in range(_WRAPPERS):  # the chosen block, or the section a few boxes up that holds it
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
        if stats.nodes[child].tag in _WRAPPER_TAGS
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
    inside = sum(_subtree_chars(stats, child) for child in alike)
    if len(alike) < 2 or inside * _ALIKE_SHARE < _subtree_chars(stats, box):
        return None
    headed = [child for child in alike if opening_heading(stats.nodes[child]) is not None]
    return headed if len(headed) >= 2 else []


def _list_tag(cell: HtmlElement) -> str | None:
    """The tag of the lists a cell holds when it holds lists only (headings between them aside)."""
    tags = {child.tag for child in cell if isinstance(child.tag, str) and child.tag not in HEADING_TAGS}
    if len(tags) != 1:
        return None
    tag = tags.pop()
    return tag if tag in _LISTS or tag == "dl" else None


def _subtree_chars(stats: TreeStats, i: int) -> int:
    return sum(stats.chars[i : stats.ends[i] + 1])


def _is_mostly_own_words(stats: TreeStats, i: int) -> bool:
    """Block ``i``'s subtree has text, less than half of it inside links."""
    size = _subtree_chars(stats, i)
    return size > 0 and sum(stats.links[i : stats.ends[i] + 1]) * 2 < size


def _descend(scores: _Scores, best: int) -> int:
    """Go down while one child container holds nearly all the prose of the container first chosen.

    What is left behind is a title, a byline, a standfirst; measured against the first choice,
    and with at most :data:`_DESCEND_PARAGRAPHS` prose paragraphs left behind in all, so a chain
    of nested sections (each with a paragraph of its own) cannot be eroded; never a code block,
    never a table of contents (``contents``, see :func:`_contents_lists`: a chapter's list of its
    pages between its title and its first section). A box named like a sidebar (``discounted``)
    beside the child is left behind whole and not counted: its prose weighs at a discount, yet a
    stream of other posts can hold more of it than a short post does. One that holds an
    ``<article>``, ``<main>`` or ``<h1>`` is no sidebar (see :func:`_holds_an_article`).
    """
    stats, good, removed, sidebars = scores.stats, scores.good, scores.removed, scores.discounted
    prose = _prose(stats, removed)
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


def _holds_an_article(el: HtmlElement) -> bool:
    """``el`` holds an ``<article>``, ``<main>`` or ``<h1>``: a box named for a feature of the layout
    ("container penci_sidebar": it has a sidebar) around the page's own text, not a sidebar."""
    return next(el.iter("article", "main", "h1"), None) is not None


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


def _ascend(scores: _Scores, best: int) -> int:
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


def _with_later_sections(scores: _Scores, best: int) -> tuple[int, list[int]]:
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
    their one-line summaries does; the long list of links does not); the box's other parts are
    left to :func:`_prune`.
    """
    stats, net, good = scores.stats, scores.net, scores.good
    parents, nodes = stats.parents, stats.nodes
    top = best
    while parents[top] >= 0 and good[parents[top]] - good[top] < _WRAPPER_TEXT:
        top = parents[top]
    box = parents[top]
    if box < 0 or nodes[box].tag not in _CONTAINERS:
        return best, []
    later = [child for child in stats.children(box) if child > top and child not in scores.removed]
    parts = [
        part
        for heading, part in pairwise(later)
        if nodes[heading].tag in HEADING_TAGS
        and nodes[heading].get("id")
        and nodes[part].tag not in HEADING_TAGS
        and net[part] + good[part] > 0
        and not names_a_section(" ".join(nodes[heading].text_content().split()), str(nodes[heading].tag))
    ]
    return (box, parts) if parts else (best, [])


def _post_kind(el: HtmlElement) -> tuple[str, frozenset[str]]:
    """What posts of one thread share: the tag and the class words without a digit (the post's
    number, "post-138", "wpfn-4", differs from post to post)."""
    words = (el.get("class") or "").split()
    return str(el.tag), frozenset(word for word in words if not any(c.isdigit() for c in word))


def _posts_of_the_thread(scores: _Scores, best: int) -> int:
    """On a thread page, the box holding the post ``best`` is in (or is) and the posts beside it:
    two or more boxes of one kind (:func:`_post_kind`) that hold prose. The chosen text is one post
    of the thread (the longest); the thread is all of them. ``best`` when it is in no such box."""
    stats, good = scores.stats, scores.good
    post = best
    for _ in range(_POST_LEVELS):
        box = stats.parents[post]
        if box < 0 or stats.nodes[box].tag == "body":
            return best
        kind = _post_kind(stats.nodes[post])
        posts = [
            child
            for child in stats.children(box)
            if child not in scores.removed
            and _post_kind(stats.nodes[child]) == kind
            and good[child] >= _POST_PROSE
        ]
        if len(posts) >= _POSTS and kind[1]:
            return box
        post = box
    return best


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


def _costs(scores: _Scores, i: int) -> bool:
    """Block ``i`` costs more than it adds and is a box pruning may take out: its subtree weighs
    less than nothing, holds less than :data:`_PRUNE_GOOD` of prose, and it is a structural box."""
    return scores.net[i] < 0 and scores.good[i] < _PRUNE_GOOD and scores.stats.nodes[i].tag in _STRUCTURAL


def _has_written_paragraph(stats: TreeStats, i: int) -> bool:
    """Block ``i``'s own text has a sentence and :data:`PROSE_CHARS` or more outside links: a
    written paragraph, however many links it carries. Unlike :func:`~weblens.extract.blocks.is_prose`
    no link share is asked, on purpose: a paragraph of the text that links a lot is still the text
    (asking it would change 6 of the 1,827 extracts of bench/outputs.py; not measured further, kept)."""
    return stats.sentences[i] and stats.chars[i] - stats.links[i] >= PROSE_CHARS


_PruneRule = Callable[[_Scores, int], bool]

_KEPT_THOUGH_COSTLY: tuple[tuple[str, _PruneRule], ...] = (
    ("an item of a list kept whole", lambda s, i: _is_item_of_kept_list(s.stats, i)),
    ("the text of a data table's cell", lambda s, i: _is_text_of_a_data_cell(s.stats.nodes[i])),
    ("a price", lambda s, i: _is_price(s.stats, i)),
    ("a written paragraph", lambda s, i: _has_written_paragraph(s.stats, i)),
    (
        "a paragraph of the text (links to other sites, a lead-in, a note)",
        lambda s, i: s.stats.nodes[i].tag == "p" and _is_kept_paragraph(s.stats, i, s.site),
    ),
    ("a code box", lambda s, i: code_box(s.stats.nodes[i])),  # reads the subtree's text
    ("a box mostly in code (a signature)", lambda s, i: _is_mostly_code(s.stats, i)),
    ("a section holding a table of contents", lambda s, i: _has_contents(s.stats, i, s.contents)),
    ("a name beside its description", lambda s, i: _is_name_of_its_description(s.stats, i, s.net)),
)
"""What stays although it costs, asked in this order (the cheap questions first; the first that
says yes keeps the block and its subtree is looked at block by block)."""


def _is_kept_though_costly(scores: _Scores, i: int) -> bool:
    return any(is_kept(scores, i) for _, is_kept in _KEPT_THOUGH_COSTLY)


def _prune(scores: _Scores, best: int, *, whole: Collection[int] = ()) -> list[HtmlElement]:
    """Blocks inside ``best`` that cost more than they add (:func:`_costs`) and that no rule of
    :data:`_KEPT_THOUGH_COSTLY` keeps; blocks in ``whole`` are kept whole (the sections of one
    listing), and so are boxes of resources and labelled parts (see :func:`_is_kept_whole`)."""
    stats, removed, site = scores.stats, scores.removed, scores.site
    ends = stats.ends
    pruned: list[HtmlElement] = []
    i, end = best + 1, ends[best]
    costly = _costly_below(stats, scores.net, best)
    while i <= end:
        if i in removed or i in whole or not costly[i - best]:
            i = ends[i] + 1  # (nothing below costs: nothing there to prune)
        elif stats.nodes[i].tag != "p" and (_is_kept_whole(stats, i, site) or _is_labelled_part(stats, i)):
            i = ends[i] + 1  # kept whole, links and all
        elif _costs(scores, i) and not _is_kept_though_costly(scores, i):
            if not _is_resources_box(stats, i, site):  # asked only when it costs: kept whole, or pruned
                pruned.append(stats.nodes[i])
            i = ends[i] + 1
        else:
            i += 1
    return pruned


def _is_mostly_code(stats: TreeStats, i: int) -> bool:
    """Most of the box's text is set in code: an API reference's signature (``fn clone(&self) ->
    Self``, its types linked) beside a "source" link, not a list of links."""
    end = stats.ends[i] + 1
    return sum(stats.codes[i:end]) * 2 > sum(stats.chars[i:end])


def _is_name_of_its_description(stats: TreeStats, i: int, net: list[float]) -> bool:
    """A link alone in its box, beside the box of its description in a row of these two (an API
    index's ``<div><a>BinaryHeap</a></div><div>A priority queue…</div>``), or in a grid of such
    pairs set as siblings (javadoc's ``div.col-first`` and ``div.col-last`` cells, each name before
    its description, their kinds of box repeating): what the description describes, kept with it
    when the description stays."""
    el = stats.nodes[i]
    row = el.getparent()
    if row is None or stats.links[i] != stats.chars[i] or not stats.chars[i]:
        return False
    parts = [child for child in row if isinstance(child.tag, str)]
    if len(parts) == 2:
        if parts[0] is not el:
            return False
        description = parts[1]
    else:
        description = next((part for part in el.itersiblings() if isinstance(part.tag, str)), None)
        if description is None or not _is_grid_pair(el, description, parts):
            return False
    described = stats.index.get(description)
    return described is not None and net[described] >= 0 and _is_mostly_own_words(stats, described)


def _is_grid_pair(name: HtmlElement, description: HtmlElement, parts: list[HtmlElement]) -> bool:
    """Two boxes of different kinds (their first class names) that each recur among their siblings."""
    kind, other = _kind(name), _kind(description)
    if not kind or not other or kind == other:
        return False
    kinds = [_kind(part) for part in parts]
    return kinds.count(kind) >= _GRID_REPEATS and kinds.count(other) >= _GRID_REPEATS


def _kind(el: HtmlElement) -> str:
    names = (el.get("class") or "").split()
    return names[0] if names else ""


def _is_labelled_part(stats: TreeStats, i: int) -> bool:
    """A box of a heading of a few words and the one part it heads, mostly words of its own (a
    manual entry's ``<h4>Returns</h4><p>the new <a>GArray</a></p>``, its parameters under
    "Parameters"): a part of the entry, short as it is. A heading over links (a box of categories)
    still costs."""
    headed = _headed_box(stats.nodes[i], targets=False)
    if headed is None or len(headed[0].text_content().split()) > _LABEL_HEADING_WORDS:
        return False
    part = stats.index.get(headed[1])
    return part is not None and _is_mostly_own_words(stats, part)


def _is_empty_anchor(el: HtmlElement) -> bool:
    """``<a name="…"></a>``: a target in the page, nothing to read."""
    return el.tag == "a" and el.get("href") is None and not el.text_content().strip()


def _is_kept_whole(stats: TreeStats, i: int, site: str | None) -> bool:
    """Content kept whole, links and all (each test is asked only of the tags it is about)."""
    tag = stats.nodes[i].tag
    if tag == "table":
        table = stats.nodes[i]
        return _is_data_table(table) or (_is_led_into(table) and _is_list_in_columns(table))
    if tag == "dl":
        return _is_list_of_content_links(stats, i) or _is_cross_references(stats.nodes[i])
    if tag not in _LISTS and tag not in _WRAPPER_TAGS:
        return False
    table = _wrapped_list(stats.nodes[i], ("table",)) if tag in _WRAPPER_TAGS else None
    if table is not None and _is_data_table(table):
        return True  # a box that only holds its table of data (to scroll it: "table-responsive")
    if tag == "div" and _is_card_of_one_thing(stats, i):
        return True
    if tag == "aside" and infobox(stats.nodes[i]):
        return True  # cleaning kept it as a box of facts in the text: short lines and links are its data
    return (
        _is_list_of_content_links(stats, i)
        or _is_cross_references(stats.nodes[i])
        or _is_numbered_references(stats, i)
        or _is_references(stats.nodes[i])
        or _is_endnotes(stats.nodes[i])
        or _is_list_in_prose(stats, i)
        or _is_list_of_links_out(stats, i, site)
    )


def _is_resources_box(stats: TreeStats, i: int, site: str | None) -> bool:
    """A box, a layout cell or a layout table of them, holding only paragraphs of links to other
    sites under short labels (see :func:`_is_box_of_links_out`): kept whole."""
    tag = stats.nodes[i].tag
    if tag == "table":
        return _is_table_of_links_out(stats, stats.nodes[i], site)
    return (tag == "div" or tag in _CELLS) and _is_box_of_links_out(stats, i, site)


def _is_kept_paragraph(stats: TreeStats, i: int, site: str | None) -> bool:
    """A paragraph of links that is content (its inline links need no protection of their own: it
    is asked only when it would be pruned)."""
    el = stats.nodes[i]
    return (
        _is_link_paragraph_in_prose(stats, i)
        or _is_cross_references(el)
        or _is_numbered_entry(el)
        or _is_references(el)
        or _is_run_of_links_out(stats, _run_of_lines(stats, el), site)
    )


def _run_of_lines(stats: TreeStats, el: HtmlElement) -> list[HtmlElement]:
    """The run of paragraphs of links ``el`` is one of (see :func:`_is_line_of_links`), over line
    breaks and empty paragraphs between them; empty when ``el`` is no such paragraph."""
    if not _is_line_of_links(stats, el):
        return []
    run = [el]
    for forward in (False, True):
        sibling = _next_paragraph(run[-1] if forward else run[0], forward)
        while sibling is not None and _is_line_of_links(stats, sibling):
            run.insert(len(run) if forward else 0, sibling)
            sibling = _next_paragraph(sibling, forward)
    return run


def _is_run_of_links_out(stats: TreeStats, run: list[HtmlElement], site: str | None) -> bool:
    """A run of :data:`_ENTRY_RUN` or more paragraphs of links, several words each, mostly to other
    sites and to many of them: the list of resources a text gives, set one link to a paragraph
    (what :func:`_is_list_of_links_out` keeps when it is a list). Links to the site's own pages (other
    stories, a menu) or to one other site again and again (the site's channel there, a sister
    site's stories) stay prunable."""
    if site is None or len(run) < _ENTRY_RUN:
        return False
    away = _links_away(run, site)
    sites = 0 if away is None else len({site_of(href) for href in away})
    return sites >= _ENTRY_RUN and sites * 2 >= len(run)


def _is_box_of_links_out(stats: TreeStats, i: int, site: str | None) -> bool:
    """A box of paragraphs that are links to other sites, under short labels of their groups, and
    nothing else (``<td><p><b>Local news</b></p><p><a>City of …</a></p>…<hr>…</td>``): the
    resources kept whole."""
    el = stats.nodes[i]
    if any(isinstance(child.tag, str) and child.tag not in _LINES_BOX for child in el):
        return False  # comments aside
    lines: list[HtmlElement] = []
    labels: list[HtmlElement] = []
    for child in el:
        if child.tag == "p" and child.text_content().strip():
            (lines if _is_line_of_links(stats, child) else labels).append(child)
    if len(labels) * _LABELS_SHARE > len(lines):
        return False
    if any(len(label.text_content().split()) > _LABEL_WORDS for label in labels):
        return False
    return _is_run_of_links_out(stats, lines, site)


def _is_table_of_links_out(stats: TreeStats, table: HtmlElement, site: str | None) -> bool:
    """A layout table each of whose cells is a box of links to other sites (see
    :func:`_is_box_of_links_out`)."""
    cells = [cell for row in own_rows(table) for cell in row if cell.tag in _CELLS]
    return bool(cells) and all(
        (found := stats.index.get(cell)) is not None and _is_box_of_links_out(stats, found, site)
        for cell in cells
    )


def _is_line_of_links(stats: TreeStats, el: HtmlElement) -> bool:
    """A paragraph that opens with a link and has fewer than :data:`_AROUND_WORDS` words of its own
    ("<a>Child Workers in Nepal</a> (Nepal)", "<a>The firewise page</a> (guides and checklists)")."""
    found = stats.index.get(el)
    if found is None or el.tag != "p" or not stats.links[found] or _lead(el):
        return False
    linked = sum(len(a.text_content().split()) for a in el.iter("a") if is_link(a))
    return len(el.text_content().split()) - linked < _AROUND_WORDS


def _next_paragraph(el: HtmlElement, forward: bool) -> HtmlElement | None:
    """The paragraph beside ``el``, over line breaks and empty paragraphs between them; None when
    text stands between the two."""
    current = el
    sibling = el.getnext() if forward else el.getprevious()
    while sibling is not None:
        between = current.tail if forward else sibling.tail
        if between and between.strip():
            return None
        if sibling.tag != "br" and not (sibling.tag == "p" and not sibling.text_content().strip()):
            return sibling
        current = sibling
        sibling = sibling.getnext() if forward else sibling.getprevious()
    return None


def _is_price(stats: TreeStats, i: int) -> bool:
    """A short line without links that is a price: a product's data (see :func:`is_price`)."""
    return stats.links[i] == 0 and stats.chars[i] < _SHORT_LINE and is_price(stats.nodes[i].text_content())


def _is_item_of_kept_list(stats: TreeStats, i: int) -> bool:
    """An item of a list, or the one block of such an item (``<dd><p>A <a>Station</a>.</p></dd>``).
    :func:`_prune` reaches an item only when its list was not pruned as a whole, so the list stays:
    it is kept whole, never left with holes where items are bare links."""
    el = stats.nodes[i]
    parent = el.getparent()
    if parent is not None and parent.tag in _ITEMS and len(parent) == 1:
        el, parent = parent, parent.getparent()
    if parent is None:
        return False
    return (el.tag == "li" and parent.tag in _LISTS) or (el.tag in ("dd", "dt") and parent.tag == "dl")


def _is_text_of_a_data_cell(el: HtmlElement) -> bool:
    """A short block of text in a table cell beside other cells (a catalogue's title and price
    wrapped in a ``<center>`` or ``<div>``): the cell's own text, which a short line without a
    sentence would otherwise cost. Links (a menu in a layout table's cell) still cost."""
    cell = el.getparent()
    if cell is None or cell.tag not in _CELLS:
        return False
    row = cell.getparent()
    if row is None or sum(1 for other in row if other.tag in _CELLS) < 2:
        return False
    text = len(el.text_content().strip())
    links = sum(len(a.text_content().strip()) for a in el.iter("a") if is_link(a))
    return 0 < text < _SHORT_LINE and links == 0


def _named_content_instead(scores: _Scores, best: int) -> int:
    """When the winner sits in a box named like a sidebar or a widget, a region apart from it that
    is named as the content (``id="main"``, ``class="post"``) and holds some prose wins instead: a
    short post beside a long sidebar is still the page's post."""
    stats, good = scores.stats, scores.good
    rivals = [
        i
        for i in range(len(stats))
        if i not in scores.removed
        and i not in scores.discounted
        and good[i] >= _MIN_CONTENT
        and not _is_inside(stats, i, best)
        and not _is_inside(stats, best, i)
        and stats.nodes[i].tag in _CONTAINERS
        and content_named(f"{stats.nodes[i].get('class') or ''} {stats.nodes[i].get('id') or ''}")
    ]
    return max(rivals, key=good.__getitem__, default=best)


def _is_list_of_content_links(stats: TreeStats, i: int) -> bool:
    """A list of links that reads as content: a table of contents, a list of references — items of
    several words each, right after a heading (a menu has one- or two-word items and no heading).
    The list may be wrapped in boxes of its own (``<div class="reflist"><ol>``): the heading is then
    the wrapper's."""
    el = stats.nodes[i]
    labelled = _labelled_list(el)
    wrapped = labelled if labelled is not None else _wrapped_list(el)
    if wrapped is None:
        return False
    # a definition list's terms label its groups ("Films by Frank Oz"): one item is a list too
    items = [item for item in wrapped if item.tag == ("dd" if wrapped.tag == "dl" else "li")]
    if wrapped.tag == "dl" and not items:
        items = [item for item in wrapped if item.tag == "dt"]  # terms alone: a list of them
    if len(items) < (1 if wrapped.tag == "dl" else 2):
        return False
    words = sum(len(item.text_content().split()) for item in items) / len(items)
    if words < _LINK_ITEM_WORDS:
        return False
    before = el.getprevious()
    while before is not None and before.tag == el.tag == "dl":
        before = before.getprevious()  # a run of definition lists under one heading
    return labelled is not None or (before is not None and before.tag in HEADING_TAGS)


def _is_numbered_references(stats: TreeStats, i: int) -> bool:
    """A section made of its heading and a numbered list of references, the numbers written in the
    items (``<h2>References</h2><div><ul><li>[1] <a>…</a></li><li>[2] …``): a bibliography, kept
    whole rather than pruned with its heading. A box of other stories does not number its links."""
    headed = _headed_box(stats.nodes[i])
    if headed is None:
        return False
    body = _wrapped_list(headed[1])
    if body is None or body.tag not in _LISTS:
        return False
    numbers = [_ENTRY_NUMBER.match(item.text_content()) for item in body if item.tag == "li"]
    run = [number for number in map(_number_of, numbers) if number is not None]
    return (
        len(run) >= _ENTRY_RUN and len(run) == len(numbers) and run == list(range(run[0], run[0] + len(run)))
    )


def _headed_box(el: HtmlElement, *, targets: bool = True) -> tuple[HtmlElement, HtmlElement] | None:
    """The heading and the one part it heads, when a box holds these two only (no text of its own).
    With ``targets=False`` an empty ``<a name>`` target in the box is no part of it."""
    if el.tag not in _WRAPPER_TAGS:
        return None
    parts = [child for child in el if isinstance(child.tag, str) and (targets or not _is_empty_anchor(child))]
    if len(parts) != 2 or parts[0].tag not in HEADING_TAGS:
        return None
    return None if (el.text or "").strip() else (parts[0], parts[1])


def _is_references(el: HtmlElement) -> bool:
    """A line of links, several words each, alone under its own heading, maybe in boxes of its own
    (``<h2>REFERENCES</h2><div><p><a>RFC 1738: Uniform Resource Locators</a> <a>RFC 2616: …</a></p>``):
    a list of references set as a paragraph, kept like a list of them; also the box of the heading
    and the line. Between the links nothing but separators; a heading that names a box of other
    stories or the site's sections leads into no content."""
    heading, el = _headed_box(el) or (el.getprevious(), el)
    if heading is None or heading.tag not in HEADING_TAGS:
        return False
    paragraph = _wrapped_list(el, wanted=("p",))
    if paragraph is None:
        return False
    links = [a for a in paragraph.iter("a") if is_link(a)]
    if len(links) < 2 or any((a.get("href") or "").startswith("#") for a in links):
        return False  # links to the page's own sections: its table of contents
    words = [len(a.text_content().split()) for a in links]
    if sum(words) < _LINK_ITEM_WORDS * len(links):
        return False
    own = paragraph.text_content()
    for a in links:
        own = own.replace(a.text_content(), " ", 1)
    if own.strip(_REFERENCE_SEPARATORS):
        return False  # words of its own (a sentence, a pointer's label) or a menu's bars
    return not names_a_section(" ".join(heading.text_content().split()), heading.tag)


def _is_cross_label(el: HtmlElement | None) -> bool:
    """A heading or a short label saying "See also" (see :func:`names_cross_references`)."""
    if el is None or el.tag not in _CROSS_LABELS:
        return False
    text = ""
    for piece in el.itertext():  # a label is short: stop reading a box of more
        text += piece
        if len(text) > _CROSS_LABEL_CHARS:
            return False
    return names_cross_references(" ".join(text.split()))


def _is_cross_references(el: HtmlElement) -> bool:
    """The document's own cross-references: a box that opens with a "See also" label (a manual's
    note, ``<div><p>See also</p><p><a>Pool recycling</a></p></div>``), or the list, line or
    definition that such a label or heading heads (an encyclopedia's ``<h2>See also</h2><ul>…``, an
    API entry's ``<dt>See Also:</dt><dd>…``). Its authors wrote it, as they wrote the text; a box
    of other stories is labelled otherwise ("Related", "Read more") and goes. A definition list
    with a "See Also:" term (an API entry's notes) is kept whole."""
    if el.tag == "dl":
        return any(_is_cross_label(term) for term in el.iterchildren("dt"))
    if el.tag == "p" and opens_cross_reference(el.text_content()):
        return True  # a line of the text pointing elsewhere ("<em><a>See also the i32 type</a>.</em>")
    first = next((child for child in el if isinstance(child.tag, str) and not _is_empty_anchor(child)), None)
    if (
        el.tag in _WRAPPER_TAGS
        and first is not None
        and first.getnext() is not None
        and _is_cross_label(first)
    ):
        return True
    before = el.getprevious()
    while before is not None and _is_empty_anchor(before):
        before = before.getprevious()
    return el.tag in _CROSS_PARTS and _is_cross_label(before)


def _is_card_of_one_thing(stats: TreeStats, i: int) -> bool:
    """A card for one thing set in the text, between its own sections (a shopping article's product
    box: the product's name, its price, the shop, "Buy now", each a link to the same offer): the
    article's content, links and all. Cards side by side are a grid of other stories, not this."""
    end = stats.ends[i]
    if end - i > _CARD_BLOCKS or sum(stats.chars[i : end + 1]) >= _ONE_CARD_CHARS:
        return False  # cheap first: a card is a small box
    el = stats.nodes[i]
    if not _has_one_destination(el):
        return False
    return not any(
        sibling is not None and sibling.tag == el.tag and _has_one_destination(sibling)
        for sibling in (el.getprevious(), el.getnext())
    )


def _has_one_destination(el: HtmlElement) -> bool:
    """A small box made of links (at least :data:`_CARD_LINKS` with text), all to one address."""
    texts: list[str] = []
    hrefs: set[str | None] = set()
    for a in el.iter("a"):
        text = " ".join(a.text_content().split())
        if text and is_link(a):
            texts.append(text)
            hrefs.add(a.get("href"))
    if len(hrefs) != 1 or len(texts) < _CARD_LINKS:
        return False
    total = len(" ".join(el.text_content().split()))
    return total < _ONE_CARD_CHARS and sum(map(len, texts)) * 10 >= total * 7


def _is_endnotes(el: HtmlElement) -> bool:
    """The notes of the text (footnotes, endnotes): a list whose every item links back to its
    reference in the text (``<a href="#fnref:1">↩</a>``, as Markdown processors, Pandoc and
    wikis write them), alone in its box but for a rule or a heading, or marked
    ``role="doc-endnotes"``. Their sources are the article's, links and all."""
    if el.get("role") in _NOTES_ROLES:
        return True
    if el.tag in _WRAPPER_TAGS:
        inner = [child for child in el if isinstance(child.tag, str) and child.tag not in _NOTES_BESIDE]
        if len(inner) != 1:
            return False
        el = inner[0]
    if el.tag not in _LISTS:
        return False
    items = [item for item in el if item.tag == "li"]
    return bool(items) and all(_is_link_back(item) for item in items)


def _is_link_back(item: HtmlElement) -> bool:
    """A note's link back to its reference: to an anchor in the page, a mark or a number."""
    return any(
        len(href := a.get("href") or "") > 1
        and href.startswith("#")
        and len(a.text_content().strip()) <= _BACK_MARK
        for a in item.iter("a")
    )


def _labelled_list(el: HtmlElement) -> HtmlElement | None:
    """The list of a box that holds a caption and a list only (Sphinx's table of contents:
    ``<div><p class="caption">User guide</p><ul>…</ul></div>``), or None. A caption is a short line
    without a sentence that names no box of other stories ("Related", "More from us"), and not a
    heading: a box headed by its own heading is a widget ("<h3>Feeds</h3><ul>…")."""
    children = [child for child in el if isinstance(child.tag, str)]
    if el.tag not in _WRAPPER_TAGS or len(children) != 2 or children[1].tag not in _LABELLED:
        return None
    if (el.text or "").strip() or any((child.tail or "").strip() for child in children):
        return None
    caption = " ".join(children[0].text_content().split())
    if children[0].tag not in _CAPTION_TAGS or not caption or len(caption.split()) > _CAPTION_WORDS:
        return None
    if (
        caption[-1] in ".!?:"
        or names_a_section(caption, children[0].tag)
        or children[0].find(".//a") is not None
    ):
        return None
    return children[1]


def _wrapped_list(el: HtmlElement, wanted: Collection[str] = ("ul", "ol", "dl")) -> HtmlElement | None:
    """``el`` itself when it is a list (or another of the ``wanted`` tags), or the one such element
    inside a chain of boxes holding nothing else (no text of their own, one child each)."""
    for _ in range(_WRAPPERS + 1):
        if el.tag in wanted:
            return el
        children = [child for child in el if isinstance(child.tag, str)]
        if el.tag not in _WRAPPER_TAGS or len(children) != 1 or (el.text or "").strip():
            return None
        if (children[0].tail or "").strip():
            return None
        el = children[0]
    return None


def _is_list_in_columns(table: HtmlElement) -> bool:
    """A layout table whose cells each hold one list and no other text: a list set in columns (when
    the text leads into it, ``<p>The following issues are online:</p><table><tr><td><ul>…``, one
    list of the text, as :func:`_is_list_in_prose` keeps one set alone)."""
    lists = 0
    for row in own_rows(table):
        for cell in row:
            if not isinstance(cell.tag, str) or not cell.text_content().strip():
                continue
            held = [child for child in cell if isinstance(child.tag, str) and child.text_content().strip()]
            if cell.tag not in _CELLS or len(held) != 1 or held[0].tag not in _LISTS:
                return False
            if (cell.text or "").strip() or (held[0].tail or "").strip():
                return False
            lists += 1
    return lists > 0


def _is_data_table(el: HtmlElement) -> bool:
    """A table of data (rows of several cells, most rows with words in a cell that is not a link;
    a title or a total may span the first or the last row): its links are the data's (the places,
    people, works a column names), not a menu. A menu laid out in a table has rows of links only,
    or labels between its groups; a calendar has a day number per cell; a layout table has blocks
    or tables in its cells (a table under a header row of several ``<th>`` may have lists and
    paragraphs in its cells: they are its data)."""
    if el.tag != "table":
        return False
    rows = list(el.iter("tr"))
    if any(inner is not el for inner in el.iter("table")) or len(rows) < _DATA_ROWS:
        return False
    first = [cell for cell in rows[0] if cell.tag in _CELLS]
    headed = len(first) >= 2 and all(cell.tag == "th" for cell in first)  # a header row: blocks may be data
    worded = 0
    for number, row in enumerate(rows):
        cells = [cell for cell in row if cell.tag in _CELLS]
        if not headed and any(block.tag in _CELL_BLOCKS for cell in cells for block in cell.iter()):
            return False
        if len(cells) < 2 and 0 < number < len(rows) - 1:
            return False  # a label between rows of links: a menu's groups
        worded += len(cells) >= 2 and any(_has_plain_words(cell) for cell in cells)
    data = [cell.text_content().strip() for cell in el.iter("td")]
    return (worded * 2 >= len(rows) or (headed and _is_grid_under_header(rows, len(first)))) and any(
        len(text) > _DAY_NUMBER for text in data
    )


def _is_grid_under_header(rows: list[HtmlElement], columns: int) -> bool:
    """Every row below the header row has one cell per column of the header: a grid of records (a
    list of releases, people, places, every cell a link to its page), however many of its cells are
    links. A menu set in a table has no header of several columns over rows of as many cells."""
    return all(sum(1 for cell in row if cell.tag in _CELLS) == columns for row in rows[1:])


def _has_plain_words(cell: HtmlElement) -> bool:
    """The cell holds a word or a number outside its links."""
    linked = " ".join(a.text_content() for a in cell.iter("a") if is_link(a))
    own = cell.text_content()
    for word in linked.split():
        own = own.replace(word, " ", 1)
    return any(any(ch.isalpha() for ch in word) or any(ch.isdigit() for ch in word) for word in own.split())


def _is_list_of_links_out(stats: TreeStats, i: int, site: str | None) -> bool:
    """A list of links to other sites inside the content: the sources, products or resources the
    text names, items of several words each (a box of other stories, a menu, links to the site's
    own pages, stay prunable)."""
    el = stats.nodes[i]
    if site is None or el.tag not in _LISTS:
        return False
    # its items: <li>s, or the boxes sloppy markup sets as items (<dd>s, <div>s straight in a <ul>)
    return _links_away([item for item in el if item.tag.__class__ is str], site) is not None


def _links_away(items: list[HtmlElement], site: str) -> list[str] | None:
    """The links to other sites of ``items`` (a list's items, a run of paragraphs of links), when
    they hold :data:`_LINK_ITEM_WORDS` words or more each on average and most of their links go to
    other sites; None when they do not."""
    if not items or sum(len(item.text_content().split()) for item in items) < _LINK_ITEM_WORDS * len(items):
        return None
    hrefs = [a.get("href") or "" for item in items for a in item.iter("a")]
    away = [href for href in hrefs if elsewhere(href, site)]
    return away if len(away) * 2 > len(hrefs) else None


def _is_list_in_prose(stats: TreeStats, i: int) -> bool:
    """A list set in the running text: mostly words, not links, with a paragraph of prose just before
    it, and either another just after it or the one before ending with a colon ("You will need:"),
    or right after a clause of the text that leads into it with a colon."""
    el = stats.nodes[i]
    inner = el if el.tag in _LISTS else _wrapped_list(el) if el.tag in _WRAPPER_TAGS else None
    if inner is None:
        return False  # a list, or the boxes around one list and nothing else (Sphinx's toctree)
    total = sum(stats.chars[j] for j in range(i, stats.ends[i] + 1))
    linked = sum(stats.links[j] for j in range(i, stats.ends[i] + 1))
    if not total:
        return False
    before, after = el.getprevious(), el.getnext()
    if linked * 2 > total:
        # a list of links between paragraphs is a box of other stories, unless the text leads
        # into it ("The guides cover three tasks, in this order:") or it is the contents of the
        # pages the text introduces
        return _is_led_into(el) or (
            before is not None
            and _is_heading_or_lead_in(stats, before)
            and (is_table_of_contents(inner) or _is_named_contents(el, inner))
        )
    if before is None:
        return False
    if not _is_written_paragraph(stats, before):
        return _is_lead_in(before)  # a short clause of the text leading into it ("… modules:")
    introduces = before.text_content().rstrip().endswith(":")
    return introduces or (after is not None and _is_written_paragraph(stats, after))


def _has_contents(stats: TreeStats, i: int, contents: Collection[int]) -> bool:
    """A section of the text that holds a table of contents (a chapter's section: its heading, a
    line introducing it, the contents of its pages): not pruned whole, for its contents are links."""
    end = stats.ends[i]
    return stats.nodes[i].tag in ("div", "section") and any(i < found <= end for found in contents)


def _is_heading_or_lead_in(stats: TreeStats, el: HtmlElement) -> bool:
    """A heading, or a paragraph of the text ending its sentence, just before what follows."""
    if el.tag in HEADING_TAGS:
        return True
    found = stats.index.get(el)
    return found is not None and el.tag == "p" and stats.sentences[found]


def is_table_of_contents(el: HtmlElement) -> bool:
    """A nested list of the contents of other pages: an entry links to a page and the list under it
    links to that page's sections (``a.html``, then ``a.html#install``), as a chapter's table of
    contents does — an item and the list inside it, or a definition list's term and the ``<dd>``
    after it (DocBook). A box of other stories is flat; a page's own "on this page" list links to
    its own anchors (``#install``) only."""
    for entry in el.iter("li", "dt"):
        link = _entry_link(entry)
        page = (link.get("href") or "").strip() if link is not None else ""
        if not page or "#" in page or page.lower().startswith(("javascript:", "mailto:")):
            continue
        subs = [sub for sub in entry if sub.tag in _LISTS or sub.tag == "dl"]
        after = entry.getnext()
        if entry.tag == "dt" and after is not None and after.tag == "dd":
            subs.append(after)
        if any((a.get("href") or "").startswith(page + "#") for sub in subs for a in sub.iter("a")):
            return True
    return False


def _is_named_contents(el: HtmlElement, inner: HtmlElement) -> bool:
    """A flat list of links to other pages in boxes named as a table of contents (Sphinx's
    ``div.toctree-wrapper``, a ``ul.toc``): the contents of the pages the text introduces, as a
    nested one is (see :func:`is_table_of_contents`). A page's own "on this page" list links to its
    anchors, and goes."""
    box: HtmlElement | None = inner
    while box is not None:
        if _CONTENTS_NAME.search(" ".join((box.get("class") or "", box.get("id") or ""))):
            break
        box = None if box is el else box.getparent()
    if box is None:
        return False
    pages = 0
    for entry in inner:
        link = _entry_link(entry) if entry.tag == "li" else None
        href = (link.get("href") or "").strip() if link is not None else ""
        if not href or href.startswith("#") or href.lower().startswith(("javascript:", "mailto:")):
            return False
        pages += 1
    return pages >= _CONTENTS_ENTRIES


def _entry_link(entry: HtmlElement) -> HtmlElement | None:
    """The link an entry of a list opens with, also inside an inline box (``<dt><span><a>``)."""
    for child in entry:
        if child.tag == "a":
            return child
        if child.tag in _INLINE_BOXES:
            return child.find(".//a")
    return None


def _is_led_into(el: HtmlElement) -> bool:
    """The text just before ``el`` leads into it (see :func:`_is_lead_in`): a paragraph before it,
    over empty ones and line breaks, or a clause set inline in the same box just before it
    (``<li>… please consult the updates:<p></p><ul>``, as old pages nest a list in an item)."""
    parts: list[str] = []
    linked = 0
    sibling = el.getprevious()
    while sibling is not None:
        if sibling.tail and sibling.tail.strip():
            parts.append(sibling.tail)
        tag = sibling.tag
        if not isinstance(tag, str):
            pass  # a comment: only its tail is text
        elif tag in _INLINE_RUN:
            parts.append(sibling.text_content())
            linked += sum(len(a.text_content()) for a in sibling.iter("a") if is_link(a))
        elif any(piece.strip() for piece in sibling.itertext()):  # a block with text: the paragraph
            return not "".join(parts).strip() and _is_lead_in(sibling)  # before, when no clause came between
        elif "".join(parts).strip():  # a line break, a rule, an empty paragraph: the clause before
            break  # the list starts after it
        sibling = sibling.getprevious()
    else:
        parent = el.getparent()
        if parent is not None and parent.text:
            parts.append(parent.text)
    return _is_lead_clause(" ".join("".join(reversed(parts)).split()), linked)


def _is_lead_clause(text: str, linked: int) -> bool:
    """A clause of several words, mostly not links, ending with a colon, that names no box of
    other stories ("Read more:", "Related:" are labels, not text)."""
    if not text.endswith(":") or len(text.split()) < _LEAD_WORDS or names_a_section(text[:-1], "p"):
        return False
    return linked * 2 < len(text)


def _is_lead_in(el: HtmlElement) -> bool:
    """A paragraph of the text that ends leading into what follows: a clause of several words,
    mostly not links, ending with a colon ("Read more:" or "Related:" are labels, not text)."""
    if el.tag != "p":
        return False
    text = " ".join(el.text_content().split())
    if not text.endswith(":"):
        return False
    return _is_lead_clause(text, sum(len(a.text_content()) for a in el.iter("a") if is_link(a)))


def _is_link_paragraph_in_prose(stats: TreeStats, i: int) -> bool:
    """A paragraph made mostly of links in the running text ("Read the report: <a>…</a>.", a
    footnote's source, "download the <a>Call for Proposals</a> and the <a>Cover Sheet</a>."): a
    sentence with some words of its own between two paragraphs of prose, or, anywhere in the
    content, a sentence its links sit inside. A box of other stories has no words of its own; a
    pointer ("Read more: <a>…</a>") is a label and a headline standing apart from the prose."""
    el = stats.nodes[i]
    if stats.chars[i] <= stats.links[i]:
        return False
    if _is_sentence_around_links(el):
        return True
    return (
        stats.sentences[i]
        and _is_written_paragraph(stats, el.getprevious())
        and _is_written_paragraph(stats, el.getnext())
    )


def _number_of(found: re.Match[str] | None) -> int | None:
    """The number an entry opens with ("[2]", "(2)", "2.", "2)"), from a match of
    :data:`_ENTRY_NUMBER`."""
    if found is None:
        return None
    return int(next(group for group in found.groups() if group is not None))


def _entry_number(el: HtmlElement | None) -> int | None:
    if el is None or el.tag != "p":
        return None
    found = _ENTRY_NUMBER.match(el.text_content())
    return _number_of(found)


def _is_numbered_entry(el: HtmlElement) -> bool:
    """An entry of a numbered list set as paragraphs ("[2] J. Karpinski, <a>J. Cryst. Growth 66</a>
    (1984)."), in a run of at least :data:`_ENTRY_RUN` paragraphs numbered one after another: a
    bibliography, numbered notes. A menu does not number its links."""
    number = _entry_number(el)
    if number is None:
        return False
    run = 1
    for forward in (False, True):
        step = 1 if forward else -1
        sibling = el.getnext() if forward else el.getprevious()
        while run < _ENTRY_RUN and _entry_number(sibling) == number + step:
            run += 1
            step += 1 if forward else -1
            sibling = sibling.getnext() if forward else sibling.getprevious()
    return run >= _ENTRY_RUN


def _is_sentence_around_links(el: HtmlElement) -> bool:
    """A sentence whose links sit inside it: it opens with words of its own and ends with a full
    stop, question or exclamation mark; or a clause of the text that leads into its link with a
    colon ("Take a look if you have not read it yet: <a>…</a>"). A label ("Read more:", "Related
    stories:") leads into nothing."""
    lead = _lead(el)
    if lead.endswith(":") and len(lead.split()) >= _LINK_LEAD_WORDS and not names_a_section(lead[:-1], "p"):
        return True
    if el.text_content().rstrip()[-1:] not in _FULL_STOPS:
        return False
    if lead.endswith(":"):  # a label, then a sentence of links with words of its own among them
        return _has_words_around_links(el)
    return len(lead.split()) >= _OWN_WORDS or (bool(lead) and _has_words_around_links(el))


def _lead(el: HtmlElement) -> str:
    """The words a block opens with before its first link, those set in emphasis or a font included
    ("<b>A:</b> For a page on <a>…</a>")."""
    parts: list[str] = []
    _text_until_a_link(el, parts)
    return " ".join(" ".join(parts).split())


def _text_until_a_link(el: HtmlElement, parts: list[str]) -> bool:
    """Appends ``el``'s text in reading order up to its first link; True when a link was reached."""
    parts.append(el.text or "")
    for child in el:
        if isinstance(child.tag, str) and (
            (child.tag == "a" and is_link(child)) or _text_until_a_link(child, parts)
        ):
            return True
        parts.append(child.tail or "")  # a comment's text is no text
    return False


def _has_words_around_links(el: HtmlElement) -> bool:
    """Words of its own around its links, :data:`_AROUND_WORDS` at least, some of them after its
    last link or between two of them ("See <a>The Warnings Filter</a> and <a>Describing Warning
    Filters</a> for more details.", "Timestamps follow <a>RFC 3339</a>, and positions follow
    <a>GeoJSON</a>."): links set inside a sentence, not a list of them."""
    links = [a for a in el.iter("a") if is_link(a)]
    if not links:
        return False
    words_after = any(ch.isalpha() for ch in links[-1].tail or "")
    words_between = any(any(ch.isalpha() for ch in a.tail or "") for a in links[:-1])
    if not (words_after or words_between):
        return False
    linked = sum(len(a.text_content().split()) for a in links)
    return len(el.text_content().split()) - linked >= _AROUND_WORDS


def _is_written_paragraph(stats: TreeStats, el: HtmlElement | None) -> bool:
    """``el`` is a ``<p>`` that is a written paragraph (see :func:`_has_written_paragraph`)."""
    if el is None or el.tag != "p":
        return False
    found = stats.index.get(el)
    return found is not None and _has_written_paragraph(stats, found)


def _is_inside(stats: TreeStats, inner: int, outer: int) -> bool:
    return outer <= inner <= stats.ends[outer]


def _is_unsure(scores: _Scores, best: int) -> bool:
    """Little text, or a region apart from the best one that scores nearly as well."""
    net = scores.net
    return net[best] < _SURE_SCORE or _rival(scores, best) >= _RIVAL_SHARE * net[best]


def _rival(scores: _Scores, best: int) -> float:
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


def _second_opinion(scores: _Scores, best: int) -> tuple[int, list[int]] | None:
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
) -> Selection:
    """The main-content element below ``body`` and how it was chosen; prunes it in place.

    ``stats`` are the block statistics of ``body``; ``removed`` the blocks cleaning took out.
    ``listing=True`` scores for a page that is a list (see :func:`_weight`) and skips the second
    opinion, which would look for an article. ``site`` is the page's site (see
    :func:`weblens.extract.urls.site_of`): a list of links to other sites inside the content stays.
    The density heuristic decides; when it is unsure (little text, or a rival region scoring
    nearly as well) the readability-style scorer gives a second opinion, and decides if the two
    disagree. With no container at all, the whole body is the content ("fallback").
    """
    # 1. score every block: its weight, summed over its subtree (net), and its prose alone (good)
    contents = _contents_lists(stats, removed)
    net, good = _sums(stats, removed, discounted, listing=listing, contents=contents)
    scores = _Scores(
        stats=stats,
        net=net,
        good=good,
        removed=removed,
        discounted=discounted,
        contents=contents,
        site=site,
        listing=listing,
        thread=thread,
    )
    # 2. the best-scoring box; nothing worth it: the whole body ("fallback")
    best = max((i for i in range(len(stats)) if i not in removed), key=net.__getitem__, default=None)
    if best is None or net[best] < _MIN_CONTENT:
        return Selection(element=body, method=ExtractionMethod.FALLBACK)
    parents = stats.parents
    while stats.nodes[best].tag not in _CONTAINERS and parents[best] >= 0:
        best = parents[best]  # a paragraph is never the whole article: take its container
    # 3. a winner in a sidebar-named box gives way to a region named as the content
    named = _named_content_instead(scores, best) if best in discounted else best
    switched, best = named != best, named
    method = ExtractionMethod.DENSITY
    left_out: list[int] = []
    later: list[int] = []  # sections beside the text first chosen, kept whole
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
        if thread:
            best = _posts_of_the_thread(scores, best)  # 5d. one post of a thread: all its posts
    # 6. a cell of a table set as columns of one list: the table
    best = _columns_of_one_list(stats, _table_of_the_cell(stats, best, removed), removed)
    sections = later
    if listing:
        best, sections = _sections_of_one_listing(stats, best, removed)
    # 7. prune what costs inside the box, and drop what the second opinion left out
    pruned = _prune(scores, best, whole=sections)
    for el in [stats.nodes[i] for i in left_out] + pruned:
        drop(el)
    return Selection(element=stats.nodes[best], method=method)
