"""The HTTP API through a real uvicorn server on loopback: operations, errors, auth, limits, bad clients."""

from __future__ import annotations

import re
import socket
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.support.asgi import serving
from tests.support.fake_providers import PATHS, provider_settings, recorded_response
from tests.support.pages import page
from tests.support.servers import LoopbackServer, Response
from weblens.config import Settings
from weblens.models import PageExtract
from weblens.server.http import create_app

HTML = {"Content-Type": "text/html; charset=utf-8"}


def settings(server: LoopbackServer, tmp_path: Path, **extra: Any) -> Settings:
    return Settings(allow_hosts=[server.allow_entry], cache_dir=tmp_path / "cache", **extra)


@pytest.fixture
def api(server: LoopbackServer, tmp_path: Path) -> Iterator[str]:
    server.route("/article", Response(body=page("article.html"), headers=HTML))
    with serving(create_app(settings(server, tmp_path))) as base:
        yield base


def error_of(response: httpx.Response) -> dict[str, Any]:
    body = response.json()
    assert set(body) == {"error"}
    error: dict[str, Any] = body["error"]
    assert {"code", "message", "url"} <= set(error)
    return error


def test_browse_answers_a_page_extract(api: str, server: LoopbackServer) -> None:
    response = httpx.post(f"{api}/v1/browse", json={"url": server.url("/article")})
    assert response.status_code == 200
    extract = PageExtract.model_validate(response.json())
    assert "stranded on the rocky shore" in extract.text
    again = httpx.post(f"{api}/v1/browse", json={"url": server.url("/article"), "max_length": 40})
    assert len(again.json()["text"]) == 40 and again.json()["from_cache"] is True


def test_extract_needs_no_network(api: str) -> None:
    response = httpx.post(
        f"{api}/v1/extract", json={"html": page("article.html").decode(), "url": "https://a.example/x"}
    )
    assert response.status_code == 200
    assert "stranded on the rocky shore" in response.json()["text"]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        (b"{not json", "body"),
        (b"", "body"),
        (b"[1, 2]", None),
        (b'{"url": "https://a.example/", "bogus": 1}', "bogus"),
        (b'{"url": "https://a.example/", "render": "sometimes"}', "render"),
        (b'{"url": "https://a.example/", "timeout_s": -1}', "timeout_s"),
        (b'{"url": 42}', "url"),
        (b"{}", "url"),
    ],
    ids=[
        "malformed",
        "empty",
        "not an object",
        "unknown field",
        "bad enum",
        "negative",
        "wrong type",
        "missing",
    ],
)
def test_bad_bodies_are_400_invalid_argument(api: str, body: bytes, field: str | None) -> None:
    response = httpx.post(f"{api}/v1/browse", content=body, headers={"Content-Type": "application/json"})
    assert response.status_code == 400
    error = error_of(response)
    assert error["code"] == "invalid_argument"
    if field:
        assert error["field"] == field


def test_a_form_encoded_json_body_is_still_read_as_json(api: str, server: LoopbackServer) -> None:
    response = httpx.post(f"{api}/v1/browse", content=f'{{"url": "{server.url("/article")}"}}'.encode())
    assert response.status_code == 200


def test_errors_carry_their_code_and_status(api: str, server: LoopbackServer, tmp_path: Path) -> None:
    with LoopbackServer() as trap:
        blocked = httpx.post(f"{api}/v1/browse", json={"url": trap.url("/")})
        assert trap.connections == 0
    assert blocked.status_code == 403 and error_of(blocked)["code"] == "ssrf_blocked"
    missing = httpx.post(f"{api}/v1/browse", json={"url": server.url("/nope")})
    assert missing.status_code == 502 and error_of(missing)["code"] == "http_error"
    invalid = httpx.post(f"{api}/v1/browse", json={"url": "http://2130706433/"})
    assert invalid.status_code == 400 and error_of(invalid)["code"] == "invalid_url"
    server.route("/slow", Response(body=b"<p>late</p>", headers=HTML, delay_s=3))
    slow = httpx.post(f"{api}/v1/browse", json={"url": server.url("/slow"), "timeout_s": 0.3}, timeout=10)
    assert slow.status_code == 504 and error_of(slow)["code"] == "fetch_timeout"
    unknown = httpx.get(f"{api}/v1/nothing")
    assert unknown.status_code == 404 and error_of(unknown)["code"] == "not_found"
    wrong_method = httpx.get(f"{api}/v1/browse")
    assert wrong_method.status_code == 405 and error_of(wrong_method)["code"] == "method_not_allowed"


def test_bodies_are_capped(api: str) -> None:
    big = {"url": "https://a.example/" + "a" * 70_000}
    assert httpx.post(f"{api}/v1/browse", json=big).status_code == 413
    document = "<p>" + "word " * 400_000 + "</p>"  # ~2 MB: fine for extract (10 MB cap)
    assert httpx.post(f"{api}/v1/extract", json={"html": document}, timeout=60).status_code == 200
    huge = b'{"html": "' + b"a" * (11 * 1024 * 1024) + b'"}'
    assert httpx.post(f"{api}/v1/extract", content=huge, timeout=60).status_code == 413


