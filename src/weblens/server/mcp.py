"""The MCP server: one tool per operation, built on the official ``mcp`` SDK (``MCPServer``).

    weblens mcp                                      # stdio, for desktop clients
    weblens mcp --transport http --port 8765         # streamable HTTP at /mcp

Each tool's input schema is its operation's request model (:mod:`weblens.requests`); the arguments
are validated by that model, so a bad argument is the same ``invalid_argument`` as everywhere else.
A failure is a tool error (``isError``) whose text starts with the error code
(``ssrf_blocked: …``), never a protocol error. The text of a result is what a model reads
(Markdown for pages, numbered sources for gather); the structured content is the result model.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Mapping
from functools import cached_property
from types import TracebackType
from typing import Any, Self

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.tools.base import Tool
from mcp_types import CallToolResult, TextContent, ToolAnnotations
from pydantic import BaseModel

from weblens import __version__
from weblens.config import Settings
from weblens.errors import InternalError, WeblensError
from weblens.models import PageExtract
from weblens.operations import OPERATIONS, Operation
from weblens.session import Lens

__all__ = ["MCP_DEFAULTS", "LensHolder", "build_mcp_server", "tool_text"]

MCP_DEFAULTS: dict[str, dict[str, Any]] = {
    "browse": {"max_length": 20_000},
    "extract": {"max_length": 20_000},
    "session_read": {"max_length": 20_000},
}
"""Where a tool's default differs from its request model's: pages are read in 20,000-character pieces
(a model's context is finite; ``start_index`` reads on)."""

INSTRUCTIONS = (
    "weblens reads the web safely for you. search finds pages; browse reads one URL as Markdown "
    "(long pages come in pieces: call browse again with the start_index it tells you); gather "
    "searches and reads the top results as numbered sources you can cite as [n]; answer answers a "
    "question from the web with citations checked against their sources (it says so when the web did "
    "not answer); extract reads a document you already have. When an answer sits behind a search box, "
    "a cookie banner, a button or a product option, session_open a page and operate it: each session "
    "call answers a snapshot of the page's text and numbered controls; session_click / session_type / "
    "session_select take those numbers; session_close when done. Private and local network addresses "
    "are always refused."
)


class LensHolder:
    """The server's one Lens, opened on first use and closed with the server."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self._lens: Lens | None = None
        self._lock = asyncio.Lock()

    async def get(self) -> Lens:
        async with self._lock:
            if self._lens is None:
                self._lens = Lens(self.settings)
            return self._lens

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        lens, self._lens = self._lens, None
        if lens is not None:
            await lens.aclose()


def tool_text(op: Operation, request: Any, result: BaseModel) -> str:
    """What the model reads: Markdown for a page (a later piece of a long page without the header
    again), the operation's own view otherwise."""
    if not isinstance(result, PageExtract):
        return op.markdown(result)
    text = op.markdown(result) if getattr(request, "start_index", 0) == 0 else result.markdown
    cut = next((w for w in result.warnings if w.startswith("truncated:")), None)
    if cut is not None:
        resume = cut.rsplit("start_index=", 1)[-1]
        text += (
            f"\n\n<truncated>{cut}. Call {op.name} again with start_index={resume} to read on.</truncated>"
        )
    return text


class OperationTool(Tool):
    """A tool whose arguments go to the operation's request model untouched (it validates them)."""

    operation_name: str = ""
    result_schema: dict[str, Any] | None = None

    @cached_property
    def output_schema(self) -> dict[str, Any] | None:
        return self.result_schema

    async def run(self, arguments: dict[str, Any], context: Any, convert_result: bool = False) -> Any:
        return await self.fn(arguments)


def _tool(op: Operation, call: Callable[[Operation, Mapping[str, Any]], Awaitable[CallToolResult]]) -> Tool:
    async def run(arguments: Mapping[str, Any]) -> CallToolResult:
        return await call(op, arguments)

    async def placeholder() -> None:  # the SDK inspects a function; the schema below replaces its own
        return None

    base = Tool.from_function(placeholder, name=op.name, description=op.summary)
    schema = op.request.model_json_schema()
    for name, default in MCP_DEFAULTS.get(op.name, {}).items():
        schema["properties"][name]["default"] = default
    return OperationTool(
        fn=run,
        name=op.name,
        title=op.name.capitalize(),
        description=op.summary,
        parameters=schema,
        fn_metadata=base.fn_metadata,
        is_async=True,
        annotations=ToolAnnotations(
            read_only_hint=op.read_only, open_world_hint=op.network, idempotent_hint=op.read_only
        ),
        operation_name=op.name,
        result_schema=op.result.model_json_schema(),
    )


def build_mcp_server(
    holder: LensHolder, *, on_call: Callable[[str, str | None], None] | None = None
) -> MCPServer:
    """An MCPServer with a tool for every operation, running them on ``holder``'s Lens."""

    async def call(op: Operation, arguments: Mapping[str, Any]) -> CallToolResult:
        try:
            request = op.request.parse({**MCP_DEFAULTS.get(op.name, {}), **dict(arguments)})
            result = await op.run(await holder.get(), request)
        except WeblensError as exc:
            return _error(op, exc, on_call)
        except Exception as exc:  # a crash is reported, never raised into the protocol
            return _error(op, InternalError(f"unexpected {type(exc).__name__}: {exc}"), on_call)
        if on_call is not None:
            on_call(op.name, None)
        return CallToolResult(
            content=[TextContent(type="text", text=tool_text(op, request, result))],
            structured_content=result.model_dump(mode="json"),
            is_error=False,
        )

    tools = [_tool(op, call) for op in OPERATIONS.values()]
    return MCPServer(
        "weblens", version=__version__, instructions=INSTRUCTIONS, tools=tools, log_level="WARNING"
    )


def _error(
    op: Operation, exc: WeblensError, on_call: Callable[[str, str | None], None] | None
) -> CallToolResult:
    if on_call is not None:
        on_call(op.name, exc.code)
    where = f" ({exc.url})" if exc.url else ""
    return CallToolResult(
        content=[TextContent(type="text", text=f"{exc.code}: {exc.message}{where}")], is_error=True
    )
