"""Passage ranking on the QA set: each weblens ranker side by side with a plain bm25s baseline.

For each question the pages are its article and two distractors (as ../shared/bench/qa/score_rank.py);
a hit at k is one of the first k passages lying in the article and containing a gold answer. The
baseline is bm25s (English stop words, no stemming) over the same weblens.chunk passages, as in
score_rank.py. Then the speed of the default ranker on ≥ 3,000 passages (QA articles plus the
scrapinghub article pages), with a warm and a cold embedding cache.

    .venv/bin/python bench/rank.py [--limit N] [--rankers bm25,auto,embed] [--no-write]
"""

from __future__ import annotations

import argparse
import gzip
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


import weblens  # noqa: E402
from bench.qa import QA, SHARED, load  # noqa: E402
from bench.report import write_section  # noqa: E402
from weblens.research.embed import CachedEmbedder, LocalEmbedder  # noqa: E402
from weblens.research.rank import default_embedder, rank  # noqa: E402

K = 5


def first_hit(pairs: list[tuple[str, str]], gold_url: str, answers: list[str]) -> int | None:
    for i, (url, text) in enumerate(pairs[:K], 1):
        if url == gold_url and any(a.lower() in text.lower() for a in answers):
            return i
    return None


def metrics(ranks: list[int | None]) -> dict[str, float]:
    n = len(ranks) or 1
    out = {f"hit@{k}": sum(1 for r in ranks if r and r <= k) / n for k in (1, 3, 5)}
    out["mrr"] = sum(1 / r for r in ranks if r) / n
    return out


def baseline(qa: QA) -> tuple[list[int | None], list[float]]:
    import bm25s

    chunks = {s: [c.text for c in weblens.chunk(p.text)] for s, p in qa.pages.items()}
    ranks, times = [], []
    for q in qa.questions:
        slugs = qa.slugs_for(q)
        t0 = time.perf_counter()
        docs = [(qa.pages[s].final_url or "", t) for s in slugs for t in chunks[s]]
        tok = lambda xs: bm25s.tokenize(xs, stopwords="en", return_ids=False, show_progress=False)  # noqa: E731
        index = bm25s.BM25()
        index.index(tok([t for _, t in docs]), show_progress=False)
        query = tok([q["question"]])
        ids = index.retrieve(query, k=min(K, len(docs)), show_progress=False)[0][0] if query[0] else []
        times.append((time.perf_counter() - t0) * 1000)
        ranks.append(
            first_hit([docs[int(i)] for i in ids], qa.pages[q["article"]].final_url or "", q["answers"])
        )
    return ranks, times


def run_ranker(qa: QA, ranker: str) -> tuple[list[int | None], list[float], int]:
    ranks, times, passages = [], [], 0
    for q in qa.questions:
        pages = [qa.pages[s] for s in qa.slugs_for(q)]
        t0 = time.perf_counter()
        got = rank(q["question"], pages, top_k=K, ranker=ranker)
        times.append((time.perf_counter() - t0) * 1000)
        passages += sum(len(weblens.chunk(p.text)) for p in pages)
        pairs = [(p.url, p.text) for p in got]
        ranks.append(first_hit(pairs, qa.pages[q["article"]].final_url or "", q["answers"]))
    return ranks, times, passages


def big_corpus(qa: QA, want: int) -> list[weblens.PageExtract]:
    """The QA articles, then scrapinghub article pages, until there are ``want`` passages."""
    pages = list(qa.pages.values())
    count = sum(len(weblens.chunk(p.text)) for p in pages)
    for path in sorted((SHARED / "bench" / "scrapinghub" / "html").glob("*.html.gz")):
        if count >= want:
            break
        page = weblens.extract(gzip.decompress(path.read_bytes()), f"https://corpus.example/{path.name}")
        pages.append(page)
        count += len(weblens.chunk(page.text))
    return pages


