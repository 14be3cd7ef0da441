"""Probe sets: pages of kinds weblens was never tuned on, with expected outcomes fixed before any
extractor ran, weblens beside trafilatura and readability-lxml (+ markdownify) in one run.

Usage::

    .venv/bin/python bench/probes.py [--set NAME ...] [--show] [--only NAME ...] [--no-write]

Each set is a folder ``bench/probes/NAME/`` of HTML pages and an ``expectations.json`` (the check
vocabulary of ``bench/classes.py``: ``text_has``, ``text_lacks``, ``list_items``, ``table_rows``,
``links``, ``headings``, ``title``, ``author``, ``date``); its ``README.md`` says what the pages
imitate and how they were written. The pages were written for this by labellers who never saw
weblens's code or output; their content is invented, their markup modelled on public templates.

Text checks are compared with white space collapsed on both sides (a labeller copies a sentence as
a reader sees it, not as the page's source wraps it). A page passes when every check holds; the
figure that counts for a set is the one measured before any change was made from it (recorded in
``docs/benchmarks.md`` when the set was added).

Writes the ``probes`` section of docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "src"))

from bench.classes import failures  # noqa: E402
from bench.pool import EXTRACTORS, Output  # noqa: E402
from bench.report import write_section  # noqa: E402

FOLDER = REPO / "bench" / "probes"
TEXT_CHECKS = ("text_has", "text_lacks")
# what an extractor does not give: its checks are left out of its counts, not failed
NOT_GIVEN = {"readability+markdownify": frozenset({"author", "date"})}


@dataclass(frozen=True)
class Seen:
    """What an extractor gave for a page, in the shape :func:`bench.classes.failures` reads."""

    text: str
    markdown: str
    title: str | None
    author: str | None
    published_date: str | None


def collapsed(text: str) -> str:
    return " ".join(text.split())


def seen(out: Output) -> Seen:
    return Seen(collapsed(out.text), out.markdown, out.title, out.author, out.date)


def normalised(expect: dict[str, Any]) -> dict[str, Any]:
    """``expect`` with its text checks' strings collapsed as the text is."""
    return {k: [collapsed(s) for s in v] if k in TEXT_CHECKS else v for k, v in expect.items()}


def kind_of(missed: str) -> str:
    """The check a line of :func:`failures` reports on (its first words)."""
    for prefix, kind in (
        ("text lacks", "text_has"),
        ("text has", "text_lacks"),
        ("no list item", "list_items"),
        ("no table row", "table_rows"),
        ("no link", "links"),
        ("no heading", "headings"),
    ):
        if missed.startswith(prefix):
            return kind
    return missed.split(" ", 1)[0]  # title, author, date


def count_checks(expect: dict[str, Any]) -> Counter[str]:
    return Counter({k: len(v) if isinstance(v, list) else 1 for k, v in expect.items()})


CHECK_NAMES = frozenset(
    ("text_has", "text_lacks", "list_items", "table_rows", "links", "headings", "title", "author", "date")
)


def problems_of(folder: Path) -> list[str]:
    """What is wrong with a set's expectations, read against its pages alone (no extractor runs):
    every string a check names is in the page's visible text, every link an ``<a>`` of the page
    with that text and that address, every date a day (``YYYY-MM-DD``)."""
    import lxml.html

    data = json.loads((folder / "expectations.json").read_text(encoding="utf-8"))
    found: list[str] = []
    for name, spec in sorted(data["pages"].items()):
        path = folder / name
        if not path.is_file():
            found.append(f"{name}: no such page")
            continue
        root = lxml.html.document_fromstring(path.read_bytes())
        for hidden in root.xpath("//script|//style|//noscript|//template"):
            hidden.drop_tree()
        text = collapsed(root.text_content())
        anchors = {
            (collapsed(a.text_content()), urljoin(spec["url"], (a.get("href") or "").strip()))
            for a in root.iter("a")
        }
        expect = spec["expect"]
        found += [f"{name}: unknown check {k!r}" for k in sorted(set(expect) - CHECK_NAMES)]
        strings = [s for k in ("text_has", "text_lacks", "list_items", "headings") for s in expect.get(k, [])]
        strings += [cell for row in expect.get("table_rows", []) for cell in row]
        found += [f"{name}: not on the page: {s!r}" for s in strings if collapsed(s) not in text]
        found += [
            f"{name}: no link [{t}]({u})"
            for t, u in expect.get("links", [])
            if (collapsed(t), u) not in anchors
        ]
        date = expect.get("date")
        if date is not None and not re.fullmatch(r"\d{4}-\d{2}-\d{2}", date):
            found.append(f"{name}: date {date!r} is not YYYY-MM-DD")
    return found


