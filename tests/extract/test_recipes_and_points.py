"""A recipe's ingredients, a text's points set above it and a live blog's summary in points, each on a
page of our own (tests/fixtures/classes): short lines without sentences that are the text all the same."""

from __future__ import annotations

from pathlib import Path

import lxml.html
import pytest

import weblens
from weblens.extract.keepers import is_box_of_points
from weblens.extract.recipes import ingredients_box
from weblens.models import PageExtract

CLASSES = Path(__file__).resolve().parent.parent / "fixtures" / "classes"


def read(name: str) -> PageExtract:
    return weblens.extract((CLASSES / name).read_bytes(), f"https://site.example/{name}")


def test_a_recipes_ingredients_in_a_box_named_for_its_meta_are_kept_as_cards() -> None:
    page = read("recipe_ingredient_cards.html")
    for ingredient in (
        "all-butter puff pastry",
        "medium leeks, thinly sliced",
        "soft goat's cheese",
        "double cream",
    ):
        assert ingredient in page.text
    assert "Heat the oven to 200C" in page.text and "Leave to cool" in page.text
    assert "More recipes" not in page.text and "Footer link" not in page.text


def test_a_recipes_ingredients_in_a_box_apart_from_its_steps_join_them() -> None:
    page = read("recipe_ingredients_apart.html")
    for ingredient in ("Walnüsse, grob gehackt", "Äpfel, säuerliche", "Zitrone, davon der Saft"):
        assert ingredient in page.text
    assert "Schritt 1:" in page.text and "Schritt 6:" in page.text
    assert page.text.index("Walnüsse") < page.text.index("Schritt 1:")  # in the page's order
    for noise in ("Beliebte Rezepte", "Gerda", "Anzeige", "Kategorie"):
        assert noise not in page.text


def test_ingredients_are_found_only_on_a_page_declaring_a_recipe() -> None:
    html = (CLASSES / "recipe_ingredients_apart.html").read_text(encoding="utf-8")
    undeclared = html.replace('"@type":"Recipe"', '"@type":"WebPage"')
    page = weblens.extract(undeclared, "https://site.example/strudel")
    assert "Schritt 1:" in page.text and "Walnüsse, grob gehackt" not in page.text  # as before: no signal


def test_ingredients_are_named_by_an_abbreviation_and_a_number_too() -> None:
    root = lxml.html.document_fromstring(
        "<html><body><div class='cont_ingre2'><ul><li><span class='ingre_list_name'>kimchi</span></li>"
        "<li><span class='ingre_list_name'>pork shoulder</span></li></ul></div><p>Step one.</p></body></html>"
    )
    box = ingredients_box(root)
    assert box is not None and box.get("class") == "cont_ingre2"
    assert (
        ingredients_box(lxml.html.document_fromstring("<html><body><p class='ingress'>x</p></body></html>"))
        is None
    )


def test_ingredients_spread_over_the_page_name_no_box() -> None:
    root = lxml.html.document_fromstring(
        "<html><body><nav><a class='ingredient-link' href='/i/1'>Leeks</a></nav>"
        "<div><ul class='ingredients'><li>2 leeks</li><li>1 egg</li></ul></div></body></html>"
    )
    assert ingredients_box(root) is None  # a menu of ingredients to browse by and the recipe's: the body
    marked = lxml.html.document_fromstring(
        "<html><body><nav><a class='ingredient-link' href='/i/1'>Leeks</a></nav><div class='card'>"
        "<ul><li itemprop='recipeIngredient'>2 leeks</li><li itemprop='recipeIngredient'>1 egg</li></ul>"
        "</div></body></html>"
    )
    box = ingredients_box(marked)
    assert box is not None and box.tag == "ul"  # the marked ones first


def test_a_reviews_good_and_bad_points_above_its_text_are_kept() -> None:
    page = read("review_points_box.html")
    for point in ("Bright, even display", "lasts two days on a single charge", "slow at 33W wired"):
        assert point in page.text
    assert "Three years ago" in page.text and "Paragraph 7 of the review" in page.text
    assert "$699 at Shop" not in page.text and "Related reviews" not in page.text


