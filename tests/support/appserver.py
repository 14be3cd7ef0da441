"""The real weblens HTTP app under uvicorn, in a background thread, on a free loopback port.

with AppServer(create_app(settings)) as server:
    server.url("/")                      # http://127.0.0.1:PORT/
"""

from __future__ import annotations

import socket
import threading
import time
from typing import Any, Self

import uvicorn

__all__ = ["AppServer"]


class AppServer:
    def __init__(self, app: Any) -> None:
        self._socket = socket.socket()
        self._socket.bind(("127.0.0.1", 0))
        self.port: int = self._socket.getsockname()[1]
        config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="on")
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(
            target=self._server.run, kwargs={"sockets": [self._socket]}, daemon=True
        )

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def url(self, path: str = "/") -> str:
        return self.origin + path

    def __enter__(self) -> Self:
        self._thread.start()
        deadline = time.monotonic() + 30
        while not self._server.started:
            if not self._thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("uvicorn did not start")
            time.sleep(0.02)
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.should_exit = True
        self._thread.join(timeout=30)
        self._socket.close()
