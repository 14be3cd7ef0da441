"""``weblens tools``: the tool definitions for function calling, printed for any agent loop."""

from __future__ import annotations

import json
import sys

import click

from weblens.cli_support import guarded
from weblens.tools import FORMATS, definitions

__all__ = ["tools_command"]


def tools_command() -> click.Command:
    """``weblens tools --format openai|anthropic [--sessions]``: every operation as a tool definition
    (name, description, JSON schema of its request model), one JSON list on stdout."""

    def callback(fmt: str, sessions: bool) -> None:
        def work() -> None:
            sys.stdout.write(json.dumps(definitions(fmt, sessions=sessions), indent=2) + "\n")

        guarded("json", work)

    params: list[click.Parameter] = [
        click.Option(
            ["--format", "-f", "fmt"],
            type=click.Choice(FORMATS),
            default="openai",
            show_default=True,
            help="openai: Chat Completions tools; anthropic: Messages API tools.",
        ),
        click.Option(
            ["--sessions"],
            is_flag=True,
            help="Also the interactive-session tools (they need one Lens across calls: weblens.tools.acall).",
        ),
    ]
    return click.Command(
        "tools",
        params=params,
        callback=callback,
        help="Print the tool definitions (name, description, JSON schema of the request) for function "
        "calling without MCP; run a call with weblens.tools.call(name, arguments).",
    )
