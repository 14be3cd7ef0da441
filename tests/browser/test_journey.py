"""The journey of "Done when", on a shop the agent has never seen, from Python, HTTP, MCP and the CLI.

Accept the cookie banner, search through the site's own search box, open a result, choose an
option, add it to the cart and read the result. The agent below decides each step from the
snapshot it was given (labels, never numbers known in advance).
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
from collections.abc import Awaitable, Callable
from typing import Any

import httpx
import pytest
from mcp import Client

from tests.browser.conftest import lens_for
from tests.support.servers import LoopbackServer
from weblens import Lens, Settings
from weblens.cli_support import EXIT_CODES
from weblens.models import PageExtract
from weblens.requests import SESSION_ACTIONS
from weblens.server.http import create_app
from weblens.server.mcp import LensHolder, build_mcp_server

pytestmark = [pytest.mark.chromium, pytest.mark.asyncio(loop_scope="module")]

Act = Callable[[str, dict[str, Any]], Awaitable[dict[str, Any]]]
CART_LINE = "1 × Tide pool guide (Hardcover) — £12.00"


def pick(snapshot: dict[str, Any], *words: str, tag: str | None = None) -> int:
    """The number of the first control whose label has all ``words`` (what an agent reading it would do)."""
    for element in snapshot["elements"]:
        label = element["label"].lower()
        if all(word in label for word in words) and (tag is None or element["tag"] == tag):
            return int(element["index"])
    raise AssertionError(f"nothing labelled {words} in {snapshot['elements']}")


async def shop_journey(
    first: dict[str, Any], act: Act
) -> tuple[dict[str, Any], list[tuple[str, dict[str, Any]]]]:
    """Drive the shop from its first snapshot; returns what read() gave and the steps taken."""
    steps: list[tuple[str, dict[str, Any]]] = []

    async def step(action: str, **fields: Any) -> dict[str, Any]:
        steps.append((action, fields))
        return await act(action, fields)

    assert first["has_overlay"]
    snapshot = await step("click", index=pick(first, "accept"))
    assert not snapshot["has_overlay"]
    snapshot = await step(
        "type", index=pick(snapshot, "search", tag="input"), text="tide pool guide", submit=True
    )
    assert "1 results for" in snapshot["text"]
    snapshot = await step("click", index=pick(snapshot, "tide pool guide", tag="a"))
    snapshot = await step("select", index=pick(snapshot, "edition", tag="select"), option="Hardcover")
    snapshot = await step("click", index=pick(snapshot, "add to cart"))
    assert snapshot["title"].startswith("Cart")
    page = await step("read")
    return page, steps


async def test_journey_from_python(lens: Lens, site: LoopbackServer) -> None:
    async with lens.open_session() as session:
        first = await session.goto(site.url("/shop/"))

        async def act(action: str, fields: dict[str, Any]) -> dict[str, Any]:
            request = SESSION_ACTIONS[action].parse({"session_id": session.id, **fields})
            if action == "read":
                return (await lens.session_read(request)).model_dump()  # type: ignore[arg-type]
            return (await lens.session_act(request)).model_dump()  # type: ignore[arg-type]

        page, _ = await shop_journey(first.model_dump(), act)
    assert CART_LINE in page["text"]
    assert page["extraction_method"] == "render"


async def test_journey_over_http(lens: Lens, site: LoopbackServer) -> None:
    app = create_app(lens.settings, lens=lens)
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as http:
        opened = await http.post("/v1/sessions", json={"url": site.url("/shop/")})
        assert opened.status_code == 200, opened.text
        session_id = opened.json()["session_id"]

        async def act(action: str, fields: dict[str, Any]) -> dict[str, Any]:
            answer = await http.post(f"/v1/sessions/{session_id}/actions", json={"action": action, **fields})
            assert answer.status_code == 200, answer.text
            return dict(answer.json())

        page, _ = await shop_journey(opened.json(), act)
        assert CART_LINE in PageExtract.model_validate(page).text

        missing = await http.post(f"/v1/sessions/{session_id}/actions", json={"action": "click", "index": 99})
        assert missing.status_code == 404
        assert missing.json()["error"]["code"] == "element_not_found"
        bad = await http.post(f"/v1/sessions/{session_id}/actions", json={"action": "fly"})
        assert (bad.status_code, bad.json()["error"]["code"]) == (400, "invalid_argument")
        generic = await http.post(
            "/v1/session_snapshot", json={"session_id": session_id, "changes_only": True}
        )
        assert generic.status_code == 200 and generic.json()["elements"] == []

        closed = await http.delete(f"/v1/sessions/{session_id}")
        assert closed.json() == {"session_id": session_id, "closed": True}
        gone = await http.delete(f"/v1/sessions/{session_id}")
        assert (gone.status_code, gone.json()["error"]["code"]) == (404, "session_not_found")
        schema = (await http.get("/openapi.json")).json()
        assert "/v1/sessions/{session_id}/actions" in schema["paths"]
        assert "SessionAction" in schema["components"]["schemas"]


async def test_journey_over_mcp(chromium: str, site: LoopbackServer) -> None:
    settings = Settings(allow_hosts=[site.allow_entry], cache="none", chromium_path=chromium)
    async with LensHolder(settings) as holder, Client(build_mcp_server(holder)) as client:
        tools = {tool.name for tool in (await client.list_tools()).tools}
        assert {"session_open", "session_click", "session_type", "session_select", "session_scroll"} <= tools
        assert {"session_back", "session_read", "session_close", "session_goto"} <= tools
        opened = await client.call_tool("session_open", {"url": site.url("/shop/")})
        assert not opened.is_error
        assert opened.content[0].text.startswith(f"Page: {site.url('/shop/')}\nTitle: Home")  # type: ignore[union-attr]
        first = opened.structured_content
        assert first is not None
        session_id = first["session_id"]

        async def act(action: str, fields: dict[str, Any]) -> dict[str, Any]:
            result = await client.call_tool(f"session_{action}", {"session_id": session_id, **fields})
            assert not result.is_error, result.content
            assert result.structured_content is not None
            return result.structured_content

        page, _ = await shop_journey(first, act)
        assert CART_LINE in page["text"]

        failed = await client.call_tool("session_click", {"session_id": session_id, "index": 99})
        assert failed.is_error
        assert failed.content[0].text.startswith("element_not_found: ")  # type: ignore[union-attr]
        closed = await client.call_tool("session_close", {"session_id": session_id})
        assert not closed.is_error


def cli_step(action: str, fields: dict[str, Any]) -> str:
    words = [action, *(str(fields[name]) for name in ("index", "text", "option") if name in fields)]
    quoted = " ".join(json.dumps(word) if " " in word else word for word in words)
    return quoted + (" --submit" if fields.get("submit") else "")


async def weblens(*args: str) -> tuple[int, str, str]:
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "weblens.cli",
        *args,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        env=os.environ.copy(),
    )
    out, err = await asyncio.wait_for(proc.communicate(), 180)
    assert proc.returncode is not None
    return proc.returncode, out.decode(), err.decode()


async def test_journey_from_the_cli(lens: Lens, site: LoopbackServer, chromium: str) -> None:
    """The CLI runs the steps the agent chose (a session lives in one process: all steps in one call)."""
    async with lens.open_session() as session:
        first = await session.goto(site.url("/shop/"))

        async def act(action: str, fields: dict[str, Any]) -> dict[str, Any]:
            request = SESSION_ACTIONS[action].parse({"session_id": session.id, **fields})
            if action == "read":
                return (await lens.session_read(request)).model_dump()  # type: ignore[arg-type]
            return (await lens.session_act(request)).model_dump()  # type: ignore[arg-type]

        _, steps = await shop_journey(first.model_dump(), act)
    options = ["--allow-host", site.allow_entry, "--no-cache"]
    do = [arg for action, fields in steps for arg in ("--do", cli_step(action, fields))]
    os.environ["WEBLENS_CHROMIUM_PATH"] = chromium

    code, out, err = await weblens("interact", site.url("/shop/"), *do, *options, "--format", "json")
    assert code == 0, err
    result = json.loads(out)
    assert [step["step"] for step in result["steps"]][1:] == [cli_step(a, f) for a, f in steps]
    assert CART_LINE in result["steps"][-1]["page"]["text"]
    assert result["steps"][0]["snapshot"]["has_overlay"] is True

    code, out, _ = await weblens("interact", site.url("/shop/"), *do[:2], *options, "--format", "text")
    assert code == 0
    assert out.count("--- Interactive Elements ---") == 2
    assert f"=== {cli_step(*steps[0])}\nPage: {site.url('/shop/')}" in out

    code, out, _ = await weblens("interact", site.url("/shop/"), "--do", "click x", *options)
    assert code == EXIT_CODES["invalid_argument"] == 2
    error = json.loads(out)["error"]
    assert (
        error["code"] == "invalid_argument" and "step 1" in error["message"] and "click x" in error["message"]
    )

    code, out, _ = await weblens("interact", site.url("/shop/"), "--do", "click 99", *options)
    assert code == EXIT_CODES["element_not_found"]
    failed = json.loads(out)
    assert failed["error"]["step"] == "click 99" and len(failed["steps"]) == 1


async def test_an_unknown_session_is_session_not_found_in_every_frontend(
    chromium: str, site: LoopbackServer
) -> None:
    async with lens_for(site, chromium_path=chromium) as lens:
        app = create_app(lens.settings, lens=lens)
        async with httpx.AsyncClient(
            transport=httpx.ASGITransport(app=app), base_url="http://127.0.0.1"
        ) as http:
            answer = await http.post("/v1/sessions/nobody.x/actions", json={"action": "snapshot"})
        assert (answer.status_code, answer.json()["error"]["code"]) == (404, "session_not_found")
        assert "nobody" in answer.json()["error"]["message"]
