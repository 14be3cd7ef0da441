from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from weblens.search.directives import parse_search_directives, strip_search_directives


def test_parse_examples() -> None:
    text = (
        "I need facts. [[WEB_SEARCH: tide tables Brest]] and also\n"
        "[[ web_search :   moon   phase\n 2024 ]] then [[Web_Search: Tide tables brest]] [[WEB_SEARCH:   ]]"
        " [[WEB_SEARCH: a [b] c]]"
    )
    assert parse_search_directives(text) == ["tide tables Brest", "moon phase 2024", "a [b] c"]


def test_parse_ignores_near_misses() -> None:
    assert (
        parse_search_directives("[WEB_SEARCH: x] [[WEBSEARCH: y]] [[WEB_SEARCH z]] [[WEB_SEARCH: open") == []
    )


def test_strip_removes_directives_and_their_blank_lines() -> None:
    text = "Answer first.\n\n[[WEB_SEARCH: more]]\n\n\nThen more text. [[web_search: again]]"
    assert strip_search_directives(text) == "Answer first.\n\nThen more text."


def test_strip_leaves_text_without_directives_untouched() -> None:
    text = "  keep [[this]] exactly\n\n\n\nas is  "
    assert strip_search_directives(text) == text


queries = st.text(alphabet=st.characters(blacklist_characters="[]", blacklist_categories=["Cs"]), max_size=30)
fillers = st.text(alphabet=st.characters(blacklist_characters="[]", blacklist_categories=["Cs"]), max_size=20)
keywords = st.sampled_from(["WEB_SEARCH", "web_search", "Web_Search", " WEB_SEARCH "])


@settings(max_examples=300)
@given(st.lists(st.tuples(fillers, keywords, queries), max_size=6), fillers)
def test_parse_finds_every_directive_in_order_trimmed_and_deduplicated(
    parts: list[tuple[str, str, str]], tail: str
) -> None:
    text = "".join(f"{filler}[[{keyword}:{query}]]" for filler, keyword, query in parts) + tail
    expected: list[str] = []
    for _, _, query in parts:
        cleaned = " ".join(query.split())
        if cleaned and cleaned.casefold() not in {e.casefold() for e in expected}:
            expected.append(cleaned)
    found = parse_search_directives(text)
    assert found == expected
    assert all(q == q.strip() and q for q in found)
    assert parse_search_directives(strip_search_directives(text)) == []
