"""What the fetcher makes of responses: status mapping, retries, content types, charsets, logs."""

from __future__ import annotations

import asyncio
import socket

import pytest
from structlog.testing import capture_logs

from tests.net.conftest import MakeFetcher
from tests.support.servers import LoopbackServer, Request, Response
from weblens.errors import ConnectError, HTTPError, SSRFBlocked, UnsupportedContentType
from weblens.net.resolver import StaticResolver

HTML = {"Content-Type": "text/html; charset=utf-8"}


# --- status codes and retries -------------------------------------------------------------------
@pytest.mark.parametrize("status", [400, 403, 404, 410, 429, 500, 501])
async def test_error_statuses_are_http_errors_and_not_retried(
    make_fetcher: MakeFetcher, server: LoopbackServer, status: int
) -> None:
    server.route("/e", Response(status, b"<p>nope</p>", headers=HTML))
    with pytest.raises(HTTPError) as info:
        await make_fetcher(server.allow_entry).fetch(server.url("/e"))
    assert info.value.status == status
    assert info.value.code == "http_error"
    assert info.value.to_dict()["status"] == status
    assert len(server.requests) == 1


@pytest.mark.parametrize("status", [502, 503, 504])
async def test_gateway_errors_are_retried_once(
    make_fetcher: MakeFetcher, server: LoopbackServer, status: int
) -> None:
    server.route("/e", Response(status, b"busy", headers=HTML))
    with pytest.raises(HTTPError) as info:
        await make_fetcher(server.allow_entry).fetch(server.url("/e"))
    assert info.value.status == status
    assert len(server.requests) == 2


async def test_a_retry_that_succeeds_returns_the_page(
    make_fetcher: MakeFetcher, server: LoopbackServer
) -> None:
    answers = iter([Response(503, b"busy", headers=HTML), Response(200, b"<p>ok</p>", headers=HTML)])
    server.route("/flaky", lambda request: next(answers))
    page = await make_fetcher(server.allow_entry).fetch(server.url("/flaky"))
    assert page.status == 200
    assert len(server.requests) == 2


@pytest.mark.parametrize("retries", [0, 2])
async def test_the_number_of_retries_is_a_setting(
    make_fetcher: MakeFetcher, server: LoopbackServer, retries: int
) -> None:
    server.route("/e", Response(503, b"busy", headers=HTML))
    with pytest.raises(HTTPError):
        await make_fetcher(server.allow_entry, retries=retries).fetch(server.url("/e"))
    assert len(server.requests) == retries + 1


async def test_no_retry_when_the_backoff_would_pass_the_deadline(
    make_fetcher: MakeFetcher, server: LoopbackServer
) -> None:
    server.route("/e", Response(503, b"busy", headers=HTML))
    with pytest.raises(HTTPError):  # the real error now, rather than a timeout later
        await make_fetcher(server.allow_entry, retry_backoff_s=30.0, timeout_s=5.0).fetch(server.url("/e"))
    assert len(server.requests) == 1


def _closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.mark.parametrize("retries", [0, 1])
async def test_connection_refused_is_a_connect_error_retried_once(
    make_fetcher: MakeFetcher, retries: int
) -> None:
    port = _closed_port()
    resolver = StaticResolver({"refused.test": ["127.0.0.1"]})
    fetcher = make_fetcher(f"refused.test:{port}", resolver=resolver, retries=retries)
    with pytest.raises(ConnectError) as info:
        await fetcher.fetch(f"http://refused.test:{port}/")
    assert info.value.code == "connect_error"
    assert "127.0.0.1" in info.value.message
    assert len(resolver.calls) == retries + 1  # one guarded lookup per connection attempt


async def test_a_connection_closed_without_an_answer_is_a_retried_connect_error(
    make_fetcher: MakeFetcher, server: LoopbackServer
) -> None:
    async def hang_up(request: Request, writer: asyncio.StreamWriter) -> None:
        writer.close()

    server.route("/bye", hang_up, raw=True)
    with pytest.raises(ConnectError):
        await make_fetcher(server.allow_entry).fetch(server.url("/bye"))
    assert len(server.requests) == 2


async def test_a_body_cut_short_is_a_connect_error_without_retry(
    make_fetcher: MakeFetcher, server: LoopbackServer
) -> None:
    async def cut(request: Request, writer: asyncio.StreamWriter) -> None:
        writer.write(
            b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 1000\r\n\r\n<p>only this"
        )
        await writer.drain()
        writer.close()

    server.route("/cut", cut, raw=True)
    with pytest.raises(ConnectError):
        await make_fetcher(server.allow_entry).fetch(server.url("/cut"))
    assert len(server.requests) == 1


