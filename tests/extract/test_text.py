"""text.py: the shape of the plain-text output."""

from __future__ import annotations

import lxml.html
import pytest
from hypothesis import given
from hypothesis import strategies as st

from weblens.extract.parse import parse_html
from weblens.extract.text import measure, render_text, strip_controls, word_count


def _render(fragment: str) -> str:
    return render_text(lxml.html.fragment_fromstring(fragment, create_parent="div"))


def test_paragraphs_are_separated_by_a_blank_line() -> None:
    assert _render("<p>One.</p><p>Two.</p>") == "One.\n\nTwo."


def test_headings_stand_on_their_own_lines() -> None:
    assert _render("<p>Intro text.</p><h2>Section</h2><p>Body.</p>") == "Intro text.\n\nSection\n\nBody."


def test_whitespace_inside_a_paragraph_is_collapsed() -> None:
    assert _render("<p>  lots \n\n of\t   space  </p>") == "lots of space"


def test_inline_elements_flow_within_the_paragraph() -> None:
    assert _render("<p>A <b>bold</b> and <a href='#'>linked</a> word.</p>") == "A bold and linked word."


def test_list_items_one_per_line() -> None:
    assert _render("<p>Before.</p><ul><li>one</li><li>two</li></ul><p>After.</p>") == (
        "Before.\n\none\ntwo\n\nAfter."
    )


def test_br_breaks_the_line() -> None:
    assert _render("<p>line one<br>line two</p>") == "line one\nline two"


def test_table_rows_one_per_line_with_cells_joined() -> None:
    table = "<table><tr><th>Name</th><th>Age</th></tr><tr><td>Ana</td><td>31</td></tr></table>"
    assert _render(table) == "Name | Age\nAna | 31"


def test_layout_table_cells_render_as_paragraphs() -> None:
    table = "<table><tr><td><p>First column text.</p></td><td><p>Second column text.</p></td></tr></table>"
    out = _render(table)
    assert "First column text." in out
    assert "Second column text." in out
    assert " | " not in out


def test_layout_table_cells_without_blocks_are_not_run_together() -> None:
    # one cell holds a paragraph (so the table is a layout); the others hold bare words, which
    # must not join the next cell's into one word ("areatitle")
    table = (
        "<table><tr><th>area</th><th>title</th><th>time</th></tr>"
        "<tr><td>Derby</td><td><p>Karl Marx</p></td><td>7pm</td></tr></table>"
    )
    assert _render(table).split() == ["area", "title", "time", "Derby", "Karl", "Marx", "7pm"]


def test_broken_table_markup_still_renders() -> None:
    out = _render("<table><tr><td>a<td>b<tr><td>c</table></td></tr>")
    assert out.splitlines() == ["a | b", "c"]


def test_pre_keeps_its_whitespace() -> None:
    assert _render("<p>Code:</p><pre>def f():\n    return 1</pre>") == "Code:\n\ndef f():\n    return 1"


def test_skipped_subtrees_are_left_out_but_their_tail_stays() -> None:
    root = lxml.html.fragment_fromstring("<p>keep <span>drop</span> tail</p>", create_parent="div")
    span = next(root.iter("span"))
    assert render_text(root, skip={span}) == "keep tail"


def test_deeply_nested_tree_renders_without_recursion() -> None:
    root = parse_html("<div>" * 1500 + "<p>deep</p>" + "</div>" * 1500).root
    assert render_text(root) == "deep"


def test_control_characters_are_removed() -> None:
    assert _render("<p>a\x01b\x02c\x7f</p>") == "abc"
    assert strip_controls("tab\tand\nnewline") == "tab\tand\nnewline"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", 0),
        ("one", 1),
        ("one two  three\nfour", 4),
        ("\u4e2d\u6587\u4e2d\u6587", 2),
        ("word \u4e2d\u6587", 2),
    ],
)
def test_word_count(text: str, expected: int) -> None:
    assert word_count(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [("", 0), ("plain words", 11), ("café", 4), ("\u4e2d\u6587", 6), ("ab \u4e2d", 6), ("\u3053\u308c", 6)],
)
def test_a_cjk_character_measures_as_three_latin_ones(text: str, expected: int) -> None:
    assert measure(text) == expected


_MIXED = st.text(alphabet=st.sampled_from("ab .é\u4e2d\u6587\u3053\uac00\u3002"))


@given(_MIXED, _MIXED)
def test_measure_adds_up_and_never_shrinks_a_text(a: str, b: str) -> None:
    assert measure(a + b) == measure(a) + measure(b)
    assert len(a) <= measure(a) <= 3 * len(a)
    assert measure(a) == len(a) or any("\u2e80" <= char <= "\ud7af" for char in a)


def test_two_br_in_a_row_end_a_paragraph() -> None:
    assert _render("<div>one<br><br>two<br>\n <br>three<br>four</div>") == "one\n\ntwo\n\nthree\nfour"
