"""Finding a quote in page.text: offsets always name the page's own words; invented words are never found."""

from __future__ import annotations

from hypothesis import assume, example, given
from hypothesis import strategies as st

from weblens.data.locate import TextIndex, strip_markdown
from weblens.data.normalize import fold

WORDS = st.lists(
    st.sampled_from(
        ["price", "Kettle", "€34,90", "in", "stock", "“quoted”", "café", "1.2", "L", "—", "Straße", "ﬁne"]
    ),
    min_size=3,
    max_size=40,
)
SEPARATORS = st.sampled_from([" ", "  ", "\n", "\n\n", " | ", "\t"])


@given(words=WORDS, seps=st.lists(SEPARATORS, min_size=40, max_size=40), data=st.data())
def test_any_span_of_the_text_is_found_and_reported_in_the_pages_own_characters(
    words: list[str], seps: list[str], data: st.DataObject
) -> None:
    text = "".join(w + s for w, s in zip(words, seps, strict=False)).strip()
    bounds = [0]
    for w, s in zip(words, seps, strict=False):
        bounds.append(bounds[-1] + len(w) + len(s))
    i = data.draw(st.integers(min_value=0, max_value=len(words) - 1))
    j = data.draw(st.integers(min_value=i + 1, max_value=len(words)))
    start = bounds[i]
    end = bounds[j] - len(seps[j - 1]) if j - 1 < len(seps) else len(text)
    quote = text[start:end]
    assume(quote.strip())
    index = TextIndex(text)
    span = index.find(quote.upper() if data.draw(st.booleans()) else quote)
    assert span is not None
    found = text[span[0] : span[1]]
    assert fold(found) == fold(quote)  # the same words…
    assert span[0] <= start  # …the first place they occur


@given(st.text(min_size=1, max_size=200))
@example("2½")  # "2" must not be found inside the "1/2" that "½" folds to
def test_a_found_span_is_always_a_slice_of_the_text(text: str) -> None:
    index = TextIndex(text)
    for quote in (text, text[: len(text) // 2], text[len(text) // 3 :]):
        span = index.find(quote)
        if span is not None:
            assert 0 <= span[0] < span[1] <= len(text)
            assert fold(text[span[0] : span[1]]) == fold(quote) or "..." in fold(quote)


def test_words_that_are_not_on_the_page_are_not_found() -> None:
    index = TextIndex("The Trail Kettle holds 1.2 litres and weighs 310 grams.")
    assert index.find("The Trail Kettle holds 1.5 litres") is None
    assert index.find("weighs 310 grams according to Zorblax") is None
    assert index.find("rail") is None  # not inside a word
    assert index.find("") is None


def test_markdown_syntax_and_ellipses_are_looked_through() -> None:
    text = "Price: €34,90 — in stock.\nMade of brushed stainless steel in Norway. Released on 3 March 2024."
    index = TextIndex(text)
    span = index.find("**Price:** €34,90")
    assert span is not None and text[span[0] : span[1]] == "Price: €34,90"
    span = index.find("Made of brushed … in Norway")
    assert span is not None and text[span[0] : span[1]] == "Made of brushed stainless steel in Norway"
    assert strip_markdown("| [Tickets](https://x.example/) | $12 |") == "Tickets | $12"


def test_after_prefers_a_later_occurrence() -> None:
    text = "12 apples. 12 pears."
    index = TextIndex(text)
    assert index.find("12") == (0, 2)
    assert index.find("12", after=5) == (11, 13)
    assert index.find_near("pears", start=11, window=5) == (14, 19)
    assert index.find_near("pears", start=0, window=5) is None
