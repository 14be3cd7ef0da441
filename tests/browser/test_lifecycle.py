"""Sessions' lives: the limit, idle close, Lens close, cancellation, a killed caller, replica ids,
politeness."""

from __future__ import annotations

import asyncio
import json
import os
import sys
import threading
from pathlib import Path

import pytest

from tests.browser.conftest import element, eventually, lens_for
from tests.support.servers import LoopbackServer, Request, Response
from weblens import Lens, Settings
from weblens.errors import RateLimited, SessionLimit, SessionNotFound
from weblens.render import procs

pytestmark = [pytest.mark.chromium, pytest.mark.asyncio(loop_scope="module")]


def chromium_descendants() -> list[int]:
    return [pid for pid in procs.descendants(os.getpid()) if "chrom" in " ".join(procs.cmdline(pid)[:1])]


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state not in ("Z", "X")


async def test_at_most_max_sessions_are_open(chromium: str, site: LoopbackServer) -> None:
    async with lens_for(site, chromium_path=chromium, max_sessions=2) as lens:
        first = await lens.session_open()
        second = await lens.session_open(url=site.url("/select"))
        with pytest.raises(SessionLimit) as caught:
            await lens.session_open()
        assert "session_close" in caught.value.message
        assert caught.value.code == "session_limit"

        await lens.session_close(session_id=first.session_id)
        third = await lens.session_open()

        assert len({first.session_id, second.session_id, third.session_id}) == 3
        assert lens.browsing_sessions.stats().open == 2
        assert lens.browsing_sessions.stats().launches == 1  # one browser for every session
        with pytest.raises(SessionNotFound):
            await lens.session_act(lens_request("session_click", first.session_id, index=1))


def lens_request(name: str, session_id: str, **fields: object):  # type: ignore[no-untyped-def]
    from weblens.operations import OPERATIONS

    return OPERATIONS[name].request.parse({"session_id": session_id, **fields})


async def test_idle_sessions_close_and_then_the_browser(chromium: str, site: LoopbackServer) -> None:
    async with lens_for(site, chromium_path=chromium, session_idle_s=0.5) as lens:
        snapshot = await lens.session_open(url=site.url("/select"))
        pids = lens.browsing_sessions.browser_processes()
        assert pids

        await eventually(lambda: len(lens.browsing_sessions) == 0)
        with pytest.raises(SessionNotFound):
            lens.session(snapshot.session_id)
        assert lens.browsing_sessions.stats().opened == 1


async def test_a_session_in_use_is_not_idle(chromium: str, site: LoopbackServer) -> None:
    lens = lens_for(site, chromium_path=chromium, session_idle_s=1.0)
    async with lens, lens.open_session() as session:
        await session.goto(site.url("/ticker"))  # settling takes longer than the idle timeout
        clicked = await session.click(1)
        assert "Alert saved" in clicked.text


async def test_closing_the_lens_closes_its_sessions_and_leaves_no_process(
    chromium: str, site: LoopbackServer
) -> None:
    lens = lens_for(site, chromium_path=chromium)
    one = await lens.session_open(url=site.url("/select"))
    two = await lens.session_open(url=site.url("/shadow"))
    pids = lens.browsing_sessions.browser_processes()
    assert pids and set(pids) <= set(chromium_descendants())

    await lens.aclose()

    assert chromium_descendants() == []
    assert not [pid for pid in pids if alive(pid)]
    with pytest.raises(SessionNotFound):
        lens.session(one.session_id)
    with pytest.raises(SessionNotFound):
        lens.session(two.session_id)


async def test_a_caller_cancelled_mid_action_leaves_its_session_closed(
    chromium: str, site: LoopbackServer
) -> None:
    arrived = threading.Event()

    def slow(request: Request) -> Response:
        arrived.set()
        return Response(body=b"<title>slow</title>", delay_s=30)

    site.route("/slow-page", slow)
    async with lens_for(site, chromium_path=chromium) as lens:

        async def agent() -> None:
            async with lens.open_session() as session:
                await session.goto(site.url("/slow-page"))

        task = asyncio.create_task(agent())
        assert await asyncio.to_thread(arrived.wait, 20)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task

        assert len(lens.browsing_sessions) == 0
        async with lens.open_session() as session:  # the next session is fine
            assert element(await session.goto(site.url("/select")), "Country").tag == "select"
    assert chromium_descendants() == []


CRASHING_CALLER = """
import asyncio, json, sys
from weblens import Lens, Settings

async def main():
    lens = Lens(Settings(cache="none", allow_hosts=[sys.argv[1]]))
    async with lens.open_session() as session:
        await session.goto(sys.argv[2])
        browser = lens.browsing_sessions
        host = browser._host.session
        print(json.dumps({"pids": browser.browser_processes(), "profile": host.profile_dir}), flush=True)
        await asyncio.sleep(120)

asyncio.run(main())
"""


async def test_a_killed_caller_leaves_no_process_or_profile_behind(
    site: LoopbackServer, chromium: str
) -> None:
    caller = await asyncio.create_subprocess_exec(
        sys.executable,
        "-c",
        CRASHING_CALLER,
        site.allow_entry,
        site.url("/select"),
        stdout=asyncio.subprocess.PIPE,
        env={**os.environ, "WEBLENS_CHROMIUM_PATH": chromium},
    )
    try:
        assert caller.stdout is not None
        started = json.loads(await asyncio.wait_for(caller.stdout.readline(), 60))
        pids, profile = started["pids"], Path(started["profile"])
        assert pids and all(alive(pid) for pid in pids)
    finally:
        caller.kill()
        await caller.wait()

    await eventually(lambda: not any(alive(pid) for pid in pids) and not profile.exists())


async def test_session_ids_name_their_replica(chromium: str, site: LoopbackServer) -> None:
    async with lens_for(site, chromium_path=chromium, replica_id="Replica A.1") as lens:
        snapshot = await lens.session_open()
        assert snapshot.session_id.startswith("replica-a-1.")
        with pytest.raises(SessionNotFound) as caught:
            lens.session("replica-b.AbCdEf")
        assert "replica-b" in caught.value.message and "replica-a-1" in caught.value.message
        with pytest.raises(SessionNotFound) as unknown:
            lens.session("replica-a-1.nope")
        assert "replica-b" not in unknown.value.message


async def test_the_replica_tag_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WEBLENS_REPLICA_ID", "eu-west-2")
    async with Lens(Settings(cache="none")) as lens:
        assert lens.browsing_sessions.replica == "eu-west-2"
    monkeypatch.delenv("WEBLENS_REPLICA_ID")
    async with Lens(Settings(cache="none")) as lens:
        assert lens.browsing_sessions.replica.endswith(f"-{os.getpid()}")


async def test_the_politeness_limit_counts_gotos_not_what_pages_load(
    chromium: str, site: LoopbackServer
) -> None:
    lens = lens_for(site, chromium_path=chromium, per_domain_rate_limit="1/minute", per_domain_burst=2)
    async with lens, lens.open_session() as session:
        await session.goto(site.url("/react"))  # the page loads two scripts: not counted
        page = await session.goto(site.url("/spa/"))  # fetches its data: not counted
        with pytest.raises(RateLimited) as caught:
            await session.goto(site.url("/select"))
        assert caught.value.retry_after is not None and caught.value.retry_after > 0
        week = await session.click(element(page, "This week").index)  # the page's own navigation
        assert "Spring tides" in week.text
