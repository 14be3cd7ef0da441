"""A small site on loopback with what real sites have: sitemaps, robots.txt, URL variants of one page,
a redirect, a copy of a page, an endless calendar, a link out, and a page that asks to slow down."""

from __future__ import annotations

import gzip
import threading
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from tests.support.servers import LoopbackServer, Request, Response

__all__ = ["Site", "site"]


def _words(name: str, n: int = 120) -> str:
    return " ".join(f"{name}{i % 17} talks about topic {name} in sentence {i}." for i in range(n // 8))


def _page(title: str, body: str, links: list[str], head: str = "") -> bytes:
    anchors = " ".join(
        f'<a href="{href}">{text}</a>' for href, text in ((h, h.rsplit("/", 1)[-1] or "home") for h in links)
    )
    return (
        f"<!doctype html><html><head><title>{title}</title>{head}</head><body>"
        f"<nav>{anchors}</nav><main><h1>{title}</h1><p>{body}</p></main></body></html>"
    ).encode()


@dataclass
class Site:
    server: LoopbackServer
    slow_calls: Counter[str] = field(default_factory=Counter)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def url(self, path: str) -> str:
        return self.server.url(path)

    @property
    def allow(self) -> str:
        return self.server.allow_entry

    def requested(self) -> Counter[str]:
        """Requests by target (path and query)."""
        return Counter(request.target for request in self.server.requests)

    @property
    def pages(self) -> set[str]:
        """The URLs of the site's distinct pages a crawl of /docs/ should read."""
        return {self.url(p) for p in PAGES}


PAGES = (
    "/docs/index.html",
    "/docs/a.html",
    "/docs/b.html",
    "/docs/c.html",
    "/docs/sub/",
    "/docs/from-sitemap.html",
    "/docs/slow.html",
    "/docs/cal",
)


def _routes(site: Site) -> None:
    server = site.server
    route = server.route
    route(
        "/docs/index.html",
        Response(
            body=_page(
                "Index",
                _words("index"),
                [
                    "a.html",
                    "b.html",
                    "a.html?utm_source=news#top",
                    "b.html#part",
                    "sub/",
                    "sub/index.html",
                    "old.html",
                    "copy.html",
                    "cal?month=2026-06",
                    "private/secret.html",
                    "slow.html",
                    "moved.html",
                    "/outside/page.html",
                    "http://external.invalid/x",
                    "mailto:someone@example.org",
                ],
            )
        ),
    )
    route("/docs/a.html", Response(body=_page("A", _words("alpha"), ["c.html", "index.html"])))
    route("/docs/b.html", Response(body=_page("B", _words("beta"), ["index.html"])))
    route("/docs/copy.html", Response(body=_page("B", _words("beta"), ["index.html"])))
    route("/docs/c.html", Response(body=_page("C", _words("gamma"), ["a.html"])))
    sub = Response(body=_page("Sub", _words("delta"), ["../index.html"]))
    route("/docs/sub/", sub)
    route("/docs/sub/index.html", sub)
    route("/docs/old.html", Response(status=301, headers={"Location": "/docs/c.html"}))
    route("/docs/moved.html", Response(status=302, headers={"Location": "/outside/page.html"}))
    route("/docs/private/secret.html", Response(body=_page("Secret", _words("secret"), [])))
    route("/docs/from-sitemap.html", Response(body=_page("Listed", _words("epsilon"), [])))
    route("/outside/page.html", Response(body=_page("Out", _words("outside"), [])))

    def calendar(request: Request) -> Response:
        month = request.target.partition("month=")[2] or "2026-06"
        year, mon = (int(part) for part in month.split("-")[:2])
        after = f"{year + mon // 12}-{mon % 12 + 1:02d}"
        before = f"{year - (mon == 1)}-{(mon - 2) % 12 + 1:02d}"
        return Response(
            body=_page(
                f"Calendar {month}",
                f"Events in {month}: none.",
                [f"cal?month={before}", f"cal?month={after}"],
            )
        )

    route("/docs/cal", calendar)

    def slow(request: Request) -> Response:
        with site.lock:
            site.slow_calls["slow"] += 1
            first = site.slow_calls["slow"] == 1
        if first:
            return Response(
                status=429, body=b"slow down", headers={"Retry-After": "1", "Content-Type": "text/plain"}
            )
        return Response(body=_page("Slow", _words("zeta"), []))

    route("/docs/slow.html", slow)
    route(
        "/robots.txt",
        Response(
            body=f"User-agent: *\nDisallow: /docs/private/\nSitemap: {server.url('/sitemap.xml')}\n".encode(),
            headers={"Content-Type": "text/plain"},
        ),
    )
    route(
        "/sitemap.xml",
        Response(
            body=f"<sitemapindex><sitemap><loc>{server.url('/sitemap-1.xml.gz')}</loc></sitemap></sitemapindex>".encode(),
            headers={"Content-Type": "application/xml"},
        ),
    )
    listed = "".join(
        f"<url><loc>{server.url(p)}</loc></url>"
        for p in ("/docs/from-sitemap.html", "/docs/a.html", "/outside/page.html")
    )
    route(
        "/sitemap-1.xml.gz",
        Response(
            body=gzip.compress(f"<urlset>{listed}</urlset>".encode()),
            headers={"Content-Type": "application/gzip"},
        ),
    )


@contextmanager
def site() -> Iterator[Site]:
    with LoopbackServer() as server:
        built = Site(server)
        _routes(built)
        yield built
