"""crawl and map as MCP tools, with the real mcp client against the server in process."""

from __future__ import annotations

from typing import Any

from mcp.client import Client

from tests.crawl.site import site
from weblens.config import Settings
from weblens.server.mcp import LensHolder, build_mcp_server


async def test_crawl_and_map_tools() -> None:
    with site() as s:
        settings = Settings(allow_hosts=[s.allow], cache="memory", crawl_rate_limit="off", render="never")
        async with LensHolder(settings) as holder, Client(build_mcp_server(holder)) as client:
            crawled = await client.call_tool("crawl", {"url": s.url("/docs/index.html"), "max_pages": 5})
            mapped = await client.call_tool("map", {"url": s.url("/docs/index.html")})
            again = await client.call_tool("browse", {"url": s.url("/docs/a.html")})
            blocked = await client.call_tool("crawl", {"url": "http://169.254.169.254/"})
        asked = s.requested()
    assert not crawled.is_error
    content: dict[str, Any] = crawled.structured_content  # type: ignore[assignment]
    assert content["counts"]["pages"] + content["counts"]["duplicates"] + content["counts"]["errors"] == 5
    assert len(content["pages"]) == 5 and content["stopped"] == "max_pages"
    text = crawled.content[0].text  # type: ignore[union-attr]
    assert text.startswith(f"Crawl of <{s.url('/docs/index.html')}>") and "words" in text
    assert not mapped.is_error and s.url("/docs/from-sitemap.html") in mapped.content[0].text  # type: ignore[union-attr]
    assert again.structured_content["from_cache"] is True  # type: ignore[index]
    assert asked["/docs/a.html"] == 1  # a crawled page is read again from the cache
    assert blocked.is_error and blocked.content[0].text.startswith("ssrf_blocked:")  # type: ignore[union-attr]