# --- content types ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("header", "media"),
    [
        ("text/html", "text/html"),
        ("Text/HTML; Charset=UTF-8", "text/html"),
        ("application/xhtml+xml", "application/xhtml+xml"),
        ("text/plain; charset=us-ascii", "text/plain"),
    ],
)
async def test_accepted_content_types(
    make_fetcher: MakeFetcher, server: LoopbackServer, header: str, media: str
) -> None:
    server.route("/t", Response(body=b"<p>hello</p>", headers={"Content-Type": header}))
    page = await make_fetcher(server.allow_entry).fetch(server.url("/t"))
    assert page.content_type == media


@pytest.mark.parametrize("header", ["image/png", "application/zip", "font/woff2", "video/mp4"])
async def test_other_content_types_are_refused_before_the_body(
    make_fetcher: MakeFetcher, server: LoopbackServer, header: str
) -> None:
    async def huge(request: Request, writer: asyncio.StreamWriter) -> None:
        head = f"HTTP/1.1 200 OK\r\nContent-Type: {header}\r\nContent-Length: 52428800\r\n\r\n"
        writer.write(head.encode())
        await writer.drain()
        await asyncio.sleep(30)  # the body never comes; reading it would time out

    server.route("/bin", huge, raw=True)
    with pytest.raises(UnsupportedContentType) as info:
        await make_fetcher(server.allow_entry, timeout_s=5.0).fetch(server.url("/bin"))
    assert info.value.content_type == header
    assert info.value.code == "unsupported_content_type"


@pytest.mark.parametrize(
    ("body", "media"),
    [
        (b"<!DOCTYPE html><html><p>hi</p></html>", "text/html"),
        (b"\n  <html><body>hi</body></html>", "text/html"),
        (b"just some words\nover two lines\n", "text/plain"),
        (b"", "text/plain"),
    ],
)
async def test_a_missing_content_type_is_sniffed(
    make_fetcher: MakeFetcher, server: LoopbackServer, body: bytes, media: str
) -> None:
    server.route("/s", Response(body=body, headers={}))
    page = await make_fetcher(server.allow_entry).fetch(server.url("/s"))
    assert page.content_type == media
    assert page.charset is None


async def test_a_binary_body_without_content_type_is_refused_after_its_first_bytes(
    make_fetcher: MakeFetcher, server: LoopbackServer
) -> None:
    png = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(64 * 1024)
    server.route("/s", Response(headers={}, chunks=[png] * 800))  # 50 MB that is never read to the end
    with pytest.raises(UnsupportedContentType) as info:
        await make_fetcher(server.allow_entry).fetch(server.url("/s"))
    assert info.value.content_type == "application/octet-stream"


# --- charsets -------------------------------------------------------------------------------------
RUSSIAN = "Съешь же ещё этих мягких французских булок, да выпей чаю. " * 10
JAPANESE = "吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。" * 10


def _page(text: str, meta: str | None = None) -> str:
    head = f'<meta charset="{meta}">' if meta else ""
    return f"<html><head>{head}<title>t</title></head><body><p>{text}</p></body></html>"


@pytest.mark.parametrize(
    ("text", "codec", "header", "meta"),
    [
        (RUSSIAN, "cp1251", "text/html; charset=utf-8", None),  # header wrong, no meta
        (RUSSIAN, "cp1251", "text/html", None),  # nothing declared
        (RUSSIAN, "cp1251", "text/html", "windows-1251"),  # meta only
        (RUSSIAN, "cp1251", "text/html; charset=utf-8", "windows-1251"),  # header wrong, meta right
        (RUSSIAN, "cp1251", "text/html; charset=iso-8859-1", "windows-1251"),  # server default vs meta
        (RUSSIAN, "koi8_r", "text/html; charset=koi8-r", None),  # header right
        (JAPANESE, "shift_jis", "text/html; charset=utf-8", None),
        (JAPANESE, "shift_jis", "text/html", None),
        (JAPANESE, "shift_jis", "text/html; charset=iso-8859-1", "shift_jis"),
        (JAPANESE, "euc_jp", "text/html; charset=EUC-JP", None),
        (RUSSIAN + JAPANESE, "utf-8", "text/html; charset=windows-1251", None),  # header wrong for UTF-8
    ],
)
async def test_wrong_and_missing_charsets_decode_correctly(
    make_fetcher: MakeFetcher,
    server: LoopbackServer,
    text: str,
    codec: str,
    header: str,
    meta: str | None,
) -> None:
    server.route("/c", Response(body=_page(text, meta).encode(codec), headers={"Content-Type": header}))
    page = await make_fetcher(server.allow_entry).fetch(server.url("/c"))
    assert text in page.text


async def test_a_byte_order_mark_beats_the_header(make_fetcher: MakeFetcher, server: LoopbackServer) -> None:
    body = "\ufeff" + _page(RUSSIAN)
    server.route(
        "/bom", Response(body=body.encode("utf-8"), headers={"Content-Type": "text/html; charset=cp1251"})
    )
    page = await make_fetcher(server.allow_entry).fetch(server.url("/bom"))
    assert RUSSIAN in page.text
    assert page.charset == "cp1251"  # what the server declared, for the record
    assert page.encoding == "utf-8"


