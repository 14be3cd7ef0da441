"""What kind of page this was: an article, a thin page, an empty app shell, an anti-bot wall.

Pure rules over the page source, its title and the extracted text:

* ``not_html`` — the input is not text at all (binary);
* ``challenge`` — an anti-bot interstitial (Cloudflare "Just a moment...", "Checking your
  browser", "Attention Required", DDoS-protection pages, captcha walls): decided by the title,
  or by challenge markup/wording together with little text, since ordinary pages embed
  captcha widgets on their forms. A challenge page's text is never returned as content;
* ``js_required`` — little text plus an application shell (``<div id="root"></div>``, or a
  framework's marker such as ``__NEXT_DATA__`` or ``__NUXT__`` with no paragraph of prose rendered:
  a page the server rendered carries the same markers) or an "enable JavaScript" wall;
* ``thin`` — fewer than :data:`THIN_WORDS` words;
* ``ok`` — anything else.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from weblens.extract.blocks import PROSE_CHARS, has_sentence
from weblens.extract.text import measure
from weblens.models import Outcome

__all__ = ["THIN_WORDS", "Verdict", "classify"]

THIN_WORDS = 120
_SHELL_WORDS = 150  # an app shell or a JS wall renders less than this
_CHALLENGE_WORDS = 150
# a JS notice the text does not show (a <noscript> box) walls off a page only this short: beyond it the
# page reads without JavaScript (a manual noting that its search needs it, a post's comment widget)
_NOTICE_WORDS = 50

_CHALLENGE_TITLE = re.compile(
    r"^\s*(?:just a moment\.*|attention required!?|checking your browser|please wait\.*|"
    r"ddos[- ]guard|ddos protection|are you a (?:human|robot)\??|human verification|"
    r"verify(?:ing)? you are (?:a )?human|security check(?:point)?|access denied|pardon our interruption|"
    r"one more step|bot verification|captcha)\b",
    re.I,
)
_CHALLENGE_TEXT = re.compile(
    r"checking (?:if the site connection is secure|your browser before accessing)|"
    r"verify(?:ing)? (?:that )?you are (?:a )?human|enable javascript and cookies to continue|"
    r"ddos protection by|please complete the security check|please stand by, while we are checking|"
    r"why do i have to complete a captcha|unusual traffic from your (?:computer )?network|"
    r"press (?:&amp; |& )?hold to confirm|are you a robot|not a robot",
    re.I,
)
# markup only an interstitial carries (matched in the lower-cased source)
_CHALLENGE_MARKUP = (
    "cf-browser-verification", "cf_chl_opt", "challenge-form", "cf-challenge-", "_incapsula_resource",
    "px-captcha", "ddos-guard", "captcha-delivery.com", "/cdn-cgi/challenge-platform/h/",
)  # fmt: skip
# captcha widgets: also on ordinary forms, so they count only on an almost empty page that talks about them
_CAPTCHA_WIDGET = ("g-recaptcha", "h-captcha", "cf-turnstile", "hcaptcha.com/1/api", "recaptcha/api.js")
_CAPTCHA_WORDS = re.compile(r"captcha|robot|human|verif|security check|blocked|unusual", re.I)
_CAPTCHA_PAGE_WORDS = 50
_SHELL_MARKERS = (
    "__next_data__",
    "window.__nuxt__",
    "__nuxt_data__",
    "<app-root",
    "ng-version=",
    "data-reactroot",
)
_EMPTY_ROOT = re.compile(
    r"""id=["']?(?:root|app|__next|__nuxt|svelte|main-app|application)(?=["'\s>])[^>]*>\s*(?:</div>|<noscript)"""
)
_JS_WALL = re.compile(
    r"(?:enable|turn on|activate|switch on|allow)\s+javascript|javascript\s+(?:is\s+)?(?:required|disabled|"
    r"must be enabled|needs to be enabled|is not enabled|is turned off)|requires?\s+javascript|"
    r"without javascript|javascript (?:is )?not (?:available|supported)",
    re.I,
)
# the start of _EMPTY_ROOT, looked for in the page's lower-cased bytes (see _lower_markup): a page
# without it has no empty root, and is spared str.lower and the pattern
_ROOT_ID = re.compile(rb"""id=["']?(?:root|app|__next|__nuxt|svelte|main-app|application)""")
# the characters str.lower makes an ASCII letter (or a string holding one): dotted capital I, Kelvin
_LOWERED_TO_ASCII = ("\u0130", "\u212a")
_JS_WORD = re.compile("javascript")
_JS_WINDOW = 40


