"""Main-content extraction benchmark: weblens against trafilatura, readability-lxml, resiliparse and
the MCP fetch server's extraction (readabilipy with Mozilla Readability.js under Node, then markdownify).

Usage::

    .venv/bin/python bench/extraction.py [DATA_DIR] [--worst N] [--no-write]

DATA_DIR defaults to ../shared/bench/scrapinghub (relative to the repository root) and must hold
``ground-truth.json`` and ``html/<id>.html.gz``; the scorer is ``DATA_DIR/../score_extraction.py``
(word 4-gram F1, precision and recall macro-averaged over pages). Every extractor gets the raw
bytes of each page, in the same run, page by page in turn (so machine noise hits all of them
alike), after one untimed warm-up call. Pages whose id sorts in the first half are the "dev"
half the heuristics were tuned on; the second half is "held-out". Slow comparators (the MCP fetch
server starts Node for every page) are timed on one round only. Comparators come from the ``dev``
extra; the MCP fetch server from the ``bench`` extra (``pip install -e '.[bench]'``).

Writes its section of docs/benchmarks.md and docs/extraction.png (F1 against ms/page).
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

from bench.report import write_section  # noqa: E402

DEFAULT_DATA = REPO.parent / "shared" / "bench" / "scrapinghub"
PLOT = REPO / "docs" / "extraction.png"
SIZES = (("100 KB", 100_000), ("1 MB", 1_000_000), ("5 MB", 5_000_000), ("10 MB", 10_000_000))

Extractor = Callable[[bytes, str], str]


@dataclass
class Run:
    name: str
    note: str
    fn: Extractor
    slow: bool = False
    outputs: dict[str, str] = field(default_factory=dict)
    seconds: float = 0.0
    errors: int = 0


def _load_scorer(data: Path) -> ModuleType:
    path = data.parent / "score_extraction.py"
    spec = importlib.util.spec_from_file_location("score_extraction", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"scorer not found at {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _weblens() -> Extractor:
    import weblens

    return lambda raw, url: weblens.extract(raw, url).text


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


COMPARATORS: tuple[tuple[str, str, Callable[[], Extractor]], ...] = (
    ("weblens", "`weblens.extract(raw_bytes, url).text`", _weblens),
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
        "one timing round: it runs Node per page)",
        _mcp_fetch,
    ),
)
SLOW = frozenset({"mcp-server-fetch"})


def _prf(scorer: ModuleType, counts: list[tuple[float, float, float]]) -> dict[str, float]:
    return dict(scorer.prf(counts)) if counts else {"f1": 0.0, "precision": 0.0, "recall": 0.0}


def _pages(data: Path) -> list[tuple[str, bytes, str]]:
    truth = json.loads((data / "ground-truth.json").read_text(encoding="utf-8"))
    return [
        (key, gzip.decompress((data / "html" / f"{key}.html.gz").read_bytes()), truth[key].get("url", ""))
        for key in sorted(truth)
    ]


def _runs() -> tuple[list[Run], list[str]]:
    runs: list[Run] = []
    skipped: list[str] = []
    for name, note, factory in COMPARATORS:
        try:
            runs.append(Run(name, note, factory(), slow=name in SLOW))
        except Exception as exc:  # a comparator that does not import is reported, not fatal
            skipped.append(f"{name} ({type(exc).__name__}: {exc})")
    return runs, skipped


def _measure(runs: list[Run], pages: list[tuple[str, bytes, str]], rounds: int) -> None:
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


def _plot(rows: list[tuple[str, dict[str, float], float]]) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6.4, 4.2), dpi=120)
    for name, metrics, ms in rows:
        ax.scatter(ms, metrics["f1"], s=60, color="tab:red" if name == "weblens" else "tab:blue")
        ax.annotate(name, (ms, metrics["f1"]), textcoords="offset points", xytext=(6, 6))
    ax.set_xscale("log")
    ax.set_xlabel("ms per page, log scale (lower is better)")
    ax.set_ylabel("F1, word 4-grams (higher is better)")
    ax.set_title("Main-content extraction, ScrapingHub article benchmark")
    ax.margins(x=0.25, y=0.2)
    ax.grid(alpha=0.3)
    fig.tight_layout()
    PLOT.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(PLOT)
    plt.close(fig)


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("data", nargs="?", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--worst", type=int, default=0, help="list weblens's N worst pages")
    parser.add_argument("--no-write", action="store_true", help="print only; leave docs/ alone")
    parser.add_argument("--rounds", type=int, default=3, help="timing rounds (each extractor keeps its best)")
    args = parser.parse_args()
    data: Path = args.data.resolve()
    scorer = _load_scorer(data)
    truth = json.loads((data / "ground-truth.json").read_text(encoding="utf-8"))
    pages = _pages(data)
    keys = [key for key, _, _ in pages]
    dev = set(keys[: len(keys) // 2])
    runs, skipped = _runs()
    _measure(runs, pages, max(1, args.rounds))

    lines = [
        f"Corpus: {data.name}, {len(pages)} pages; metric: word 4-gram F1 with macro precision/recall "
        "(`score_extraction.py`). Every extractor gets the raw bytes, page by page in turn, in the same "
        f"run; time is the fastest of {max(1, args.rounds)} rounds over all pages (the machine is shared).",
        "",
        "| extractor | F1 | precision | recall | F1 dev half | F1 held-out half "
        "| ms/page | pages/s | errors |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    rows: list[tuple[str, dict[str, float], float]] = []
    weblens_counts: dict[str, tuple[float, float, float]] = {}
    for run in runs:
        counts = {k: scorer.page_counts(truth[k].get("articleBody", ""), run.outputs[k]) for k in keys}
        if run.name == "weblens":
            weblens_counts = counts
        whole = _prf(scorer, list(counts.values()))
        dev_m = _prf(scorer, [counts[k] for k in keys if k in dev])
        held = _prf(scorer, [counts[k] for k in keys if k not in dev])
        ms = 1000 * run.seconds / len(pages)
        rows.append((run.name, whole, ms))
        lines.append(
            f"| {run.name} | {whole['f1']:.4f} | {whole['precision']:.4f} | {whole['recall']:.4f} | "
            f"{dev_m['f1']:.4f} | {held['f1']:.4f} | {ms:.2f} | {1000 / ms:.0f} | {run.errors} |"
        )
    lines += ["", "How each was called:", ""] + [f"- {run.name}: {run.note}" for run in runs]
    if skipped:
        lines += ["", "Skipped (did not import): " + "; ".join(skipped)]
    times = {name: ms for name, _, ms in rows}
    if "weblens" in times and "trafilatura" in times:
        lines += [
            "",
            f"weblens takes {times['weblens'] / times['trafilatura']:.2f}× trafilatura's time per page.",
        ]

    scaling = _scaling()
    lines += [
        "",
        "Time against page size (synthetic article pages, weblens, best of 2):",
        "",
        "| page | bytes | ms | ms per MB |",
        "|---|---|---|---|",
    ]
    for label, size, seconds in scaling:
        lines.append(f"| {label} | {size:,} | {seconds * 1000:.0f} | {seconds * 1000 / (size / 1e6):.0f} |")
    markdown = "\n".join(lines)
    print(markdown)

    if args.worst and weblens_counts:
        print("\nweblens, worst pages (precision, recall):")
        scored = []
        for key, (tp, fp, fn) in weblens_counts.items():
            prec = 1.0 if fp == fn == 0 else (tp / (tp + fp) if tp + fp else 0.0)
            rec = 1.0 if fp == fn == 0 else (tp / (tp + fn) if tp + fn else 0.0)
            scored.append((min(prec, rec), prec, rec, key))
        for _, prec, rec, key in sorted(scored)[: args.worst]:
            half = "dev" if key in dev else "held-out"
            print(f"  {key[:12]} {half:8} P {prec:.3f} R {rec:.3f} {truth[key].get('url', '')[:80]}")
    print(f"\nmedian page size: {statistics.median(len(raw) for _, raw, _ in pages) / 1000:.0f} KB")
    if not args.no_write:
        write_section(
            "extraction",
            "## Main-content extraction\n\n" + markdown + "\n\n![F1 against time](extraction.png)",
        )
        _plot(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
