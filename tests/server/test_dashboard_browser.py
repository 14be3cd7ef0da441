"""The dashboard in real Chromium against the real server (uvicorn on loopback).

One browser for the module; each test gets a fresh context (its own session storage) whose page
records every request it makes, console errors, uncaught errors, dialogs and CSP violations.
Every test ends by asserting that nothing left the server's origin and no CSP violation happened.
"""

from __future__ import annotations

import json
import os
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.requests import Request
from starlette.responses import StreamingResponse

from tests.support.appserver import AppServer
from tests.support.fake_providers import json_response
from tests.support.pages import page as fixture_page
from tests.support.servers import LoopbackServer, Response
from weblens.config import MASK, load_settings
from weblens.errors import RenderFailed
from weblens.render.locate import find_chromium
from weblens.server.dashboard.routes import offered_operations
from weblens.server.http import create_app, fastapi_app

pytestmark = pytest.mark.chromium

playwright_api = pytest.importorskip("playwright.sync_api")
expect = playwright_api.expect

KEY = "dashboard-test-key-31337"
SECRET = "brave-secret-do-not-show"
REDIS_PASSWORD = "redis-hunter2-pass"
TIMEOUT_MS = 15_000

HOSTILE = b"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<title>&lt;img src=x onerror="window.__pwned='title'"&gt; Hostile page</title>
<meta name="author" content="&lt;script&gt;window.__pwned='author'&lt;/script&gt;">
<meta property="og:site_name" content="&lt;svg onload=&quot;window.__pwned='site'&quot;&gt;">
<script>window.__pwned = 'page script';</script>
</head><body><article>
<h1>Hostile <img src="x" onerror="window.__pwned='h1'"> page</h1>
<p>This page tries every way we know to run script inside the dashboard that shows it. The text
mentions &lt;script&gt;window.__pwned='text'&lt;/script&gt; and
&lt;img src=x onerror=window.__pwned='textimg'&gt; as plain words, which must stay plain
words when the preview renders the Markdown.</p>
<p>Here is a <a href="javascript:window.__pwned='link'">javascript link</a> in a sentence long enough to
count as prose, a <a href="https://example.org/fine" onclick="window.__pwned='onclick'">fine link with a
handler</a> that should keep its address and lose its handler, and a
<a href="data:text/html,&lt;script&gt;window.__pwned='data'&lt;/script&gt;">data link</a> that should
become plain text, because the preview only ever links to http and https addresses.</p>
<p>Markdown smuggled in text: [click me](javascript:window.__pwned='md') and ![pixel](https://tracker.example/p.png)
and &lt;b onmouseover="window.__pwned='b'"&gt;bold&lt;/b&gt; and `<code>` and **strong**.</p>
<figure><img src="https://tracker.example/beacon.png" alt="beacon" onerror="window.__pwned='img'"></figure>
<svg width="10" height="10"><script>window.__pwned='svg script'</script>
<a href="javascript:window.__pwned='svg link'"><text x="0" y="10">svg link</text></a></svg>
<iframe src="javascript:window.__pwned='iframe'"></iframe>
<p>Tide pools and rock pools hold a surprising amount of life, and this paragraph only exists to give
the extractor enough ordinary prose to recognise the article as the page's main content. More words
follow so that the density of text here is clearly higher than anywhere else on the page.</p>
<p>Another paragraph of ordinary prose about the shore, the tides, the snails and the barnacles keeps
the article long enough to be read with good confidence by the extraction pipeline.</p>
</article>
<script>document.write('<img src=x onerror="window.__pwned=1">');</script>
</body></html>
"""

INIT_SCRIPT = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__csp.push(`${e.violatedDirective} ${e.blockedURI}`);
});
"""


@dataclass
class Site:
    app: AppServer
    pages: LoopbackServer
    has_real_answer: bool

    def url(self, path: str = "/") -> str:
        return self.app.url(path)


def _searxng(pages: LoopbackServer) -> Callable[[Any], Response]:
    def answer(_: Any) -> Response:
        results = [
            {
                "url": pages.url("/article"),
                "title": "How Tide Pools Survive the Summer",
                "content": "Tide pools face heat, salt and oxygen stress every summer.",
                "engine": "local",
            },
            {
                "url": pages.url("/hostile"),
                "title": "<img src=x onerror=\"window.__pwned='result title'\"> hostile result",
                "content": "<script>window.__pwned='snippet'</script> a snippet that is only text",
                "engine": "local",
            },
        ]
        return json_response({"query": "q", "results": results, "unresponsive_engines": []})

    return answer


def _settings(pages: LoopbackServer, tmp: Path) -> Any:
    """Settings from all four sources: a TOML file, the environment, arguments, defaults."""
    config = tmp / "weblens.toml"
    config.write_text("max_redirects = 4\n")
    with pytest.MonkeyPatch.context() as env:
        for key in list(os.environ):
            if key.startswith("WEBLENS_") and key != "WEBLENS_SHARED":
                env.delenv(key)
        env.setenv("WEBLENS_CONFIG", str(config))
        env.setenv("WEBLENS_TIMEOUT_S", "12")
        env.setenv("WEBLENS_CACHE_DIR", str(tmp / "cache"))
        settings = load_settings(
            api_keys=[KEY],
            allow_hosts=[pages.allow_entry],
            cache="memory",
            render="never",
            providers=["searxng", "serpapi", "wikipedia"],
            searxng_url=pages.url("/searxng"),
            wikipedia_endpoint=pages.url("/wikipedia/w/api.php"),
            brave_api_key=SECRET,
            redis_url=f"redis://weblens:{REDIS_PASSWORD}@127.0.0.1:6399/0",
            per_domain_rate_limit=10_000,
        )
        return create_app(settings)  # the settings' sources are read now, in this environment


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    with LoopbackServer() as pages:
        pages.route("/article", Response(body=fixture_page("article.html")))
        pages.route("/hostile", Response(body=HOSTILE))
        pages.route("/searxng/search", _searxng(pages))
        app = _settings(pages, tmp_path_factory.mktemp("dashboard"))
        has_answer = "answer" in offered_operations(fastapi_app(app))
        with AppServer(app) as server:
            yield Site(server, pages, has_answer)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    try:
        executable = find_chromium()
    except RenderFailed as exc:
        if os.environ.get("WEBLENS_REQUIRE_SERVICES") == "1":
            pytest.fail(f"Chromium is not installed: {exc}")
        pytest.skip(f"Chromium is not installed: {exc}")
    with playwright_api.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=executable, headless=True)
        yield chromium
        chromium.close()


