"""A reference point for bench/crawl.py: a naive asyncio crawl loop over ``weblens.extract``.

httpx, breadth-first, ``CONCURRENCY`` requests in flight, URLs deduplicated without their fragment
(nothing else), robots.txt read once (protego), the calendar skipped by path like Scrapy's; each page
extracted on the event loop. Each page becomes one JSON line ``{"url", "text"}``.

    python bench/crawl_naive.py START_URL OUT.jsonl CONCURRENCY
"""

from __future__ import annotations

import asyncio
import json
import re
import sys
from urllib.parse import urldefrag, urljoin, urlsplit

_HREF = re.compile(r"""<a\s[^>]*?href\s*=\s*["']([^"']*)["']""", re.I)


async def crawl(start: str, out: str, concurrency: int) -> None:
    import httpx
    from protego import Protego

    import weblens

    host = urlsplit(start).netloc
    seen = {start}
    queue: asyncio.Queue[str | None] = asyncio.Queue()
    queue.put_nowait(start)
    pending = 1
    async with httpx.AsyncClient(timeout=30) as client:
        robots = Protego.parse((await client.get(urljoin(start, "/robots.txt"))).text)
        with open(out, "w", encoding="utf-8") as handle:  # noqa: ASYNC230 - small appends, as a naive loop does

            async def worker() -> None:
                nonlocal pending
                while (url := await queue.get()) is not None:
                    try:
                        response = await client.get(url)
                        if response.status_code == 200 and "html" in response.headers.get("content-type", ""):
                            page = weblens.extract(response.text, url)
                            handle.write(json.dumps({"url": url, "text": page.text}) + "\n")
                            for href in _HREF.findall(response.text):
                                link = urldefrag(urljoin(url, href.strip()))[0]
                                parts = urlsplit(link)
                                if parts.netloc != host or "/events/" in parts.path or link in seen:
                                    continue
                                if not robots.can_fetch(link, "bench-naive"):
                                    continue
                                seen.add(link)
                                pending += 1
                                queue.put_nowait(link)
                    except httpx.HTTPError:
                        pass
                    finally:
                        pending -= 1
                        if pending == 0:
                            for _ in range(concurrency):
                                queue.put_nowait(None)

            await asyncio.gather(*(worker() for _ in range(concurrency)))


if __name__ == "__main__":
    asyncio.run(crawl(sys.argv[1], sys.argv[2], int(sys.argv[3])))
