"""A generated site of N pages on loopback: each links the next few and a few others (seeded)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager

from tests.support.servers import LoopbackServer, Response

__all__ = ["generated_site", "requested_pages"]


def _page(n: int, total: int, rng: random.Random) -> bytes:
    links = {(n + k) % total for k in (1, 2, 3)} | {rng.randrange(total) for _ in range(3)}
    anchors = "".join(f'<li><a href="/p/{m}.html">page {m}</a></li>' for m in sorted(links))
    words = " ".join(f"page{n} sentence {i} tells its own story number {n * 31 + i}." for i in range(12))
    return (
        f"<html><head><title>Page {n}</title></head><body><nav><ul>{anchors}</ul></nav>"
        f"<article><h1>Page {n}</h1><p>{words}</p></article></body></html>"
    ).encode()


@contextmanager
def generated_site(total: int, *, delay_s: float = 0.0, seed: int = 7) -> Iterator[LoopbackServer]:
    rng = random.Random(seed)
    with LoopbackServer() as server:
        for n in range(total):
            server.route(f"/p/{n}.html", Response(body=_page(n, total, rng), delay_s=delay_s))
        yield server


def requested_pages(server: LoopbackServer) -> Counter[str]:
    return Counter(r.path for r in server.requests if r.path.startswith("/p/"))
