"""Whatever a provider sends back, its parser answers with results or a weblens error — nothing else."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from weblens.errors import WeblensError
from weblens.models import SearchResult
from weblens.search.providers import brave, duckduckgo, searxng, serpapi, tavily, wikipedia

Parser = Callable[[int, dict[str, str], bytes], list[SearchResult]]

PARSERS: dict[str, Parser] = {
    "brave": lambda s, h, b: brave.parse_response(s, h, b),
    "serpapi": lambda s, h, b: serpapi.parse_response(s, h, b),
    "tavily": lambda s, h, b: tavily.parse_response(s, h, b),
    "searxng": lambda s, h, b: searxng.parse_response(s, h, b),
    "duckduckgo": lambda s, h, b: duckduckgo.parse_response(s, h, b),
    "wikipedia": lambda s, h, b: wikipedia.parse_response(s, h, b, language="en"),
}

scalars = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), st.text(max_size=20))
json_values = st.recursive(
    scalars,
    lambda children: st.one_of(
        st.lists(children, max_size=4), st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=20,
)
keys = st.sampled_from(
    [
        "web",
        "results",
        "error",
        "errors",
        "detail",
        "query",
        "search",
        "organic_results",
        "search_metadata",
        "unresponsive_engines",
        "url",
        "link",
        "title",
        "description",
        "content",
        "snippet",
        "page_age",
        "age",
        "date",
        "publishedDate",
        "published_date",
        "type",
        "code",
    ]
)
# documents that look like provider answers, with every value possibly of the wrong type
shaped = st.recursive(
    scalars,
    lambda children: st.one_of(st.lists(children, max_size=4), st.dictionaries(keys, children, max_size=5)),
    max_leaves=30,
)
statuses = st.sampled_from([200, 200, 200, 202, 400, 401, 403, 404, 422, 429, 432, 500, 503])


def _only_weblens_errors(parse: Parser, status: int, body: bytes) -> None:
    try:
        results = parse(status, {"Retry-After": "x"}, body)
    except WeblensError:
        return
    assert all(r.url.startswith(("http://", "https://")) for r in results)
    assert [r.rank for r in results] == list(range(1, len(results) + 1))


@pytest.mark.parametrize("name", list(PARSERS))
@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow])
@given(status=statuses, document=st.one_of(json_values, shaped))
def test_any_json_gives_results_or_a_weblens_error(name: str, status: int, document: Any) -> None:
    _only_weblens_errors(PARSERS[name], status, json.dumps(document).encode())


@pytest.mark.parametrize("name", list(PARSERS))
@settings(max_examples=100)
@given(status=statuses, body=st.binary(max_size=200))
def test_any_bytes_give_results_or_a_weblens_error(name: str, status: int, body: bytes) -> None:
    _only_weblens_errors(PARSERS[name], status, body)
