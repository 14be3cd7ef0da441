"""Quality over both shared corpora (skipped without ../shared): a pinned F1 floor on CleanEval (its
ground truth counts reader comments, so it is read with include_comments=True), and no page of either
corpus coming back empty or lost while claiming outcome "ok"."""

from __future__ import annotations

import gzip
import importlib.util
import json
from pathlib import Path
from types import ModuleType

import pytest

import weblens
from weblens.models import Outcome, PageExtract

FLOOR_FILE = Path(__file__).resolve().parent / "cleaneval_f1_floor.txt"
CORPORA = {"scrapinghub": False, "cleaneval": True}  # name: include_comments


def _scorer(bench: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location("score_extraction", bench / "score_extraction.py")
    if spec is None or spec.loader is None:
        pytest.skip("score_extraction.py not found")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _read(shared_dir: Path, corpus: str) -> tuple[dict[str, dict[str, str]], dict[str, PageExtract]]:
    folder = shared_dir / "bench" / corpus
    if not (folder / "ground-truth.json").is_file():
        pytest.skip(f"corpus not found at {folder}")
    truth = json.loads((folder / "ground-truth.json").read_text(encoding="utf-8"))
    pages = {
        key: weblens.extract(
            gzip.decompress((folder / "html" / f"{key}.html.gz").read_bytes()),
            page.get("url"),
            include_comments=CORPORA[corpus],
        )
        for key, page in truth.items()
    }
    return truth, pages


@pytest.fixture(scope="module")
def cleaneval(shared_dir: Path) -> tuple[dict[str, dict[str, str]], dict[str, PageExtract]]:
    return _read(shared_dir, "cleaneval")


@pytest.fixture(scope="module")
def scrapinghub(shared_dir: Path) -> tuple[dict[str, dict[str, str]], dict[str, PageExtract]]:
    return _read(shared_dir, "scrapinghub")


def test_f1_on_cleaneval_stays_above_the_floor(
    shared_dir: Path, cleaneval: tuple[dict[str, dict[str, str]], dict[str, PageExtract]]
) -> None:
    scorer = _scorer(shared_dir / "bench")
    truth, pages = cleaneval
    counts = [scorer.page_counts(truth[key].get("articleBody", ""), page.text) for key, page in pages.items()]
    f1 = scorer.prf(counts)["f1"]
    floor = float(FLOOR_FILE.read_text(encoding="utf-8").strip())
    assert f1 >= floor, f"CleanEval F1 {f1:.4f} fell below the pinned floor {floor:.4f}"


@pytest.mark.parametrize("corpus", sorted(CORPORA))
def test_no_page_is_empty_or_lost_while_claiming_ok(
    shared_dir: Path,
    corpus: str,
    cleaneval: tuple[dict[str, dict[str, str]], dict[str, PageExtract]],
    scrapinghub: tuple[dict[str, dict[str, str]], dict[str, PageExtract]],
) -> None:
    """An "ok" page has text that shares word 4-grams with what a person marked as its content."""
    scorer = _scorer(shared_dir / "bench")
    truth, pages = cleaneval if corpus == "cleaneval" else scrapinghub
    lost = []
    for key, page in pages.items():
        if page.outcome is not Outcome.OK:
            continue
        shared, _, _ = scorer.page_counts(truth[key].get("articleBody", ""), page.text)
        if not page.text.strip() or shared == 0:
            lost.append(key[:12])
    assert lost == [], f"{len(lost)} pages claim ok but their text is not the content: {lost}"
