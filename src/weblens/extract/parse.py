"""Turn untrusted input into one lxml HTML tree, whatever the input is.

Bytes are decoded with :func:`weblens.charset.decode_body`; NULs and other control
characters that libxml2 dislikes are dropped; an XML declaration is no obstacle
(the parser always gets UTF-8 bytes). An unclosed ``<title>`` (or ``<textarea>``) that
swallowed the document is closed and the page parsed again; what libxml2 leaves after the ``<body>``
(an early ``</body>``) is moved into it, as a browser reads it, and what libxml2 hangs inside a void
element it holds open (``<embed>``, ``<source>``, ``<wbr>``) is put back after it. A page streamed
by React (its later parts sent hidden, each swapped into its placeholder by an inline script) is read with the
parts in their places, as the script shows them (a copy saved without any script too: its scripts
would have swapped them). A table drawn with ARIA roles (``<div
role="table">``) is read as a table (:mod:`weblens.extract.aria`). libxml2 stops building the tree at depth
2048 and drops what lies below; when that happens the document is parsed again
with its layout containers flattened, so a pathological nesting of ``<div>``s
loses structure but not text. Parsing never raises.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import lxml.etree
import lxml.html
from lxml.html import HtmlElement

from weblens.charset import decode_body
from weblens.extract.aria import read_aria
from weblens.extract.tree import AttributeText

__all__ = ["ParsedPage", "looks_binary", "parse_html"]

# C0 controls other than tab, newline, form feed and carriage return
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0e-\x1f\x7f]")
_CONTROL_BYTES = re.compile(rb"[\x00-\x08\x0e-\x1a\x1c-\x1f]")
# every byte but those: deleted by bytes.translate, they leave the controls (C-level, where a search
# for them by a regular expression tries each byte in turn; ScrapingHub: 0.021 -> 0.002 ms a call)
_NOT_CONTROL_BYTES = bytes(byte for byte in range(256) if not _CONTROL_BYTES.fullmatch(bytes((byte,))))
_LAYOUT_TAGS = re.compile(r"</?(?:div|span|section|article|main|font|center|table|tbody|tr|td)\b[^>]*>", re.I)
_ANY_TAG = re.compile(r"<[^>]*>")
_TAG = re.compile(r"<[a-zA-Z!/?]")
_BLANK_LINE = re.compile(r"\n[ \t\r\f]*\n")
_SNIFF = 4096
_DISTINCT_CONTROLS = 5
_SWALLOWED = 200  # characters of raw text in a <title> that make it suspect
# React's streamed rendering: a part sent later (``<div hidden id="S:1">``) takes the place of its
# placeholder (``<template id="B:1">`` for a Suspense boundary, ``"P:1"`` for a segment) when the
# page's inline script calls $RC("B:1","S:1") (or $RR, or $RS("S:1","P:1")); without it nothing swaps
_UTF8_BOM = b"\xef\xbb\xbf"
_STREAMED_SWAP = re.compile(r"\$R[CSR]\(")
_STREAMED_PART = re.compile(r"S:([0-9a-z]+)")
# void elements (never with content, HTML's parsing rules) that libxml2's HTML parser holds open
# instead, hanging what follows them inside; checked one by one with lxml 6.2 and libxml2 2.14 (the
# others, <img>, <br>, <input> and the like, it closes)
_VOIDS_HELD_OPEN = frozenset(
    ("embed", "source", "track", "wbr", "keygen", "bgsound", "spacer", "image", "nextid")
)
_MARKUP_INSIDE = re.compile(r"<(?:/?(?:head|body|p|div|meta|link|script|table|h[1-6])\b|!--)", re.I)


@dataclass(frozen=True, kw_only=True)
class ParsedPage:
    """The parsed tree and what we learned on the way."""

    root: HtmlElement
    source: str  # the decoded input, for pattern checks that need the raw markup
    binary: bool = False
    flattened: bool = False
    plain: bool = False  # the input had no markup: every paragraph of it is content
    # every element of the tree as parsed, in document order (see __post_init__)
    elements: tuple[HtmlElement, ...] = field(init=False, repr=False, compare=False)
    # their attribute values joined, for substring searches over every element (see attributes)
    _attributes: AttributeText | None = field(init=False, default=None, repr=False, compare=False)

    def __post_init__(self) -> None:
        # Held for the page's life, the elements' Python objects are made once: lxml makes an
        # element's object on each visit unless one is alive, and making it is most of a walk's cost
        # (ScrapingHub: a walk of every element 0.30 ms a page, 0.15 with them alive). The searches
        # made before cleaning go through this tuple (a walk of it costs next to nothing), and every
        # later walk of the tree finds the objects made: 4 % of an extract's time.
        object.__setattr__(self, "elements", tuple(self.root.iter(lxml.etree.Element)))

    @property
    def html_len(self) -> int:
        return len(self.source)

    def attributes(self) -> AttributeText:
        """The attribute values of :attr:`elements` joined for searches (:class:`AttributeText`),
        made on first use: metadata's searches and cleaning's look for comment-named blocks share
        it (ScrapingHub: 0.4 ms a page to make). Searches through it test each element found on its
        attributes as they are then, so it serves after cleaning removed elements too."""
        if self._attributes is None:
            object.__setattr__(self, "_attributes", AttributeText(self.elements))
        assert self._attributes is not None
        return self._attributes


def looks_binary(body: bytes | str) -> bool:
    """True when the start of the input is not text in any charset.

    Binary data (images, archives, compressed or random bytes) is full of control codes of many
    different values; text with stray NULs or other controls has few distinct ones.
    """
    if isinstance(body, str):
        head = body[:_SNIFF]
        controls = _CONTROL.findall(head) + ["\ufffd"] * head.count("\ufffd")
        return _many_kinds(len(controls), len(set(controls)), len(head))
    raw = body[:_SNIFF]
    if raw.startswith((b"\xff\xfe", b"\xfe\xff", b"\xef\xbb\xbf")):
        return False  # a BOM: UTF-16 text legitimately contains NULs
    found = raw.translate(None, _NOT_CONTROL_BYTES)  # the control bytes, in order
    return _many_kinds(len(found), len(set(found)), len(raw))


def _many_kinds(controls: int, kinds: int, length: int) -> bool:
    """``controls`` control codes of ``kinds`` different values in ``length`` characters make binary data."""
    return controls > max(4, length // 50) and kinds >= _DISTINCT_CONTROLS


def _empty_tree() -> HtmlElement:
    return lxml.html.document_fromstring("<html><body></body></html>")


# A start tag of 64 KiB or more holding more than 1,000 attributes is a hostile page's: libxml2 checks
# each attribute against the others while it parses, and lxml looks each value up by name, both in
# quadratic time (one element of 20,000 attributes: 1.8 s a page; 40,000: 8 s; a 10 MB page of them:
# minutes). Such a tag keeps its name and loses its attributes. Calibration: the longest start tag of
# ScrapingHub's and CleanEval's 919 pages is 47 KB; a long data URI or a JSON prop holds few "=".
_FLOODED_TAG = re.compile(rb"<([a-zA-Z][a-zA-Z0-9:-]*)\s[^>]{65536,}>")
_FLOOD_ATTRIBUTES = 1000


def _without_attribute_floods(data: bytes) -> bytes:
    """``data`` with every start tag of more than :data:`_FLOOD_ATTRIBUTES` attributes (a tag of
    64 KiB or more: a cheap look first) cut down to its name."""
    if len(data) < 1 << 16:
        return data
    return _FLOODED_TAG.sub(_emptied_when_flooded, data)


def _emptied_when_flooded(tag: re.Match[bytes]) -> bytes:
    return b"<" + tag.group(1) + b">" if tag.group(0).count(b"=") > _FLOOD_ATTRIBUTES else tag.group(0)


def _parse(data: bytes) -> tuple[HtmlElement | None, bool]:
    """The root (None if libxml2 finds no document) and whether the depth limit cut the tree."""
    data = _without_attribute_floods(data)
    parser = lxml.etree.HTMLParser(
        encoding="utf-8", huge_tree=True, remove_comments=True, remove_pis=True, no_network=True
    )
    # every element an HtmlElement, chosen in C (lxml.html's own lookup is Python, called per proxy)
    parser.set_element_class_lookup(
        lxml.etree.ElementDefaultClassLookup(
            element=lxml.html.HtmlElement,
            comment=lxml.html.HtmlComment,
            pi=lxml.html.HtmlProcessingInstruction,
            entity=lxml.html.HtmlEntity,
        )
    )
    try:
        root = lxml.html.document_fromstring(data, parser=parser)
    except (lxml.etree.ParserError, lxml.etree.XMLSyntaxError, ValueError):
        return None, False
    too_deep = any(entry.type_name == "ERR_RESOURCE_LIMIT" for entry in parser.error_log)
    return (root if isinstance(root, HtmlElement) else None), too_deep


def _as_text_document(text: str) -> bytes:
    escaped = text.replace("&", "&amp;").replace("<", "&lt;")
    return f"<html><body><pre>{escaped}</pre></body></html>".encode("utf-8", errors="replace")


def _plain_text_document(text: str) -> bytes:
    escaped = text.replace("&", "&amp;").replace("<", "&lt;")
    paragraphs = "".join(f"<p>{part}</p>" for part in _BLANK_LINE.split(escaped) if part.strip())
    return f"<html><body>{paragraphs}</body></html>".encode("utf-8", errors="replace")


@dataclass
class _Marked:
    """Elements of a parsed tree that parsing looks at again, found in one walk of the tree (each
    walk costs as much as another: ScrapingHub, two walks 0.19 ms a page, one 0.10)."""

    boxes: list[HtmlElement] = field(default_factory=list)  # <title>, <textarea> (see _unswallowed)
    templates: bool = False  # the tree has a <template> (see _swap_streamed_parts)
    voids: list[HtmlElement] = field(default_factory=list)  # see _emptied_voids


def _marked(root: HtmlElement) -> _Marked:
    found = _Marked()
    for el in root.iter("title", "textarea", "template", *_VOIDS_HELD_OPEN):
        tag = el.tag
        if tag == "template":
            found.templates = True
        elif tag in _VOIDS_HELD_OPEN:
            if len(el) or el.text:
                found.voids.append(el)
        else:
            found.boxes.append(el)
    return found


def _emptied_voids(voids: list[HtmlElement]) -> None:
    """Put what libxml2 hung inside a void element back after it, as a browser reads the markup: an
    element that never has content (``<embed>``, ``<source>``, ``<wbr>``) holds what follows it
    up to its parent's end in libxml2's tree, so an old page's ``<embed hidden="true">`` of a
    background tune hides the page, and an embed, dropped as media, takes the page with it."""
    for el in voids:  # in document order: an outer one is emptied before one it held
        parent = el.getparent()
        if parent is None:
            continue
        children, text, tail = list(el), el.text, el.tail
        el.text = None
        el.tail = text
        at = parent.index(el)
        for offset, child in enumerate(children, start=1):
            parent.insert(at + offset, child)  # with its tail
        if tail:
            last = children[-1] if children else el
            last.tail = (last.tail or "") + tail


def _unswallowed(text: str, root: HtmlElement, boxes: list[HtmlElement]) -> str | None:
    """The source with an unclosed ``<title>`` or ``<textarea>`` closed, when one swallowed the page.

    Their content is raw text up to the closing tag, so a missing ``</title>`` turns the whole
    document into the title. When such an element's text holds markup and more text than the
    rest of the page, it is closed at the first ``<`` of that markup. ``boxes`` are the tree's
    ``<title>`` and ``<textarea>`` elements, in document order.
    """
    for el in boxes:
        inner = el.text or ""
        if len(inner) < _SWALLOWED or not _MARKUP_INSIDE.search(inner):
            continue
        if len(inner) * 2 < len(root.text_content()):
            continue
        opener = re.search(rf"<{el.tag}\b[^>]*>", text, re.I)
        if opener is None:
            return None
        cut = text.find("<", opener.end())
        if cut < 0:
            return None
        return f"{text[:cut]}</{el.tag}>{text[cut:]}"
    return None


def _into_body(root: HtmlElement) -> None:
    """Move what libxml2 left after the ``<body>`` into it, as a browser does: after an early
    ``</body>`` (or one of a second document pasted into the page) the rest of the page is still
    shown as the body's, but libxml2 hangs its elements beside the body, where no one reads them."""
    body = root.find("body")
    if body is None:
        return
    after = list(body.itersiblings())
    tail = body.tail
    if not after and not (tail and tail.strip()):
        return
    body.tail = None
    if tail and tail.strip():
        if len(body):
            body[-1].tail = (body[-1].tail or "") + tail
        else:
            body.text = (body.text or "") + tail
    for el in after:
        body.append(el)  # with its tail


