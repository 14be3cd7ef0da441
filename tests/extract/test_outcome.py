"""outcome.py and the outcome of whole extractions."""

from __future__ import annotations

import os

import pytest

import weblens
from tests.extract.conftest import PageLoader
from weblens.extract.outcome import THIN_WORDS, classify
from weblens.models import Outcome


def test_article_is_ok(page: PageLoader) -> None:
    result = weblens.extract(page("news_article.html"), "https://example.com/a")
    assert result.outcome is Outcome.OK
    assert result.warnings == []


def test_cloudflare_interstitial_is_a_challenge_with_no_content(page: PageLoader) -> None:
    result = weblens.extract(page("cloudflare_challenge.html"), "https://example.com/a")
    assert result.outcome is Outcome.CHALLENGE
    assert result.text == "" and result.markdown == "" and result.links == []
    assert result.confidence < 0.3
    assert any("challenge" in warning for warning in result.warnings)


def test_captcha_wall_is_a_challenge(page: PageLoader) -> None:
    assert weblens.extract(page("captcha_wall.html")).outcome is Outcome.CHALLENGE


def test_a_captcha_on_an_ordinary_form_is_not_a_challenge(page: PageLoader) -> None:
    result = weblens.extract(page("contact_form.html"))
    assert result.outcome is Outcome.THIN
    assert "Write to us" in result.text


@pytest.mark.parametrize("title", ["Just a moment...", "Attention Required! | Cloudflare", "DDoS-Guard"])
def test_challenge_titles(title: str) -> None:
    html = f"<html><head><title>{title}</title></head><body><p>Please wait.</p></body></html>"
    assert weblens.extract(html).outcome is Outcome.CHALLENGE


def test_checking_your_browser_text() -> None:
    html = "<html><body><h1>Checking your browser before accessing example.com.</h1></body></html>"
    assert weblens.extract(html).outcome is Outcome.CHALLENGE


def test_empty_app_shell_needs_javascript(page: PageLoader) -> None:
    result = weblens.extract(page("app_shell.html"))
    assert result.outcome is Outcome.JS_REQUIRED
    assert result.confidence < 0.5


def test_enable_javascript_wall(page: PageLoader) -> None:
    assert weblens.extract(page("js_wall.html")).outcome is Outcome.JS_REQUIRED


@pytest.mark.parametrize(
    "shell",
    [
        '<div id="app"></div><script src="/app.js"></script>',
        '<div id="__next"></div><script id="__NEXT_DATA__" type="application/json">{}</script>',
        '<div id="root"></div><script>window.__NUXT__={}</script>',
        "<app-root></app-root>",
    ],
)
def test_app_shell_markers(shell: str) -> None:
    assert weblens.extract(f"<html><body>{shell}</body></html>").outcome is Outcome.JS_REQUIRED


@pytest.mark.parametrize("name", ["append_parent", "rootline", "application-form"])
def test_an_empty_box_whose_id_only_starts_like_an_app_root_is_no_shell(name: str) -> None:
    # forum engines leave empty boxes for their scripts' pop-ups (Discuz's "append_parent") above
    # a short thread: a thin page, not an application shell
    html = (
        f'<html><body><div id="{name}"></div><article><h1>Short</h1>'
        "<p>A short question of a line or two, asked here and answered below it.</p></article></body></html>"
    )
    assert weblens.extract(html).outcome is Outcome.THIN


def test_a_rendered_app_with_real_text_is_ok() -> None:
    prose = " ".join(f"Sentence number {i} tells a little more of the story." for i in range(40))
    html = f'<html><body><div id="root"><article><p>{prose}</p></article></div>' + (
        '<script id="__NEXT_DATA__" type="application/json">{}</script></body></html>'
    )
    assert weblens.extract(html).outcome is Outcome.OK


