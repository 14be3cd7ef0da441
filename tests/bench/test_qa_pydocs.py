"""The second QA set (bench/qa_pydocs): every question answerable from its page, splits kept apart."""

from __future__ import annotations

from collections import Counter

import pytest
from bench.qa import QA, load_pydocs


@pytest.fixture(scope="module")
def qa() -> QA:
    return load_pydocs("all")


def test_every_question_has_its_gold_answer_in_its_page_and_distractors_of_its_split(qa: QA) -> None:
    assert len(qa.questions) >= 200 and len({q["id"] for q in qa.questions}) == len(qa.questions)
    split_of = {q["article"]: q["split"] for q in qa.questions}
    for q in qa.questions:
        text = " ".join(qa.pages[q["article"]].text.split()).casefold()
        assert any(" ".join(a.split()).casefold() in text for a in q["answers"]), q["id"]
        assert len(set(q["distractors"])) == 2 and q["article"] not in q["distractors"]
        assert {split_of[d] for d in q["distractors"]} == {q["split"]}, q["id"]


def test_the_splits_share_no_page(qa: QA) -> None:
    pages: dict[str, set[str]] = {}
    for q in qa.questions:
        pages.setdefault(q["split"], set()).update([q["article"], *q["distractors"]])
    assert pages.keys() == {"look", "held"} and not pages["look"] & pages["held"]
    assert min(Counter(q["split"] for q in qa.questions).values()) >= 100
    with pytest.raises(ValueError, match="split must be one of"):
        load_pydocs("everything")
