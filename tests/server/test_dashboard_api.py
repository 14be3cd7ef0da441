"""The dashboard's page, assets and JSON endpoints, through the real app (the Gate included)."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from html.parser import HTMLParser
from importlib import resources
from pathlib import Path

import httpx
import pytest

from tests.support.pages import page
from tests.support.servers import LoopbackServer, Response
from weblens.config import MASK, Settings, load_settings
from weblens.requests import BrowseRequest, ExtractRequest, GatherRequest
from weblens.server.dashboard.routes import CONTENT_SECURITY_POLICY, render_page
from weblens.server.http import create_app
from weblens.session import Lens

KEY = "dash-key-0123456789"
SECRET = "brave-secret-value-42"
REDIS_PASSWORD = "redis-pass-777"
STATIC = Path(str(resources.files("weblens.server.dashboard") / "static"))
TEST_IDS = (
    "ask-input",
    "ask-submit",
    "answer",
    "sources",
    "read-input",
    "read-submit",
    "page-title",
    "page-markdown",
    "stats",
    "settings",
)


class _Markup(HTMLParser):
    """Every start tag with its attributes, and the text of inline <script>/<style> elements."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.inline: list[str] = []
        self._open: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        self._open = tag if tag in ("script", "style") else None

    def handle_data(self, data: str) -> None:
        if self._open and data.strip():
            self.inline.append(self._open)


def markup(html: str) -> _Markup:
    parser = _Markup()
    parser.feed(html)
    return parser


def client_for(app: object) -> httpx.AsyncClient:
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://127.0.0.1")  # type: ignore[arg-type]


@pytest.fixture
async def lens_and_settings(server: LoopbackServer) -> AsyncIterator[tuple[Lens, Settings]]:
    server.route("/article", Response(body=page("article.html")))
    settings = load_settings(
        api_keys=[KEY],
        allow_hosts=[server.allow_entry],
        cache="memory",
        render="never",
        brave_api_key=SECRET,
        redis_url=f"redis://weblens:{REDIS_PASSWORD}@127.0.0.1:6399/0",
        providers=["brave", "searxng", "wikipedia"],
    )
    async with Lens(settings) as lens:
        yield lens, settings


@pytest.fixture
async def client(lens_and_settings: tuple[Lens, Settings]) -> AsyncIterator[httpx.AsyncClient]:
    lens, settings = lens_and_settings
    async with client_for(create_app(settings, lens=lens)) as http:
        yield http


AUTH = {"Authorization": f"Bearer {KEY}"}


async def test_the_page_is_public_and_locked_down(client: httpx.AsyncClient) -> None:
    response = await client.get("/")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    assert response.headers["content-security-policy"] == CONTENT_SECURITY_POLICY
    for directive in ("script-src 'self'", "frame-ancestors 'none'", "base-uri 'none'", "default-src 'none'"):
        assert directive in CONTENT_SECURITY_POLICY
    assert "unsafe" not in CONTENT_SECURITY_POLICY
    assert response.headers["x-content-type-options"] == "nosniff"
    assert response.headers["referrer-policy"] == "no-referrer"
    assert response.headers["cache-control"] == "no-store"
    assert 'data-auth="required"' in response.text
    assert KEY not in response.text and SECRET not in response.text


async def test_the_page_has_the_design_hooks_and_no_inline_code() -> None:
    for answer in (True, False):
        found = markup(render_page(auth_required=False, answer_available=answer))
        ids = {attrs.get("data-testid") for _, attrs in found.tags}
        assert set(TEST_IDS) <= ids
        assert found.inline == []  # no inline <script> or <style>: CSP allows neither
        for tag, attrs in found.tags:
            assert not any(name.startswith("on") or name == "style" for name in attrs), (tag, attrs)
            if tag == "script":
                assert attrs.get("src", "").startswith("/static/")
            for name in ("src", "href"):
                value = attrs.get(name) or ""
                assert not re.match(r"^(https?:)?//", value), f"{tag} {name}={value} leaves the origin"


