"""Inline Markdown that a CommonMark reader reads back as it was meant (pure).

The renderer cannot write ``**`` when a ``<b>`` closes: whether a Markdown reader takes those
asterisks for emphasis depends on the characters on either side of them (the "flanking" rules of
CommonMark), and the character after is not known yet. So :func:`emphasis` wraps the run in
placeholders (Unicode noncharacters, which no text carries: :func:`plain` removes any from the
page's text as it is written), as :func:`code` does a code span and
:func:`link_start` marks where a link begins; :func:`resolve` writes them once a paragraph, a
heading or a table cell is complete:

* runs of the same kind that touch are one run (``<b>B</b><b>USINESS</b>`` is ``**BUSINESS**``,
  not ``**B****USINESS**``, whose middle asterisks a reader shows as text);
* a run cut by a paragraph break is closed before it and opened again after it;
* punctuation at the edge of a run where it would keep the marker from being read
  (``**Note:**Text``, ``Price**, today**``) is moved out of the run (``**Note**:Text``);
* a marker is written only where a reader can take it one way: an opening one only where it can
  open and not close, a closing one the reverse. A run that cannot be written so (punctuation
  between letters, ``4**:**29``; inside a word, ``un*believ*able``) is left as its text;
* code spans that touch (once the markers between them are gone) are one span: ```a``b``` would
  read as one span holding two backticks;
* a ``!`` right before a link is escaped: ``![text](url)`` is an image.
"""

from __future__ import annotations

import re
import unicodedata

__all__ = ["code", "emphasis", "link_start", "plain", "resolve"]

# placeholders: an opening and a closing one per kind of marker
_OPEN = {"*": "\ufdd0", "**": "\ufdd2", "~~": "\ufdd4"}
_CLOSE = {"*": "\ufdd1", "**": "\ufdd3", "~~": "\ufdd5"}
_MARKER = {**{v: k for k, v in _OPEN.items()}, **{v: k for k, v in _CLOSE.items()}}
_OPENERS = frozenset(_OPEN.values())
_CODE_OPEN, _CODE_CLOSE, _LINK = "\ufdd6", "\ufdd7", "\ufdd8"
_ANY = re.compile("[\ufdd0-\ufdd8]")
_SPLIT = re.compile("([\ufdd0-\ufdd5\ufdd8]|\ufdd6[^\ufdd7]*\ufdd7)")
_BACKTICKS = re.compile(r"`+")
_MARKS = [(ch, marker) for marker, ch in [*_OPEN.items(), *_CLOSE.items()]]
# punctuation of the plain case: ASCII without the characters of Markdown's inline syntax
# (* _ ` ~ \\), and common Unicode marks
_PLAIN_PUNCT = frozenset("!\"#$%&'()+,-./:;<=>?@[]^{|}\u00a1\u00ab\u00bb\u00bf\u3001\u3002") | frozenset(
    map(chr, [*range(0x2010, 0x2028), *range(0xFF01, 0xFF10), *range(0xFF1A, 0xFF20)])
)
_SPAN = _CODE_OPEN  # where a code span goes in the output, until the spans that touch it are known
_MOVABLE_CHARS = ":.,;?"  # punctuation that may leave a run; never brackets, "!" or "\\"


def emphasis(marker: str, body: str) -> str:
    """``body`` emphasised with ``marker`` (``*``, ``**`` or ``~~``), to be :func:`resolve`\\ d.
    A ``*`` or ``~`` left unescaped in the text (it had spaces on both sides, which the run's edge
    has lost) is escaped where it would touch the marker."""
    if body[:1] in ("*", "~"):
        body = "\\" + body
    if body[-1:] in ("*", "~") and not _escaped(body, len(body) - 1):
        body = body[:-1] + "\\" + body[-1]
    return f"{_OPEN[marker]}{body}{_CLOSE[marker]}"


def _escaped(text: str, at: int) -> bool:
    """The character at ``at`` follows an odd number of backslashes."""
    before = text[:at]
    return (len(before) - len(before.rstrip("\\"))) % 2 == 1


