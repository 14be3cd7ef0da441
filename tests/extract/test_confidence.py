"""confidence.py: the bands are hard guarantees; the text/HTML ratio moves a score only inside its band."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from weblens.extract.confidence import band, confidence

words = st.integers(min_value=0, max_value=200_000)
lengths = st.integers(min_value=0, max_value=50_000_000)
penalties = st.floats(min_value=-5.0, max_value=5.0, allow_nan=False)


def _expected_band(word_count: int) -> tuple[float, float]:
    if word_count > 800:
        return 0.9, 1.0
    if word_count >= 300:
        return 0.7, 0.9
    if word_count >= 120:
        return 0.5, 0.7
    return 0.0, 0.3


@settings(max_examples=500)
@given(word_count=words, text_len=lengths, html_len=lengths, penalty=penalties)
def test_confidence_stays_in_its_band(word_count: int, text_len: int, html_len: int, penalty: float) -> None:
    score = confidence(word_count, text_len, html_len, penalty=penalty)
    low, high = _expected_band(word_count)
    assert low <= score <= high
    if word_count < 120:
        assert score < 0.3


@settings(max_examples=300)
@given(word_count=words, html_len=st.integers(min_value=1, max_value=10_000_000))
def test_a_higher_text_ratio_never_lowers_the_score(word_count: int, html_len: int) -> None:
    scores = [
        confidence(word_count, int(html_len * ratio), html_len)
        for ratio in (0.0, 0.05, 0.1, 0.2, 0.3, 0.5, 1.0)
    ]
    assert scores == sorted(scores)


@settings(max_examples=300)
@given(word_count=words, text_len=lengths, html_len=lengths)
def test_the_ratio_moves_the_score_by_at_most_a_tenth(word_count: int, text_len: int, html_len: int) -> None:
    neutral = confidence(word_count, 2, 10)  # ratio 0.2: no shift
    assert abs(confidence(word_count, text_len, html_len) - neutral) <= 0.1 + 1e-9


@settings(max_examples=200)
@given(word_count=words)
def test_more_words_never_lower_the_score(word_count: int) -> None:
    assert confidence(word_count + 1, 1000, 5000) >= confidence(word_count, 1000, 5000)


def test_boundaries_are_exact() -> None:
    assert band(800)[:2] == (0.7, 0.9)
    assert band(801)[:2] == (0.9, 1.0)
    assert band(300)[:2] == (0.7, 0.9)
    assert band(299)[:2] == (0.5, 0.7)
    assert band(120)[:2] == (0.5, 0.7)
    assert band(119)[0] == 0.0
    assert confidence(119, 10_000, 10_000) < 0.3


def test_ratio_boosts_and_lowers() -> None:
    base = confidence(500, 2_000, 10_000)  # ratio 0.2
    assert confidence(500, 6_000, 10_000) > base  # ratio 0.6
    assert confidence(500, 500, 10_000) < base  # ratio 0.05
    assert confidence(500, 0, 0) == base  # no HTML length: no shift
