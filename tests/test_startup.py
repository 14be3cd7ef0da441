"""The light commands load only what they need: no web server, no model runtime, no browser driver.

``weblens --version`` and ``weblens extract FILE`` are what scripts and agents call once per page; they
must not pay for importing FastAPI, onnxruntime or Playwright (``bench/startup.py`` times them).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

HEAVY = ("fastapi", "starlette", "uvicorn", "mcp", "onnxruntime", "playwright", "openai", "numpy", "httpx")
LIGHT_EXTRACT = ("pydantic_settings", "structlog", "rich", "asyncio")
"""What ``weblens extract`` on a small page does not load either when no ``WEBLENS_*`` variable is set:
the settings machinery, the log formatter, the console library, the event loop."""

PROBE = """
import json, sys
from weblens.cli import run
code = run(sys.argv[1:])
print(json.dumps({"code": code, "modules": sorted(sys.modules)}), file=sys.stderr)
"""


def _modules_loaded_by(*argv: str, env: dict[str, str] | None = None) -> tuple[int, set[str]]:
    done = subprocess.run(
        [sys.executable, "-c", PROBE, *argv],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env=env,
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


def _page(tmp_path: Path) -> Path:
    page = tmp_path / "page.html"
    page.write_text(
        "<html><head><title>A page</title></head><body><article><h1>A page</h1>"
        "<p>Some words of a short article, enough to extract. And a second sentence.</p>"
        "</article></body></html>"
    )
    return page


def test_extract_without_settings_loads_less(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("WEBLENS_")}
    code, loaded = _modules_loaded_by("extract", str(_page(tmp_path)), env=env)
    assert code == 0
    assert not loaded & set(LIGHT_EXTRACT), f"extract imported {sorted(loaded & set(LIGHT_EXTRACT))}"
    # a setting in the environment is read (then the settings machinery loads, as it must)
    page = tmp_path / "linked.html"
    page.write_text(
        "<html><body><article><h1>Linked</h1><p>A sentence with <a href='https://a.example/x'>a link</a>"
        " in it, long enough to be the text. And another sentence follows.</p></article></body></html>"
    )

    def markdown(**extra: str) -> str:
        done = subprocess.run(
            [sys.executable, "-m", "weblens", "extract", str(page)],
            capture_output=True, text=True, env={**env, **extra}, timeout=120, check=True,
        )  # fmt: skip
        return str(json.loads(done.stdout)["markdown"])

    assert "](https://a.example/x)" in markdown()
    assert "](https://a.example/x)" not in markdown(WEBLENS_MARKDOWN_LINKS="false")


def test_the_defaults_without_settings_are_the_settings_defaults() -> None:
    from weblens.config import Settings
    from weblens.defaults import MAX_DOWNLOAD_BYTES
    from weblens.extract import ExtractOptions
    from weblens.extracting import extract_options, pool_options
    from weblens.workers import PoolOptions

    defaults = Settings(_env_file=None)  # type: ignore[call-arg]
    assert extract_options(defaults) == ExtractOptions()
    assert pool_options(defaults) == PoolOptions()
    assert defaults.max_download_bytes == MAX_DOWNLOAD_BYTES


LAUNCH_PROBE = """
import os, sys
from weblens.launch import main
sys.argv = ["weblens", *sys.argv[1:]]
try:
    main()
except SystemExit:
    pass
from pydantic.plugin import _loader
print(repr(os.environ.get("PYDANTIC_DISABLE_PLUGINS")), _loader._plugins is not None, file=sys.stderr)
"""


@pytest.mark.parametrize(
    ("preset", "expected"),
    [(None, "'__all__' False"), ("", "'' True")],
    ids=["not-set: no plugin scan", "set-empty: the user's choice kept"],
)
def test_the_command_skips_pydantic_plugins_unless_asked(
    preset: str | None, expected: str, tmp_path: Path
) -> None:
    env = {k: v for k, v in os.environ.items() if k != "PYDANTIC_DISABLE_PLUGINS"}
    if preset is not None:
        env["PYDANTIC_DISABLE_PLUGINS"] = preset
    done = subprocess.run(
        [sys.executable, "-c", LAUNCH_PROBE, "extract", str(_page(tmp_path))],
        capture_output=True, text=True, env=env, timeout=120, check=True,
    )  # fmt: skip
    assert done.stderr.strip().splitlines()[-1] == expected
