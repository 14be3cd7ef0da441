"""The development pool: the by-site split, how a set is written and read, and how the build script
reads its sources and keeps the kept-apart pages out."""

from __future__ import annotations

import gzip
import hashlib
import json
from pathlib import Path
from types import ModuleType

import pytest
from bench.extraction import SHARED, _load_scorer
from bench.pool import Case, Output, Scored, docs_site, score_page
from bench.pool_build import (
    KeptApart,
    declared_url,
    defuddle,
    fundus,
    language,
    magic_html,
    markdown_text,
    shingles,
)
from bench.pooldata import PoolPage, load, pool_dir, side, site_of, spaced_cjk, write
from hypothesis import given
from hypothesis import strategies as st

LABELS = st.dictionaries(
    st.sampled_from(["text", "title", "author", "date", "lead"]), st.one_of(st.none(), st.text(max_size=40))
)


def test_a_site_is_its_registrable_domain() -> None:
    assert site_of("https://news.bbc.co.uk/a/b") == site_of("https://www.bbc.co.uk/") == "bbc.co.uk"
    assert site_of("https://alice.github.io/post") != site_of("https://bob.github.io/post")
    assert site_of("") == ""


@given(st.text(min_size=1, max_size=30))
def test_the_side_depends_on_the_site_alone(site: str) -> None:
    assert side(site) == side(site) and side(site) in ("dev", "validation")


def test_the_side_is_a_hash_of_the_site_so_it_never_moves_between_builds() -> None:
    digest = hashlib.sha256(b"weblens-pool/example.com").hexdigest()
    assert side("example.com") == ("validation" if int(digest[:8], 16) % 2 else "dev")


def test_about_half_the_sites_fall_on_each_side() -> None:
    validation = sum(side(f"site{i}.example") == "validation" for i in range(2000))
    assert 900 < validation < 1100


def test_every_page_of_a_site_is_on_its_side() -> None:
    pages = [
        PoolPage("s", f"p{i}", f"https://{host}/{i}", site_of(f"https://{host}/"), "article", "en", b"")
        for i, host in enumerate(["a.example.org", "b.example.org", "example.org", "other.example.net"])
    ]
    by_site: dict[str, set[str]] = {}
    for page in pages:
        by_site.setdefault(page.site, set()).add(page.side)
    assert all(len(sides) == 1 for sides in by_site.values())
    assert len(by_site) == 2


@given(st.lists(st.tuples(st.binary(max_size=200), LABELS), min_size=1, max_size=5))
def test_a_written_set_reads_back_the_same(
    tmp_path_factory: object, entries: list[tuple[bytes, dict[str, str | None]]]
) -> None:
    root = Path(tmp_path_factory.mktemp("pool"))  # type: ignore[attr-defined]
    pages = [
        PoolPage("set-a", f"p{i}", f"https://s{i}.example/", f"s{i}.example", "article", "en", raw, labels)
        for i, (raw, labels) in enumerate(entries)
    ]
    write("set-a", pages, root)
    assert list(load("set-a", root)) == pages


def test_the_pool_folder_can_be_named_by_the_environment(monkeypatch: object, tmp_path: Path) -> None:
    monkeypatch.setenv("WEBLENS_POOL", str(tmp_path))  # type: ignore[attr-defined]
    assert pool_dir() == tmp_path


def test_cjk_characters_are_scored_one_token_each() -> None:
    assert spaced_cjk("新しい図書館 opens").split() == ["新", "し", "い", "図", "書", "館", "opens"]


def test_magic_html_pages_carry_their_text_label_and_site() -> None:
    truth = b'{"ab12cd34ef56ab78cd90": {"url": "https://www.example.com/a", "content": "Body."}}'
    files = {
        "benchmark/data/article/base.json": truth,
        "benchmark/data/article/htmls/ab12cd34ef56ab78cd90.html": b"<html lang='en'><p>Body.</p></html>",
        "benchmark/data/forum/base.json": b"{}",
    }
    [(path, page)] = list(magic_html(files))
    assert path.endswith("ab12cd34ef56ab78cd90.html")
    assert (page.set, page.id, page.site, page.kind, page.lang) == (
        "magic-article",
        "ab12cd34ef56ab78",
        "example.com",
        "article",
        "en",
    )
    assert page.labels == {"text": "Body."}


