"""Lens.browse escalating to real Chromium on loopback (issue 4's end-to-end tests)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.pages import article_fragment, page
from tests.support.servers import LoopbackServer, Response
from tests.support.services import require_program
from weblens import Lens, Settings
from weblens.models import ExtractionMethod, Outcome

pytestmark = pytest.mark.chromium
HTML = {"Content-Type": "text/html; charset=utf-8"}
CLASSES = Path(__file__).resolve().parent / "fixtures" / "classes"


@pytest.fixture
def spa(server: LoopbackServer) -> LoopbackServer:
    require_program("chromium", "apt-get install chromium")
    server.route("/app", Response(body=page("spa_shell.html"), headers=HTML))
    server.route("/article-fragment", Response(body=article_fragment(), headers=HTML))
    server.route(
        "/hang", Response(body=page("spa_shell.html").replace(b"</body>", b'<img src="/never"></body>'))
    )
    server.route("/never", Response(body=b"", delay_s=60))
    return server


def settings_for(server: LoopbackServer, tmp_path: Path, **extra: object) -> Settings:
    values: dict[str, object] = {
        "allow_hosts": [server.allow_entry],
        "cache_dir": tmp_path,
        "cache": "memory",
    }
    return Settings(**{**values, **extra})  # type: ignore[arg-type]


async def test_spa_needs_rendering_and_auto_renders_it(spa: LoopbackServer, tmp_path: Path) -> None:
    async with Lens(settings_for(spa, tmp_path)) as lens:
        never = await lens.browse(spa.url("/app"), render="never")
        auto = await lens.browse(spa.url("/app"), render="auto")
    assert never.outcome is Outcome.JS_REQUIRED or never.confidence < 0.5
    assert "rocky shore" not in never.text
    assert auto.extraction_method is ExtractionMethod.RENDER
    assert auto.confidence >= 0.7
    assert "stranded on the rocky shore" in auto.text
    assert auto.title and "Tide Pools" in auto.title


async def test_render_timeout_returns_the_http_result_with_a_warning(
    spa: LoopbackServer, tmp_path: Path
) -> None:
    settings = settings_for(spa, tmp_path, render_block_resources=False)
    async with Lens(settings) as lens:
        result = await lens.browse(spa.url("/hang"), wait="load", render_timeout_s=2)
    assert result.extraction_method is not ExtractionMethod.RENDER
    assert any(w.startswith("render_timeout") for w in result.warnings)


async def test_render_always_reports_the_status_and_type_of_the_rendered_document(
    spa: LoopbackServer, tmp_path: Path
) -> None:
    spa.route("/gone", Response(status=410, body=page("article.html"), headers=HTML))
    async with Lens(settings_for(spa, tmp_path)) as lens:
        shown = await lens.browse(spa.url("/app"), render="always")
        gone = await lens.browse(spa.url("/gone"), render="always")
    assert shown.extraction_method is ExtractionMethod.RENDER
    assert (shown.status, shown.content_type) == (200, "text/html")
    assert (gone.status, gone.content_type) == (410, "text/html")


_SHOW_ONE_VARIANT = b"""<script>
document.addEventListener("DOMContentLoaded", function () {
  document.querySelector(".SHEETS").removeAttribute("hidden");
});
</script>"""


async def test_a_page_whose_script_reveals_its_text_is_rendered_and_keeps_what_stays_hidden_out(
    spa: LoopbackServer, tmp_path: Path
) -> None:
    # a help page hides each application's variant until its script shows the one for this application
    help_page = (CLASSES / "help_variants.html").read_bytes()
    help_page = help_page.replace(b'<script src="help.js"></script>', _SHOW_ONE_VARIANT)
    spa.route("/help", Response(body=help_page, headers=HTML))
    async with Lens(settings_for(spa, tmp_path)) as lens:
        never = await lens.browse(spa.url("/help"), render="never")
        auto = await lens.browse(spa.url("/help"), render="auto")
    assert never.outcome is Outcome.JS_REQUIRED and "frozen area" not in never.text
    assert auto.extraction_method is ExtractionMethod.RENDER
    assert "The frozen area is saved with the document" in auto.text  # the variant the script showed
    assert "repeat at the top of every page" not in auto.text  # the one it left hidden
