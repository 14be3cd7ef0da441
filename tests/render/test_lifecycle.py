"""One reused browser: crash recovery, isolation between jobs, the queue, idle close, no leftovers."""

from __future__ import annotations

import asyncio
import os
import shutil
import signal
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.render.conftest import MakeRenderer
from tests.render.support import guard_for, page
from tests.support.servers import LoopbackServer, Response
from weblens.errors import RenderFailed, RenderTimeout
from weblens.models import RenderJob, WaitCondition
from weblens.render import procs

pytestmark = pytest.mark.chromium

SIMPLE = Response(body=b"<title>simple</title><link rel=icon href='data:,'><p>simple page</p>")


def job(url: str, wait: str = "load", timeout_s: float = 15) -> RenderJob:
    return RenderJob(url=url, wait=WaitCondition.parse(wait), timeout_s=timeout_s)


def chromium_descendants() -> list[int]:
    return [pid for pid in procs.descendants(os.getpid()) if "chrom" in " ".join(procs.cmdline(pid)[:1])]


async def wait_until_gone(pid: int) -> None:
    for _ in range(100):
        if not running(pid):
            return
        await asyncio.sleep(0.05)


def running(pid: int) -> bool:
    return not _is_zombie(pid)


def _is_zombie(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] == "Z"
    except OSError:
        return True


async def test_browser_is_started_lazily_and_reused(
    server: LoopbackServer, make_renderer: MakeRenderer
) -> None:
    server.route("/", SIMPLE)
    renderer = make_renderer(guard_for(server))
    assert renderer.stats().launches == 0
    assert renderer.browser_processes() == []

    for _ in range(3):
        assert (await renderer.render(job(server.url("/")))).title == "simple"

    assert renderer.stats().launches == 1
    assert renderer.stats().rendered == 3


async def test_killed_browser_is_replaced_for_the_next_job(
    server: LoopbackServer, make_renderer: MakeRenderer
) -> None:
    server.route("/", SIMPLE)
    renderer = make_renderer(guard_for(server))
    await renderer.render(job(server.url("/")))
    pid = renderer.stats().browser_pid
    assert pid is not None

    os.kill(pid, signal.SIGKILL)
    result = await renderer.render(job(server.url("/")))

    assert result.title == "simple"
    assert renderer.stats().launches == 2
    assert renderer.stats().browser_pid not in (None, pid)


async def test_killed_browser_is_noticed_after_it_is_gone(
    server: LoopbackServer, make_renderer: MakeRenderer
) -> None:
    server.route("/", SIMPLE)
    renderer = make_renderer(guard_for(server))
    await renderer.render(job(server.url("/")))
    pid = renderer.stats().browser_pid
    assert pid is not None

    os.kill(pid, signal.SIGKILL)
    await wait_until_gone(pid)
    await asyncio.sleep(0.3)

    assert (await renderer.render(job(server.url("/")))).title == "simple"
    assert renderer.stats().launches == 2


@pytest.mark.parametrize("spare_page", [True, False])
async def test_cookies_and_storage_do_not_leak_between_jobs(
    server: LoopbackServer, make_renderer: MakeRenderer, spare_page: bool
) -> None:
    set_page = page("storage-set.html")
    set_page.headers["Set-Cookie"] = "header_cookie=from-header; Path=/"
    server.route("/set", set_page)
    server.route("/get", page("storage-get.html"))
    renderer = make_renderer(guard_for(server), spare_page=spare_page)

    first = await renderer.render(job(server.url("/set")))
    second = await renderer.render(job(server.url("/get")))

    assert "stored" in first.html
    assert "script_cookie=from-script" in first.html  # the cookie was really set in the first job
    assert '{"cookie":"","local":null,"session":null}' in second.html
    get_request = next(r for r in server.requests if r.path == "/get")
    assert "cookie" not in get_request.headers


async def test_at_most_max_concurrency_pages_render_at_once(
    server: LoopbackServer, make_renderer: MakeRenderer
) -> None:
    for n in range(5):
        server.route(f"/slow{n}", Response(body=SIMPLE.body, delay_s=0.8))
    renderer = make_renderer(guard_for(server), max_concurrency=2)

    results = await asyncio.gather(*(renderer.render(job(server.url(f"/slow{n}"))) for n in range(5)))

    assert [r.title for r in results] == ["simple"] * 5
    assert server.max_in_flight == 2


