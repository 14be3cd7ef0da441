"""The typed-data set keeps only what is ours; the rest is built from git copies at pinned commits."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from bench.data import SET, load_pages
from bench.data_build import SOURCES, Pinned, events
from bench.pool_build import Source

PAGES = json.loads((SET / "labels.json").read_text(encoding="utf-8"))["pages"]


def test_only_our_pages_are_committed_and_every_built_page_names_its_pinned_source() -> None:
    ours = {page["file"] for page in PAGES if not page.get("built")}
    assert ours and all((SET / name).is_file() for name in ours)
    assert {f"pages/{path.name}" for path in (SET / "pages").iterdir()} == ours
    pinned = {source.repo for source in SOURCES.values()}
    for page in (page for page in PAGES if page.get("built")):
        assert page["repo"] in pinned and page["path"], page["id"]
        assert ("gold" in page) == (page["kind"] == "event"), page["id"]  # hand labels only


def test_a_page_is_read_byte_for_byte_at_the_pinned_commit(tmp_path: Path) -> None:
    work = tmp_path / "owner+name"
    raw = b"<html><body>\xe9t\xe9 \r\n caf\xc3\xa9</body></html>"  # not UTF-8, CRLF: kept as they are
    (work / "samples").mkdir(parents=True)
    (work / "samples" / "a page.html").write_bytes(raw)

    def git(*args: str) -> str:
        return subprocess.run(
            ["git", "-C", str(work), "-c", "user.name=t", "-c", "user.email=t@t", *args],
            check=True,
            capture_output=True,
            text=True,
        ).stdout.strip()

    git("init", "-q")
    git("add", "-A")
    git("commit", "-qm", "one")
    first = git("rev-parse", "HEAD")
    (work / "samples" / "a page.html").write_bytes(b"changed later")
    git("commit", "-qam", "two")
    repo = Pinned(tmp_path, Source("owner/name", first, "MIT", ("samples",)))
    [page] = events(repo, ["samples/a page.html"])
    assert page.raw == raw and page.gold is None


def test_without_the_built_pages_the_benchmark_says_how_to_build_them(tmp_path: Path) -> None:
    with pytest.raises(SystemExit, match=r"bench/data_build\.py --repos DIR"):
        load_pages(tmp_path)
