"""Build the pages of the typed-data set (``bench/data_set``) that come from public repositories.

Usage::

    .venv/bin/python bench/data_build.py --repos DIR [--out DIR]

``DIR`` holds a git copy of each source repository as ``owner+name`` (a clone, or a bare git
directory at ``owner+name/repo``, as for ``bench/pool_build.py``); each is read at the commit pinned
in :data:`SOURCES`, so the pages come out the same byte for byte. ``--out`` defaults to
``bench/data_set/data`` (ignored by git) and receives:

* ``pages/<id>.html.xz``: each page exactly as its repository has it (a ``.html.gz`` unpacked),
  xz-compressed;
* ``gold.json``: ``{"sources": {repo: commit}, "pages": {id: {"url", "gold"}}}``: the product and
  recipe pages' gold values, the sources' own (Zyte's ``ground-truth.json``, recipe-scrapers'
  expected ``.json``), and each page's URL as its source gives it.

Which pages: products, a seeded sample (:data:`SEED`) of one page per site of Zyte's product
benchmark; recipes, the first test page of each of a seeded sample of recipe-scrapers' sites;
events, the two Songkick pages of extruct's samples named in ``labels.json``. The build checks that
the pages it draws are those ``bench/data_set/labels.json`` lists (repository and path) and stops
otherwise. What is ours stays committed: ``labels.json`` (each page's provenance, and the hand
labels of the event pages) and the Debian documentation pages with their hand-labelled tables.
"""

from __future__ import annotations

import argparse
import gzip
import json
import lzma
import random
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from bench.pool_build import Source, git_dir  # noqa: E402

SET = REPO / "bench" / "data_set"
DEFAULT_OUT = SET / "data"
PRODUCTS = 24
RECIPES = 16
SEED = 35

SOURCES: dict[str, Source] = {
    "product": Source(
        "scrapinghub/product-extraction-benchmark",
        "cba97d7a8d42aeefd4021bc15d482f297faceaa3",
        "MIT",
        ("dataset/ground-truth.json", "dataset/html"),
    ),
    "recipe": Source(
        "hhursev/recipe-scrapers", "d08ddd0240ee0ff73dd9d705e43077a821944716", "MIT", ("tests/test_data",)
    ),
    "event": Source(
        "scrapinghub/extruct", "a31daaadb82ec684b7d468d3b15734b8ae3b7265", "BSD-3-Clause", ("tests/samples",)
    ),
}


@dataclass(frozen=True)
class Built:
    path: str  # in its repository
    raw: bytes  # the page, as its repository has it (unpacked when stored as .html.gz)
    url: str | None = None
    gold: dict[str, Any] | None = None  # the source's own values (None: labelled by hand, in labels.json)


class Pinned:
    """One repository at its pinned commit."""

    def __init__(self, repos: Path, source: Source) -> None:
        self.gitdir = git_dir(repos, source.repo)
        self.commit = source.commit

    def _git(self, *args: str) -> bytes:
        return subprocess.run(
            ["git", f"--git-dir={self.gitdir}", *args], capture_output=True, check=True
        ).stdout

    def read(self, path: str) -> bytes:
        return self._git("show", f"{self.commit}:{path}")

    def paths(self, folder: str) -> list[str]:
        return self._git("ls-tree", "-r", "--name-only", self.commit, folder).decode().split()


# --- the sets (the sampling is how the set was first drawn: the same seed gives the same pages) ---------
def products(repo: Pinned, _listed: list[str]) -> list[Built]:
    """One page for each of a seeded sample of the benchmark's sites, with its ground truth."""
    truth = json.loads(repo.read("dataset/ground-truth.json"))
    by_site: dict[str, list[str]] = {}
    for sha, gold in sorted(truth.items()):
        by_site.setdefault(gold["url"].split("/")[2], []).append(sha)
    rng = random.Random(SEED)
    out = []
    for site in rng.sample(sorted(by_site), PRODUCTS):
        sha = rng.choice(by_site[site])
        path = f"dataset/html/{sha}.html.gz"
        gold = {k: truth[sha][k] for k in ("price", "availability", "sku", "brand") if k in truth[sha]}
        out.append(Built(path, gzip.decompress(repo.read(path)), truth[sha]["url"], gold))
    return out


def recipes(repo: Pinned, _listed: list[str]) -> list[Built]:
    """The first test page of each of a seeded sample of sites, with the values the tests expect."""
    by_site: dict[str, list[str]] = {}
    for path in repo.paths("tests/test_data"):
        if path.endswith(".testhtml"):
            by_site.setdefault(path.split("/")[2], []).append(path)
    rng = random.Random(SEED)
    out = []
    for site in rng.sample(sorted(by_site), 40)[:RECIPES]:
        path = sorted(by_site[site])[0]
        truth = json.loads(repo.read(path.replace(".testhtml", ".json")))
        gold = {
            "name": truth["title"],
            "author": truth.get("author"),
            "ingredients": truth.get("ingredients"),
        }
        if "ratings" in truth:
            gold["rating"] = truth["ratings"]
        out.append(Built(path, repo.read(path), truth.get("canonical_url"), gold))
    return out


def events(repo: Pinned, listed: list[str]) -> list[Built]:
    """The pages ``labels.json`` names (chosen by hand, labelled by hand there)."""
    return [Built(path, repo.read(path)) for path in listed]


READERS: dict[str, Callable[[Pinned, list[str]], list[Built]]] = {
    "product": products,
    "recipe": recipes,
    "event": events,
}


# --- writing ---------------------------------------------------------------------------------------------
def listed(kind: str) -> list[dict[str, Any]]:
    """The pages of ``kind`` that ``labels.json`` says are built, in its order."""
    pages = json.loads((SET / "labels.json").read_text(encoding="utf-8"))["pages"]
    return [page for page in pages if page["kind"] == kind and page.get("built")]


def build(repos: Path, out: Path) -> dict[str, Any]:
    """Write every built page into ``out/pages`` and return the gold values by page id."""
    (out / "pages").mkdir(parents=True, exist_ok=True)
    gold: dict[str, Any] = {}
    for kind, source in SOURCES.items():
        entries = listed(kind)
        pages = READERS[kind](Pinned(repos, source), [entry["path"] for entry in entries])
        drawn = [(source.repo, page.path) for page in pages]
        wanted = [(entry["repo"], entry["path"]) for entry in entries]
        if drawn != wanted:
            raise SystemExit(f"{kind}: the pages drawn at {source.commit[:12]} are not those in labels.json")
        for entry, page in zip(entries, pages, strict=True):
            (out / entry["file"]).write_bytes(lzma.compress(page.raw, preset=9 | lzma.PRESET_EXTREME))
            if page.gold is not None:
                gold[entry["id"]] = {"url": page.url, "gold": page.gold}
        print(f"{kind}: {len(pages)} pages from {source.repo} at {source.commit[:12]}", file=sys.stderr)
    return gold


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--repos", type=Path, required=True, help="folder of owner+name git copies")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args()
    gold = build(args.repos, args.out)
    record = {"sources": {s.repo: s.commit for s in SOURCES.values()}, "pages": gold}
    (args.out / "gold.json").write_text(
        json.dumps(record, indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
