"""The README's examples run as written, against loopback.

A fenced block whose info string carries ``test=NAME`` (```` ```python test=langchain ````; GitHub
shows it as plain Python) is run: Python blocks with this interpreter, ``sh`` blocks line by line
with bash, each in a fresh process in a scratch directory. The only changes are those of the
environment, never of the code: the example URLs are served by a loopback server (the code's URL
strings are replaced by that server's, as a DNS entry would), the search provider is a fake Brave
on loopback speaking Brave's wire format, and ``WEBLENS_*`` settings allow the loopback server past
the SSRF guard, keep Chromium and the embedder out and the cache in the scratch directory. Each
block must exit 0 and show what :data:`EXPECTED` says it shows.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from tests.research.conftest import BAKING, KNITTING, TIDE, brave_results
from tests.support.fake_providers import PATHS, json_response
from tests.support.servers import LoopbackServer, Response

README = Path(__file__).resolve().parent.parent / "README.md"
FENCE = re.compile(r"^```(\w+)([^\n]*)\n(.*?)^```", re.MULTILINE | re.DOTALL)
PAGES = {"https://en.wikipedia.org/wiki/Tide_pool": TIDE}
"""The URLs the README's examples name, and the page each stands for."""

Check = Callable[[str, Path], None]


def _shows(*needles: str) -> Check:
    def check(stdout: str, _: Path) -> None:
        for needle in needles:
            assert needle in stdout, f"{needle!r} not in the output:\n{stdout}"

    return check


def _file(name: str, test: Callable[[str], bool]) -> Check:
    def check(_: str, cwd: Path) -> None:
        assert test((cwd / name).read_text(encoding="utf-8")), f"{name} is not what the README says"

    return check


EXPECTED: dict[str, Check] = {
    "stream": _shows("/10 Tide pools of the rocky shore", "10 pages read"),
    "gather-cli": _file("sources.md", lambda text: "[1] " in text and "[10] " in text),
    "langchain": _shows("Tide pools of the rocky shore 3 [", "'browse'", "'search'", "'gather'", "'answer'"),
    "llamaindex": _shows("Tide pools of the rocky shore http://127.0.0.1:"),
    "tools-cli": _file(
        "weblens-tools.json", lambda text: [t["name"] for t in json.loads(text)][:2] == ["extract", "browse"]
    ),
    "tools": _shows('"title":"Tide pools of the rocky shore"'),
}


def examples() -> list[tuple[str, str, str]]:
    """``(name, language, code)`` of every block tagged ``test=NAME`` in the README."""
    found = []
    for language, info, code in FENCE.findall(README.read_text(encoding="utf-8")):
        tag = re.search(r"\btest=([\w-]+)", info)
        if tag:
            found.append((tag.group(1), language, code))
    return found


def test_every_tagged_example_has_an_expectation_and_the_other_way_round() -> None:
    assert sorted(name for name, _, _ in examples()) == sorted(EXPECTED)


@pytest.fixture
def web(server: LoopbackServer) -> LoopbackServer:
    """The example pages and ten search results (the tide-pool page first) on loopback."""
    html = {"Content-Type": "text/html; charset=utf-8"}
    paths = [urlsplit(next(iter(PAGES))).path] + [f"/more/{i}" for i in range(1, 10)]
    server.route(paths[0], Response(body=TIDE.encode(), headers=html))
    for i, path in enumerate(paths[1:], 1):
        page = (BAKING if i % 2 else KNITTING).replace("<h1>", f"<h1>Part {i}: ")
        server.route(path, Response(body=page.encode(), headers=html))
    server.route(PATHS["brave"], json_response(brave_results(server, paths)))
    return server


def _environment(server: LoopbackServer, scratch: Path) -> dict[str, str]:
    own = ("WEBLENS_", "LANGSMITH_", "LANGCHAIN_", "LLAMA_", "OPENAI_", "ANTHROPIC_")  # no tracing, no keys
    env = {k: v for k, v in os.environ.items() if not k.startswith(own)}
    return {
        **env,
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}",
        "WEBLENS_ALLOW_HOSTS": server.allow_entry,
        "WEBLENS_PROVIDERS": "brave",
        "WEBLENS_BRAVE_API_KEY": "readme-test",
        "WEBLENS_BRAVE_ENDPOINT": server.url(PATHS["brave"]),
        "WEBLENS_RENDER": "never",
        "WEBLENS_EMBEDDER": "none",
        "WEBLENS_PER_DOMAIN_RATE_LIMIT": "off",
        "WEBLENS_CACHE_DIR": str(scratch / "cache"),
    }


def _served(code: str, server: LoopbackServer) -> str:
    for url in PAGES:
        code = code.replace(url, server.url(urlsplit(url).path))
    return code


@pytest.mark.parametrize(("name", "language", "code"), examples(), ids=[name for name, _, _ in examples()])
def test_the_readme_example_runs(
    name: str, language: str, code: str, web: LoopbackServer, tmp_path: Path
) -> None:
    code = _served(code, web)
    env = _environment(web, tmp_path)
    if language == "python":
        runs = [[sys.executable, "-c", code]]
    else:
        assert language == "sh", f"{name}: only python and sh blocks run"
        runs = [
            ["bash", "-c", line] for line in code.splitlines() if line.strip() and not line.startswith("#")
        ]
    stdout = ""
    for argv in runs:
        proc = subprocess.run(
            argv, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=240, check=False
        )
        assert proc.returncode == 0, f"{name} failed:\n{proc.stderr}"
        assert "Traceback" not in proc.stderr, proc.stderr
        stdout += proc.stdout
    EXPECTED[name](stdout, tmp_path)