def code(text: str) -> str:
    """``text`` as inline code, to be :func:`resolve`\\ d; white space at its ends stays, outside
    the span (``<code>with </code>URL`` is two words); " " for white space only."""
    content = " ".join((text if text.isascii() else plain(text)).split())
    if not content:
        return " " if text else ""
    lead = " " if text[:1].isspace() else ""
    trail = " " if text[-1:].isspace() else ""
    return f"{lead}{_CODE_OPEN}{content}{_CODE_CLOSE}{trail}"


def link_start(before: list[list[str]]) -> str:
    """What goes right before a link's ``[``, given the inline text before it (``before``: the
    parts of the open inline boxes, innermost first, then the paragraph's): a ``!`` right there is
    escaped in place (``![`` opens an image). When a marker of emphasis may come between that text
    and the link, whether a ``!`` will touch it is known only once the paragraph is: a placeholder
    leaves that to :func:`resolve`."""
    for depth, parts in enumerate(before):
        at = len(parts) - 1
        while at >= 0 and not parts[at]:
            at -= 1
        if at < 0:
            continue
        last = parts[at]
        if _CODE_OPEN <= last[-1] <= _LINK or last[-1] in _MARKER:  # ends in a placeholder
            return _LINK
        if _ends_in_bang(last):
            if depth:
                return _LINK  # an emphasis opens between the "!" and the link
            parts[at] = last[:-1] + "\\!"
        return ""
    return ""  # first in its paragraph


def _code_span(content: str) -> str:
    """Inline code whose backtick fence is longer than any backtick run inside."""
    longest = max((len(run) for run in _BACKTICKS.findall(content)), default=0)
    fence = "`" * (longest + 1)
    if content.startswith("`") or content.endswith("`"):
        content = f" {content} "
    return f"{fence}{content}{fence}"


def plain(text: str) -> str:
    """``text`` without any placeholder character (a page's text could hold them)."""
    if text.isascii() or _ANY.search(text) is None:
        return text
    return _ANY.sub("", text)


def resolve(text: str) -> str:
    """``text`` (a paragraph, heading or cell line, ``\\n`` between its lines) with its runs'
    placeholders written as Markdown emphasis markers, or dropped where no reader would take them."""
    if _ANY.search(text) is None:
        return text
    if _plainly_paired(text):
        for placeholder, marker in _MARKS:  # str.replace: C-level, where translate goes char by char
            if placeholder in text:
                text = text.replace(placeholder, marker)
        return text
    pieces = _pair(_SPLIT.split(text))
    return "".join(_write(pieces))


def _plainly_paired(text: str) -> bool:
    """The common case, settled without :class:`_Runs`: only runs of emphasis, nested as elements
    nest, none touching another, each marker read one way only by the flanking rules — an opening
    one after white space (or the start) before a letter, digit or punctuation, or after
    punctuation before a letter or digit; a closing one the mirror image."""
    stack: list[str] = []
    last = len(text) - 1
    punct = _PLAIN_PUNCT
    for found in _ANY.finditer(text):
        at = found.start()
        mark = text[at]
        if mark >= _CODE_OPEN:  # code spans and links: never the plain case
            return False
        before = text[at - 1] if at else " "
        after = text[at + 1] if at < last else " "
        if mark in _OPENERS:
            outside, inside = before, after
        else:
            outside, inside = after, before
        if outside.isspace():
            if not (inside.isalnum() or inside in punct):
                return False
        elif not (outside in punct and inside.isalnum()):
            return False
        if mark in _OPENERS:
            stack.append(mark)
        elif not stack or _MARKER[stack.pop()] != _MARKER[mark]:
            return False
    return not stack


