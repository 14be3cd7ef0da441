"""Settings: keyword arguments, then ``WEBLENS_*`` environment, then a TOML file, then defaults.

The TOML file is named by ``WEBLENS_CONFIG``; its keys are the field names below
(for example ``timeout_s = 20`` or ``allow_hosts = ["127.0.0.1:8080"]``).
List settings given in the environment are comma separated:
``WEBLENS_ALLOW_HOSTS=127.0.0.1:8080,[::1]:9000``.
"""

from __future__ import annotations

import difflib
import os
import re
import tomllib
from pathlib import Path
from typing import Annotated, Any, Literal

from platformdirs import user_cache_dir
from pydantic import Field, ValidationError, field_validator
from pydantic_settings import (
    BaseSettings,
    NoDecode,
    PydanticBaseSettingsSource,
    SettingsConfigDict,
    TomlConfigSettingsSource,
)

from weblens.defaults import MAX_DOWNLOAD_BYTES
from weblens.errors import InvalidArgument
from weblens.models import WaitCondition
from weblens.requests import MAX_READ

__all__ = [
    "DEFAULT_PROVIDER_ORDER",
    "MASK",
    "SettingSource",
    "Settings",
    "default_cache_dir",
    "is_secret",
    "load_settings",
    "masked",
    "rate_per_second",
    "setting_sources",
    "unknown_variables",
]

ENV_PREFIX = "WEBLENS_"
NOT_SETTINGS = frozenset({"CONFIG", "SHARED", "REQUIRE_SERVICES"})
"""``WEBLENS_*`` variables that are not settings (the config file's name; the test suite's own)."""

MB = 1024 * 1024
DEFAULT_PROVIDER_ORDER = ("brave", "serpapi", "tavily", "searxng", "duckduckgo", "wikipedia")

CommaList = Annotated[list[str], NoDecode]
_RATE = re.compile(r"^\d+\s*/\s*\d*\s*(second|s|minute|min|m|hour|h)$")
CacheBackend = Literal["sqlite", "memory", "redis", "none"]
SettingSource = Literal["default", "file", "environment", "argument"]
MASK = "••••••"
_SECRET_NAME = re.compile(r"key|token|secret|passw|credential", re.IGNORECASE)
_URL_USERINFO = re.compile(r"(?P<scheme>\b[a-z][a-z0-9+.-]*://)(?P<userinfo>[^/?#\s]*)@", re.IGNORECASE)
_SECRET_PARAM = re.compile(
    r"(?P<name>[?&;][^=&#;\s]*(?:key|token|secret|passw|credential|signature|sig|auth)[^=&#;\s]*=)"
    r"(?P<value>[^&#;\s]*)",
    re.IGNORECASE,
)


def default_cache_dir() -> Path:
    return Path(user_cache_dir("weblens", appauthor=False))


