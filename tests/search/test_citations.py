from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from weblens.models import GatherFailure, GatherResponse, PageExtract
from weblens.search.citations import CUT_MARKER, SEPARATOR, cut_text, format_sources
from weblens.search.fakes import make_result

# --- cut_text ----------------------------------------------------------------


def test_short_text_is_kept_whole() -> None:
    assert cut_text("  One paragraph.\n\nTwo.  ", 100) == "One paragraph.\n\nTwo."


def test_cut_on_the_last_paragraph_that_fits() -> None:
    text = "First paragraph here.\n\nSecond paragraph is here.\n\nThird paragraph is far too long to fit."
    assert cut_text(text, 60) == f"First paragraph here.\n\nSecond paragraph is here.\n\n{CUT_MARKER}"


def test_one_long_paragraph_is_cut_at_a_sentence_then_a_word() -> None:
    text = "Alpha beta gamma. Delta epsilon zeta eta theta iota kappa."
    assert cut_text(text, 30) == f"Alpha beta gamma.\n\n{CUT_MARKER}"
    assert cut_text("alpha beta gamma delta epsilon", 20) == f"alpha beta gamma\n\n{CUT_MARKER}"


def test_a_tiny_first_paragraph_does_not_waste_the_allowance() -> None:
    text = "Title\n\n" + "word " * 100
    cut = cut_text(text, 200)
    assert len(cut) > 150
    assert cut.endswith(CUT_MARKER)


def test_a_single_giant_word_leaves_only_the_marker() -> None:
    assert cut_text("x" * 50, 10) == CUT_MARKER


words = st.text(alphabet="abcdefgh", min_size=1, max_size=12)
separators = st.sampled_from([" ", "  ", "\n", "\n\n", ". ", "! ", "\n \n", "\t"])


@st.composite
def texts(draw: st.DrawFn) -> str:
    parts = draw(st.lists(st.tuples(words, separators), min_size=1, max_size=60))
    return "".join(word + sep for word, sep in parts)


@settings(max_examples=300)
@given(texts(), st.integers(min_value=1, max_value=400))
def test_cut_is_a_marked_prefix_ending_at_a_word_boundary(text: str, limit: int) -> None:
    stripped = text.strip()
    cut = cut_text(text, limit)
    if len(stripped) <= limit:
        assert cut == stripped
        return
    assert cut.endswith(CUT_MARKER)
    kept = cut.removesuffix(CUT_MARKER).removesuffix("\n\n")
    assert stripped.startswith(kept)
    assert len(kept) <= limit
    assert kept == "" or stripped[len(kept)].isspace()  # never mid-word
    assert kept == kept.rstrip()


# --- format_sources ------------------------------------------------------------


def _gather() -> GatherResponse:
    return GatherResponse(
        query="how do tides work",
        search_results=[
            make_result("https://tides.example/guide", "Tides: a guide"),
            make_result("https://ocean.example/untitled", "Ocean page from search"),
        ],
        gathered_pages=[
            PageExtract(
                final_url="https://tides.example/guide",
                title="How  Tides Work",
                author="Ada Lovelace",
                published_date="2024-05-01T09:30:00+00:00",
                text="The moon pulls the ocean.\n\nThe sun does too, less strongly.",
            ),
            PageExtract(final_url="https://ocean.example/untitled/", text="Untitled page text."),
            PageExtract(
                final_url="https://dated.example/", title="Dated", published_date="2023-02-03", text="x"
            ),
        ],
        failures=[GatherFailure(url="https://gone.example/", code="http_error", message="HTTP 404")],
    )


def test_format_sources_numbers_each_page_with_its_url() -> None:
    out = format_sources(_gather())
    assert out.startswith("Sources for: how do tides work\n\n")
    assert (
        "[1] How Tides Work — https://tides.example/guide (Ada Lovelace, 2024-05-01)\n\nThe moon pulls" in out
    )
    # no page title: the search result's title for the same (normalised) URL; nothing known: no parenthesis
    assert "[2] Ocean page from search — https://ocean.example/untitled/\n\nUntitled page text." in out
    assert "[3] Dated — https://dated.example/ (2023-02-03)" in out
    assert out.count(SEPARATOR) == 2
    assert out.endswith("Could not read:\n- https://gone.example/ — http_error: HTTP 404\n")


def test_format_sources_cuts_each_page() -> None:
    long_text = "\n\n".join(f"Paragraph {i} " + "word " * 30 for i in range(20))
    gather = GatherResponse(
        query="q", gathered_pages=[PageExtract(final_url="https://a.example/", text=long_text)]
    )
    out = format_sources(gather, max_chars_per_page=500)
    body = out.split("\n\n", 2)[2]
    assert CUT_MARKER in body
    assert len(body) < 500 + 50


def test_format_sources_with_nothing_read() -> None:
    gather = GatherResponse(
        query="q",
        failures=[GatherFailure(url="https://x.example/", code="fetch_timeout", message="too slow")],
    )
    out = format_sources(gather)
    assert "No source could be read." in out
    assert "- https://x.example/ — fetch_timeout: too slow" in out
    assert "[1]" not in out
