"""Pure parts of the renderer: page policy, options, flags, locating the browser, the fake renderer."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from weblens.errors import RenderFailed, RenderTimeout
from weblens.models import RenderJob, WaitCondition
from weblens.render import RenderOptions, StaticRenderer, find_chromium, procs
from weblens.render.flags import MARKER_SWITCH, chromium_args
from weblens.render.guard import context_options, request_verdict
from weblens.render.waits import goto_wait


@pytest.mark.parametrize(
    ("url", "resource_type", "block", "verdict"),
    [
        ("https://a.example/", "document", True, None),
        ("http://a.example/app.js", "script", True, None),
        ("http://a.example/data", "fetch", True, None),
        ("https://a.example/p.png", "image", True, "blockedbyclient"),
        ("https://a.example/v.mp4", "media", True, "blockedbyclient"),
        ("https://a.example/f.woff2", "font", True, "blockedbyclient"),
        ("https://a.example/p.png", "image", False, None),
        ("file:///etc/passwd", "document", False, "accessdenied"),
        ("ftp://a.example/x", "document", False, "accessdenied"),
        ("chrome://settings", "document", False, "accessdenied"),
        ("HTTPS://a.example/", "document", True, None),
    ],
)
def test_request_verdict(url: str, resource_type: str, block: bool, verdict: str | None) -> None:
    assert request_verdict(url, resource_type, block_resources=block) == verdict


def test_context_options_lock_the_profile_down() -> None:
    options = context_options(RenderOptions(user_agent="weblens-test", viewport_width=800))
    assert options["accept_downloads"] is False
    assert options["service_workers"] == "block"
    assert options["ignore_https_errors"] is False
    assert options["user_agent"] == "weblens-test"
    assert options["viewport"] == {"width": 800, "height": 800}
    assert "user_agent" not in context_options(RenderOptions())


@pytest.mark.parametrize("bad", [{"max_concurrency": 0}, {"idle_close_s": 0}, {"viewport_width": 0}])
def test_options_are_validated(bad: dict[str, int]) -> None:
    with pytest.raises(ValueError, match="must"):
        RenderOptions(**bad)  # type: ignore[arg-type]


def test_chromium_args_close_every_path_around_the_proxy() -> None:
    args = chromium_args("abc", ["--lang=en"])
    assert "--disable-quic" in args
    assert "--force-webrtc-ip-handling-policy=disable_non_proxied_udp" in args
    assert "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1" in args
    assert f"{MARKER_SWITCH}=abc" in args
    assert args[-1] == "--lang=en"
    assert not any(arg.startswith("--proxy-bypass-list") for arg in args)


@pytest.mark.parametrize(
    ("spec", "event"),
    [
        ("load", "load"),
        ("domcontentloaded", "domcontentloaded"),
        ("networkidle", "load"),
        ("selector:p", "domcontentloaded"),
    ],
)
def test_goto_waits_for_the_right_event(spec: str, event: str) -> None:
    assert goto_wait(WaitCondition.parse(spec)) == event


def test_find_chromium_explicit_path_must_exist() -> None:
    with pytest.raises(RenderFailed) as caught:
        find_chromium("/nonexistent/chromium")
    assert "apt-get install chromium" in caught.value.message
    assert "pip install 'weblens[render]'" in caught.value.message


def test_find_chromium_searches_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fake = tmp_path / "google-chrome"
    fake.write_text("#!/bin/sh\n")
    fake.chmod(0o755)
    monkeypatch.setenv("PATH", str(tmp_path))
    if os.path.exists("/usr/bin/chromium"):
        monkeypatch.setattr("weblens.render.locate._executable", lambda path: path == str(fake))
    assert find_chromium() == str(fake)
    assert find_chromium(str(fake)) == str(fake)


def test_find_chromium_reports_the_install_hint_when_nothing_is_there(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setattr("weblens.render.locate._executable", lambda path: False)
    with pytest.raises(RenderFailed, match="apt-get install chromium"):
        find_chromium()


async def test_static_renderer_answers_from_its_table() -> None:
    page = "<html><head><title>Canned &amp; ready</title></head><body><p>x</p></body></html>"
    fake = StaticRenderer({"https://a.example/": page}, default=RenderTimeout("slow"))

    result = await fake.render(RenderJob(url="https://a.example/", job_id="j1"))
    with pytest.raises(RenderTimeout):
        await fake.render(RenderJob(url="https://b.example/"))
    await fake.aclose()

    assert result.html == page
    assert result.title == "Canned & ready"
    assert (result.job_id, result.final_url) == ("j1", "https://a.example/")
    assert [job.url for job in fake.jobs] == ["https://a.example/", "https://b.example/"]
    assert fake.closed


async def test_static_renderer_without_an_answer_fails() -> None:
    with pytest.raises(RenderFailed):
        await StaticRenderer().render(RenderJob(url="https://a.example/"))


def test_procs_sees_this_process_tree() -> None:
    assert os.getpid() not in procs.descendants(os.getpid())
    assert procs.cmdline(os.getpid())
    assert procs.rss_bytes([os.getpid()]) > 0
    assert procs.matching(["no-such-process-marker-0f9a"]) == []
    assert procs.matching([]) == []
