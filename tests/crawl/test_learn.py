"""What a site says about its own URLs (pure)."""

from __future__ import annotations

from weblens.crawl.learn import Probes, Rewrites, differing_params, elder_twin, index_pair, origin_alias


def test_origin_alias() -> None:
    assert origin_alias("http://x.org/a?b=1", "https://www.x.org/a?b=1") == (
        "http://x.org",
        "https://www.x.org",
    )
    assert origin_alias("http://x.org/a", "http://x.org/b") is None


def test_index_pair() -> None:
    assert index_pair("https://x.org/g/", "https://x.org/g/index.html") == ("x.org", "index.html", "dir")
    assert index_pair("https://x.org/g/index.html", "https://x.org/g/") == ("x.org", "index.html", "file")
    assert index_pair("https://x.org/g/", "https://x.org/g/about.html") is None


def test_differing_params() -> None:
    assert differing_params("https://x.org/p?h=a&id=1", "https://x.org/p?id=1") == frozenset({"h"})
    assert differing_params("https://x.org/p?id=2", "https://x.org/p?id=1") is None
    assert differing_params("https://x.org/q?h=a", "https://x.org/p") is None


def test_rewrites_apply_and_round_trip() -> None:
    rules = Rewrites(
        origins={"http://x.org": "https://x.org"},
        index={"x.org": ("index.html", "dir")},
        params={"x.org": {"highlight"}},
    )
    assert rules.apply("http://x.org/g/index.html?highlight=w&id=1") == "https://x.org/g/?id=1"
    assert rules.apply("https://y.org/g/index.html") == "https://y.org/g/index.html"
    again = Rewrites.loads(rules.dumps())
    assert again.apply("http://x.org/a/index.html") == "https://x.org/a/"
    file_form = Rewrites(index={"x.org": ("index.html", "file")})
    assert file_form.apply("https://x.org/a/") == "https://x.org/a/index.html"


def test_elder_twins_are_read_first() -> None:
    rules = Rewrites()
    assert elder_twin("https://x.org/g/index.html", rules) == "https://x.org/g/"
    assert elder_twin("https://x.org/g/", rules) is None  # the directory never waits for its file
    assert elder_twin("https://x.org/p?highlight=a", rules) == "https://x.org/p"
    assert elder_twin("https://x.org/p", rules) is None
    known = Rewrites(index={"x.org": ("index.html", "dir")})
    assert elder_twin("https://x.org/g/index.html", known) is None  # the site told already


def test_one_url_at_a_time_tests_a_parameter() -> None:
    probes = Probes(Rewrites())
    assert probes.start("https://x.org/a?h=1") and not probes.start("https://x.org/b?h=2")
    assert probes.start("https://x.org/c?other=1")  # another parameter: tested at the same time
    probes.end("https://x.org/a?h=1")
    assert probes.start("https://x.org/b?h=2")
    probes.new_page("https://x.org/b?h=2")
    probes.new_page("https://x.org/d?h=3")  # twice new text: h matters, it is tested no more
    assert not probes.has_unknown("https://x.org/e?h=4") and probes.start("https://x.org/e?h=4")
