"""A recipe's ingredients (pure).

A recipe page lists its ingredients as short lines without sentences ("125 g Walnüsse, grob
gehackt", "1 pâte feuilletée pur beurre"), often in a box named for the recipe card's header or
meta, in cards, in a table of amounts and names or as links to pages about each ingredient: the
density heuristic reads such a box as chrome (labels, a menu). On a page that declares a recipe
(schema.org ``Recipe``, in JSON-LD or microdata, as recipe sites do for search engines), the box
that holds the elements marked or named as its ingredients is the recipe's and stays whole.
"""

from __future__ import annotations

import lxml.etree
from lxml.html import HtmlElement

from weblens.extract.tree import WORD_SPLIT

__all__ = ["ingredients_box", "is_recipe_type"]

# the class or id words naming an ingredient or their list, a number after them aside ("card-ingredient",
# "wprm-recipe-ingredient", "asset-recipe-ingr-name", "ready_ingre3", ``id="ingredients"``), and the
# microdata properties marking one
_INGREDIENT_WORDS = frozenset(("ingredient", "ingredients", "ingr", "ingre"))
_INGREDIENT_PROPS = frozenset(("recipeingredient", "ingredients"))
_TOO_HIGH = frozenset(("html", "body", "main"))  # a box of ingredients is never the page's whole


def is_recipe_type(name: str) -> bool:
    """``name`` (a declared type, lower case) is schema.org's ``Recipe``."""
    return name == "recipe"


def ingredients_box(root: HtmlElement) -> HtmlElement | None:
    """The lowest box below ``root`` holding every element marked as an ingredient
    (``itemprop="recipeIngredient"``) or, with none marked, named for one (:data:`_INGREDIENT_WORDS`);
    None when there is none, or when they are spread over the page (their box is the body or its
    main region: a list of ingredients to browse by beside the recipe's own)."""
    marked: list[HtmlElement] = []
    named: list[HtmlElement] = []
    for el in root.iter(lxml.etree.Element):
        if (el.get("itemprop") or "").lower() in _INGREDIENT_PROPS:
            marked.append(el)
        elif _is_named_an_ingredient(f"{el.get('class') or ''} {el.get('id') or ''}"):
            named.append(el)
    found = marked or named
    if not found:
        return None
    box = _lowest_common(found)
    return None if box is None or box.tag in _TOO_HIGH or box is root else box


def _is_named_an_ingredient(names: str) -> bool:
    return any(word.rstrip("0123456789") in _INGREDIENT_WORDS for word in WORD_SPLIT.split(names.lower()))


def _lowest_common(elements: list[HtmlElement]) -> HtmlElement | None:
    """The lowest element holding all of ``elements`` (itself one of them when it holds the others)."""
    first = elements[0]
    path = [first, *first.iterancestors()]
    depth = {id(el): at for at, el in enumerate(path)}
    lowest = 0
    for el in elements[1:]:
        up = next(
            (at for at in (depth.get(id(a)) for a in (el, *el.iterancestors())) if at is not None), None
        )
        if up is None:
            return None
        lowest = max(lowest, up)
    return path[lowest]
