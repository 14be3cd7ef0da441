"""Markdown files per page and the llms.txt index."""

from __future__ import annotations

from pathlib import Path, PurePosixPath

from hypothesis import given
from hypothesis import strategies as st

from weblens.crawl.outputs import MarkdownDir, llms_txt, markdown_path
from weblens.models import PageExtract


def test_paths_mirror_the_url() -> None:
    assert markdown_path("https://x.org/") == PurePosixPath("index.md")
    assert markdown_path("https://x.org/guide/") == PurePosixPath("guide/index.md")
    assert markdown_path("https://x.org/guide/intro.html") == PurePosixPath("guide/intro.md")
    assert markdown_path("https://x.org/a/b") == PurePosixPath("a/b.md")
    assert str(markdown_path("https://x.org/list?page=2")).startswith("list-")
    assert markdown_path("https://x.org/a", with_host=True) == PurePosixPath("x.org/a.md")


@given(st.text(max_size=60))
def test_paths_never_leave_the_folder(path: str) -> None:
    relative = markdown_path("https://x.org/" + path)
    assert not relative.is_absolute() and ".." not in relative.parts and relative.suffix == ".md"


def test_files_with_front_matter(tmp_path: Path) -> None:
    page = PageExtract(title='Say "hi"', markdown="# Hi\n\nBody.", published_date="2026-01-02")
    written = MarkdownDir(tmp_path).write("https://x.org/g/hi.html", page)
    text = written.read_text()
    assert written == tmp_path / "g" / "hi.md"
    assert text.startswith(
        '---\nurl: "https://x.org/g/hi.html"\ntitle: "Say \\"hi\\""\ndate: "2026-01-02"\n---\n'
    )
    assert text.endswith("# Hi\n\nBody.")


def test_llms_txt_groups_by_section() -> None:
    pages = [
        ("https://x.org/docs/", PageExtract(title="Docs", description="All the docs.")),
        ("https://x.org/docs/guide/a.html", PageExtract(title="A [x]", text="First page text. " * 20)),
        ("https://x.org/docs/api/b.html", PageExtract(title="B")),
        ("https://x.org/docs/top.html", PageExtract(title="Top")),
    ]
    text = llms_txt(pages, start="https://x.org/docs/", directory="/docs/")
    assert text.startswith("# Docs\n\n> All the docs.\n")
    assert text.index("## Pages") < text.index("## api") < text.index("## guide")
    assert "- [A (x)](https://x.org/docs/guide/a.html): First page text." in text
    assert "- [B](https://x.org/docs/api/b.html)\n" in text
