"""weblens as tools for function calling, without MCP: the definitions a model is given, and one call.

    from weblens import tools

    definitions = tools.definitions("openai")            # or "anthropic"; `weblens tools --format …`
    # … the model answers a tool call: a name and its arguments (a JSON string or a dict)
    result = tools.call(name, arguments)                 # the result model as JSON (sync)
    result = await tools.acall(name, arguments, lens=lens)   # the same, async, on a Lens you keep

Every operation of :data:`weblens.operations.OPERATIONS` is a tool: its name, its summary as the
description, its request model's JSON schema as the parameters (``$ref``s inlined, so any
function-calling API takes it), defaults and bounds included. A new operation or field reaches the
tools with no change here. The interactive-session tools (``session_*``) need one Lens across calls:
they are listed with ``sessions=True`` and run through :func:`acall` with ``lens=``.

A call never raises for a bad tool call or a failed operation: it answers the error object every
frontend answers, ``{"error": {"code", "message", "url"}}``, which is what a model should read back.
"""

from __future__ import annotations

import copy
import json
import logging
import traceback
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel

from weblens.errors import InternalError, InvalidArgument, WeblensError
from weblens.operations import OPERATIONS, Operation
from weblens.requests import Request

if TYPE_CHECKING:  # listing the tools loads no network stack; running one does
    from weblens.config import Settings
    from weblens.session import Lens

__all__ = [
    "FORMATS",
    "ToolFormat",
    "acall",
    "call",
    "definitions",
    "execute",
    "input_schema",
    "is_session_tool",
    "parse_arguments",
    "tool_operations",
]

ToolFormat = Literal["openai", "anthropic"]
FORMATS: tuple[ToolFormat, ...] = ("openai", "anthropic")

log = logging.getLogger("weblens.tools")


def is_session_tool(op: Operation) -> bool:
    """Whether ``op`` acts on an interactive browsing session (which lives in one Lens)."""
    return op.name.startswith("session_")


def tool_operations(*, sessions: bool = False) -> list[Operation]:
    """The operations offered as tools, in :data:`OPERATIONS` order (session tools when asked)."""
    return [op for op in OPERATIONS.values() if sessions or not is_session_tool(op)]


def input_schema(op: Operation) -> dict[str, Any]:
    """The JSON schema of ``op``'s request model, self-contained (every ``$ref`` inlined)."""
    schema = op.request.model_json_schema()
    defs = schema.pop("$defs", {})

    def inline(node: Any) -> Any:
        if isinstance(node, dict):
            ref = node.get("$ref")
            if isinstance(ref, str) and ref.startswith("#/$defs/"):
                target = copy.deepcopy(defs[ref.removeprefix("#/$defs/")])
                rest = {k: v for k, v in node.items() if k != "$ref"}
                return inline({**target, **rest})
            return {key: inline(value) for key, value in node.items()}
        if isinstance(node, list):
            return [inline(item) for item in node]
        return node

    inlined: dict[str, Any] = inline(schema)
    return inlined


def definitions(format: ToolFormat | str = "openai", *, sessions: bool = False) -> list[dict[str, Any]]:
    """The tool definitions in OpenAI's (Chat Completions ``tools``) or Anthropic's (Messages
    ``tools``) shape; ``invalid_argument`` for another format."""
    if format not in FORMATS:
        raise InvalidArgument(f"format: must be one of {', '.join(FORMATS)} (got {format!r})", field="format")
    out: list[dict[str, Any]] = []
    for op in tool_operations(sessions=sessions):
        if format == "openai":
            function = {"name": op.name, "description": op.summary, "parameters": input_schema(op)}
            out.append({"type": "function", "function": function})
        else:
            out.append({"name": op.name, "description": op.summary, "input_schema": input_schema(op)})
    return out


def parse_arguments(name: str, arguments: Mapping[str, Any] | str | None) -> tuple[Operation, Request]:
    """The operation a tool call names and its request, validated by the request model
    (``invalid_argument`` naming the field, the tool or the JSON)."""
    op = OPERATIONS.get(name)
    if op is None:
        known = ", ".join(OPERATIONS)
        raise InvalidArgument(f"name: no tool {name!r} (tools: {known})", field="name")
    if isinstance(arguments, str):
        try:
            arguments = json.loads(arguments) if arguments.strip() else {}
        except ValueError:
            raise InvalidArgument("arguments: not valid JSON", field="arguments") from None
    if arguments is None:
        arguments = {}
    if not isinstance(arguments, Mapping):
        raise InvalidArgument("arguments: must be a JSON object", field="arguments")
    return op, op.request.parse(dict(arguments))


async def execute(
    op: Operation, request: Request, *, lens: Lens | None = None, settings: Settings | None = None
) -> BaseModel:
    """Run ``op`` on ``lens``, or on a Lens opened for this one call (from ``settings``)."""
    if lens is not None:
        return await op.run(lens, request)
    from weblens.session import Lens

    if is_session_tool(op):
        raise InvalidArgument(
            f"{op.name} acts on a browsing session, which lives in one Lens: "
            "call it through acall(..., lens=lens) with the same Lens every time",
            field="name",
        )
    async with Lens(settings) as own:
        return await op.run(own, request)


async def acall(
    name: str,
    arguments: Mapping[str, Any] | str | None = None,
    *,
    lens: Lens | None = None,
    settings: Settings | None = None,
) -> str:
    """Run one tool call; the result model as JSON, or ``{"error": {...}}``."""
    try:
        op, request = parse_arguments(name, arguments)
        result = await execute(op, request, lens=lens, settings=settings)
    except WeblensError as exc:
        return json.dumps({"error": exc.to_dict()})
    except Exception as exc:  # reported to the model like any failure, logged for the operator
        log.debug("internal error in tool %s\n%s", name, traceback.format_exc())
        return json.dumps({"error": InternalError(f"unexpected {type(exc).__name__}: {exc}").to_dict()})
    return result.model_dump_json()


def call(
    name: str, arguments: Mapping[str, Any] | str | None = None, *, settings: Settings | None = None
) -> str:
    """:func:`acall` for synchronous code (a Lens is opened for the call and closed after it; inside
    a running event loop, the call runs on a loop of its own in a worker thread)."""
    from weblens.sync import run_sync

    return run_sync(acall(name, arguments, settings=settings))