async def test_queued_job_times_out_while_waiting_for_a_slot(
    server: LoopbackServer, make_renderer: MakeRenderer
) -> None:
    server.route("/slow", Response(body=SIMPLE.body, delay_s=2.0))
    server.route("/quick", SIMPLE)
    renderer = make_renderer(guard_for(server), max_concurrency=1)

    slow = asyncio.create_task(renderer.render(job(server.url("/slow"))))
    await asyncio.sleep(0.2)
    with pytest.raises(RenderTimeout):
        await renderer.render(job(server.url("/quick"), timeout_s=0.5))

    assert (await slow).title == "simple"
    assert [r.path for r in server.requests] == ["/slow"]  # the queued job never started


async def test_browser_closes_when_idle_and_starts_again(
    server: LoopbackServer, make_renderer: MakeRenderer
) -> None:
    server.route("/", SIMPLE)
    renderer = make_renderer(guard_for(server), idle_close_s=0.3)
    await renderer.render(job(server.url("/")))
    assert renderer.browser_processes()

    for _ in range(100):
        if not renderer.browser_processes() and not chromium_descendants():
            break
        await asyncio.sleep(0.05)
    assert renderer.browser_processes() == []
    assert chromium_descendants() == []

    assert (await renderer.render(job(server.url("/")))).title == "simple"
    assert renderer.stats().launches == 2


async def test_no_chromium_process_outlives_the_renderer(
    server: LoopbackServer, make_renderer: MakeRenderer
) -> None:
    server.route("/", SIMPLE)
    renderer = make_renderer(guard_for(server), max_concurrency=2)
    before = set(chromium_descendants())
    assert not before

    for batch in range(5):  # pages open and close in one browser; flat memory over 200 is in bench/render.py
        await asyncio.gather(*(renderer.render(job(server.url("/"))) for _ in range(2)))
        if batch == 0:
            browser_processes = set(renderer.browser_processes())
    assert renderer.stats().rendered == 10
    assert renderer.stats().launches == 1
    everything = set(renderer.browser_processes()) | browser_processes
    assert everything

    await renderer.aclose()

    assert chromium_descendants() == []
    assert [pid for pid in everything if running(pid)] == []
    assert procs.descendants(os.getpid()) == []  # not even the Playwright driver


async def test_closed_renderer_refuses_jobs(server: LoopbackServer, make_renderer: MakeRenderer) -> None:
    server.route("/", SIMPLE)
    renderer = make_renderer(guard_for(server))
    await renderer.render(job(server.url("/")))
    await renderer.aclose()

    with pytest.raises(RenderFailed):
        await renderer.render(job(server.url("/")))


async def test_aclose_during_a_job_fails_it_without_starting_a_new_browser(
    server: LoopbackServer, make_renderer: MakeRenderer
) -> None:
    server.route("/slow", Response(body=SIMPLE.body, delay_s=3.0))
    renderer = make_renderer(guard_for(server))
    pending = asyncio.create_task(renderer.render(job(server.url("/slow"))))
    for _ in range(200):
        if server.requests:
            break
        await asyncio.sleep(0.05)

    await renderer.aclose()

    with pytest.raises(RenderFailed):
        await pending
    assert renderer.stats().launches == 1
    assert chromium_descendants() == []


@pytest.fixture
def short_tmp(monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A temp folder of our own with a short path (Chromium's socket path must stay short)."""
    folder = Path(tempfile.mkdtemp(prefix="wlt-", dir="/tmp"))
    monkeypatch.setattr(tempfile, "tempdir", str(folder))
    monkeypatch.setenv("TMPDIR", str(folder))
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


async def test_a_killed_browser_leaves_no_temporary_directories(
    server: LoopbackServer, make_renderer: MakeRenderer, short_tmp: Path
) -> None:
    """Chromium killed mid-session cannot clean its org.chromium.Chromium.* directories; the session does."""
    tmp_path = short_tmp
    server.route("/", SIMPLE)
    renderer = make_renderer(guard_for(server))
    await renderer.render(job(server.url("/")))
    pid = renderer.stats().browser_pid
    assert pid is not None
    os.kill(pid, signal.SIGKILL)
    await wait_until_gone(pid)
    assert (await renderer.render(job(server.url("/")))).title == "simple"
    await renderer.aclose()
    left = sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(("org.chromium.", "wl-chromium-")))
    assert left == []