@pytest.mark.parametrize("marker", ["challenge-form", "cf_chl_opt", "__NEXT_DATA__", "ng-version="])
def test_a_short_post_that_quotes_a_marker_is_not_walled_by_it(marker: str) -> None:
    """The markers of interstitials and app shells count in markup, not when the page writes them as
    words: a short note about them is a thin page with its text, not a challenge with none."""
    html = (
        "<html><body><article><h1>What the interstitial holds</h1>"
        f"<p>The form the wall sets up carries the name <code>{marker}</code>, which is how to tell it.</p>"
        "</article></body></html>"
    )
    result = weblens.extract(html)
    assert result.outcome is Outcome.THIN
    assert marker in result.text
    walled = html.replace("</article>", f'</article><div id="{marker}"></div>')
    if marker in ("challenge-form", "cf_chl_opt"):
        assert weblens.extract(walled).outcome is Outcome.CHALLENGE
    else:  # an app's marker in markup walls off a page that rendered no prose
        shell = (
            '<html><body><h1>What the interstitial holds</h1><p>Loading…</p><div id="{}"></div></body></html>'
        )
        assert weblens.extract(shell.format(marker)).outcome is Outcome.JS_REQUIRED
        # and not one the server rendered: a short story with the framework's data beside it
        assert weblens.extract(walled).outcome is Outcome.THIN


@pytest.mark.parametrize(
    "marker",
    [
        '<script id="__NEXT_DATA__" type="application/json">{}</script>',
        '<div data-reactroot="">',
        "<script>window.__NUXT__={}</script>",
    ],
)
def test_a_short_story_the_server_rendered_is_no_app_shell(marker: str) -> None:
    """A framework's marker beside a short story the server rendered (a paragraph of prose in the
    page) is no application shell: the page is thin, its text is there, no browser is needed."""
    story = (
        "<p>MURRIETA, CA — Multiple agencies helped rescue an injured mountain biker from a remote trail "
        "on Friday afternoon.</p><p>The rider was hoisted by a helicopter and was in stable condition.</p>"
    )
    html = f"<html><body><div id='__next'><article><h1>Biker rescued</h1>{story}</article></div>{marker}"
    html += "</div></body></html>" if marker.startswith("<div") else "</body></html>"
    result = weblens.extract(html)
    assert result.outcome is Outcome.THIN
    assert "stable condition" in result.text


def test_short_page_is_thin() -> None:
    result = weblens.extract("<html><body><p>Just a few words here.</p></body></html>")
    assert result.outcome is Outcome.THIN
    assert result.word_count < THIN_WORDS


def test_binary_is_not_html() -> None:
    result = weblens.extract(os.urandom(10_000))
    assert result.outcome is Outcome.NOT_HTML
    assert result.text == ""


def test_classify_is_ok_for_long_text_whatever_the_source() -> None:
    verdict = classify(
        source="<div id=root></div> g-recaptcha", title="News", text="x", word_count=500, binary=False
    )
    assert verdict.outcome is Outcome.OK


def _short_post(notice: str) -> str:
    prose = " ".join(f"Line {i} of the short post says one more plain thing." for i in range(7))
    return f"<html><body>{notice}<article><h1>A short post</h1><p>{prose}</p></article></body></html>"


def test_a_short_page_that_reads_without_javascript_is_not_walled_by_a_noscript_notice() -> None:
    """A manual's or a blog's ``<noscript>`` notice (its search or comment widget needs
    JavaScript) does not make a page of real text a JavaScript wall: it is thin, nothing more."""
    notice = "<noscript><div>JavaScript is disabled on your browser.</div></noscript>"
    result = weblens.extract(_short_post(notice), "https://example.com/post")
    assert 50 <= result.word_count < THIN_WORDS
    assert result.outcome is Outcome.THIN


def test_a_notice_the_reader_sees_still_walls_a_short_page() -> None:
    notice = "<p>Please enable JavaScript to read this page.</p>"
    result = weblens.extract(_short_post(notice), "https://example.com/post")
    assert result.outcome is Outcome.JS_REQUIRED


def test_a_noscript_notice_walls_a_page_with_almost_no_text() -> None:
    html = (
        "<html><body><noscript>JavaScript is required.</noscript><p>Loading the catalogue.</p></body></html>"
    )
    assert weblens.extract(html).outcome is Outcome.JS_REQUIRED