@dataclass
class Watched:
    page: Any
    origin: str
    requests: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    dialogs: list[str] = field(default_factory=list)

    def check(self, *, statuses: tuple[int, ...] = ()) -> None:
        """Nothing left the origin, nothing ran that should not have, the page broke no CSP rule."""
        foreign = [url for url in self.requests if not url.startswith(self.origin + "/")]
        assert foreign == [], f"requests left the server's origin: {foreign}"
        assert self.page.evaluate("window.__csp") == []
        assert self.page.evaluate("typeof window.__pwned") == "undefined"
        assert self.dialogs == []
        assert self.page_errors == []
        expected = tuple(f"the server responded with a status of {status} " for status in statuses)
        errors = [e for e in self.console_errors if not any(text in e for text in expected)]
        assert errors == []


@contextmanager
def _watch(browser: Any, site: Site, *, key: str | None, **context: Any) -> Iterator[Watched]:
    ctx = browser.new_context(**context)
    ctx.add_init_script(INIT_SCRIPT)
    if key:
        ctx.add_init_script(f"sessionStorage.setItem('weblens.apiKey', {json.dumps(key)});")
    page = ctx.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    watched = Watched(page, site.app.origin)
    page.on("request", lambda r: watched.requests.append(r.url))
    page.on("console", lambda m: watched.console_errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: watched.page_errors.append(str(e)))

    def on_dialog(dialog: Any) -> None:
        watched.dialogs.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", on_dialog)
    try:
        yield watched
    finally:
        ctx.close()


@pytest.fixture
def watched(browser: Any, site: Site) -> Iterator[Watched]:
    """A page whose tab already holds the API key."""
    with _watch(browser, site, key=KEY) as page:
        yield page


@pytest.fixture
def stranger(browser: Any, site: Site) -> Iterator[Watched]:
    """A page in a fresh tab with no key."""
    with _watch(browser, site, key=None) as page:
        yield page


def read(watched: Watched, url: str) -> None:
    page = watched.page
    page.get_by_test_id("read-input").fill(url)
    page.get_by_test_id("read-submit").click()