def speed(qa: QA, want: int = 3000, queries: int = 10) -> dict[str, Any]:
    pages = big_corpus(qa, want)
    passages = sum(len(weblens.chunk(p.text)) for p in pages)
    questions = [q["question"] for q in qa.questions[:queries]]
    model = LocalEmbedder()
    model.embed(["warm up the model"])  # model load is not part of ranking
    cold, cold_cpu, warm, bm25 = [], [], [], []
    for question in questions:
        fresh = CachedEmbedder(model)
        t0, c0 = time.perf_counter(), time.process_time()
        rank(question, pages, top_k=5, ranker="auto", embedder=fresh)
        cold.append((time.perf_counter() - t0) * 1000)
        cold_cpu.append((time.process_time() - c0) * 1000)
        t0 = time.perf_counter()
        rank(question, pages, top_k=5, ranker="auto", embedder=fresh)
        warm.append((time.perf_counter() - t0) * 1000)
        t0 = time.perf_counter()
        rank(question, pages, top_k=5, ranker="bm25")
        bm25.append((time.perf_counter() - t0) * 1000)
    cpu0 = time.process_time()
    rank(questions[-1], pages, top_k=5, ranker="auto", embedder=fresh)  # the last question: warm
    cpu = (time.process_time() - cpu0) * 1000
    return {
        "pages": len(pages),
        "passages": passages,
        "cold_ms": statistics.median(cold),
        "cold_cpu_ms": statistics.median(cold_cpu),
        "warm_ms": statistics.median(warm),
        "bm25_ms": statistics.median(bm25),
        "warm_cpu_ms": cpu,
    }


def machine_load() -> str:
    """The 1-minute load average over the cores (other people's work shares this machine)."""
    import os

    return f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=0, help="only the first N questions")
    parser.add_argument("--rankers", default="bm25,auto,embed")
    parser.add_argument("--no-write", action="store_true", help="print, do not write docs/benchmarks.md")
    args = parser.parse_args()
    qa = load(args.limit)
    rows: list[tuple[str, dict[str, float], float, float]] = []
    base, base_times = baseline(qa)
    base_passages = sum(len(weblens.chunk(qa.pages[s].text)) for q in qa.questions for s in qa.slugs_for(q))
    rows.append(
        (
            "bm25s baseline (no stemming)",
            metrics(base),
            statistics.mean(base_times),
            base_passages / (sum(base_times) / 1000),
        )
    )
    assert default_embedder() is not None
    for ranker in args.rankers.split(","):
        ranks, times, passages = run_ranker(qa, ranker)
        label = {"auto": "auto = hybrid (default)", "bm25": "bm25 (stemmed)", "embed": "embed (cosine only)"}
        rows.append(
            (
                f"weblens {label.get(ranker, ranker)}",
                metrics(ranks),
                statistics.mean(times),
                passages / (sum(times) / 1000),
            )
        )
        print(rows[-1], file=sys.stderr)
    sp = speed(qa)
    print(sp, file=sys.stderr)
    lines = [
        "## Passage ranking (bench/rank.py)",
        "",
        f"{len(qa.questions)} questions of the QA set (../shared/bench/qa: COVID-QA questions over 40 CC BY "
        "research articles); each question ranks the passages (weblens.chunk, 800/100) of its article and "
        "two distractor articles (~120 passages); a hit at k: a passage among the first k lies in the "
        "article and contains a gold answer. The baseline is plain bm25s over the same passages, in the "
        "same run. Time per query includes chunking; for the embedding rankers it includes embedding "
        "passages not seen before (each article recurs over its questions, so the cache warms up).",
        "",
        "| ranker | hit@1 | hit@3 | hit@5 | MRR | ms per query | passages/s |",
        "|---|---|---|---|---|---|---|",
    ]
    for name, m, ms, rate in rows:
        lines.append(
            f"| {name} | {m['hit@1']:.3f} | {m['hit@3']:.3f} | {m['hit@5']:.3f} | {m['mrr']:.3f} "
            f"| {ms:.0f} | {rate:,.0f} |"
        )
    default = next(m for name, m, _, _ in rows if "default" in name) if "auto" in args.rankers else None
    if default is not None:
        b = metrics(base)
        lines += [
            "",
            f"Default ranker vs baseline: hit@1 {default['hit@1'] - b['hit@1']:+.3f}, "
            f"hit@3 {default['hit@3'] - b['hit@3']:+.3f}, hit@5 {default['hit@5'] - b['hit@5']:+.3f} "
            "(goal: +0.05 on hit@1 and hit@3).",
        ]
    lines += [
        "",
        f"Speed of the default ranker on {sp['passages']:,} passages ({sp['pages']} pages: the QA articles "
        f"and scrapinghub article pages), median of 10 questions, 2 cores shared with other work: "
        f"**{sp['warm_ms']:.0f} ms** with a warm embedding cache ({sp['warm_cpu_ms']:.0f} ms of CPU; "
        f"goal ≤ 250 ms), **{sp['cold_ms']:.0f} ms** with a cold one ({sp['cold_cpu_ms']:.0f} ms of CPU; "
        f"only the first-stage candidates are embedded; goal ≤ 1 s; model load excluded), bm25 alone "
        f"{sp['bm25_ms']:.0f} ms. The load then: {machine_load()}.",
    ]
    text = "\n".join(lines)
    print(text)
    if not args.no_write:
        write_section("rank", text)


if __name__ == "__main__":
    main()