def probe_sets(names: list[str]) -> list[Path]:
    found = sorted(p.parent for p in FOLDER.glob("*/expectations.json"))
    return [p for p in found if not names or p.name in names]


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--set", action="append", default=[], help="only these sets")
    parser.add_argument("--only", action="append", default=[], help="only these extractors")
    parser.add_argument("--show", action="store_true", help="print weblens's failed checks")
    parser.add_argument("--no-write", action="store_true")
    args = parser.parse_args()
    runners = {
        name: factory() for name, (_, factory) in EXTRACTORS.items() if not args.only or name in args.only
    }
    folders = probe_sets(args.set)
    pages: Counter[tuple[str, str]] = Counter()  # (set, extractor) -> pages passing
    checks: Counter[tuple[str, str]] = Counter()  # (set, extractor) -> checks passing
    totals: Counter[tuple[str, str]] = Counter()  # (set, extractor) -> checks asked
    by_kind: Counter[tuple[str, str]] = Counter()  # (check kind, extractor) -> checks passing
    kinds: Counter[str] = Counter()
    sizes: Counter[str] = Counter()
    for folder in folders:
        data = json.loads((folder / "expectations.json").read_text(encoding="utf-8"))
        for name, spec in sorted(data["pages"].items()):
            raw = (folder / name).read_bytes()
            expect = normalised(spec["expect"])
            sizes[folder.name] += 1
            kinds.update(count_checks(expect))
            for extractor, run in runners.items():
                skipped = NOT_GIVEN.get(extractor, frozenset())
                asked = {k: v for k, v in expect.items() if k not in skipped}
                wanted = count_checks(asked)
                totals[(folder.name, extractor)] += sum(wanted.values())
                try:
                    missed = failures(seen(run(raw, spec["url"])), asked)
                except Exception as exc:  # a crash fails every check of the page
                    missed = [f"crash {type(exc).__name__}"] * sum(wanted.values())
                lost = Counter(kind_of(line) for line in missed)
                pages[(folder.name, extractor)] += not missed
                checks[(folder.name, extractor)] += sum(wanted.values()) - len(missed)
                for kind, count in wanted.items():
                    by_kind[(kind, extractor)] += max(0, count - lost[kind])
                if args.show and extractor == "weblens" and missed:
                    print(f"{folder.name}/{name}", *missed, sep="\n  ")
    names = list(runners)
    lines = [
        "Pages written for this, of kinds weblens was never tuned on (`bench/probes/*/README.md` says "
        "what each set imitates); expectations fixed before any extractor ran. Pages passing (every "
        "check holds) and checks passing:",
        "",
        "| set | pages | " + " | ".join(names) + " |",
        "|---|---|" + "---|" * len(names),
    ]
    for folder in folders:
        cells = [
            f"{pages[(folder.name, n)]} / {sizes[folder.name]} "
            f"({checks[(folder.name, n)]} / {totals[(folder.name, n)]} checks)"
            for n in names
        ]
        lines.append(f"| {folder.name} | {sizes[folder.name]} | " + " | ".join(cells) + " |")
    all_pages = sum(sizes.values())
    cells = [
        f"{sum(pages[(f.name, n)] for f in folders)} / {all_pages} "
        f"({sum(checks[(f.name, n)] for f in folders)} / {sum(totals[(f.name, n)] for f in folders)} checks)"
        for n in names
    ]
    lines.append(f"| **all** | {all_pages} | " + " | ".join(cells) + " |")
    lines += ["", "Checks passing by kind, all sets:", "", "| check | " + " | ".join(names) + " |"]
    lines.append("|---|" + "---|" * len(names))
    for kind in sorted(kinds):
        lines.append(
            f"| {kind} ({kinds[kind]}) | "
            + " | ".join(
                "–" if kind in NOT_GIVEN.get(n, ()) else f"{by_kind[(kind, n)] / kinds[kind]:.1%}"
                for n in names
            )
            + " |"
        )
    markdown = "\n".join(lines)
    print(markdown)
    if not args.no_write and not args.set and not args.only:
        write_section("probes", "## Probe sets\n\n`.venv/bin/python bench/probes.py`\n\n" + markdown)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