def test_a_box_of_points_reads_as_such() -> None:
    def box(html: str) -> bool:
        return is_box_of_points(lxml.html.fragment_fromstring(html))

    points = "<li>A ten-year pause on mining</li><li>A review clause after seven years</li>"
    assert box(f"<div><h2>Key points</h2><ul>{points}<li>A fund for research at sea</li></ul></div>")
    assert not box(f"<div><ul>{points}</ul></div>")  # two points: too few to tell
    facts = "<li>Goals: Ferreira 19' (Castlebridge); Okafor 38' (Harwood)</li><li>Attendance: 18,412</li>"
    assert box(f"<div><h2>Key events</h2><ul>{points}{facts}</ul></div>")  # a fact among the points
    labels = "<li>Kick-off</li><li>Attendance: 18,412</li>"
    assert not box(f"<div><ul>{points}{labels}</ul></div>")  # half of them labels
    links = "".join(f"<li><a href='/s/{i}'>Another story you may like {i}</a></li>" for i in range(4))
    assert not box(f"<div><ul>{links}</ul></div>")  # headlines of other stories
    menu = "".join(f"<li>Item {i}</li>" for i in range(5))
    assert not box(f"<div><ul>{menu}</ul></div>")  # labels of a menu, no points
    prose = "<p>" + "A paragraph of the story that says a good deal more than its points. " * 6 + "</p>"
    assert not box(f"<div>{prose}<ul>{points}<li>A fund for research at sea</li></ul></div>")


def test_a_live_blogs_summary_in_points_under_its_headline_opens_its_text() -> None:
    page = read("live_blog_points.html")
    summary = ("Negotiators from 94 countries", "a line in the sand", "closing plenary on Friday afternoon")
    for point in summary:
        assert point in page.text
    assert page.text.index("Negotiators") < page.text.index("Update number 0")
    assert "- Negotiators from 94 countries agree draft text" in page.markdown  # a list, as the page has it
    assert "Most read" not in page.text


def _live_page(header_extra: str) -> str:
    nav = "".join(f'<li><a href="/n/{i}">Section {i}</a></li>' for i in range(12))
    entries = "".join(
        f"<article class='entry'><h3>Update {i}</h3><p>Crews worked through the night on the flood defences "
        f"in the town, and the council said the rest centre on the high street would stay open ({i}).</p>"
        f"<p>Residents were told to keep away from the river bank until the water level falls below the "
        f"warning mark, which the agency expects some time tomorrow afternoon ({i}).</p></article>"
        for i in range(6)
    )
    headline = "Storm latest: hundreds evacuated as the river bursts its banks"
    return (
        f"<html><head><title>{headline} | News</title></head><body><nav><ul>{nav}</ul></nav><main>"
        f"<div class='article-header'><h1>{headline}</h1><p class='article-header__sub-title'>"
        "Flood defences in the town were overtopped on Friday afternoon, and residents have been moved to "
        "rest centres.</p>"
        f"{header_extra}</div><div class='entries'>{entries}</div></main>"
        "<footer><a href='/about'>About us</a></footer></body></html>"
    )


def test_key_points_under_a_subtitle_follow_it() -> None:
    points = (
        "<div class='article-key-points'><h2>Key points</h2><ul class='article-key-points__list'>"
        "<li>Hundreds of homes evacuated after the river overtops its defences</li>"
        "<li>Rail services suspended until at least Saturday morning</li>"
        "<li>River levels are expected to peak overnight</li></ul></div>"
    )
    page = weblens.extract(_live_page(points), "https://news.example/live/storm")
    text = page.text
    assert text.index("Flood defences in the town") < text.index("Hundreds of homes evacuated")
    assert text.index("River levels are expected to peak") < text.index("Update 0")
    assert "- Rail services suspended until at least Saturday morning" in page.markdown
    teasers = (  # a list that is no key points after the subtitle: not read as them
        "<ul class='related'><li><a href='/a'>Another story about the weather this week</a></li>"
        "<li><a href='/b'>What the flood warnings mean for you</a></li></ul>"
    )
    plain = weblens.extract(_live_page(teasers), "https://news.example/live/storm")
    assert "Flood defences in the town" in plain.text and "Another story" not in plain.text