def test_defuddle_fixtures_that_are_minimal_cases_are_left_out() -> None:
    front = b'{"title": "Buy wisely", "author": "Steph Ango", "published": "2023-09-30T00:00:00+00:00"}'
    md = b"```json\n" + front + b"\n```\n\n## Cost\n\nI buy [socks](https://x.example/).\n"
    files = {
        "tests/fixtures/general--stephango.com-buy-wisely.html": b"<html><p>I buy socks.</p></html>",
        "tests/expected/general--stephango.com-buy-wisely.md": md,
        "tests/fixtures/elements--tiny-case.html": b"<html><p>tiny</p></html>",
        "tests/expected/elements--tiny-case.md": b"tiny",
    }
    [(_, page)] = list(defuddle(files))
    assert page.site == "stephango.com" and page.kind == "blog"
    assert page.labels["title"] == "Buy wisely" and page.labels["author"] == "Steph Ango"
    assert page.labels["date"] == "2023-09-30"
    assert "socks" in (page.labels["text"] or "") and "](" not in (page.labels["text"] or "")


def test_fundus_pages_go_with_their_parser_versions_in_order_of_crawl_date() -> None:
    folder = "tests/resources/parser/test_data/de"
    body = {"summary": ["Lead."], "sections": [{"headline": ["Part"], "paragraphs": ["One.", "Two."]}]}
    versions = {
        "V10": {
            "title": "Newest",
            "authors": [],
            "publishing_date": "2026-01-02 10:00:00+01:00",
            "body": body,
        },
        "V2": {
            "title": "Newer",
            "authors": ["Ann Lee", "Bo Li"],
            "publishing_date": "2025-05-01",
            "body": body,
        },
        "V1": {
            "title": "Old",
            "authors": ["Ann Lee"],
            "publishing_date": "2024-03-04T22:00:00",
            "body": body,
        },
    }
    meta = {"Paper_2024_03_05.html.gz": {"url": "https://www.paper.example/a"}}
    files = {
        f"{folder}/Paper.json": json.dumps(versions).encode(),
        f"{folder}/meta.info": json.dumps(meta).encode(),
        **{
            f"{folder}/Paper_{day}.html.gz": gzip.compress(b"<html lang='de'><p>Lead.</p></html>")
            for day in ("2024_03_05", "2025_05_02", "2026_01_03")
        },
    }
    pages = [page for _, page in fundus(files)]
    assert [page.labels["title"] for page in pages] == ["Old", "Newer", "Newest"]
    assert [page.labels.get("author") for page in pages] == ["Ann Lee", "Ann Lee, Bo Li", None]
    assert [page.labels["date"] for page in pages] == ["2024-03-04", "2025-05-01", "2026-01-02"]
    assert pages[0].labels["text"] == "Lead.\n\nPart\n\nOne.\n\nTwo."
    assert pages[0].site == "paper.example" and pages[0].id == "Paper_2024_03_05"


def test_markdown_text_keeps_the_words_not_the_syntax() -> None:
    text = markdown_text(
        "# Title\n\n- [one](https://a.example/) ![img](i.png)\n\n| a | b |\n\n```py\nx = 1\n```\n"
    )
    assert text.split() == ["Title", "one", "a", "b", "x", "=", "1"]


def test_a_page_declares_its_address_and_language() -> None:
    raw = b'<html lang="de-DE"><head><link rel="canonical" href="https://www.example.de/x?a=1&amp;b=2"></head></html>'
    assert declared_url(raw) == "https://www.example.de/x?a=1&b=2"
    assert language(raw) == "de"
    assert language(b"<html><p>x</p></html>", "日本語のテキストです") == "ja"
    assert language(b"<html></html>", "这是一个中文句子") == "zh"


