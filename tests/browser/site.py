"""The local pages of the session tests, all on one loopback server (fixtures in tests/fixtures/session)."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from tests.browser.shop import serve_shop
from tests.support.servers import LoopbackServer, Request, Response

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "session"
HTML = {"Content-Type": "text/html; charset=utf-8"}
SCRIPT = {"Content-Type": "application/javascript; charset=utf-8", "Cache-Control": "max-age=3600"}
VENDOR = {
    "/vendor/react.js": "react-18.3.1.production.min.js",
    "/vendor/react-dom.js": "react-dom-18.3.1.production.min.js",
    "/vendor/vue.js": "vue-3.5.45.global.prod.js",
}
PAGES = {
    "/react": "react.html",
    "/vue": "vue.html",
    "/select": "select.html",
    "/shadow": "shadow.html",
    "/frame": "frame.html",
    "/frame-inner": "frame-inner.html",
    "/spa/": "spa.html",
    "/spa/week": "spa.html",
    "/feed": "feed.html",
    "/modal": "modal.html",
    "/ticker": "ticker.html",
    "/volatile": "volatile.html",
}
LINKS = 300
PARAGRAPHS = 40


def fixture(name: str, **values: object) -> Response:
    """A fixture page with ``{KEY}`` placeholders filled in."""
    text = (FIXTURES / name).read_text(encoding="utf-8")
    for key, value in values.items():
        text = text.replace("{" + key + "}", str(value))
    return Response(body=text.encode("utf-8"), headers=HTML)


def feed_items(request: Request) -> Response:
    number = int(parse_qs(urlsplit(request.target).query).get("page", ["1"])[0])
    items = [
        {"id": n, "title": f"Story {n}", "summary": f"What the tide left on the beach, part {n}."}
        for n in range((number - 1) * 15 + 1, number * 15 + 1)
    ]
    return Response(body=json.dumps(items).encode(), headers={"Content-Type": "application/json"})


SPA_VIEWS = {
    "/spa/": ("today", "<h1>Today</h1><p>High tide at 06:12 and 18:40.</p>"),
    "/spa/week": (
        "week",
        "<h1>This week</h1><p>Spring tides on Thursday; lowest water of the month on Friday.</p>"
        "<button type='button' onclick='this.textContent=\"Reminder set\"'>Remind me</button>",
    ),
}


def spa_data(request: Request) -> Response:
    route = parse_qs(urlsplit(request.target).query).get("route", ["/spa/"])[0]
    name, html = SPA_VIEWS.get(route, ("missing", "<h1>Not found</h1>"))
    body = json.dumps({"name": name, "html": html}).encode()
    return Response(body=body, headers={"Content-Type": "application/json"}, delay_s=0.2)


def many_links() -> Response:
    links = "".join(f'<li><a href="/links/{n}">Shell number {n}</a></li>' for n in range(1, LINKS + 1))
    body = f"<title>Shell index</title><link rel=icon href='data:,'><h1>Shells</h1><ul>{links}</ul>"
    return Response(body=body.encode(), headers=HTML)


def paragraph(n: int) -> str:
    """Distinct text: paragraph ``n`` of the long page (about 500 characters)."""
    words = " ".join(f"w{n}x{i}" for i in range(70))
    return f"Paragraph {n} begins. {words}. Paragraph {n} ends."


def long_page() -> Response:
    paragraphs = "".join(f"<p>{paragraph(n)}</p>" for n in range(1, PARAGRAPHS + 1))
    body = f"<title>Long read</title><link rel=icon href='data:,'><h1>Long read</h1>{paragraphs}"
    return Response(body=body.encode(), headers=HTML)


def serve_site(server: LoopbackServer) -> None:
    serve_shop(server)
    for path, name in VENDOR.items():
        server.route(path, Response(body=(FIXTURES / "vendor" / name).read_bytes(), headers=SCRIPT))
    for path, name in PAGES.items():
        server.route(path, fixture(name))
    server.route("/feed/items", feed_items)
    server.route("/spa/data", spa_data)
    server.route("/links", many_links())
    server.route("/long", long_page())
    server.route("/never", Response(body=b"", delay_s=120))
    server.route(
        "/download",
        Response(
            body=b"secret,data\n",
            headers={"Content-Type": "text/csv", "Content-Disposition": 'attachment; filename="d.csv"'},
        ),
    )
    server.route(
        "/downloads",
        Response(
            body=b"<title>Files</title><link rel=icon href='data:,'><a href='/download'>Get the data</a>",
            headers=HTML,
        ),
    )
