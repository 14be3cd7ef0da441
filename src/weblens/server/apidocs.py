"""``/docs``: the interactive API documentation, served from files inside the package (works offline).

FastAPI's own ``/docs`` page loads Swagger UI from a CDN; this one serves a vendored copy
(``server/apidocs/``, Apache-2.0) and a small start script, so the page and ``/openapi.json`` need
nothing but this server.
"""

from __future__ import annotations

from importlib import resources

from fastapi import FastAPI
from starlette.responses import Response

__all__ = ["install_api_docs"]

_FILES = {
    "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
    "swagger-ui.css": "text/css; charset=utf-8",
    "init.js": "text/javascript; charset=utf-8",
}
_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>weblens API</title>
<link rel="stylesheet" href="/docs/swagger-ui.css"></head>
<body><div id="swagger-ui"></div>
<script src="/docs/swagger-ui-bundle.js"></script><script src="/docs/init.js"></script></body></html>
"""
_CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
    "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'"
)


def install_api_docs(app: FastAPI) -> None:
    headers = {"Content-Security-Policy": _CSP, "X-Content-Type-Options": "nosniff"}

    @app.get("/docs", include_in_schema=False)
    def page() -> Response:
        return Response(_PAGE, media_type="text/html; charset=utf-8", headers=headers)

    @app.get("/docs/{name}", include_in_schema=False)
    def asset(name: str) -> Response:
        if name not in _FILES:
            return Response(b"not found", 404, media_type="text/plain")
        data = resources.files("weblens.server").joinpath("apidocs", name).read_bytes()
        return Response(data, media_type=_FILES[name], headers={**headers, "Cache-Control": "max-age=86400"})
