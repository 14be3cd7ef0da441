"""The probe sets' expectations are well-formed (read against their own pages, no extractor runs), and
the probe runner compares text checks with white space collapsed and counts each kind of check."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from bench.probes import FOLDER, collapsed, kind_of, normalised, probe_sets, problems_of

SETS = probe_sets([])


def test_there_are_probe_sets_each_with_a_readme_and_fourteen_pages() -> None:
    assert SETS
    for folder in SETS:
        pages = json.loads((folder / "expectations.json").read_text(encoding="utf-8"))["pages"]
        assert (folder / "README.md").is_file(), folder.name
        assert len(pages) == 14, folder.name
        assert {p.name for p in folder.glob("*.html")} == set(pages), folder.name


@pytest.mark.parametrize("folder", SETS, ids=[f.name for f in SETS])
def test_every_check_of_a_set_names_what_its_page_shows(folder: Path) -> None:
    assert problems_of(folder) == []


def test_a_check_naming_what_the_page_does_not_show_is_a_problem(tmp_path: Path) -> None:
    (tmp_path / "a.html").write_text(
        '<html><body><p>The quay opens at  six.</p><a href="/tides">tide tables</a></body></html>'
    )
    expect = {
        "text_has": ["The quay opens at six."],  # white space collapsed: found
        "text_lacks": ["Sign up now"],
        "links": [["tide tables", "https://site.example/tides"], ["tide tables", "https://x.example/"]],
        "date": "3 May 2021",
    }
    data = {"pages": {"a.html": {"url": "https://site.example/quay", "expect": expect}}}
    (tmp_path / "expectations.json").write_text(json.dumps(data))
    assert problems_of(tmp_path) == [
        "a.html: not on the page: 'Sign up now'",
        "a.html: no link [tide tables](https://x.example/)",
        "a.html: date '3 May 2021' is not YYYY-MM-DD",
    ]


def test_text_checks_are_compared_with_white_space_collapsed() -> None:
    assert collapsed(" a\n\tb  c ") == "a b c"
    expect = normalised({"text_has": ["a\n b"], "text_lacks": ["c  d"], "list_items": ["e  f"]})
    assert expect == {"text_has": ["a b"], "text_lacks": ["c d"], "list_items": ["e  f"]}


def test_each_failure_line_is_counted_under_its_check() -> None:
    lines = {
        "text lacks 'x'": "text_has",
        "text has 'x'": "text_lacks",
        "no list item 'x'": "list_items",
        "no table row a | b": "table_rows",
        "no link [a](b)": "links",
        "no heading 'x'": "headings",
        "title None, want 'x'": "title",
        "date None, want '2020-01-01'": "date",
    }
    assert {line: kind_of(line) for line in lines} == lines
    assert FOLDER.name == "probes"
