"""The anchor of bench/crawl.py: a Scrapy CrawlSpider that extracts each page with trafilatura.

The classic engine at its usual settings for a polite crawl of one site: robots.txt obeyed, the
same number of requests in flight as the crawler it is compared with, no download delay, no
AutoThrottle, links followed within the start URL's host (Scrapy's own URL fingerprint removes
fragments; it keeps query strings as they are). It is told to skip the calendar (``deny``): Scrapy
has no trap rule and would follow it forever. Each page becomes one JSON line ``{"url", "text"}``
with trafilatura's Markdown.

    python bench/crawl_scrapy.py START_URL OUT.jsonl CONCURRENCY
"""

from __future__ import annotations

import json
import re
import sys
from typing import Any, ClassVar
from urllib.parse import urlsplit


def main(start: str, out: str, concurrency: int) -> None:
    import trafilatura
    from scrapy.crawler import CrawlerProcess
    from scrapy.linkextractors import LinkExtractor
    from scrapy.spiders import CrawlSpider, Rule

    parts = urlsplit(start)
    host = parts.hostname or ""
    origin = re.escape(f"{parts.scheme}://{parts.netloc}/")
    handle = open(out, "w", encoding="utf-8")  # noqa: SIM115 - closed when the process ends

    class Docs(CrawlSpider):
        name = "docs"
        allowed_domains: ClassVar[list[str]] = [host]
        start_urls: ClassVar[list[str]] = [start]
        # the start URL's origin (a LinkExtractor's allow_domains compares host and port with the host)
        rules = (
            Rule(
                LinkExtractor(allow=(f"^{origin}",), deny=(r"/events/",)), callback="parse_page", follow=True
            ),
        )

        def parse_start_url(self, response: Any, **kwargs: Any) -> Any:
            return self.parse_page(response)

        def parse_page(self, response: Any) -> Any:
            text = trafilatura.extract(response.text, url=response.url, output_format="markdown") or ""
            handle.write(json.dumps({"url": response.url, "text": text}) + "\n")
            handle.flush()
            return None

    process = CrawlerProcess(
        settings={
            "ROBOTSTXT_OBEY": True,
            "CONCURRENT_REQUESTS": concurrency,
            "CONCURRENT_REQUESTS_PER_DOMAIN": concurrency,
            "DOWNLOAD_DELAY": 0,
            "AUTOTHROTTLE_ENABLED": False,
            "LOG_LEVEL": "ERROR",
            "TELNETCONSOLE_ENABLED": False,
            "COOKIES_ENABLED": False,
            "USER_AGENT": "bench-scrapy",
        }
    )
    process.crawl(Docs)
    process.start()


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]))
