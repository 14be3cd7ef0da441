"""How bench/structure.py recognises a kept link in an extractor's Markdown."""

from __future__ import annotations

import pytest
from bench.structure import Element, kept, unquoted

URL = "https://site.example/films/oakley"
LINK = Element(kind="links", texts=["annie oakley performs in the studio."], url=URL)


@pytest.mark.parametrize(
    "markdown",
    [
        f"See [Annie Oakley performs in the studio.]({URL}) here.",
        # a linked image with a caption: the anchor's text is the caption, not the image's alt
        f"[![A woman with a rifle](https://site.example/i.jpg) Annie Oakley performs in the studio.]({URL})",
        f'[![alt](https://site.example/i.jpg "t")Annie Oakley performs in the studio.]({URL}#top)',
    ],
)
def test_a_link_is_kept_as_text_and_address(markdown: str) -> None:
    assert kept(LINK, markdown, markdown.splitlines())


@pytest.mark.parametrize(
    "markdown",
    [
        "Annie Oakley performs in the studio.",  # the text without the link
        f"[Annie Oakley performs in the studio.](https://site.example/other) ({URL})",
        # an image whose alt is the text is not a link with that text
        f"![Annie Oakley performs in the studio.]({URL})",
        f"[![Annie Oakley performs in the studio.](https://site.example/i.jpg)]({URL})",
    ],
)
def test_a_link_is_not_kept_by_other_markdown(markdown: str) -> None:
    assert not kept(LINK, markdown, markdown.splitlines())


CODE = Element(kind="code blocks", texts=[">>> import json", ">>> json.dumps([1])"])


@pytest.mark.parametrize(
    "markdown",
    [
        "Try it:\n\n```python\n>>> import json\n>>> json.dumps([1])\n'[1]'\n```",
        "> Quoted:\n>\n> ```\n> >>> import json\n> >>> json.dumps([1])\n> ```",
    ],
)
def test_an_interpreter_prompt_in_code_is_not_a_quote_marker(markdown: str) -> None:
    assert kept(CODE, markdown, unquoted(markdown.splitlines()))


def test_quote_markers_go_outside_code() -> None:
    assert unquoted(["> - item", "> > deeper", "```", "> kept", "```", "> after"]) == [
        "- item",
        "deeper",
        "```",
        "> kept",
        "```",
        "after",
    ]


def test_escaped_underscores_read_as_the_text() -> None:
    url = "https://docs.example/library/operator.html"
    element = Element(kind="links", texts=["__abs__() (in module operator)"], url=url)
    markdown = f"- [\\_\\_abs\\_\\_() (in module operator)]({url}#operator.__abs__)"
    assert kept(element, markdown, markdown.splitlines())


def test_a_heading_is_found_without_the_permalink_sign_it_ends_with() -> None:
    """A heading's link to its own anchor ("#", "¶") is no word of it: a heading kept without the
    sign is kept, and one kept with it too."""
    from bench.structure import elements

    raw = (
        b"<html><body><article><h2 id='early'>The Early Days of Rendering&nbsp;<a class='anchor'"
        b" href='#early'>#</a></h2><p>Words of the section.</p></article></body></html>"
    )
    found = [
        el
        for el in elements(
            raw, "https://site.example/a", "the early days of rendering # words of the section."
        )
        if el.kind == "headings"
    ]
    assert [el.texts for el in found] == [["the early days of rendering"]]
    for markdown in ("## The Early Days of Rendering", "## The Early Days of Rendering [#](#early)"):
        assert kept(found[0], markdown, markdown.splitlines())
