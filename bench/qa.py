"""The developers' QA set (../shared/bench/qa): questions, gold answers and article pages."""

from __future__ import annotations

import gzip
import json
import os
import random
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import weblens
from weblens.models import PageExtract

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("WEBLENS_SHARED", ROOT.parent / "shared"))
DATA = SHARED / "bench" / "qa" / "qa-dev.json.gz"
URL = "https://reader.example/{slug}"
PYDOCS = ROOT / "bench" / "qa_pydocs"
PYDOCS_URL = "https://docs.example/3.11/{slug}.html"
SPLITS = ("look", "held", "all")


@dataclass(frozen=True)
class QA:
    questions: list[dict[str, Any]]
    html: dict[str, str]
    pages: dict[str, PageExtract]

    def slugs_for(self, question: dict[str, Any], *, answerable: bool = True) -> list[str]:
        """The question's article and its two distractors in a fixed shuffled order (as score_rank.py);
        unanswerable: the two distractors and one more article, never the question's own."""
        if answerable:
            slugs = [question["article"], *question["distractors"]]
            random.Random(question["id"] + "/order").shuffle(slugs)
            return slugs
        rng = random.Random(question["id"] + "/unanswerable")
        others = [
            s for s in sorted(self.pages) if s != question["article"] and s not in question["distractors"]
        ]
        return [*question["distractors"], rng.choice(others)]


def load(limit: int = 0) -> QA:
    with gzip.open(DATA, "rt", encoding="utf-8") as fh:
        data = json.load(fh)
    html = {a["slug"]: a["html"] for a in data["articles"]}
    pages = {slug: weblens.extract(page, URL.format(slug=slug)) for slug, page in html.items()}
    return QA(data["questions"][: limit or None], html, pages)


def load_pydocs(split: str = "look", limit: int = 0) -> QA:
    """The Python-documentation QA set (bench/qa_pydocs, see its README): the questions of one split
    (``look``: the part looked at while choosing; ``held``: scored only at the end; ``all``) and
    every page (distractors are always pages of the question's own split)."""
    if split not in SPLITS:
        raise ValueError(f"split must be one of {', '.join(SPLITS)}")
    data = json.loads((PYDOCS / "questions.json").read_text(encoding="utf-8"))
    with gzip.open(PYDOCS / "pages.json.gz", "rt", encoding="utf-8") as fh:
        html = {p["slug"]: p["html"] for p in json.load(fh)["pages"]}
    questions = [q for q in data["questions"] if split == "all" or q["split"] == split]
    pages = {slug: weblens.extract(page, PYDOCS_URL.format(slug=slug)) for slug, page in html.items()}
    return QA(questions[: limit or None], html, pages)


_REFERENCE = re.compile(r"\[\s*\d{1,4}(?:\s*[,–-]\s*\d{1,4})*\s*\]")


def _normal(text: str) -> str:
    """Case, whitespace and bracketed reference numbers ignored (an extractive answer leaves a
    source's own reference markers out, so that every [n] in it is weblens's)."""
    return " ".join(_REFERENCE.sub(" ", text).split()).casefold()


def contains_answer(text: str, answers: list[str]) -> bool:
    low = _normal(text)
    return any(_normal(a) in low for a in answers)
