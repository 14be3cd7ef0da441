"""Bad invocations, settings and files: always one JSON error object, a fitting exit code, no traceback."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from weblens.cli import run

URL = "https://example.org/a"

BAD_INVOCATIONS: list[tuple[str, list[str], str]] = [
    ("missing url", ["browse"], "url"),
    ("unknown option", ["browse", URL, "--bogus"], ""),
    ("unknown enum value", ["browse", URL, "--render", "sometimes"], "render"),
    ("negative timeout", ["browse", URL, "--timeout", "-1"], "timeout_s"),
    ("nan timeout", ["browse", URL, "--timeout", "nan"], "timeout_s"),
    ("infinite timeout", ["browse", URL, "--timeout", "inf"], "timeout_s"),
    ("word as timeout", ["browse", URL, "--timeout", "soon"], "timeout_s"),
    ("zero render timeout", ["browse", URL, "--render-timeout", "0"], "render_timeout_s"),
    ("zero max length", ["browse", URL, "--max-length", "0"], "max_length"),
    ("negative max length", ["browse", URL, "--max-length", "-5"], "max_length"),
    ("negative start index", ["browse", URL, "--start-index", "-1"], "start_index"),
    ("unknown wait", ["browse", URL, "--wait", "soon"], "wait"),
    ("empty selector wait", ["browse", URL, "--wait", "selector:"], "wait"),
    ("allow-host without port", ["browse", URL, "--allow-host", "127.0.0.1"], "allow_hosts"),
    ("allow-host without host", ["browse", URL, "--allow-host", ":80"], "allow_hosts"),
    ("unknown log level", ["browse", URL, "--log-level", "verbose"], "log_level"),
    ("unknown log format", ["browse", URL, "--log-format", "xml"], "log_format"),
    ("unknown output format", ["browse", URL, "--format", "yaml"], "fmt"),
    ("extra positional", ["browse", URL, "another"], ""),
    ("empty url", ["browse", ""], "url"),
    ("empty query", ["search", ""], "query"),
    ("blank query", ["search", "   "], "query"),
    ("zero results", ["search", "q", "--max-results", "0"], "max_results"),
    ("too many results", ["search", "q", "--max-results", "21"], "max_results"),
    ("zero recency", ["search", "q", "--recency-days", "0"], "recency_days"),
    ("unknown provider", ["search", "q", "--provider", "nosuch"], "providers"),
    ("too many reads", ["search", "q", "--read", "21"], "read"),
    ("negative read", ["search", "q", "--read", "-1"], "read"),
    ("word as read", ["search", "q", "--read", "x"], "read"),
    ("empty site", ["search", "q", "--site", ""], "site_include"),
    ("gather reads too many", ["gather", "q", "--read", "21"], "read"),
    ("missing file", ["extract", "/nonexistent/page.html"], "file"),
    ("unknown command", ["nosuchcommand"], ""),
    ("bad port", ["serve", "--port", "99999"], "port"),
    ("bad transport", ["mcp", "--transport", "carrier-pigeon"], "transport"),
]


def _error(capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
    out = capsys.readouterr().out.strip().splitlines()
    assert len(out) == 1, f"expected one JSON line on stdout, got {out!r}"
    error = json.loads(out[0])["error"]
    assert isinstance(error, dict)
    return error


@pytest.mark.parametrize(("case", "argv", "field"), BAD_INVOCATIONS, ids=[c[0] for c in BAD_INVOCATIONS])
def test_bad_invocation_is_one_json_error_and_exit_2(
    case: str, argv: list[str], field: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code = run(argv)
    error = _error(capsys)
    assert code == 2, case
    assert error["code"] == "invalid_argument"
    assert error["message"]
    if field:
        assert error["field"] == field or field in str(error["message"])


def test_a_directory_as_file_is_a_usage_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["extract", str(tmp_path)]) == 2
    assert _error(capsys)["field"] == "file"


def test_a_bad_url_for_extract_is_refused_before_reading(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["extract", "/nonexistent", "--url", "http://[::1"]) == 2
    assert _error(capsys)["code"] == "invalid_argument"


BAD_ENVIRONMENT = [
    ("WEBLENS_TIMEOUT_S", "-1", "WEBLENS_TIMEOUT_S"),
    ("WEBLENS_CACHE", "mongo", "WEBLENS_CACHE"),
    ("WEBLENS_MAX_RESULTS", "abc", "WEBLENS_MAX_RESULTS"),
    ("WEBLENS_RATE_LIMIT", "fast", "WEBLENS_RATE_LIMIT"),
    ("WEBLENS_RENDER_WAIT", "soon", "WEBLENS_RENDER_WAIT"),
    ("WEBLENS_LOG_LEVEL", "verbose", "WEBLENS_LOG_LEVEL"),
    ("WEBLENS_ALLOW_HOSTS", "127.0.0.1", "allow_hosts"),
]


@pytest.mark.parametrize(("name", "value", "named"), BAD_ENVIRONMENT, ids=[e[0] for e in BAD_ENVIRONMENT])
def test_a_bad_setting_in_the_environment_names_the_variable(
    name: str, value: str, named: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv(name, value)
    assert run(["browse", URL]) == 2
    error = _error(capsys)
    assert error["code"] == "invalid_argument"
    assert named in str(error["message"])


def test_a_missing_config_file_is_an_error(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("WEBLENS_CONFIG", "/nonexistent/weblens.toml")
    assert run(["browse", URL]) == 2
    assert "missing file" in str(_error(capsys)["message"])


@pytest.mark.parametrize(
    ("content", "says"),
    [
        ("timeout_s = = 3\n", "not valid TOML"),
        ("timeout = 3\n", "did you mean timeout_s"),
        ("timeout_s = -2\n", "timeout_s"),
    ],
    ids=["malformed", "unknown key", "bad value"],
)
def test_a_bad_config_file_is_an_error(
    content: str,
    says: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = tmp_path / "weblens.toml"
    path.write_text(content)
    monkeypatch.setenv("WEBLENS_CONFIG", str(path))
    assert run(["browse", URL]) == 2
    assert says in str(_error(capsys)["message"])


def test_an_unknown_variable_is_named_with_the_closest_setting(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.setenv("WEBLENS_TIMEOUT", "3")
    page = tmp_path / "p.html"
    page.write_text("<html><title>T</title><body><p>Some words here.</p></body></html>")
    assert run(["extract", str(page)]) == 0
    err = capsys.readouterr().err
    assert "WEBLENS_TIMEOUT is not a weblens setting" in err and "WEBLENS_TIMEOUT_S" in err


def test_serving_beyond_loopback_without_keys_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["serve", "--host", "0.0.0.0", "--port", "0"]) == 2
    assert "API keys" in str(_error(capsys)["message"])


def test_version_and_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["--version"]) == 0
    assert capsys.readouterr().out.startswith("weblens ")
    assert run([]) == 0
    assert "Commands" in capsys.readouterr().out


def test_a_real_process_never_prints_a_traceback() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "weblens", "browse", URL, "--timeout", "nan"],
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 2
    assert b"Traceback" not in proc.stderr + proc.stdout
    assert json.loads(proc.stdout)["error"]["code"] == "invalid_argument"


@pytest.mark.parametrize(
    ("content", "code", "exit_code"),
    [
        (b"", "invalid_argument", 2),
        (b"  \n\t ", "invalid_argument", 2),
        (b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 8, "unsupported_content_type", 18),
        (b"PK\x03\x04" + bytes(range(256)) * 8, "unsupported_content_type", 18),
        (bytes((i * 7919 + 13) % 256 for i in range(4000)), "unsupported_content_type", 18),
    ],
    ids=["empty", "blank", "png", "zip", "random bytes"],
)
def test_a_file_that_is_no_document_is_an_error_not_an_empty_page(
    content: bytes, code: str, exit_code: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "input.bin"
    path.write_bytes(content)
    assert run(["extract", str(path)]) == exit_code
    assert _error(capsys)["code"] == code


def test_a_gzip_file_is_read_decompressed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import gzip

    page = b"<html><head><title>Packed</title></head><body><p>" + b"Tide pools hold anemones. " * 30 + b"</p>"
    path = tmp_path / "page.html.gz"
    path.write_bytes(gzip.compress(page[:400]) + gzip.compress(page[400:]))  # two members
    assert run(["extract", str(path)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["title"] == "Packed" and data["text"].count("Tide pools hold anemones.") == 30
