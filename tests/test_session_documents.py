"""Lens.browse reads documents (PDF, plain text, Markdown, JSON) by their Content-Type, on loopback."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.pdfs import make_pdf
from tests.support.servers import LoopbackServer, Response
from tests.test_session_browse import settings_for
from weblens import Lens
from weblens.errors import EncryptedDocument, SizeLimitExceeded, UnsupportedContentType
from weblens.models import Outcome
from weblens.render.base import StaticRenderer

PDF = make_pdf(
    [["Field guide to tide pools.", "Anemones close when the water leaves them."]] * 3,
    title="Tide Pool Field Guide",
    author="Rosa Quint",
)
ARTICLE = (
    b"<html><head><title>Tide pools</title></head><body><article><p>"
    + b"A tide pool is a rocky pool on the shore that the sea fills at high tide. " * 20
    + b"</p></article></body></html>"
)


@pytest.mark.parametrize("declared", ["application/pdf", "application/octet-stream", None])
async def test_a_pdf_is_read_when_declared_or_labelled_binary_or_unlabelled(
    server: LoopbackServer, tmp_path: Path, declared: str | None
) -> None:
    headers = {"Content-Type": declared} if declared else {}
    server.route("/guide.pdf", Response(body=PDF, headers=headers))
    renderer = StaticRenderer({})
    async with Lens(settings_for(server, tmp_path), renderer=renderer) as lens:
        result = await lens.browse(server.url("/guide.pdf"))
    assert result.outcome is Outcome.OK
    assert result.title == "Tide Pool Field Guide" and result.author == "Rosa Quint"
    assert "Anemones close" in result.text
    assert result.content_type == "application/pdf" and result.status == 200
    assert renderer.jobs == [], "a document is never sent to the browser"


async def test_html_labelled_as_a_binary_type_stays_refused(server: LoopbackServer, tmp_path: Path) -> None:
    server.route("/page", Response(body=ARTICLE, headers={"Content-Type": "application/octet-stream"}))
    async with Lens(settings_for(server, tmp_path)) as lens:
        with pytest.raises(UnsupportedContentType) as info:
            await lens.browse(server.url("/page"))
    assert info.value.code == "unsupported_content_type"


async def test_an_encrypted_pdf_fails_with_extraction_failed(server: LoopbackServer, tmp_path: Path) -> None:
    locked = make_pdf([["Board minutes."]], user_password="secret")
    server.route("/locked.pdf", Response(body=locked, headers={"Content-Type": "application/pdf"}))
    async with Lens(settings_for(server, tmp_path)) as lens:
        with pytest.raises(EncryptedDocument) as info:
            await lens.browse(server.url("/locked.pdf"))
    assert info.value.code == "extraction_failed"


async def test_a_pdf_over_the_size_cap_is_refused(server: LoopbackServer, tmp_path: Path) -> None:
    server.route("/big.pdf", Response(body=PDF, headers={"Content-Type": "application/pdf"}))
    async with Lens(settings_for(server, tmp_path, max_download_bytes=len(PDF) // 2)) as lens:
        with pytest.raises(SizeLimitExceeded) as info:
            await lens.browse(server.url("/big.pdf"))
    assert info.value.code == "size_limit_exceeded"


@pytest.mark.parametrize(
    ("declared", "body", "expected_text", "expected_markdown"),
    [
        (
            "text/markdown; charset=utf-8",
            b"# Tides\n\nThe **moon** pulls.",
            "Tides\n\nThe moon pulls.",
            "**moon**",
        ),
        ("application/json", b'{"tide":"high"}', '{\n  "tide": "high"\n}', "```json"),
        (None, b'{"tide":"low"}', '{\n  "tide": "low"\n}', "```json"),
    ],
)
async def test_markdown_and_json_are_read_by_type_or_sniffed_without_one(
    server: LoopbackServer,
    tmp_path: Path,
    declared: str | None,
    body: bytes,
    expected_text: str,
    expected_markdown: str,
) -> None:
    server.route("/doc", Response(body=body, headers={"Content-Type": declared} if declared else {}))
    async with Lens(settings_for(server, tmp_path)) as lens:
        result = await lens.browse(server.url("/doc"))
    assert result.text == expected_text
    assert expected_markdown in result.markdown