def test_probes_metrics_and_docs(api: str, server: LoopbackServer) -> None:
    assert httpx.get(f"{api}/healthz").json() == {"status": "ok"}
    ready = httpx.get(f"{api}/readyz").json()
    assert ready["status"] in ("ready", "degraded") and ready["checks"]["cache"] == "ok"
    httpx.post(f"{api}/v1/browse", json={"url": server.url("/article")})
    httpx.post(f"{api}/v1/browse", json={"url": "http://10.0.0.1/"})
    metrics = httpx.get(f"{api}/metrics").text
    assert 'weblens_http_requests_total{route="/v1/browse",status="200"} 1.0' in metrics
    assert (
        'weblens_operation_errors_total{code="ssrf_blocked",operation="browse",stage="validate"} 1.0'
        in metrics
    )
    assert "weblens_http_request_duration_seconds_bucket" in metrics
    assert 'weblens_cache_lookups_total{result="miss"}' in metrics
    spec = httpx.get(f"{api}/openapi.json").json()
    assert {"/v1/browse", "/v1/extract", "/v1/search", "/v1/gather"} <= set(spec["paths"])
    docs = httpx.get(f"{api}/docs")
    assert docs.status_code == 200
    assets = re.findall(r'(?:src|href)="([^"]+)"', docs.text)
    assert assets and all(a.startswith("/docs/") for a in assets)  # no CDN: the page works offline
    for asset in assets:
        assert httpx.get(f"{api}{asset}").status_code == 200


def test_api_keys_guard_everything_but_the_probes(server: LoopbackServer, tmp_path: Path) -> None:
    server.route("/article", Response(body=page("article.html"), headers=HTML))
    app = create_app(settings(server, tmp_path, api_keys=["k-one", "k-two"]))
    with serving(app) as base:
        url = {"url": server.url("/article")}
        assert httpx.post(f"{base}/v1/browse", json=url).status_code == 401
        wrong = httpx.post(f"{base}/v1/browse", json=url, headers={"Authorization": "Bearer nope"})
        assert wrong.status_code == 401 and error_of(wrong)["code"] == "unauthorized"
        assert wrong.headers["www-authenticate"].startswith("Bearer")
        basic = httpx.post(f"{base}/v1/browse", json=url, headers={"Authorization": "Basic k-one"})
        assert basic.status_code == 401
        for key in ("k-one", "k-two"):
            ok = httpx.post(f"{base}/v1/browse", json=url, headers={"Authorization": f"Bearer {key}"})
            assert ok.status_code == 200
        assert httpx.get(f"{base}/metrics").status_code == 401
        assert httpx.get(f"{base}/openapi.json").status_code == 200  # the schema is public, like the docs
        assert httpx.get(f"{base}/healthz").status_code == 200
        assert httpx.get(f"{base}/readyz").status_code == 200


def test_rate_limit_per_key(server: LoopbackServer, tmp_path: Path) -> None:
    server.route("/article", Response(body=page("article.html"), headers=HTML))
    app = create_app(settings(server, tmp_path, api_keys=["a", "b"], rate_limit="2/minute"))
    with serving(app) as base:

        def call(key: str) -> httpx.Response:
            return httpx.post(
                f"{base}/v1/browse",
                json={"url": server.url("/article")},
                headers={"Authorization": f"Bearer {key}"},
            )

        assert [call("a").status_code for _ in range(2)] == [200, 200]
        third = call("a")
        assert third.status_code == 429 and error_of(third)["code"] == "rate_limited"
        assert 1 <= int(third.headers["retry-after"]) <= 120  # a sliding window reaches back one window
        assert call("b").status_code == 200  # another key has its own limit


def test_search_budget_is_per_key_and_429(server: LoopbackServer, tmp_path: Path, shared_dir: Path) -> None:
    server.route(PATHS["duckduckgo"], recorded_response(shared_dir, "duckduckgo/html_results_1.html"))
    base_settings = provider_settings(
        server,
        providers=["duckduckgo"],
        max_searches_per_hour=1,
        api_keys=["a", "b"],
        cache_dir=tmp_path / "c",
    )
    with serving(create_app(base_settings)) as base:

        def search(key: str, query: str) -> httpx.Response:
            return httpx.post(
                f"{base}/v1/search", json={"query": query}, headers={"Authorization": f"Bearer {key}"}
            )

        assert search("a", "first").status_code == 200
        spent = search("a", "second")
        assert spent.status_code == 429 and error_of(spent)["code"] == "budget_exceeded"
        assert int(spent.headers["retry-after"]) >= 1
        assert search("b", "third").status_code == 200


def test_a_body_that_trickles_in_is_cut_off(server: LoopbackServer, tmp_path: Path) -> None:
    app = create_app(settings(server, tmp_path, request_body_timeout_s=0.5))
    with serving(app) as base:
        port = int(base.rsplit(":", 1)[1])
        with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
            sock.sendall(
                b"POST /v1/browse HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                b'Content-Length: 100\r\n\r\n{"url": '
            )
            answer = b""
            while b"\r\n\r\n" not in answer:
                chunk = sock.recv(4096)
                if not chunk:
                    break
                answer += chunk
        assert answer.startswith(b"HTTP/1.1 408")


def test_health_stays_up_while_pages_are_read(server: LoopbackServer, tmp_path: Path) -> None:
    server.route("/slow", Response(body=page("article.html"), headers=HTML, delay_s=1.5))
    with serving(create_app(settings(server, tmp_path))) as base, httpx.Client(timeout=30) as client:
        import threading

        results: list[int] = []
        slow = threading.Thread(
            target=lambda: results.append(
                client.post(f"{base}/v1/browse", json={"url": server.url("/slow")}).status_code
            )
        )
        slow.start()
        time.sleep(0.2)
        assert client.get(f"{base}/healthz").status_code == 200
        slow.join()
    assert results == [200]
