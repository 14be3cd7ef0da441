"""The failure classes of issue 36 §3, each on pages of our own: how many weblens gets right today.

Usage::

    .venv/bin/python bench/classes.py [--no-write] [--show]

The pages are ``tests/fixtures/classes/issue36/*.html``, written for this (realistic chrome: menus,
sidebars, footers, comment threads; no page copied from a site), and their expected outcomes are in
``expectations.json`` beside them: each page names its class, the URL it is read at, and checks
(``text_has``, ``text_lacks``, ``list_items``, ``table_rows``, ``links``, ``headings``, ``title``,
``author``, ``date``; their meaning is in the file). A page passes when every check holds.

The suite does not assert these today (most fail, and the suite stays green): a fix to a class
turns its pages into tests with :func:`failures`::

    assert failures(weblens.extract(raw, url), expect) == []

Writes the ``classes`` section of docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "src"))

from bench.metadata import right  # noqa: E402
from bench.report import write_section  # noqa: E402
from bench.structure import _CELL_BREAK, _HEADING, _MD_LINK, _items, bare, plain, unquoted  # noqa: E402

FOLDER = REPO / "tests" / "fixtures" / "classes" / "issue36"
EXPECTATIONS = FOLDER / "expectations.json"
CHECKS = (
    "text_has",
    "text_lacks",
    "list_items",
    "table_rows",
    "links",
    "headings",
    "title",
    "author",
    "date",
)


def load() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(EXPECTATIONS.read_text(encoding="utf-8"))
    return data


def failures(page: Any, expect: dict[str, Any]) -> list[str]:
    """The checks of ``expect`` that ``page`` (a PageExtract) fails, each said in a line."""
    lines = unquoted(page.markdown.splitlines())
    missed: list[str] = []
    for text in expect.get("text_has", []):
        if text not in page.text:
            missed.append(f"text lacks {text!r}")
    for text in expect.get("text_lacks", []):
        if text in page.text:
            missed.append(f"text has {text!r}")
    items = [plain(item) for item in _items(lines)]
    for text in expect.get("list_items", []):
        if not any(bare(text) in item for item in items):
            missed.append(f"no list item {text!r}")
    rows = [plain(_CELL_BREAK.sub(" ", line)) for line in lines if line.lstrip().startswith("|")]
    for cells in expect.get("table_rows", []):
        if not any(all(bare(cell) in row for cell in cells) for row in rows):
            missed.append(f"no table row {' | '.join(cells)}")
    links = {
        (plain(m.group(1)), m.group(2))
        for m in _MD_LINK.finditer(page.markdown)
        if not m.group(0).startswith("!")
    }
    for text, url in expect.get("links", []):
        if (bare(text), url) not in links:
            missed.append(f"no link [{text}]({url})")
    headings = [plain(m.group(1)) for line in lines if (m := _HEADING.match(line))]
    for text in expect.get("headings", []):
        if not any(bare(text) in heading for heading in headings):
            missed.append(f"no heading {text!r}")
    found = {"title": page.title, "author": page.author, "date": page.published_date}
    for field in ("title", "author", "date"):
        if field in expect and not right(field, found[field], expect[field]):
            missed.append(f"{field} {found[field]!r}, want {expect[field]!r}")
    return missed


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--no-write", action="store_true")
    parser.add_argument("--show", action="store_true", help="print every failed check")
    args = parser.parse_args()
    import weblens

    data = load()
    passed: Counter[str] = Counter()
    pages: Counter[str] = Counter()
    checks_ok: Counter[str] = Counter()
    checks_all: Counter[str] = Counter()
    notes: list[str] = []
    for name, spec in sorted(data["pages"].items()):
        page = weblens.extract((FOLDER / name).read_bytes(), spec["url"])
        missed = failures(page, spec["expect"])
        cls = spec["class"]
        pages[cls] += 1
        passed[cls] += not missed
        total = sum(len(v) if isinstance(v, list) else 1 for v in spec["expect"].values())
        checks_all[cls] += total
        checks_ok[cls] += total - len(missed)
        if missed:
            notes.append(
                f"- `{name}` ({cls}): "
                + "; ".join(missed[:4])
                + (f"; and {len(missed) - 4} more" if len(missed) > 4 else "")
            )
            if args.show:
                print(name, *missed, sep="\n  ")
    lines = [
        f"{sum(pages.values())} pages of our own (`tests/fixtures/classes/issue36`), expected outcomes in "
        "`expectations.json`; a page passes when all its checks hold. Method in `bench/classes.py`.",
        "",
        "| class | what is expected | pages passing | checks passing |",
        "|---|---|---|---|",
    ]
    for cls, what in data["classes"].items():
        lines.append(
            f"| {cls} | {what} | {passed[cls]} / {pages[cls]} | {checks_ok[cls]} / {checks_all[cls]} |"
        )
    all_pages = f"{sum(passed.values())} / {sum(pages.values())}"
    lines.append(f"| **all** | | {all_pages} | {sum(checks_ok.values())} / {sum(checks_all.values())} |")
    if notes:
        lines += ["", "What fails (first four checks a page):", "", *notes]
    markdown = "\n".join(lines)
    print(markdown)
    if not args.no_write:
        write_section(
            "classes", "## Failure classes of issue 36\n\n`.venv/bin/python bench/classes.py`\n\n" + markdown
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
