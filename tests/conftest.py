"""Fixtures shared by the whole suite."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

from tests.support.servers import LoopbackServer

# Tests never assert wall-clock time: hypothesis's per-example deadline would, on a busy machine.
settings.register_profile("weblens", deadline=None)
# `pytest --hypothesis-profile=thorough tests/extract`: many more examples, to run before a release.
settings.register_profile("thorough", parent=settings.get_profile("weblens"), max_examples=1000)
settings.load_profile("weblens")

REPO = Path(__file__).resolve().parent.parent


def _shared_dir() -> Path:
    return Path(os.environ.get("WEBLENS_SHARED", REPO.parent / "shared")).resolve()


@pytest.fixture(scope="session")
def shared_dir() -> Path:
    """The project's shared data (../shared: benchmark corpus, recorded provider responses)."""
    path = _shared_dir()
    if not path.is_dir():
        pytest.skip(f"shared data not found at {path}; set WEBLENS_SHARED")
    return path


@pytest.fixture
def server() -> Iterator[LoopbackServer]:
    """A fresh loopback HTTP server; add routes with server.route(path, Response(...))."""
    with LoopbackServer() as srv:
        yield srv


@pytest.fixture(autouse=True)
def _isolated_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No test reads the developer's config, cache or allow-list."""
    for key in list(os.environ):
        if key.startswith("WEBLENS_") and key != "WEBLENS_SHARED":
            monkeypatch.delenv(key)
    monkeypatch.setenv("WEBLENS_CACHE_DIR", str(tmp_path / "cache"))
