"""Settings precedence: keyword arguments, then WEBLENS_* environment, then the TOML file, then defaults."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from weblens.config import Settings


def test_defaults_follow_the_specification() -> None:
    s = Settings()
    assert s.max_download_bytes == 10 * 1024 * 1024
    assert s.timeout_s == 15
    assert s.max_redirects == 10
    assert s.cache_ttl_s == 60 * 60
    assert s.cache_max_bytes == 100 * 1024 * 1024
    assert s.max_concurrent_fetches == 5
    assert s.per_domain_rate_limit == "10/minute"
    assert s.render_timeout_s == 30
    assert s.render_concurrency == 2
    assert s.search_timeout_s == 5
    assert s.max_results == 8
    assert s.gather_read == 3
    assert s.max_chars_per_page == 12_000
    assert s.allow_hosts == []


def test_precedence(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    config = tmp_path / "weblens.toml"
    config.write_text('timeout_s = 20\nmax_redirects = 3\nallow_hosts = ["127.0.0.1:9000"]\n')
    monkeypatch.setenv("WEBLENS_CONFIG", str(config))
    assert Settings().timeout_s == 20
    assert Settings().allow_hosts == ["127.0.0.1:9000"]
    monkeypatch.setenv("WEBLENS_TIMEOUT_S", "25")
    assert Settings().timeout_s == 25
    assert Settings().max_redirects == 3
    assert Settings(timeout_s=30).timeout_s == 30


def test_comma_lists_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WEBLENS_ALLOW_HOSTS", "127.0.0.1:8080, [::1]:9000")
    monkeypatch.setenv("WEBLENS_PROVIDERS", "searxng,duckduckgo")
    s = Settings()
    assert s.allow_hosts == ["127.0.0.1:8080", "[::1]:9000"]
    assert s.providers == ["searxng", "duckduckgo"]


def test_provider_keys_and_endpoints_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WEBLENS_BRAVE_API_KEY", "k1")
    monkeypatch.setenv("WEBLENS_SEARXNG_URL", "http://127.0.0.1:8888")
    s = Settings()
    assert s.brave_api_key == "k1"
    assert s.searxng_url == "http://127.0.0.1:8888"


def test_bad_values_are_refused() -> None:
    with pytest.raises(ValidationError):
        Settings(timeout_s=0)
    with pytest.raises(ValidationError):
        Settings(render_wait="whenever")
    with pytest.raises(ValidationError):
        Settings(cache="floppy")  # type: ignore[arg-type]


def test_a_large_per_minute_rate_given_as_a_number_is_kept() -> None:
    assert Settings(per_domain_rate_limit=10**9).per_domain_rate_per_s == 10**9 / 60
    assert Settings(per_domain_rate_limit=30).per_domain_rate_per_s == 0.5
