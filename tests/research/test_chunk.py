"""weblens.chunk: exact offsets, boundaries in order of preference, never inside a word."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from weblens import chunk
from weblens.errors import InvalidArgument
from weblens.research.chunk import is_ideographic, sentences, sentences_within


def _word_boundary(text: str, i: int) -> bool:
    """Independent of the chunker: where a word may start or end."""
    if i in (0, len(text)):
        return True
    before, after = text[i - 1], text[i]
    return before.isspace() or after.isspace() or is_ideographic(before) or is_ideographic(after)


def _check(text: str, max_chars: int, overlap: int) -> None:
    spans = chunk(text, max_chars=max_chars, overlap=overlap)
    if not text.strip():
        assert spans == []
        return
    assert spans
    previous = None
    for span in spans:
        assert text[span.start : span.end] == span.text
        assert span.text == span.text.strip() and span.text
        assert _word_boundary(text, span.start) and _word_boundary(text, span.end)
        if len(span.text) > max_chars:  # only a single unbreakable word may exceed the size
            assert not any(_word_boundary(text, i) for i in range(span.start + 1, span.end))
        if previous is not None:
            assert previous.start < span.start and previous.end < span.end  # progress
            assert span.start >= previous.end - overlap or span.start >= previous.end
        previous = span
    # every word of the text is in some span
    covered = set()
    for span in spans:
        covered.update(range(span.start, span.end))
    assert all(text[i].isspace() for i in range(len(text)) if i not in covered)


CJK = "的一是不了人我在有他这中大来上个国到说们为子和你地出道也时年得就那要下以生会自着去之过家学对可里后小"
words = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), min_size=0, max_size=12)
separators = st.sampled_from([" ", "  ", "\n", "\n\n", ". ", "! ", "? ", "\t", "。"])


@st.composite
def documents(draw: st.DrawFn) -> str:
    parts = draw(st.lists(st.tuples(words, separators), max_size=120))
    return "".join(w + s for w, s in parts)


@settings(max_examples=150, deadline=None)
@given(documents(), st.integers(min_value=1, max_value=300), st.data())
def test_spans_are_exact_slices_at_word_boundaries(text: str, max_chars: int, data: st.DataObject) -> None:
    overlap = data.draw(st.integers(min_value=0, max_value=max_chars - 1))
    _check(text, max_chars, overlap)


@settings(max_examples=60, deadline=None)
@given(
    st.text(
        alphabet=CJK,
        min_size=0,
        max_size=2000,
    )
)
def test_cjk_without_spaces_is_cut_between_characters(text: str) -> None:
    spans = chunk(text, max_chars=50, overlap=10)
    assert all(len(s.text) <= 50 for s in spans)
    _check(text, 50, 10)


@settings(max_examples=40, deadline=None)
@given(st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=400))
def test_any_unicode_text(text: str) -> None:
    _check(text, 60, 20)


def test_empty_and_blank_text_have_no_spans() -> None:
    assert chunk("") == []
    assert chunk(" \n\t ") == []


def test_one_huge_paragraph_is_cut_at_sentence_ends() -> None:
    sentence = "The quick brown fox jumps over the lazy dog near the river bank. "
    text = sentence * 200
    spans = chunk(text, max_chars=800, overlap=100)
    assert len(spans) > 10
    assert all(len(s.text) <= 800 for s in spans)
    assert all(s.text.endswith(".") for s in spans)
    assert all(s.text.startswith("The quick") for s in spans)
    _check(text, 800, 100)


def test_paragraph_breaks_are_preferred() -> None:
    first = "Alpha beta gamma. " * 20  # 360 characters
    second = "Delta epsilon zeta. " * 20
    text = first.strip() + "\n\n" + second.strip()
    spans = chunk(text, max_chars=500, overlap=50)
    assert spans[0].text == first.strip()


def test_an_overlong_word_is_kept_whole() -> None:
    blob = "x" * 1500
    spans = chunk(f"start {blob} end", max_chars=800, overlap=100)
    assert [s.text for s in spans] == ["start", blob, "end"]


def test_overlap_repeats_the_last_sentences() -> None:
    text = " ".join(f"Sentence number {i} is here." for i in range(100))
    spans = chunk(text, max_chars=200, overlap=60)
    for a, b in itertools.pairwise(spans):
        assert b.start < a.end  # overlapping
        assert a.end - b.start <= 60


def test_bad_sizes_are_invalid_arguments() -> None:
    with pytest.raises(InvalidArgument):
        chunk("text", max_chars=0)
    with pytest.raises(InvalidArgument):
        chunk("text", max_chars=100, overlap=100)


def test_sentences_skip_abbreviations_and_initials() -> None:
    text = (
        "Smith et al. showed it. See Fig. 3 for details! J. Doe agreed, e.g. in 2020. Done?\n\nNext。第二句。"
    )
    assert [s.text for s in sentences(text)] == [
        "Smith et al. showed it.",
        "See Fig. 3 for details!",
        "J. Doe agreed, e.g. in 2020.",
        "Done?",
        "Next。",
        "第二句。",
    ]
    assert all(text[s.start : s.end] == s.text for s in sentences(text))


@settings(max_examples=100, deadline=None)
@given(documents(), st.integers(min_value=0, max_value=2000), st.integers(min_value=1, max_value=400))
def test_sentences_within_a_window_are_those_of_the_whole_text(text: str, at: int, size: int) -> None:
    start = min(at, len(text))
    end = min(len(text), start + size)
    expected = [s for s in sentences(text) if s.end > start and s.start < end]
    assert sentences_within(text, start, end) == expected
    assert all(text[s.start : s.end] == s.text for s in expected)