def _swap_streamed_parts(root: HtmlElement, source: str, *, templates: bool) -> None:
    """Put each part a React page streamed hidden into its placeholder, as the page's script does
    in a browser. Only when the script is in the page, or when the page holds no script at all (a
    copy saved without its scripts, which would have swapped them): hidden text a browser would
    not show is never revealed, and a hidden box that merely has such an id stays hidden.
    ``templates``: the tree has a ``<template>`` (else there is no placeholder)."""
    if not templates:
        return
    if _STREAMED_SWAP.search(source) is None and _has_a_script(root):
        return
    placeholders = {el.get("id"): el for el in root.iter("template") if el.get("id")}
    for part in [el for el in root.iter("div") if el.get("hidden") is not None and el.get("id")]:
        found = _STREAMED_PART.fullmatch(part.get("id") or "")
        if found is None:
            continue
        key = found.group(1)
        place = placeholders.get(f"B:{key}")
        if place is None:
            place = placeholders.get(f"P:{key}")
        parent = None if place is None else place.getparent()
        if place is None or parent is None or any(up is part for up in place.iterancestors()):
            continue
        at = parent.index(place)
        tail = place.tail
        children = list(part)
        if part.text and part.text.strip():
            if at:
                before = parent[at - 1]
                before.tail = (before.tail or "") + part.text
            else:
                parent.text = (parent.text or "") + part.text
        parent.remove(place)
        for offset, child in enumerate(children):
            parent.insert(at + offset, child)  # with its tail
        if tail:
            if children:
                children[-1].tail = (children[-1].tail or "") + tail
            elif at:
                parent[at - 1].tail = (parent[at - 1].tail or "") + tail
            else:
                parent.text = (parent.text or "") + tail
        part.drop_tree()