async def test_every_label_names_a_control_and_every_control_has_a_label() -> None:
    found = markup(render_page(auth_required=True, answer_available=True))
    ids = {attrs["id"] for _, attrs in found.tags if attrs.get("id")}
    labelled = {attrs["for"] for tag, attrs in found.tags if tag == "label" and attrs.get("for")}
    assert labelled <= ids
    controls = [
        attrs["id"]
        for tag, attrs in found.tags
        if tag in ("input", "select", "textarea") and attrs.get("type") != "hidden"
    ]
    assert controls and set(controls) <= labelled


async def test_the_options_are_derived_from_the_request_models() -> None:
    found = markup(render_page(auth_required=False, answer_available=False))

    def fields(prefix: str) -> set[str | None]:
        return {
            attrs.get("data-field") for _, attrs in found.tags if attrs.get("id", "").startswith(prefix)
        } - {None}

    assert fields("read-opt-") == set(BrowseRequest.model_fields) - {"url"}
    assert fields("search-opt-") == set(GatherRequest.model_fields) - {"query", "read"}
    assert fields("extract-opt-") == set(ExtractRequest.model_fields) - {"html", "base64", "url"}
    absent = render_page(auth_required=False, answer_available=False)
    assert 'data-answer="absent"' in absent
    assert re.search(r'data-testid="ask-unavailable"\s*>', absent)  # shown, not hidden


async def test_assets_are_served_with_their_types(client: httpx.AsyncClient) -> None:
    for name, media in (
        ("app.js", "text/javascript"),
        ("dashboard.css", "text/css"),
        ("icon.svg", "image/svg+xml"),
    ):
        response = await client.get(f"/static/{name}")
        assert response.status_code == 200, name
        assert response.headers["content-type"].startswith(media)
        assert response.headers["x-content-type-options"] == "nosniff"
    for bad in ("nope.js", "..%2Fpage.html", "page.html", "APP.JS", "app.js.map"):
        assert (await client.get(f"/static/{bad}")).status_code == 404, bad
    assert (await client.get("/favicon.ico")).status_code == 200


def test_every_module_the_scripts_import_exists() -> None:
    scripts = {path.name: path.read_text(encoding="utf-8") for path in STATIC.glob("*.js")}
    page_html = render_page(auth_required=False, answer_available=False)
    for src in re.findall(r'(?:src|href)="/static/([^"]+)"', page_html):
        assert (STATIC / src).is_file(), src
    for name, text in scripts.items():
        for target in re.findall(r'from "\./([^"]+)"', text):
            assert target in scripts, f"{name} imports a missing {target}"
        assert "innerHTML" not in text and "outerHTML" not in text and "insertAdjacentHTML" not in text, name
        assert "eval(" not in text and "new Function" not in text, name
        assert "document.write" not in text, name


async def test_stats_and_settings_need_the_key(client: httpx.AsyncClient) -> None:
    for path in ("/v1/stats", "/v1/settings"):
        refused = await client.get(path)
        assert refused.status_code == 401
        assert refused.json()["error"]["code"] == "unauthorized"
        wrong = await client.get(path, headers={"Authorization": "Bearer not-the-key"})
        assert wrong.status_code == 401
        allowed = await client.get(path, headers=AUTH)
        assert allowed.status_code == 200
        assert allowed.headers["cache-control"] == "no-store"


async def test_stats_count_the_operations(client: httpx.AsyncClient, server: LoopbackServer) -> None:
    before = (await client.get("/v1/stats", headers=AUTH)).json()
    assert before["operations"][:4] == ["browse", "search", "gather", "answer"]
    assert {"browse", "search", "gather", "extract"} <= set(before["offered"])
    assert before["search_budget_left"] == before["search_budget_per_hour"] == 120
    assert before["calls"].get("browse", 0) == 0
    read = await client.post("/v1/browse", json={"url": server.url("/article")}, headers=AUTH)
    assert read.status_code == 200
    failed = await client.post("/v1/browse", json={"url": "http://10.0.0.1/"}, headers=AUTH)
    assert failed.json()["error"]["code"] == "ssrf_blocked"
    after = (await client.get("/v1/stats", headers=AUTH)).json()
    assert after["calls"]["browse"] == 2
    assert after["errors_by_operation"] == {"browse/validate": 1.0}
    assert after["errors_by_code"] == {"ssrf_blocked": 1.0}
    assert sum(after["calls_per_minute"]) >= 2
    assert len(after["calls_per_minute"]) == 60


