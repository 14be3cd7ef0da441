"""Same text, near-same text (pure)."""

from __future__ import annotations

from weblens.crawl.fingerprint import (
    BANDS,
    MIN_WORDS,
    NEAR_DUPLICATE,
    bands_of,
    fingerprint,
    similarity,
    text_key,
)

WORDS = [f"w{i}" for i in range(600)]


def test_exact_key_ignores_case_and_spacing() -> None:
    assert text_key("Hello  World\n") == text_key("hello world")
    assert text_key("") == b"" and text_key("hello") != text_key("hello there")


def test_signatures_estimate_similarity() -> None:
    base = fingerprint(" ".join(WORDS))
    near = fingerprint(" ".join([*WORDS[:-3], "changed", "last", "line"]))
    far = fingerprint(" ".join(reversed(WORDS)))
    assert similarity(base.signature, near.signature) >= NEAR_DUPLICATE
    assert similarity(base.signature, far.signature) < 0.2
    assert len(bands_of(base.signature)) == BANDS


def test_short_texts_have_no_signature() -> None:
    short = fingerprint(" ".join(WORDS[: MIN_WORDS - 1]))
    assert short.key and not short.signature and similarity(short.signature, short.signature) == 0.0
