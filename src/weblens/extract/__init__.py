"""Pure extraction: a page or document in, :class:`~weblens.models.PageExtract` out. No network, no config.

The kind of input (HTML, PDF, plain text, Markdown, JSON) comes from ``content_type`` when it
names one, else from the bytes (:mod:`weblens.extract.kinds`); documents have their own
readers (:mod:`weblens.extract.pdf`, :mod:`weblens.extract.documents`). For HTML, the named steps::

    parse ─► metadata (on the whole page) ─► clean ─► select main content ─► text / markdown /
    links / images of that one element ─► confidence and outcome
"""

from __future__ import annotations

import dataclasses
import time
from dataclasses import dataclass, replace

from lxml.html import HtmlElement

from weblens.errors import ExtractionFailed
from weblens.extract.authors import is_wire
from weblens.extract.blocks import TreeStats, gather_stats
from weblens.extract.clean import caption_elements, clean, strip_junk
from weblens.extract.confidence import confidence
from weblens.extract.content import Selection, is_around_declared_main, is_mostly_teasers, select_main
from weblens.extract.dates import date_from_url
from weblens.extract.declared import SHOWN_SHARE, Trigrams, is_summary_of, shown_share, trigrams, where_shown
from weblens.extract.documents import json_extract, markdown_extract, text_extract
from weblens.extract.jsonld import is_article_type
from weblens.extract.kinds import DocumentKind, kind_of_media_type, sniff_kind
from weblens.extract.lost import LOST_CONFIDENCE, footer_text, lost_reason
from weblens.extract.markdown import to_markdown
from weblens.extract.mdsyntax import escape_line_start, heading_text, inline_text
from weblens.extract.media import collect_images, collect_links, primary_image
from weblens.extract.metadata import (
    content_byline,
    content_date,
    content_signature,
    content_title,
    extract_metadata,
    shown_title_part,
)
from weblens.extract.options import ExtractOptions
from weblens.extract.outcome import THIN_WORDS, Verdict, classify
from weblens.extract.parse import ParsedPage, looks_binary, parse_html
from weblens.extract.recipes import ingredients_box, is_recipe_type
from weblens.extract.standfirst import Standfirst, standfirst_after
from weblens.extract.tail import drop_trailing_boilerplate
from weblens.extract.text import line_text, measure, render_text, strip_controls, word_count
from weblens.extract.threads import is_thread_page
from weblens.extract.tree import is_below
from weblens.extract.trim import drop_repeated_header, page_title_heading
from weblens.extract.urls import UrlResolver, document_base, site_of
from weblens.models import ExtractionMethod, Outcome, PageExtract

__all__ = ["DocumentKind", "ExtractOptions", "extract"]

_RETRY_GAIN = 10  # words the second try must add to be taken
_NEARLY_NOTHING = 10  # words: a first try this short found nothing
_REPEATED_WORDS = 8  # a standfirst whose first this many words open a line of the content is said there
_THREAD_POSTS = 2  # posts alike that make a thread (a question and one answer)
_LISTING_SHARE = 4  # a thin result under 1/4 of the page's visible text may have missed a listing
_LISTING_GAIN = 2  # the listing try must find more than this many times the thin result's words
_SMALL_LISTING_GAIN = 4  # ... and a listing of fewer than THIN_WORDS words, this many times
# ... and on a page whose metadata dates it (a story's), more than this many times: CleanEval's dated
# pages whose listing read is right find 4.3 to 16 times their first read's words; a parish notice
# of our own beside a column of other notices 2.5 times
_DATED_LISTING_GAIN = 4
_HIDDEN_BY_SCRIPT = "js_required: most of the page's text is hidden until a script shows it"
_HELD_FOR_A_SCRIPT = (
    "held_for_a_script: the page's style keeps its text invisible until a script shows it; the text is"
    " read as the page holds it (render the page to read it as shown)"
)


@dataclass(frozen=True, kw_only=True)
class _Reading:
    """What is known of a page before its content is chosen, the same for every try at it."""

    title: str | None  # the page's title (metadata)
    options: ExtractOptions
    site: str | None  # the page's site (see site_of)
    dated: bool = True  # the metadata found a publication date (else the content's is read)
    signed: bool = (
        True  # the metadata names a writer or a wire service (else the content's signature is read)
    )
    thread: bool = False  # the page is a thread of posts (see is_thread_page)
    dated_address: bool = False  # its address is dated as a story's is
    recipe: bool = False  # the page declares a recipe (see weblens.extract.recipes)


