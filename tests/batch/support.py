"""Local sites for batch tests: several loopback servers with pages, 404s, hangs and a robots.txt."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from tests.support.pages import page
from tests.support.servers import LoopbackServer, Request, Response

__all__ = ["ARTICLE", "Farm", "farm", "inputs_of", "read_lines"]

ARTICLE = page("article.html")
ROBOTS = b"User-agent: *\nDisallow: /private\n"


async def _hang(_request: Request, _writer: asyncio.StreamWriter) -> None:
    await asyncio.sleep(3600)


@dataclass
class Farm:
    servers: list[LoopbackServer]
    arrivals: dict[int, list[tuple[float, str]]] = field(default_factory=dict)
    """Per server port: (monotonic time, path?query) of every request that reached it."""
    agents: list[tuple[float, int, str, str]] = field(default_factory=list)
    """(monotonic time, port, target, User-Agent) of every request, in arrival order."""
    lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def allow(self) -> list[str]:
        return [server.allow_entry for server in self.servers]

    def record(self, server: LoopbackServer, request: Request, response: Response) -> Response:
        now = time.monotonic()
        with self.lock:
            self.arrivals.setdefault(server.port, []).append((now, request.target))
            self.agents.append((now, server.port, request.target, request.headers.get("user-agent", "")))
        return response

    def urls(self, pages_per_server: int) -> list[str]:
        """Pages, 404s, hangs and robots-disallowed URLs on every server, interleaved like a real list."""
        urls: list[str] = []
        for n in range(pages_per_server):
            for server in self.servers:
                urls.append(server.url(f"/p?n={n}"))
        for server in self.servers:
            hang = json.dumps(
                {"url": server.url("/hang"), "timeout_s": 0.5}
            )  # a JSON line with its own deadline
            urls += [server.url("/missing?n=1"), server.url("/private/x"), hang]
        urls += ["http://10.1.2.3/internal", "http://169.254.169.254/latest/meta-data/", "ftp://x.test/"]
        return urls

    def hits(self, target: str) -> int:
        """Requests for ``target`` summed over every server."""
        return sum(1 for stamps in self.arrivals.values() for _, seen in stamps if seen == target)

    def requested(self) -> Counter[tuple[int, str]]:
        """How often each (server port, target) was requested."""
        with self.lock:
            return Counter((port, target) for port, stamps in self.arrivals.items() for _, target in stamps)


@contextmanager
def farm(count: int = 3, *, delay_s: float = 0.0, robots: bytes = ROBOTS) -> Iterator[Farm]:
    with ExitStack() as stack:
        servers = [stack.enter_context(LoopbackServer()) for _ in range(count)]
        sites = Farm(servers)
        for server in servers:
            ok = Response(body=ARTICLE, delay_s=delay_s)
            server.route("/p", lambda r, s=server, ok=ok: sites.record(s, r, ok))  # type: ignore[misc]
            server.route("/private/x", lambda r, s=server: sites.record(s, r, Response(body=ARTICLE)))  # type: ignore[misc]
            server.route(
                "/robots.txt",
                lambda r, s=server: sites.record(
                    s, r, Response(body=robots, headers={"Content-Type": "text/plain"})
                ),
            )  # type: ignore[misc]
            server.route("/hang", _hang, raw=True)
        yield sites


def inputs_of(lines: list[dict[str, object]]) -> list[str]:
    """The input lines the output lines echo (JSON inputs as ``json.dumps`` writes them)."""
    return sorted(
        json.dumps(line["input"]) if isinstance(line["input"], dict) else str(line["input"]) for line in lines
    )


def read_lines(path: Path) -> list[dict[str, object]]:
    raw = path.read_bytes()
    assert raw.endswith(b"\n") or not raw, "the output ends with a torn line"
    return [json.loads(line) for line in raw.splitlines()]
