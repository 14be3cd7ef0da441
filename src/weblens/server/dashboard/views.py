"""What the dashboard's Stats and Settings sections show, as plain JSON-ready data (pure).

``stats_view`` is :meth:`weblens.server.metrics.Metrics.snapshot` (the same counters as
``/metrics``) plus the operations the server offers and the hourly search budget.
``settings_view`` lists every setting with its effective value (secrets masked), its default and
where it came from, then the search providers in the order they are asked, each configured or not
and what to set to configure it — so "why does it not search?" is answered at a glance.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from weblens.config import Settings, SettingSource, is_secret, masked
from weblens.search.base import CONFIG_HINTS

__all__ = ["FEATURED_OPERATIONS", "settings_view", "stats_view"]

FEATURED_OPERATIONS = ("browse", "search", "gather", "answer")
"""The operations the Stats section always shows a card for, in this order (others follow)."""


def operation_names(offered: Iterable[str], seen: Iterable[str]) -> list[str]:
    """The featured operations (offered or not), then any other operation offered or counted."""
    names = list(FEATURED_OPERATIONS)
    for name in [*sorted(offered), *sorted(seen)]:
        if name not in names:
            names.append(name)
    return names


def stats_view(
    snapshot: Mapping[str, Any], *, offered: Iterable[str], budget_per_hour: int
) -> dict[str, Any]:
    """The snapshot, plus the operations to show (``operations``) and those this server offers."""
    offered = sorted(set(offered))
    return {
        **snapshot,
        "operations": operation_names(offered, snapshot.get("calls", {})),
        "offered": offered,
        "search_budget_per_hour": budget_per_hour,
    }


def _json_value(value: Any) -> Any:
    if isinstance(value, str | int | float | bool) or value is None:
        return value
    if isinstance(value, list | tuple):
        return [_json_value(item) for item in value]
    return str(value)


def settings_rows(settings: Settings, sources: Mapping[str, SettingSource]) -> list[dict[str, Any]]:
    effective = settings.model_dump(mode="json")
    defaults = Settings.model_construct().model_dump(mode="json")  # defaults only: no env, no file
    rows = []
    for name, info in Settings.model_fields.items():
        rows.append(
            {
                "name": name,
                "value": masked(name, _json_value(effective.get(name))),
                "default": masked(name, _json_value(defaults.get(name))),
                "source": sources.get(name, "default"),
                "secret": is_secret(name),
                "env": f"WEBLENS_{name.upper()}",
                "description": " ".join((info.description or "").split()),
            }
        )
    return rows


def provider_rows(status: Sequence[tuple[str, bool]]) -> list[dict[str, Any]]:
    return [
        {"position": i, "name": name, "configured": configured, "setting": CONFIG_HINTS.get(name)}
        for i, (name, configured) in enumerate(status, start=1)
    ]


def settings_view(
    settings: Settings,
    sources: Mapping[str, SettingSource],
    *,
    providers: Sequence[tuple[str, bool]],
    providers_error: str | None,
    checks: Mapping[str, str],
    config_file: str | None,
    version: str,
) -> dict[str, Any]:
    return {
        "version": version,
        "config_file": config_file,
        "settings": settings_rows(settings, sources),
        "providers": provider_rows(providers),
        "providers_error": providers_error,
        "checks": dict(checks),
        "auth": {"api_keys": len(settings.api_keys), "rate_limit": settings.rate_limit},
    }
