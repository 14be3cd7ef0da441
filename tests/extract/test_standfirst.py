"""standfirst.py: the sentence under a headline that stands above the story's body."""

from __future__ import annotations

import pytest

import weblens

URL = "https://harbour-times.example/news/2024/05/bridge"
STORY = "".join(
    f"<p>Paragraph {n} of the story tells how the harbour bridge carried its first cars in two years, "
    "and what the engineers found when they lifted the old deck off its piers last winter.</p>"
    for n in range(1, 7)
)
DEK = "The repairs took two years and cost twice what the council planned"


def page(header: str, *, head: str = "", story: str = STORY) -> str:
    return (
        f"<html><head><title>Harbour bridge reopens | Harbour Times</title>{head}</head><body>"
        '<nav><a href="/">Home</a> <a href="/news">News</a> <a href="/sport">Sport</a></nav>'
        f'<header class="article-header">{header}</header>'
        f'<article><div class="article-body">{story}</div></article>'
        "<footer><p>© Harbour Times. All rights reserved.</p></footer></body></html>"
    )


H1 = "<h1>Harbour bridge reopens</h1>"


@pytest.mark.parametrize(
    ("header", "markdown"),
    [
        # a subtitle heading under the headline
        (f"{H1}<h2>{DEK}</h2>", f"## {DEK}"),
        # a summary its class names, after a byline and a date
        (
            f'{H1}<p class="byline">By Ann Lee</p><time>4 May 2024</time><p class="c-standfirst">{DEK}.</p>',
            f"{DEK}.",
        ),
        # the headline twice (once hidden for screen readers), then the subtitle
        (f'<h1 class="sr-only">Harbour bridge reopens</h1>{H1}<h2 class="subtitle">{DEK}</h2>', f"## {DEK}"),
        # in a box of its own after the headline's
        (f'<div class="title">{H1}</div><div class="meta"><div class="article-lead">{DEK}</div></div>', DEK),
    ],
)
def test_the_standfirst_under_a_headline_above_the_story_opens_the_content(
    header: str, markdown: str
) -> None:
    found = weblens.extract(page(header), URL)
    assert found.markdown.startswith(f"# Harbour bridge reopens\n\n{markdown}\n\nParagraph 1 of the story")
    assert found.text.startswith(f"{DEK}")
    assert found.text.count(DEK) == 1


@pytest.mark.parametrize(
    "header",
    [
        # a byline and a date are no standfirst
        f'{H1}<p class="byline">By Ann Lee and Bo Ekholm of the desk</p><p>Published 4 May 2024, 09:30</p>',
        # a link to another story is no summary of this one
        f'{H1}<h2><a href="/news/2024/05/ferry">Ferry timetable changes again for the summer season</a></h2>',
        # a sentence in no summary's box: the story has begun (here, outside the box chosen)
        f"{H1}<p>{DEK}, a plain paragraph of the header that no name calls a summary.</p>",
        # too short to be a sentence
        f'{H1}<h2 class="subtitle">Traffic returns</h2>',
    ],
)
def test_what_is_no_standfirst_is_not_added(header: str) -> None:
    found = weblens.extract(page(header), URL)
    assert found.markdown.startswith("# Harbour bridge reopens\n\nParagraph 1 of the story")
    assert found.text.startswith("Paragraph 1 of the story")


def test_a_standfirst_the_story_repeats_is_said_once() -> None:
    story = f"<p>{DEK}, the council said on Monday.</p>{STORY}"
    found = weblens.extract(page(f"{H1}<h2>{DEK}</h2>", story=story), URL)
    assert found.text.count(DEK) == 1
    assert found.markdown.startswith(f"# Harbour bridge reopens\n\n{DEK}, the council said")


def test_a_headline_inside_the_content_keeps_its_standfirst_where_it_stands() -> None:
    story = f"{H1}<h2>{DEK}</h2>{STORY}"
    found = weblens.extract(page("", story=story), URL)
    assert found.text.count(DEK) == 1
    assert f"## {DEK}\n\nParagraph 1" in found.markdown


def test_a_thread_has_no_standfirst() -> None:
    head = (
        '<script type="application/ld+json">{"@context": "https://schema.org", "@type": '
        '"DiscussionForumPosting", "headline": "Harbour bridge reopens"}</script>'
    )
    found = weblens.extract(page(f"{H1}<h2>{DEK}</h2>", head=head), URL)
    assert DEK not in found.text


def test_a_box_of_key_points_under_the_headline_opens_the_content_as_a_list() -> None:
    points = ["The repairs took two years", "Tolls stay at two pounds", "Cyclists get a lane of their own"]
    header = (
        f'{H1}<div class="info">2024-05-04 09:30 Source: Harbour Times, reporter Ann Lee, size: A A A</div>'
        '<div class="key-points"><h2>Key points</h2><ul>'
        + "".join(f"<li>{point}</li>" for point in points)
        + "</ul></div>"
    )
    found = weblens.extract(page(header), URL)
    bullets = "\n".join(f"- {point}" for point in points)
    assert found.markdown.startswith(f"# Harbour bridge reopens\n\n{bullets}\n\nParagraph 1 of the story")
    assert found.text.startswith("\n".join(points))
    # a list under the headline in no box of key points is no standfirst (a menu of sections)
    menu = f'{H1}<ul class="tags"><li>Transport news and travel updates for the region</li></ul>'
    assert weblens.extract(page(menu), URL).text.startswith("Paragraph 1 of the story")
