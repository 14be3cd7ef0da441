"""The failure classes of issue 36 §3 on pages of our own (tests/fixtures/classes/issue36): the
pages weblens gets right stay right. ``bench/classes.py`` counts them all (the ones still failing
too); here every page listed in FIXED must pass every check its expectations name."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from weblens.extract import extract

FOLDER = Path(__file__).resolve().parent.parent / "fixtures" / "classes" / "issue36"
PAGES = json.loads((FOLDER / "expectations.json").read_text(encoding="utf-8"))["pages"]
STILL_FAILING: frozenset[str] = frozenset()


@pytest.mark.parametrize("name", sorted(set(PAGES) - STILL_FAILING))
def test_a_class_page_passes_its_checks(name: str) -> None:
    from bench.classes import failures

    spec = PAGES[name]
    page = extract((FOLDER / name).read_bytes(), url=spec["url"])
    assert failures(page, spec["expect"]) == []


def test_the_still_failing_list_is_true() -> None:
    """A page fixed since is moved out of STILL_FAILING (so it is guarded above)."""
    from bench.classes import failures

    for name in STILL_FAILING:
        spec = PAGES[name]
        page = extract((FOLDER / name).read_bytes(), url=spec["url"])
        assert failures(page, spec["expect"]), f"{name} passes now: take it out of STILL_FAILING"
