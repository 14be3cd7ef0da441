"""weblens.integrations.langchain against the real langchain-core, reading loopback pages."""

from __future__ import annotations

import os
import warnings

import pytest
from langchain_core.documents import Document
from langchain_core.messages import ToolMessage
from langchain_core.tools import BaseTool
from langchain_core.utils.function_calling import convert_to_openai_tool
from pydantic import ValidationError

from tests.integrations.conftest import Web
from weblens import Lens, tools
from weblens.errors import HTTPError, InvalidArgument
from weblens.integrations.langchain import WeblensLoader, WeblensRetriever, weblens_tools
from weblens.integrations.reading import SkippedURLWarning
from weblens.models import GatherResponse, PageExtract
from weblens.operations import OPERATIONS
from weblens.render.procs import descendants


# --- the loader ----------------------------------------------------------------------------------
def test_the_loader_gives_one_document_per_url_with_its_metadata(web: Web) -> None:
    loader = WeblensLoader([web.server.url("/tide"), web.server.url("/bread")], settings=web.settings())
    docs = loader.load()
    assert all(isinstance(d, Document) for d in docs)
    tide, bread = docs
    assert tide.page_content.startswith("# Tide pools of the rocky shore")  # the Markdown
    assert "ochre sea star" in tide.page_content and "Shore Guides" not in tide.page_content
    assert tide.metadata["source"] == web.server.url("/tide")
    assert tide.metadata["title"] == "Tide pools of the rocky shore"
    assert tide.metadata["outcome"] == "ok" and 0 < tide.metadata["confidence"] <= 1
    assert "author" not in tide.metadata and "published_date" not in tide.metadata  # the page has none
    assert bread.metadata["title"] == "Baking sourdough bread at home"
    assert loader.failures == []


def test_the_loader_reports_the_final_url_after_a_redirect(web: Web) -> None:
    from tests.support.servers import Response

    web.server.route("/old", Response(301, headers={"Location": web.server.url("/tide")}))
    (doc,) = WeblensLoader(web.server.url("/old"), settings=web.settings()).load()  # one URL as a string
    assert doc.metadata["source"] == web.server.url("/tide")


def test_a_failed_url_is_skipped_with_a_warning_or_raised(web: Web) -> None:
    web.page("/gone", "gone", status=404)
    urls = [web.server.url("/gone"), web.server.url("/tide"), "http://10.0.0.1/admin"]
    loader = WeblensLoader(urls, settings=web.settings())
    with pytest.warns(SkippedURLWarning) as caught:
        docs = loader.load()
    assert [d.metadata["source"] for d in docs] == [web.server.url("/tide")]
    assert [(f.url, f.code) for f in loader.failures] == [(urls[0], "http_error"), (urls[2], "ssrf_blocked")]
    assert [str(w.message) for w in caught] == [
        f"weblens skipped {urls[0]}: http_error: {loader.failures[0].message}",
        f"weblens skipped {urls[2]}: ssrf_blocked: {loader.failures[1].message}",
    ]
    strict = WeblensLoader(urls, settings=web.settings(), raise_on_error=True)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # raising instead warns of nothing
        with pytest.raises(HTTPError):
            strict.load()


def test_the_loader_refuses_a_bad_render_mode_at_once() -> None:
    with pytest.raises(InvalidArgument) as caught:
        WeblensLoader(["https://example.org/"], render="sometimes")
    assert caught.value.field == "render"


async def test_the_loader_streams_documents_asynchronously(web: Web) -> None:
    loader = WeblensLoader([web.server.url("/scarf"), web.server.url("/tide")], settings=web.settings())
    titles = [doc.metadata["title"] async for doc in loader.alazy_load()]
    assert titles == ["Knitting your first scarf", "Tide pools of the rocky shore"]
    assert [d.metadata["title"] for d in await loader.aload()] == titles


def _started_since(before: set[int]) -> set[int]:
    """Living processes below this one that did not exist in ``before`` and are not below one that
    did: what this test started, not other fixtures' servers or browsers (nor children they start)."""
    fresh = set(descendants(os.getpid())) - before
    return fresh - {pid for old in before for pid in descendants(old)}


def test_stopping_a_lazy_load_early_reads_no_further_and_leaves_nothing_running(web: Web) -> None:
    before = set(descendants(os.getpid()))
    urls = [web.server.url(f"/tide?n={i}") for i in range(12)]
    loads = WeblensLoader(urls, render="always", settings=web.settings()).lazy_load()  # a browser too
    first = next(loads)
    started = _started_since(before)  # the loader's Lens: its Playwright driver and Chromium
    loads.close()
    assert first.metadata["title"] == "Tide pools of the rocky shore"
    assert len([r for r in web.server.requests if r.path == "/tide"]) < 12
    assert started, "the loader started no process: the check below would prove nothing"
    assert _started_since(before) == set()  # no browser, no Playwright driver outlives the Lens


