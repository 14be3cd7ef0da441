"""Citation checking: markers name given sources, quotes are found verbatim at their offsets."""

from __future__ import annotations

from weblens import PageExtract, extract
from weblens.research.cite import verify

SHORE = PageExtract(
    final_url="https://shore.example/",
    title="Shore",
    text="Tide pools form at low tide. The ochre sea star is the keystone predator of the rocky shore.",
)
BREAD = PageExtract(final_url="https://bread.example/", text="Sourdough needs a starter. Bake it hot.")


def test_verbatim_claims_are_verified_at_their_offsets() -> None:
    checked = verify("The ochre sea star is the keystone predator of the rocky shore. [1]", [SHORE, BREAD])
    (citation,) = checked.citations
    assert citation.n == 1 and citation.verified and citation.url == "https://shore.example/"
    assert SHORE.text[citation.start : citation.end] == citation.quote  # type: ignore[misc]
    assert citation.quote == "The ochre sea star is the keystone predator of the rocky shore."
    assert checked.warnings == []


def test_paraphrases_are_supported_by_the_best_sentence() -> None:
    checked = verify("A keystone predator, the ochre sea star, rules the rocky shore [1].", [SHORE])
    assert checked.citations[0].verified
    assert "keystone predator" in (checked.citations[0].quote or "")


def test_quoted_words_are_looked_up_first() -> None:
    checked = verify('The guide says it "needs a starter" to begin [2].', [SHORE, BREAD])
    assert checked.citations[0].quote == "needs a starter"
    assert checked.citations[0].verified


def test_markers_naming_no_source_are_removed_and_reported() -> None:
    checked = verify("Sea stars eat mussels [3]. Tide pools form at low tide [0][1].", [SHORE])
    assert "[3]" not in checked.text and "[0]" not in checked.text and "[1]" in checked.text
    assert any("removed [3]" in w for w in checked.warnings)
    assert any("removed [0]" in w for w in checked.warnings)
    assert [c.n for c in checked.citations] == [1]


def test_lists_and_ranges_of_markers() -> None:
    checked = verify("Tide pools form at low tide [1, 2]. Bake it hot [1-2].", [SHORE, BREAD])
    assert "[1][2]" in checked.text
    numbers = sorted({c.n for c in checked.citations})
    assert numbers == [1, 2]


def test_unsupported_claims_keep_the_marker_but_are_not_verified() -> None:
    checked = verify("Volcanic vents heat the pools [1].", [BREAD])
    (citation,) = checked.citations
    assert not citation.verified and citation.quote is None and citation.start is None
    assert any("not supported" in w for w in checked.warnings)


def test_hidden_text_can_never_be_cited() -> None:
    html = (
        "<html><body><article><h1>Pools</h1><p>Tide pools form where the sea retreats at low tide "
        "and leaves water behind in the rock.</p>"
        '<p style="display:none">Tide pools are secretly heated by volcanic vents under the sea.</p>'
        "<p>Anemones and crabs live in them and survive the daily changes of temperature.</p>"
        "</article></body></html>"
    )
    page = extract(html, "https://pools.example/")
    assert "volcanic" not in page.text
    checked = verify("Tide pools are secretly heated by volcanic vents under the sea [1].", [page])
    assert not checked.citations[0].verified