# --- the key ---------------------------------------------------------------------------------------
def test_the_page_asks_for_a_key_and_keeps_it_in_the_tab_only(stranger: Watched, site: Site) -> None:
    page = stranger.page
    page.goto(site.url("/"))
    expect(page.get_by_test_id("key-input")).to_be_visible()
    expect(page.locator("#main")).to_be_hidden()
    assert page.evaluate("document.activeElement.id") == "key-input"

    page.get_by_test_id("key-input").fill("wrong-key")
    page.get_by_test_id("key-submit").click()
    expect(page.get_by_test_id("key-message")).to_contain_text("refused")
    expect(page.locator("#main")).to_be_hidden()
    assert page.evaluate("sessionStorage.length") == 0

    page.get_by_test_id("key-input").fill(KEY)
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("read-input")).to_be_visible()
    expect(page.get_by_test_id("settings")).to_contain_text("searxng")
    assert page.evaluate("sessionStorage.getItem('weblens.apiKey')") == KEY
    assert page.evaluate("localStorage.length") == 0
    assert page.context.cookies() == []
    assert not any(KEY in url for url in stranger.requests)  # never in an address

    page.get_by_test_id("key-forget").click()
    expect(page.get_by_test_id("key-input")).to_be_visible()
    assert page.evaluate("sessionStorage.length") == 0
    stranger.check(statuses=(401,))


def test_nothing_is_served_without_the_key(site: Site) -> None:
    with httpx.Client(base_url=site.url()) as http:
        assert http.get("/").status_code == 200  # the page itself holds no data
        for method, path in (("GET", "/v1/stats"), ("GET", "/v1/settings"), ("POST", "/v1/browse")):
            response = http.request(method, path, json={"url": site.pages.url("/article")})
            assert response.status_code == 401, path


# --- Read ------------------------------------------------------------------------------------------
def test_read_shows_the_page_as_a_person_reads_it(watched: Watched, site: Site) -> None:
    page = watched.page
    page.goto(site.url("/"))
    read(watched, site.pages.url("/article"))
    expect(page.get_by_test_id("page-title")).to_have_text("How Tide Pools Survive the Summer")
    markdown = page.get_by_test_id("page-markdown")
    expect(markdown).to_contain_text("Every low tide leaves thousands of small basins")
    assert markdown.locator("h3, h4").count() >= 1  # the article's own headings, rendered
    assert markdown.locator("p").count() >= 3
    meta = page.get_by_test_id("page-meta")
    expect(meta).to_contain_text("Mara Lindqvist")
    expect(meta).to_contain_text("2025-07-14")
    expect(meta).to_contain_text("Coastal Notes")
    expect(page.get_by_test_id("page-outcome")).to_contain_text("Readable main content was found")
    expect(page.get_by_test_id("page-confidence")).to_contain_text("high")
    expect(page.get_by_test_id("page-timings")).to_contain_text("Total")
    raw = json.loads(page.get_by_test_id("page-json").text_content() or "{}")
    assert raw["title"] == "How Tide Pools Survive the Summer"
    assert raw["final_url"] == site.pages.url("/article")
    watched.check()


def test_a_read_error_is_shown_with_its_code(watched: Watched, site: Site) -> None:
    page = watched.page
    page.goto(site.url("/"))
    read(watched, "http://169.254.169.254/latest/meta-data/")
    expect(page.locator("#read-status")).to_contain_text("ssrf_blocked")
    expect(page.locator("#read-result")).to_be_hidden()
    watched.check(statuses=(403,))


def test_a_hostile_page_runs_nothing_in_the_dashboard(watched: Watched, site: Site) -> None:
    page = watched.page
    page.goto(site.url("/"))
    read(watched, site.pages.url("/hostile"))
    title = page.get_by_test_id("page-title")
    expect(title).to_contain_text("Hostile page")
    expect(title).to_contain_text("<img src=x onerror=")  # the markup is shown as text
    meta = page.get_by_test_id("page-meta")
    expect(meta).to_contain_text("<script>window.__pwned='author'<")  # shown as text
    expect(meta).to_contain_text("<svg onload=")
    markdown = page.get_by_test_id("page-markdown")
    expect(markdown).to_contain_text("<script>window.__pwned='text'</script>")
    expect(markdown).to_contain_text("[image: beacon]")
    page.locator("details.raw summary").click()  # the raw JSON shows everything as text too
    expect(page.get_by_test_id("page-json")).to_contain_text("tracker.example")
    found = page.evaluate(
        """() => {
        const preview = document.querySelector('[data-testid=page-markdown]');
        const handlers = [...document.querySelectorAll('*')].flatMap((el) =>
          [...el.attributes]
            .filter((a) => /^on/i.test(a.name) || a.name === 'style')
            .map((a) => `${el.tagName} ${a.name}`));
        const links = [...preview.querySelectorAll('a')]
          .map((a) => [a.getAttribute('href'), a.rel, a.target]);
        const tags = [...new Set([...preview.querySelectorAll('*')].map((el) => el.tagName.toLowerCase()))];
        return { handlers, links, tags };
    }"""
    )
    assert found["handlers"] == []
    assert not {"img", "script", "svg", "iframe", "object", "embed", "style", "form", "input"} & set(
        found["tags"]
    )
    assert found["links"], "the page's fine link and the image reference are links"
    for href, rel, target in found["links"]:
        assert href.startswith(("http://", "https://")), href
        assert rel == "noopener noreferrer nofollow" and target == "_blank"
    markdown.get_by_text("javascript link").hover()
    markdown.get_by_text("fine link with a handler").hover()
    watched.check()  # includes: window.__pwned unset, no dialog, no request to tracker.example