@dataclass(frozen=True, kw_only=True)
class _Main:
    selection: Selection
    visible_chars: int = 0  # the page's text before cleaning
    hidden_chars: int = 0  # ... the part of it the hidden attribute or an inline style hides
    held_for_a_script: bool = False  # the text kept is held back by its style until a script shows it
    discussion: bool = False
    title_heading: str = ""  # the page's own title heading (see page_title_heading)
    title_heading_beside: bool = False  # ... standing in the box that holds the content (right above it)
    standfirst: Standfirst | None = None  # the standfirst under it, when both stood above the content


def _main_content(
    page: ParsedPage,
    reading: _Reading,
    *,
    weak_roles: bool = True,
    listing: bool = False,
    declared: Trigrams = frozenset(),
) -> _Main:
    """Clean the tree and select its main content (plain-text input is all content); with the
    ``declared`` text's trigrams, the box that shows it is the content when one does."""
    bare_forms = strip_junk(page.root)
    body = page.root.find("body")
    if body is None:
        body = page.root
    if page.plain:
        return _Main(selection=Selection(element=body, method=ExtractionMethod.FALLBACK))
    stats = gather_stats(body)
    visible = sum(stats.chars)
    heading = page_title_heading(body, title=reading.title)
    # a thread's lines under its title are its first post's: no standfirst there
    dek = standfirst_after(heading) if heading is not None and not reading.thread else None
    shown = where_shown(stats, declared) if declared else None
    # a recipe's ingredients: their box and the boxes around it are named for no role of chrome
    ingredients = (
        stats.index.get(box) if reading.recipe and (box := ingredients_box(body)) is not None else None
    )
    # (a set: cleaning asks it of every element; a page of 20,000 ingredient cards took 7.5 s with a list)
    named_for_nothing = frozenset(
        (*(shown.blocks if shown else ()), *_ingredients_blocks(stats, ingredients))
    )
    cleaning = clean(
        body,
        stats,
        include_comments=reading.options.include_comments,
        weak_roles=weak_roles,
        topic=reading.title,
        thread=reading.thread,
        dated_address=reading.dated_address,
        shown=named_for_nothing,
        bare_forms=bare_forms,
        attributes=page.attributes(),
        recipe=reading.recipe,
    )
    selection = select_main(
        body,
        stats,
        cleaning.removed,
        cleaning.spared,
        listing=listing,
        site=reading.site,
        thread=cleaning.discussion,
        pinned=shown.box if shown else None,
        ingredients=ingredients,
    )
    return _Main(
        selection=selection,
        visible_chars=visible,
        hidden_chars=cleaning.hidden_chars,
        held_for_a_script=cleaning.held_for_a_script,
        discussion=cleaning.discussion,
        title_heading=_outside(heading, selection.element),
        title_heading_beside=_is_beside(heading, selection.element),
        standfirst=_standfirst_above(dek, selection.element, page),
    )


def _standfirst_above(dek: Standfirst | None, main: HtmlElement, page: ParsedPage) -> Standfirst | None:
    """The standfirst when it comes before ``main`` and is no part of it, with the key points under it
    when they are neither."""
    if dek is None or not _is_above(dek.element, main, page):
        return None
    if dek.points is not None and not _is_above(dek.points.element, main, page):
        return replace(dek, points=None)
    return dek


def _is_above(el: HtmlElement, main: HtmlElement, page: ParsedPage) -> bool:
    """``el`` comes before ``main`` in the page and is not a part of it."""
    if is_below(el, main):
        return False
    try:
        return page.elements.index(el) < page.elements.index(main)
    except ValueError:  # an element cleaning made
        return False


def _hidden_by_script(found: _Main) -> bool:
    """More than half of the page's text is hidden by the ``hidden`` attribute or an inline style: a
    page whose script shows what a reader sees (a help page's variants for each application, all
    hidden until one is shown; a review in a tab panel). Hidden text is never returned (it is where
    a page would put instructions for an agent that no reader sees): such a thin page is
    ``js_required``, and ``browse`` renders it."""
    return found.hidden_chars * 2 > found.visible_chars


