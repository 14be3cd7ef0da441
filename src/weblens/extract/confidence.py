"""How much to trust an extraction: a pure function with hard bands by word count.

=====================  ===============
word count             confidence
=====================  ===============
``wc > 800``           ``[0.9, 1.0]``
``300 <= wc <= 800``   ``[0.7, 0.9]``
``120 <= wc < 300``    ``[0.5, 0.7]``
``wc < 120``           ``[0.0, 0.3)``
=====================  ===============

Inside its band the score rises with the word count; the text/HTML ratio then moves it by up
to 0.1 (a ratio above 0.3 raises it, below 0.1 lowers it), and a penalty in ``[0, 1]`` (e.g.
for a fallback extraction) lowers it by up to 0.1 — but nothing moves it out of its band.
"""

from __future__ import annotations

__all__ = ["band", "confidence"]

_LOW_BAND_TOP = 0.29
_RATIO_HIGH = 0.3
_RATIO_LOW = 0.1
_MAX_SHIFT = 0.1


def band(word_count: int) -> tuple[float, float, float]:
    """``(low, high, position)``: the band for ``word_count`` and where in it the count sits (0..1)."""
    if word_count > 800:
        return 0.9, 1.0, min(1.0, (word_count - 800) / 2200)
    if word_count >= 300:
        return 0.7, 0.9, (word_count - 300) / 500
    if word_count >= 120:
        return 0.5, 0.7, (word_count - 120) / 180
    return 0.0, _LOW_BAND_TOP, max(0, word_count) / 120


def _ratio_shift(text_len: int, html_len: int) -> float:
    if html_len <= 0:
        return 0.0
    ratio = text_len / html_len
    if ratio > _RATIO_HIGH:
        return _MAX_SHIFT * min(1.0, (ratio - _RATIO_HIGH) / _RATIO_HIGH)
    if ratio < _RATIO_LOW:
        return -_MAX_SHIFT * (_RATIO_LOW - ratio) / _RATIO_LOW
    return 0.0


def confidence(word_count: int, text_len: int, html_len: int, *, penalty: float = 0.0) -> float:
    """The confidence of an extraction with these measurements; always inside its band."""
    low, high, position = band(word_count)
    base = low + (high - low) * (0.2 + 0.6 * position)
    shifted = base + _ratio_shift(text_len, html_len) - _MAX_SHIFT * min(1.0, max(0.0, penalty))
    return min(high, max(low, shifted))