def test_extract_a_pasted_document_or_a_file(watched: Watched, site: Site, tmp_path: Path) -> None:
    page = watched.page
    page.goto(site.url("/"))
    page.locator("details.extract > summary").click()
    page.get_by_test_id("extract-input").fill(HOSTILE.decode("utf-8"))
    page.get_by_test_id("extract-url").fill("https://example.org/hostile")
    page.get_by_test_id("extract-submit").click()
    expect(page.get_by_test_id("page-title")).to_contain_text("Hostile page")
    expect(page.get_by_test_id("page-markdown")).to_contain_text("fine link with a handler")
    document = tmp_path / "notes.md"
    document.write_text("# Field notes\n\nBarnacles close their plates at low tide.\n", encoding="utf-8")
    page.get_by_test_id("extract-file").set_input_files(str(document))
    page.get_by_test_id("extract-submit").click()
    expect(page.get_by_test_id("page-markdown")).to_contain_text("Barnacles close their plates")
    expect(page.locator("#read-status")).to_contain_text("Extracting notes.md: done")
    watched.check()


def test_the_markdown_renderer_keeps_hostile_markdown_inert(watched: Watched, site: Site) -> None:
    page = watched.page
    page.goto(site.url("/"))
    cases = {
        "script": "<script>window.__pwned='a'</script>",
        "img": "<img src=x onerror=\"window.__pwned='b'\">",
        "svg": "<svg onload=\"window.__pwned='c'\"><circle/></svg>",
        "js link": "[x](javascript:window.__pwned='d')",
        "mixed case": "[x](JaVaScRiPt:window.__pwned='e')",
        "entity": "[x](&#106;avascript:window.__pwned='f')",
        "data": "[x](data:text/html,<script>window.__pwned='g'</script>)",
        "vbscript": "[x](vbscript:msgbox(1))",
        "relative": "[x](//evil.example/) [y](/v1/stats)",
        "title": '[x](https://ok.example/ "t\\" onmouseover=window.__pwned=\'h\'")',
        "image": "![alt](https://tracker.example/pixel.png)",
        "image js": "![alt](javascript:window.__pwned='i')",
        "autolink": "<javascript:window.__pwned='j'> <https://ok.example/auto>",
        "html block": "<div onclick=\"window.__pwned='k'\">\n\n*text*\n\n</div>",
        "code": "```html\n<script>window.__pwned='l'</script>\n```",
        "table": "| a | b |\n|---|---|\n| <img src=x onerror=window.__pwned='m'> | [x](javascript:1) |",
        "nested": ">" * 500 + " deep",
        "list bomb": "\n".join(f"{'  ' * i}- item" for i in range(300)),
        "emphasis bomb": "*a " * 5000 + "_b" * 5000,
        "brackets": "[" * 5000 + "x" + "](" * 5000,
    }
    result = page.evaluate(
        """async (cases) => {
        const { renderMarkdown, ALLOWED_MARKUP } = await import('/static/markdown.js');
        const out = {};
        for (const [name, source] of Object.entries(cases)) {
          const box = document.createElement('div');
          box.append(renderMarkdown(source));
          document.body.append(box);
          const bad = [];
          for (const el of box.querySelectorAll('*')) {
            const tag = el.tagName.toLowerCase();
            if (!(tag in ALLOWED_MARKUP)) bad.push(tag);
            for (const a of el.attributes) {
              if (!ALLOWED_MARKUP[tag]?.includes(a.name)) bad.push(`${tag}[${a.name}]`);
            }
            const href = el.getAttribute('href');
            if (tag === 'a' && !/^https?:\\/\\//.test(href)) bad.push(`href ${href}`);
          }
          const links = [...box.querySelectorAll('a')].map((a) => a.href);
          out[name] = { bad, text: box.textContent, links };
          box.remove();
        }
        return out;
    }""",
        cases,
    )
    for name, found in result.items():
        assert found["bad"] == [], name
    assert "<script>window.__pwned='a'</script>" in result["script"]["text"]
    assert result["js link"]["links"] == [] and result["mixed case"]["links"] == []
    assert result["entity"]["links"] == [] and result["data"]["links"] == []
    assert result["relative"]["links"] == []
    assert result["title"]["links"] == ["https://ok.example/"]
    assert result["image"]["links"] == ["https://tracker.example/pixel.png"]  # a link, never loaded
    assert result["image"]["text"] == "[image: alt]"
    assert result["autolink"]["links"] == ["https://ok.example/auto"]
    assert "<script>window.__pwned='l'</script>" in result["code"]["text"]
    watched.check()


