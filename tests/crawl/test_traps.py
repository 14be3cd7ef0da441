"""Endless URL spaces are recognised by named rules (pure)."""

from __future__ import annotations

import datetime as dt

from weblens.crawl.traps import MAX_URL_CHARS, date_shape, path_key, trap_of

TODAY = dt.date(2026, 12, 4)


def test_real_pages_are_not_traps() -> None:
    for url in (
        "https://x.org/",
        "https://x.org/docs/library/asyncio-task.html",
        "https://x.org/blog/2025/11/my-post/",
        "https://x.org/events/2027/06/",  # announced half a year ahead
        "https://x.org/en/docs/en/intro",  # a segment twice happens
        "https://x.org/list?page=7&sort=asc",
    ):
        assert trap_of(url, today=TODAY) is None, url


def test_rules_by_spelling() -> None:
    assert trap_of("https://x.org/" + "a" * MAX_URL_CHARS, today=TODAY) == "long_url"
    assert trap_of("https://x.org/" + "/".join(f"s{i}" for i in range(40)), today=TODAY) == "deep_path"
    assert trap_of("https://x.org/a/b/a/b/a/b/", today=TODAY) == "repeated_segments"
    assert trap_of("https://x.org/calendar?month=2031-04", today=TODAY) == "far_date"
    assert trap_of("https://x.org/calendar/2031/04/", today=TODAY) == "far_date"


def test_what_the_counting_rules_count_under() -> None:
    assert path_key("https://x.org/search?q=a&f=1") == "https://x.org/search"
    assert path_key("https://x.org/search") is None
    assert date_shape("https://x.org/cal/2019/05/") == "x.org/cal/#/#/"
    assert date_shape("https://x.org/cal?month=2019-05") == "x.org/cal?month=#-#"
    assert date_shape("https://x.org/2019/05/12345.html") is None  # an article id under its month
    assert date_shape("https://x.org/docs/page") is None
