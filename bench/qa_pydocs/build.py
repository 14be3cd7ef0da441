"""Rebuild pages.json.gz of the Python-documentation QA set from Debian's python3.11-doc package.

    apt-get install python3.11-doc      # the HTML manual under /usr/share/doc/python3.11-doc/html
    .venv/bin/python bench/qa_pydocs/build.py [--check]

The questions (questions.json) are written by hand and kept as they are; this script only (1) copies
the HTML of every page a question names, as Debian ships it, (2) checks that every question has a
gold answer that appears verbatim (case-insensitive, whitespace-normalised) in ``weblens.extract``'s
text of its page, and (3) checks the distractors: two other pages of the same split. ``--check``
does (2) and (3) against the stored pages without rewriting anything.
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))

import weblens  # noqa: E402

DOCS = Path("/usr/share/doc/python3.11-doc/html")
URL = "https://docs.example/3.11/{slug}.html"


def normal(text: str) -> str:
    return " ".join(text.split()).casefold()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="check the stored pages, write nothing")
    args = parser.parse_args()
    data = json.loads((HERE / "questions.json").read_text(encoding="utf-8"))
    questions = data["questions"]
    slugs = sorted({q["article"] for q in questions})
    if args.check:
        with gzip.open(HERE / "pages.json.gz", "rt", encoding="utf-8") as fh:
            pages = {p["slug"]: p for p in json.load(fh)["pages"]}
    else:
        pages = {}
        for slug in slugs:
            html = (DOCS / f"{slug}.html").read_text(encoding="utf-8")
            pages[slug] = {"slug": slug, "html": html}
    texts = {s: normal(weblens.extract(p["html"], URL.format(slug=s)).text) for s, p in pages.items()}
    split_of = {q["article"]: q["split"] for q in questions}
    problems = []
    for q in questions:
        if not any(normal(a) in texts[q["article"]] for a in q["answers"]):
            problems.append(f"{q['id']}: no gold answer in the text of {q['article']}")
        ds = q["distractors"]
        if len(set(ds)) != 2 or q["article"] in ds or any(split_of.get(d) != q["split"] for d in ds):
            problems.append(f"{q['id']}: distractors must be two other pages of the same split")
    for line in problems:
        print(line, file=sys.stderr)
    if problems:
        raise SystemExit(1)
    if not args.check:
        with gzip.open(HERE / "pages.json.gz", "wt", encoding="utf-8", compresslevel=9) as fh:
            json.dump({"format": 1, "pages": [pages[s] for s in slugs]}, fh, ensure_ascii=False)
    print(f"{len(questions)} questions over {len(pages)} pages: ok")


if __name__ == "__main__":
    main()
