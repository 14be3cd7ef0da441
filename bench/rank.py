"""Passage ranking on two QA sets: the default ranker and each lever side by side with plain bm25s.

Two sets of different kinds: ``dev`` (../shared/bench/qa: COVID-QA questions over research articles)
and ``pydocs`` (bench/qa_pydocs: everyday questions over the Python manual, split into ``look`` and
``held``). For each question the pages are its article and two distractors (as
../shared/bench/qa/score_rank.py); a hit at k is one of the first k passages lying in the article and
containing a gold answer. The baseline is bm25s (English stop words, no stemming) over the same
weblens.chunk passages, as in score_rank.py. Each lever is the default ranker with one option of
``RankOptions`` changed (windows, fusion, candidates, BM25 parameters, query expansion). Then the speed
of the default ranker on ≥ 3,000 passages (QA articles plus the scrapinghub article pages), with a warm
and a cold embedding cache.

    .venv/bin/python bench/rank.py [--sets dev,pydocs,speed] [--levers all|NAME,...] [--limit N] [--no-write]
"""

from __future__ import annotations

import argparse
import dataclasses
import gzip
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


import weblens  # noqa: E402
from bench.qa import QA, SHARED, load, load_pydocs  # noqa: E402
from bench.report import write_section  # noqa: E402
from weblens.research.embed import CachedEmbedder, LocalEmbedder  # noqa: E402
from weblens.research.rank import RankOptions, default_embedder, rank  # noqa: E402

K = 5
DEFAULT = RankOptions()
PREVIOUS = dataclasses.replace(DEFAULT, candidates=6, lexical_weight=0.5, b=0.75, embed_title=False)
"""The default hybrid before issue 37 (6 candidates, equal weights, Lucene's b, passages alone)."""


@dataclasses.dataclass(frozen=True)
class Lever:
    name: str
    label: str
    ranker: str
    options: RankOptions


def _lever(name: str, label: str, ranker: str = "hybrid", **changes: Any) -> Lever:
    return Lever(name, label, ranker, dataclasses.replace(DEFAULT, **changes))


LEVERS: tuple[Lever, ...] = (
    _lever("bm25", "weblens bm25 (stemmed; k1 1.2, b 0.5)", "bm25"),
    _lever("bm25-b", "bm25, b 0.75 (Lucene's default)", "bm25", b=0.75),
    _lever("bm25-k1", "bm25, k1 1.5 (bm25s's default)", "bm25", k1=1.5),
    _lever(
        "bm25-prf",
        "bm25 + query expansion (PRF: 5 terms of the best 3 passages, weight 0.3)",
        "bm25",
        expansion_terms=5,
    ),
    _lever("embed", "embed (cosine only, every passage, after its title)", "embed"),
    Lever(
        "previous",
        "hybrid as before issue 37 (6 candidates, weight 0.5, b 0.75, no title)",
        "hybrid",
        PREVIOUS,
    ),
    _lever("no-title", "hybrid, passages embedded without their page title", embed_title=False),
    _lever("weight", "hybrid, BM25 weight 0.5 instead of 0.3", lexical_weight=0.5),
    _lever("candidates", "hybrid, 20 candidates instead of 10", candidates=20),
    _lever(
        "rrf",
        "hybrid, reciprocal-rank fusion (k 60, weight 0.5) instead of scores",
        fusion="rank",
        lexical_weight=0.5,
    ),
    _lever("windows-small", "hybrid, windows 400/100 instead of 800/100", max_chars=400),
    _lever("windows-overlap", "hybrid, windows 800/300 (more overlap)", overlap=300),
    _lever("prf", "hybrid + query expansion (PRF as above)", expansion_terms=5),
    _lever("default", "**auto = hybrid (default)**", "auto"),
)


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


def run_lever(qa: QA, lever: Lever) -> tuple[list[int | None], list[float]]:
    ranks, times = [], []
    for q in qa.questions:
        pages = [qa.pages[s] for s in qa.slugs_for(q)]
        t0 = time.perf_counter()
        got = rank(q["question"], pages, top_k=K, ranker=lever.ranker, options=lever.options)
        times.append((time.perf_counter() - t0) * 1000)
        pairs = [(p.url, p.text) for p in got]
        ranks.append(first_hit(pairs, qa.pages[q["article"]].final_url or "", q["answers"]))
    return ranks, times


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


Row = tuple[str, dict[str, dict[str, float]], float]
"""A ranker's label, its metrics per part of the set (e.g. ``look``, ``held``), ms per query."""


def score_set(parts: dict[str, QA], levers: list[Lever]) -> list[Row]:
    """The baseline and every lever on each part of one set."""
    rows: list[Row] = []
    base = {name: baseline(qa) for name, qa in parts.items()}
    rows.append(
        (
            "bm25s baseline (no stemming)",
            {name: metrics(ranks) for name, (ranks, _) in base.items()},
            statistics.mean(t for _, times in base.values() for t in times),
        )
    )
    for lever in levers:
        scored = {name: run_lever(qa, lever) for name, qa in parts.items()}
        rows.append(
            (
                lever.label,
                {name: metrics(ranks) for name, (ranks, _) in scored.items()},
                statistics.mean(t for _, times in scored.values() for t in times),
            )
        )
        print(rows[-1], file=sys.stderr)
    return rows


