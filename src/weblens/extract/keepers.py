"""What pruning keeps although it costs: recognisers of the kinds of block that are part of the text
(pure predicates over a page's block statistics and elements).

:func:`weblens.extract.content.select_main` prunes the boxes inside the content that cost more than
they add (links, short lines); a list of references, a data table whose cells are links, a "See
also" line, a lead-in and its list, endnotes, a card for one thing the text names are such boxes
and are text all the same. Each recogniser here says yes to one such kind; content.py asks them in
the order of its rule table (``_KEPT_THOUGH_COSTLY``) and through :func:`is_kept_whole`. Units and
calibration as in content.py: sizes in characters by ``measure()``, every threshold set by hand on
the development corpora.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from itertools import islice

import lxml.etree
from lxml.html import HtmlElement

from weblens.extract.blocks import (
    BLOCK_TAGS,
    CELL_BLOCKS,
    CELLS,
    HEADING_TAGS,
    PROSE_CHARS,
    TreeStats,
    is_link,
)
from weblens.extract.clean import infobox, is_named_references
from weblens.extract.dates import find_date
from weblens.extract.tail import names_a_section, names_cross_references, opens_cross_reference
from weblens.extract.text import word_count
from weblens.extract.tree import WORD_SPLIT, own_rows
from weblens.extract.trim import is_price
from weblens.extract.urls import elsewhere, site_of

__all__ = [
    "CELLS",
    "CELL_BLOCKS",
    "DATA_ROWS",
    "LABELLED",
    "LISTS",
    "SHORT_LINE",
    "WRAPPERS",
    "WRAPPER_TAGS",
    "has_written_paragraph",
    "holds_a_data_table",
    "holds_attachments",
    "is_attribution_of_a_quote",
    "is_box_of_a_heading",
    "is_box_of_points",
    "is_data_table",
    "is_endnotes",
    "is_headed_data_table",
    "is_item_of_kept_list",
    "is_kept_paragraph",
    "is_kept_whole",
    "is_labelled_part",
    "is_lead_in_to_a_block",
    "is_mostly_code",
    "is_mostly_own_words",
    "is_name_of_its_description",
    "is_price_line",
    "is_resources_box",
    "is_sentence_set_as_a_link",
    "is_table_of_contents",
    "is_text_of_a_data_cell",
    "subtree_chars",
]

SHORT_LINE = 50  # characters: a line shorter than this without a sentence reads as a label or a button
# a list of links that is content (a table of contents, references): items of this many words
_LINK_ITEM_WORDS = 3.0
# a citation's title, its words beside the work's linked number: this share of its item's characters,
# at least (a JIS reference "GDS 0001:2021 地理空間データ－用語": 10 of 23 characters, 0.43)
_CITATION_OWN = 0.4
_DATE_LINE_CHARS = 40  # characters of a line that states a date and nothing more, at most
LISTS = frozenset(("ul", "ol"))
_ITEMS = frozenset(("li", "dd", "dt"))
WRAPPERS = 3  # boxes around a list of links, at most
WRAPPER_TAGS = frozenset(("div", "section", "nav", "aside"))
# the caption of a box holding a list of links: a heading-like line of a few words
_CAPTION_TAGS = frozenset(("p", "div", "span", "strong", "b"))
_CAPTION_WORDS = 6
# words of a paragraph of its own that leads into a list with a colon ("Other resources include:",
# "Currently, the HOWTOs are:"; two words are a label: "Related links:", "Top stories:"). Was 4; 3
# keeps two CleanEval pages' lists of resources (F1 0.9149 → 0.9150) and changes no pool page
_LEAD_WORDS = 3
# and of the words a paragraph opens with before its link ("Further information: <a>")
_LINK_LEAD_WORDS = 5
_FULL_STOPS = frozenset(".!?。！？")
_OWN_WORDS = 3  # words a sentence opens with before its first link
LABELLED = frozenset(("ul", "ol", "dl"))  # lists a caption may label
_GRID_REPEATS = 2  # cells of a kind in a grid of names and descriptions, at least
_LABEL_HEADING_WORDS = 3  # a heading that labels an entry's part ("Returns", "Return value")
# inline elements whose text runs on into a clause (a line break ends one; an empty anchor does not)
_INLINE_RUN = frozenset(
    ("a", "b", "strong", "i", "em", "cite", "code", "span", "font", "u", "abbr", "acronym", "q", "small",
     "big", "tt", "var", "kbd", "samp", "sub", "sup")
)  # fmt: skip
_INLINE_BOXES = frozenset(("span", "p", "strong", "b", "em", "i", "code"))
_REFERENCE_SEPARATORS = " \t\n\r,.;"  # between the references of a line of them
_AROUND_WORDS = 4  # ... or has of its own around its links, when it opens with fewer
_ENTRY_RUN = 3  # paragraphs numbered one after another that make a list
# a publication's entry: a linked title of this many words, and this many words of its own
# besides (authors, venue, year: "Ann Lee and Bo Ek. In PLDI 2031." holds 8); a teaser's date
# line ("12 May 2024") holds 3
_TITLE_WORDS = 3
_ATTACHMENTS = 5  # files a line of attachments gives, at most
# a link to a document's file: an office document, a PDF, a spreadsheet, an archive of them
_FORMAT = re.compile(r"(?:\.|\b)(?:pdf|docx?|xlsx?|pptx?|od[tsp]|csv|rtf|zip|epub|excel|word)\b", re.I)
_DOCUMENT_FILE = re.compile(r"\.(?:pdf|docx?|xlsx?|pptx?|od[tsp]|csv|rtf|zip|epub)(?:[?#]|$)", re.I)
_CITATION_WORDS = 4
_YEAR = re.compile(r"\b(?:1[89]|20)\d\d\b")
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
DATA_ROWS = 3
_DAY_NUMBER = 2  # characters of a calendar's cell
_FIELD_LABEL_CHARS = 40  # characters of a field's label in a table of fields ("Reverse dependencies:")
# cells of a row of a record's fields, at least (a layout's row has two or three: menu, text, sidebar)
_RECORD_CELLS = 4
# a card for one thing in the text: this many links with text, all to one address, in a small box
_CARD_LINKS = 3
_ONE_CARD_CHARS = 300
_CARD_BLOCKS = 12
# notes: the roles that mark them, what may stand beside their list in its box, a back-link's text
_NOTES_ROLES = frozenset(("doc-endnotes", "doc-footnotes"))
_NOTES_BESIDE = frozenset(("hr", "h2", "h3", "h4", "h5", "h6", "p"))
_BACK_MARK = 3
_NOTE_NAMES = frozenset(("footnote", "endnote"))  # a class word naming one note of the text


def subtree_chars(stats: TreeStats, i: int) -> int:
    return sum(stats.chars[i : stats.ends[i] + 1])


def is_mostly_own_words(stats: TreeStats, i: int) -> bool:
    """Block ``i``'s subtree has text, less than half of it inside links."""
    size = subtree_chars(stats, i)
    return size > 0 and sum(stats.links[i : stats.ends[i] + 1]) * 2 < size


