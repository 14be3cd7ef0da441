"""A fake search-provider server: the recorded provider answers in ../shared/providers, served on loopback.

    settings = provider_settings(server, brave_api_key="k")      # every endpoint points at `server`
    server.route(PATHS["brave"], recorded_response(shared_dir, "brave/web_search_1.json"))
    providers = providers_from_settings(settings, client)
    hits(server, "brave")                                         # requests that reached the fake Brave

The recorded files are read from the shared directory where they live; they are
never copied into the repository.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.support.servers import LoopbackServer, Request, Response
from weblens.config import Settings

__all__ = ["PATHS", "hits", "json_response", "provider_settings", "recorded", "recorded_response"]

#: where each fake provider answers on the loopback server
PATHS = {
    "brave": "/brave/res/v1/web/search",
    "serpapi": "/serpapi/search.json",
    "tavily": "/tavily/search",
    "searxng": "/searxng/search",
    "duckduckgo": "/duckduckgo/html/",
    "wikipedia": "/wikipedia/w/api.php",
}
_CONTENT_TYPES = {
    ".json": "application/json; charset=utf-8",
    ".html": "text/html; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
}


def recorded(shared_dir: Path, relative: str) -> bytes:
    """The bytes of one recorded answer, e.g. ``recorded(shared_dir, "brave/web_search_1.json")``."""
    return (shared_dir / "providers" / relative).read_bytes()


def recorded_response(
    shared_dir: Path,
    relative: str,
    *,
    status: int = 200,
    headers: dict[str, str] | None = None,
    delay_s: float = 0.0,
) -> Response:
    content_type = _CONTENT_TYPES.get(Path(relative).suffix, "application/octet-stream")
    return Response(
        status=status,
        body=recorded(shared_dir, relative),
        headers={"Content-Type": content_type, **(headers or {})},
        delay_s=delay_s,
    )


def json_response(data: Any, *, status: int = 200, headers: dict[str, str] | None = None) -> Response:
    return Response(
        status=status,
        body=json.dumps(data).encode(),
        headers={"Content-Type": "application/json", **(headers or {})},
    )


def provider_settings(server: LoopbackServer, **overrides: Any) -> Settings:
    """Settings whose provider endpoints all point at ``server`` (keys only where ``overrides`` give them)."""
    endpoints: dict[str, Any] = {
        "brave_endpoint": server.url(PATHS["brave"]),
        "serpapi_endpoint": server.url(PATHS["serpapi"]),
        "tavily_endpoint": server.url(PATHS["tavily"]),
        "duckduckgo_endpoint": server.url(PATHS["duckduckgo"]),
        "wikipedia_endpoint": server.url(PATHS["wikipedia"]),
        "contact": "mailto:tests@weblens.invalid",
    }
    return Settings(**{**endpoints, **overrides})


def hits(server: LoopbackServer, provider: str) -> list[Request]:
    """The requests that reached one fake provider."""
    return [request for request in server.requests if request.path == PATHS[provider]]
