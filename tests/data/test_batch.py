"""`weblens batch --data-schema`: every page line carries its typed data; a bad schema stops the run first."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.data.conftest import Site
from tests.data.test_model import SCHEMA
from weblens.cli import run


def test_each_page_line_carries_its_data(
    site: Site, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    urls = tmp_path / "urls.txt"
    urls.write_text(f"{site.server.url('/kettle')}\n{site.server.url('/week')}\nhttp://10.0.0.1/\n")
    schema = tmp_path / "schema.json"
    schema.write_text(json.dumps(SCHEMA))
    out = tmp_path / "out.jsonl"
    args = [
        "batch",
        str(urls),
        "--out",
        str(out),
        "--data-schema",
        str(schema),
        "--allow-host",
        site.server.allow_entry,
    ]
    assert run(args) == 0, capsys.readouterr()
    lines = {json.loads(line)["input"]: json.loads(line) for line in out.read_text().splitlines()}
    kettle = lines[site.server.url("/kettle")]
    assert kettle["data"]["data"]["price"] == 34.9 and kettle["page"]["title"]
    assert kettle["data"]["fields"][0]["pointer"].startswith("/json-ld/")
    assert (
        "data" in lines[site.server.url("/week")]
        and lines[site.server.url("/week")]["data"]["data"]["price"] is None
    )
    assert lines["http://10.0.0.1/"]["error"]["code"] == "ssrf_blocked"


def test_a_bad_schema_stops_the_run_before_any_read(
    site: Site, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    urls = tmp_path / "urls.txt"
    urls.write_text(site.server.url("/kettle") + "\n")
    schema = tmp_path / "schema.json"
    schema.write_text('{"type": "string"}')
    assert run(["batch", str(urls), "--out", str(tmp_path / "o.jsonl"), "--data-schema", str(schema)]) == 2
    assert json.loads(capsys.readouterr().out)["error"]["code"] == "invalid_argument"
    assert site.server.connections == 0