def test_kept_apart_pages_are_found_by_bytes_url_or_shared_text() -> None:
    kept = b"<html><p>" + b" ".join(b"word%d" % i for i in range(40)) + b"</p></html>"
    index = KeptApart({hashlib.sha256(kept).hexdigest()}, {"https://kept.example/page"}, shingles(kept))
    assert "bytes" in index.why(kept, "")
    assert "URL" in index.why(b"<html>other</html>", "https://kept.example/page/")
    copy = kept.replace(b"<p>", b"<div class='new'><p>")
    assert "shingles" in index.why(copy, "")
    fresh = b"<html><p>" + b" ".join(b"other%d" % i for i in range(40)) + b"</p></html>"
    assert index.why(fresh, "https://fresh.example/") == ""


ARTICLE = (
    b"<html><body><nav><a href='/'>Home</a></nav><article><h1>Mending nets on the quay</h1>"
    b"<p>The old nets are mended by hand every spring before the boats go out.</p>"
    b"<ul><li>a netting needle of the right size</li><li>tarred twine from the chandler</li></ul>"
    b"</article><footer>Copyright the harbour trust</footer></body></html>"
)
TRUTH = "Mending nets on the quay The old nets are mended by hand every spring before the boats go out. " + (
    "a netting needle of the right size tarred twine from the chandler"
)


def _case(labels: dict[str, str | None]) -> Case:
    page = PoolPage(
        "set-a", "p1", "https://harbour.example/nets", "harbour.example", "article", "en", ARTICLE, labels
    )
    return Case(page, ARTICLE)


@pytest.fixture
def scorer() -> ModuleType:
    """The benchmarks' scorer (../shared/bench/score_extraction.py); skipped where ../shared is absent."""
    if not (SHARED / "score_extraction.py").is_file():
        pytest.skip(f"the shared scorer is not at {SHARED}")
    return _load_scorer()


def test_a_page_is_scored_against_each_of_its_labels(scorer: ModuleType) -> None:
    perfect = Output(
        text=TRUTH,
        markdown="# Mending nets on the quay\n\n"
        "- a netting needle of the right size\n- tarred twine from the chandler",
        title="Mending nets on the quay",
        date="2024-04-02",
    )
    runners = {
        "perfect": lambda raw, url: perfect,
        "footer": lambda raw, url: Output(text="Copyright the harbour trust"),
    }
    labels: dict[str, str | None] = {"text": TRUTH, "title": "Mending nets on the quay", "date": "2024-04-02"}
    scores = score_page(_case(labels), runners, scorer)
    good, bad = scores["perfect"], scores["footer"]
    assert good.counts is not None and good.counts[1:] == (0.0, 0.0) and good.rouge == 1.0
    assert good.found == {"headings": 1, "list items": 2} and good.kept == good.found
    assert good.metadata == {"title": True, "date": True, "author": False} or good.metadata == {
        "title": True,
        "date": True,
    }
    assert not good.lost
    assert bad.lost and bad.kept["list items"] == 0 and bad.metadata["title"] is False


def test_a_crash_scores_as_an_empty_extraction_and_is_counted(scorer: ModuleType) -> None:
    def crash(raw: bytes, url: str) -> Output:
        raise ValueError("boom")

    [scored] = score_page(
        _case({"lead": "The old nets are mended by hand every spring"}), {"x": crash}, scorer
    ).values()
    assert scored.error and scored.lead is False and not scored.lost  # an error is no "ok" outcome


def test_one_publishers_manuals_are_one_site() -> None:
    assert docs_site("handbook-en-US") == docs_site("handbook-ja-JP") == "docs/handbook"
    assert docs_site("rust-books") == docs_site("rust-items") == "docs/rust"
    assert docs_site("python-docs") == "docs/python-docs"


def test_a_record_of_a_run_gives_back_its_scores(scorer: ModuleType) -> None:
    perfect = Output(text=TRUTH, markdown="# Mending nets on the quay", title="Mending nets on the quay")
    labels: dict[str, str | None] = {
        "text": TRUTH,
        "title": "Mending nets on the quay",
        "lead": "The old nets",
    }
    [scored] = score_page(_case(labels), {"x": lambda raw, url: perfect}, scorer).values()
    again = Scored.from_record(json.loads(json.dumps(scored.record())))
    assert again == scored