class Settings(BaseSettings):
    """Every tunable of weblens. Defaults follow the specification."""

    model_config = SettingsConfigDict(env_prefix="WEBLENS_", extra="forbid", frozen=True)

    # fetching
    max_download_bytes: int = Field(default=MAX_DOWNLOAD_BYTES, gt=0)
    timeout_s: float = Field(default=15.0, gt=0)
    max_redirects: int = Field(default=10, ge=0)
    fetch_retries: int = Field(default=1, ge=0)
    retry_backoff_s: float = Field(default=0.5, ge=0)
    max_concurrent_fetches: int = Field(default=5, ge=1)
    per_domain_rate_limit: str = Field(
        default="10/minute",
        description="requests per site (registrable domain): N/second, N/minute or N/hour (a bare number:"
        " per minute); 0 or off: no limit",
    )
    per_domain_burst: int = Field(
        default=5, ge=1, description="requests a site may get at once before spacing"
    )
    per_domain_concurrency: int = Field(default=4, ge=0, description="requests in flight per site; 0: no cap")
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
    cache_near_bytes: int = Field(
        default=16 * MB, ge=0, description="hot entries kept in process memory in front of SQLite/Redis"
    )
    cache_timeout_s: float = Field(
        default=0.5,
        gt=0,
        description="longest wait for the cache store; a store that fails is skipped a while",
    )

    # extraction
    include_comments: bool = False
    markdown_links: bool = True
    markdown_images: bool = True
    extract_workers: int = Field(default=0, ge=0, description="extraction worker processes; 0: one per core")
    extract_timeout_s: float = Field(default=20.0, gt=0, description="time budget of one large page")
    extract_max_memory_mb: int = Field(default=2048, ge=256, description="memory cap of a worker process")
    extract_inline_max_bytes: int = Field(
        default=256 * 1024, ge=0, description="documents up to this size are extracted inline"
    )

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
    max_results: int = Field(default=8, ge=1, le=MAX_READ)
    gather_read: int = Field(default=3, ge=0, le=MAX_READ)
    gather_concurrency: int = Field(default=3, ge=1)
    gather_timeout_s: float = Field(
        default=45.0, gt=0, description="one deadline for reading a gather's pages"
    )
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

    # research: answers, passages, models
    llm_base_url: str | None = Field(
        default=None, description="OpenAI-compatible chat endpoint, e.g. http://127.0.0.1:11434/v1"
    )
    llm_model: str | None = Field(default=None, description="chat model name at llm_base_url")
    llm_api_key: str | None = None
    llm_timeout_s: float = Field(default=60.0, gt=0, description="longest wait for one model reply")
    embedder: Literal["auto", "local", "none"] = Field(
        default="auto",
        description="auto: the embed_base_url endpoint when set, else the local model (embed_model_path "
        "or the bundled one); local: the local model; none: bm25 only",
    )
    embed_base_url: str | None = Field(default=None, description="OpenAI-compatible /v1/embeddings endpoint")
    embed_model: str | None = Field(default=None, description="embedding model name at embed_base_url")
    embed_api_key: str | None = None
    embed_threads: int = Field(default=1, ge=1, le=64, description="CPU threads of the local embedder")
    embed_model_path: Path | None = Field(
        default=None,
        description="a local ONNX sentence-embedding model to use instead of the bundled one: a directory "
        "with model.onnx and tokenizer.json or vocab.txt (docs/research.md)",
    )
    embed_model_sha256: str | None = Field(
        default=None,
        pattern=r"^[0-9a-fA-F]{64}$",
        description="the sha256 the embed_model_path model file must have (checked before loading)",
    )
    expand_below: float = Field(
        default=0.35, ge=0, le=1, description="best passage relevance under this: read more results once"
    )
    abstain_below: float = Field(
        default=0.36,
        ge=0,
        le=1,
        description="support of the passages read under this: abstain (docs/research.md)",
    )
    answer_max_pages: int = Field(
        default=5, ge=1, le=MAX_READ, description="pages an answer reads in all (at least its read)"
    )
    # batch
    batch_job_timeout_s: float = Field(
        default=45.0,
        ge=5,
        le=3600,
        description="time budget of one queued page (a killed worker's jobs are taken again 10.5 s after it)",
    )
    # crawl
    crawl_rate_limit: str = Field(
        default="4/second",
        description="a crawl's requests per site: N/second, N/minute or N/hour; 0 or off: no limit (a"
        " crawl's own pace: the agent-facing per_domain_rate_limit would make 1,000 pages take hours)",
    )
    crawl_concurrency: int = Field(default=4, ge=1, le=256, description="pages a crawl reads at once")

    # server
    api_keys: CommaList = Field(
        default_factory=list, description="API keys the server accepts (Authorization: Bearer KEY)"
    )
    rate_limit: str | None = Field(default=None, description="requests per key, e.g. 60/minute; unset: off")
    request_body_timeout_s: float = Field(
        default=15.0, gt=0, description="a request body must arrive within this time (slow clients cut off)"
    )
    session_idle_s: float = Field(default=300.0, gt=0, description="close a browsing session idle this long")
    max_sessions: int = Field(default=4, ge=1, description="browsing sessions open at once")
    replica_id: str | None = Field(
        default=None,
        max_length=64,
        description="tag of this replica in browsing-session ids (sticky routing); None: host name and pid",
    )

    # logging
    log_format: Literal["console", "json"] = "console"
    log_level: str = "warning"

    @field_validator("allow_hosts", "providers", "api_keys", mode="before")
    @classmethod
    def _split_commas(cls, value: Any) -> Any:
        if isinstance(value, str):
            return [part.strip() for part in value.split(",") if part.strip()]
        return value

    @field_validator("rate_limit")
    @classmethod
    def _valid_rate(cls, value: str | None) -> str | None:
        if value is not None and not _RATE.match(value.strip().lower()):
            raise ValueError(f"rate limit must look like 60/minute, got {value!r}")
        return value

    @field_validator("per_domain_rate_limit", "crawl_rate_limit", mode="before")
    @classmethod
    def _valid_site_rate(cls, value: Any) -> Any:
        if isinstance(value, int) and not isinstance(value, bool):
            value = f"{value}/minute"
        elif isinstance(value, float):
            value = f"{value!r}/minute"
        if isinstance(value, str):
            rate_per_second(value)
        return value

    @property
    def per_domain_rate_per_s(self) -> float:
        """``per_domain_rate_limit`` in requests per second (0: no limit)."""
        return rate_per_second(self.per_domain_rate_limit)

    @property
    def crawl_rate_per_s(self) -> float:
        """``crawl_rate_limit`` in requests per second (0: no limit)."""
        return rate_per_second(self.crawl_rate_limit)

    @field_validator("log_level")
    @classmethod
    def _valid_level(cls, value: str) -> str:
        if value.lower() not in ("debug", "info", "warning", "error", "critical"):
            raise ValueError("log level must be debug, info, warning or error")
        return value.lower()

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