def has_written_paragraph(stats: TreeStats, i: int) -> bool:
    """Block ``i``'s own text has a sentence and :data:`PROSE_CHARS` or more outside links: a
    written paragraph, however many links it carries. Unlike :func:`~weblens.extract.blocks.is_prose`
    no link share is asked, on purpose: a paragraph of the text that links a lot is still the text
    (asking it would change 6 of the 1,827 extracts of bench/outputs.py; not measured further, kept)."""
    return stats.sentences[i] and stats.chars[i] - stats.links[i] >= PROSE_CHARS


def is_mostly_code(stats: TreeStats, i: int) -> bool:
    """Most of the box's text is set in code: an API reference's signature (``fn clone(&self) ->
    Self``, its types linked) beside a "source" link, not a list of links."""
    end = stats.ends[i] + 1
    return sum(stats.codes[i:end]) * 2 > sum(stats.chars[i:end])


def is_name_of_its_description(stats: TreeStats, i: int, net: list[float]) -> bool:
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
    return described is not None and net[described] >= 0 and is_mostly_own_words(stats, described)


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


def is_labelled_part(stats: TreeStats, i: int) -> bool:
    """A box of a heading of a few words and the one part it heads, mostly words of its own (a
    manual entry's ``<h4>Returns</h4><p>the new <a>GArray</a></p>``, its parameters under
    "Parameters"): a part of the entry, short as it is. A heading over links (a box of categories)
    still costs."""
    headed = _headed_box(stats.nodes[i], targets=False)
    if headed is None or len(headed[0].text_content().split()) > _LABEL_HEADING_WORDS:
        return False
    part = stats.index.get(headed[1])
    return part is not None and is_mostly_own_words(stats, part)


def _is_empty_anchor(el: HtmlElement) -> bool:
    """``<a name="…"></a>``: a target in the page, nothing to read."""
    return el.tag == "a" and el.get("href") is None and not el.text_content().strip()


def is_kept_whole(stats: TreeStats, i: int, site: str | None) -> bool:
    """Content kept whole, links and all (each test is asked only of the tags it is about)."""
    tag = stats.nodes[i].tag
    if tag == "table":
        table = stats.nodes[i]
        return is_data_table(table) or (_is_led_into(table) and _is_list_in_columns(table))
    if tag == "dl":
        return (
            _is_list_of_content_links(stats, i)
            or _is_cross_references(stats.nodes[i])
            or is_named_references(stats.nodes[i])
        )
    if tag == "figure":
        table = _table_of_figure(stats.nodes[i])
        return table is not None and is_data_table(table)
    if tag not in LISTS and tag not in WRAPPER_TAGS:
        return False
    table = _wrapped_list(stats.nodes[i], ("table",)) if tag in WRAPPER_TAGS else None
    if table is not None and is_data_table(table):
        return True  # a box that only holds its table of data (to scroll it: "table-responsive")
    if tag == "div" and _is_card_of_one_thing(stats, i):
        return True
    if tag == "div" and _is_a_note(stats.nodes[i]):
        return True  # a note of the text, set as a box of its own (Substack's "footnote" boxes)
    if tag == "aside" and infobox(stats.nodes[i]):
        return True  # cleaning kept it as a box of facts in the text: short lines and links are its data
    return (
        _is_list_of_content_links(stats, i)
        or _is_cross_references(stats.nodes[i])
        or _is_numbered_references(stats, i)
        or _is_references(stats.nodes[i])
        or is_named_references(stats.nodes[i])  # a bibliography by its name: the works the text cites
        or is_endnotes(stats.nodes[i])
        or _is_list_in_prose(stats, i)
        or _is_list_of_links_out(stats, i, site)
    )


def holds_a_data_table(stats: TreeStats, i: int) -> bool:
    """A box (``div``, ``section``…) with a table of data somewhere inside (:func:`is_data_table`):
    looked into rather than pruned whole, so that the table is judged as a table and what stands
    beside it (a caption, a "View all" link, a search box) on its own. A table of fixtures or
    releases sits deep in a plugin's boxes (``sp-template > sp-table-wrapper > …``)."""
    el = stats.nodes[i]
    return el.tag in WRAPPER_TAGS and any(is_data_table(table) for table in el.iter("table"))


