"""Fixtures for the search tests: an HTTP client for the provider APIs and a fixed clock."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime

import httpx
import pytest

#: the moment the recorded Brave sample was taken (query.original "hello world", ~2024-12-31)
NOW = datetime(2024, 12, 31, 12, 0, tzinfo=UTC)


@pytest.fixture
async def client() -> AsyncIterator[httpx.AsyncClient]:
    async with httpx.AsyncClient(trust_env=False, timeout=5.0) as http:
        yield http
