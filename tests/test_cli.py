"""The weblens command, run as a real subprocess against local servers."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.support.fake_providers import PATHS, recorded_response
from tests.support.pages import page
from tests.support.servers import LoopbackServer, Response
from weblens.cli import EXIT_CODES
from weblens.models import PageExtract

HTML = {"Content-Type": "text/html; charset=utf-8"}


def weblens(
    *args: str, stdin: bytes | None = None, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "weblens.cli", *args],
        input=stdin,
        capture_output=True,
        timeout=120,
        env={**os.environ, **(env or {})},
        check=False,
    )


def stdout_json(proc: subprocess.CompletedProcess[bytes]) -> Any:
    lines = proc.stdout.decode().strip().splitlines()
    assert len(lines) == 1, f"expected one JSON line on stdout, got {proc.stdout!r} / {proc.stderr!r}"
    return json.loads(lines[0])


def test_browse_prints_one_typed_page_extract(server: LoopbackServer) -> None:
    server.route("/article", Response(body=page("article.html"), headers=HTML))
    proc = weblens("browse", server.url("/article"), "--allow-host", server.allow_entry, "--format", "json")
    assert proc.returncode == 0, proc.stderr
    data = stdout_json(proc)
    extract = PageExtract.model_validate(data)  # every field present with its type
    assert set(data) == set(PageExtract.model_fields)
    assert extract.final_url == server.url("/article")
    assert isinstance(data["confidence"], float) and isinstance(data["word_count"], int)
    assert isinstance(data["links"], list) and isinstance(data["warnings"], list)
    assert "stranded on the rocky shore" in extract.text


def test_second_browse_command_hits_the_sqlite_cache(server: LoopbackServer) -> None:
    server.route("/article", Response(body=page("article.html"), headers=HTML))
    args = ("browse", server.url("/article"), "--allow-host", server.allow_entry)
    first, second = stdout_json(weblens(*args)), stdout_json(weblens(*args))
    assert first["from_cache"] is False and second["from_cache"] is True
    assert len(server.requests) == 1
    third = stdout_json(weblens(*args, "--refresh"))
    assert third["from_cache"] is False and len(server.requests) == 2
    fourth = stdout_json(weblens(*args, "--no-cache"))
    assert fourth["from_cache"] is False and len(server.requests) == 3


@pytest.mark.parametrize(
    ("url_path", "allow", "code"),
    [
        ("/article", False, "ssrf_blocked"),
        ("/missing", True, "http_error"),
    ],
)
def test_errors_print_error_json_and_exit_with_their_code(
    server: LoopbackServer, url_path: str, allow: bool, code: str
) -> None:
    server.route("/article", Response(body=page("article.html"), headers=HTML))
    extra = ["--allow-host", server.allow_entry] if allow else []
    proc = weblens("browse", server.url(url_path), *extra, "--format", "json")
    assert proc.returncode == EXIT_CODES[code]
    error = stdout_json(proc)["error"]
    assert error["code"] == code
    assert error["url"] and error["message"]
    if not allow:
        assert server.connections == 0


def test_invalid_url_exit_code_and_message_on_stderr_for_text_format() -> None:
    proc = weblens("browse", "http://2130706433/", "--format", "text")
    assert proc.returncode == EXIT_CODES["invalid_url"]
    assert proc.stdout == b""
    assert b"invalid_url" in proc.stderr


def test_exit_codes_are_distinct() -> None:
    assert EXIT_CODES["invalid_argument"] == 2 and EXIT_CODES["internal_error"] == 1
    classes = {
        code: value
        for code, value in EXIT_CODES.items()
        if code not in ("invalid_argument", "internal_error")
    }
    assert len(set(classes.values())) == len(classes)
    assert not {0, 1, 2} & set(classes.values())


def test_extract_reads_stdin_and_prints_markdown() -> None:
    proc = weblens(
        "extract", "-", "--url", "https://example.org/a", "--format", "markdown", stdin=page("article.html")
    )
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout.decode()
    assert "stranded on the rocky shore" in out
    assert "Source: <https://example.org/a>" in out


def test_extract_file_json(tmp_path: Path) -> None:
    path = tmp_path / "a.html"
    path.write_bytes(page("article.html"))
    data = stdout_json(weblens("extract", str(path)))
    assert data["extraction_method"] != "render"
    assert data["word_count"] > 300


def test_json_log_lines_go_to_stderr(server: LoopbackServer) -> None:
    server.route("/article", Response(body=page("article.html"), headers=HTML))
    proc = weblens(
        "browse",
        server.url("/article"),
        "--allow-host",
        server.allow_entry,
        "--log-format",
        "json",
        "--log-level",
        "info",
    )
    assert proc.returncode == 0
    stdout_json(proc)  # stdout is exactly one JSON object
    events = [json.loads(line) for line in proc.stderr.decode().splitlines() if line.startswith("{")]
    assert any(e["event"] == "fetch" and e["status"] == 200 for e in events)


def test_search_budget_is_shared_by_separate_processes(server: LoopbackServer, shared_dir: Path) -> None:
    server.route(PATHS["duckduckgo"], recorded_response(shared_dir, "duckduckgo/html_results_1.html"))
    env = {
        "WEBLENS_PROVIDERS": "duckduckgo",
        "WEBLENS_DUCKDUCKGO_ENDPOINT": server.url(PATHS["duckduckgo"]),
        "WEBLENS_MAX_SEARCHES_PER_HOUR": "1",
    }
    first = weblens("search", "first question", env=env)
    assert first.returncode == 0, first.stderr
    assert stdout_json(first)["provider_used"] == "duckduckgo"
    second = weblens("search", "second question", env=env)
    assert second.returncode == EXIT_CODES["budget_exceeded"]
    assert stdout_json(second)["error"]["code"] == "budget_exceeded"
    assert len(server.requests) == 1


def test_markdown_view_shows_the_title_heading_once() -> None:
    body = " ".join(f"Sentence {i} says something plain about the tides." for i in range(10))
    html = (
        "<html><head><title>Tides Of The North Sea - Coast Notes</title></head><body>"
        "<header><h1>Tides of the  north sea</h1><nav><a href='/'>Home</a></nav></header>"
        f"<div id='text'><p>{body}</p><p>{body}</p></div></body></html>"
    )
    proc = weblens("extract", "-", "--format", "markdown", stdin=html.encode())
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout.decode()
    assert out.startswith("# Tides of the north sea\n") and out.lower().count("north sea") == 1, out