async def test_settings_say_where_each_value_came_from_and_mask_secrets(client: httpx.AsyncClient) -> None:
    response = await client.get("/v1/settings", headers=AUTH)
    text = response.text
    for secret in (KEY, SECRET, REDIS_PASSWORD):
        assert secret not in text
    data = response.json()
    rows = {row["name"]: row for row in data["settings"]}
    assert rows["brave_api_key"] == {
        **rows["brave_api_key"],
        "value": MASK,
        "secret": True,
        "source": "argument",
    }
    assert rows["api_keys"]["value"] == [MASK]
    assert rows["redis_url"]["value"] == f"redis://weblens:{MASK}@127.0.0.1:6399/0"
    assert rows["render"]["source"] == "argument" and rows["render"]["default"] == "auto"
    assert rows["timeout_s"]["source"] == "default"
    assert rows["timeout_s"]["env"] == "WEBLENS_TIMEOUT_S"
    assert [(p["name"], p["configured"]) for p in data["providers"]] == [
        ("brave", True),
        ("searxng", False),
        ("wikipedia", True),
    ]
    assert data["providers"][1]["setting"] == "WEBLENS_SEARXNG_URL"
    assert data["providers_error"] is None
    assert data["auth"] == {"api_keys": 1, "rate_limit": None}
    assert set(data["checks"]) >= {"cache", "browser"}


async def test_an_unknown_provider_is_reported_not_raised(server: LoopbackServer) -> None:
    settings = Settings(providers=["bing"], cache="memory")
    async with Lens(settings) as lens, client_for(create_app(settings, lens=lens)) as http:
        data = (await http.get("/v1/settings")).json()
    assert data["providers"] == []
    assert data["providers_error"].startswith("not_configured: unknown search provider 'bing'")


async def test_settings_from_the_environment_and_the_file(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    config = tmp_path / "weblens.toml"
    config.write_text('max_redirects = 4\nsearxng_url = "https://searx:tok3n@searx.local/"\n')
    monkeypatch.setenv("WEBLENS_CONFIG", str(config))
    monkeypatch.setenv("WEBLENS_TIMEOUT_S", "12")
    settings = load_settings(cache="memory")
    async with Lens(settings) as lens, client_for(create_app(settings, lens=lens)) as http:
        data = (await http.get("/v1/settings")).json()
    rows = {row["name"]: row for row in data["settings"]}
    assert (rows["timeout_s"]["source"], rows["timeout_s"]["value"]) == ("environment", 12.0)
    assert (rows["max_redirects"]["source"], rows["max_redirects"]["value"]) == ("file", 4)
    assert rows["searxng_url"]["value"] == f"https://searx:{MASK}@searx.local/"
    assert rows["cache"]["source"] == "argument"
    assert data["config_file"] == str(config)
    assert "tok3n" not in str(data)


async def test_the_dashboard_polling_does_not_spend_the_rate_limit(server: LoopbackServer) -> None:
    server.route("/article", Response(body=page("article.html")))
    settings = Settings(api_keys=[KEY], rate_limit="2/hour", cache="memory", allow_hosts=[server.allow_entry])
    async with Lens(settings) as lens, client_for(create_app(settings, lens=lens)) as http:
        for _ in range(5):
            assert (await http.get("/v1/stats", headers=AUTH)).status_code == 200
            assert (await http.get("/v1/settings", headers=AUTH)).status_code == 200
        assert (await http.get("/v1/stats")).status_code == 401  # still needs the key
        statuses = [
            (await http.post("/v1/browse", json={"url": server.url("/article")}, headers=AUTH)).status_code
            for _ in range(3)
        ]
    assert statuses == [200, 200, 429]  # the operations stay limited
