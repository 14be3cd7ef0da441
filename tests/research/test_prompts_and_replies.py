"""Prompts are short and say what they expect; replies are untrusted and checked."""

from __future__ import annotations

import pytest

from weblens.models import Passage, SearchResult
from weblens.research import prompts
from weblens.research.replies import keywords, parse_indices, parse_query


def result(i: int) -> SearchResult:
    return SearchResult(
        rank=i, title=f"T{i}", url=f"https://e{i}.example/", domain=f"e{i}.example", provider="x"
    )


def test_prompts_are_short_and_carry_their_inputs() -> None:
    for system in (
        prompts.QUERY_SYSTEM,
        prompts.SELECT_SYSTEM,
        prompts.ANSWER_SYSTEM,
        prompts.RESPOND_SYSTEM,
    ):
        assert len(system) < 600
    query = prompts.query_messages("Why is the sky blue?")
    assert query[-1] == {"role": "user", "content": "Why is the sky blue?"}
    select = prompts.select_messages("q", [result(1), result(2)], 1)
    assert '{"indices"' in select[0]["content"] and "at most 1 result" in select[0]["content"]
    assert "1. T1" in select[1]["content"] and "https://e2.example/" in select[1]["content"]
    passage = Passage(
        rank=1, url="https://e1.example/", text="Blue light scatters.", start=0, end=20, score=1, relevance=1
    )
    answer = prompts.answer_messages("Why?", [(3, passage)])
    assert "[3]" in answer[1]["content"] and "Blue light scatters." in answer[1]["content"]
    assert "cite" in answer[0]["content"].lower()
    unavailable = prompts.respond_sources_message(None, "budget_exceeded: used up")
    assert "unavailable" in unavailable["content"] and "budget_exceeded" in unavailable["content"]


@pytest.mark.parametrize(
    ("reply", "expected"),
    [
        ('{"indices": [2, 1]}', [1, 0]),
        ('```json\n{"indices": [3]}\n```', [2]),
        ('{"indices": [2, 2, 9, 1, 3]}', [1, 0]),  # repeats and out-of-range numbers dropped, capped
        ('{"indices": []}', None),
        ('{"indices": ["2"]}', None),
        ('{"indices": [true]}', None),
        ('{"pick": [1]}', None),
        ("[1, 2]", None),
        ("Result 2 looks best.", None),
        ("", None),
    ],
)
def test_selection_replies(reply: str, expected: list[int] | None) -> None:
    assert parse_indices(reply, count=3, pick=2) == expected


@pytest.mark.parametrize(
    ("reply", "expected"),
    [
        ("sky blue rayleigh scattering", "sky blue rayleigh scattering"),
        ('"sky blue scattering"', "sky blue scattering"),
        ("Query: sky  blue", "sky blue"),
        ("Here is a query:\nsky blue", None),
        ("x " * 40, None),
        ("", None),
    ],
)
def test_query_replies(reply: str, expected: str | None) -> None:
    assert parse_query(reply) == expected


def test_keywords_drop_stop_words() -> None:
    assert keywords("What is the capital of France?") == "capital France"
    assert keywords("Who are you?") == "Who are you?"