def _outside(heading: HtmlElement | None, main: HtmlElement) -> str:
    """The heading's text when it was not a part of the content chosen (it stood above it, or in a
    header that cleaning removed); empty when the content holds it or there is none."""
    if heading is None or any(ancestor is main for ancestor in heading.iterancestors()):
        return ""
    return line_text(heading)


def _is_beside(heading: HtmlElement | None, main: HtmlElement) -> bool:
    """The heading stands outside the content chosen, in the box that holds it (an obituary's name
    set above the notice, in the notice's box)."""
    box = main.getparent()
    return heading is not None and box is not None and not is_below(heading, main) and is_below(heading, box)


def _captions(main: HtmlElement) -> set[HtmlElement]:
    """Captions belong to their figures (in the markdown, with the image), not to the running text —
    unless the figures are the content (a slideshow: captions holding most of the text)."""
    found = caption_elements(main)
    if not found:
        return set()
    in_captions = sum(len(el.text_content()) for el in found)
    return set() if in_captions * 2 > len(main.text_content()) else set(found)


@dataclass(frozen=True, kw_only=True)
class _Content:
    page: ParsedPage
    main: _Main
    captions: set[HtmlElement]
    text: str
    words: int
    title_words: int = 0  # the words of the page's title headings in the content, left out of text
    listing: bool = False  # no article was found: the page's list of links and summaries is its text
    heading: str = ""  # the page's title heading, to put above the Markdown (not in the content)
    date: str | None = None  # a date line at the head of the content (asked only of undated pages)
    signature: tuple[str, ...] = ()  # the writer signing the content's end (asked only of unsigned pages)
    title_line: str = ""  # the page's title heading's text, in the content or above it (or "")
    standfirst: Standfirst | None = None  # the standfirst under the heading above the content

    @property
    def element(self) -> HtmlElement:
        return self.main.selection.element


def _warnings(page: ParsedPage, found: _Content, verdict: Verdict, words: int) -> list[str]:
    selection = found.main.selection
    warnings = list(verdict.warnings)
    if found.listing:
        warnings.append("listing: no article found; the page's list of links and summaries is its text")
    if page.plain:
        warnings.append("plain_text: the input has no markup; all of it is the text")
    elif selection.method is ExtractionMethod.FALLBACK and words:
        warnings.append("fallback: no main-content container found; the whole page text was used")
    if found.main.held_for_a_script:
        warnings.append(_HELD_FOR_A_SCRIPT)
    if page.flattened:
        warnings.append("flattened: the page nests deeper than the parser allows; its layout was ignored")
    return warnings


def _content(
    page: ParsedPage,
    reading: _Reading,
    *,
    weak_roles: bool,
    listing: bool = False,
    declared: Trigrams = frozenset(),
) -> _Content:
    found = _main_content(page, reading, weak_roles=weak_roles, listing=listing, declared=declared)
    title, options = reading.title, reading.options
    main = found.selection.element
    title_headings: list[HtmlElement] = []
    date = None
    signature: tuple[str, ...] = ()
    if found.selection.method is not ExtractionMethod.FALLBACK:
        if not reading.dated and not page.plain:
            date = content_date(main)  # read before the head of the content is trimmed of date lines
        if not reading.signed and not page.plain:
            signature = content_signature(main)  # read before its end is trimmed of short lines
        title_headings = drop_repeated_header(main, title=title)
        drop_trailing_boilerplate(
            main,
            keep_comments=options.include_comments or found.discussion,
            topic=title,
            post_texts=found.selection.post_texts,
        )
    captions = _captions(main)
    text = render_text(main, skip=captions.union(title_headings))
    title_lines = [line_text(el) for el in title_headings]
    fallback = found.selection.method is ExtractionMethod.FALLBACK
    heading = "" if title_headings or fallback else found.title_heading  # a heading above the content
    dek = found.standfirst if heading else None
    dek = None if dek is None or _is_repeated(dek, text) else dek
    return _Content(
        page=page,
        main=found,
        captions=captions,
        text=text,
        words=word_count(text),
        title_words=sum(word_count(line) for line in title_lines),
        title_line=" ".join(title_lines) or found.title_heading,
        listing=listing,
        heading=heading,
        standfirst=dek,
        date=date,
        signature=signature,
    )


def _ingredients_blocks(stats: TreeStats, box: int | None) -> list[int]:
    """The blocks of a recipe's ingredients box (:func:`ingredients_box`) and the boxes around it."""
    if box is None:
        return []
    return [*range(box, stats.ends[box] + 1), *stats.ancestors(box)]


