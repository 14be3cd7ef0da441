"""A loopback site serving the data test pages, and a fake OpenAI-compatible model."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.data.pages import LISTING, MICRODATA_RDFA, PRODUCT, TABLES
from tests.support.fake_openai import FakeOpenAI
from tests.support.servers import LoopbackServer, Response
from weblens import Settings

HTML = {"Content-Type": "text/html; charset=utf-8"}


def long_page(paragraphs: int = 60) -> str:
    """A long article (tens of thousands of characters: read by the model in several parts)."""
    body = []
    for n in range(paragraphs):
        body.append(
            f"<p>Section {n + 1} of the harbour survey. The tide gauge at pier {n + 1} was read at dawn and "
            f"again at dusk; the keeper wrote down the water level, the wind and the state of the sea. "
            f"Boats moored along the quay were counted, and the gulls nesting on the warehouse roofs "
            f"were left undisturbed as the rules of the survey require.</p>"
        )
    return (
        "<!doctype html><html><head><title>Harbour survey</title></head><body><article>"
        "<h1>Harbour survey</h1>" + "".join(body) + "</article></body></html>"
    )


class Site:
    def __init__(self, server: LoopbackServer) -> None:
        self.server = server
        for path, html in (
            ("/kettle", PRODUCT),
            ("/week", LISTING),
            ("/rain", TABLES),
            ("/talk", MICRODATA_RDFA),
        ):
            self.page(path, html)

    def page(self, path: str, html: str) -> str:
        self.server.route(path, Response(body=html.encode(), headers=HTML))
        return self.server.url(path)

    def settings(self, llm: FakeOpenAI | None = None, **extra: object) -> Settings:
        values: dict[str, object] = {
            "allow_hosts": [self.server.allow_entry],
            "cache": "none",
            "render": "never",
            "embedder": "none",
            "per_domain_rate_limit": 1000,
        }
        if llm is not None:
            values |= {"llm_base_url": llm.base_url, "llm_model": "fake-model"}
        return Settings(**(values | extra))  # type: ignore[arg-type]


@pytest.fixture
def site(server: LoopbackServer) -> Site:
    return Site(server)


@pytest.fixture
def fake_llm() -> Iterator[FakeOpenAI]:
    with FakeOpenAI() as llm:
        yield llm
