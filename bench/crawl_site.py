"""The sites bench/crawl.py crawls, served on loopback in a process of their own.

* ``docs``: Debian's packaged Python 3.11 manual (``apt-get install python3.11-doc``, 527 pages under
  ``/usr/share/doc/python3.11/html``) as it is, plus what real sites have around their pages:
  a robots.txt that disallows one section (``/howto/``) and names a sitemap; a sitemap index whose
  child is gzipped; an endless calendar (``/events/calendar?month=…``, each month linking the next
  and the previous); URL variants of the site's pages in a footer of every page (a tracking
  parameter, a fragment, the directory form of an ``index.html``, a search-highlight parameter);
  and a link to another site (another host name, served by a second server that counts any request).
  Every request is logged (path and query, time) for the metrics.
* ``synthetic``: N generated pages (``/p/<n>``, seeded links to the next pages and a few others), for
  the memory of a 100,000-page crawl.

    python bench/crawl_site.py docs PORTFILE LOGFILE       # prints nothing; SIGTERM stops it
    python bench/crawl_site.py synthetic PORTFILE N
"""

from __future__ import annotations

import gzip
import random
import re
import signal
import socket
import sys
import threading
import time
from collections import deque
from collections.abc import Iterable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import unquote, urljoin, urlsplit

DOCS = Path("/usr/share/doc/python3.11/html")
DISALLOWED = "/howto/"
CALENDAR = "/events/calendar"
START = "/index.html"
_HREF = re.compile(rb"""<a\s[^>]*?href\s*=\s*["']([^"'#]*)(?:#[^"']*)?["']""", re.I)


# --- what the docs site holds (pure) ----------------------------------------------------------------
def page_path(path: str) -> str | None:
    """The file a request path names on the docs site (``dir/`` → ``dir/index.html``), or None."""
    clean = unquote(urlsplit(path).path)
    if clean.endswith("/"):
        clean += "index.html"
    if ".." in clean.split("/"):
        return None
    found = DOCS / clean.lstrip("/")
    return clean if found.is_file() and clean.endswith(".html") else None


def links_of(path: str, body: bytes) -> Iterable[str]:
    """The site paths an HTML page links to (fragments and queries dropped, resolved, existing)."""
    base = "http://site" + path
    for match in _HREF.finditer(body):
        href = match.group(1).decode("utf-8", "replace").strip()
        if not href:
            continue
        target = urlsplit(urljoin(base, href))
        if target.scheme != "http" or target.netloc != "site":
            continue
        found = page_path(target.path)
        if found is not None:
            yield found


def reachable(start: str = START) -> list[str]:
    """The pages a polite crawler can reach from ``start``: breadth-first over links, the disallowed
    section left out (its pages are not read, so their links are not followed)."""
    seen = {start}
    queue = deque([start])
    while queue:
        path = queue.popleft()
        for target in links_of(path, (DOCS / path.lstrip("/")).read_bytes()):
            if target not in seen and not target.startswith(DISALLOWED):
                seen.add(target)
                queue.append(target)
    return sorted(seen)


def variants(path: str) -> list[str]:
    """Other spellings of a page's URL that name the same page."""
    found = [f"{path}?utm_source=bench&utm_medium=footer", f"{path}#top", f"{path}?highlight=python"]
    if path.endswith("/index.html"):
        found.append(path[: -len("index.html")])
    return found


def footer(path: str, pages: list[str], other: str) -> bytes:
    """The footer added to each page: variants of the next page's URL, the calendar, another site."""
    nxt = pages[(pages.index(path) + 1) % len(pages)] if path in pages else pages[0]
    links = [*variants(nxt), f"{CALENDAR}?month=2026-01", other]
    anchors = "".join(f'<li><a href="{href}">more</a></li>' for href in links)
    return f'<footer class="bench-extra"><ul>{anchors}</ul></footer>'.encode()


def calendar_page(month: str) -> bytes:
    year, mon = (int(part) for part in month.split("-")[:2])
    after = f"{year + mon // 12}-{mon % 12 + 1:02d}"
    before = f"{year - (mon == 1)}-{(mon - 2) % 12 + 1:02d}"
    return (
        f"<html><head><title>Events, {month}</title></head><body><h1>Events in {month}</h1>"
        f"<p>No events this month.</p><a href='?month={before}'>previous</a>"
        f" <a href='?month={after}'>next</a> <a href='{START}'>home</a></body></html>"
    ).encode()


def sitemap_index(origin: str) -> bytes:
    return (
        '<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
        f"<sitemap><loc>{origin}/sitemaps/pages.xml.gz</loc></sitemap></sitemapindex>"
    ).encode()


