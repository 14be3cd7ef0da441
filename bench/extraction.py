"""Main-content extraction benchmark: weblens against trafilatura, readability-lxml and resiliparse (and,
with ``--slow``, the MCP fetch server's extraction: readabilipy with Mozilla Readability.js under Node,
then markdownify) on both shared corpora, in one run.

Usage::

    .venv/bin/python bench/extraction.py [--corpus NAME ...] [--worst N] [--no-write] [--slow] [--only NAME]

Corpora (``../shared/bench/NAME``, each with ``ground-truth.json`` and ``html/<id>.html.gz``):
``scrapinghub`` (181 news articles) and ``cleaneval`` (738 pages of every kind: blogs, forums, old
table layouts, many encodings). CleanEval's ground truth counts reader comments as content, so weblens
is called with ``include_comments=True`` there (trafilatura keeps comments by default).

Metrics per page, macro-averaged: word 4-gram F1 with precision and recall (the corpus's own
``score_extraction.py``) and ROUGE-LSum F1 over tokens (``bench/rouge.py``). Each corpus is split by
site, as the development pool is (``bench/pooldata.py``: a hash of the page's registrable domain, so a
site is on one side only): "dev" and "held-out". Both corpora were looked at whole while the heuristics
were written, so neither side is out of sample here; the pool's validation side is (``bench/pool.py``).
Every extractor gets the raw bytes of each page, in the same run, page by page in turn (so machine
noise hits all of them alike), after one untimed warm-up call; each keeps its fastest of ``--rounds``
rounds. Comparators come from the ``dev`` extra; the MCP fetch server from the ``bench`` extra
(``pip install -e '.[bench]'``).

Writes its section of docs/benchmarks.md (a table per corpus and a summary) and docs/extraction.png.
"""

from __future__ import annotations

import argparse
import gzip
import importlib.util
import json
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "src"))

from bench.pooldata import side, site_of  # noqa: E402
from bench.report import write_section  # noqa: E402
from bench.rouge import rouge_lsum  # noqa: E402

SHARED = REPO.parent / "shared" / "bench"
CORPORA = ("scrapinghub", "cleaneval")
WITH_COMMENTS = frozenset({"cleaneval"})  # ground truth counts reader comments as content
PLOT = REPO / "docs" / "extraction.png"
SIZES = (("100 KB", 100_000), ("1 MB", 1_000_000), ("5 MB", 5_000_000), ("10 MB", 10_000_000))

Extractor = Callable[[bytes, str], str]
Page = tuple[str, bytes, str]


@dataclass
class Run:
    name: str
    note: str
    fn: Extractor
    slow: bool = False
    outputs: dict[str, str] = field(default_factory=dict)
    seconds: float = 0.0
    errors: int = 0


@dataclass
class Scores:
    """Per-extractor, per-corpus results: macro P/R/F1 (4-grams), ROUGE-LSum F1, halves, time."""

    f1: float
    precision: float
    recall: float
    rouge: float
    f1_dev: float
    f1_held: float
    rouge_dev: float
    rouge_held: float
    ms: float
    errors: int


