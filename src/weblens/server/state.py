"""What every part of the HTTP server shares: the running service's state and the JSON response.

``http.py`` builds the app and ``dashboard/routes.py`` and ``crawl_jobs.py`` add routes to it; all of
them import this small module, and none imports another for its types (no import cycle).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from starlette.responses import Response

from weblens.errors import InternalError

if TYPE_CHECKING:
    from weblens.config import Settings
    from weblens.server.metrics import Metrics
    from weblens.session import Lens

__all__ = ["ServerState", "json_response"]


@dataclass
class ServerState:
    """The service while it runs: its settings, counters, the Lens (set once started) and whether it
    is shutting down; ``extra`` holds what an installed part keeps (the crawl jobs)."""

    settings: Settings
    metrics: Metrics
    lens: Lens | None = None
    closing: bool = False
    extra: dict[str, Any] = field(default_factory=dict)

    def require_lens(self) -> Lens:
        if self.lens is None:
            raise InternalError("the server is not ready")
        return self.lens


def json_response(data: Any, status: int = 200, headers: dict[str, str] | None = None) -> Response:
    """A JSON response. ``data`` given as ``bytes`` or ``str`` is sent as it is (an encoded JSON
    document, e.g. from ``model_dump_json``); anything else is encoded with :func:`json.dumps`."""
    body = data if isinstance(data, bytes | str) else json.dumps(data)
    return Response(body, status_code=status, media_type="application/json", headers=headers)
