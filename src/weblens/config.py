"""Settings: keyword arguments, then ``WEBLENS_*`` environment, then a TOML file, then defaults.

The TOML file is named by ``WEBLENS_CONFIG``; its keys are the field names below
(for example ``timeout_s = 20`` or ``allow_hosts = ["127.0.0.1:8080"]``).
List settings given in the environment are comma separated:
``WEBLENS_ALLOW_HOSTS=127.0.0.1:8080,[::1]:9000``.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated, Any, Literal

from platformdirs import user_cache_dir
from pydantic import Field, field_validator
from pydantic_settings import (
    BaseSettings,
    NoDecode,
    PydanticBaseSettingsSource,
    SettingsConfigDict,
    TomlConfigSettingsSource,
)

from weblens.models import WaitCondition

__all__ = ["DEFAULT_PROVIDER_ORDER", "Settings", "default_cache_dir"]

MB = 1024 * 1024
DEFAULT_PROVIDER_ORDER = ("brave", "serpapi", "tavily", "searxng", "duckduckgo", "wikipedia")

CommaList = Annotated[list[str], NoDecode]
CacheBackend = Literal["sqlite", "memory", "redis", "none"]


def default_cache_dir() -> Path:
    return Path(user_cache_dir("weblens", appauthor=False))


class Settings(BaseSettings):
    """Every tunable of weblens. Defaults follow the specification."""

    model_config = SettingsConfigDict(env_prefix="WEBLENS_", extra="ignore", frozen=True)

    # fetching
    max_download_bytes: int = Field(default=10 * MB, gt=0)
    timeout_s: float = Field(default=15.0, gt=0)
    max_redirects: int = Field(default=10, ge=0)
    fetch_retries: int = Field(default=1, ge=0)
    retry_backoff_s: float = Field(default=0.5, ge=0)
    max_concurrent_fetches: int = Field(default=5, ge=1)
    per_domain_rate_limit: int = Field(default=10, ge=1, description="requests per minute per domain")
    user_agent: str = "weblens/0.1 (+https://github.com/weblens/weblens)"
    allow_hosts: CommaList = Field(
        default_factory=list, description="host:port pairs allowed past the SSRF guard"
    )

    # cache
    cache: CacheBackend = "sqlite"
    cache_dir: Path = Field(default_factory=default_cache_dir)
    cache_ttl_s: float = Field(default=3600.0, gt=0)
    cache_max_bytes: int = Field(default=100 * MB, gt=0)
    redis_url: str = "redis://127.0.0.1:6379/0"

    # extraction
    include_comments: bool = False
    markdown_links: bool = True
    markdown_images: bool = True

    # rendering
    render: Literal["auto", "always", "never"] = "auto"
    chromium_path: str | None = None
    render_timeout_s: float = Field(default=30.0, gt=0)
    render_wait: str = Field(
        default="networkidle:500",
        description="load | domcontentloaded | networkidle[:MS] | selector:CSS (default for rendering)",
    )
    render_concurrency: int = Field(default=2, ge=1)
    render_idle_close_s: float = Field(default=120.0, gt=0)
    render_block_resources: bool = True
    render_confidence_threshold: float = Field(default=0.5, ge=0, le=1)

    # search
    providers: CommaList = Field(default_factory=list, description="provider order; empty = default order")
    search_timeout_s: float = Field(default=5.0, gt=0)
    search_cache_ttl_s: float = Field(default=300.0, gt=0)
    max_searches_per_hour: int = Field(default=120, ge=0)
    max_results: int = Field(default=8, ge=1, le=10)
    gather_read: int = Field(default=3, ge=0, le=5)
    gather_concurrency: int = Field(default=3, ge=1)
    max_chars_per_page: int = Field(default=12_000, gt=0)
    brave_api_key: str | None = None
    brave_endpoint: str = "https://api.search.brave.com/res/v1/web/search"
    serpapi_api_key: str | None = None
    serpapi_endpoint: str = "https://serpapi.com/search.json"
    tavily_api_key: str | None = None
    tavily_endpoint: str = "https://api.tavily.com/search"
    searxng_url: str | None = None
    duckduckgo_endpoint: str = "https://html.duckduckgo.com/html/"
    duckduckgo_user_agent: str = Field(
        default=(
            "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) "
            "Chrome/131.0 Safari/537.36"
        ),
        description="DuckDuckGo's HTML endpoint answers browser-like user agents only",
    )
    wikipedia_endpoint: str | None = None
    wikipedia_language: str = "en"
    contact: str = "https://github.com/weblens/weblens"

    # logging
    log_format: Literal["console", "json"] = "console"
    log_level: str = "warning"

    @field_validator("allow_hosts", "providers", mode="before")
    @classmethod
    def _split_commas(cls, value: Any) -> Any:
        if isinstance(value, str):
            return [part.strip() for part in value.split(",") if part.strip()]
        return value

    @field_validator("render_wait")
    @classmethod
    def _valid_wait(cls, value: str) -> str:
        WaitCondition.parse(value)
        return value

    @property
    def cache_path(self) -> Path:
        """The SQLite cache file."""
        return self.cache_dir / "cache.sqlite3"

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        sources: list[PydanticBaseSettingsSource] = [init_settings, env_settings]
        config_file = os.environ.get("WEBLENS_CONFIG")
        if config_file:
            sources.append(TomlConfigSettingsSource(settings_cls, toml_file=Path(config_file)))
        return tuple(sources)