def _is_repeated(dek: Standfirst, text: str) -> bool:
    """The content's text already says the standfirst (a story that repeats it as its lead)."""
    return " ".join(dek.text.split()[:_REPEATED_WORDS]) in " ".join(text.split())


def _best_content(
    html: str | bytes, page: ParsedPage, reading: _Reading, *, article: bool = False
) -> _Content:
    """The content. When nearly nothing is found, a second try lets boxes named like a sidebar or a
    widget keep their text (a short post inside such a box is still the page's post). When the
    result is still thin and is a small part of the page's text, the page may be a listing (a
    table of contents, a list of headlines with summaries, a page of links): a third try counts
    links of headline length as text (short menu links still cost) and is taken when it finds
    substantially more. A page that declares itself an article (``article=True``) is no listing
    once something was found: its short text beside lists of related headlines is what it is; nor
    is a thread's page (by its address or its declared type, when its posts were found): its
    posts, however short, beside a list of other threads with their first lines. Nor
    is one whose first reading opens with the page's title heading, when what the listing try found
    is mostly teaser cards (a headline link and a summary each): headlines of other stories. Nor is
    one whose first reading lies in the region the page declares its main one when the listing
    try's box holds that region with what lies outside it (a menu beside a short post in
    ``<main>``): what lies outside it is not the page's text, by the page's own word. A page its
    metadata dates (a story's) takes the listing only when it finds far more (a short notice beside
    a column of other notices with their summaries is the notice)."""
    first = _content(page, reading, weak_roles=True)
    if page.plain or page.binary:
        return first
    # a content that opens with the page's title heading found the post, however short its text
    nothing = (
        first.main.selection.method is ExtractionMethod.FALLBACK
        or first.words + first.title_words < _NEARLY_NOTHING
    )
    if nothing:
        second = _content(parse_html(html), reading, weak_roles=False)
        if second.words > first.words + _RETRY_GAIN and not footer_text(second.element, second.text):
            first = second  # a page footer is never the post the second try looks for
    fallback = first.main.selection.method is ExtractionMethod.FALLBACK
    # the address or the declared type says so, and the posts were found (a "/topic/" of a
    # site's section is a listing)
    is_thread = reading.thread and first.main.selection.posts >= _THREAD_POSTS
    if (article or is_thread) and not fallback and first.words >= _NEARLY_NOTHING:
        return first
    if fallback or (
        first.words < THIN_WORDS and first.main.visible_chars > _LISTING_SHARE * measure(first.text)
    ):
        listing = _content(parse_html(html), reading, weak_roles=True, listing=True)
        found = listing.main.selection.method is not ExtractionMethod.FALLBACK and (
            listing.words >= THIN_WORDS or listing.words > _SMALL_LISTING_GAIN * first.words
        )
        if found and not fallback and is_around_declared_main(listing.element, first.element):
            return first  # the listing reaches outside the region the page declares its main one
        if found and (fallback or listing.words > _LISTING_GAIN * first.words):
            # the page's title heading opens the first reading, or stands in the box that holds it
            # (an obituary's name above the notice)
            is_under_the_title = first.title_words > 0 or (
                bool(first.heading) and first.main.title_heading_beside
            )
            if is_under_the_title and not fallback and is_mostly_teasers(listing.element):
                return first  # a short story under the page's title, beside headlines of others
            if not fallback and reading.dated and listing.words <= _DATED_LISTING_GAIN * first.words:
                return first  # a dated page's short story beside a column of other notices
            return listing
    return first


def _where_declared(html: str | bytes, found: _Content, declared_text: str, reading: _Reading) -> _Content:
    """The content, or the box that shows the text the page declares (JSON-LD ``articleBody``, or
    the text marked ``itemprop=articleBody``) when the content found shows less than
    :data:`SHOWN_SHARE` of it and that box shows more; a
    declared text much shorter than the content is a summary and decides nothing (see
    :mod:`weblens.extract.declared`). The text returned is always the page's shown text."""
    if is_summary_of(declared_text, found.words):
        return found
    declared = trigrams(declared_text)
    share = shown_share(declared, found.text)
    if share >= SHOWN_SHARE:
        return found
    pinned = _content(parse_html(html), reading, weak_roles=True, declared=declared)
    return pinned if shown_share(declared, pinned.text) >= max(SHOWN_SHARE, share) else found


