"""Metadata benchmark: title, author and publication date of weblens against trafilatura's metadata.

Usage::

    .venv/bin/python bench/metadata.py [--no-write]

The pages are our own hand-labelled set in tests/fixtures/metadata/labelled (``labels.json`` gives
each page's title, author and publication date): small, written to cover the known causes of
mistakes (bylines like "View all posts by …" or "By Staff", dates of comments or "updated"
stamps, site names left on titles with "|", "｜", "：" or "(Published 2016)", Shift_JIS pages).
It is not a sample of the web: a fair figure needs real pages with labelled metadata.

A field is right when it equals the label after collapsing white space (titles), when the label's
name is among the names found (authors, case-insensitive), or when the date part (YYYY-MM-DD)
equals the label's (dates; a page labelled with no date is right when none is given).
Both extractors get the raw bytes; trafilatura through ``bare_extraction(..., with_metadata=True)``.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "src"))

from bench.report import write_section  # noqa: E402

LABELLED = REPO / "tests" / "fixtures" / "metadata" / "labelled"
FIELDS = ("title", "author", "date")
Found = dict[str, str | None]


def _weblens(raw: bytes) -> Found:
    import weblens

    page = weblens.extract(raw, "https://site.example/page")
    return {"title": page.title, "author": page.author, "date": page.published_date}


def _trafilatura(raw: bytes) -> Found:
    from trafilatura import bare_extraction

    doc = bare_extraction(raw, url="https://site.example/page", with_metadata=True)
    if doc is None:
        return dict.fromkeys(FIELDS)
    data = doc if isinstance(doc, dict) else doc.as_dict()
    return {"title": data.get("title"), "author": data.get("author"), "date": data.get("date")}


def right(field: str, found: str | None, label: str | None) -> bool:
    if field == "date":
        return (found or "")[:10] == (label or "")
    if label is None:
        return not found
    if not found:
        return False
    if field == "author":
        names = {name.strip().casefold() for name in found.replace(";", ",").split(",")}
        return label.casefold() in names
    return " ".join(found.split()) == " ".join(label.split())


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--no-write", action="store_true")
    parser.add_argument("--show", action="store_true", help="print every wrong field")
    args = parser.parse_args()
    labels = json.loads((LABELLED / "labels.json").read_text(encoding="utf-8"))
    extractors: dict[str, Callable[[bytes], Found]] = {"weblens": _weblens, "trafilatura": _trafilatura}
    scores = {name: dict.fromkeys(FIELDS, 0) for name in extractors}
    for file, label in sorted(labels.items()):
        raw = (LABELLED / file).read_bytes()
        for name, fn in extractors.items():
            found = fn(raw)
            for field in FIELDS:
                ok = right(field, found[field], label[field])
                scores[name][field] += ok
                if args.show and not ok:
                    print(f"{name:12} {file:28} {field:6} found {found[field]!r} want {label[field]!r}")
    count = len(labels)
    lines = [
        f"{count} hand-labelled pages of our own (tests/fixtures/metadata/labelled), written to cover the "
        "known causes of mistakes; not a sample of the web — a fair figure needs real labelled pages.",
        "",
        "| extractor | title | author | publication date |",
        "|---|---|---|---|",
    ]
    for name, per_field in scores.items():
        cells = " | ".join(f"{100 * per_field[field] / count:.0f}%" for field in FIELDS)
        lines.append(f"| {name} | {cells} |")
    markdown = "\n".join(lines)
    print(markdown)
    if not args.no_write:
        write_section("metadata", "## Metadata\n\n`.venv/bin/python bench/metadata.py`\n\n" + markdown)
    return 0


if __name__ == "__main__":
    sys.exit(main())