def _pair(tokens: list[str]) -> list[str | tuple[str, int]]:
    """Tokens with each placeholder replaced by ``(marker, +id)`` / ``(marker, -id)`` for the
    opening and closing of run ``id``; touching runs of one kind merged, unpaired ends completed."""
    out: list[str | tuple[str, int]] = []
    stack: list[tuple[str, int]] = []
    runs = 0
    for token in tokens:
        if not token:
            continue
        marker = _MARKER.get(token)
        if marker is None:
            out.append(token)
            continue
        if token in _OPENERS:
            last = out[-1] if out else None
            if isinstance(last, tuple) and last[1] < 0 and last[0] == marker:
                out.pop()  # the run just closed goes on: one run, not two touching ones
                stack.append((marker, -last[1]))
            else:
                runs += 1
                out.append((marker, runs))
                stack.append((marker, runs))
            continue
        if stack and stack[-1][0] == marker:
            _, run = stack.pop()
        elif not stack:  # opened in the paragraph before: opened again at the start of this one
            runs += 1
            run = runs
            out.insert(0, (marker, run))
        else:
            continue  # cannot happen with runs nested as elements nest; dropped
        out.append((marker, -run))
    # runs still open (cut by the end of the text) close at its end
    for marker, run in reversed(stack):
        out.append((marker, -run))
    return out


class _Runs:
    """The text pieces and markers of one paragraph, and which markers are written.

    A marker slot holds the marker (or "" once it is dropped) and the punctuation moved out of its
    run: before an opening marker, after a closing one."""

    def __init__(self, pieces: list[str | tuple[str, int]]) -> None:
        self.kinds = [piece[0] if isinstance(piece, tuple) else "" for piece in pieces]
        # a code span's text is its content between backticks (what a reader sees at its edges);
        # a link's start is no text (the "[" after it is)
        self.code = [
            piece[1:-1] if isinstance(piece, str) and piece[:1] == _CODE_OPEN else None for piece in pieces
        ]
        self.link = [piece == _LINK for piece in pieces]
        self.text = [
            ("" if piece == _LINK else f"`{piece[1:-1]}`" if piece[:1] == _CODE_OPEN else piece)
            if isinstance(piece, str)
            else ""
            for piece in pieces
        ]
        self.mark = list(self.kinds)
        self.moved = ["" for _ in pieces]
        self.opens = [isinstance(piece, tuple) and piece[1] > 0 for piece in pieces]
        opening: dict[int, int] = {}
        self.runs: list[tuple[int, int]] = []  # (opening slot, closing slot), inner runs first
        for at, piece in enumerate(pieces):
            if isinstance(piece, tuple):
                if piece[1] > 0:
                    opening[piece[1]] = at
                elif -piece[1] in opening:
                    self.runs.append((opening.pop(-piece[1]), at))
        for at in opening.values():  # cannot happen after pairing; never written
            self.mark[at] = ""

    def written(self) -> list[str]:
        out: list[str] = []
        last = -1  # index in out of the last piece written that is not empty
        span: list[str] = []  # the contents of code spans that touch, written as one span
        for at, text in enumerate(self.text):
            content = self.code[at]
            if content is not None:
                if not span or out[last] != _SPAN:  # else it touches the span before: one span
                    span = []
                    out.append(_SPAN)
                    last = len(out) - 1
                span.append(content)
                continue
            if span and out[last] == _SPAN and (self.link[at] or text or self.mark[at] or self.moved[at]):
                out[last] = _code_span("".join(span))
                span = []
            if self.link[at]:
                if last >= 0 and _ends_in_bang(out[last]):
                    out[last] = out[last][:-1] + "\\!"
                continue
            if self.kinds[at]:
                text = self.moved[at] + self.mark[at] if self.opens[at] else self.mark[at] + self.moved[at]
            if text:
                out.append(text)
                last = len(out) - 1
        if span:
            out[last] = _code_span("".join(span))
        return out

    def settle(self) -> None:
        """Drop the markers no reader would take, until every marker left is read as one."""
        changed = True
        while changed:
            changed = False
            for start, end in self.runs:
                if not self.mark[start]:
                    continue
                opens = self._reads_as(start, opening=True)
                if not opens and self._move_out(start, end, leading=True):
                    opens = self._reads_as(start, opening=True)
                closes = opens and self._reads_as(end, opening=False)
                if opens and not closes and self._move_out(start, end, leading=False):
                    closes = self._reads_as(end, opening=False)
                if not (closes and any(self.text[start + 1 : end])):
                    self.mark[start] = self.mark[end] = ""
                    changed = True

    def _reads_as(self, at: int, *, opening: bool) -> bool:
        """The marker in slot ``at`` can only open (``opening``) or only close emphasis."""
        before, after = self._beside(at, -1), self._beside(at, +1)
        left, right = _left_flanking(before, after), _right_flanking(before, after)
        return left and not right if opening else right and not left

    def _beside(self, at: int, step: int) -> str:
        """The character a reader sees next to the marker in slot ``at`` (in direction ``step``),
        looking through the written markers of the same character (one delimiter run to a reader:
        ``***`` of ``<i><b>x</b></i>``); "" at the edge of the text."""
        char = self.mark[at][:1]
        moved = self.moved[at]
        if moved and self.opens[at] == (step < 0):  # punctuation moved out, on this side
            return moved[-1] if step < 0 else moved[0]
        text, kinds, marks, moves, opens = self.text, self.kinds, self.mark, self.moved, self.opens
        at += step
        while 0 <= at < len(text):
            if not kinds[at]:
                if text[at]:
                    return text[at][0] if step > 0 else text[at][-1]
            else:
                mark, moved = marks[at], moves[at]
                first_moved = opens[at] == (step > 0)  # the moved part is met before the marker
                if first_moved and moved:
                    return moved[0] if step > 0 else moved[-1]
                if mark and mark[0] != char:
                    return mark[0]
                if not first_moved and moved:
                    return moved[0] if step > 0 else moved[-1]
            at += step
        return ""

    def _move_out(self, start: int, end: int, *, leading: bool) -> bool:
        """Move punctuation at the run's edge (``**Note:**Text``) out of it, when the text there is
        the run's own and the character outside is a letter or digit (else moving cannot help);
        whether anything moved."""
        inside = range(start + 1, end) if leading else range(end - 1, start, -1)
        edge = next((at for at in inside if self.text[at] or self.mark[at]), None)
        if edge is None or self.kinds[edge] or self.code[edge] is not None:
            return False
        if _space_or_punct(self._beside(start if leading else end, -1 if leading else +1)):
            return False
        piece = self.text[edge]
        moving = _movable_edge(piece, leading=leading)
        if not moving or len(moving) == len(piece):
            return False
        if leading:
            self.text[edge] = piece[len(moving) :]
            self.moved[start] += moving
        else:
            self.text[edge] = piece[: len(piece) - len(moving)]
            self.moved[end] = moving + self.moved[end]
        return True


