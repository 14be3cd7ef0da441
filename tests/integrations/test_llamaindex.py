"""weblens.integrations.llamaindex against the real llama-index-core, reading loopback pages."""

from __future__ import annotations

import os

import pytest
from llama_index.core.readers.base import BaseReader
from llama_index.core.schema import Document, TextNode

from tests.integrations.conftest import Web
from weblens.errors import InvalidArgument, SSRFBlocked
from weblens.integrations.llamaindex import WeblensReader
from weblens.integrations.reading import SkippedURLWarning
from weblens.render.procs import descendants


def test_load_data_gives_documents_with_the_same_metadata_as_langchain(web: Web) -> None:
    reader = WeblensReader(settings=web.settings())
    assert isinstance(reader, BaseReader)
    docs = reader.load_data([web.server.url("/tide"), web.server.url("/scarf")])
    assert all(isinstance(d, Document) for d in docs)
    tide, scarf = docs
    assert tide.text.startswith("# Tide pools of the rocky shore") and "ochre sea star" in tide.text
    assert tide.id_ == tide.metadata["source"] == web.server.url("/tide")
    assert tide.metadata["title"] == "Tide pools of the rocky shore"
    assert tide.metadata["outcome"] == "ok" and 0 < tide.metadata["confidence"] <= 1
    assert scarf.metadata["title"] == "Knitting your first scarf"
    # a document of the reader goes where any LlamaIndex document goes: nodes, with its metadata
    node = TextNode(text=tide.text, metadata=tide.metadata)
    assert "Tide pools of the rocky shore" in node.get_content(metadata_mode="all")


def test_a_failed_url_is_skipped_with_a_warning_or_raised(web: Web) -> None:
    urls = [web.server.url("/bread"), "http://192.168.1.1/"]
    reader = WeblensReader(settings=web.settings())
    with pytest.warns(SkippedURLWarning, match="ssrf_blocked"):
        docs = reader.load_data(urls)
    assert [d.metadata["source"] for d in docs] == [urls[0]]
    assert [(f.url, f.code) for f in reader.failures] == [(urls[1], "ssrf_blocked")]
    with pytest.raises(SSRFBlocked):
        WeblensReader(settings=web.settings(), raise_on_error=True).load_data(urls)


async def test_aload_data_and_lazy_loading(web: Web) -> None:
    reader = WeblensReader(settings=web.settings(), render="never")
    docs = await reader.aload_data(web.server.url("/bread"))  # one URL as a string
    assert [d.metadata["title"] for d in docs] == ["Baking sourdough bread at home"]


def test_lazy_load_data_yields_as_it_reads_and_stopping_leaves_nothing_running(web: Web) -> None:
    urls = [web.server.url("/scarf"), web.server.url("/tide")]
    lazy = iter(WeblensReader(settings=web.settings(), render="always").lazy_load_data(urls))  # a browser too
    assert next(lazy).metadata["title"] == "Knitting your first scarf"
    lazy.close()  # type: ignore[attr-defined]
    assert descendants(os.getpid()) == []  # no browser, no Playwright driver outlives the reader


def test_a_bad_render_mode_is_refused_at_once() -> None:
    with pytest.raises(InvalidArgument):
        WeblensReader(render="later")