def _load_scorer() -> ModuleType:
    path = SHARED / "score_extraction.py"
    spec = importlib.util.spec_from_file_location("score_extraction", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"scorer not found at {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _weblens(include_comments: bool) -> Extractor:
    import weblens

    return lambda raw, url: weblens.extract(raw, url, include_comments=include_comments).text


def _trafilatura() -> Extractor:
    import trafilatura

    return lambda raw, url: trafilatura.extract(raw, url=url) or ""


def _readability() -> Extractor:
    import lxml.html
    from readability import Document

    def run(raw: bytes, url: str) -> str:
        summary = Document(raw, url=url).summary(html_partial=True)
        return str(lxml.html.fromstring(summary).text_content()) if summary.strip() else ""

    return run


def _resiliparse() -> Extractor:
    from resiliparse.extract.html2text import extract_plain_text
    from resiliparse.parse.encoding import bytes_to_str, detect_encoding

    return lambda raw, url: extract_plain_text(bytes_to_str(raw, detect_encoding(raw)), main_content=True)


def _mcp_fetch() -> Extractor:
    from mcp_server_fetch.server import extract_content_from_html

    return lambda raw, url: extract_content_from_html(raw.decode("utf-8", errors="replace"))


def _comparators(corpus: str) -> tuple[tuple[str, str, Callable[[], Extractor]], ...]:
    comments = corpus in WITH_COMMENTS
    return (
        (
            "weblens",
            f"`weblens.extract(raw_bytes, url, include_comments={comments}).text`",
            lambda: _weblens(comments),
        ),
        ("trafilatura", "`trafilatura.extract(raw_bytes, url=url)`, default options", _trafilatura),
        ("readability-lxml", "`Document(raw_bytes).summary()`, then the text of that HTML", _readability),
        (
            "resiliparse",
            "`extract_plain_text(html, main_content=True)` after its own charset detection",
            _resiliparse,
        ),
        (
            "mcp-server-fetch",
            "`extract_content_from_html(html)` of the MCP fetch server (Markdown, as agents receive it; "
            "one timing round: it runs Node per page; only with --slow)",
            _mcp_fetch,
        ),
    )


SLOW = frozenset({"mcp-server-fetch"})


def _prf(scorer: ModuleType, counts: list[tuple[float, float, float]]) -> dict[str, float]:
    return dict(scorer.prf(counts)) if counts else {"f1": 0.0, "precision": 0.0, "recall": 0.0}


def _pages(data: Path) -> list[Page]:
    truth = json.loads((data / "ground-truth.json").read_text(encoding="utf-8"))
    return [
        (key, gzip.decompress((data / "html" / f"{key}.html.gz").read_bytes()), truth[key].get("url", ""))
        for key in sorted(truth)
    ]


def _runs(corpus: str, slow: bool, only: set[str]) -> tuple[list[Run], list[str]]:
    runs: list[Run] = []
    skipped: list[str] = []
    for name, note, factory in _comparators(corpus):
        if (name in SLOW and not slow) or (only and name not in only):
            continue
        try:
            runs.append(Run(name, note, factory(), slow=name in SLOW))
        except Exception as exc:  # a comparator that does not import is reported, not fatal
            skipped.append(f"{name} ({type(exc).__name__}: {exc})")
    return runs, skipped


def _measure(runs: list[Run], pages: list[Page], rounds: int) -> None:
    """Time every extractor on every page, ``rounds`` times; each keeps its fastest round."""
    for run in runs:  # warm-up: lazy imports and caches are not part of the per-page time
        run.fn(pages[0][1], pages[0][2])
    for round_number in range(rounds):
        spent = dict.fromkeys((run.name for run in runs), 0.0)
        timed = [run for run in runs if round_number == 0 or not run.slow]
        for key, raw, url in pages:
            for run in timed:
                started = time.perf_counter()
                try:
                    text = run.fn(raw, url)
                except Exception:  # a crash scores as an empty extraction
                    text = ""
                    run.errors += round_number == 0
                spent[run.name] += time.perf_counter() - started
                run.outputs[key] = text
        for run in timed:
            run.seconds = spent[run.name] if round_number == 0 else min(run.seconds, spent[run.name])


def _score(scorer: ModuleType, truth: dict[str, dict[str, str]], run: Run, dev: set[str]) -> Scores:
    keys = sorted(run.outputs)
    counts = {k: scorer.page_counts(truth[k].get("articleBody", ""), run.outputs[k]) for k in keys}
    rouge = {k: rouge_lsum(truth[k].get("articleBody", ""), run.outputs[k])[2] for k in keys}
    whole = _prf(scorer, list(counts.values()))
    held = [k for k in keys if k not in dev]
    mine = [k for k in keys if k in dev]
    return Scores(
        f1=whole["f1"],
        precision=whole["precision"],
        recall=whole["recall"],
        rouge=statistics.mean(rouge.values()),
        f1_dev=_prf(scorer, [counts[k] for k in mine])["f1"],
        f1_held=_prf(scorer, [counts[k] for k in held])["f1"],
        rouge_dev=statistics.mean(rouge[k] for k in mine),
        rouge_held=statistics.mean(rouge[k] for k in held),
        ms=1000 * run.seconds / len(keys),
        errors=run.errors,
    )


def _synthetic_page(size: int) -> bytes:
    """An article page of about ``size`` bytes: chrome, then paragraphs, a sidebar and a footer."""
    nav = "".join(f'<li><a href="/s{i}">Section {i}</a></li>' for i in range(30))
    para = (
        "<p>The committee met on Tuesday to review the proposal, and its members agreed that the "
        "figures, which had been revised twice, still needed an independent audit before any vote. "
        "Several of them asked for the full minutes to be published.</p>\n"
    )
    side = "".join(f'<li><a href="/r{i}">Related story number {i}</a></li>' for i in range(20))
    head = (
        f"<html><head><title>Synthetic</title></head><body><nav><ul>{nav}</ul></nav><article><h1>Report</h1>"
    )
    tail = f"</article><aside><ul>{side}</ul></aside><footer>© Example</footer></body></html>"
    count = max(1, (size - len(head) - len(tail)) // len(para))
    return (head + para * count + tail).encode()


def _scaling() -> list[tuple[str, int, float]]:
    import weblens

    rows = []
    for label, size in SIZES:
        page = _synthetic_page(size)
        best = min(_timed(weblens.extract, page) for _ in range(2))
        rows.append((label, len(page), best))
    return rows


def _timed(fn: Callable[[bytes], object], page: bytes) -> float:
    started = time.perf_counter()
    fn(page)
    return time.perf_counter() - started


def _plot(results: dict[str, dict[str, Scores]]) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, len(results), figsize=(6.0 * len(results), 4.2), dpi=110, squeeze=False)
    for ax, (corpus, scores) in zip(axes[0], results.items(), strict=True):
        for name, found in scores.items():
            colour = "tab:red" if name == "weblens" else "tab:blue"
            ax.scatter(found.ms, found.f1, s=60, color=colour)
            ax.annotate(name, (found.ms, found.f1), textcoords="offset points", xytext=(6, 6))
        ax.set_xscale("log")
        ax.set_xlabel("ms per page, log scale (lower is better)")
        ax.set_ylabel("F1, word 4-grams (higher is better)")
        ax.set_title(f"Main-content extraction: {corpus}")
        ax.margins(x=0.25, y=0.2)
        ax.grid(alpha=0.3)
    fig.tight_layout()
    PLOT.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(PLOT)
    plt.close(fig)


def _corpus_table(corpus: str, pages: int, runs: list[Run], scores: dict[str, Scores]) -> list[str]:
    lines = [
        f"### {corpus} ({pages} pages)",
        "",
        "| extractor | F1 | precision | recall | ROUGE-LSum F1 | F1 dev / held-out "
        "| ROUGE dev / held-out | ms/page | errors |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for name, found in scores.items():
        lines.append(
            f"| {name} | {found.f1:.4f} | {found.precision:.4f} | {found.recall:.4f} | {found.rouge:.4f} | "
            f"{found.f1_dev:.4f} / {found.f1_held:.4f} | {found.rouge_dev:.4f} / {found.rouge_held:.4f} | "
            f"{found.ms:.2f} | {found.errors} |"
        )
    lines += ["", "How each was called:", ""] + [f"- {run.name}: {run.note}" for run in runs]
    return lines


def _summary(results: dict[str, dict[str, Scores]]) -> list[str]:
    names = [name for name in next(iter(results.values())) if all(name in s for s in results.values())]
    lines = [
        f"### Summary over {len(results)} corpora (macro: the mean of the corpora's figures)",
        "",
        "| extractor | macro F1 | macro ROUGE-LSum | F1 held-out halves | ROUGE held-out halves | ms/page |",
        "|---|---|---|---|---|---|",
    ]
    macro: dict[str, float] = {}
    ms: dict[str, float] = {}
    for name in names:
        found = [scores[name] for scores in results.values()]
        macro[name] = statistics.mean(s.f1 for s in found)
        ms[name] = statistics.mean(s.ms for s in found)
        lines.append(
            f"| {name} | {macro[name]:.4f} | {statistics.mean(s.rouge for s in found):.4f} | "
            f"{statistics.mean(s.f1_held for s in found):.4f} | "
            f"{statistics.mean(s.rouge_held for s in found):.4f} | {ms[name]:.2f} |"
        )
    peers = {name: value for name, value in macro.items() if name != "weblens"}
    if "weblens" in macro and peers:
        best = max(peers, key=peers.__getitem__)
        lines += ["", f"weblens macro F1 − best peer ({best}): {macro['weblens'] - peers[best]:+.4f}."]
    if "weblens" in ms and "trafilatura" in ms:
        lines.append(f"weblens takes {ms['weblens'] / ms['trafilatura']:.2f}× trafilatura's time per page.")
    return lines


def _worst(scorer: ModuleType, truth: dict[str, dict[str, str]], run: Run, dev: set[str], count: int) -> None:
    print(f"\nweblens, worst pages (precision, recall): {count}")
    scored = []
    for key, text in run.outputs.items():
        tp, fp, fn = scorer.page_counts(truth[key].get("articleBody", ""), text)
        prec = 1.0 if fp == fn == 0 else (tp / (tp + fp) if tp + fp else 0.0)
        rec = 1.0 if fp == fn == 0 else (tp / (tp + fn) if tp + fn else 0.0)
        scored.append((min(prec, rec), prec, rec, key))
    for _, prec, rec, key in sorted(scored)[:count]:
        half = "dev" if key in dev else "held-out"
        print(f"  {key[:12]} {half:8} P {prec:.3f} R {rec:.3f} {truth[key].get('url', '')[:80]}")


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--corpus", action="append", choices=CORPORA, help="corpora to run (default: both)")
    parser.add_argument("--worst", type=int, default=0, help="list weblens's N worst pages per corpus")
    parser.add_argument("--no-write", action="store_true", help="print only; leave docs/ alone")
    parser.add_argument("--rounds", type=int, default=3, help="timing rounds (each extractor keeps its best)")
    parser.add_argument("--slow", action="store_true", help="also the MCP fetch server (Node per page)")
    parser.add_argument("--only", action="append", default=[], help="run only these extractors")
    args = parser.parse_args()
    corpora = args.corpus or list(CORPORA)
    scorer = _load_scorer()
    results: dict[str, dict[str, Scores]] = {}
    sections: list[str] = []
    for corpus in corpora:
        data = SHARED / corpus
        truth = json.loads((data / "ground-truth.json").read_text(encoding="utf-8"))
        pages = _pages(data)
        dev = {key for key, _, url in pages if side(site_of(url) or key) == "dev"}
        runs, skipped = _runs(corpus, args.slow, set(args.only))
        _measure(runs, pages, max(1, args.rounds))
        results[corpus] = {run.name: _score(scorer, truth, run, dev) for run in runs}
        table = _corpus_table(corpus, len(pages), runs, results[corpus])
        if skipped:
            table += ["", "Skipped (did not import): " + "; ".join(skipped)]
        sections += [*table, ""]
        print("\n".join(table), flush=True)
        weblens_run = next((run for run in runs if run.name == "weblens"), None)
        if args.worst and weblens_run is not None:
            _worst(scorer, truth, weblens_run, dev, args.worst)
    summary = _summary(results) if len(results) > 1 else []
    scaling = _scaling()
    lines = [
        "Every extractor gets the raw bytes, page by page in turn, in the same run; time is the fastest of "
        f"{max(1, args.rounds)} rounds over all pages (the machine is shared). Metrics are macro averages "
        "over pages: word 4-gram F1 with precision and recall (`score_extraction.py`) and ROUGE-LSum F1 "
        "over tokens (`bench/rouge.py`). Dev / held-out: the by-site split of `bench/pooldata.py` (a site on "
        "one side only); both corpora were looked at whole while tuning, so neither side is out of sample.",
        "",
        *sections,
        *summary,
        "",
        "Time against page size (synthetic article pages, weblens, best of 2):",
        "",
        "| page | bytes | ms | ms per MB |",
        "|---|---|---|---|",
    ]
    for label, size, seconds in scaling:
        lines.append(f"| {label} | {size:,} | {seconds * 1000:.0f} | {seconds * 1000 / (size / 1e6):.0f} |")
    markdown = "\n".join(lines)
    print("\n".join(summary))
    if not args.no_write:
        write_section(
            "extraction",
            "## Main-content extraction\n\n`.venv/bin/python bench/extraction.py`\n\n"
            + markdown
            + "\n\n![F1 against time](extraction.png)",
        )
        _plot(results)
    return 0


if __name__ == "__main__":
    sys.exit(main())
