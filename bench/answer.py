"""Answers on the QA set without an LLM: pages from a loopback server, a fake search provider.

For each question the search returns its article and two distractors (answerable) or the two
distractors and one other article (unanswerable); weblens reads the 3 pages over HTTP from a local
server, ranks, expands when weak, and answers extractively. Reported: share of answers containing a
gold answer, share of citations verified, abstention rates in both conditions, and where the time
goes — reading (fetch + extraction), embedding new passages, and everything else weblens adds
(query, search, selection, chunking, BM25, fusion, answer, verification).

    .venv/bin/python bench/answer.py [--limit N] [--no-write]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.support.servers import LoopbackServer, Response  # noqa: E402

from bench.qa import QA, contains_answer, load  # noqa: E402
from bench.report import write_section  # noqa: E402
from weblens import Lens, Settings  # noqa: E402
from weblens.models import SearchResult  # noqa: E402
from weblens.research.embed import Embedder, Vectors  # noqa: E402
from weblens.research.rank import default_embedder  # noqa: E402
from weblens.search.base import SearchQuery  # noqa: E402


class TimedEmbedder:
    """The shared local embedder, timing the embedding of passages it has not seen."""

    def __init__(self, inner: Embedder) -> None:
        self.inner = inner
        self.name = inner.name
        self.seconds = 0.0

    def embed(self, texts: Sequence[str]) -> Vectors:
        t0 = time.perf_counter()
        try:
            return self.inner.embed(texts)
        finally:
            self.seconds += time.perf_counter() - t0


class QAProvider:
    """Search results for the question being asked: three article pages on the loopback server."""

    name = "qa"

    def __init__(self) -> None:
        self.urls: list[str] = []

    def is_configured(self) -> bool:
        return True

    async def search(self, query: SearchQuery) -> list[SearchResult]:
        return [
            SearchResult(rank=i, title=f"Article {i}", url=url, domain="127.0.0.1", provider=self.name)
            for i, url in enumerate(self.urls, start=1)
        ]


async def run(qa: QA) -> dict[str, Any]:
    provider = QAProvider()
    timed = TimedEmbedder(default_embedder())  # type: ignore[arg-type]
    timed.embed(["load the model before timing"])
    rows: dict[str, list[dict[str, Any]]] = {"answerable": [], "unanswerable": []}
    with LoopbackServer() as server:
        for slug, html in qa.html.items():
            server.route(f"/a/{slug}", Response(body=html.encode()))
        settings = Settings(
            allow_hosts=[server.allow_entry],
            cache="none",
            render="never",
            per_domain_rate_limit=100_000,
            max_searches_per_hour=100_000,
        )
        async with Lens(settings, providers=[provider], embedder=timed) as lens:
            for q in qa.questions:
                for condition in rows:
                    slugs = qa.slugs_for(q, answerable=condition == "answerable")
                    provider.urls = [server.url(f"/a/{s}") for s in slugs]
                    timed.seconds = 0.0
                    t0 = time.perf_counter()
                    answer = await lens.answer(q["question"])
                    total = (time.perf_counter() - t0) * 1000
                    read = answer.timings.get("read", 0.0) + answer.timings.get("expand", 0.0)
                    embed = timed.seconds * 1000
                    rows[condition].append(
                        {
                            "abstained": answer.abstained,
                            "expanded": answer.expanded,
                            "gold": contains_answer(answer.answer, q["answers"]),
                            "citations": len(answer.citations),
                            "verified": sum(c.verified for c in answer.citations),
                            "chars": len(answer.answer),
                            "total": total,
                            "read": read,
                            "embed": embed,
                            "added": total - read - embed,
                            "extract": sum(p.extraction_time_ms for p in answer.sources),
                        }
                    )
    return rows


def pct(values: list[float], q: int) -> float:
    return statistics.quantiles(values, n=100)[q - 1] if len(values) > 1 else (values or [0.0])[0]


def report(qa: QA, rows: dict[str, list[dict[str, Any]]]) -> str:
    ans, una = rows["answerable"], rows["unanswerable"]
    answered = [r for r in ans if not r["abstained"]]
    citations = sum(r["citations"] for r in ans + una)
    verified = sum(r["verified"] for r in ans + una)
    every = ans + una

    def share(items: list[dict[str, Any]], key: str) -> str:
        return f"{sum(r[key] for r in items) / max(len(items), 1):.3f}"

    lines = [
        "## Answers without an LLM (bench/answer.py)",
        "",
        f"{len(ans)} questions of the QA set, each asked twice through `lens.answer` (extractive, default "
        "ranker): with its article and two distractors as search results (answerable), and with the two "
        "distractors and another article (unanswerable). Pages come over HTTP from a loopback server; the "
        "search provider is a fake returning those three pages; no cache.",
        "",
        "| measure | value |",
        "|---|---|",
        f"| answerable: answer contains a gold answer | {sum(r['gold'] for r in ans) / len(ans):.3f} "
        f"(of answers given: {sum(r['gold'] for r in answered) / max(len(answered), 1):.3f}) |",
        f"| citations verified (offsets match the source) | {verified}/{citations} = "
        f"{verified / max(citations, 1):.3f} |",
        f"| abstained, answerable (gold article read) | {share(ans, 'abstained')} |",
        f"| abstained, unanswerable (only other articles) | {share(una, 'abstained')} |",
        f"| expanded, answerable / unanswerable (the fake search has no 4th result to read) | "
        f"{share(ans, 'expanded')} / {share(una, 'expanded')} |",
        f"| answer length, median characters | "
        f"{statistics.median(r['chars'] for r in answered or ans):.0f} |",
        "",
        "Time per answer (ms, median / p95 over both conditions):",
        "",
        "| part | median | p95 |",
        "|---|---|---|",
    ]
    for key, label in (
        ("total", "total"),
        ("read", "reading 3 pages (loopback fetch + extraction)"),
        ("extract", "… of which extraction (sum over pages)"),
        ("embed", "embedding passages not seen before"),
        ("added", "**everything else weblens adds** (goal ≤ 100)"),
    ):
        values = [r[key] for r in every]
        lines.append(f"| {label} | {statistics.median(values):.0f} | {pct(values, 95):.0f} |")
    lines += ["", f"Load average at the end of the run (other work shares the machine): {machine_load()}."]
    return "\n".join(lines)


def machine_load() -> str:
    import os

    return f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=0)
    parser.add_argument("--no-write", action="store_true")
    args = parser.parse_args()
    qa = load(args.limit)
    rows = asyncio.run(run(qa))
    text = report(qa, rows)
    print(text)
    if not args.no_write:
        write_section("answer", text)


if __name__ == "__main__":
    main()
