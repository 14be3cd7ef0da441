"""How bench/data_set was made (kept for the record; it needs the source repositories checked out).

    python bench/data_set/build.py --extruct DIR --products DIR --recipes DIR --debian DIR

Products: a seeded sample of the Zyte product-extraction benchmark, one page per site; recipes: a
seeded sample of recipe-scrapers' test pages, one per site; events: two Songkick pages from extruct's
test samples; tables: pages of Debian's packaged documentation (``apt-get download`` of
debian-reference-en, postgresql-doc-15, python3.11-doc, sqlite3-doc, unpacked with ``dpkg-deb -x``).
Gold values: the sources' own for products and recipes; labelled by hand from each page for events
and tables (see README.md). Pages are stored xz-compressed, byte for byte as the source had them.
"""

from __future__ import annotations

import argparse
import gzip
import json
import lzma
import random
import subprocess
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
PRODUCTS = 24
RECIPES = 16
SEED = 35


def _git(repo: Path, *args: str) -> bytes:
    return subprocess.run(["git", "-C", str(repo), *args], capture_output=True, check=True).stdout


def _store(page_id: str, raw: bytes) -> str:
    name = f"pages/{page_id}.html.xz"
    (HERE / name).write_bytes(lzma.compress(raw, preset=9 | lzma.PRESET_EXTREME))
    return name


def products(repo: Path) -> list[dict[str, Any]]:
    truth = json.loads(_git(repo, "show", "HEAD:dataset/ground-truth.json"))
    by_site: dict[str, list[str]] = {}
    for sha, gold in sorted(truth.items()):
        by_site.setdefault(gold["url"].split("/")[2], []).append(sha)
    rng = random.Random(SEED)
    sites = rng.sample(sorted(by_site), PRODUCTS)
    out = []
    for n, site in enumerate(sites, start=1):
        sha = rng.choice(by_site[site])
        raw = gzip.decompress(_git(repo, "show", f"HEAD:dataset/html/{sha}.html.gz"))
        gold = {k: truth[sha][k] for k in ("price", "availability", "sku", "brand") if k in truth[sha]}
        out.append(
            {
                "id": f"product-{n:02d}",
                "kind": "product",
                "file": _store(f"product-{n:02d}", raw),
                "url": truth[sha]["url"],
                "source": f"scrapinghub/product-extraction-benchmark (Zyte), dataset/html/{sha}.html.gz",
                "licence": "MIT (Zyte, 2021)",
                "labels": "the benchmark's ground-truth.json (any listed value is right)",
                "gold": gold,
            }
        )
    return out


def recipes(repo: Path) -> list[dict[str, Any]]:
    files = _git(repo, "ls-tree", "-r", "--name-only", "HEAD", "tests/test_data").decode().split()
    by_site: dict[str, list[str]] = {}
    for f in files:
        if f.endswith(".testhtml"):
            by_site.setdefault(f.split("/")[2], []).append(f)
    rng = random.Random(SEED)
    out = []
    for n, site in enumerate(rng.sample(sorted(by_site), 40)[:RECIPES], start=1):
        path = sorted(by_site[site])[0]
        truth = json.loads(_git(repo, "show", "HEAD:" + path.replace(".testhtml", ".json")))
        gold = {
            "name": truth["title"],
            "author": truth.get("author"),
            "ingredients": truth.get("ingredients"),
        }
        if "ratings" in truth:
            gold["rating"] = truth["ratings"]
        out.append(
            {
                "id": f"recipe-{n:02d}",
                "kind": "recipe",
                "file": _store(f"recipe-{n:02d}", _git(repo, "show", "HEAD:" + path)),
                "url": truth.get("canonical_url"),
                "source": f"hhursev/recipe-scrapers, {path}",
                "licence": "MIT (the recipe-scrapers contributors)",
                "labels": "recipe-scrapers' expected values (title, author, ingredients, ratings)",
                "gold": gold,
            }
        )
    return out


EVENTS = [
    (
        "tests/samples/songkick/Elysian Fields Brooklyn Tickets, The Owl Music Parlor, 31 Oct 2015.html",
        "http://www.songkick.com/concerts/25248299-elysian-fields-at-owl-music-parlor",
        {
            "performer": "Elysian Fields",
            "venue": "The Owl Music Parlor",
            "city": "Brooklyn",
            "start_date": "2015-10-31",
        },
    ),
    (
        "tests/samples/songkick/tovestyrke.html",
        "https://www.songkick.com/concerts/30166884-tove-styrke-at-hoxton-square-bar-and-kitchen",
        {
            "performer": "Tove Styrke",
            "venue": "Hoxton Square Bar & Kitchen",
            "city": "London",
            "start_date": "2017-06-12",
        },
    ),
]


def events(repo: Path) -> list[dict[str, Any]]:
    out = []
    for n, (path, url, gold) in enumerate(EVENTS, start=1):
        out.append(
            {
                "id": f"event-{n:02d}",
                "kind": "event",
                "file": _store(f"event-{n:02d}", _git(repo, "show", f"HEAD:{path}")),
                "url": url,
                "source": f"scrapinghub/extruct, {path}",
                "licence": "BSD-3-Clause (Scrapinghub)",
                "labels": "by hand, from the page as displayed (title, date line, venue block)",
                "gold": gold,
            }
        )
    return out


TABLE_PAGES = json.loads((HERE / "tables.json").read_text())["pages"]


def tables(root: Path) -> list[dict[str, Any]]:
    out = []
    for n, page in enumerate(TABLE_PAGES, start=1):
        raw = (root / page["path"]).read_bytes()
        out.append(
            {
                "id": f"tables-{n:02d}",
                "kind": "tables",
                "file": _store(f"tables-{n:02d}", raw),
                "url": None,
                "source": f"Debian package {page['package']}, /{page['path'].split('/', 1)[1]}",
                "licence": page["licence"],
                "labels": "by hand, from the page's HTML: each table's header, row count and three rows",
                "gold": {"tables": page["tables"]},
            }
        )
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--extruct", type=Path, required=True)
    parser.add_argument("--products", type=Path, required=True)
    parser.add_argument("--recipes", type=Path, required=True)
    parser.add_argument(
        "--debian", type=Path, required=True, help="dpkg-deb -x output, one folder per package"
    )
    args = parser.parse_args()
    pages = products(args.products) + recipes(args.recipes) + events(args.extruct) + tables(args.debian)
    (HERE / "labels.json").write_text(json.dumps({"pages": pages}, indent=1, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
