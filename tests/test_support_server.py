from __future__ import annotations

import urllib.request

from tests.support.servers import LoopbackServer, Response


def test_loopback_server_serves_and_counts(server: LoopbackServer) -> None:
    server.route("/hello", Response(body=b"<p>hi</p>"))
    with urllib.request.urlopen(server.url("/hello"), timeout=5) as resp:
        assert resp.read() == b"<p>hi</p>"
    assert server.connections == 1
    assert server.requests[0].path == "/hello"
