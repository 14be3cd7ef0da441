"""Fixtures for the extractor's tests: our own small pages in tests/fixtures/extract."""

from __future__ import annotations

from pathlib import Path

import pytest

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "extract"


@pytest.fixture
def page() -> PageLoader:
    return PageLoader()


class PageLoader:
    """Reads a fixture page as bytes."""

    def __call__(self, name: str) -> bytes:
        return (FIXTURES / name).read_bytes()
