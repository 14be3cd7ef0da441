"""A real crawl of a loopback site through the Lens: every page once, traps cut, robots obeyed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.crawl.site import Site, site
from weblens.config import Settings
from weblens.errors import HTTPError, InvalidArgument, SSRFBlocked, UnsupportedContentType
from weblens.models import CrawlLine
from weblens.session import Lens


def _settings(s: Site, **extra: Any) -> Settings:
    return Settings(allow_hosts=[s.allow], cache="none", crawl_rate_limit="off", render="never", **extra)


def _lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


async def test_every_page_once(tmp_path: Path) -> None:
    out = tmp_path / "crawl.jsonl"
    heard: list[CrawlLine] = []
    with site() as s:
        async with Lens(_settings(s)) as lens:
            summary = await lens.crawl(
                s.url("/docs/index.html"), out=out, concurrency=3, on_line=heard.append
            )
        asked = s.requested()
    lines = _lines(out)
    urls = [line["url"] for line in lines]
    pages = {line["url"] for line in lines if "page" in line}
    assert len(urls) == len(set(urls))  # no URL twice
    assert [line.url for line in heard] == urls
    for path in (
        "/docs/index.html",
        "/docs/a.html",
        "/docs/b.html",
        "/docs/from-sitemap.html",
        "/docs/slow.html",
    ):
        assert s.url(path) in pages, path
    finals = [line["page"]["final_url"] for line in lines if "page" in line]
    assert finals.count(s.url("/docs/c.html")) == 1  # read once: as itself, or as where old.html leads
    texts = [line["page"]["text"] for line in lines if "page" in line]
    assert len(texts) == len(set(texts))  # no text twice
    by_url = {line["url"]: line for line in lines}
    assert by_url[s.url("/docs/copy.html")]["duplicate_of"] == s.url("/docs/b.html")
    named = [by_url.get(s.url(p)) for p in ("/docs/old.html", "/docs/c.html")]  # a redirect and its target:
    assert sum(1 for line in named if line and "page" in line) == 1  # one page line, the other a duplicate
    assert all(line is None or "page" in line or "duplicate_of" in line for line in named)
    sub = [by_url.get(s.url(p)) for p in ("/docs/sub/", "/docs/sub/index.html")]
    assert sum(1 for line in sub if line and "page" in line) == 1
    # politeness and scope, counted on the server
    assert not any(target.startswith("/docs/private/") for target in asked)
    assert not any(target.startswith("/outside/") for target in asked)
    assert asked["/docs/a.html"] == 1 and asked["/docs/b.html"] == 1  # variants canonicalised away
    assert asked["/docs/slow.html"] == 2 and "page" in by_url[s.url("/docs/slow.html")]  # 429 then read
    calendar = sum(n for target, n in asked.items() if target.startswith("/docs/cal"))
    assert 0 < calendar <= 101
    moved = by_url[s.url("/docs/moved.html")]["error"]  # a redirect out of scope is not followed
    assert moved["code"] == "http_error" and "out of scope" in moved["message"]
    assert summary.stopped == "done"
    assert summary.counts.cut.get("robots_disallowed") == 1
    assert summary.counts.cut.get("far_date", 0) + summary.counts.cut.get("query_variants", 0) >= 1
    assert summary.counts.lines == len(lines) and summary.counts.errors == 1
    assert summary.counts.off_scope >= 2  # /outside/ and the external host


async def test_max_pages_is_a_hard_limit(tmp_path: Path) -> None:
    with site() as s:
        async with Lens(_settings(s)) as lens:
            summary = await lens.crawl(
                s.url("/docs/index.html"), out=tmp_path / "o.jsonl", max_pages=3, concurrency=4
            )
        asked = s.requested()
    pages_asked = sum(n for target, n in asked.items() if target.startswith("/docs/"))
    assert pages_asked <= 3
    assert len(_lines(tmp_path / "o.jsonl")) == 3
    assert summary.stopped == "max_pages" and summary.counts.cut.get("max_pages", 0) > 0


async def test_depth_and_globs(tmp_path: Path) -> None:
    with site() as s:
        async with Lens(_settings(s)) as lens:
            shallow = await lens.crawl(
                s.url("/docs/index.html"), out=tmp_path / "d.jsonl", max_depth=0, sitemaps=False
            )
            await lens.crawl(
                s.url("/docs/index.html"),
                out=tmp_path / "g.jsonl",
                exclude=["/docs/c*", "/docs/cal*"],
                sitemaps=False,
                ignore_robots=True,
            )
        asked = s.requested()
    assert shallow.counts.lines == 1 and shallow.counts.cut.get("max_depth", 0) > 0
    urls = {line["url"] for line in _lines(tmp_path / "g.jsonl")}
    assert s.url("/docs/c.html") not in urls and not any("/docs/cal" in u for u in urls)
    assert s.url("/docs/private/secret.html") in urls  # robots.txt ignored when asked
    assert asked["/docs/private/secret.html"] == 1


async def test_lines_without_a_file_and_the_listing(tmp_path: Path) -> None:
    heard: list[CrawlLine] = []
    with site() as s:
        async with Lens(_settings(s)) as lens:
            summary = await lens.crawl(
                s.url("/docs/b.html"), max_pages=2, sitemaps=False, on_line=heard.append, list_pages=True
            )
    assert summary.out is None and len(heard) == 2
    assert [ref.url for ref in summary.pages] == [line.url for line in heard]
    assert summary.pages[0].title == "B" and summary.pages[0].words > 0


async def test_start_errors_come_before_anything(tmp_path: Path) -> None:
    out = tmp_path / "o.jsonl"
    with site() as s:
        s.server.route(
            "/file.txt",
            __import__("tests.support.servers", fromlist=["Response"]).Response(
                body=b"plain", headers={"Content-Type": "text/plain"}
            ),
        )
        async with Lens(_settings(s)) as lens:
            with pytest.raises(HTTPError):
                await lens.crawl(s.url("/docs/missing.html"), out=out)
            with pytest.raises(UnsupportedContentType):
                await lens.crawl(s.url("/file.txt"), out=out)
            with pytest.raises(SSRFBlocked):
                await lens.crawl("http://10.1.2.3/docs/", out=out)
            with pytest.raises(InvalidArgument):
                await lens.crawl("ftp://x.test/", out=out)
            assert not out.exists() or out.stat().st_size == 0
            await lens.crawl(s.url("/docs/b.html"), out=out, max_pages=1)
            with pytest.raises(InvalidArgument, match="--resume"):
                await lens.crawl(s.url("/docs/b.html"), out=out)
            with pytest.raises(InvalidArgument, match="not of"):
                await lens.crawl(s.url("/docs/a.html"), out=out, resume=True)


async def test_outputs_beyond_json_lines(tmp_path: Path) -> None:
    with site() as s:
        async with Lens(_settings(s)) as lens:
            await lens.crawl(
                s.url("/docs/index.html"),
                out=tmp_path / "o.jsonl",
                markdown_dir=tmp_path / "md",
                llms_txt=tmp_path / "llms.txt",
                sitemaps=False,
                exclude=["/docs/cal*"],
            )
    assert (
        (tmp_path / "md" / "docs" / "a.md")
        .read_text()
        .startswith(f'---\nurl: "{s.url("/docs/a.html")}"\ntitle: "A"\n')
    )
    index = (tmp_path / "llms.txt").read_text()
    assert index.startswith("# Index\n") and f"- [A]({s.url('/docs/a.html')})" in index


async def test_typed_data_on_each_page_line(tmp_path: Path) -> None:
    from tests.support.servers import Response

    product = (
        b'<html><head><title>Mug</title><script type="application/ld+json">'
        b'{"@context": "https://schema.org", "@type": "Product", "name": "Tide Mug",'
        b' "offers": {"@type": "Offer", "price": "12.50", "priceCurrency": "EUR"}}</script></head>'
        b"<body><h1>Tide Mug</h1><p>" + b"A mug for the shore, glazed blue. " * 20 + b"</p></body></html>"
    )
    schema = {"type": "object", "properties": {"name": {"type": "string"}, "price": {"type": "number"}}}
    with site() as s:
        s.server.route("/shop/mug.html", Response(body=product))
        async with Lens(_settings(s)) as lens:
            with pytest.raises(InvalidArgument):  # a bad schema fails before anything is read
                await lens.crawl(s.url("/shop/mug.html"), data_schema={"type": "strnig"})
            await lens.crawl(
                s.url("/shop/mug.html"), out=tmp_path / "o.jsonl", data_schema=schema, sitemaps=False
            )
    [line] = _lines(tmp_path / "o.jsonl")
    assert line["data"]["data"] == {"name": "Tide Mug", "price": 12.5}
    assert {field["source"] for field in line["data"]["fields"]} == {"json-ld"}


async def test_what_the_site_teaches_spares_requests(tmp_path: Path) -> None:
    from tests.support.servers import LoopbackServer, Response

    names = [f"p{n}.html" for n in range(6)]
    links = "".join(
        f'<a href="{name}">{name}</a> <a href="{name}?highlight=tide">{name} marked</a> ' for name in names
    )
    with LoopbackServer() as server:
        server.route("/docs/index.html", Response(body=f"<html><body><p>{links}</p></body></html>".encode()))
        for n, name in enumerate(names):
            text = f"Page {n} tells its own story about the shore and the tides. " * 12
            server.route(f"/docs/{name}", Response(body=f"<html><body><p>{text}</p></body></html>".encode()))
        settings = Settings(
            allow_hosts=[server.allow_entry], cache="none", crawl_rate_limit="off", render="never"
        )
        async with Lens(settings) as lens:
            summary = await lens.crawl(server.url("/docs/index.html"), concurrency=1, sitemaps=False)
        marked = [r for r in server.requests if "highlight=" in r.target]
    assert len(marked) == 2  # two duplicates teach that the parameter changes nothing; the rest are not read
    assert summary.counts.pages == 7 and summary.counts.duplicates == 2
