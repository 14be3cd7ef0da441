"""One process reads hundreds of URLs over several local servers: one line each, every guard applies."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from tests.batch.support import farm, inputs_of, read_lines
from tests.support.servers import Response
from weblens.batch.inputs import parse_input
from weblens.batch.plan import BatchOptions
from weblens.batch.runner import run_local
from weblens.cache.memory import MemoryCache
from weblens.config import Settings
from weblens.errors import InvalidArgument
from weblens.net.resolver import StaticResolver
from weblens.session import Lens


def _settings(allow: list[str], tmp_path: Path, **extra: object) -> Settings:
    values: dict[str, object] = {
        "allow_hosts": allow,
        "cache_dir": tmp_path / "cache",
        "timeout_s": 10.0,
        "fetch_retries": 0,
        "per_domain_rate_limit": "off",
        "max_concurrent_fetches": 32,
        **extra,
    }
    return Settings(**values)  # type: ignore[arg-type]


async def test_hundreds_of_urls_one_line_each(tmp_path: Path) -> None:
    with farm(4) as sites:
        big = sites.servers[0]
        big.route("/big", Response(body=b"<p>" + b"x" * 300_000 + b"</p>"))
        urls = [*sites.urls(60), big.url("/big")]
        source = tmp_path / "urls.txt"
        extra = ["# a comment", "", '{"url": 5}', urls[0], urls[1] + "#same-page"]  # 2 duplicates
        source.write_text("\n".join(urls + extra) + "\n")
        out = tmp_path / "out.jsonl"
        settings = _settings(sites.allow, tmp_path, max_download_bytes=200_000)
        async with Lens(settings, cache=MemoryCache()) as lens:
            summary = await run_local(lens, source, out, BatchOptions(concurrency=16))
        lines = read_lines(out)
    assert len(urls) == 240 + 12 + 3 + 1
    assert summary.total == summary.done == len(lines) == len(urls) + 1 and summary.duplicates == 2
    keys = [line["key"] for line in lines]
    assert len(set(keys)) == len(keys)
    by_key = {str(line["key"]): line for line in lines}
    for url in urls:
        item = parse_input(url, 1)
        assert item is not None and by_key[item.key]["input"] == item.echo
    codes = Counter(str(line["error"]["code"]) for line in lines if "error" in line)  # type: ignore[index]
    assert sum(1 for line in lines if "page" in line) == 240
    assert codes == {
        "http_error": 4,
        "robots_disallowed": 4,
        "fetch_timeout": 4,
        "ssrf_blocked": 2,
        "invalid_url": 1,
        "invalid_argument": 1,
        "size_limit_exceeded": 1,
    }
    assert sites.hits("/private/x") == 0  # robots.txt was honoured
    assert sites.hits("/robots.txt") == 4  # once per site


async def test_ignore_robots_and_a_line_that_opts_out(tmp_path: Path) -> None:
    with farm(1) as sites:
        server = sites.servers[0]
        source = tmp_path / "urls.txt"
        opt_out = json.dumps({"url": server.url("/private/x?y"), "respect_robots": False})
        source.write_text(f"{server.url('/private/x')}\n{opt_out}\n")
        async with Lens(_settings(sites.allow, tmp_path), cache=MemoryCache()) as lens:
            await run_local(lens, source, tmp_path / "a.jsonl", BatchOptions())
            await run_local(lens, source, tmp_path / "b.jsonl", BatchOptions(respect_robots=False))
    first = [("error" in line) for line in read_lines(tmp_path / "a.jsonl")]
    assert sorted(first) == [False, True]
    assert all("page" in line for line in read_lines(tmp_path / "b.jsonl"))


async def test_an_existing_output_needs_resume(tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    out.write_text('{"input": "x", "key": "k", "error": {"code": "http_error"}}\n')
    source = tmp_path / "urls.txt"
    source.write_text("http://127.0.0.1:9/\n")  # never read: the run stops first
    async with Lens(_settings([], tmp_path), cache=MemoryCache()) as lens:
        with pytest.raises(InvalidArgument, match="--resume"):
            await run_local(lens, source, out, BatchOptions())
        with pytest.raises(InvalidArgument, match="no such file"):
            await run_local(lens, tmp_path / "nope.txt", tmp_path / "new.jsonl", BatchOptions())


async def test_resume_skips_what_is_done_and_repairs_a_torn_line(tmp_path: Path) -> None:
    with farm(2) as sites:
        urls = sites.urls(10)[:20]
        source = tmp_path / "urls.txt"
        source.write_text("\n".join(urls) + "\n")
        out = tmp_path / "out.jsonl"
        async with Lens(_settings(sites.allow, tmp_path), cache=MemoryCache()) as lens:
            source.write_text("\n".join(urls[:8]) + "\n")
            await run_local(lens, source, out, BatchOptions(concurrency=4))
            with out.open("ab") as handle:  # a run killed in the middle of a write
                handle.write(b'{"input": "http://x.test/", "key": "abc", "pa')
            source.write_text("\n".join(urls) + "\n")
            summary = await run_local(lens, source, out, BatchOptions(concurrency=4, resume=True))
        lines = read_lines(out)
    assert summary.skipped == 8 and summary.done == 12
    assert inputs_of(lines) == sorted(urls)
    assert sum(sites.hits(f"/p?n={n}") for n in range(10)) == 20  # nothing was read twice


async def test_the_per_site_limit_holds_at_the_servers(tmp_path: Path) -> None:
    """Two names of one registrable domain share a budget: arrivals at the server stay within the
    bucket (burst + rate x window) in every window, robots.txt included."""
    with farm(1) as sites:
        server = sites.servers[0]
        names = ["a.site.test", "www.b.site.test"]
        resolver = StaticResolver({name: ["127.0.0.1"] for name in names})
        allow = [f"{name}:{server.port}" for name in names]
        urls = [f"http://{names[n % 2]}:{server.port}/p?n={n}" for n in range(36)]
        source = tmp_path / "urls.txt"
        source.write_text("\n".join(urls) + "\n")
        settings = _settings(allow, tmp_path, per_domain_rate_limit="20/second", per_domain_burst=3)
        async with Lens(settings, cache=MemoryCache(), resolver=resolver) as lens:
            await run_local(lens, source, tmp_path / "out.jsonl", BatchOptions(concurrency=16))
        stamps = sorted(t for t, _ in sites.arrivals[server.port])
    assert len(stamps) == 36 + 2  # and one robots.txt per host name (the file belongs to the origin)
    for window, slack in ((1.0, 2), (0.5, 2)):
        bound = 3 + 20 * window + slack  # slack: scheduling jitter between the client and the server
        worst = max(sum(1 for t in stamps[i:] if t <= start + window) for i, start in enumerate(stamps))
        assert worst <= bound, (window, worst)


async def test_a_second_run_on_the_same_output_is_refused(tmp_path: Path) -> None:
    from weblens.batch.plan import open_output

    out = tmp_path / "out.jsonl"
    writer, _ = open_output(out, resume=False)
    with writer, pytest.raises(InvalidArgument, match="another run is writing"):
        open_output(out, resume=True)
    reopened, state = open_output(out, resume=True)  # the first run ended: the file is free again
    reopened.close()
    assert state.keys == set()


async def test_a_crawl_delay_in_robots_txt_spaces_the_pages_of_its_site(tmp_path: Path) -> None:
    with farm(1, robots=b"User-agent: *\nCrawl-delay: 0.25\nDisallow: /private/\n") as sites:
        server = sites.servers[0]
        source = tmp_path / "urls.txt"
        source.write_text("".join(server.url(f"/p?n={n}") + "\n" for n in range(5)))
        settings = _settings(sites.allow, tmp_path)  # the rate limit is off: only the site's delay paces
        async with Lens(settings, cache=MemoryCache()) as lens:
            await run_local(lens, source, tmp_path / "out.jsonl", BatchOptions(concurrency=5))
        stamps = sites.arrivals[server.port]
        robots = min(t for t, target in stamps if target == "/robots.txt")
        pages = sorted(t for t, target in stamps if target.startswith("/p"))
    assert len(pages) == 5
    # On the server's clock, which is the client's (both time.monotonic): the first page's turn comes
    # after robots.txt reached the server, and each later turn at least 0.25 s after the one before, so
    # the fifth page cannot arrive before robots.txt + 4 x 0.25 s however late any request is delivered
    # (a load that delays one request shortens the gap after it, never this span). 0.01 s: clock and
    # timer rounding. Without the delay the five pages arrive within milliseconds of robots.txt.
    assert pages[-1] - robots >= 4 * 0.25 - 0.01, [round(t - robots, 3) for t in pages]