# --- the page record and the log ----------------------------------------------------------------------
async def test_fetched_page_fields(make_fetcher: MakeFetcher, server: LoopbackServer) -> None:
    server.route("/from", Response(302, headers={"Location": "/p"}))
    server.route(
        "/p", Response(body=b"<p>x</p>", headers={"Content-Type": "text/html; charset=UTF-8", "X-A": "1"})
    )
    page = await make_fetcher(server.allow_entry).fetch(server.url("/from"))
    assert page.url == server.url("/from")
    assert page.final_url == server.url("/p")
    assert page.redirects == (server.url("/p"),)
    assert page.status == 200
    assert page.content_type == "text/html"
    assert page.charset == "UTF-8"
    assert page.headers["x-a"] == "1"
    assert page.body == b"<p>x</p>"
    assert page.text == "<p>x</p>"
    assert page.encoding == "utf-8"
    assert page.elapsed_ms > 0
    with pytest.raises(TypeError):
        page.headers["x-a"] = "2"  # type: ignore[index]
    user_agent = server.requests[0].headers["user-agent"]
    assert user_agent.startswith("weblens/")


async def test_the_user_agent_is_a_setting(make_fetcher: MakeFetcher, server: LoopbackServer) -> None:
    server.route("/", Response(body=b"<p>x</p>", headers=HTML))
    await make_fetcher(server.allow_entry, user_agent="agent/1.0").fetch(server.url("/"))
    assert server.requests[0].headers["user-agent"] == "agent/1.0"


async def test_fetch_and_fetch_error_events_are_logged(
    make_fetcher: MakeFetcher, server: LoopbackServer, trap: LoopbackServer
) -> None:
    server.route("/ok", Response(body=b"<p>12345</p>", headers=HTML))
    server.route("/missing", Response(404, b"", headers=HTML))
    fetcher = make_fetcher(server.allow_entry)
    with capture_logs() as logs:
        await fetcher.fetch(server.url("/ok"))
        with pytest.raises(HTTPError):
            await fetcher.fetch(server.url("/missing"))
        with pytest.raises(SSRFBlocked):
            await fetcher.fetch(trap.url("/"))
    fetch, missing, blocked = logs
    assert fetch["event"] == "fetch"
    assert fetch["url"] == server.url("/ok")
    assert (fetch["status"], fetch["bytes"]) == (200, 12)
    assert isinstance(fetch["ms"], float)
    assert missing["event"] == "fetch_error"
    assert (missing["code"], missing["stage"], missing["url"]) == (
        "http_error",
        "response",
        server.url("/missing"),
    )
    assert (blocked["code"], blocked["stage"]) == ("ssrf_blocked", "validate")


async def test_errors_carry_the_requested_url(make_fetcher: MakeFetcher, server: LoopbackServer) -> None:
    server.route("/e", Response(404, b"", headers=HTML))
    with pytest.raises(HTTPError) as info:
        await make_fetcher(server.allow_entry).fetch(server.url("/e"))
    assert info.value.url == server.url("/e")
    assert info.value.to_dict()["url"] == server.url("/e")


async def test_gzip_members_sent_in_separate_writes_all_arrive(
    make_fetcher: MakeFetcher, server: LoopbackServer
) -> None:
    import gzip

    parts = [f"<p>Part {n} of the page, sent as its own gzip member.</p>".encode() * 20 for n in range(3)]
    members = [gzip.compress(part) for part in parts]
    headers = {**HTML, "Content-Encoding": "gzip"}
    server.route("/members", Response(headers=headers, chunks=members, chunk_delay_s=0.05))
    page = await make_fetcher(server.allow_entry).fetch(server.url("/members"))
    assert page.body == b"".join(parts)


@pytest.mark.parametrize(
    ("body", "refused"),
    [(b"%PDF-1.4\n" + bytes(600), False), (b"<!doctype html><p>" + b"x" * 600, True), (bytes(600), True)],
)
async def test_octet_stream_is_read_only_when_its_first_bytes_are_a_pdf(
    make_fetcher: MakeFetcher, server: LoopbackServer, body: bytes, refused: bool
) -> None:
    server.route("/file", Response(body=body, headers={"Content-Type": "application/octet-stream"}))
    fetcher = make_fetcher(server.allow_entry)
    if refused:
        with pytest.raises(UnsupportedContentType) as info:
            await fetcher.fetch(server.url("/file"))
        assert info.value.content_type == "application/octet-stream"
    else:
        page = await fetcher.fetch(server.url("/file"))
        assert page.content_type == "application/pdf" and page.body == body
