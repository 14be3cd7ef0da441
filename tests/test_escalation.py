"""When browse renders, which result it keeps, and when the cache may answer."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from weblens.escalation import better_result, cache_answers, render_reason
from weblens.models import ExtractionMethod, Outcome, PageExtract, RenderMode

T = 0.5


def page(
    confidence: float, outcome: Outcome = Outcome.OK, method: ExtractionMethod = ExtractionMethod.DENSITY
) -> PageExtract:
    return PageExtract(confidence=confidence, outcome=outcome, extraction_method=method, word_count=100)


@pytest.mark.parametrize(
    ("p", "mode", "expected"),
    [
        (page(0.9), RenderMode.AUTO, None),
        (page(0.2), RenderMode.AUTO, "low_confidence"),
        (page(0.9, Outcome.JS_REQUIRED), RenderMode.AUTO, "js_required"),
        (page(0.1, Outcome.CHALLENGE), RenderMode.AUTO, None),
        (page(0.1, Outcome.NOT_HTML), RenderMode.AUTO, None),
        (page(0.2), RenderMode.NEVER, None),
        (page(0.9), RenderMode.ALWAYS, "always"),
        (page(0.2, method=ExtractionMethod.RENDER), RenderMode.AUTO, None),
    ],
)
def test_render_reason(p: PageExtract, mode: RenderMode, expected: str | None) -> None:
    assert render_reason(p, mode, T) == expected


def test_rendered_result_wins_only_when_better() -> None:
    shell = page(0.1, Outcome.JS_REQUIRED)
    article = page(0.8, method=ExtractionMethod.RENDER)
    assert better_result(shell, article) is article
    good_http = page(0.9)
    assert better_result(good_http, page(0.6, method=ExtractionMethod.RENDER)) is good_http


@settings(max_examples=200)
@given(st.floats(0, 1), st.sampled_from(list(Outcome)), st.sampled_from(list(RenderMode)), st.booleans())
def test_cache_never_undoes_escalation(
    conf: float, outcome: Outcome, mode: RenderMode, rendered: bool
) -> None:
    cached = page(conf, outcome)
    answers = cache_answers(cached, rendered=rendered, mode=mode, threshold=T)
    if not rendered and render_reason(cached, mode, T) is not None:
        assert not answers  # the call would render: a stored un-rendered result must not answer it
    if rendered or mode is RenderMode.NEVER:
        assert answers