def sitemap(origin: str, pages: list[str]) -> bytes:
    urls = "".join(f"<url><loc>{origin}{path}</loc></url>" for path in pages)
    body = f'<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">{urls}</urlset>'
    return gzip.compress(body.encode())


# --- serving ---------------------------------------------------------------------------------------
class _Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: object, client_address: object) -> None:
        pass  # a client that hung up (a crawler killed on purpose): nothing to report


class _Quiet(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args: object) -> None:
        pass

    def answer(self, status: int, body: bytes, kind: str = "text/html; charset=utf-8") -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


def serve_docs(port_file: Path, log_file: Path) -> None:
    other = _Server(("127.0.0.1", 0), _counting_handler(log_file.with_suffix(".other")))
    other_url = f"http://localhost:{other.server_address[1]}/elsewhere.html"
    pages = reachable()
    log = log_file.open("a", buffering=1)
    lock = threading.Lock()

    class Docs(_Quiet):
        def do_GET(self) -> None:
            with lock:
                log.write(f"{time.monotonic():.4f}\t{self.path}\n")
            origin = f"http://127.0.0.1:{self.server.server_address[1]}"
            split = urlsplit(self.path)
            if split.path == "/robots.txt":
                body = f"User-agent: *\nDisallow: {DISALLOWED}\nSitemap: {origin}/sitemap.xml\n"
                self.answer(200, body.encode(), "text/plain")
            elif split.path == "/sitemap.xml":
                self.answer(200, sitemap_index(origin), "application/xml")
            elif split.path == "/sitemaps/pages.xml.gz":
                self.answer(200, sitemap(origin, pages), "application/gzip")
            elif split.path == CALENDAR:
                month = (split.query.partition("month=")[2] or "2026-01")[:7]
                self.answer(
                    200, calendar_page(month) if re.fullmatch(r"\d{4}-\d{2}", month) else b"", "text/html"
                )
            elif (path := page_path(split.path)) is not None:
                body = (DOCS / path.lstrip("/")).read_bytes()
                body = body.replace(b"</body>", footer(path, pages, other_url) + b"</body>", 1)
                self.answer(200, body)
            else:
                self.answer(404, b"<html><body>not found</body></html>")

    server = _Server(("127.0.0.1", 0), Docs)
    for one in (server, other):
        threading.Thread(target=one.serve_forever, daemon=True).start()
    port_file.write_text(f"{server.server_address[1]} {other.server_address[1]}")
    signal.sigwait({signal.SIGTERM, signal.SIGINT})


def _counting_handler(log_file: Path) -> type[BaseHTTPRequestHandler]:
    class Other(_Quiet):
        def do_GET(self) -> None:
            with log_file.open("a") as log:
                log.write(f"{time.monotonic():.4f}\t{self.path}\n")
            self.answer(200, b"<html><body><p>another site</p></body></html>")

    return Other


def synthetic_page(n: int, total: int) -> bytes:
    rng = random.Random(n * 7919 + 13)
    links = sorted({(n + k) % total for k in (1, 2, 3)} | {rng.randrange(total) for _ in range(3)})
    anchors = "".join(f'<li><a href="/p/{m}">page {m}</a></li>' for m in links)
    words = " ".join(f"Page {n} says thing {i} of its own, number {n * 31 + i}." for i in range(15))
    return (
        f"<html><head><title>Page {n}</title></head><body><nav><ul>{anchors}</ul></nav>"
        f"<article><h1>Page {n}</h1><p>{words}</p></article></body></html>"
    ).encode()


def serve_synthetic(port_file: Path, total: int) -> None:
    class Synthetic(_Quiet):
        def do_GET(self) -> None:
            match = re.fullmatch(r"/p/(\d+)", urlsplit(self.path).path)
            if match and int(match.group(1)) < total:
                self.answer(200, synthetic_page(int(match.group(1)), total))
            elif self.path == "/robots.txt":
                self.answer(200, b"User-agent: *\nAllow: /\n", "text/plain")
            else:
                self.answer(404, b"not found")

    server = _Server(("127.0.0.1", 0), Synthetic)
    server.socket.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    port_file.write_text(str(server.server_address[1]))
    signal.sigwait({signal.SIGTERM, signal.SIGINT})


if __name__ == "__main__":
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGTERM, signal.SIGINT})
    if sys.argv[1] == "docs":
        serve_docs(Path(sys.argv[2]), Path(sys.argv[3]))
    else:
        serve_synthetic(Path(sys.argv[2]), int(sys.argv[3]))