def test_a_recipes_reviews_are_its_readers_comments() -> None:
    page = read("recipe_ingredients_apart.html")
    assert "Dreimal gemacht" not in page.text  # the reviews below the recipe
    kept = weblens.extract(
        (CLASSES / "recipe_ingredients_apart.html").read_bytes(),
        "https://site.example/s",
        include_comments=True,
    )
    assert "Dreimal gemacht, jedes Mal ein Genuss" in kept.text
    product = read("product_page.html")  # a shop's reviews of its product stay on its page
    assert "Keeps good time against the tide tables" in product.text


@pytest.mark.parametrize("name", ["Reactions", "discussions"])
def test_readers_reactions_and_discussions_are_comments(name: str) -> None:
    paragraphs = "".join(
        f"<p>L'aspirateur tient ses promesses sur les sols durs, et son autonomie dépasse les quarante "
        f"minutes annoncées en mode standard, ce qui suffit pour un appartement de taille moyenne ({i}).</p>"
        for i in range(4)
    )
    reactions = "".join(
        f"<div class='Reaction'><p class='Reaction__author'>Lecteur{i}</p><p class='Reaction__body'>Je l'ai "
        f"depuis un mois, entièrement d'accord sur le bruit du mode Boost, c'est fort ({i}).</p></div>"
        for i in range(3)
    )
    html = (
        "<html><head><title>Test de l'aspirateur</title></head><body><main><article>"
        "<h1>Test de l'aspirateur</h1>"
        f"{paragraphs}<section class='{name}'><h2>Réactions</h2>{reactions}</section>"
        "</article></main></body></html>"
    )
    page = weblens.extract(html, "https://tests.example/aspirateur")
    assert "autonomie dépasse" in page.text and "bruit du mode Boost" not in page.text
    kept = weblens.extract(html, "https://tests.example/aspirateur", include_comments=True)
    assert "bruit du mode Boost" in kept.text


def test_a_short_sentence_around_its_link_stays_beside_the_paragraphs() -> None:
    # a live page of our own (a probe page written by a helper, CC0), its entries' sentences around a link
    raw = (CLASSES / "live_relacja_links.html").read_bytes()
    page = weblens.extract(
        raw,
        "https://wiadomosci.polonet.pl/kraj/protest-rolnikow-blokady-drog-w-calym-kraju-relacja-na-zywo/7k2xq9f",
    )
    assert "Aktualną mapę utrudnień na drogach krajowych publikuje GDDKiA." in page.text
    assert "[mapę utrudnień na drogach krajowych](https://utrudnienia.drogi-krajowe.pl/mapa)" in page.markdown
    pictured = (
        "<p>Seen from <a href='/photos/1'><img src='/p.jpg' alt=''></a> the bridge.</p>"  # no link text
    )
    weblens.extract(
        raw.replace(b"</article>", pictured.encode() + b"</article>", 1),
        "https://wiadomosci.polonet.pl/kraj/protest-rolnikow-blokady-drog-w-calym-kraju-relacja-na-zywo/7k2xq9f",
    )  # no error


def test_a_sentence_whose_link_has_no_text_is_asked_without_error() -> None:
    from weblens.extract.blocks import gather_stats
    from weblens.extract.keepers import is_linked_sentence_with_its_stop

    body = lxml.html.document_fromstring(
        "<html><body><p>A written paragraph of the story, long enough to be one, with its words and a stop "
        "at its end.</p><p>Seen from <a href='/photos/1'><img src='/p.jpg' alt=''></a>.</p></body></html>"
    ).find("body")
    stats = gather_stats(body)
    line = next(i for i, el in enumerate(stats.nodes) if el.tag == "p" and "Seen" in el.text_content())
    assert is_linked_sentence_with_its_stop(stats, line) is False
