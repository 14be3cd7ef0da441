"""The ``weblens`` command: every operation of :mod:`weblens.operations`, plus ``serve`` and ``mcp``.

Each operation's options are derived from its request model (:mod:`weblens.cli_options`). With
``--format json`` (the default) success prints one JSON object on stdout and failure prints
``{"error": {"code", "message", "url"}}`` on stdout; a usage error (unknown option, bad value, bad
setting) is the same JSON error with code ``invalid_argument`` and exit code 2. The exit code tells
the error class (:data:`EXIT_CODES`). Logs and progress go to stderr only; no traceback is ever
printed (an unexpected failure is ``internal_error``, its traceback logged at debug level).
"""

from __future__ import annotations

import base64
import importlib
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import click
from pydantic import BaseModel

from weblens import __version__
from weblens.cli_support import (
    EXIT_CODES,
    FORMATS,
    Failed,
    common_params,
    emit,
    fail,
    field_params,
    guarded,
    has_settings_sources,
    load_json_files,
    progress_display,
    request_values,
    run_async,
    settings_for,
    stderr,
)
from weblens.errors import InvalidArgument
from weblens.logs import configure_logging
from weblens.models import ProgressEvent
from weblens.operations import OPERATIONS, Operation
from weblens.requests import MAX_READ, AnswerRequest, GatherRequest, Request, SearchRequest

if TYPE_CHECKING:
    from weblens.config import Settings

__all__ = ["EXIT_CODES", "cli", "main", "run"]

T = TypeVar("T")


# --- operations ---------------------------------------------------------------------------------
def operation_command(op: Operation) -> click.Command:
    """A command for ``op``: its request model's fields as arguments and options."""
    file_input = op.name == "extract"
    params = field_params(op.request, skip=frozenset({"html", "base64"}) if file_input else frozenset())
    if file_input:
        params.insert(0, click.Argument(["file"], required=True, metavar="FILE|-"))
    params += common_params(network=op.network)

    def callback(**values: Any) -> None:
        fmt = values.pop("fmt")
        configure_logging(values.pop("log_format"), values.pop("log_level"))
        allow, no_cache = values.pop("allow_host", ()), values.pop("no_cache", False)
        fields = request_values(op.request, values)
        if file_input:
            fields.update(read_document(values["file"]))

        def work() -> None:
            request = op.request.parse(load_json_files(op.request, fields))
            if op.standalone is not None:  # no Lens; and no settings to load when nothing sets one
                result = op.standalone(
                    settings_for(allow, no_cache) if has_settings_sources() else None, request
                )
                emit(fmt, result, lambda: (op.markdown if fmt == "markdown" else op.text)(result))
                return
            settings = settings_for(allow, no_cache)
            if isinstance(request, AnswerRequest | GatherRequest):  # stages and pages on stderr
                with progress_display() as show:
                    result = run_async(_run_op(op, settings, request, show))
            else:
                result = run_async(_run_op(op, settings, request))
            emit(fmt, result, lambda: (op.markdown if fmt == "markdown" else op.text)(result))

        guarded(fmt, work)

    return click.Command(op.name, params=params, callback=callback, help=op.summary)


async def _run_op(
    op: Operation,
    settings: Settings,
    request: Request,
    on_progress: Callable[[ProgressEvent], None] | None = None,
) -> BaseModel:
    from weblens.session import Lens

    async with Lens(settings) as lens:
        if on_progress is not None and isinstance(request, AnswerRequest):
            return await lens.answer(request, on_progress=on_progress)
        if on_progress is not None and isinstance(request, GatherRequest):
            return await lens.gather(request, on_progress=on_progress)
        return await op.run(lens, request)


def read_document(file: str) -> dict[str, str]:
    """The request fields for a document read from FILE (``-``: standard input)."""
    try:
        data = sys.stdin.buffer.read() if file == "-" else Path(file).read_bytes()
    except IsADirectoryError:
        fail(InvalidArgument(f"FILE: {file} is a directory", field="file"))
    except FileNotFoundError:
        fail(InvalidArgument(f"FILE: no such file: {file}", field="file"))
    except OSError as exc:
        fail(InvalidArgument(f"FILE: cannot read {file}: {exc.strerror}", field="file"))
    try:
        return {"html": data.decode("utf-8")}
    except UnicodeDecodeError:
        return {"base64": base64.b64encode(data).decode("ascii")}


