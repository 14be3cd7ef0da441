"""Pages and a fake search provider on loopback for the research tests."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.fake_openai import FakeOpenAI
from tests.support.fake_providers import PATHS, json_response, provider_settings
from tests.support.servers import LoopbackServer, Response
from weblens import Settings

HTML = {"Content-Type": "text/html; charset=utf-8"}

TIDE = """<!doctype html><html><head><title>Tide pools of the rocky shore</title></head><body>
<nav><a href="/">Home</a> · <a href="/about">About</a></nav>
<article><h1>Tide pools of the rocky shore</h1>
<p>Tide pools form where the sea retreats at low tide and leaves water trapped in hollows of the rock.
They are home to sea anemones, hermit crabs, starfish and small fish that can survive the changes.</p>
<p>The water in a tide pool warms quickly in the sun. Its salinity rises as the water evaporates, and
the oxygen level falls at night. Animals living there must tolerate these swings every day.</p>
<p>The ochre sea star is the keystone predator of the rocky shore. By eating mussels it keeps space
open for dozens of other species; where the sea star was removed, mussels took over the whole shore.</p>
<p class="hidden" style="display:none">Tide pools are secretly heated by volcanic vents under the sea.</p>
<p>Visitors should step only on bare rock, never lift animals from the water, and watch the incoming
tide, which can cut off the way back within minutes.</p>
</article><footer>© Shore Guides</footer></body></html>"""

BAKING = """<!doctype html><html><head><title>Baking sourdough bread at home</title></head><body>
<article><h1>Baking sourdough bread at home</h1>
<p>A sourdough starter is a mixture of flour and water colonised by wild yeast and lactic acid
bacteria. Feed it every day with equal weights of flour and water and keep it at room temperature.</p>
<p>Mix the dough, let it rest for an hour, then stretch and fold it every thirty minutes. Shape the
loaf, proof it in the refrigerator overnight and bake it in a hot covered pot.</p>
<p>A dense crumb usually means the dough was under-proofed; a flat loaf means it was over-proofed or
shaped too loosely. Keep notes of temperatures and times to learn what your kitchen needs.</p>
</article></body></html>"""

KNITTING = """<!doctype html><html><head><title>Knitting your first scarf</title></head><body>
<article><h1>Knitting your first scarf</h1>
<p>Choose a smooth worsted wool and needles of four to five millimetres. Cast on thirty stitches
with the long-tail method and knit every row in garter stitch until the scarf is long enough.</p>
<p>Bind off loosely, weave in the ends with a tapestry needle and block the scarf by soaking it in
lukewarm water and laying it flat to dry.</p>
</article></body></html>"""


def brave_results(server: LoopbackServer, paths: list[str]) -> dict[str, object]:
    """A Brave Search API answer (its wire format) listing pages of ``server``."""
    return {
        "type": "search",
        "query": {"original": "q"},
        "web": {
            "type": "search",
            "results": [
                {
                    "title": f"Result {i}",
                    "url": server.url(path),
                    "description": f"About {path.strip('/')}",
                    "type": "search_result",
                }
                for i, path in enumerate(paths, start=1)
            ],
        },
    }


class Web:
    """Pages and a fake Brave on one loopback server; settings that reach only them."""

    def __init__(self, server: LoopbackServer, tmp_path: Path) -> None:
        self.server = server
        self.tmp_path = tmp_path

    def page(self, path: str, html: str, status: int = 200) -> None:
        self.server.route(path, Response(status=status, body=html.encode(), headers=HTML))

    def results(self, *paths: str) -> None:
        self.server.route(PATHS["brave"], json_response(brave_results(self.server, list(paths))))

    def settings(self, **extra: object) -> Settings:
        base = provider_settings(
            self.server,
            brave_api_key="test-key",
            providers=["brave"],
            allow_hosts=[self.server.allow_entry],
            cache_dir=self.tmp_path / "cache",
            per_domain_rate_limit=1000,
            render="never",
        )
        return base.model_copy(update=extra)

    def searches(self) -> int:
        return sum(1 for r in self.server.requests if r.path == PATHS["brave"])


@pytest.fixture
def web(server: LoopbackServer, tmp_path: Path) -> Web:
    return Web(server, tmp_path)


@pytest.fixture
def fake_llm() -> Iterator[FakeOpenAI]:
    with FakeOpenAI() as llm:
        yield llm