_TOKENS = [
    "<script>",
    "</script>",
    "<img src=x onerror=window.__pwned=1>",
    "<svg onload=window.__pwned=1>",
    "javascript:window.__pwned=1",
    "https://ok.example/",
    "data:text/html,x",
    "](",
    "![",
    "[",
    ")",
    "`",
    "```",
    "*",
    "**",
    "_",
    "~~",
    "\\",
    "&#106;",
    "&lt;",
    "<br>",
    "<https://ok.example/a>",
    "\n",
    "\n\n",
    "# ",
    "- ",
    "1. ",
    "> ",
    "| a | b |\n|---|---|\n",
    "  ",
    '"',
    " onclick=",
]
_markdown = st.lists(
    st.sampled_from(_TOKENS) | st.text(alphabet="ab <>/=\"'`*_~[]()!#-|&;:\nxy", max_size=6), max_size=40
).map("".join)

_CHECK_RENDERING = """async (sources) => {
    const { renderMarkdown, ALLOWED_MARKUP } = await import('/static/markdown.js');
    const bad = [];
    for (const source of sources) {
      const box = document.createElement('div');
      box.append(renderMarkdown(source));
      document.body.append(box);
      for (const el of box.querySelectorAll('*')) {
        const tag = el.tagName.toLowerCase();
        if (!(tag in ALLOWED_MARKUP)) bad.push([source, tag]);
        for (const a of el.attributes) {
          if (!ALLOWED_MARKUP[tag]?.includes(a.name)) bad.push([source, `${tag}[${a.name}]`]);
        }
        if (tag === 'a' && !/^https?:\\/\\//.test(el.getAttribute('href'))) bad.push([source, 'href']);
      }
      box.remove();
    }
    return { bad, pwned: typeof window.__pwned };
}"""


@pytest.fixture(scope="module")
def markdown_page(browser: Any, site: Site) -> Iterator[Watched]:
    with _watch(browser, site, key=None) as watched:
        watched.page.goto(site.url("/"))
        yield watched
        watched.check()


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(sources=st.lists(_markdown, min_size=1, max_size=8))
def test_any_markdown_becomes_allow_listed_markup_only(markdown_page: Watched, sources: list[str]) -> None:
    found = markdown_page.page.evaluate(_CHECK_RENDERING, sources)
    assert found == {"bad": [], "pwned": "undefined"}


def test_markdown_renders_the_structure_weblens_writes(watched: Watched, site: Site) -> None:
    page = watched.page
    page.goto(site.url("/"))
    source = "\n".join(
        [
            "# Title",
            "",
            "Some *emphasis*, **strong**, ~~gone~~, `code` and a [link](https://example.org/a_(b)).",
            "A line break inside the paragraph.",
            "",
            "- one",
            "- two",
            "  - nested",
            "",
            "3. three",
            "4. four",
            "",
            "> quoted **text**",
            "",
            "```python",
            "print('<b>')",
            "```",
            "",
            "| h1 | h2 |",
            "| --- | --- |",
            "| a \\| b | c<br>d |",
            "",
            "---",
            "",
            "Escaped \\*stars\\* and \\[brackets\\] and &amp; entities.",
        ]
    )
    html = page.evaluate(
        """async (source) => {
        const { renderMarkdown } = await import('/static/markdown.js');
        const box = document.createElement('div');
        box.append(renderMarkdown(source));
        return box.innerHTML;
    }""",
        source,
    )
    assert "<h3>Title</h3>" in html
    assert "<em>emphasis</em>" in html and "<strong>strong</strong>" in html and "<del>gone</del>" in html
    assert "<code>code</code>" in html
    assert 'href="https://example.org/a_(b)"' in html
    assert "paragraph" in html and "<br>A line break" in html
    assert "<ul><li>one</li><li>two<ul><li>nested</li></ul></li></ul>" in html
    assert '<ol start="3"><li>three</li><li>four</li></ol>' in html
    assert "<blockquote><p>quoted <strong>text</strong></p></blockquote>" in html
    assert "<pre><code>print('&lt;b&gt;')</code></pre>" in html
    assert "<th>h1</th>" in html and "<td>a | b</td>" in html and "<td>c<br>d</td>" in html
    assert "<hr>" in html
    assert "Escaped *stars* and [brackets] and &amp; entities." in html
    watched.check()


