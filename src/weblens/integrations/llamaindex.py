"""weblens for LlamaIndex: a reader (``pip install 'weblens[llamaindex]'``).

    from weblens.integrations.llamaindex import WeblensReader

    documents = WeblensReader().load_data(["https://example.org/a", "https://example.org/b"])
    index = VectorStoreIndex.from_documents(documents)

Built on ``llama-index-core`` only; each URL is ``browse`` (guarded fetch, extraction, rendering when
needed), as in :class:`weblens.integrations.langchain.WeblensLoader`, with the same metadata.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator, Sequence
from contextlib import aclosing
from typing import Any

try:
    from llama_index.core.readers.base import BaseReader
    from llama_index.core.schema import Document
except ImportError as exc:  # pragma: no cover - the extra is part of dev
    raise ImportError(
        "weblens.integrations.llamaindex needs llama-index-core: pip install 'weblens[llamaindex]'"
    ) from exc

from weblens.config import Settings
from weblens.integrations.reading import PageReading, page_metadata, render_mode
from weblens.models import GatherFailure, RenderMode
from weblens.sync import iterate_sync

__all__ = ["WeblensReader"]


class WeblensReader(BaseReader):
    """``load_data(urls)``: one ``Document`` per URL, its text the page's Markdown, its metadata
    ``source`` (the final URL), ``title``, ``author``, ``published_date`` (when known),
    ``confidence`` and ``outcome``; ``id_`` is the final URL. A URL that cannot be read is skipped with
    a ``SkippedURLWarning`` and listed in :attr:`failures` (``raise_on_error=True`` raises its error)."""

    def __init__(
        self,
        *,
        render: RenderMode | str = "auto",
        settings: Settings | None = None,
        raise_on_error: bool = False,
    ) -> None:
        self.render = render_mode(render)
        self.settings = settings
        self.raise_on_error = raise_on_error
        self.failures: list[GatherFailure] = []

    def lazy_load_data(self, urls: str | Sequence[str], **_: Any) -> Iterator[Document]:
        yield from iterate_sync(lambda: self._documents(urls))

    def load_data(self, urls: str | Sequence[str], **_: Any) -> list[Document]:
        return list(self.lazy_load_data(urls))

    async def aload_data(self, urls: str | Sequence[str], **_: Any) -> list[Document]:
        return [document async for document in self._documents(urls)]

    async def _documents(self, urls: str | Sequence[str]) -> AsyncIterator[Document]:
        reading = PageReading(
            urls, render=self.render, settings=self.settings, raise_on_error=self.raise_on_error
        )
        self.failures = reading.failures
        async with aclosing(reading.pages()) as pages:  # stopping early closes the Lens at once
            async for url, page in pages:
                metadata = page_metadata(page, url)
                yield Document(text=page.markdown, metadata=metadata, id_=metadata["source"])
