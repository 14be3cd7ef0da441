"""Fingerprints of every extraction, to show that a refactor changes nothing.

    .venv/bin/python bench/outputs.py --out bench/.out/before.json          # on the old code
    .venv/bin/python bench/outputs.py --out bench/.out/after.json --compare bench/.out/before.json

Runs ``weblens.extract`` on every page at hand — the ScrapingHub and CleanEval corpora of
``../shared/bench`` (bytes, as served), every set of the development pool (``$WEBLENS_POOL``, see
bench/pooldata.py), a sample of Debian's packaged manuals (bench/docs.py) and the HTML fixtures of
``tests/fixtures`` — and records a SHA-256 of each result's JSON without its timings
(``fetch_time_ms``, ``extraction_time_ms``, ``total_time_ms``), and one per corpus. ``--compare``
lists the pages whose result changed and exits 1 when any did.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "src"))

SHARED = Path(os.environ.get("WEBLENS_SHARED", ROOT.parent / "shared")) / "bench"
TIMINGS = {"fetch_time_ms", "extraction_time_ms", "total_time_ms"}

Page = tuple[str, bytes, str | None]
"""(page id, raw bytes, URL)."""


def _corpus(name: str) -> Iterator[Page]:
    folder = SHARED / name
    labels = folder / "ground-truth.json"
    truth = json.loads(labels.read_text()) if labels.exists() else {}
    for path in sorted((folder / "html").glob("*.html.gz")):
        key = path.name.removesuffix(".html.gz")
        url = truth.get(key, {}).get("url") if isinstance(truth.get(key), dict) else None
        yield key, gzip.decompress(path.read_bytes()), url


def _pool() -> Iterator[tuple[str, Page]]:
    from bench import pooldata

    for name in pooldata.sets():
        for page in pooldata.load(name):
            yield name, (page.id, page.raw, page.url)


def _manuals() -> Iterator[Page]:
    from bench import docs

    for corpus in docs.installed():
        for page in docs.sample(corpus, 8):
            yield f"{corpus.name}/{page.key}", page.raw, page.url


def _fixtures() -> Iterator[Page]:
    for path in sorted((ROOT / "tests" / "fixtures").rglob("*.htm*")):
        key = str(path.relative_to(ROOT / "tests" / "fixtures"))
        yield key, path.read_bytes(), "https://fixture.example/" + path.name


def corpora() -> Iterator[tuple[str, Page]]:
    for name in ("scrapinghub", "cleaneval"):
        if (SHARED / name).is_dir():
            for page in _corpus(name):
                yield name, page
    yield from _pool()
    for page in _manuals():
        yield "manuals", page
    for page in _fixtures():
        yield "fixtures", page


def fingerprint(raw: bytes, url: str | None) -> str:
    import weblens

    try:
        result = weblens.extract(raw, url).model_dump(mode="json", exclude=TIMINGS)
    except weblens.WeblensError as exc:
        result = {"error": exc.to_dict()}
    return hashlib.sha256(json.dumps(result, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--compare", type=Path)
    args = parser.parse_args()
    found: dict[str, dict[str, str]] = {}
    for corpus, (key, raw, url) in corpora():
        found.setdefault(corpus, {})[key] = fingerprint(raw, url)
    summary = {
        corpus: hashlib.sha256(json.dumps(pages, sort_keys=True).encode()).hexdigest()
        for corpus, pages in found.items()
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps({"corpora": summary, "pages": found}, indent=1, sort_keys=True))
    total = sum(len(pages) for pages in found.values())
    print(f"{total} extracts in {len(found)} corpora → {args.out}")
    if args.compare is None:
        return 0
    old = json.loads(args.compare.read_text())["pages"]
    changed = [
        f"{corpus}/{key}"
        for corpus, pages in found.items()
        for key, digest in pages.items()
        if old.get(corpus, {}).get(key) not in (None, digest)
    ]
    missing = sum(1 for corpus, pages in old.items() for key in pages if key not in found.get(corpus, {}))
    print(f"{len(changed)} of {total} extracts changed; {missing} pages of the old run not read now")
    for name in changed[:50]:
        print("  changed:", name)
    return 1 if changed or missing else 0


if __name__ == "__main__":
    sys.exit(main())
