"""What every ``weblens`` command shares: options derived from request models, output, errors, settings.

Click parameters are derived from a request model: one option (or argument) per field.

The CLI never supplies a default of its own: an option left out is left out of the request, so the
model's default applies, exactly as for an HTTP body or an MCP call that omits the field. Values are
passed to the model as the strings the user typed and validated there, so a bad value is the same
``invalid_argument`` error, naming the same field, in every frontend.
"""

from __future__ import annotations

import json
import logging
import sys
import traceback
import types
from collections.abc import Awaitable, Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, NoReturn, TypeVar, Union, get_args, get_origin

import click
from pydantic import BaseModel
from pydantic.fields import FieldInfo

from weblens.errors import InternalError, InvalidArgument, WeblensError

if TYPE_CHECKING:  # the settings (pydantic-settings) load when a command asks for them
    from weblens.config import Settings
from weblens.models import ProgressEvent
from weblens.requests import Cli, Request, Window

T = TypeVar("T")

__all__ = [
    "EXIT_CODES",
    "Failed",
    "cli_name",
    "common_params",
    "emit",
    "fail",
    "field_params",
    "guarded",
    "has_settings_sources",
    "is_list",
    "load_json_files",
    "log_params",
    "progress_display",
    "request_values",
    "run_async",
    "settings_for",
    "stderr",
]


def cli_name(field: str) -> str:
    return "--" + field.replace("_", "-")


def _cli_meta(info: FieldInfo) -> Cli:
    return next((m for m in info.metadata if isinstance(m, Cli)), Cli())


def _bare(annotation: Any) -> Any:
    """``X`` from ``X | None`` (and from ``Optional[X]``)."""
    if get_origin(annotation) in (Union, types.UnionType):
        args = [a for a in get_args(annotation) if a is not type(None)]
        if len(args) == 1:
            return args[0]
    return annotation


def is_list(info: FieldInfo) -> bool:
    return get_origin(_bare(info.annotation)) is list


def _is_bool(info: FieldInfo) -> bool:
    return _bare(info.annotation) is bool


def _choices(info: FieldInfo) -> list[str]:
    bare = _bare(info.annotation)
    if get_origin(bare) is Literal:
        return [str(v) for v in get_args(bare)]
    if isinstance(bare, type) and hasattr(bare, "__members__"):
        return [str(m.value) for m in bare.__members__.values()]
    return []


def _help(info: FieldInfo) -> str:
    text = " ".join((info.description or "").split())
    choices = _choices(info)
    if choices and not any(c in text for c in choices):
        text += f" [{'|'.join(choices)}]"
    if not info.is_required() and info.default not in (None, False, 0, "") and not is_list(info):
        text += f" [default: {info.default}]"
    return text


def field_params(model: type[Request], *, skip: frozenset[str] = frozenset()) -> list[click.Parameter]:
    """Click parameters for ``model``'s fields: the first required one positional, the rest options."""
    params: list[click.Parameter] = []
    positional = model.positional_field()
    paging = set(Window.model_fields)
    ordered = sorted(model.model_fields.items(), key=lambda item: item[0] in paging)  # paging options last
    for name, info in ordered:
        if name in skip:
            continue
        meta = _cli_meta(info)
        if name == positional:
            params.append(click.Argument([name], required=True, metavar=name.upper()))
            continue
        decls = [cli_name(name), *meta.aliases]
        if _is_bool(info):
            positive = [d for d in decls if d.startswith("--")]
            flag = "/".join([positive[0], "--no-" + positive[0][2:]])
            params.append(
                click.Option([flag, *positive[1:], name], default=None, help=_help(info), hidden=meta.hidden)
            )
        else:
            params.append(
                click.Option(
                    [*decls, name],
                    default=None,
                    multiple=is_list(info),
                    help=_help(info),
                    hidden=meta.hidden,
                    metavar=_metavar(name, info),
                )
            )
    return params


def _metavar(name: str, info: FieldInfo) -> str:
    if _cli_meta(info).json_file:
        return "FILE"
    choices = _choices(info)
    if choices:
        return "|".join(choices)
    bare = _bare(get_args(info.annotation)[0] if is_list(info) else info.annotation)
    if bare in (int, float):
        return "N" if bare is int else "S" if name.endswith("_s") else "X"
    return "TEXT"


