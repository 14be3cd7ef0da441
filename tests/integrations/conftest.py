"""Pages and a fake search provider on loopback for the integration tests (the research tests' Web)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.research.conftest import BAKING, KNITTING, TIDE, Web
from tests.support.servers import LoopbackServer

__all__ = ["BAKING", "KNITTING", "TIDE", "Web"]


@pytest.fixture
def web(server: LoopbackServer, tmp_path: Path) -> Web:
    web = Web(server, tmp_path)
    web.page("/tide", TIDE)
    web.page("/bread", BAKING)
    web.page("/scarf", KNITTING)
    web.results("/bread", "/tide", "/scarf")
    return web


@pytest.fixture(autouse=True)
def _no_tracing(monkeypatch: pytest.MonkeyPatch) -> None:
    """The frameworks send traces to their hosted services when told to by the environment; these
    tests never leave the machine, whatever the developer's shell says."""
    for key in list(os.environ):
        if key.startswith(("LANGSMITH_", "LANGCHAIN_", "LLAMA_", "OPENAI_", "ANTHROPIC_")):
            monkeypatch.delenv(key)