def _has_a_script(root: HtmlElement) -> bool:
    """The page holds a script a browser runs (a data block, ``application/ld+json``, is none)."""
    return any(_is_code(el.get("type")) for el in root.iter("script"))


def _is_code(kind: str | None) -> bool:
    kind = (kind or "").strip().lower()
    return not kind or kind == "module" or "javascript" in kind or "ecmascript" in kind


def _is_utf8_as_read(body: bytes, text: str, codec: str) -> bool:
    """``text`` is ``body`` decoded as UTF-8 without a byte replaced (or a byte-order mark
    skipped), so encoding it again gives ``body``."""
    return codec == "utf-8" and "\ufffd" not in text and not body.startswith(_UTF8_BOM)


def parse_html(html: str | bytes) -> ParsedPage:
    """Parse ``html`` (text or raw bytes) into an lxml HTML document root. Never raises."""
    binary = False
    data: bytes | None = None  # the text as UTF-8, for libxml2
    if isinstance(html, bytes | bytearray):
        body = bytes(html)
        binary = looks_binary(body)
        text, codec = decode_body(body)
        if _is_utf8_as_read(body, text, codec):
            data = body  # encoding the text again would give these bytes, at a tenth of a page's time
    else:
        text = html
        binary = looks_binary(text)
    # the bytes are the text's UTF-8 when given: a NUL in one is in both (a byte search costs less)
    if b"\x00" in data if data is not None else "\x00" in text:
        text = text.replace("\x00", "")  # other control characters pass through libxml2 harmlessly
        data = None
    if not text.strip():
        return ParsedPage(root=_empty_tree(), source=text, binary=binary)
    if not _TAG.search(text):
        # plain text: keep its paragraphs
        root, _ = _parse(_plain_text_document(text))
        return ParsedPage(
            root=root if root is not None else _empty_tree(), source=text, binary=binary, plain=not binary
        )
    if data is None:
        data = text.encode("utf-8", errors="replace")
    root, too_deep = _parse(data)
    marked = _marked(root) if root is not None else _Marked()
    if root is not None and (repaired := _unswallowed(text, root, marked.boxes)) is not None:
        text = repaired
        root, too_deep = _parse(text.encode("utf-8", errors="replace"))
        marked = _marked(root) if root is not None else _Marked()
    if root is None:
        # markup without a document in it (only a doctype or an XML declaration): keep any text
        leftover = _ANY_TAG.sub(" ", text)
        root = _parse(_plain_text_document(leftover))[0] if leftover.strip() else None
        return ParsedPage(root=root if root is not None else _empty_tree(), source=text, binary=binary)
    if too_deep:
        flat, still_too_deep = _parse(_LAYOUT_TAGS.sub("\n", text).encode("utf-8", errors="replace"))
        if flat is None or still_too_deep:
            flat, _ = _parse(_as_text_document(_ANY_TAG.sub(" ", text)))
        return ParsedPage(root=flat if flat is not None else _empty_tree(), source=text, flattened=True)
    _into_body(root)
    _emptied_voids(marked.voids)
    _swap_streamed_parts(root, text, templates=marked.templates)
    read_aria(root, data)
    return ParsedPage(root=root, source=text, binary=binary)
