"""Rockpool Supplies: a tiny shop of our own, served on loopback, for the session tests.

A cookie banner over every page until it is answered, a search box (GET form), result pages,
product pages whose "Add to cart" waits for an edition to be chosen, a cart that a form POST
fills, and a link that opens in a new tab.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from tests.support.servers import LoopbackServer, Request, Response

SHOP = Path(__file__).resolve().parent.parent / "fixtures" / "session" / "shop"
HTML = {"Content-Type": "text/html; charset=utf-8"}


@dataclass(frozen=True)
class Product:
    slug: str
    name: str
    price: str
    blurb: str


PRODUCTS = (
    Product("tide-pool-guide", "Tide pool guide", "12.00", "A field guide to the creatures of rock pools."),
    Product(
        "tide-pool-viewer", "Tide pool viewer", "18.50", "A clear-bottomed bucket for looking underwater."
    ),
    Product("rock-pool-net", "Rock pool net", "4.00", "A fine net on a bamboo pole."),
    Product("bucket", "Sturdy bucket", "6.00", "Holds seawater and small finds."),
)
EDITIONS = {"pb": "Paperback", "hc": "Hardcover"}


def _file(name: str) -> str:
    return (SHOP / name).read_text(encoding="utf-8")


def page(title: str, body: str) -> Response:
    text = _file("layout.html").replace("{TITLE}", html.escape(title)).replace("{BODY}", body)
    return Response(body=text.encode("utf-8"), headers=HTML)


def search(request: Request) -> Response:
    query = parse_qs(urlsplit(request.target).query).get("q", [""])[0]
    words = query.lower().split()
    found = [p for p in PRODUCTS if words and all(word in p.name.lower() for word in words)]
    rows = "".join(
        f'<div class="product"><a href="/shop/product/{p.slug}">{p.name}</a> — £{p.price}</div>'
        for p in found
    )
    summary = f"{len(found)} results for “{html.escape(query)}”" if found else "No results."
    return page(f"Search: {query}", f"<h1>Search</h1><p>{summary}</p>{rows}")


def product(item: Product) -> Response:
    body = _file("product.html")
    for key, value in {
        "NAME": item.name,
        "PRICE": item.price,
        "BLURB": item.blurb,
        "SLUG": item.slug,
    }.items():
        body = body.replace("{" + key + "}", value)
    return page(item.name, body)


def cart(request: Request) -> Response:
    if request.method != "POST":
        return page("Cart", "<h1>Your cart</h1><p>Your cart is empty.</p>")
    form = parse_qs(request.body.decode("utf-8"))
    item = next(p for p in PRODUCTS if p.slug == form.get("product", [""])[0])
    edition = EDITIONS.get(form.get("edition", [""])[0], "?")
    line = f"1 × {item.name} ({edition}) — £{item.price}"
    return page("Cart", f"<h1>Your cart</h1><ul><li>{line}</li></ul><p>Total: £{item.price}</p>")


def serve_shop(server: LoopbackServer) -> None:
    server.route("/shop/", page("Home", _file("home.html")))
    server.route("/shop/search", search)
    server.route("/shop/cart", cart)
    server.route("/shop/care", page("Care", _file("care.html")))
    server.route("/shop/about", page("About", "<h1>About us</h1><p>A small shop by the sea.</p>"))
    server.route("/shop/privacy", page("Privacy", "<h1>Privacy</h1><p>We keep one cookie.</p>"))
    for item in PRODUCTS:
        server.route(f"/shop/product/{item.slug}", product(item))
