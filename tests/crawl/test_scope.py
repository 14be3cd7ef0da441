"""Which URLs a crawl may read (pure)."""

from __future__ import annotations

import pytest

from weblens.crawl.scope import Scope, start_directory


@pytest.mark.parametrize(
    ("path", "directory"),
    [("/", "/"), ("", "/"), ("/a/b.html", "/a/"), ("/a/b/", "/a/b/"), ("/a", "/")],
)
def test_start_directory(path: str, directory: str) -> None:
    assert start_directory(path) == directory


def test_subpath_is_the_default() -> None:
    scope = Scope(start="https://docs.example.org/guide/intro.html")
    assert scope.is_in_scope("https://docs.example.org/guide/other.html")
    assert scope.is_in_scope("https://docs.example.org/guide/deep/page")
    assert not scope.is_in_scope("https://docs.example.org/blog/")
    assert not scope.is_in_scope("https://www.example.org/guide/x")
    assert scope.describe() == "docs.example.org/guide/"


def test_host_and_its_www_twin() -> None:
    scope = Scope(start="https://example.org/", kind="host")
    assert scope.is_in_scope("https://www.example.org/anything")
    assert not scope.is_in_scope("https://blog.example.org/")
    assert not scope.is_in_scope("https://example.org:8443/")  # another port is another server


def test_domain_and_subdomains() -> None:
    domain = Scope(start="https://docs.example.co.uk/a/", kind="domain")
    assert domain.is_in_scope("https://shop.example.co.uk/x")
    assert not domain.is_in_scope("https://other.co.uk/x")
    sub = Scope(start="https://example.org/", kind="host", allow_subdomains=True)
    assert sub.is_in_scope("https://api.example.org/v1")
    assert not sub.is_in_scope("https://notexample.org/")


def test_globs_on_path_or_query() -> None:
    scope = Scope(start="https://x.org/", kind="host", include=("/docs/*",), exclude=("*/old/*",))
    assert scope.is_in_scope("https://x.org/docs/a")
    assert not scope.is_in_scope("https://x.org/blog/a")
    assert not scope.is_in_scope("https://x.org/docs/old/a")
    query = Scope(start="https://x.org/", kind="host", exclude=("*sort=*",), include_query=True)
    assert not query.is_in_scope("https://x.org/list?sort=asc")
    assert query.is_in_scope("https://x.org/list?page=2")


def test_a_host_learned_from_a_redirect() -> None:
    scope = Scope(start="https://example.org/", kind="host").with_host("example.net")
    assert scope.is_in_scope("https://example.net/x")
