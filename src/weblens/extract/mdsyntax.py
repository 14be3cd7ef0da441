"""Pieces of Markdown syntax for the renderer in ``markdown.py`` (pure).

Text is escaped only where it would otherwise change meaning: ``[``, ``]`` and backticks
always; ``*`` and ``~`` unless spaces surround them; ``_`` unless letters or digits surround
it; ``<`` before a tag name; ``&`` before an entity; a backslash before punctuation. At the
start of a line also ``#``, ``-``, ``+``, ``*``, ``>``, ``1.``/``1)`` and ``===``/``---``
lines. Each step is one C-level pass (no Python callback per match), so a 10 MB text node
costs a few passes over 10 MB.
"""

from __future__ import annotations

import re
from itertools import islice

import lxml.etree
from lxml.html import HtmlElement

from weblens.extract.mdinline import plain

__all__ = [
    "HARD_BREAK",
    "code_fence",
    "code_language",
    "escape_line_start",
    "escape_text",
    "heading_text",
    "inline_text",
    "markdown_url",
    "raw_text",
]

HARD_BREAK = "  "  # ends a line that a line break follows: two spaces, the form every Markdown reader knows
_WHITESPACE = "\t\n\r\f\u00a0"  # what a browser collapses with the space (a run of them: one space)
_SPACES = re.compile(r" {2,}")
_ASCII_SPACES = " \t\n\r\f"
_SPECIAL = re.compile(r"[\\`*_\[\]<&~]")
_BACKSLASH = re.compile(
    r"\\(?=[!-/:-@\[-`{-~\s]|$)"
)  # before ASCII punctuation, white space (it may go) or at the end
_ALWAYS = str.maketrans({"`": "\\`", "[": "\\[", "]": "\\]"})
_STAR = re.compile(r"(?<! )\*|\*(?! )")  # could open or close emphasis
_TILDE = re.compile(r"(?<! )~|~(?! )")  # could open or close strikethrough
_UNDERSCORE = re.compile(r"(?<![^\W_])_|_(?![^\W_])")  # not inside a word
_TAG_OPEN = re.compile(r"<(?=[^\W\d_]|[/!?]|$)")
_ENTITY_START = re.compile(r"&(?=(?:#\d+|#x[0-9a-f]+|[a-z][a-z0-9]*);)", re.I)
_LINE_START = re.compile(
    r"^(?:#{1,6}(?=\s|$)|[-+*](?=\s|$)|>|=+\s*$|-+\s*$|~~~"
    r"|(?:-[ \t]*){3,}$|(?:\*[ \t]*){3,}$|(?:_[ \t]*){3,}$)"  # a thematic break ("-- -", "* * *")
)
_ORDERED_START = re.compile(r"^(\d{1,9})([.)])(?=\s|$)")
_HEADING_CLOSER = re.compile(r"(\s)(#+)$")
_BACKTICKS = re.compile(r"`+")
_LANGUAGE = re.compile(r"(?:^|\s)(?:lang(?:uage)?-|highlight-(?:source-)?|brush:\s*)([\w+#.-]+)", re.I)
_LANGUAGE_NAME = re.compile(r"[\w+#.-]{1,30}")
_LANGUAGE_ATTRIBUTE = re.compile(r"data-(?:[a-z-]+-)?lang(?:uage)?")  # data-lang, data-code-block-lang
_LANGUAGE_BOXES = 2  # boxes around a <pre> looked at for its language
_URL_UNSAFE = re.compile(r"[ ()<>\\]")


def escape_text(text: str) -> str:
    """Backslash-escape what would otherwise be read as inline Markdown."""
    if not _SPECIAL.search(text):
        return text
    # each pass only when its character is there (a C-level test, cheaper than the pass)
    if "\\" in text:
        text = _BACKSLASH.sub(r"\\\\", text)  # first: the escapes below add backslashes
    if "`" in text or "[" in text or "]" in text:
        text = text.translate(_ALWAYS)
    if "*" in text:
        text = _STAR.sub(r"\\*", text)
    if "~" in text:
        text = _TILDE.sub(r"\\~", text)
    if "_" in text:
        text = _UNDERSCORE.sub(r"\\_", text)
    if "<" in text:
        text = _TAG_OPEN.sub(r"\\<", text)
    if "&" in text:
        text = _ENTITY_START.sub(r"\\&", text)
    return text


