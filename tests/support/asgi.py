"""Run an ASGI app under a real uvicorn server on a loopback port, in a background thread.

with serving(create_app(settings)) as base:        # "http://127.0.0.1:PORT"
    httpx.post(base + "/v1/browse", json={...})
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import uvicorn

from tests.support.services import free_port

__all__ = ["serving"]


@contextmanager
def serving(app: Any, *, port: int | None = None) -> Iterator[str]:
    port = port or free_port()
    config = uvicorn.Config(
        app, host="127.0.0.1", port=port, log_level="warning", access_log=False, lifespan="on"
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("uvicorn did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=30)