def request_values(model: type[Request], values: dict[str, Any]) -> dict[str, Any]:
    """The fields the user gave (left-out options and empty repeatable options are omitted)."""
    given: dict[str, Any] = {}
    for name in model.model_fields:
        if name not in values:
            continue
        value = values[name]
        if value is None or (isinstance(value, tuple) and not value):
            continue
        given[name] = list(value) if isinstance(value, tuple) else value
    return given


def load_json_files(model: type[Request], fields: dict[str, Any]) -> dict[str, Any]:
    """``fields`` with each JSON-file option (``--schema schema.json``, ``-``: standard input) read
    into its value; a file that is missing or not JSON is ``invalid_argument`` naming the option."""
    out = dict(fields)
    for name, info in model.model_fields.items():
        if name not in out or not _cli_meta(info).json_file or not isinstance(out[name], str):
            continue
        path = out[name]
        try:
            text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
        except OSError as exc:
            raise InvalidArgument(
                f"{cli_name(name)}: cannot read {path} ({exc.strerror or exc})", field=name
            ) from None
        except UnicodeDecodeError:
            raise InvalidArgument(f"{cli_name(name)}: {path} is not UTF-8 text", field=name) from None
        try:
            out[name] = json.loads(text)
        except ValueError as exc:
            raise InvalidArgument(f"{cli_name(name)}: {path} is not valid JSON ({exc})", field=name) from None
    return out


EXIT_CODES: dict[str, int] = {
    "invalid_url": 10,
    "ssrf_blocked": 11,
    "dns_error": 12,
    "connect_error": 13,
    "fetch_timeout": 14,
    "size_limit_exceeded": 15,
    "too_many_redirects": 16,
    "http_error": 17,
    "unsupported_content_type": 18,
    "extraction_failed": 19,
    "render_timeout": 20,
    "render_failed": 21,
    "provider_error": 22,
    "rate_limited": 23,
    "not_configured": 24,
    "budget_exceeded": 25,
    "llm_error": 26,
    "session_not_found": 27,
    "session_limit": 28,
    "element_not_found": 29,
    "action_failed": 30,
    "unauthorized": 31,
    "robots_disallowed": 32,
    "invalid_argument": 2,
    "internal_error": 1,
}
EXIT_USAGE = 2
EXIT_INTERNAL = 1
FORMATS = ("json", "markdown", "text")


class _Stderr:
    """rich's Console on stderr, made when something is first printed (a command that prints nothing
    there does not load rich)."""

    def __init__(self) -> None:
        self._console: Any = None

    def __getattr__(self, name: str) -> Any:
        if self._console is None:
            from rich.console import Console

            self._console = Console(stderr=True, highlight=False)
        return getattr(self._console, name)


stderr: Any = _Stderr()


def escape(text: str) -> str:
    """``text`` safe to print with rich markup."""
    from rich.markup import escape as rich_escape

    return rich_escape(text)


class Failed(Exception):
    """A command failed; its error was already printed. Carries the exit code."""

    def __init__(self, code: int) -> None:
        super().__init__(code)
        self.code = code


# --- output ------------------------------------------------------------------------------------
def emit(fmt: str, result: BaseModel, human: Callable[[], str]) -> None:
    if fmt == "json":
        sys.stdout.write(result.model_dump_json() + "\n")
    else:
        sys.stdout.write(human().rstrip() + "\n")
    sys.stdout.flush()


def fail(exc: WeblensError, fmt: str | None = "json") -> NoReturn:
    """Print ``exc`` (JSON on stdout for the json format or when the format is unknown) and stop."""
    if fmt in (None, "json"):
        sys.stdout.write(json.dumps({"error": exc.to_dict()}) + "\n")
        sys.stdout.flush()
    if fmt != "json":
        where = f" ({exc.url})" if exc.url else ""
        stderr.print(f"[bold red]error[/] {exc.code}: {exc.message}{where}")
    raise Failed(EXIT_CODES.get(exc.code, EXIT_INTERNAL))


