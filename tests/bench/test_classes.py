"""The labelled examples of issue 36's failure classes: the expectations are well-formed, and the
checker that will turn them into tests tells a page that passes from one that fails.

These tests do not assert that weblens passes the examples (most fail today; ``bench/classes.py``
counts them): each class becomes a test when it is fixed."""

from __future__ import annotations

from collections import Counter

import pytest
from bench.classes import CHECKS, FOLDER, failures, load

import weblens

DATA = load()


def test_every_example_names_a_known_class_and_known_checks_and_exists() -> None:
    assert set(DATA["checks"]) == set(CHECKS)
    for name, spec in DATA["pages"].items():
        assert (FOLDER / name).is_file(), name
        assert spec["class"] in DATA["classes"], name
        assert spec["url"].startswith("https://"), name
        assert spec["expect"] and set(spec["expect"]) <= set(CHECKS), name


def test_every_class_has_at_least_three_examples_and_every_page_is_listed() -> None:
    counts = Counter(spec["class"] for spec in DATA["pages"].values())
    assert set(counts) == set(DATA["classes"]) and min(counts.values()) >= 3
    assert {path.name for path in FOLDER.glob("*.html")} == set(DATA["pages"])


PAGE = """<html><head><title>Tide tables</title></head><body><article><h1>Tide tables</h1>
<p class="byline">By Ann Lee, 3 May 2021</p>
<p>The tables below give the times of high water at the quay for the coming week, in local time.</p>
<ul><li>Monday morning at six</li><li>Tuesday morning at seven</li></ul>
<table><tr><th>Day</th><th>High water</th></tr><tr><td>Monday</td><td>06:12</td></tr>
<tr><td>Tuesday</td><td>07:01</td></tr></table>
<p>Read <a href="https://tides.example.org/how">how the tables are made</a> before relying on them.</p>
</article></body></html>"""


def test_a_page_that_meets_its_checks_passes() -> None:
    page = weblens.extract(PAGE, "https://site.example/tides")
    expect = {
        "text_has": ["times of high water"],
        "text_lacks": ["Sign up"],
        "list_items": ["Monday morning at six"],
        "table_rows": [["Monday", "06:12"]],
        "links": [["how the tables are made", "https://tides.example.org/how"]],
        "title": "Tide tables",
    }
    assert failures(page, expect) == []


@pytest.mark.parametrize(
    ("expect", "said"),
    [
        ({"text_has": ["not on the page"]}, "text lacks"),
        ({"text_lacks": ["times of high water"]}, "text has"),
        ({"list_items": ["Sunday evening"]}, "no list item"),
        ({"table_rows": [["Monday", "07:01"]]}, "no table row"),  # cells of two rows are not one row
        ({"links": [["how the tables are made", "https://tides.example.org/other"]]}, "no link"),
        ({"headings": ["Times of low water"]}, "no heading"),
        ({"title": "Tide tables for Northport"}, "title"),
        ({"date": "2022-05-03"}, "date"),
    ],
)
def test_a_check_that_fails_is_reported(expect: dict[str, object], said: str) -> None:
    page = weblens.extract(PAGE, "https://site.example/tides")
    [missed] = failures(page, expect)
    assert missed.startswith(said)
