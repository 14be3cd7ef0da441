"""weblens for LangChain: a document loader, a retriever and tools (``pip install 'weblens[langchain]'``).

    from weblens.integrations.langchain import WeblensLoader, WeblensRetriever, weblens_tools

    docs = WeblensLoader(["https://example.org/a", "https://example.org/b"]).load()
    passages = WeblensRetriever(read=3, top_k=5).invoke("how do tide pools form?")
    agent_tools = weblens_tools()            # browse, search, gather, answer, … as StructuredTools

Built on ``langchain-core`` only. The loader is ``browse`` per URL, the retriever is ``gather`` with
``passages``, and each tool is one operation of :data:`weblens.operations.OPERATIONS` whose argument
schema is its request model: nothing is re-implemented, and a new operation or field appears here by
itself.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator, Sequence
from contextlib import aclosing
from typing import Any, Self

try:
    from langchain_core.callbacks import AsyncCallbackManagerForRetrieverRun, CallbackManagerForRetrieverRun
    from langchain_core.document_loaders import BaseLoader
    from langchain_core.documents import Document
    from langchain_core.retrievers import BaseRetriever
    from langchain_core.tools import BaseTool, StructuredTool, ToolException
except ImportError as exc:  # pragma: no cover - the extra is part of dev
    raise ImportError(
        "weblens.integrations.langchain needs langchain-core: pip install 'weblens[langchain]'"
    ) from exc
from pydantic import ConfigDict, Field, ValidationError, model_validator

from weblens.config import Settings
from weblens.errors import InvalidArgument, WeblensError
from weblens.integrations.reading import PageReading, page_metadata
from weblens.models import GatherResponse, Passage, RenderMode
from weblens.operations import Operation
from weblens.requests import GatherRequest, invalid_argument
from weblens.session import Lens
from weblens.sync import iterate_sync, run_sync
from weblens.tools import execute, input_schema, is_session_tool, tool_operations

__all__ = ["WeblensLoader", "WeblensRetriever", "passage_document", "weblens_tools"]


# --- the document loader --------------------------------------------------------------------------
class WeblensLoader(BaseLoader):
    """One ``Document`` per URL: ``page_content`` is the page's Markdown, ``metadata`` holds
    ``source`` (the final URL), ``title``, ``author``, ``published_date`` (when known),
    ``confidence`` and ``outcome``. Pages are read through the SSRF guard a few at a time, rendered
    in Chromium when they need it (``render``). A URL that cannot be read is skipped with a
    ``SkippedURLWarning`` and listed in :attr:`failures` (``raise_on_error=True`` raises its error)."""

    def __init__(
        self,
        urls: str | Sequence[str],
        *,
        render: RenderMode | str = "auto",
        settings: Settings | None = None,
        raise_on_error: bool = False,
    ) -> None:
        self._reading = PageReading(urls, render=render, settings=settings, raise_on_error=raise_on_error)

    @property
    def failures(self) -> list[Any]:
        """The URLs of the last load that were skipped, each a ``GatherFailure(url, code, message)``."""
        return self._reading.failures

    def lazy_load(self) -> Iterator[Document]:
        yield from iterate_sync(self.alazy_load)

    async def alazy_load(self) -> AsyncIterator[Document]:
        async with aclosing(self._reading.pages()) as pages:  # stopping early closes the Lens at once
            async for url, page in pages:
                yield Document(page_content=page.markdown, metadata=page_metadata(page, url))


# --- the retriever ----------------------------------------------------------------------------------
def passage_document(passage: Passage) -> Document:
    """A ranked passage as a Document: ``source``, ``title``, ``start``/``end`` (its offsets in the
    page's text), ``rank``, ``score``, ``relevance``."""
    metadata: dict[str, Any] = {
        "source": passage.url,
        "title": passage.title,
        "start": passage.start,
        "end": passage.end,
        "rank": passage.rank,
        "score": passage.score,
        "relevance": passage.relevance,
    }
    return Document(page_content=passage.text, metadata={k: v for k, v in metadata.items() if v is not None})


class WeblensRetriever(BaseRetriever):
    """The web as a retriever: search for the query, read the top ``read`` results, return their
    ``top_k`` best passages (``gather`` with ``passages``) as Documents with ``source``, ``start``,
    ``end`` (``page.text[start:end]`` is the passage). ``options`` takes any other field of the
    gather request (``site_include``, ``recency_days``, ``providers``, ``render``…)."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    read: int = 3
    top_k: int = 5
    options: dict[str, Any] = Field(default_factory=dict)
    settings: Settings | None = None

    @model_validator(mode="after")
    def _valid(self) -> Self:
        self.request("a query")  # the gather request's own rules, at construction
        return self

    def request(self, query: str) -> GatherRequest:
        """The gather request for ``query`` (``invalid_argument`` naming a bad field)."""
        try:
            return GatherRequest.model_validate(
                {**self.options, "query": query, "read": self.read, "passages": self.top_k}
            )
        except ValidationError as exc:
            raise invalid_argument(exc) from None

    def _get_relevant_documents(
        self, query: str, *, run_manager: CallbackManagerForRetrieverRun
    ) -> list[Document]:
        return run_sync(self._documents(query))

    async def _aget_relevant_documents(
        self, query: str, *, run_manager: AsyncCallbackManagerForRetrieverRun
    ) -> list[Document]:
        return await self._documents(query)

    async def _documents(self, query: str) -> list[Document]:
        async with Lens(self.settings) as lens:
            found: GatherResponse = await lens.gather(self.request(query))
        return [passage_document(p) for p in found.passages]


# --- tools ------------------------------------------------------------------------------------------
def weblens_tools(
    settings: Settings | None = None, *, lens: Lens | None = None, sessions: bool = False
) -> list[BaseTool]:
    """Every operation as a LangChain tool (``browse``, ``search``, ``gather``, ``answer``, …): its
    argument schema is the request model, its result the Markdown a model reads plus the result model
    as the tool message's artifact. A failure is the tool's answer ``"code: message"`` (the model
    reads it), never an exception in the agent loop.

    Each call opens a Lens from ``settings``, or runs on ``lens`` when given (async calls). The
    interactive-session tools (``session_open``, ``session_click``, …) are added with
    ``sessions=True`` and need ``lens``: a session lives in one Lens across calls.
    """
    if sessions and lens is None:
        raise InvalidArgument("sessions=True needs lens=: a browsing session lives in one Lens", field="lens")
    return [_tool(op, settings, lens) for op in tool_operations(sessions=sessions)]


def _tool(op: Operation, settings: Settings | None, lens: Lens | None) -> BaseTool:
    async def on(
        target: Lens | None, own_settings: Settings | None, fields: dict[str, Any]
    ) -> tuple[str, Any]:
        try:
            result = await execute(op, op.request.parse(fields), lens=target, settings=own_settings)
        except WeblensError as exc:
            where = f" ({exc.url})" if exc.url else ""
            raise ToolException(f"{exc.code}: {exc.message}{where}") from exc
        return op.markdown(result), result

    async def run(**fields: Any) -> tuple[str, Any]:
        return await on(lens, settings, fields)

    def run_blocking(**fields: Any) -> tuple[str, Any]:
        if is_session_tool(op):
            raise ToolException(
                f"invalid_argument: {op.name} runs on the session's Lens: call it with ainvoke"
            )
        # a Lens belongs to its event loop: a blocking call runs on a Lens of its own, same settings
        return run_sync(on(None, lens.settings if lens is not None else settings, fields))

    return StructuredTool(
        name=op.name,
        description=op.summary,
        # the request model's JSON schema, not the class: LangChain would derive a model of its own
        # from the class, and the request model validates the arguments anyway (in ``on``)
        args_schema=input_schema(op),
        func=run_blocking,
        coroutine=run,
        response_format="content_and_artifact",
        handle_tool_error=True,
        handle_validation_error=lambda exc: f"invalid_argument: {invalid_argument(exc).message}",
    )
