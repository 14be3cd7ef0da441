"""Errors as HTTP answers: one JSON shape, ``{"error": {"code", "message", "url", …}}``, a fitting status."""

from __future__ import annotations

import json
import math
from typing import Any

from weblens.errors import WeblensError

__all__ = ["STATUS", "error_body", "error_headers", "status_for"]

STATUS: dict[str, int] = {
    "invalid_argument": 400,
    "invalid_url": 400,
    "unauthorized": 401,
    "ssrf_blocked": 403,
    "robots_disallowed": 403,
    "not_found": 404,
    "session_not_found": 404,
    "element_not_found": 404,
    "method_not_allowed": 405,
    "body_too_large": 413,
    "unsupported_content_type": 422,
    "extraction_failed": 422,
    "action_failed": 422,
    "rate_limited": 429,
    "budget_exceeded": 429,
    "session_limit": 429,
    "internal_error": 500,
    "not_configured": 503,
    "dns_error": 502,
    "connect_error": 502,
    "http_error": 502,
    "size_limit_exceeded": 502,
    "too_many_redirects": 502,
    "provider_error": 502,
    "render_failed": 502,
    "llm_error": 502,
    "fetch_timeout": 504,
    "render_timeout": 504,
}


def status_for(code: str) -> int:
    return STATUS.get(code, 500 if code == "internal_error" else 502)


def error_body(code: str, message: str, url: str | None = None, **extra: Any) -> bytes:
    return json.dumps({"error": {"code": code, "message": message, "url": url, **extra}}).encode("utf-8")


def error_headers(exc: WeblensError) -> dict[str, str]:
    """``Retry-After`` (whole seconds) for rate limits and budgets."""
    if exc.code in ("rate_limited", "budget_exceeded", "session_limit"):
        retry = getattr(exc, "retry_after", None)
        seconds = math.ceil(retry) if retry else (60 if exc.code != "budget_exceeded" else 3600)
        return {"Retry-After": str(max(seconds, 1))}
    return {}
