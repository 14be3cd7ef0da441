"""The data operation through the CLI (schema and selectors as JSON files), HTTP and MCP."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import httpx

from tests.data.conftest import Site
from tests.data.test_model import SCHEMA
from weblens import Lens
from weblens.models import DataResult
from weblens.server.http import create_app
from weblens.server.mcp import LensHolder, build_mcp_server


def _cli(site: Site, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "WEBLENS_RENDER": "never", "WEBLENS_EMBEDDER": "none", "WEBLENS_CACHE": "none"}
    return subprocess.run(
        [sys.executable, "-m", "weblens", "data", *args, "--allow-host", site.server.allow_entry],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )


def test_cli_reads_the_schema_and_selectors_from_files(site: Site, tmp_path: Path) -> None:
    schema = tmp_path / "schema.json"
    schema.write_text(json.dumps(SCHEMA))
    proc = _cli(site, site.server.url("/kettle"), "--schema", str(schema))
    assert proc.returncode == 0, proc.stderr
    result = DataResult.model_validate_json(proc.stdout)
    assert result.data["price"] == 34.9 and any("model endpoint" in w for w in result.warnings)

    selectors = tmp_path / "cards.json"
    selectors.write_text(
        json.dumps(
            {"base": "li.card", "fields": {"name": "h3", "url": {"selector": "a", "attribute": "href"}}}
        )
    )
    proc = _cli(
        site, site.server.url("/week"), "--selectors", str(selectors), "--sources", "selectors", "-f", "text"
    )
    assert proc.returncode == 0, proc.stderr
    assert '"name": "Elysian Fields"' in proc.stdout and "[selector]" in proc.stdout


def test_cli_errors_are_json_with_the_option_named(site: Site, tmp_path: Path) -> None:
    proc = _cli(site, site.server.url("/kettle"), "--schema", str(tmp_path / "missing.json"))
    assert proc.returncode == 2
    error = json.loads(proc.stdout)["error"]
    assert error["code"] == "invalid_argument" and error["message"].startswith("--schema: cannot read")
    bad = tmp_path / "bad.json"
    bad.write_text('{"type": "object", "properties": {"a": {"type": "string", "if": {}}}}')
    proc = _cli(site, site.server.url("/kettle"), "--schema", str(bad))
    assert proc.returncode == 2 and "unsupported keyword 'if'" in json.loads(proc.stdout)["error"]["message"]
    proc = _cli(site, site.server.url("/kettle"), "--schema", str(bad), "--sources", "llm")
    assert proc.returncode == 2  # the schema is checked first
    good = tmp_path / "good.json"
    good.write_text(json.dumps(SCHEMA))
    proc = _cli(site, site.server.url("/kettle"), "--schema", str(good), "--sources", "llm")
    assert proc.returncode == 24 and json.loads(proc.stdout)["error"]["code"] == "not_configured"


async def test_http_post_v1_data(site: Site) -> None:
    settings = site.settings()
    async with Lens(settings) as lens:
        app = create_app(settings, lens=lens)
        transport = httpx.ASGITransport(app=app, client=("127.0.0.1", 5000))
        async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as client:
            ok = await client.post("/v1/data", json={"url": site.server.url("/kettle"), "schema": SCHEMA})
            bad = await client.post(
                "/v1/data", json={"url": site.server.url("/kettle"), "schema": {"type": "string"}}
            )
            tables = await client.post(
                "/v1/data", json={"url": site.server.url("/rain"), "sources": ["tables"]}
            )
    assert ok.status_code == 200 and ok.json()["data"]["price"] == 34.9
    assert bad.status_code == 400 and bad.json()["error"]["code"] == "invalid_argument"
    assert len(tables.json()["data"]["tables"]) == 2


async def test_mcp_data_tool(site: Site) -> None:
    async with LensHolder(site.settings()) as holder:
        server = build_mcp_server(holder)
        result = await server.call_tool("data", {"url": site.server.url("/kettle"), "schema": SCHEMA})
        failed = await server.call_tool("data", {"url": "http://10.0.0.1/", "schema": SCHEMA})
    text = result.content[0].text if hasattr(result, "content") else str(result)
    assert '"price": 34.9' in text and "/json-ld/0/@graph/1/offers/price" in text
    failed_text = failed.content[0].text if hasattr(failed, "content") else str(failed)
    assert failed_text.startswith("ssrf_blocked")
