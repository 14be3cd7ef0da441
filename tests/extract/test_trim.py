"""trim.py: what the head of the container repeats from the page header."""

from __future__ import annotations

import lxml.html
import pytest

from weblens.extract.text import render_text
from weblens.extract.trim import drop_repeated_header, is_price, same_text

LEAD = (
    "<p>The lead paragraph of the story, which is long enough to count as the article's own text, "
    "begins here and goes on for quite a while longer, as the lead paragraphs of stories do.</p>"
)


@pytest.mark.parametrize(
    ("candidate", "title", "expected"),
    [
        ("Harbour bridge reopens", "Harbour bridge reopens - The Coastal Times", True),
        ("The Coastal Times", "Harbour bridge reopens | The Coastal Times", True),
        ("harbour BRIDGE reopens!", "Harbour bridge reopens", True),
        ("Bridge", "Harbour bridge reopens after two years of repairs", False),
        ("", "Anything", False),
    ],
)
def test_same_text(candidate: str, title: str, expected: bool) -> None:
    assert same_text(candidate, title) is expected


def _trim(head: str, title: str | None) -> str:
    root = lxml.html.fromstring(f"<div>{head}{LEAD}<h2>Harbour bridge reopens</h2><p>More text.</p></div>")
    headings = drop_repeated_header(root, title=title)
    return render_text(root, skip=headings)


def test_the_title_and_labels_before_the_lead_go_but_later_headings_stay() -> None:
    out = _trim(
        "<div class='kicker'><a>News</a></div><h1>Harbour bridge reopens</h1><div>Read later</div>",
        "Harbour bridge reopens - The Coastal Times",
    )
    assert out.startswith("The lead paragraph")
    assert "\n\nHarbour bridge reopens\n\n" in out  # the same words further down are content


@pytest.mark.parametrize(
    ("line", "dropped"),
    [
        ("Article réservé aux abonnés", True),
        ("Subscriber-only story", True),
        ("Nur für Abonnenten", True),
        ("有料会員限定記事", True),
        ("Unofficial and for members' convenience only", False),  # a note, no gate
        ("Notes from the harbour office", False),
    ],
)
def test_a_label_that_the_story_is_for_subscribers_goes_like_a_kicker(line: str, dropped: bool) -> None:
    out = _trim(f"<p class='status'>{line}</p>", "Harbour bridge reopens")
    assert (line not in out) is dropped


def test_the_values_of_labelled_facts_before_the_lead_stay() -> None:
    facts = "<div><h3>Built</h3><div>1881</div></div><div><h3>Height</h3><div>24 m</div></div>"
    out = _trim(facts, "Harbour bridge reopens")
    assert "1881" in out and "24 m" in out


def test_nothing_goes_without_a_title_or_a_lead() -> None:
    assert _trim("<h1>Harbour bridge reopens</h1>", None).startswith("Harbour bridge reopens")
    root = lxml.html.fromstring("<div><p>Short line</p><p>Another short line</p></div>")
    drop_repeated_header(root, title="Something else")
    assert render_text(root) == "Short line\n\nAnother short line"


def test_a_title_heading_stays_in_the_tree_for_the_markdown_and_leaves_the_text() -> None:
    root = lxml.html.fromstring(
        f"<div><h1>Harbour bridge reopens</h1><p>Harbour bridge reopens</p>{LEAD}</div>"
    )
    headings = drop_repeated_header(root, title="Harbour bridge reopens - The Coastal Times")
    assert [el.tag for el in headings] == ["h1"] and headings[0].getparent() is root
    assert (
        root.find("p").text_content().startswith("The lead paragraph")
    )  # a title line that is no heading goes
    assert render_text(root, skip=headings).startswith("The lead paragraph")


@pytest.mark.parametrize(
    ("line", "price"),
    [
        ("£89.00", True),
        ("Price: £89.00", True),
        ("1.299,00 €", True),
        ("USD 45", True),
        ("Now $19.99", True),
        ("99 kr", True),
        ("Share", False),
        ("3 comments", False),
        ("Page 1 of 5", False),
        ("2024", False),
        ("24 cm", False),
    ],
)
def test_is_price(line: str, price: bool) -> None:
    assert is_price(line) is price


def test_a_price_before_the_lead_is_not_a_label() -> None:
    out = _trim("<h1>Brass tide clock</h1><div class='price'>£89.00</div>", "Brass tide clock")
    assert "£89.00" in out


def test_a_newsletters_line_over_its_email_goes_wherever_it_sits_in_the_head() -> None:
    main = lxml.html.fromstring(
        "<div><table><tr><td>Fungi, water meters and a council vote you can still influence.</td>"
        '<td><a href="/archive">View this email in your browser</a></td></tr></table>'
        f"<h1>Issue 42</h1>{LEAD}</div>"
    )
    drop_repeated_header(main, title="Issue 42")
    text = render_text(main)
    assert "View this email" not in text
    assert "council vote" in text