def _extract(html: str | bytes, url: str | None, options: ExtractOptions) -> PageExtract:
    started = time.perf_counter()
    parsed = parse_html(html)
    # never raises: a fault of ours comes back as meta.failure
    meta = extract_metadata(parsed.root, url, parsed.elements, parsed.attributes)
    base = document_base(parsed.root, url)  # before cleaning, which removes <base>
    thread = is_thread_page(meta.declared_types, url or meta.canonical_url)
    reading = _Reading(
        title=meta.title,
        options=options,
        site=site_of(url) or site_of(meta.canonical_url),
        dated=meta.published_date is not None,
        signed=bool(meta.authors) or any(map(is_wire, meta.credited)),  # a wire's byline: not its reporters
        thread=thread,
        dated_address=date_from_url(url or meta.canonical_url) is not None,
        recipe=any(map(is_recipe_type, meta.declared_types)),
    )
    article = any(is_article_type(name) for name in meta.declared_types)
    found = _best_content(html, parsed, reading, article=article)
    if meta.declared_text and not parsed.plain:
        found = _where_declared(html, found, meta.declared_text, reading)
    page, selection, main = found.page, found.main.selection, found.element
    text, words = found.text, found.words
    if thread and found.title_line and text:
        # a thread's topic is the first thing its poster wrote (a question asked in its title, a
        # subject the first post goes on from): its text opens with it. An article's headline
        # stays the title field alone.
        text = f"{found.title_line}\n\n{text}"
        words += word_count(found.title_line)
    if found.standfirst and text:
        said = _standfirst_text(found.standfirst)
        text = f"{said}\n\n{text}"
        words += word_count(said)
    verdict = classify(source=page.source, title=meta.title, text=text, word_count=words, binary=page.binary)
    if verdict.outcome is Outcome.THIN and _hidden_by_script(found.main):
        verdict = Verdict(outcome=Outcome.JS_REQUIRED, warnings=(_HIDDEN_BY_SCRIPT, *verdict.warnings))
    lost = None if page.plain else lost_reason(main, text, found.main.visible_chars)
    if lost is not None and verdict.outcome is Outcome.OK:
        verdict = Verdict(outcome=Outcome.THIN, warnings=(*verdict.warnings, lost))
    elif lost is not None:
        verdict = Verdict(outcome=verdict.outcome, warnings=(*verdict.warnings, lost))
    urls = UrlResolver(base)  # one for the page: the Markdown and the lists of links resolve alike
    if verdict.is_challenge or page.binary:
        text, markdown, links, images, words = "", "", [], [], 0
    else:
        markdown = strip_controls(
            to_markdown(
                main,
                base,
                links=options.markdown_links,
                images=options.markdown_images,
                media_only=found.captions,
                resolver=urls,
            )
        )
        if markdown and found.standfirst:  # the standfirst under the heading, above the content too
            parts = [found.standfirst, *([found.standfirst.points] if found.standfirst.points else [])]
            shown = "\n\n".join(
                to_markdown(dek.element, base, links=options.markdown_links, images=False, resolver=urls)
                if dek.is_list
                else _standfirst_markdown(dek)
                for dek in parts
            )
            markdown = f"{shown}\n\n{markdown}"
        if markdown and found.heading:  # the document's own heading, which stood above its content
            markdown = f"# {heading_text(inline_text(found.heading))}\n\n{markdown}"
        links = collect_links(main, base, resolver=urls)
        images = collect_images(main, base, resolver=urls)
    fallback = selection.method is ExtractionMethod.FALLBACK and not page.plain
    title, authors, published = meta.title, meta.authors, meta.published_date
    if not fallback and not page.plain and not page.binary:
        title = title if title is not None else content_title(main)  # a page saved without its <head>
        if title and meta.title_from_tab:  # "Site - Section - Headline"
            title = shown_title_part(title, main) or title
        starter = meta.starter if found.main.discussion else ()  # a thread by its content alone
        authors = authors or starter or content_byline(main) or found.signature
        published = published or found.date
    authors = authors or meta.credited  # an organisation, only where no writer is named anywhere
    score = confidence(words, len(text), page.html_len, penalty=1.0 if fallback else 0.0)
    if lost is not None:
        score = min(score, LOST_CONFIDENCE)
    return PageExtract(
        final_url=url,
        title=title,
        description=meta.description,
        author=", ".join(authors) or None,
        authors=list(authors),
        published_date=published,
        canonical_url=meta.canonical_url,
        site_name=meta.site_name,
        language=meta.language,
        primary_image=None
        if verdict.is_challenge or page.binary
        else primary_image(main, base, meta.image, resolver=urls),
        images=images,
        links=links,
        text=text,
        markdown=markdown,
        word_count=words,
        confidence=round(score, 4),
        extraction_method=selection.method,
        outcome=verdict.outcome,
        warnings=_warnings(page, found, verdict, words)
        + (
            [f"metadata_failed: title, author and date could not be read ({meta.failure})"]
            if meta.failure
            else []
        ),
        extraction_time_ms=round((time.perf_counter() - started) * 1000, 3),
    )