_PER_SECOND = {"second": 1, "s": 1, "minute": 60, "min": 60, "m": 60, "hour": 3600, "h": 3600}
_SITE_RATE = re.compile(r"^(\d+(?:\.\d+)?)\s*(?:/\s*(second|s|minute|min|m|hour|h))?$")


def rate_per_second(text: str) -> float:
    """``"10/minute"`` → 0.1667; a bare number is per minute; ``"off"`` or 0 → 0 (no limit)."""
    value = text.strip().lower()
    if value in ("off", "none", ""):
        return 0.0
    match = _SITE_RATE.match(value)
    if match is None:
        raise ValueError(f"a rate looks like 10/minute or 2/second, got {text!r}")
    return float(match.group(1)) / _PER_SECOND[match.group(2) or "minute"]


def unknown_variables(environ: dict[str, str] | None = None) -> list[str]:
    """Warnings for ``WEBLENS_*`` variables that name no setting (a typo is otherwise silently dropped)."""
    env = os.environ if environ is None else environ
    known = {name.upper() for name in Settings.model_fields}
    warnings = []
    for key in sorted(env):
        if not key.startswith(ENV_PREFIX):
            continue
        name = key[len(ENV_PREFIX) :]
        if name in known or name in NOT_SETTINGS:
            continue
        close = difflib.get_close_matches(name, known, n=1, cutoff=0.6)
        hint = f"; did you mean {ENV_PREFIX}{close[0]}?" if close else ""
        warnings.append(f"{key} is not a weblens setting and is ignored{hint}")
    return warnings


def load_settings(**overrides: Any) -> Settings:
    """Settings from keyword arguments, the environment and the config file, or ``invalid_argument``.

    Unlike ``Settings()``, a bad ``WEBLENS_*`` value, a missing or malformed ``WEBLENS_CONFIG`` file
    and a bad override all become one :class:`~weblens.errors.InvalidArgument` naming the setting.
    """
    config_file = os.environ.get("WEBLENS_CONFIG")
    if config_file:
        _check_config_file(Path(config_file))
    try:
        return Settings(**overrides)
    except ValidationError as exc:
        raise _setting_error(exc, set(overrides)) from None
    except ValueError as exc:
        raise InvalidArgument(f"settings: {exc}") from None


