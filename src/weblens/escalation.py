"""Pure decisions of the browse pipeline: when to render, and which result to keep."""

from __future__ import annotations

from weblens.models import ExtractionMethod, Outcome, PageExtract, RenderMode

__all__ = ["RENDER_GAIN_WORDS", "better_result", "cache_answers", "render_added", "render_reason"]

_HTML_TYPES = frozenset(("text/html", "application/xhtml+xml"))
_OUTCOME_RANK = {
    Outcome.OK: 4,
    Outcome.NOT_HTML: 3,
    Outcome.THIN: 2,
    Outcome.JS_REQUIRED: 1,
    Outcome.CHALLENGE: 0,
}


def render_reason(page: PageExtract, mode: RenderMode, threshold: float) -> str | None:
    """Why ``page`` should be rendered under ``mode`` (None: it should not)."""
    if mode is RenderMode.NEVER or page.extraction_method is ExtractionMethod.RENDER:
        return None
    if page.content_type is not None and page.content_type not in _HTML_TYPES:
        return None  # a document (PDF, text, Markdown, JSON) is read as it is; a browser adds nothing
    if mode is RenderMode.ALWAYS:
        return "always"
    if page.outcome in (Outcome.CHALLENGE, Outcome.NOT_HTML):
        return None  # an anti-bot wall is reported, never rendered into
    if page.outcome is Outcome.JS_REQUIRED:
        return "js_required"
    if page.confidence < threshold:
        return "low_confidence"
    return None


def better_result(http: PageExtract, rendered: PageExtract) -> PageExtract:
    """The more useful of the HTTP and the rendered extraction (ties go to HTTP)."""

    def rank(page: PageExtract) -> tuple[int, float, int]:
        return (_OUTCOME_RANK[page.outcome], round(page.confidence, 3), page.word_count)

    return rendered if rank(rendered) > rank(http) else http


RENDER_GAIN_WORDS = 30
"""Words a rendered page must add to the served one, at least, for the render to have been worth it…"""
RENDER_GAIN_SHARE = 0.5
"""… and at least this share of the served page's words: a script that fills in the content adds
hundreds of words to an empty or half-empty shell; rendering a short static page adds its widgets'
labels (a theme switcher, a search box: a few dozen words), not half of it again."""


def render_added(http: PageExtract, rendered: PageExtract) -> bool:
    """Whether rendering gave something the served page lacked: a better outcome, or much more text."""
    if _OUTCOME_RANK[rendered.outcome] > _OUTCOME_RANK[http.outcome]:
        return True
    gain = max(RENDER_GAIN_WORDS, RENDER_GAIN_SHARE * http.word_count)
    return rendered.word_count >= http.word_count + gain


def cache_answers(cached: PageExtract, *, rendered: bool, mode: RenderMode, threshold: float) -> bool:
    """May a cached result answer a call in ``mode``?

    ``rendered`` says whether a render was completed when the entry was made
    (whichever result won). A result that a later call would render — stored by
    a ``render=never`` call, or after a failed render — does not answer that
    call: the cache must not undo the escalation.
    """
    if rendered or mode is RenderMode.NEVER:
        return True
    if mode is RenderMode.ALWAYS:
        return False
    return render_reason(cached, mode, threshold) is None
