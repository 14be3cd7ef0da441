"""Server processes: metrics summed over --workers, graceful shutdown, hostile clients with real Chromium."""

from __future__ import annotations

import os
import signal
import threading
import time
from pathlib import Path

import httpx
import pytest

from tests.server.support import served
from tests.support.asgi import serving
from tests.support.pages import page
from tests.support.servers import LoopbackServer, Response
from tests.support.services import require_program
from weblens.config import Settings
from weblens.render import procs
from weblens.server.http import create_app, fastapi_app

HTML = {"Content-Type": "text/html; charset=utf-8"}


def _total(metrics: str, prefix: str) -> float:
    return sum(float(line.rsplit(" ", 1)[1]) for line in metrics.splitlines() if line.startswith(prefix))


def test_metrics_are_summed_over_worker_processes(tmp_path: Path) -> None:
    with served(tmp_path, "--workers", "2") as (base, proc):
        for _ in range(20):
            with httpx.Client() as fresh:  # a new connection each time, so both workers serve some
                assert fresh.get(f"{base}/healthz").status_code == 200
        workers = [
            pid for pid in procs.descendants(proc.pid) if "multiprocessing" in " ".join(procs.cmdline(pid))
        ]
        metrics = httpx.get(f"{base}/metrics").text
    assert len(workers) >= 2
    assert _total(metrics, 'weblens_http_requests_total{route="/healthz",status="200"}') == 20


@pytest.mark.chromium
def test_sigterm_lets_in_flight_requests_finish_and_leaves_no_browser(
    server: LoopbackServer, tmp_path: Path
) -> None:
    require_program("chromium", "apt-get install chromium")
    server.route("/slow", Response(body=page("article.html"), headers=HTML, delay_s=2.0))
    env = {"WEBLENS_ALLOW_HOSTS": server.allow_entry, "WEBLENS_RENDER_WAIT": "load"}
    results: list[httpx.Response] = []
    with served(tmp_path, env=env) as (base, proc):
        warm = httpx.post(
            f"{base}/v1/browse", json={"url": server.url("/slow"), "render": "always"}, timeout=60
        )
        assert warm.status_code == 200  # the browser is up now
        browser = [
            pid for pid in procs.descendants(proc.pid) if "chrom" in " ".join(procs.cmdline(pid)).lower()
        ]
        assert browser
        request = threading.Thread(
            target=lambda: results.append(
                httpx.post(
                    f"{base}/v1/browse", json={"url": server.url("/slow?2"), "render": "always"}, timeout=60
                )
            )
        )
        request.start()
        deadline = time.monotonic() + 10
        while len(server.requests) < 2 and time.monotonic() < deadline:  # the render reached the page
            time.sleep(0.02)
        os.kill(proc.pid, signal.SIGTERM)
        request.join(timeout=60)
        assert proc.wait(timeout=60) in (
            0,
            -signal.SIGTERM,
        )  # uvicorn re-raises the signal after its shutdown
    assert [r.status_code for r in results] == [200]  # the in-flight request was finished, not dropped
    assert "stranded on the rocky shore" in results[0].json()["text"]
    assert not [pid for pid in browser if _alive(pid)]  # no Chromium process outlived the server


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state not in ("Z", "X")


@pytest.mark.chromium
def test_renders_beyond_the_pool_queue_and_a_vanished_client_leaks_no_page(
    server: LoopbackServer, tmp_path: Path
) -> None:
    require_program("chromium", "apt-get install chromium")
    server.route("/article", Response(body=page("article.html"), headers=HTML))
    server.route(
        "/never", Response(body=b"<html><body><p>waiting</p></body></html>", headers=HTML, delay_s=60)
    )
    settings = Settings(
        allow_hosts=[server.allow_entry],
        cache="none",
        render_concurrency=2,
        render_wait="load",
        per_domain_rate_limit=100,
    )
    app = create_app(settings)
    with serving(app) as base:
        answers: list[int] = []

        def render(i: int) -> None:
            reply = httpx.post(
                f"{base}/v1/browse",
                json={"url": server.url(f"/article?{i}"), "render": "always"},
                timeout=120,
            )
            answers.append(reply.status_code)

        threads = [threading.Thread(target=render, args=(i,)) for i in range(5)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert answers == [200] * 5  # queued behind the pool of 2, none failed

        with pytest.raises(httpx.ReadTimeout):  # the client gives up on a page that never loads
            httpx.post(
                f"{base}/v1/browse", json={"url": server.url("/never"), "render": "always"}, timeout=1.5
            )
        lens = fastapi_app(app).state.weblens.lens
        renderer = lens._reader._renderer
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and _open_pages(renderer) > 0:
            time.sleep(0.05)
        assert _open_pages(renderer) == 0  # the abandoned render was cancelled and its page closed


def _open_pages(renderer: object) -> int:
    """Pages of the browser that have navigated somewhere (the spare page is still blank)."""
    session = renderer._host.session  # type: ignore[attr-defined]
    if session is None:
        return 0
    return sum(
        1 for context in session.browser.contexts for page in context.pages if page.url != "about:blank"
    )