def search_command() -> click.Command:
    """``weblens search QUERY [--read N]``: a search, or with --read/--passages a gather."""
    gather = OPERATIONS["gather"]
    params = [*field_params(GatherRequest), *common_params(network=True)]
    for param in params:
        if param.name == "read":
            param.help = f"Read the top N results too (0-{MAX_READ}; default here: 0, only search)."

    def callback(**values: Any) -> None:
        fmt = values.pop("fmt")
        configure_logging(values.pop("log_format"), values.pop("log_level"))
        allow, no_cache = values.pop("allow_host", ()), values.pop("no_cache", False)
        fields = request_values(GatherRequest, values)
        reads = _int_or(fields.get("read", 0), default=1)  # a bad value goes to gather's validation
        op = gather if reads or _gather_only(fields) else OPERATIONS["search"]

        def work() -> None:
            request = op.request.parse(fields)
            settings = settings_for(allow, no_cache)
            if op is gather:  # each page on stderr as it arrives
                with progress_display() as show:
                    result = run_async(_run_op(op, settings, request, show))
            else:
                result = run_async(_run_op(op, settings, request))
            emit(fmt, result, lambda: (op.markdown if fmt == "markdown" else op.text)(result))

        guarded(fmt, work)

    return click.Command("search", params=params, callback=callback, help=OPERATIONS["search"].summary)


def _int_or(value: Any, *, default: int) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return default


def _gather_only(fields: dict[str, Any]) -> bool:
    """Whether a field only gather has was given (then the search reads pages too)."""
    only = set(GatherRequest.model_fields) - set(SearchRequest.model_fields) - {"read"}
    return any(name in fields for name in only)


# --- the group ---------------------------------------------------------------------------------
class LazyGroup(click.Group):
    """A group whose commands are built when one is asked for: ``weblens --version`` and ``weblens
    extract`` load neither the servers nor the batch machinery (nor what those import)."""

    def __init__(self, *args: Any, loaders: dict[str, Callable[[], click.Command]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.loaders = loaders

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*self.commands, *self.loaders})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in self.loaders:
            self.add_command(self.loaders[cmd_name](), cmd_name)
        return self.commands.get(cmd_name)


def _operation_loader(op: Operation) -> Callable[[], click.Command]:
    return lambda: search_command() if op.name == "search" else operation_command(op)


def _loader(module: str, function: str) -> Callable[[], click.Command]:
    def load() -> click.Command:
        command: click.Command = getattr(importlib.import_module(module), function)()
        return command

    return load


_LOADERS: dict[str, Callable[[], click.Command]] = {
    **{op.name: _operation_loader(op) for op in OPERATIONS.values() if op.cli},
    "interact": _loader("weblens.interact", "interact_command"),
    "serve": _loader("weblens.server.commands", "serve_command"),
    "mcp": _loader("weblens.server.commands", "mcp_command"),
    "batch": _loader("weblens.batch.commands", "batch_command"),
    "worker": _loader("weblens.batch.commands", "worker_command"),
    "crawl": _loader("weblens.batch.crawl_commands", "crawl_command"),
    "tools": _loader("weblens.integrations.commands", "tools_command"),
}


@click.group(
    cls=LazyGroup,
    loaders=_LOADERS,
    context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100},
    help="Search, fetch safely, extract, render and cite web pages for AI agents.",
)
@click.version_option(__version__, "--version", "-V", prog_name="weblens", message="%(prog)s %(version)s")
def cli() -> None:
    pass


# --- entry point ---------------------------------------------------------------------------------
def _format_in(argv: Sequence[str]) -> str | None:
    """The --format the user asked for, read from raw arguments (for errors before parsing ends)."""
    for i, arg in enumerate(argv):
        for flag in ("--format", "-f"):
            if arg == flag and i + 1 < len(argv):
                return argv[i + 1] if argv[i + 1] in FORMATS else None
            if arg.startswith(flag + "="):
                value = arg.split("=", 1)[1]
                return value if value in FORMATS else None
    return None


def run(argv: Sequence[str] | None = None) -> int:
    """Run the command line ``argv``; returns the exit code (never raises, never prints a traceback)."""
    args = list(sys.argv[1:] if argv is None else argv)
    if not args:
        args = ["--help"]
    try:
        cli.main(args=args, prog_name="weblens", standalone_mode=False)
    except Failed as exc:
        return exc.code
    except click.exceptions.Exit as exc:
        return int(exc.exit_code or 0)
    except click.exceptions.Abort:
        stderr.print("aborted")
        return 130
    except click.ClickException as exc:
        field = getattr(getattr(exc, "param", None), "name", None)
        try:
            fail(InvalidArgument(exc.format_message(), field=field), _format_in(args) or "json")
        except Failed as failed:
            return failed.code
    except KeyboardInterrupt:
        return 130
    return 0


def main() -> None:
    """Console-script entry point."""
    sys.exit(run())


if __name__ == "__main__":
    main()
