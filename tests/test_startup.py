"""The light commands load only what they need: no web server, no model runtime, no browser driver.

``weblens --version`` and ``weblens extract FILE`` are what scripts and agents call once per page; they
must not pay for importing FastAPI, onnxruntime or Playwright (``bench/startup.py`` times them).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

HEAVY = ("fastapi", "starlette", "uvicorn", "mcp", "onnxruntime", "playwright", "openai", "numpy", "httpx")

PROBE = """
import json, sys
from weblens.cli import run
code = run(sys.argv[1:])
print(json.dumps({"code": code, "modules": sorted(sys.modules)}), file=sys.stderr)
"""


def _modules_loaded_by(*argv: str) -> tuple[int, set[str]]:
    done = subprocess.run(
        [sys.executable, "-c", PROBE, *argv], capture_output=True, text=True, timeout=120, check=False
    )
    report = json.loads(done.stderr.strip().splitlines()[-1])
    return report["code"], {name.split(".")[0] for name in report["modules"]}


@pytest.mark.parametrize(
    "argv",
    [("--version",), ("extract", "PAGE"), ("extract", "PAGE", "--format", "markdown"), ("tools",)],
    ids=["version", "extract", "extract-markdown", "tools"],
)
def test_light_commands_load_no_server_model_or_browser(argv: tuple[str, ...], tmp_path: Path) -> None:
    page = tmp_path / "page.html"
    page.write_text(
        "<html><head><title>A page</title></head><body><article><h1>A page</h1>"
        "<p>Some words of a short article, enough to extract. And a second sentence.</p>"
        "</article></body></html>"
    )
    code, loaded = _modules_loaded_by(*(str(page) if arg == "PAGE" else arg for arg in argv))
    assert code == 0
    assert not loaded & set(HEAVY), f"{argv} imported {sorted(loaded & set(HEAVY))}"


def test_the_probe_sees_heavy_imports_when_a_command_needs_them() -> None:
    """The check above can fail: ``browse`` loads the HTTP client (here refused before any connection:
    a loopback address is not on the allow-list)."""
    code, loaded = _modules_loaded_by("browse", "http://127.0.0.1:9/", "--render", "never", "--no-cache")
    assert code != 0
    assert "httpx" in loaded