def _check_config_file(path: Path) -> None:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise InvalidArgument(
            f"WEBLENS_CONFIG names a missing file: {path}", field="WEBLENS_CONFIG"
        ) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise InvalidArgument(f"WEBLENS_CONFIG: cannot read {path}: {exc}", field="WEBLENS_CONFIG") from None
    except tomllib.TOMLDecodeError as exc:
        raise InvalidArgument(
            f"WEBLENS_CONFIG: {path} is not valid TOML: {exc}", field="WEBLENS_CONFIG"
        ) from None
    unknown = sorted(set(data) - set(Settings.model_fields))
    if unknown:
        close = difflib.get_close_matches(unknown[0], list(Settings.model_fields), n=1, cutoff=0.6)
        hint = f"; did you mean {close[0]}?" if close else ""
        raise InvalidArgument(
            f"WEBLENS_CONFIG: {path}: unknown setting {unknown[0]!r}{hint}", field=unknown[0]
        )


def _setting_error(exc: ValidationError, overridden: set[str]) -> InvalidArgument:
    first = exc.errors(include_url=False)[0]
    name = str(first["loc"][0]) if first.get("loc") else ""
    message = str(first.get("msg", "invalid value")).removeprefix("Value error, ")
    if name and name not in overridden and f"{ENV_PREFIX}{name.upper()}" in os.environ:
        where = f"{ENV_PREFIX}{name.upper()}"
    elif name and name not in overridden and os.environ.get("WEBLENS_CONFIG"):
        where = f"{name} (in {os.environ['WEBLENS_CONFIG']})"
    else:
        where = name
    return InvalidArgument(f"{where}: {message}" if where else message, field=name or None)


def setting_sources(settings: Settings) -> dict[str, SettingSource]:
    """Where each effective setting of ``settings`` came from: argument, environment, file or default.

    pydantic-settings merges keyword arguments over ``WEBLENS_*`` variables over the TOML file named
    by ``WEBLENS_CONFIG`` over the defaults. A setting is an *argument* when its value differs from
    what the environment, the file and the defaults alone give (or it was passed while they leave it
    unset); else *environment* when its variable is set, *file* when the file names it, else
    *default*. Call it while the environment is the one ``settings`` were loaded from.
    """
    env_names = {name.upper() for name in os.environ}  # pydantic-settings ignores the case
    in_file = _file_keys(os.environ.get("WEBLENS_CONFIG"))
    try:
        baseline: Settings | None = Settings()
    except (ValidationError, ValueError):  # the environment alone is invalid: presence decides
        baseline = None
    sources: dict[str, SettingSource] = {}
    for name in Settings.model_fields:
        passed = name in settings.model_fields_set
        if baseline is not None and (
            getattr(settings, name) != getattr(baseline, name)
            or (passed and name not in baseline.model_fields_set)
        ):
            sources[name] = "argument"
        elif f"{ENV_PREFIX}{name.upper()}" in env_names:
            sources[name] = "environment"
        elif name in in_file:
            sources[name] = "file"
        else:
            sources[name] = "argument" if passed else "default"
    return sources


def _file_keys(config_file: str | None) -> set[str]:
    if not config_file:
        return set()
    try:
        return set(tomllib.loads(Path(config_file).read_text(encoding="utf-8")))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return set()


def is_secret(name: str) -> bool:
    """Settings whose whole value is a secret: anything named like a key, token, secret or password."""
    return bool(_SECRET_NAME.search(name))


def masked(name: str, value: Any) -> Any:
    """A setting's value fit to show: secrets replaced by :data:`MASK` (one per list item), and in
    every other string the credentials of URLs (``redis://user:MASK@host``) and secret-looking query
    parameters (``?api_key=MASK``). JSON-ready values in, JSON-ready values out."""
    if value is None or value == "":
        return value
    if isinstance(value, list | tuple):
        return [masked(name, item) for item in value]
    if isinstance(value, dict):
        return {key: masked(f"{name}.{key}", item) for key, item in value.items()}
    if is_secret(name):
        return MASK
    if isinstance(value, str):
        return _masked_text(value)
    return value


def _masked_text(text: str) -> str:
    def userinfo(found: re.Match[str]) -> str:
        user, colon, _ = found.group("userinfo").partition(":")
        shown = f"{user}:{MASK}" if colon and user else MASK
        return f"{found.group('scheme')}{shown}@"

    text = _URL_USERINFO.sub(userinfo, text)
    return _SECRET_PARAM.sub(lambda found: f"{found.group('name')}{MASK}", text)