def table(rows: list[Row], parts: list[str]) -> list[str]:
    many = len(parts) > 1
    head = ["ranker"]
    for part in parts:
        prefix = f"{part} " if many else ""
        head += [f"{prefix}hit@1", f"{prefix}hit@3"] + ([] if many else ["hit@5", "MRR"])
    head += ["ms per query"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    base = rows[0][1]
    for label, by_part, ms in rows:
        cells = [label]
        for part in parts:
            m, b = by_part[part], base[part]
            for key in ("hit@1", "hit@3"):
                lead = "" if label == rows[0][0] else f" ({m[key] - b[key]:+.3f})"
                cells.append(f"{m[key]:.3f}{lead}")
            if not many:
                cells += [f"{m['hit@5']:.3f}", f"{m['mrr']:.3f}"]
        cells.append(f"{ms:.0f}")
        lines.append("| " + " | ".join(cells) + " |")
    return lines


COMMON = (
    "each question ranks the passages (weblens.chunk, 800/100 unless the lever changes it) of its "
    "article and two distractor articles; a hit at k: a passage among the first k lies in the article "
    "and contains a gold answer. Every row runs `weblens.rank` with one `RankOptions` lever changed "
    "from the default; in brackets, the lead over the bm25s baseline of the same run (goal: +0.05 on "
    "hit@1 and hit@3). Time per query includes chunking and embedding passages not seen before in "
    "the run; the run keeps one embedding cache, so a row's time depends on the rows above it (after "
    "`embed`, most passages are cached): the speed of the default is measured on its own below. "
    "No cross-encoder row: "
    "no package on PyPI ships a reranker's weights (docs/research.md)."
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", default="dev,pydocs,speed", help="any of dev, pydocs, speed")
    parser.add_argument(
        "--levers", default="all", help="all, or lever names: " + ",".join(lv.name for lv in LEVERS)
    )
    parser.add_argument("--limit", type=int, default=0, help="only the first N questions of each part")
    parser.add_argument("--no-write", action="store_true", help="print, do not write docs/benchmarks.md")
    args = parser.parse_args()
    wanted = None if args.levers == "all" else set(args.levers.split(","))
    levers = [lv for lv in LEVERS if wanted is None or lv.name in wanted]
    assert default_embedder() is not None
    sets = args.sets.split(",")
    if "dev" in sets:
        qa = load(args.limit)
        rows = score_set({"dev": qa}, levers)
        lines = [
            "## Passage ranking (bench/rank.py)",
            "",
            f"### Developers' set: {len(qa.questions)} questions of ../shared/bench/qa",
            "",
            "COVID-QA questions over 40 CC BY research articles (~120 passages per question); " + COMMON,
            "",
            *table(rows, ["dev"]),
        ]
        text = "\n".join(lines)
        print(text)
        if not args.no_write:
            write_section("rank", text)
    if "pydocs" in sets:
        parts = {split: load_pydocs(split, args.limit) for split in ("look", "held")}
        rows = score_set(parts, levers)
        counts = ", ".join(f"{len(qa.questions)} {name}" for name, qa in parts.items())
        lines = [
            f"### A set of another kind: {counts} questions of bench/qa_pydocs",
            "",
            "Everyday questions written for weblens over 40 pages of the Python 3.11 manual (tutorial, "
            "HOWTOs, FAQs, library reference; ~90 passages per question); `look` was looked at while "
            "choosing, `held` (other pages) only scored at the end. " + COMMON,
            "",
            *table(rows, ["look", "held"]),
            "",
            f"The load at the end: {machine_load()}.",
        ]
        text = "\n".join(lines)
        print(text)
        if not args.no_write:
            write_section("rank-pydocs", text)
    if "speed" in sets:
        sp = speed(load())
        print(sp, file=sys.stderr)
        text = (
            "### Speed\n\n"
            f"The default ranker on {sp['passages']:,} passages ({sp['pages']} pages: the QA articles and "
            "scrapinghub article pages), median of 10 questions, 2 cores shared with other work: "
            f"**{sp['warm_ms']:.0f} ms** with a warm embedding cache ({sp['warm_cpu_ms']:.0f} ms of CPU; "
            f"goal ≤ 250 ms), **{sp['cold_ms']:.0f} ms** with a cold one ({sp['cold_cpu_ms']:.0f} ms of "
            "CPU; only the first-stage candidates are embedded; model load excluded), bm25 alone "
            f"{sp['bm25_ms']:.0f} ms. The load then: {machine_load()}."
        )
        print(text)
        if not args.no_write:
            write_section("rank-speed", text)


if __name__ == "__main__":
    main()
