"""The dashboard's routes: the page, its assets, and the JSON behind Stats and Settings.

    install_dashboard(app, state)       # called once by weblens.server.http.create_app

* ``GET /`` — the page (server-rendered HTML; the options forms are derived from the request
  models), ``GET /static/<file>`` — its scripts, style sheet and icon. Both are public (they hold
  no data); every response carries a strict Content-Security-Policy.
* ``GET /v1/stats`` and ``GET /v1/settings`` — JSON for the Stats and Settings sections; they sit
  behind the API key like every ``/v1`` route.
"""

from __future__ import annotations

import os
import re
from importlib import resources
from string import Template
from typing import Any

from fastapi import FastAPI
from starlette.responses import Response

from weblens import __version__
from weblens.config import masked, setting_sources
from weblens.errors import WeblensError
from weblens.operations import OPERATIONS
from weblens.requests import BrowseRequest, CrawlRequest, ExtractRequest, GatherRequest, SearchRequest
from weblens.server.dashboard.forms import controls_html
from weblens.server.dashboard.views import settings_view, stats_view
from weblens.server.state import ServerState, json_response

__all__ = ["CONTENT_SECURITY_POLICY", "install_dashboard"]

CONTENT_SECURITY_POLICY = "; ".join(
    (
        "default-src 'none'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self'",
        "connect-src 'self'",
        "frame-ancestors 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "object-src 'none'",
        "require-trusted-types-for 'script'",
        "trusted-types 'none'",
    )
)
"""Nothing but the server's own files; no inline script or style; no string may reach an HTML sink
(Trusted Types with no policy: the page builds its DOM from nodes only)."""

SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
}
_ASSET = re.compile(r"^[a-z0-9][a-z0-9-]*\.(js|css|svg)$")
_TYPES = {
    "js": "text/javascript; charset=utf-8",
    "css": "text/css; charset=utf-8",
    "svg": "image/svg+xml",
}
_ANSWER_PATH = "/v1/answer"


def _package() -> Any:
    return resources.files("weblens.server.dashboard")


def _headers(cache: str) -> dict[str, str]:
    return {**SECURITY_HEADERS, "Cache-Control": cache}


def offered_operations(app: FastAPI) -> list[str]:
    """The operations this app serves as ``POST /v1/<name>`` (the answer route included once merged)."""
    names = []
    for route in app.routes:
        path = getattr(route, "path", "")
        methods = getattr(route, "methods", None) or set()
        if "POST" in methods and re.fullmatch(r"/v1/[a-z_]+", path):
            names.append(path.removeprefix("/v1/"))
    return names


def render_page(*, auth_required: bool, answer_available: bool) -> str:
    """The dashboard's HTML: the page template with the options forms of each operation filled in."""
    template = Template((_package() / "page.html").read_text(encoding="utf-8"))
    ask_options = (
        controls_html(OPERATIONS["answer"].request, prefix="ask-opt", skip=("question",))
        if answer_available
        else ""
    )
    search_skip = ("query", "read")
    gather_only = [name for name in GatherRequest.model_fields if name not in SearchRequest.model_fields]
    return template.substitute(
        auth="required" if auth_required else "open",
        answer="available" if answer_available else "absent",
        answer_hidden="" if answer_available else " hidden",
        unavailable_hidden=" hidden" if answer_available else "",
        ask_disabled="" if answer_available else " disabled",
        ask_options=ask_options,
        read_options=controls_html(BrowseRequest, prefix="read-opt", skip=("url",)),
        extract_options=controls_html(ExtractRequest, prefix="extract-opt", skip=("html", "base64", "url")),
        search_options=controls_html(GatherRequest, prefix="search-opt", skip=search_skip),
        crawl_options=controls_html(CrawlRequest, prefix="crawl-opt", skip=("url",)),
        gather_only=" ".join(gather_only),
    )


def install_dashboard(app: FastAPI, state: ServerState) -> None:
    """Add the dashboard's routes to ``app`` (the API key gate in front of it guards ``/v1/*``)."""

    @app.get("/", include_in_schema=False)
    def page() -> Response:
        html = render_page(
            auth_required=bool(state.settings.api_keys),
            answer_available=_ANSWER_PATH in {f"/v1/{name}" for name in offered_operations(app)},
        )
        return Response(html, media_type="text/html; charset=utf-8", headers=_headers("no-store"))

    @app.get("/static/{name}", include_in_schema=False)
    def asset(name: str) -> Response:
        found = _ASSET.fullmatch(name)
        path = _package() / "static" / name
        if found is None or not path.is_file():
            return Response(b"not found", 404, media_type="text/plain", headers=_headers("no-store"))
        return Response(path.read_bytes(), media_type=_TYPES[found.group(1)], headers=_headers("no-cache"))

    @app.get("/favicon.ico", include_in_schema=False)
    def favicon() -> Response:
        icon = (_package() / "static" / "icon.svg").read_bytes()
        return Response(icon, media_type=_TYPES["svg"], headers=_headers("max-age=86400"))

    @app.get("/v1/stats", tags=["dashboard"], summary="The service's counters (what /metrics shows) as JSON.")
    async def stats() -> Response:
        lens = state.require_lens()
        state.metrics.budget_left.set(lens.search_budget_left())
        return json_response(
            stats_view(
                state.metrics.snapshot(),
                offered=offered_operations(app),
                budget_per_hour=state.settings.max_searches_per_hour,
            ),
            headers=_headers("no-store"),
        )

    sources = setting_sources(state.settings)  # read now: the environment the settings came from
    config_file = masked("config_file", os.environ.get("WEBLENS_CONFIG"))

    @app.get("/v1/settings", tags=["dashboard"], summary="Effective settings, their sources, providers.")
    async def settings() -> Response:
        lens = state.require_lens()
        try:
            providers, problem = lens.provider_status(), None
        except WeblensError as exc:
            providers, problem = [], f"{exc.code}: {exc.message}"
        return json_response(
            settings_view(
                state.settings,
                sources,
                providers=providers,
                providers_error=problem,
                checks=await lens.readiness(),
                config_file=config_file,
                version=__version__,
            ),
            headers=_headers("no-store"),
        )
