"""Form controls derived from an operation's request model (pure: model in, HTML out).

The dashboard's "Options" of Read, Search and Ask are not a hand-kept list: every field of the
request model becomes one labelled control, with the field's docstring as its help text, so a field
added in :mod:`weblens.requests` shows up here as it does in the CLI, the HTTP API and MCP.

Each control carries ``data-field`` (the JSON name), ``data-type`` (how the page's script turns the
control's value into JSON: ``bool``, ``tribool``, ``int``, ``float``, ``list``, ``enum``, ``str``)
and, for switches, ``data-default``. An empty control means "leave the field out" — the request
model's default (often "the corresponding setting") applies.
"""

from __future__ import annotations

import enum
import types
from collections.abc import Iterable
from dataclasses import dataclass
from html import escape
from typing import Any, Literal, Union, get_args, get_origin

from annotated_types import Ge, Gt, Le, Lt
from pydantic import BaseModel
from pydantic.fields import FieldInfo

__all__ = ["Control", "control_for", "controls_html"]


@dataclass(frozen=True, kw_only=True)
class Control:
    field: str
    kind: str
    """bool | tribool | int | float | list | enum | str"""
    choices: tuple[str, ...] = ()
    minimum: float | None = None
    maximum: float | None = None
    default: Any = None
    help: str = ""


def _strip_optional(annotation: Any) -> tuple[Any, bool]:
    if get_origin(annotation) in (Union, types.UnionType):
        args = [arg for arg in get_args(annotation) if arg is not type(None)]
        optional = len(args) < len(get_args(annotation))
        return (args[0] if len(args) == 1 else str), optional
    return annotation, False


def _kind(base: Any, optional: bool) -> tuple[str, tuple[str, ...]]:
    if base is bool:
        return ("tribool" if optional else "bool"), ()
    if isinstance(base, type) and issubclass(base, enum.Enum):
        return "enum", tuple(str(member.value) for member in base)
    if get_origin(base) is Literal:
        return "enum", tuple(str(value) for value in get_args(base))
    if base is int:
        return "int", ()
    if base is float:
        return "float", ()
    if get_origin(base) in (list, tuple, set):
        return "list", ()
    return "str", ()


def _bounds(info: FieldInfo) -> tuple[float | None, float | None]:
    low = high = None
    for item in info.metadata:
        if isinstance(item, Ge):
            low = float(item.ge)  # type: ignore[arg-type]
        elif isinstance(item, Gt):
            low = float(item.gt)  # type: ignore[arg-type]
        elif isinstance(item, Le):
            high = float(item.le)  # type: ignore[arg-type]
        elif isinstance(item, Lt):
            high = float(item.lt)  # type: ignore[arg-type]
    return low, high


def control_for(name: str, info: FieldInfo) -> Control:
    base, optional = _strip_optional(info.annotation)
    kind, choices = _kind(base, optional)
    low, high = _bounds(info) if kind in ("int", "float") else (None, None)
    default = None if info.is_required() else info.get_default(call_default_factory=True)
    return Control(
        field=name,
        kind=kind,
        choices=choices,
        minimum=low,
        maximum=high,
        default=default,
        help=" ".join((info.description or "").split()),
    )


def _number(value: float) -> str:
    return str(int(value)) if value == int(value) else repr(value)


def _input(control: Control, ident: str, described: str) -> str:
    common = f'id="{ident}" name="{escape(control.field)}" data-field="{escape(control.field)}"'
    common += f' data-type="{control.kind}" aria-describedby="{described}"'
    if control.kind == "bool":
        checked = " checked" if control.default else ""
        default = "true" if control.default else "false"
        return f'<input type="checkbox" {common} data-default="{default}"{checked}>'
    if control.kind in ("tribool", "enum"):
        values = ("true", "false") if control.kind == "tribool" else control.choices
        labels = ("yes", "no") if control.kind == "tribool" else control.choices
        options = "".join(
            f'<option value="{escape(value)}">{escape(label)}</option>'
            for value, label in zip(values, labels, strict=True)
        )
        return f'<select {common}><option value="">default</option>{options}</select>'
    if control.kind in ("int", "float"):
        attrs = (
            ' inputmode="numeric" step="1"' if control.kind == "int" else ' inputmode="decimal" step="any"'
        )
        if control.minimum is not None:
            attrs += f' min="{_number(control.minimum)}"'
        if control.maximum is not None:
            attrs += f' max="{_number(control.maximum)}"'
        placeholder = _placeholder(control.default)
        return f'<input type="number" {common}{attrs} placeholder="{escape(placeholder)}">'
    placeholder = "comma separated" if control.kind == "list" else _placeholder(control.default)
    return (
        f'<input type="text" {common} autocomplete="off" spellcheck="false"'
        f' placeholder="{escape(placeholder)}">'
    )


def _placeholder(default: Any) -> str:
    if default is None or default == []:
        return "default"
    return str(default)


def controls_html(model: type[BaseModel], *, prefix: str, skip: Iterable[str] = ()) -> str:
    """One labelled control per field of ``model`` (except ``skip``), ids starting with ``prefix``."""
    skipped = set(skip)
    parts: list[str] = []
    for name, info in model.model_fields.items():
        if name in skipped:
            continue
        control = control_for(name, info)
        ident = f"{prefix}-{name.replace('_', '-')}"
        help_id = f"{ident}-help"
        label = f'<label for="{ident}">{escape(name)}</label>'
        field = _input(control, ident, help_id)
        inner = f"{field}{label}" if control.kind == "bool" else f"{label}{field}"
        css = "field field-check" if control.kind == "bool" else "field"
        parts.append(
            f'<div class="{css}">{inner}<p class="help" id="{help_id}">{escape(control.help)}</p></div>'
        )
    return "\n".join(parts)
