"""``weblens batch`` / ``weblens worker`` as commands: usage errors are JSON errors, settings for reading."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from weblens.batch.plan import batch_settings
from weblens.cli import run
from weblens.config import Settings


def _error(capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) == 1
    error: dict[str, object] = json.loads(lines[0])["error"]
    return error


def test_a_missing_input_is_a_json_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["batch", str(tmp_path / "nope.txt"), "--out", str(tmp_path / "out.jsonl")]) == 2
    error = _error(capsys)
    assert error["code"] == "invalid_argument" and "no such file" in str(error["message"])


def test_an_existing_output_is_never_overwritten(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "urls.txt").write_text("http://127.0.0.1:9/\n")  # never read: the run stops first
    out = tmp_path / "out.jsonl"
    out.write_text("precious\n")
    assert run(["batch", str(tmp_path / "urls.txt"), "--out", str(out)]) == 2
    assert "--resume" in str(_error(capsys)["message"])
    assert out.read_text() == "precious\n"


def test_an_unreachable_queue_is_a_json_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from tests.support.services import free_port

    (tmp_path / "urls.txt").write_text("http://127.0.0.1:9/\n")  # never read: the run stops first
    queue = f"redis://127.0.0.1:{free_port()}/0"
    code = run(["batch", str(tmp_path / "urls.txt"), "--out", str(tmp_path / "o.jsonl"), "--queue", queue])
    assert code == 24
    assert _error(capsys)["code"] == "not_configured"


def test_a_batch_reads_with_enough_fetch_slots_and_the_worker_pool() -> None:
    s = batch_settings(Settings(), 32)
    assert s.max_concurrent_fetches == 32 and s.extract_inline_max_bytes == 16 * 1024
    mine = batch_settings(Settings(extract_inline_max_bytes=1_000_000, max_concurrent_fetches=64), 8)
    assert mine.extract_inline_max_bytes == 1_000_000 and mine.max_concurrent_fetches == 64


def test_a_worker_without_its_queue_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    from tests.support.services import free_port

    assert run(["worker", "--queue", f"redis://127.0.0.1:{free_port()}/0"]) == 24
    assert _error(capsys)["code"] == "not_configured"