# --- Search ----------------------------------------------------------------------------------------
def test_search_lists_results_and_reads_the_top_ones(watched: Watched, site: Site) -> None:
    page = watched.page
    page.goto(site.url("/"))
    page.get_by_test_id("search-input").fill("tide pools")
    page.get_by_test_id("search-submit").click()
    results = page.get_by_test_id("search-results").locator("li")
    expect(results).to_have_count(2)
    expect(results.first).to_contain_text("How Tide Pools Survive the Summer")
    expect(results.nth(1)).to_contain_text("hostile result")  # weblens strips the markup of results;
    expect(results.nth(1)).to_contain_text("window.__pwned='snippet'")  # what is left stays text
    expect(page.locator("#search-status")).to_contain_text("from searxng")

    page.get_by_test_id("search-read").fill("1")
    page.get_by_test_id("search-submit").click()
    gathered = page.get_by_test_id("gathered")
    expect(gathered).to_contain_text("Pages read (1)")
    gathered.get_by_role("button", name="Show in Read").click()
    expect(page.get_by_test_id("page-title")).to_have_text("How Tide Pools Survive the Summer")

    results.first.get_by_role("button").click()  # "Read" on a result reads it in the Read section
    expect(page.locator("#read-status")).to_contain_text("done")
    watched.check()


# --- Stats -----------------------------------------------------------------------------------------
def test_stats_count_up_by_themselves(watched: Watched, site: Site) -> None:
    page = watched.page
    page.goto(site.url("/?refresh=0.3"))
    for name in ("browse", "search", "gather", "answer"):
        expect(page.get_by_test_id(f"stat-{name}")).to_be_visible()
    value = page.get_by_test_id("stat-browse-value")
    expect(value).not_to_have_text("")
    before = int((value.text_content() or "0").replace(",", ""))
    with httpx.Client(base_url=site.url(), headers={"Authorization": f"Bearer {KEY}"}) as http:
        assert http.post("/v1/browse", json={"url": site.pages.url("/article")}).status_code == 200
        assert http.post("/v1/browse", json={"url": "http://10.1.2.3/"}).status_code == 403
    expect(value).to_have_text(str(before + 2))  # no click: the section refreshed itself
    expect(page.get_by_test_id("stat-browse")).to_contain_text("at validate")
    expect(page.get_by_test_id("stat-error-codes")).to_contain_text("ssrf_blocked")
    expect(page.get_by_test_id("stat-budget")).to_contain_text("searches left this hour")
    bars = page.get_by_test_id("stats-chart").locator("rect")
    expect(bars).to_have_count(60)
    heights = page.evaluate(
        "[...document.querySelectorAll('[data-testid=stats-chart] rect')]"
        ".map((r) => +r.getAttribute('height'))"
    )
    assert max(heights) > 0
    if not site.has_real_answer:
        expect(page.get_by_test_id("stat-answer")).to_contain_text("Not available")
    watched.check()


# --- Settings --------------------------------------------------------------------------------------
def test_settings_show_sources_and_mask_secrets(watched: Watched, site: Site) -> None:
    page = watched.page
    page.goto(site.url("/"))
    settings = page.get_by_test_id("settings")
    expect(settings).to_contain_text("Search providers, in order")
    text = settings.inner_text()
    for secret in (SECRET, REDIS_PASSWORD, KEY):
        assert secret not in text
        assert secret not in page.content()
    assert MASK in text

    def row(name: str) -> Any:
        return settings.locator(f"tr[data-setting={name}]")

    expect(row("brave_api_key")).to_contain_text(MASK)
    expect(row("redis_url")).to_contain_text(f"redis://weblens:{MASK}@127.0.0.1:6399/0")
    expect(row("api_keys")).to_contain_text(MASK)
    expect(row("timeout_s")).to_contain_text("environment")
    expect(row("max_redirects")).to_contain_text("TOML file")
    expect(row("render")).to_contain_text("argument")
    expect(row("cache_ttl_s")).to_contain_text("default")
    providers = page.get_by_test_id("settings-providers")
    expect(providers).to_contain_text("Searches go to searxng first (then wikipedia when it fails)")
    expect(providers.locator("li[data-provider=serpapi]")).to_contain_text("not configured")
    expect(providers.locator("li[data-provider=serpapi]")).to_contain_text("WEBLENS_SERPAPI_API_KEY")
    expect(providers.locator("li").first).to_contain_text("searxng")

    page.get_by_label("Find a setting").fill("redirect")
    expect(settings.locator("tbody tr")).to_have_count(1)
    watched.check()


