"""The data operation over edges the caller hands in: how to get the page, how to ask the model.

    result = await read_data(request_fields, tools, options)

:class:`DataTools` carries the I/O (the Lens passes its guarded fetch, its renderer and its chat
model), so this module stays free of network code and is tested with plain functions. Steps:

1. get the page (``fetch``), and read everything that needs no model (:func:`prepare`, in a thread);
2. when the page needs JavaScript (``should_render``), render it and read it again;
3. ask the model for the fields still missing, one call per part of a long page, at most
   :data:`MODEL_CONCURRENCY` at once; a reply with no JSON is asked for once more;
4. check, type and assemble (:func:`finish`).
"""

from __future__ import annotations

import asyncio
import functools
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from weblens.data.pipeline import DataOptions, Draft, LLMCall, absorb, finish, llm_calls, prepare
from weblens.data.prompt import parse_reply
from weblens.errors import LLMError, WeblensError
from weblens.models import DataResult, PageExtract

__all__ = ["MODEL_CONCURRENCY", "DataTools", "Document", "StructuredAsk", "read_data", "read_document"]

MODEL_CONCURRENCY = 3
"""Parts of one page sent to the model at once (a long page is a few parts; an endpoint serving one
user at a time queues the rest)."""

INLINE_MAX_BYTES = 256 * 1024
"""Pages up to this size are read on the event loop (a few milliseconds, as the Lens's extraction
pool reads them), larger ones in a thread."""

StructuredAsk = Callable[[list[dict[str, str]], dict[str, Any]], Awaitable[str]]
"""Send chat messages, get the reply text (the dict is the answer's JSON Schema)."""


@dataclass(frozen=True)
class Document:
    body: str | bytes
    url: str
    content_type: str | None = None
    fetch_time_ms: float = 0.0


@dataclass(frozen=True)
class DataTools:
    fetch: Callable[[], Awaitable[Document]]
    render: Callable[[], Awaitable[Document]] | None = None
    """Render the page in a browser (None: never render)."""
    should_render: Callable[[PageExtract], bool] = lambda page: False
    ask: StructuredAsk | None = None


async def read_data(
    schema: Any, selectors: Any, options: DataOptions, tools: DataTools, *, render_first: bool = False
) -> DataResult:
    start = time.perf_counter()
    document = await (tools.render() if render_first and tools.render else tools.fetch())
    draft = await _prepare(document, schema, selectors, options, tools)
    if not render_first and tools.render is not None and tools.should_render(draft.page):
        try:
            rendered = await tools.render()
            draft = await _prepare(rendered, schema, selectors, options, tools)
            document = rendered
        except WeblensError as exc:
            draft.warnings.append(f"{exc.code}: rendering failed ({exc.message}); read the page as fetched")
    await _ask_model(draft, tools.ask)
    result = finish(draft)
    timings = {
        "fetch": document.fetch_time_ms,
        **result.timings,
        "total": round((time.perf_counter() - start) * 1000, 2),
    }
    return result.model_copy(update={"timings": timings})


async def read_document(
    document: Document, schema: Any, selectors: Any, options: DataOptions, ask: StructuredAsk | None
) -> DataResult:
    """The data of a page already fetched (what a crawl calls for each page it reads)."""
    start = time.perf_counter()
    draft = await _prepare(document, schema, selectors, options, DataTools(fetch=_never, ask=ask))
    await _ask_model(draft, ask)
    result = finish(draft)
    return result.model_copy(
        update={"timings": {**result.timings, "total": round((time.perf_counter() - start) * 1000, 2)}}
    )


async def _never() -> Document:  # pragma: no cover - read_document never fetches
    raise AssertionError("read_document does not fetch")


async def _prepare(
    document: Document, schema: Any, selectors: Any, options: DataOptions, tools: DataTools
) -> Draft:
    if options.content_type is None and document.content_type:
        from dataclasses import replace

        options = replace(options, content_type=document.content_type)
    work = functools.partial(
        prepare,
        document.body,
        schema,
        url=document.url,
        selectors=selectors,
        options=options,
        llm_available=tools.ask is not None,
    )
    draft = work() if len(document.body) <= INLINE_MAX_BYTES else await asyncio.to_thread(work)
    draft.page = draft.page.model_copy(
        update={"final_url": document.url, "fetch_time_ms": document.fetch_time_ms}
    )
    return draft


async def _ask_model(draft: Draft, ask: StructuredAsk | None) -> None:
    calls = llm_calls(draft)
    if not calls or ask is None:
        return
    start = time.perf_counter()
    limit = asyncio.Semaphore(MODEL_CONCURRENCY)
    failures: list[LLMError] = []

    async def one(call: LLMCall) -> str | None:
        async with limit:
            for attempt in (1, 2):
                try:
                    reply = await ask(call.messages, call.schema)
                except LLMError as exc:
                    failures.append(exc)
                    draft.warnings.append(f"llm: part {call.part} of {call.parts} failed ({exc.message})")
                    return None
                if parse_reply(reply) is not None or attempt == 2:
                    return reply
        return None  # pragma: no cover

    replies = await asyncio.gather(*(one(call) for call in calls))
    if failures and len(failures) == len(calls):
        raise failures[0]
    absorb(draft, list(replies))
    draft.timings["llm"] = round((time.perf_counter() - start) * 1000, 2)