def guarded(fmt: str | None, work: Callable[[], T]) -> T:
    """Run ``work``; any failure becomes the one error object (never a traceback)."""
    try:
        return work()
    except (Failed, click.exceptions.Exit):
        raise
    except WeblensError as exc:
        fail(exc, fmt)
    except KeyboardInterrupt:
        raise
    except Exception as exc:
        logging.getLogger("weblens.cli").debug("internal error\n%s", traceback.format_exc())
        fail(InternalError(f"unexpected {type(exc).__name__}: {exc}"), fmt)


def run_async(work: Awaitable[T]) -> T:
    import asyncio

    return asyncio.run(work)  # type: ignore[arg-type]


def has_settings_sources() -> bool:
    """Whether anything could change a setting from its default: a ``WEBLENS_*`` variable (the
    config file is named by one). Without one, a command that needs only defaults skips loading them."""
    import os

    return any(name.startswith("WEBLENS_") and name != "WEBLENS_SHARED" for name in os.environ)


@contextmanager
def progress_display() -> Iterator[Callable[[ProgressEvent], None]]:
    """A live display of an answer's stages on stderr: a spinner on a terminal, one line per stage
    elsewhere (nothing ever goes to stdout)."""
    if not stderr.is_terminal:
        yield lambda event: stderr.print(
            f"{event.stage}: {event.message} ({event.elapsed_ms / 1000:.1f} s)", markup=False, highlight=False
        )
        return
    current: list[ProgressEvent] = []
    with stderr.status("Starting…", spinner="dots") as status:

        def show(event: ProgressEvent) -> None:
            if current and current[-1].stage != event.stage:
                done = current[-1]
                stderr.print(f"[green]✓[/] [bold]{done.stage}[/] {escape(done.message)}")
            current[:] = [event]
            counts = f" {event.done}/{event.total}" if event.total else ""
            status.update(
                f"[bold]{event.stage}[/]{counts} {escape(event.message)} "
                f"[dim]{event.elapsed_ms / 1000:.1f} s[/]"
            )

        yield show
    if current:
        stderr.print(f"[green]✓[/] [bold]{current[-1].stage}[/] {escape(current[-1].message)}")


# --- settings and logging ---------------------------------------------------------------------
def settings_for(allow_host: Sequence[str] = (), no_cache: bool = False, **overrides: Any) -> Settings:
    from weblens.config import load_settings, unknown_variables

    for warning in unknown_variables():
        stderr.print(f"[yellow]warning[/] {warning}")
    values = {k: v for k, v in overrides.items() if v is not None}
    if allow_host or no_cache:
        base = load_settings(**values)
        if allow_host:
            values["allow_hosts"] = [*base.allow_hosts, *allow_host]
        if no_cache:
            values["cache"] = "none"
    return load_settings(**values)


def common_params(*, network: bool) -> list[click.Parameter]:
    params: list[click.Parameter] = [
        click.Option(
            ["--format", "-f", "fmt"],
            type=click.Choice(FORMATS),
            default="json",
            show_default=True,
            help="Output: one JSON object, Markdown, or plain text.",
        ),
        *log_params(),
    ]
    if network:
        params += [
            allow_host_option(),
            click.Option(["--no-cache", "no_cache"], is_flag=True, help="Neither read nor write the cache."),
        ]
    return params


def log_params(
    *,
    level: str | None = "warning",
    level_help: str = "Show log events of this level and above on stderr.",
    log_format: bool = True,
) -> list[click.Parameter]:
    """``--log-format`` and ``--log-level``, the one spelling of the logging options of every command:
    ``level`` is the default level (None: the ``log_level`` setting's), ``log_format`` False leaves
    the format to the settings (the servers)."""
    params: list[click.Parameter] = []
    if log_format:
        params.append(
            click.Option(
                ["--log-format"],
                type=click.Choice(["console", "json"]),
                default="console",
                help="Log lines on stderr.",
            )
        )
    params.append(
        click.Option(
            ["--log-level"],
            type=click.Choice(["debug", "info", "warning", "error"], case_sensitive=False),
            default=level,
            show_default=level is not None,
            help=level_help,
        )
    )
    return params


def allow_host_option() -> click.Option:
    """``--allow-host HOST:PORT`` (repeatable): the SSRF guard's explicit allow-list, for local servers."""
    return click.Option(
        ["--allow-host", "allow_host"],
        multiple=True,
        metavar="HOST:PORT",
        help="Let this host:port past the SSRF guard (repeatable; for local servers).",
    )
