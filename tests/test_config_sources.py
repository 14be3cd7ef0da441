"""Where each setting came from (argument, environment, TOML file, default) and how secrets are masked."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from weblens.config import MASK, Settings, is_secret, load_settings, masked, setting_sources


def test_each_source_is_named(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    config = tmp_path / "weblens.toml"
    config.write_text("max_redirects = 3\ntimeout_s = 20\n")
    monkeypatch.setenv("WEBLENS_CONFIG", str(config))
    monkeypatch.setenv("WEBLENS_TIMEOUT_S", "25")
    monkeypatch.setenv("weblens_max_results", "4")  # pydantic-settings ignores the case of variables
    settings = load_settings(render="never")
    sources = setting_sources(settings)
    assert sources["render"] == "argument"
    assert sources["timeout_s"] == "environment"  # the environment overrides the file
    assert sources["max_results"] == "environment"
    assert sources["max_redirects"] == "file"
    assert sources["cache_ttl_s"] == "default"
    assert set(sources) == set(Settings.model_fields)


def test_an_argument_overrides_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WEBLENS_TIMEOUT_S", "25")
    assert setting_sources(Settings(timeout_s=30))["timeout_s"] == "argument"
    assert setting_sources(Settings())["timeout_s"] == "environment"


def test_an_argument_equal_to_the_default_is_still_an_argument() -> None:
    assert setting_sources(Settings(timeout_s=15))["timeout_s"] == "argument"
    assert setting_sources(Settings())["timeout_s"] == "default"


def test_an_invalid_environment_falls_back_to_presence(monkeypatch: pytest.MonkeyPatch) -> None:
    settings = Settings(timeout_s=3)
    monkeypatch.setenv("WEBLENS_MAX_REDIRECTS", "many")  # Settings() alone would fail now
    sources = setting_sources(settings)
    assert sources["max_redirects"] == "environment"
    assert sources["timeout_s"] == "argument"


@pytest.mark.parametrize(
    "name",
    ["api_keys", "brave_api_key", "serpapi_api_key", "llm_api_key", "hf_token", "client_secret", "db_passwd"],
)
def test_secret_names(name: str) -> None:
    assert is_secret(name)
    assert masked(name, "s3cr3t-value") == MASK
    assert masked(name, ["a-key", "b-key"]) == [MASK, MASK]


@pytest.mark.parametrize("name", ["timeout_s", "redis_url", "searxng_url", "user_agent", "allow_hosts"])
def test_ordinary_names(name: str) -> None:
    assert not is_secret(name)


def test_unset_values_stay_unset() -> None:
    assert masked("brave_api_key", None) is None
    assert masked("brave_api_key", "") == ""
    assert masked("api_keys", []) == []


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("redis://user:hunter2@cache.local:6379/0", f"redis://user:{MASK}@cache.local:6379/0"),
        ("redis://:hunter2@cache.local/0", f"redis://{MASK}@cache.local/0"),
        ("https://hunter2@searx.local/", f"https://{MASK}@searx.local/"),
        ("redis://user:p@ss@host/0", f"redis://user:{MASK}@host/0"),
        ("https://searx.local/?api_key=hunter2&q=x", f"https://searx.local/?api_key={MASK}&q=x"),
        ("https://x.local/s?X-Amz-Signature=hunter2", f"https://x.local/s?X-Amz-Signature={MASK}"),
        ("https://plain.example/path?q=1", "https://plain.example/path?q=1"),
    ],
)
def test_credentials_inside_urls_are_masked(value: str, expected: str) -> None:
    assert masked("redis_url", value) == expected


_secret = st.text(alphabet=st.characters(categories=["L", "N"]), min_size=6, max_size=30)


@settings(deadline=None)
@given(user=st.from_regex(r"[a-z]{1,8}", fullmatch=True), secret=_secret)
def test_a_url_password_never_shows(user: str, secret: str) -> None:
    templates = ("redis://{u}:{s}@h:1/0", "rediss://:{s}@h/0", "https://{s}@h/", "https://h/?token={s}")
    assume(not any(secret in template.format(u=user, s="") for template in templates))
    for template in templates:
        shown = masked("some_url", template.format(u=user, s=secret))
        assert secret not in shown
        assert MASK in shown