def _standfirst_text(dek: Standfirst) -> str:
    """The standfirst's text, with the key points listed under it."""
    return dek.text if dek.points is None else f"{dek.text}\n\n{dek.points.text}"


def _standfirst_markdown(dek: Standfirst) -> str:
    """The standfirst as Markdown: a heading of its own level when the page sets it as one."""
    if dek.level:
        return f"{'#' * dek.level} {heading_text(inline_text(dek.text))}"
    return escape_line_start(inline_text(dek.text))


def _kind(data: str | bytes, content_type: str | None) -> DocumentKind:
    declared = kind_of_media_type(content_type)
    if declared is not None:
        return declared
    if looks_binary(data) and not (
        isinstance(data, bytes | bytearray) and sniff_kind(data) is DocumentKind.PDF
    ):
        return DocumentKind.HTML  # the HTML path reports binary input as not_html
    return sniff_kind(data)


def _charset(content_type: str | None) -> str | None:
    for param in (content_type or "").split(";")[1:]:
        name, _, value = param.partition("=")
        if name.strip().lower() == "charset":
            return value.strip().strip("\"'") or None
    return None


def _document(
    kind: DocumentKind, data: str | bytes, url: str | None, content_type: str | None, options: ExtractOptions
) -> PageExtract:
    if kind is DocumentKind.PDF:
        from weblens.extract.pdf import pdf_extract

        raw = data if isinstance(data, bytes | bytearray) else data.encode("latin-1", errors="replace")
        return pdf_extract(bytes(raw), url, max_pages=options.max_pages, timeout_s=options.document_timeout_s)
    charset = _charset(content_type)
    if kind is DocumentKind.JSON:
        return json_extract(data, url, charset=charset)
    if kind is DocumentKind.MARKDOWN:
        return markdown_extract(data, url, charset=charset)
    return text_extract(data, url, charset=charset)


def extract(
    data: str | bytes,
    url: str | None = None,
    *,
    content_type: str | None = None,
    include_comments: bool = False,
    options: ExtractOptions | None = None,
) -> PageExtract:
    """Extract the main content and metadata of one page or document. Pure: no network, no configuration.

    ``data`` is HTML, a PDF, plain text, Markdown or JSON, as ``str`` or raw bytes; its kind is
    taken from ``content_type`` (a Content-Type value) when that names one, else sniffed from
    the content. ``include_comments`` (or ``options.include_comments``) keeps reader comments
    on article pages; a discussion page's posts are its content either way.

    Raises only :class:`~weblens.errors.ExtractionFailed` (with its subclasses
    :class:`~weblens.errors.EncryptedDocument` and :class:`~weblens.errors.CorruptDocument` for
    PDFs), and only when the input cannot be handled at all; a page with little or no text
    comes back with ``outcome`` ``thin`` and a low ``confidence`` instead.
    """
    if not isinstance(data, str | bytes | bytearray):
        raise ExtractionFailed(f"expected str or bytes, got {type(data).__name__}", url=url)
    chosen = options or ExtractOptions()
    if include_comments and not chosen.include_comments:
        chosen = dataclasses.replace(chosen, include_comments=True)
    try:
        kind = _kind(data, content_type)
        if kind is not DocumentKind.HTML:
            return _document(kind, data, url, content_type, chosen)
        return _extract(data, url, chosen)
    except ExtractionFailed:
        raise
    except (RecursionError, MemoryError, ValueError, TypeError, LookupError) as exc:
        raise ExtractionFailed(f"extraction failed: {exc!r}", url=url) from exc