# --- Ask -------------------------------------------------------------------------------------------
def _standin_answer(pages: LoopbackServer) -> Callable[[Request], Any]:
    """POST /v1/answer as its contract describes it (SSE progress, then the answer), for as long as
    this weblens has no research loop: it checks the dashboard's side of the wire format only."""
    article = pages.url("/article")
    quote = "Every low tide leaves thousands of small basins of seawater stranded on the rocky shore."

    async def answer(request: Request) -> StreamingResponse:
        question = (await request.json())["question"]
        stages = ["query", "search", "select", "read", "rank", "answer", "verify"]
        events = [
            ("progress", {"stage": s, "message": f"{s}…", "done": 1, "total": 1, "elapsed_ms": 10.0 * i})
            for i, s in enumerate(stages)
        ]
        source = {"final_url": article, "title": "How Tide Pools Survive the Summer", "text": quote}
        events.append(
            (
                "answer",
                {
                    "question": question,
                    "search_query": "tide pools summer",
                    "answer": "Tide pools are stranded at every low tide [1]. Heat is the first problem [9].",
                    "citations": [
                        {
                            "n": 1,
                            "url": article,
                            "title": "t",
                            "quote": quote,
                            "start": 0,
                            "end": 88,
                            "verified": True,
                        },
                        {
                            "n": 1,
                            "url": article,
                            "title": "t",
                            "quote": "made up",
                            "start": 0,
                            "end": 7,
                            "verified": False,
                        },
                    ],
                    "passages": [],
                    "sources": [source],
                    "failures": [],
                    "warnings": ["[9] names no source and was removed"],
                    "llm_used": False,
                    "expanded": False,
                    "timings": {"search": 12.0, "read": 30.0},
                },
            )
        )
        wire = "".join(f"event: {name}\r\ndata: {json.dumps(data)}\r\n\r\n" for name, data in events)

        async def chunks() -> AsyncIterator[bytes]:
            for start in range(0, len(wire), 97):  # events split across chunks at odd places
                yield wire[start : start + 97].encode()

        return StreamingResponse(chunks(), media_type="text/event-stream")

    return answer


