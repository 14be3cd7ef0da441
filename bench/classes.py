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


# --- real examples from the pool's dev side ---------------------------------------------------------------

POOL_EXAMPLES = FOLDER / "pool_examples.json"
PER_CLASS = 12  # real examples kept per class (the dev pages where weblens misses most)


def _share(cell: str) -> tuple[int, int]:
    kept, _, found = cell.partition("/")
    return int(kept), int(found)


def _linked_rows(raw: bytes, truth: str) -> float:
    """The share of cells holding a link, over the page's table rows whose cells are all in ``truth``."""
    import lxml.html

    from bench.structure import _in, norm

    root = lxml.html.document_fromstring(raw)
    cells = [
        cell
        for row in root.iter("tr")
        if len(found := [c for c in row if isinstance(c.tag, str) and c.tag in ("td", "th")]) >= 2
        and all(_in(norm(c.text_content()), truth) for c in found if norm(c.text_content()))
        for cell in found
    ]
    return sum(1 for cell in cells if cell.find(".//a") is not None) / len(cells) if cells else 0.0


def _peer_kept(peers: list[dict[str, Any]], kind: str) -> int:
    return max((_share(p.get("structure", {}).get(kind, "0/0"))[0] for p in peers), default=0)


def _texts(found: list[Any], kind: str, count: int) -> list[Any]:
    return [e.texts if kind == "table rows" else e.texts[0] for e in found if e.kind == kind][:count]


def expect_of(page: Any, check: str) -> dict[str, Any]:
    """The check ``check`` (``table_rows``, ``list_items``, ``links``, ``author``, ``date``) on a pool
    page, made from its labels: the first elements of its labelled text, or its labelled author or
    date. Made when the pool is read, so nothing of the pool's pages is kept in this repository."""
    from bench.structure import elements, norm

    if check in ("author", "date"):
        return {check: page.labels[check]}
    truth = norm(page.labels.get("text") or "")
    found = elements(page.raw, page.url, truth) if truth else []
    if check == "links":
        return {"links": [[e.texts[0], e.url] for e in found if e.kind == "links"][:8]}
    return {check: _texts(found, check.replace("_", " "), 5)}


def select_from_pool(records_path: Path) -> dict[str, list[dict[str, Any]]]:
    """The dev-side pool pages showing each class, and the check that shows it (:func:`expect_of`):
    where weblens keeps under half of a page's table rows, list items or links, or has the wrong
    author or date, and a peer does better. Only the dev side: these are pages to fix classes on."""
    from bench import pooldata
    from bench.structure import norm

    records = [json.loads(line) for line in records_path.read_text(encoding="utf-8").splitlines()]
    names = {r["set"] for r in records} & set(pooldata.sets())  # the manuals are not the pool's
    pages = {(p.set, p.id): p for name in names for p in pooldata.load(name)}
    chosen: dict[str, list[tuple[float, dict[str, Any]]]] = {cls: [] for cls in load()["classes"]}
    for record in records:
        page = pages.get((record["set"], record["id"]))
        if page is None or page.side != "dev":
            continue
        mine = record["weblens"]
        peers = [record[k] for k in ("trafilatura", "readability+markdownify") if k in record]
        structure = mine.get("structure", {})
        truth = norm(page.labels.get("text") or "")
        base = {"set": page.set, "id": page.id, "kind": page.kind}
        kept_rows, rows = _share(structure.get("table rows", "0/0"))
        if rows >= 3 and 2 * kept_rows < rows and _peer_kept(peers, "table rows") > kept_rows:
            linked = _linked_rows(page.raw, truth)
            cls = "link-table" if linked >= 0.5 else "encyclopedia"
            if cls == "link-table" or page.kind == "encyclopedia":
                peer = _peer_kept(peers, "table rows")
                evidence = f"table rows {kept_rows}/{rows} kept (a peer {peer}); {linked:.0%} of cells linked"
                chosen[cls].append((rows, {**base, "evidence": evidence, "check": "table_rows"}))
        kept_items, items = _share(structure.get("list items", "0/0"))
        article = page.kind not in ("docs", "forum", "discussion")
        if (
            2 <= items <= 15
            and 2 * kept_items < items
            and _peer_kept(peers, "list items") > kept_items
            and article
        ):
            cls = "encyclopedia" if page.kind == "encyclopedia" else "short-list"
            evidence = f"list items {kept_items}/{items} kept (a peer {_peer_kept(peers, 'list items')})"
            chosen[cls].append((items, {**base, "evidence": evidence, "check": "list_items"}))
        kept_links, links = _share(structure.get("links", "0/0"))
        if links >= 8 and 2 * kept_links < links and _peer_kept(peers, "links") > kept_links:
            evidence = f"links {kept_links}/{links} kept (a peer {_peer_kept(peers, 'links')})"
            entry = {**base, "evidence": evidence, "check": "links"}
            chosen["inline-links"].append((links - kept_links, entry))
        for field, cls in (("author", "byline"), ("date", "date")):
            if mine.get(field) is False and any(p.get(field) for p in peers):
                entry = {**base, "evidence": f"{field} wrong (a peer right)", "check": field}
                chosen[cls].append((1.0, entry))
    return {
        cls: [entry for _, entry in sorted(entries, key=lambda pair: -pair[0])[:PER_CLASS]]
        for cls, entries in chosen.items()
    }


def pool_failures(examples: dict[str, list[dict[str, Any]]]) -> dict[str, tuple[int, int]]:
    """(pages passing, pages) per class on the real examples (an empty dict without a built pool)."""
    import weblens
    from bench import pooldata

    names = set(pooldata.sets())
    wanted = {(e["set"], e["id"]) for found in examples.values() for e in found if e["set"] in names}
    if not wanted:
        return {}
    pages = {
        (p.set, p.id): p
        for name in {s for s, _ in wanted}
        for p in pooldata.load(name)
        if (p.set, p.id) in wanted
    }
    counts: dict[str, tuple[int, int]] = {}
    for cls, found in examples.items():
        present = [e for e in found if (e["set"], e["id"]) in pages]
        passing = 0
        for entry in present:
            page = pages[(entry["set"], entry["id"])]
            expect = expect_of(page, entry["check"])
            passing += not failures(weblens.extract(page.raw, page.url or None), expect)
        counts[cls] = (passing, len(present))
    return counts


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--no-write", action="store_true")
    parser.add_argument("--show", action="store_true", help="print every failed check")
    parser.add_argument(
        "--select-from-pool",
        action="store_true",
        help="rewrite pool_examples.json from the last bench/pool.py run's per-page results",
    )
    args = parser.parse_args()
    if args.select_from_pool:
        examples = select_from_pool(REPO / "bench" / ".out" / "pool-pages.jsonl")
        POOL_EXAMPLES.write_text(json.dumps(examples, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
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
    if POOL_EXAMPLES.is_file():
        examples = json.loads(POOL_EXAMPLES.read_text(encoding="utf-8"))
        if counts := pool_failures(examples):
            lines += [
                "",
                "Real pages of the pool's dev side showing each class (`pool_examples.json`, chosen by "
                "`--select-from-pool` where weblens misses and a peer does not; it names the pages and "
                "their checks, made from the pages' labels when the built pool is read):",
                "",
                "| class | pages passing |",
                "|---|---|",
                *(f"| {cls} | {ok} / {total} |" for cls, (ok, total) in counts.items()),
            ]
    markdown = "\n".join(lines)
    print(markdown)
    if not args.no_write:
        write_section(
            "classes", "## Failure classes of issue 36\n\n`.venv/bin/python bench/classes.py`\n\n" + markdown
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
