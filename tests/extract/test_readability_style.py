"""readability_style.py and the second opinion it gives the density heuristic."""

from __future__ import annotations

import weblens
from weblens.extract.blocks import TreeStats, gather_stats
from weblens.extract.parse import parse_html
from weblens.extract.readability_style import readability_pick
from weblens.models import ExtractionMethod

ARTICLE = "".join(
    f"<p>Article paragraph {i}, which reports on the council, the budget, and the vote, "
    "in a full sentence of some length that goes on.</p>"
    for i in range(7)
)
THREAD = "".join(
    f"<div><div class='x'><p>Post {i}: I think, honestly, that the council got this one wrong "
    f"and the vote should be held again next spring.</p></div><div class='y'><span>user{i}</span></div></div>"
    for i in range(10)
)


def _stats(html: str) -> TreeStats:
    root = parse_html(html).root
    body = root.find("body")
    assert body is not None
    return gather_stats(body)


def test_concentrated_paragraphs_win() -> None:
    stats = _stats(f"<html><body><div id='a'>{ARTICLE}</div><div id='b'>{THREAD}</div></body></html>")
    pick = readability_pick(stats)
    assert pick is not None
    assert stats.nodes[pick.container].get("id") == "a"


def test_siblings_with_clean_paragraphs_are_merged() -> None:
    half = ARTICLE[: len(ARTICLE) // 2].rsplit("<p>", 1)[0]
    rest = ARTICLE[len(half) :]
    stats = _stats(f"<html><body><div id='w'><div>{half}</div><div>{rest}</div></div></body></html>")
    pick = readability_pick(stats)
    assert pick is not None
    assert stats.nodes[pick.container].get("id") == "w"
    assert pick.merged


def test_nothing_to_pick() -> None:
    assert readability_pick(_stats("<html><body><a href='/'>x</a></body></html>")) is None


def test_the_second_opinion_breaks_a_near_tie_between_two_regions() -> None:
    links = "".join(f"<div><a href='/s{i}'>Section number {i} of the site</a></div>" for i in range(40))
    regions = f"<div class='a'>{ARTICLE}</div><div class='m'>{links}</div><div class='b'>{THREAD}</div>"
    html = f"<html><body>{regions}</body></html>"
    result = weblens.extract(html)
    assert result.extraction_method is ExtractionMethod.READABILITY
    assert "Article paragraph 6" in result.text
    assert "Post 3" not in result.text


def test_an_article_split_in_sibling_sections_is_kept_whole() -> None:
    sections = "".join(
        f"<div class='seg'><section>{ARTICLE}</section></div><div class='ad'></div>" for _ in range(3)
    )
    result = weblens.extract(f"<html><body><article>{sections}</article></body></html>")
    assert result.text.count("Article paragraph 6") == 3


def test_a_clear_article_is_decided_by_density() -> None:
    html = f"<html><body><nav><a href='/'>Home</a></nav><div>{ARTICLE}{ARTICLE}</div></body></html>"
    assert weblens.extract(html).extraction_method is ExtractionMethod.DENSITY
