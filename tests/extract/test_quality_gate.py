"""Quality gate: extraction F1 on the ScrapingHub article corpus must not drop below the pinned floor.

The floor lives in tests/extract/f1_floor.txt; raise it when the extractor improves, never lower it
silently. The scorer is the corpus's own (../shared/bench/score_extraction.py), loaded by path.
"""

from __future__ import annotations

import gzip
import importlib.util
import json
from pathlib import Path
from types import ModuleType

import pytest

import weblens

FLOOR_FILE = Path(__file__).resolve().parent / "f1_floor.txt"


def _scorer(bench: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location("score_extraction", bench / "score_extraction.py")
    if spec is None or spec.loader is None:
        pytest.skip("score_extraction.py not found")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_f1_on_the_article_corpus_stays_above_the_floor(shared_dir: Path) -> None:
    bench = shared_dir / "bench"
    corpus = bench / "scrapinghub"
    if not (corpus / "ground-truth.json").is_file():
        pytest.skip(f"corpus not found at {corpus}")
    scorer = _scorer(bench)
    truth = json.loads((corpus / "ground-truth.json").read_text(encoding="utf-8"))
    counts = []
    for key, page in truth.items():
        raw = gzip.decompress((corpus / "html" / f"{key}.html.gz").read_bytes())
        text = weblens.extract(raw, page.get("url")).text
        counts.append(scorer.page_counts(page.get("articleBody", ""), text))
    f1 = scorer.prf(counts)["f1"]
    floor = float(FLOOR_FILE.read_text(encoding="utf-8").strip())
    assert f1 >= floor, f"F1 {f1:.4f} fell below the pinned floor {floor:.4f}"