# --- the retriever -------------------------------------------------------------------------------
def test_the_retriever_returns_ranked_passages_with_their_offsets(web: Web) -> None:
    retriever = WeblensRetriever(read=3, top_k=2, settings=web.settings(embedder="none"))
    docs = retriever.invoke("ochre sea star mussels")
    assert len(docs) == 2
    best = docs[0]
    assert best.metadata["source"] == web.server.url("/tide") and best.metadata["rank"] == 1
    page = PageExtract.model_validate_json(
        tools.call("browse", {"url": best.metadata["source"]}, settings=web.settings())
    )
    assert (
        page.text[best.metadata["start"] : best.metadata["end"]] == best.page_content
    )  # offsets in page.text
    assert "mussels" in best.page_content and best.metadata["title"] == page.title


async def test_the_retriever_works_asynchronously_with_gather_options(web: Web) -> None:
    retriever = WeblensRetriever(
        read=1, top_k=1, options={"site_exclude": ["example.org"]}, settings=web.settings(embedder="none")
    )
    docs = await retriever.ainvoke("sourdough starter")
    assert [d.metadata["source"] for d in docs] == [web.server.url("/bread")]  # read=1: the top result only


def test_the_retriever_checks_its_fields_at_construction() -> None:
    with pytest.raises(InvalidArgument) as too_many:
        WeblensRetriever(read=21)
    with pytest.raises(InvalidArgument) as unknown:
        WeblensRetriever(options={"colour": "red"})
    with pytest.raises(ValidationError):  # not an int at all: pydantic's own check of the field
        WeblensRetriever(top_k="many")  # type: ignore[arg-type]
    assert (too_many.value.field, unknown.value.field) == ("read", "colour")


# --- tools ---------------------------------------------------------------------------------------
def _by_name(tools: list[BaseTool]) -> dict[str, BaseTool]:
    return {tool.name: tool for tool in tools}


def test_every_operation_is_a_tool_a_chat_model_can_be_given() -> None:
    tools = _by_name(weblens_tools())
    assert list(tools) == [name for name in OPERATIONS if not name.startswith("session_")]
    schema = convert_to_openai_tool(tools["gather"])["function"]
    assert schema["name"] == "gather" and schema["description"] == OPERATIONS["gather"].summary
    assert schema["parameters"]["required"] == ["query"]
    assert schema["parameters"]["properties"]["read"]["anyOf"][0]["maximum"] == 20


def test_a_tool_call_answers_markdown_to_the_model_and_the_result_model_as_artifact(web: Web) -> None:
    tools = _by_name(weblens_tools(web.settings(embedder="none")))
    content = tools["browse"].invoke({"url": web.server.url("/tide")})
    assert content.startswith("# Tide pools of the rocky shore")
    message = tools["gather"].invoke(
        {
            "name": "gather",
            "args": {"query": "ochre sea star", "read": 2},
            "id": "call_1",
            "type": "tool_call",
        }
    )
    assert isinstance(message, ToolMessage) and message.tool_call_id == "call_1"
    assert isinstance(message.artifact, GatherResponse) and len(message.artifact.gathered_pages) == 2
    assert "[1]" in message.content and "[2]" in message.content  # numbered sources to cite


def test_a_failing_or_invalid_tool_call_is_text_the_model_reads(web: Web) -> None:
    tools = _by_name(weblens_tools(web.settings()))
    blocked = tools["browse"].invoke({"url": "http://169.254.169.254/latest/meta-data/"})
    assert blocked.startswith("ssrf_blocked: ")
    bad = tools["gather"].invoke({"query": "q", "read": 50})
    assert bad.startswith("invalid_argument: read:")


async def test_tools_run_on_a_lens_you_keep_and_sessions_need_one(web: Web) -> None:
    with pytest.raises(InvalidArgument):
        weblens_tools(sessions=True)
    async with Lens(web.settings()) as lens:
        tools = _by_name(weblens_tools(lens=lens, sessions=True))
        assert list(tools) == list(OPERATIONS)
        first = await tools["browse"].ainvoke({"url": web.server.url("/scarf")})
        again = await tools["browse"].ainvoke({"url": web.server.url("/scarf")})
        blocking = tools["session_close"].invoke({"session_id": "nope"})
    assert first == again and len([r for r in web.server.requests if r.path == "/scarf"]) == 1
    assert blocking.startswith("invalid_argument: session_close runs on the session's Lens")
