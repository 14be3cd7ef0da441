"""The MCP server with the real mcp client: over stdio (a `weblens mcp` subprocess) and streamable HTTP."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from mcp.client import Client
from mcp.client.stdio import StdioServerParameters

from tests.server.support import wait_for_port
from tests.support.pages import page
from tests.support.servers import LoopbackServer, Response
from tests.support.services import free_port

HTML = {"Content-Type": "text/html; charset=utf-8"}


def long_article(paragraphs: int = 120) -> bytes:
    body = "".join(
        f"<p>Paragraph {i}: tide pools hold anemones, limpets and small fish that wait for the sea. "
        f"Each pool is a world of its own, counted and described here in detail number {i}.</p>"
        for i in range(paragraphs)
    )
    head = "<html><head><title>Tide pools at length</title></head>"
    return f"{head}<body><article><h1>Tide pools at length</h1>{body}</article></body></html>".encode()


def env(tmp_path: Path, **extra: str) -> dict[str, str]:
    return {
        **{k: v for k, v in os.environ.items() if not k.startswith("WEBLENS_")},
        "WEBLENS_CACHE_DIR": str(tmp_path / "cache"),
        **extra,
    }


def stdio(server: LoopbackServer, tmp_path: Path) -> StdioServerParameters:
    return StdioServerParameters(
        command=sys.executable,
        args=["-m", "weblens", "mcp", "--allow-host", server.allow_entry],
        env=env(tmp_path),
    )


async def test_stdio_tools_browse_in_pieces_and_errors(server: LoopbackServer, tmp_path: Path) -> None:
    server.route("/long", Response(body=long_article(), headers=HTML))
    async with Client(stdio(server, tmp_path)) as client:
        tools = {tool.name: tool for tool in (await client.list_tools()).tools}
        assert {"browse", "extract", "search", "gather"} <= set(tools)
        assert tools["browse"].annotations is not None and tools["browse"].annotations.read_only_hint
        assert tools["browse"].input_schema["properties"]["max_length"]["default"] == 20_000

        whole = await client.call_tool("browse", {"url": server.url("/long"), "max_length": 10_000_000})
        assert not whole.is_error
        full = whole.structured_content["markdown"]  # type: ignore[index]
        assert len(full) > 2_500

        pieces: list[str] = []
        start = 0
        texts: list[str] = []
        while True:
            got = await client.call_tool(
                "browse", {"url": server.url("/long"), "max_length": 1000, "start_index": start}
            )
            assert not got.is_error
            content: dict[str, Any] = got.structured_content  # type: ignore[assignment]
            pieces.append(content["markdown"])
            texts.append(got.content[0].text)  # type: ignore[union-attr]
            start += 1000
            if start >= len(full):
                break
        assert "".join(pieces) == full  # the pieces join with no gap and no overlap
        assert texts[0].startswith("# Tide pools at length")
        assert "start_index=1000" in texts[0] and "<truncated>" in texts[0]
        assert not texts[1].startswith("# Tide pools")
        assert "<truncated>" not in texts[-1]

        blocked = await client.call_tool("browse", {"url": "http://169.254.169.254/latest/meta-data/"})
        assert blocked.is_error and blocked.content[0].text.startswith("ssrf_blocked:")  # type: ignore[union-attr]
        bad = await client.call_tool("browse", {"url": server.url("/long"), "bogus": 1})
        assert bad.is_error and bad.content[0].text.startswith("invalid_argument:")  # type: ignore[union-attr]
        missing = await client.call_tool("browse", {})
        assert missing.is_error and missing.content[0].text.startswith("invalid_argument:")  # type: ignore[union-attr]

        extracted = await client.call_tool(
            "extract", {"html": page("article.html").decode(), "url": "https://a.example/"}
        )
        assert "stranded on the rocky shore" in extracted.content[0].text  # type: ignore[union-attr]


@pytest.fixture
def mcp_http(server: LoopbackServer, tmp_path: Path) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    port = free_port()
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "weblens",
            "mcp",
            "--transport",
            "http",
            "--port",
            str(port),
            "--allow-host",
            server.allow_entry,
        ],
        env=env(tmp_path, WEBLENS_API_KEYS="secret-key"),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        wait_for_port(port, proc, timeout_s=30)
        yield f"http://127.0.0.1:{port}/mcp", proc
    finally:
        proc.terminate()
        proc.communicate(timeout=30)  # waits and closes the pipes


async def test_streamable_http_with_an_api_key(
    mcp_http: tuple[str, subprocess.Popen[bytes]], server: LoopbackServer
) -> None:
    import httpx2
    from mcp.client.streamable_http import streamable_http_client

    url, proc = mcp_http
    server.route("/article", Response(body=page("article.html"), headers=HTML))
    async with httpx.AsyncClient() as plain:
        refused = await plain.post(url, json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"})
    assert refused.status_code == 401 and refused.json()["error"]["code"] == "unauthorized"
    async with (
        httpx2.AsyncClient(headers={"Authorization": "Bearer secret-key"}, timeout=60) as http,
        Client(streamable_http_client(url, http_client=http)) as client,
    ):
        names = {tool.name for tool in (await client.list_tools()).tools}
        assert "browse" in names
        got = await client.call_tool("browse", {"url": server.url("/article")})
        assert not got.is_error
        assert "stranded on the rocky shore" in got.content[0].text  # type: ignore[union-attr]
    assert proc.poll() is None


def test_stdio_stdout_carries_protocol_messages_only(server: LoopbackServer, tmp_path: Path) -> None:
    """Even with info logging on, stdout holds nothing but JSON-RPC messages (logs go to stderr)."""
    import json

    server.route("/article", Response(body=page("article.html"), headers=HTML))
    init = {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}
    calls = {
        2: {"name": "browse", "arguments": {"url": server.url("/article")}},
        3: {"name": "browse", "arguments": {"url": "http://10.0.0.1/"}},
    }
    proc = subprocess.Popen(
        [sys.executable, "-m", "weblens", "mcp", "--allow-host", server.allow_entry, "--log-level", "info"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env(tmp_path),
    )
    assert proc.stdin is not None and proc.stdout is not None

    def send(message: dict[str, Any]) -> None:
        assert proc.stdin is not None
        proc.stdin.write(json.dumps(message).encode() + b"\n")
        proc.stdin.flush()

    replies: dict[int, dict[str, Any]] = {}
    try:
        send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": init})
        send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        for ident, params in calls.items():
            send({"jsonrpc": "2.0", "id": ident, "method": "tools/call", "params": params})
        while len(replies) < 3:
            line = proc.stdout.readline()
            assert line, "the server closed stdout early"
            reply = json.loads(line)  # every line parses: nothing but protocol messages on stdout
            assert reply.get("jsonrpc") == "2.0"
            if "id" in reply:
                replies[reply["id"]] = reply
    finally:
        proc.stdin.close()
        proc.wait(timeout=60)
        assert proc.stderr is not None
        err = proc.stderr.read()
        proc.stdout.close()
        proc.stderr.close()
    assert "stranded on the rocky shore" in replies[2]["result"]["content"][0]["text"]
    assert replies[3]["result"]["isError"] is True
    assert b"fetch" in err  # the info log events went to stderr