def _write(pieces: list[str | tuple[str, int]]) -> list[str]:
    """Markers where a reader takes them, moving edge punctuation out of a run when that helps."""
    runs = _Runs(pieces)
    runs.settle()
    return runs.written()


def _ends_in_bang(text: str) -> bool:
    """``text`` ends in a ``!`` that is not escaped."""
    return text.endswith("!") and not _escaped(text, len(text) - 1)


def _movable_edge(body: str, *, leading: bool) -> str:
    """The movable punctuation at the start (or end) of ``body`` with the spaces beside it
    (``", "`` of ``", today"``); none that is escaped."""
    if leading:
        punct = len(body) - len(body.lstrip(_MOVABLE_CHARS))
        edge = len(body) - len(body[punct:].lstrip(" ")) if punct else 0
        return body[:edge]
    punct = len(body) - len(body.rstrip(_MOVABLE_CHARS))
    if punct and body[: len(body) - punct].endswith("\\"):  # "\." is an escape: it stays whole
        punct -= 1
    if not punct:
        return ""
    edge = len(body) - len(body[: len(body) - punct].rstrip(" "))
    return body[len(body) - edge :]


def _space(ch: str) -> bool:
    return ch == "" or ch in " \t\n\r\f\v" or unicodedata.category(ch) == "Zs"


def _punct(ch: str) -> bool:
    return ch != "" and unicodedata.category(ch)[0] in "PS"


def _space_or_punct(ch: str) -> bool:
    return _space(ch) or _punct(ch)


def _left_flanking(before: str, after: str) -> bool:
    """CommonMark: a delimiter run that can open emphasis (for ``*`` and ``~~``)."""
    return not _space(after) and (not _punct(after) or _space_or_punct(before))


def _right_flanking(before: str, after: str) -> bool:
    """CommonMark: a delimiter run that can close emphasis."""
    return not _space(before) and (not _punct(before) or _space_or_punct(after))