def inline_text(text: str) -> str:
    """An HTML text node as Markdown: whitespace collapsed (as browsers do), then escaped."""
    if not text.strip(" \t\n\r\f"):
        return " "
    if text.isascii():  # split() breaks at the same spaces (and at control characters, which go anyway)
        lead = " " if text[0] in _ASCII_SPACES else ""
        trail = " " if text[-1] in _ASCII_SPACES else ""
        text = lead + " ".join(text.split()) + trail
    else:
        text = plain(text)  # a placeholder of the Markdown writer's cannot come from the page
        if not text.isprintable() or "  " in text:  # printable: no tab, newline or other space but " "
            text = _collapsed(text)
    return escape_text(text)


def _collapsed(text: str) -> str:
    """``text`` with each run of white space (:data:`_WHITESPACE` and the space) made one space:
    each such character replaced by a space (``str.replace``, only for those present), then the
    runs of spaces made one: C-level passes that cost less than a pattern of a class of characters
    tried at every character (ScrapingHub: 0.024 -> 0.005 ms a page)."""
    for space in _WHITESPACE:
        if space in text:
            text = text.replace(space, " ")
    return _SPACES.sub(" ", text) if "  " in text else text


def escape_line_start(line: str) -> str:
    """``line`` with a leading ``#``, ``-``, ``1.``, ``>``, setext underline... made literal."""
    if _LINE_START.match(line):
        return "\\" + line
    ordered = _ORDERED_START.match(line)
    if ordered:
        return ordered.group(1) + "\\" + line[len(ordered.group(1)) :]
    return line


def heading_text(text: str) -> str:
    """Heading content on one line, a trailing `` #`` escaped (it would close the heading)."""
    return _HEADING_CLOSER.sub(r"\1\\\2", " ".join(text.split()))


def markdown_url(url: str) -> str:
    """``url`` safe inside ``(...)``: spaces, angle brackets, backslashes (which would escape what
    follows) and parentheses percent-encoded, except a balanced pair not inside another one
    (``/wiki/Mercury_(planet)``), which stays as written: CommonMark allows it, and so do the
    Markdown readers that only know one level of parentheses."""
    if not url.isascii():
        url = plain(url)
    if _URL_UNSAFE.search(url) is None:
        return url
    encoded = _encoded_parentheses(url)
    return "".join(f"%{ord(ch):02X}" if (ch in " <>\\" or i in encoded) else ch for i, ch in enumerate(url))


def _encoded_parentheses(url: str) -> set[int]:
    """Positions of the parentheses in ``url`` to encode: those without a partner, and the pairs
    inside another pair."""
    opened: list[int] = []
    encoded: set[int] = set()
    for i, ch in enumerate(url):
        if ch == "(":
            opened.append(i)
        elif ch == ")":
            if not opened:
                encoded.add(i)
                continue
            start = opened.pop()
            if opened:  # nested in the pair still open
                encoded.update((start, i))
    return encoded.union(opened)


def code_fence(code: str) -> str:
    """A fence for a code block: at least three backticks, more than any run inside."""
    longest = max((len(run) for run in _BACKTICKS.findall(code)), default=0)
    return "`" * max(3, longest + 1)


def raw_text(el: HtmlElement) -> str:
    """The text under ``el`` as written, ``<br>`` as a newline (iterative, C-level walk)."""
    parts: list[str] = []
    for event, node in lxml.etree.iterwalk(el, events=("start", "end")):
        if event == "start":
            if node.tag == "br":
                parts.append("\n")
            elif isinstance(node.tag, str) and node.text:
                parts.append(node.text)
        elif node is not el and node.tail:
            parts.append(node.tail)
    return "".join(parts)


def code_language(pre: HtmlElement) -> str:
    """The language of a ``<pre>`` from ``class="language-x"``/``lang-x``/``highlight-x``/``brush: x`` or
    ``data-lang`` (``data-language``, ``data-code-block-lang``) on it, on its ``<code>`` (or first
    child), or on the boxes around it (Sphinx marks
    ``<div class="highlight-python"><div class="highlight"><pre>``), or ""."""
    code = pre.find("code")
    inner = next((child for child in pre if isinstance(child.tag, str)), None)  # Medium's <span data-…-lang>
    wrappers = [box for box in islice(pre.iterancestors(), _LANGUAGE_BOXES) if box.tag == "div"]
    own = [pre] if code is None else [code, pre]
    for el in [*own, *wrappers]:
        found = _LANGUAGE.search(el.get("class") or "")
        if found:
            return str(found.group(1)).lower()
    for el in [*own, *([] if inner is None else [inner]), *wrappers]:
        data = next(
            (str(value).strip() for name, value in el.attrib.items() if _LANGUAGE_ATTRIBUTE.fullmatch(name)),
            "",
        )
        if _LANGUAGE_NAME.fullmatch(data):
            return data.lower()
    return ""
