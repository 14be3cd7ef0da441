"""The proxy's HTTP head handling (pure)."""

from __future__ import annotations

import pytest

from weblens.render.http1 import (
    HeadError,
    basic_authorization,
    credentials_match,
    origin_request,
    parse_authority,
    parse_request_head,
    request_body_length,
    rewrite_response_head,
    simple_response,
)

AUTH = basic_authorization("weblens", "s3cret")


def head(text: str) -> bytes:
    return text.replace("\n", "\r\n").encode()


def test_parses_an_absolute_form_request() -> None:
    parsed = parse_request_head(head("GET http://a.example/x?y=1 HTTP/1.1\nHost: a.example\nAccept: */*\n\n"))
    assert (parsed.method, parsed.target, parsed.version) == ("GET", "http://a.example/x?y=1", "HTTP/1.1")
    assert parsed.get("host") == "a.example"
    assert parsed.get("missing") is None


@pytest.mark.parametrize(
    ("raw", "status"),
    [
        ("GET /x\n\n", 400),
        ("GET  /x HTTP/1.1\n\n", 400),
        ("G(T /x HTTP/1.1\n\n", 400),
        ("GET /x HTTP/2\n\n", 400),
        ("GET /x HTTP/1.1\nBad Header: x\n\n", 400),
        ("GET /x HTTP/1.1\n folded: x\n\n", 400),
        ("GET /x HTTP/1.1\nNoColon\n\n", 400),
        ("GET /x HTTP/1.1\n" + "X: y\n" * 101 + "\n", 431),
    ],
)
def test_refuses_malformed_heads(raw: str, status: int) -> None:
    with pytest.raises(HeadError) as caught:
        parse_request_head(head(raw))
    assert caught.value.status == status


def test_refuses_non_ascii_heads() -> None:
    with pytest.raises(HeadError):
        parse_request_head("GET /\u00e9 HTTP/1.1\r\n\r\n".encode())


@pytest.mark.parametrize(
    ("authority", "expected"),
    [
        ("a.example:443", ("a.example", 443)),
        ("[::1]:8443", ("::1", 8443)),
        ("127.0.0.1:80", ("127.0.0.1", 80)),
    ],
)
def test_parses_connect_authorities(authority: str, expected: tuple[str, int]) -> None:
    assert parse_authority(authority) == expected


@pytest.mark.parametrize(
    "authority",
    ["a.example", "a.example:", "a.example:0", "a.example:70000", "u@a.example:1", "::1:80", "[::1:80"],
)
def test_refuses_bad_connect_authorities(authority: str) -> None:
    with pytest.raises(HeadError):
        parse_authority(authority)


def test_credentials_must_match_exactly() -> None:
    good = parse_request_head(head(f"GET http://a/ HTTP/1.1\nProxy-Authorization: {AUTH}\n\n"))
    wrong = parse_request_head(head(f"GET http://a/ HTTP/1.1\nProxy-Authorization: {AUTH}x\n\n"))
    twice = parse_request_head(
        head(f"GET http://a/ HTTP/1.1\nProxy-Authorization: {AUTH}\nProxy-Authorization: {AUTH}\n\n")
    )
    missing = parse_request_head(head("GET http://a/ HTTP/1.1\n\n"))
    assert credentials_match(good, AUTH)
    assert not credentials_match(wrong, AUTH)
    assert not credentials_match(twice, AUTH)
    assert not credentials_match(missing, AUTH)


def test_body_length_rules() -> None:
    assert (
        request_body_length(parse_request_head(head("POST http://a/ HTTP/1.1\nContent-Length: 12\n\n"))) == 12
    )
    assert request_body_length(parse_request_head(head("GET http://a/ HTTP/1.1\n\n"))) == 0
    with pytest.raises(HeadError) as chunked:
        request_body_length(
            parse_request_head(head("POST http://a/ HTTP/1.1\nTransfer-Encoding: chunked\n\n"))
        )
    assert chunked.value.status == 501
    for bad in ("-1", "1e3", "1, 2"):
        with pytest.raises(HeadError):
            request_body_length(
                parse_request_head(head(f"POST http://a/ HTTP/1.1\nContent-Length: {bad}\n\n"))
            )
    with pytest.raises(HeadError):
        request_body_length(
            parse_request_head(head("POST http://a/ HTTP/1.1\nContent-Length: 1\nContent-Length: 2\n\n"))
        )


def test_origin_request_strips_hop_by_hop_headers_and_closes() -> None:
    parsed = parse_request_head(
        head(
            "GET http://a.example/p?q HTTP/1.1\nHost: evil.example\nProxy-Authorization: x\n"
            "Proxy-Connection: keep-alive\nConnection: keep-alive, X-Secret\nX-Secret: 1\n"
            "Keep-Alive: 5\nUpgrade: websocket\nAccept: text/html\n\n"
        )
    )
    out = origin_request(parsed, path="/p?q", host_header="a.example").decode()
    assert out.startswith("GET /p?q HTTP/1.1\r\nHost: a.example\r\n")
    assert out.endswith("Accept: text/html\r\nConnection: close\r\n\r\n")
    for gone in ("evil.example", "Proxy-", "keep-alive", "X-Secret", "Upgrade", "Keep-Alive"):
        assert gone not in out


def test_response_head_is_marked_connection_close() -> None:
    raw = b"HTTP/1.1 200 OK\r\nContent-Length: 3\r\nConnection: keep-alive\r\nKeep-Alive: timeout=5\r\n\r\n"
    response = rewrite_response_head(raw)
    assert response.status == 200
    assert response.body_length == 3
    assert response.raw == b"HTTP/1.1 200 OK\r\nContent-Length: 3\r\nConnection: close\r\n\r\n"
    with pytest.raises(HeadError):
        rewrite_response_head(b"SSH-2.0-OpenSSH\r\n\r\n")


@pytest.mark.parametrize(
    ("head_text", "method", "length"),
    [
        ("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n", "HEAD", 0),
        ("HTTP/1.1 204 No Content\r\n\r\n", "GET", 0),
        ("HTTP/1.1 304 Not Modified\r\nContent-Length: 10\r\n\r\n", "GET", 0),
        ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nContent-Length: 10\r\n\r\n", "GET", None),
        ("HTTP/1.1 200 OK\r\n\r\n", "GET", None),
        ("HTTP/1.1 200 OK\r\nContent-Length: 7\r\ncontent-length: 7\r\n\r\n", "GET", 7),
    ],
)
def test_response_body_framing(head_text: str, method: str, length: int | None) -> None:
    assert rewrite_response_head(head_text.encode(), request_method=method).body_length == length


def test_conflicting_response_lengths_are_refused() -> None:
    with pytest.raises(HeadError):
        rewrite_response_head(b"HTTP/1.1 200 OK\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n")


def test_simple_responses() -> None:
    assert simple_response(200) == b"HTTP/1.1 200 Connection Established\r\n\r\n"
    refused = simple_response(403, "blocked", headers={"X-Weblens-Refused": "ssrf_blocked"})
    assert refused.startswith(b"HTTP/1.1 403 Forbidden\r\nX-Weblens-Refused: ssrf_blocked\r\n")
    assert refused.endswith(b"Connection: close\r\n\r\nblocked\n")