def _lower_markup(source: str) -> str | bytes:
    """``source`` lower-cased for the ASCII markers' searches: a page not all ASCII as its UTF-8 bytes
    with their ASCII letters lower-cased (``bytes.lower``), which hold each marker as often and where
    ``source.lower()`` does (no other character lowers to an ASCII letter), unless the page holds a
    character that str.lower makes an ASCII letter. Encoding the page and lowering the bytes cost less
    than str.lower, and the bytes are searched faster (ScrapingHub: classify 0.19 -> 0.15
    ms a page)."""
    if source.isascii() or any(odd in source for odd in _LOWERED_TO_ASCII):
        return source.lower()
    return source.encode("utf-8", "surrogatepass").lower()


def _in_markup(low_source: str | bytes, low_text: str, markers: tuple[str, ...]) -> bool:
    """A marker the source holds more often than the extracted text shows it: set in an attribute or a
    script, not written as words (a short post about interstitials that quotes ``challenge-form``)."""
    if isinstance(low_source, bytes):
        return any(
            low_source.count(needle) > low_text.count(marker)
            for marker in markers
            if (needle := marker.encode()) in low_source
        )
    return any(
        low_source.count(marker) > low_text.count(marker) for marker in markers if marker in low_source
    )


def _empty_root(source: str, low_source: str | bytes) -> bool:
    """The page's application root is an empty box (``<div id="root"></div>``)."""
    if isinstance(low_source, bytes):
        return _ROOT_ID.search(low_source) is not None and _EMPTY_ROOT.search(source.lower()) is not None
    return _EMPTY_ROOT.search(low_source) is not None


def _js_wall(low_source: str) -> bool:
    """An "enable JavaScript" notice anywhere in the source (looked for around each "javascript")."""
    for hit in _JS_WORD.finditer(low_source):
        start = max(0, hit.start() - _JS_WINDOW)
        if _JS_WALL.search(low_source, start, hit.end() + _JS_WINDOW):
            return True
    return False


def _has_prose(text: str) -> bool:
    """A paragraph of ``text`` (lines between blank lines) is prose: a sentence, and
    :data:`~weblens.extract.blocks.PROSE_CHARS` or more (the selector's measure of a paragraph of
    prose, without its link share, which the plain text no longer shows)."""
    for paragraph in text.split("\n\n"):
        piece = " ".join(paragraph.split())
        if piece and has_sentence(piece) and measure(piece) >= PROSE_CHARS:
            return True
    return False


@dataclass(frozen=True, kw_only=True)
class Verdict:
    outcome: Outcome
    warnings: tuple[str, ...] = ()

    @property
    def is_challenge(self) -> bool:
        return self.outcome is Outcome.CHALLENGE


def classify(*, source: str, title: str | None, text: str, word_count: int, binary: bool) -> Verdict:
    """The outcome of one extraction. ``source`` is the decoded page, scanned only when text is short."""
    if binary:
        return Verdict(outcome=Outcome.NOT_HTML, warnings=("not_html: the input is not text",))
    challenge = Verdict(outcome=Outcome.CHALLENGE, warnings=("challenge: anti-bot interstitial detected",))
    if title and _CHALLENGE_TITLE.search(title) and word_count < _CHALLENGE_WORDS * 2:
        return challenge
    if word_count >= max(_CHALLENGE_WORDS, _SHELL_WORDS, THIN_WORDS):
        return Verdict(outcome=Outcome.OK)
    low, low_text = _lower_markup(source), text.lower()
    if word_count < _CHALLENGE_WORDS and (
        _CHALLENGE_TEXT.search(text) or _in_markup(low, low_text, _CHALLENGE_MARKUP)
    ):
        return challenge
    if (
        word_count < _CAPTCHA_PAGE_WORDS
        and _CAPTCHA_WORDS.search(f"{title or ''} {text}")
        and _in_markup(low, low_text, _CAPTCHA_WIDGET)
    ):
        return challenge
    if word_count < _SHELL_WORDS and (
        _empty_root(source, low) or (_in_markup(low, low_text, _SHELL_MARKERS) and not _has_prose(text))
    ):
        return Verdict(
            outcome=Outcome.JS_REQUIRED,
            warnings=("js_required: the page is an application shell without rendered text",),
        )
    if word_count < _SHELL_WORDS and (
        _JS_WALL.search(text)
        or (word_count < _NOTICE_WORDS and _js_wall(source.lower() if isinstance(low, bytes) else low))
    ):
        return Verdict(outcome=Outcome.JS_REQUIRED, warnings=("js_required: the page asks for JavaScript",))
    if word_count < THIN_WORDS:
        return Verdict(outcome=Outcome.THIN, warnings=(f"thin: only {word_count} words of text",))
    return Verdict(outcome=Outcome.OK)