@pytest.fixture(scope="module")
def ask_site(site: Site, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    """The server with the research loop: the real one when this weblens has it, else a stand-in."""
    if site.has_real_answer:
        yield site
        return
    app = _settings(site.pages, tmp_path_factory.mktemp("ask"))
    fastapi_app(app).add_api_route("/v1/answer", _standin_answer(site.pages), methods=["POST"])
    with AppServer(app) as server:
        yield Site(server, site.pages, has_real_answer=False)


def test_ask_streams_the_stages_and_shows_numbered_verified_sources(browser: Any, ask_site: Site) -> None:
    with _watch(browser, ask_site, key=KEY) as watched:
        page = watched.page
        page.goto(ask_site.url("/"))
        expect(page.get_by_test_id("ask-unavailable")).to_be_hidden()
        page.get_by_test_id("ask-input").fill("How do tide pool animals survive summer heat?")
        page.get_by_test_id("ask-submit").click()
        sources = page.get_by_test_id("sources").locator("li.source")
        expect(sources.first).to_be_visible(timeout=60_000)
        expect(page.get_by_test_id("answer")).not_to_be_empty()
        expect(page.get_by_test_id("ask-progress").locator("li")).not_to_have_count(0)
        assert page.get_by_test_id("ask-progress").locator("li.done").count() >= 1
        expect(sources.first).to_contain_text("[1]")
        link = sources.first.locator("a").first
        assert (link.get_attribute("href") or "").startswith(ask_site.pages.url("/"))
        assert link.get_attribute("rel") == "noopener noreferrer nofollow"
        expect(page.get_by_test_id("sources").locator(".badge.ok").first).to_have_text("verified")
        assert page.get_by_test_id("answer").locator("a.cite").count() >= 1  # [n] links to source n
        if not ask_site.has_real_answer:
            expect(page.get_by_test_id("ask-progress")).to_contain_text("verify")
            expect(page.get_by_test_id("sources")).to_contain_text("not verified")
            expect(page.get_by_test_id("answer")).to_contain_text("[9]")  # names no source: not a link
            expect(page.locator("#answer-notes")).to_contain_text("names no source")
            assert page.get_by_test_id("answer").locator("a.cite").count() == 1
        watched.check()


@pytest.fixture(scope="module")
def absent_site(site: Site, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    """The server without the research loop: this one, or one whose answer route was taken out."""
    if not site.has_real_answer:
        yield site
        return
    app = _settings(site.pages, tmp_path_factory.mktemp("absent"))
    fastapi_app(app).router.routes[:] = [
        r for r in fastapi_app(app).router.routes if getattr(r, "path", "") != "/v1/answer"
    ]
    with AppServer(app) as server:
        yield Site(server, site.pages, has_real_answer=False)


def test_ask_says_when_the_research_loop_is_absent(browser: Any, absent_site: Site) -> None:
    with _watch(browser, absent_site, key=KEY) as watched:
        _absent(watched, absent_site)


def _absent(watched: Watched, site: Site) -> None:
    page = watched.page
    page.goto(site.url("/"))
    expect(page.get_by_test_id("ask-unavailable")).to_be_visible()
    expect(page.get_by_test_id("ask-unavailable")).to_contain_text("not available on this server")
    expect(page.get_by_test_id("ask-submit")).to_be_disabled()
    expect(page.get_by_test_id("ask-input")).to_be_disabled()
    watched.check()


# --- Accessible and usable ---------------------------------------------------------------------------
def test_keyboard_only_reading(watched: Watched, site: Site) -> None:
    page = watched.page
    page.goto(site.url("/"))
    expect(page.get_by_test_id("read-input")).to_be_visible()
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.className") == "skip"
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == "read-input":
            break
    else:
        pytest.fail("Tab never reached the URL field")
    page.keyboard.type(site.pages.url("/article"))
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("page-title")).to_have_text("How Tide Pools Survive the Summer")
    landmarks = page.evaluate(
        "['header', 'nav', 'main', 'footer'].map((t) => document.querySelectorAll(t).length)"
    )
    assert all(landmarks)
    unlabelled = page.evaluate(
        """[...document.querySelectorAll('input, select, button')]
        .filter((el) => !el.labels?.length && !el.getAttribute('aria-label') && !el.textContent.trim())
        .map((el) => el.id || el.outerHTML.slice(0, 60))"""
    )
    assert unlabelled == []
    watched.check()


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1366, 768)])
def test_the_layout_fits_phone_and_laptop_widths(browser: Any, site: Site, width: int, height: int) -> None:
    with _watch(browser, site, key=KEY, viewport={"width": width, "height": height}) as watched:
        page = watched.page
        page.goto(site.url("/"))
        read(watched, site.pages.url("/article"))
        expect(page.get_by_test_id("page-title")).to_be_visible()
        expect(page.get_by_test_id("settings")).to_contain_text("Search providers")
        overflow = page.evaluate(
            "document.documentElement.scrollWidth - document.documentElement.clientWidth"
        )
        assert overflow <= 0, f"the page scrolls sideways by {overflow}px at {width}px"
        for name in ("Ask", "Read", "Search", "Stats", "Settings"):
            expect(page.get_by_role("navigation").get_by_role("link", name=name)).to_be_visible()
        watched.check()


# --- crawl -------------------------------------------------------------------------------------------
def test_crawl_streams_the_lines_and_downloads_them(watched: Watched, site: Site) -> None:
    page = watched.page
    page.goto(site.url("/#crawl"))
    page.get_by_test_id("crawl-input").fill(site.pages.url("/article"))
    page.locator("#crawl-form details.options summary").click()
    page.locator("#crawl-opt-max-depth").fill("0")  # the start page only (its links lead to 404s)
    page.get_by_test_id("crawl-submit").click()
    expect(page.get_by_test_id("crawl-status")).to_contain_text("Done: done")
    lines = page.get_by_test_id("crawl-lines").locator("li")
    expect(lines).to_have_count(1)
    expect(lines.first).to_contain_text("words")
    expect(page.get_by_test_id("crawl-progress")).to_contain_text("1 pages")
    with page.expect_download() as caught:
        page.get_by_test_id("crawl-download").click()
    saved = Path(caught.value.path()).read_text().splitlines()
    assert json.loads(saved[0])["url"] == site.pages.url("/article") and "page" in json.loads(saved[0])
    watched.check()