def holds_named_references(stats: TreeStats, i: int) -> bool:
    """A box with a list named a bibliography inside (:func:`is_named_references`): looked into
    rather than pruned whole, so that the list is kept as the works the text cites (ReSpec's
    ``<section id="informative">`` around a heading's box and a ``<dl class="bibliography">``)."""
    el = stats.nodes[i]
    return el.tag in WRAPPER_TAGS and any(
        is_named_references(found) for found in el.iter("dl", "ol", "ul", "div") if found is not el
    )


def is_resources_box(stats: TreeStats, i: int, site: str | None) -> bool:
    """A box, a layout cell or a layout table of them, holding only paragraphs of links to other
    sites under short labels (see :func:`_is_box_of_links_out`): kept whole."""
    tag = stats.nodes[i].tag
    if tag == "table":
        return _is_table_of_links_out(stats, stats.nodes[i], site)
    return (tag == "div" or tag in CELLS) and _is_box_of_links_out(stats, i, site)


def is_kept_paragraph(stats: TreeStats, i: int, site: str | None) -> bool:
    """A paragraph of links that is content (its inline links need no protection of their own: it
    is asked only when it would be pruned)."""
    el = stats.nodes[i]
    return (
        _is_link_paragraph_in_prose(stats, i)
        or _is_source_of_the_text(stats, i, site)
        or _is_cross_references(el)
        or _is_numbered_entry(el)
        or _is_references(el)
        or _is_citation_among_others(el)
        or _is_attachment_line(el)
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
    cells = [cell for row in own_rows(table) for cell in row if cell.tag in CELLS]
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


def is_box_of_a_heading(stats: TreeStats, i: int) -> bool:
    """A box whose only text is one heading's: the text's heading set in a wrapper of its own
    (``<div dir="ltr"><h2><div><span>How to start</span></div></h2></div>``). A box of other stories
    holds its links beside its heading."""
    el = stats.nodes[i]
    headings = list(islice(el.iter(*HEADING_TAGS), 2))
    if len(headings) != 1 or headings[0] is el:
        return False
    own = " ".join(headings[0].text_content().split())
    return bool(own) and own == " ".join(el.text_content().split())


def is_price_line(stats: TreeStats, i: int) -> bool:
    """A short line without links that is a price: a product's data (see :func:`is_price`)."""
    return stats.links[i] == 0 and stats.chars[i] < SHORT_LINE and is_price(stats.nodes[i].text_content())


def is_item_of_kept_list(stats: TreeStats, i: int) -> bool:
    """An item of a list, or the one block of such an item (``<dd><p>A <a>Station</a>.</p></dd>``).
    :func:`_prune` reaches an item only when its list was not pruned as a whole, so the list stays:
    it is kept whole, never left with holes where items are bare links."""
    el = stats.nodes[i]
    parent = el.getparent()
    if parent is not None and parent.tag in _ITEMS and len(parent) == 1:
        el, parent = parent, parent.getparent()
    if parent is None:
        return False
    return (el.tag == "li" and parent.tag in LISTS) or (el.tag in ("dd", "dt") and parent.tag == "dl")


def is_text_of_a_data_cell(el: HtmlElement) -> bool:
    """A short block of text in a table cell beside other cells (a catalogue's title and price
    wrapped in a ``<center>`` or ``<div>``): the cell's own text, which a short line without a
    sentence would otherwise cost. Links (a menu in a layout table's cell) still cost, but for one
    link in a row of :data:`_RECORD_CELLS` short cells or more: a record's field linked to its page
    (a course's name and its college in a table pasted from a word processor, a paragraph per cell)."""
    cell = el.getparent()
    if cell is None or cell.tag not in CELLS:
        return False
    row = cell.getparent()
    cells = [] if row is None else [other for other in row if other.tag in CELLS]
    if len(cells) < 2:
        return False
    text = len(el.text_content().strip())
    if not 0 < text < SHORT_LINE:
        return False
    links = [a for a in el.iter("a") if is_link(a)]
    return not links or (
        len(links) == 1
        and len(cells) >= _RECORD_CELLS
        and all(len(other.text_content().strip()) < SHORT_LINE for other in cells)
    )


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
    words = sum(word_count(item.text_content()) for item in items) / len(items)
    if words < _LINK_ITEM_WORDS or _is_own_contents(items):
        return False
    before = el.getprevious()
    while before is not None and before.tag == el.tag == "dl":
        before = before.getprevious()  # a run of definition lists under one heading
    return labelled is not None or (before is not None and before.tag in HEADING_TAGS)


def _is_own_contents(items: list[HtmlElement]) -> bool:
    """A page's own table of contents: every item opens with a link to a section of the page
    (``<a href="#best-ultralight">Best Ultralight</a>``), a title, not a note's mark ("↑")."""
    for item in items:
        link = _entry_link(item)
        if link is None or not (link.get("href") or "").startswith("#"):
            return False
        if len(link.text_content().strip()) <= _BACK_MARK:
            return False
    return True


def _is_numbered_references(stats: TreeStats, i: int) -> bool:
    """A section made of its heading and a numbered list of references, the numbers written in the
    items (``<h2>References</h2><div><ul><li>[1] <a>…</a></li><li>[2] …``): a bibliography, kept
    whole rather than pruned with its heading. A box of other stories does not number its links."""
    headed = _headed_box(stats.nodes[i])
    if headed is None:
        return False
    body = _wrapped_list(headed[1])
    if body is None or body.tag not in LISTS:
        return False
    numbers = [_ENTRY_NUMBER.match(item.text_content()) for item in body if item.tag == "li"]
    run = [number for number in map(_number_of, numbers) if number is not None]
    return (
        len(run) >= _ENTRY_RUN and len(run) == len(numbers) and run == list(range(run[0], run[0] + len(run)))
    )


def _headed_box(el: HtmlElement, *, targets: bool = True) -> tuple[HtmlElement, HtmlElement] | None:
    """The heading and the one part it heads, when a box holds these two only (no text of its own).
    With ``targets=False`` an empty ``<a name>`` target in the box is no part of it."""
    if el.tag not in WRAPPER_TAGS:
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
    own = _text_outside(paragraph, links)
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
        el.tag in WRAPPER_TAGS
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


# A box of the text's points set right before it (a live blog's key points, a review's good and bad
# points): this many items in its lists, at least, each of this many words (text.word_count) at least
# and less than half of it in links. Set by hand on the probe pages of live blogs and reviews of our own
# (key points of 3 to 5 items of 6 to 20 words; a review's lists of 3 and 4 points of 6 to 12 words).
_POINTS = 3
_POINT_WORDS = 4


def is_box_of_points(el: HtmlElement) -> bool:
    """A box (or a list) of the text's points: items in its lists with less than half of each in links,
    :data:`_POINTS` or more of them, and three in four at least, points of :data:`_POINT_WORDS`
    words or more (the others a fact's label and value, "Attendance: 18,412"), and no more text
    outside them than in them (a heading over each list, a score, a price, a button to a shop)."""
    items = list(el.iter("li"))
    if len(items) < _POINTS:
        return False
    inside = points = 0
    for item in items:
        text = " ".join(item.text_content().split())
        linked = sum(len(" ".join(link.text_content().split())) for link in item.iter("a"))
        if not text or linked * 2 >= len(text):
            return False
        points += word_count(text) >= _POINT_WORDS
        inside += len(text)
    return (
        points >= max(_POINTS, 3 * len(items) / 4)
        and len(" ".join(el.text_content().split())) - inside <= inside
    )


def is_endnotes(el: HtmlElement) -> bool:
    """The notes of the text (footnotes, endnotes): a list whose every item links back to its
    reference in the text (``<a href="#fnref:1">↩</a>``, as Markdown processors, Pandoc and
    wikis write them), alone in its box but for a rule or a heading, or marked
    ``role="doc-endnotes"``. Their sources are the article's, links and all."""
    if el.get("role") in _NOTES_ROLES:
        return True
    if el.tag in WRAPPER_TAGS:
        inner = [child for child in el if isinstance(child.tag, str) and child.tag not in _NOTES_BESIDE]
        if len(inner) != 1:
            return False
        el = inner[0]
    if el.tag not in LISTS:
        return False
    items = [item for item in el if item.tag == "li"]
    return bool(items) and (all(_is_link_back(item) for item in items) or _are_marked_in_the_text(items))


def _are_marked_in_the_text(items: list[HtmlElement]) -> bool:
    """Every item is the target of a note's mark in the text (``<li id="noot1">`` and, above it,
    ``<sup><a href="#noot1">1</a></sup>``): the text's notes, though they link nowhere back."""
    idents = [item.get("id") for item in items]
    if not all(idents):
        return False
    marks = {
        href[1:]
        for a in items[0].getroottree().iter("a")
        if (href := a.get("href") or "").startswith("#") and len(a.text_content().strip()) <= _BACK_MARK
    }
    return all(ident in marks for ident in idents)


def _is_a_note(el: HtmlElement) -> bool:
    """A box of a note of the text that opens with its link back to the note's mark in the text,
    named for a note ("footnote", "endnote": ``<div class="footnote"><a href="#footnote-anchor-2">2</a>…``)
    or linked to by that mark (:func:`_is_paired_with_its_mark`: a statute's amendment notes)."""
    named = not _NOTE_NAMES.isdisjoint(WORD_SPLIT.split((el.get("class") or "").lower()))
    if not named and not el.get("id"):
        return False  # neither named a note nor a target a mark may link to
    first = next((a for a in el.iter("a") if a.get("href")), None)
    if first is None or not _is_link_back(first):
        return False
    return named or _is_paired_with_its_mark(el, first)


def holds_a_note(stats: TreeStats, i: int) -> bool:
    """A box with a note of the text inside (:func:`_is_a_note`): looked into rather than pruned
    whole (a statute's "Textual Amendments" box of one note under its label)."""
    el = stats.nodes[i]
    return el.tag in WRAPPER_TAGS and any(_is_a_note(box) for box in el.iterdescendants("div"))


def _is_paired_with_its_mark(note: HtmlElement, back: HtmlElement) -> bool:
    """The note's link back leads to a mark in the text that links to the note: ``<div
    id="commentary-key-f1"><a href="#reference-key-f1">F1</a>…`` and, in the text, ``<a
    id="reference-key-f1" href="#commentary-key-f1">F1</a>`` (legislation.gov.uk's amendments)."""
    ident = note.get("id")
    if not ident:
        return False
    target = (back.get("href") or "")[1:]
    return f"#{ident}" in _marks_of(note.getroottree().getroot()).get(target, ())


_ANCHORED_LINKS = lxml.etree.XPath("//a[@id]")
# the last document's links by their id (see _marks_of): one search of the page, not one a note
_MARKS: list[tuple[HtmlElement, dict[str, list[str]]]] = []


def _marks_of(root: HtmlElement) -> dict[str, list[str]]:
    """The addresses of ``root``'s links that have an ``id``, by that id, found once per document
    (asked of every box that may be a note, a search of the page each time was quadratic: 4,000
    such boxes took 22 s)."""
    cached = _MARKS[0] if _MARKS else None
    if cached is not None and cached[0] is root:
        return cached[1]
    found: dict[str, list[str]] = {}
    for link in _ANCHORED_LINKS(root):
        found.setdefault(link.get("id") or "", []).append(link.get("href") or "")
    _MARKS[:] = [(root, found)]
    return found


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
    if el.tag not in WRAPPER_TAGS or len(children) != 2 or children[1].tag not in LABELLED:
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
    for _ in range(WRAPPERS + 1):
        if el.tag in wanted:
            return el
        children = [child for child in el if isinstance(child.tag, str)]
        if el.tag not in WRAPPER_TAGS or len(children) != 1 or (el.text or "").strip():
            return None
        if (children[0].tail or "").strip():
            return None
        el = children[0]
    return None


def _table_of_figure(figure: HtmlElement) -> HtmlElement | None:
    """The table a ``<figure>`` shows, when it shows one and nothing else but its captions (a
    WordPress table block, ``<figure class="wp-block-table"><table>…</table><figcaption>``): the
    table, also in a chain of boxes around it; None for any other figure."""
    shown = [child for child in figure if isinstance(child.tag, str) and child.tag != "figcaption"]
    if len(shown) != 1 or (figure.text or "").strip() or (shown[0].tail or "").strip():
        return None
    return _wrapped_list(shown[0], ("table",))


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
            if cell.tag not in CELLS or len(held) != 1 or held[0].tag not in LISTS:
                return False
            if (cell.text or "").strip() or (held[0].tail or "").strip():
                return False
            lists += 1
    return lists > 0


def is_data_table(el: HtmlElement) -> bool:
    """A table of data (rows of several cells, most rows with words in a cell that is not a link;
    a title or a total may span the first or the last row): its links are the data's (the places,
    people, works a column names), not a menu. A menu laid out in a table has rows of links only,
    or labels between its groups; a calendar has a day number per cell; a layout table has blocks
    or tables in its cells (a table under a header row of several ``<th>`` may have lists and
    paragraphs in its cells: they are its data)."""
    if el.tag != "table":
        return False
    rows = list(el.iter("tr"))
    if any(inner is not el for inner in el.iter("table")) or len(rows) < 2:
        return False
    first = [cell for cell in rows[0] if cell.tag in CELLS]
    headed = len(first) >= 2 and all(cell.tag == "th" for cell in first)  # a header row: blocks may be data
    is_record = headed and _is_grid_under_header(rows, len(first))
    if len(rows) < DATA_ROWS and not (is_record or (_has_labels(rows) and _is_under_a_heading(el))):
        # two rows are data when one is under a header of as many columns (a team's one secretary) or
        # each opens with a label, under a heading ("Documentation:" over a package's "Reference
        # manual:" and "Vignettes:"; a post's "Previous:" and "Next:" links after its text have none)
        return False
    worded = 0
    for number, row in enumerate(rows):
        cells = [cell for cell in row if cell.tag in CELLS]
        if not headed and any(_holds_blocks(cell) for cell in cells):
            return False
        if len(cells) < 2 and 0 < number < len(rows) - 1 and row.text_content().strip():
            return False  # a label between rows of links: a menu's groups (a row of an image is none)
        worded += len(cells) >= 2 and any(_has_plain_words(cell) for cell in cells)
    data = [cell.text_content().strip() for cell in el.iter("td")]
    return (worded * 2 >= len(rows) or (headed and _is_grid_under_header(rows, len(first)))) and any(
        len(text) > _DAY_NUMBER for text in data
    )


def _holds_blocks(cell: HtmlElement) -> bool:
    """A cell holds blocks of its own, as a layout table's cells do: a list, a table, a heading, a
    form, a paragraph or two boxes of text. Its text in one box, or a chain of boxes, is still a
    cell's text (an editor's ``<td><div class="cell"><div class="cell-text">Priya</div></div></td>``).
    A paragraph stays a layout's sign: old pages set their menus in tables of ``<td><p>…</p></td>``
    (CleanEval pages gained a menu of links and a column of addresses its labels leave out)."""
    leaves = 0
    for block in cell.iter(*CELL_BLOCKS):
        if block is cell:
            continue
        if block.tag not in _TEXT_WRAPPERS:
            return True
        if not any(inner.tag in CELL_BLOCKS for inner in block.iterdescendants()):
            leaves += 1
            if leaves > 1:
                return True
    return False


_TEXT_WRAPPERS = frozenset(("div",))  # blocks that may only wrap a cell's text


def is_headed_data_table(el: HtmlElement) -> bool:
    """A table of data (:func:`is_data_table`) under a header row of two ``<th>`` or more: a header
    names its columns, as no menu or layout set in a table does."""
    if not is_data_table(el):
        return False
    first = next(el.iter("tr"))  # (a table of data has rows)
    cells = [cell for cell in first if cell.tag in CELLS]
    return len(cells) >= 2 and all(cell.tag == "th" for cell in cells)


def _is_under_a_heading(el: HtmlElement) -> bool:
    """The element right before ``el`` is a heading."""
    before = el.getprevious()
    while before is not None and not isinstance(before.tag, str):
        before = before.getprevious()
    return before is not None and before.tag in HEADING_TAGS


def _has_labels(rows: list[HtmlElement]) -> bool:
    """Every row opens with a label: a cell of a few words of its own ending with a colon ("Reference
    manual:"), or a header cell, before a cell of its value: a record's fields."""
    for row in rows:
        cells = [cell for cell in row if cell.tag in CELLS]
        if len(cells) < 2 or any(is_link(a) for a in cells[0].iter("a")):
            return False
        label = " ".join(cells[0].text_content().split())
        is_label = cells[0].tag == "th" or label.endswith((":", "："))
        if not is_label or not 0 < len(label) <= _FIELD_LABEL_CHARS:
            return False
    return True


def _is_grid_under_header(rows: list[HtmlElement], columns: int) -> bool:
    """Every row below the header row has one cell per column of the header: a grid of records (a
    list of releases, people, places, every cell a link to its page), however many of its cells are
    links. A menu set in a table has no header of several columns over rows of as many cells."""
    return all(sum(1 for cell in row if cell.tag in CELLS) == columns for row in rows[1:])


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
    if site is None or el.tag not in LISTS:
        return False
    # its items: <li>s, or the boxes sloppy markup sets as items (<dd>s, <div>s straight in a <ul>)
    return _links_away([item for item in el if item.tag.__class__ is str], site) is not None


def _links_away(items: list[HtmlElement], site: str) -> list[str] | None:
    """The links to other sites of ``items`` (a list's items, a run of paragraphs of links), when
    they hold :data:`_LINK_ITEM_WORDS` words or more each on average and most of their links go to
    other sites; None when they do not."""
    if not items or sum(word_count(item.text_content()) for item in items) < _LINK_ITEM_WORDS * len(items):
        return None
    hrefs = [a.get("href") or "" for item in items for a in item.iter("a")]
    away = [href for href in hrefs if elsewhere(href, site)]
    return away if len(away) * 2 > len(hrefs) else None


def _is_list_in_prose(stats: TreeStats, i: int) -> bool:
    """A list set in the running text: mostly words, not links, with a paragraph of prose just before
    it, and either another just after it or the one before ending with a colon ("You will need:"),
    or right after a clause of the text that leads into it with a colon."""
    el = stats.nodes[i]
    inner = el if el.tag in LISTS else _wrapped_list(el) if el.tag in WRAPPER_TAGS else None
    if inner is None:
        return False  # a list, or the boxes around one list and nothing else (Sphinx's toctree)
    total = sum(stats.chars[j] for j in range(i, stats.ends[i] + 1))
    linked = sum(stats.links[j] for j in range(i, stats.ends[i] + 1))
    if not total:
        return False
    before, after = el.getprevious(), el.getnext()
    written = _is_written_paragraph(stats, before)
    if written and _is_list_of_citations(inner):
        return True  # the works the paragraph before cites, links and all
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
    if not written:
        return _is_lead_in(before)  # a short clause of the text leading into it ("… modules:")
    introduces = before.text_content().rstrip().endswith(":")
    return introduces or (after is not None and _is_written_paragraph(stats, after))


def _is_list_of_citations(inner: HtmlElement) -> bool:
    """Every item of the list (two or more) opens with a link, the work's number or name, and goes on
    with words of its own, its title, at least :data:`_CITATION_OWN` of the item's characters and
    more than a date (a standard's normative references: "<a>ISO 19157-1</a>, Geographic information
    — Data quality"; "<a>GDS 0104:2019</a> 地理空間データ－品質の原則"). A box of other stories
    links its headlines whole, or adds their date or source."""
    items = [item for item in inner if item.tag == "li"]
    if len(items) < 2:
        return False
    for item in items:
        first = next((child for child in item if isinstance(child.tag, str)), None)
        if first is None or not is_link(first) or (item.text or "").strip().strip("([") or not first.tail:
            return False
        own = " ".join(_text_outside(item, [first]).split()).lstrip("([ ")
        total = len(" ".join(item.text_content().split()))
        if len(own) < _CITATION_OWN * total or (len(own) <= _DATE_LINE_CHARS and find_date(own) is not None):
            return False  # a headline linked whole, or beside its date
    return True


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
        subs = [sub for sub in entry if sub.tag in LISTS or sub.tag == "dl"]
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
    mostly not links, ending with a colon ("Read more:" or "Related:" are labels, not text). The
    paragraph is a ``<p>``, or a line set in a box of its own (see :func:`_is_line_box`)."""
    if el.tag != "p" and not _is_line_box(el):
        return False
    text = " ".join(el.text_content().split())
    if not text.endswith(":"):
        return False
    return _is_lead_clause(text, sum(len(a.text_content()) for a in el.iter("a") if is_link(a)))


def _is_line_box(el: HtmlElement) -> bool:
    """A ``<div>`` holding a line of text and no block: how some editors write every paragraph
    (Blogger's ``<div>Probé tres variedades:</div>``, Google Docs' and Outlook's exports)."""
    return el.tag == "div" and not any(inner.tag in BLOCK_TAGS for inner in el.iterdescendants())


def is_lead_in_to_a_block(el: HtmlElement) -> bool:
    """A line of the text leading with a colon into the list, the quotation or the code right after
    it (see :func:`_is_lead_in`): "Probé tres variedades:" over the list of them, "Maya Okafor,
    writing for <a>The Archivist's Notebook</a>:" over what she wrote. A ``<p>`` with no link costs
    nothing and needs no keeping; a line set in a ``<div>``, or one naming its source in a link,
    costs as a short line would."""
    after = el.getnext()
    return after is not None and _wrapped_list(after, _LED_INTO) is not None and _is_lead_in(el)


_LED_INTO = ("ul", "ol", "dl", "blockquote", "pre")  # what a line ending with a colon leads into


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
        and _is_written_paragraph(stats, _beside(el, after=False))
        and _is_written_paragraph(stats, _beside(el, after=True))
    )


# words of a sentence set as one link (a whole line of a post linked: "The county extension office ran
# all of our samples for free…"); a pointer ("Read the report", "Tap here to watch") says fewer
_LINKED_SENTENCE_WORDS = 10
_SENTENCE_END = (".", "!", "?", "…", "。", "！", "？")


def is_sentence_set_as_a_link(stats: TreeStats, i: int, site: str | None) -> bool:
    """A written sentence of the post set as one link, a line of its own after a written paragraph
    (Blogger and Google Sites wrap a whole line in its link: ``<a href=…><div>Das vollständige
    Programm … gibt es hier als PDF zum Herunterladen.</div></a>``), linking to another site: a line
    of the text, not a pointer to another story (a headline ends with no full stop, a promotion links
    to the site's own pages)."""
    el = stats.nodes[i]
    text = " ".join(el.text_content().split())
    if len(text.split()) < _LINKED_SENTENCE_WORDS or not text.endswith(_SENTENCE_END):
        return False
    for inner in el.iterdescendants():  # boxes around the whole line only, no block of a part of it
        if inner.tag in BLOCK_TAGS and " ".join(inner.text_content().split()) != text:
            return False  # a card (a headline and its summary in one link), not a line
    line = el  # the outermost box that holds this line alone: the link around it, a box around that
    while (parent := line.getparent()) is not None and " ".join(parent.text_content().split()) == text:
        line = parent
    links = [a for a in line.iter("a") if is_link(a)]
    if len(links) != 1 or " ".join(links[0].text_content().split()) != text:
        return False
    if site is None or not elsewhere(links[0].get("href") or "", site):
        return False  # a line linking to the site's own pages is a pointer to another of its stories
    return _is_written_paragraph(stats, _beside(line, after=False))


# words of a linked sentence whose full stop stands after its link ("<a>The inquiry is not over
# yet</a>."): a pointer or a headline never ends so; "<a>Here</a>." and "<a>More</a>." say too little
# to be told from a label (set by reading the dev pages' link lines; not tuned further)
_STOPPED_LINK_WORDS = 3


def is_linked_sentence_with_its_stop(stats: TreeStats, i: int) -> bool:
    """A line of the text that is one link and the sentence's closing mark after it (``<p><a>The
    document dump isn't over yet</a>.</p>``, or the same in boxes of its own), next to a written
    paragraph on either side: an editor linked a whole sentence of the story, to another of the
    site's stories or elsewhere. A teaser's or a pointer's headline ends with no full stop, and a
    link standing on its own line stays prunable (see :func:`is_sentence_set_as_a_link`)."""
    el = stats.nodes[i]
    text = " ".join(el.text_content().split())
    if not text.endswith(_SENTENCE_END):
        return False
    links = [a for a in el.iter("a") if is_link(a)]
    if len(links) != 1:
        return False
    linked = " ".join(links[0].text_content().split())
    before, _, after = text.partition(linked) if linked else ("", "", "")
    if not _is_said_around(before, after):  # (a sentence with words of its own on both sides of its link)
        after = text[len(linked) :].strip() if text.startswith(linked) else ""
        if not after or not all(mark in _SENTENCE_END for mark in after):
            return False
        if len(linked.split()) < _STOPPED_LINK_WORDS:
            return False
    if any(inner.tag in BLOCK_TAGS for inner in links[0].iterdescendants()):
        return False  # a card set in one link (a headline and its summary), not a sentence
    line = el  # the outermost box that holds this line alone
    while (parent := line.getparent()) is not None and " ".join(parent.text_content().split()) == text:
        line = parent
    return any(_is_written_paragraph(stats, _line_of(_beside(line, after=side))) for side in (False, True))


def _is_said_around(before: str, after: str) -> bool:
    """A sentence's words before its link and after it, before its stop ("Aktualną <a>mapę utrudnień</a>
    publikuje GDDKiA."): the link is a part of the sentence, not a headline with its stop."""
    return bool(before.split()) and any(c.isalnum() for c in after)


def _line_of(el: HtmlElement | None) -> HtmlElement | None:
    """``el``, or the one box it wraps with no text of its own, down to a paragraph or a line box
    (a page that sets each paragraph in boxes of its own: ``<div><div><span>…</span></div></div>``)."""
    while el is not None and el.tag != "p" and not _is_line_box(el):
        inner = [child for child in el if isinstance(child.tag, str)]
        if len(inner) != 1 or (el.text or "").strip() or (inner[0].tail or "").strip():
            return el
        el = inner[0]
    return el


# the dashes that open a quotation's attribution ("— Ann Lee", "-- from the report"), and the words
# an attribution holds at most (a name, a work and a date; set by reading quotes of the class fixtures)
_ATTRIBUTION_DASHES = ("—", "–", "―", "-")  # ("-" covers "--")
_ATTRIBUTION_WORDS = 30


def is_attribution_of_a_quote(stats: TreeStats, i: int) -> bool:
    """The last block of a ``<blockquote>``, after a paragraph of the quotation, that opens with a
    dash and says little: whom or what it quotes ("— from the trust's 2022 report, <a>Annual
    Review 2022</a>"), links and all."""
    el = stats.nodes[i]
    quote = el.getparent()
    if quote is None or quote.tag != "blockquote" or el.getnext() is not None or el.getprevious() is None:
        return False
    text = " ".join(el.text_content().split())
    return text.startswith(_ATTRIBUTION_DASHES) and len(text.split()) <= _ATTRIBUTION_WORDS


def _is_source_of_the_text(stats: TreeStats, i: int, site: str | None) -> bool:
    """A paragraph that is one link to another site and nothing else, right after the written
    paragraphs it closes (or a short note that ends them, or a quotation of them): where the text
    above comes from ("<a>The Buried Moon -- Wiki</a>", a link blog's "Read the full essay"). A
    link to the site's own pages set apart is a pointer to another story, and stays prunable."""
    el = stats.nodes[i]
    if site is None or stats.chars[i] > stats.links[i] or stats.ends[i] != i:
        return False
    links = [a for a in el.iter("a") if is_link(a)]
    if len(links) != 1 or not elsewhere(links[0].get("href") or "", site):
        return False
    before = _beside(el, after=False)
    if before is not None and before.tag == "blockquote" and len(before):
        before = before[-1]  # a quotation's last paragraph: a link blog's quote and its source
    return _is_written_paragraph(stats, before) or (
        before is not None
        and before.tag == "p"
        and _is_written_paragraph(stats, _beside(before, after=False))
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


def _is_citation_among_others(el: HtmlElement) -> bool:
    """An entry of a list of publications set as paragraphs, beside at least one more in its box
    (``<p><a><b>Gradual Ownership Types for C</b></a><br>Ann Lee and <a>Bo Ek</a>. In <em>PLDI
    2031</em>. [<a>pdf</a>]</p>``): a linked title, then words of its own that name a year. A
    teaser of another story has no such words: its headline and a date at most."""
    if el.tag != "p" or not is_citation(el):
        return False
    parent = el.getparent()
    return parent is not None and any(
        other is not el and is_citation(other) for other in parent.iterchildren("p")
    )


# a label that says the links after it are the text's files: Chinese, English, German, French,
# Spanish, Italian, Dutch, Polish, Japanese, Korean ("附件：", "Attachments:", "Anlage 2:")
_ATTACHMENT_LABEL = re.compile(
    r"^\W*(?:附件|attachments?|anh[aä]nge?|anlagen?|pi[eè]ces? jointes?|adjuntos?|allegat[oi]|bijlagen?|"
    r"za[łl][aą]czniki?|添付(?:ファイル)?|첨부(?:\s?파일)?)\s*\d*\s*[:：]?\s*$",
    re.I,
)


_NUMBERED = re.compile(r"^\s*[(（]?\d{1,2}\s*[.、．)）]")  # "2.", "2、", "(2)": a numbered file's name


def _is_attachment_line(el: HtmlElement, *, after_one: bool = True) -> bool:
    """A line (a paragraph or a list's item) that gives the text's files ("附件：<a>招生计划明细表.xlsx</a>",
    "Attachment: <a>Report 2024 (PDF)</a>"): each of its links, at most :data:`_ATTACHMENTS`, is to a
    document's file and names its format (in a list's item, the item may name it: "<a>Terms</a> (PDF,
    312 KB)"; a paragraph's "<a>Download your copy</a> (PDF)" is a call to download), and its own
    words are a label's at most. A menu links to pages, not to files."""
    if el.tag not in ("p", "li"):
        return False
    links = [a for a in el.iter("a") if is_link(a)]
    if not links or len(links) > _ATTACHMENTS:
        return False
    if not all(_DOCUMENT_FILE.search(a.get("href") or "") for a in links):
        return False
    own = _text_outside(el, links)
    if _ATTACHMENT_LABEL.match(own):
        return True  # labelled as the text's files ("附件：<a>1.申请表</a>")
    if not own.strip() and after_one and all(_NUMBERED.match(a.text_content()) for a in links):
        # the next file of a numbered run, its link alone on the line after a labelled one
        before = el.getprevious()
        if before is not None and _is_attachment_line(before, after_one=False):
            return True
    if not (all(_FORMAT.search(a.text_content()) for a in links) or (el.tag == "li" and _FORMAT.search(own))):
        return False  # the line says they are files (not "Get the quiz: instant download!")
    return len(own.split()) <= _LABEL_WORDS


def holds_attachments(stats: TreeStats, i: int) -> bool:
    """A line of the text's files (:func:`_is_attachment_line`), or a box or a list whose every line
    with a link is one (an "Attachments" box under a notice): looked into rather than pruned whole."""
    el = stats.nodes[i]
    if el.tag in ("p", "li"):
        return _is_attachment_line(el)
    if el.tag not in WRAPPER_TAGS and el.tag not in LISTS:
        return False
    lines = [line for line in el.iter("p", "li") if next(line.iter("a"), None) is not None]
    return bool(lines) and all(_is_attachment_line(line) for line in lines)


def is_citation(el: HtmlElement) -> bool:
    """A publication's entry (see :func:`_is_citation_among_others`): its first link is a title of
    :data:`_TITLE_WORDS` words or more, and its text outside links holds a year and
    :data:`_CITATION_WORDS` words more."""
    links = [a for a in el.iter("a") if is_link(a)]
    if not links or len(links[0].text_content().split()) < _TITLE_WORDS:
        return False
    own = _text_outside(el, links)
    year = _YEAR.search(own)
    return year is not None and len(own.split()) > _CITATION_WORDS


def _text_outside(el: HtmlElement, links: list[HtmlElement]) -> str:
    """The text of ``el`` without that of ``links`` (its own words, between and around them)."""
    own: str = el.text_content()
    for a in links:
        own = own.replace(a.text_content(), " ", 1)
    return own


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
    """``el`` is a ``<p>``, or a line set in a ``<div>`` of its own (:func:`_is_line_box`: how
    Blogger and Google Docs write every paragraph), that is a written paragraph (see
    :func:`has_written_paragraph`)."""
    if el is None or (el.tag != "p" and not _is_line_box(el)):
        return False
    found = stats.index.get(el)
    return found is not None and has_written_paragraph(stats, found)


def _beside(el: HtmlElement, *, after: bool) -> HtmlElement | None:
    """The element before (or after) ``el``, past the empty boxes an editor sets between
    paragraphs as spacers (Blogger's ``<div><br></div>``)."""
    node = el.getnext() if after else el.getprevious()
    while node is not None and _is_spacer(node):
        node = node.getnext() if after else node.getprevious()
    return node


def _is_spacer(el: HtmlElement) -> bool:
    """An empty box between paragraphs: a ``<div>``, ``<p>`` or ``<br>`` with no text and no image."""
    if el.tag not in ("div", "p", "br") or el.text_content().strip():
        return False
    return next(el.iter("img"), None) is None
