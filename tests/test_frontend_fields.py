"""Every field of every request model reaches every frontend, with the same name and default.

The CLI options, the HTTP request bodies (OpenAPI) and the MCP tool input schemas are all derived
from the models in weblens.requests; this walks each model and checks each frontend offers each field.
"""

from __future__ import annotations

import asyncio
import functools
from typing import Any

import click
import pytest

from weblens.cli import cli
from weblens.cli_support import cli_name
from weblens.config import Settings
from weblens.errors import InvalidArgument
from weblens.interact import _ARGUMENTS, parse_step
from weblens.operations import OPERATIONS, Operation
from weblens.requests import SESSION_ACTIONS
from weblens.server.http import create_app, fastapi_app
from weblens.server.mcp import MCP_DEFAULTS, LensHolder, build_mcp_server

FILE_FIELDS = {"extract": {"html", "base64"}}
"""Fields the CLI fills from its FILE argument instead of options."""


def _json_default(op: Operation, field: str) -> Any:
    info = op.request.model_fields[field]
    if info.is_required():
        return "<required>"
    default = info.get_default(call_default_factory=True)
    return getattr(default, "value", default)


def _cli_params(name: str) -> dict[str, click.Parameter]:
    command = cli.get_command(click.Context(cli), name)
    assert command is not None, name
    return {param.name: param for param in command.params if param.name}


SESSION_STEP = {req.operation: action for action, req in SESSION_ACTIONS.items()}
"""The `weblens interact --do` step of each session operation (the CLI face of sessions)."""


def _reachable_through_interact(op: Operation) -> None:
    """Session operations reach the CLI as `weblens interact URL --do STEP`: every field is a step's
    argument or option (the session id is the one interact opened; open and close are its own)."""
    if op.name == "session_open":
        assert "url" in _cli_params("interact")
        return
    if op.name == "session_close":
        return
    action = SESSION_STEP[op.name]
    for field in op.request.model_fields:
        if field == "session_id":
            continue
        positional = field in _ARGUMENTS[action]
        flag = f"--{field.replace('_', '-')}"
        assert positional or field in op.request.model_fields, field
        if not positional:  # an option of the step, parsed by the step's own request model
            with pytest.raises(InvalidArgument) as caught:
                parse_step(1, f"{action} {' '.join('1' for _ in _ARGUMENTS[action])} {flag}=@bad@")
            assert "unknown option" not in caught.value.message, f"{op.name}: {field} not a step option"


@pytest.mark.parametrize("op", list(OPERATIONS.values()), ids=lambda op: op.name)
def test_every_field_is_a_cli_option_or_argument_left_to_the_model_default(op: Operation) -> None:
    if not op.cli:
        _reachable_through_interact(op)
        return
    params = _cli_params(op.name)
    positional = op.request.positional_field()
    for field in op.request.model_fields:
        if field in FILE_FIELDS.get(op.name, set()):
            assert "file" in params
            continue
        assert field in params, f"{op.name}: no CLI option for {field}"
        param = params[field]
        if field == positional:
            assert isinstance(param, click.Argument)
        else:
            assert isinstance(param, click.Option)
            assert cli_name(field) in param.opts or cli_name(field) in param.secondary_opts
            # the CLI never supplies a default: an omitted option leaves the model's default
            assert param.default is None or (param.multiple and not param.default)


def _openapi() -> dict[str, Any]:
    app = create_app(Settings(cache="none"))
    inner = fastapi_app(app)
    schema: dict[str, Any] = inner.openapi()
    return schema


@pytest.mark.parametrize("op", list(OPERATIONS.values()), ids=lambda op: op.name)
def test_every_field_is_in_the_http_body_schema_with_its_default(op: Operation) -> None:
    schema = _openapi()
    body = schema["paths"][op.http_path]["post"]["requestBody"]["content"]["application/json"]["schema"]
    component = schema["components"]["schemas"][body["$ref"].rsplit("/", 1)[1]]
    for field in op.request.model_fields:
        assert field in component["properties"], f"{op.name}: {field} missing from the HTTP body"
        if _json_default(op, field) == "<required>":
            assert field in component.get("required", [])
        else:
            assert component["properties"][field].get("default") == _json_default(op, field)


def _mcp_tools() -> dict[str, Any]:
    async def listing() -> dict[str, Any]:
        from mcp.client import Client

        async with LensHolder(Settings(cache="none")) as holder, Client(build_mcp_server(holder)) as client:
            return {tool.name: tool for tool in (await client.list_tools()).tools}

    return asyncio.run(listing())


@pytest.mark.parametrize("op", list(OPERATIONS.values()), ids=lambda op: op.name)
def test_every_field_is_in_the_mcp_tool_schema_with_its_default(op: Operation) -> None:
    tool = _mcp_tools()[op.name]
    properties = tool.input_schema["properties"]
    for field in op.request.model_fields:
        assert field in properties, f"{op.name}: {field} missing from the MCP tool"
        expected = MCP_DEFAULTS.get(op.name, {}).get(field, _json_default(op, field))
        if expected == "<required>":
            assert field in tool.input_schema.get("required", [])
        else:
            assert properties[field].get("default") == expected


def test_mcp_overrides_only_documented_paging_defaults() -> None:
    for name, overrides in MCP_DEFAULTS.items():
        assert set(overrides) <= {"max_length"}, "MCP may only change the paging default"
        assert name in OPERATIONS


# --- function-calling tools and framework adapters (weblens.tools, weblens.integrations) ---------
@functools.cache
def _tool_schemas() -> dict[str, dict[str, dict[str, Any]]]:
    """Each tool's parameter schema as each listing gives it: OpenAI's and Anthropic's definitions
    (`weblens tools`) and what LangChain hands a chat model for the LangChain tools."""
    from langchain_core.utils.function_calling import convert_to_openai_tool

    from weblens.integrations.langchain import weblens_tools
    from weblens.session import Lens
    from weblens.tools import definitions

    openai = {
        d["function"]["name"]: d["function"]["parameters"] for d in definitions("openai", sessions=True)
    }
    anthropic = {d["name"]: d["input_schema"] for d in definitions("anthropic", sessions=True)}
    lens = Lens(Settings(cache="none"))  # session tools need a Lens; none is called here
    langchain = {
        tool.name: convert_to_openai_tool(tool)["function"]["parameters"]
        for tool in weblens_tools(lens=lens, sessions=True)
    }
    asyncio.run(lens.aclose())
    return {"openai": openai, "anthropic": anthropic, "langchain": langchain}


@pytest.mark.parametrize("op", list(OPERATIONS.values()), ids=lambda op: op.name)
def test_every_field_is_in_every_tool_listing_with_its_default(op: Operation) -> None:
    for listing, schemas in _tool_schemas().items():
        assert op.name in schemas, f"{listing}: no tool {op.name}"
        schema = schemas[op.name]
        for field in op.request.model_fields:
            assert field in schema["properties"], f"{listing}: {op.name}.{field} missing"
            expected = _json_default(op, field)
            if expected == "<required>":
                assert field in schema.get("required", []), f"{listing}: {op.name}.{field} not required"
            else:
                got = schema["properties"][field].get("default")
                assert got == expected, f"{listing}: {op.name}.{field} default {got!r} != {expected!r}"
