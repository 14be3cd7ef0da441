"""What a worker sends back for a crawl's page: lossless both ways (pure)."""

from __future__ import annotations

from weblens.crawl.engine import CrawlRead
from weblens.crawl.fingerprint import fingerprint
from weblens.crawl.links import PageLinks
from weblens.crawl.wire import dump_error, dump_read, load_error, load_read
from weblens.crawling import RenderLearner
from weblens.errors import FetchTimeout, HTTPError, SSRFBlocked
from weblens.models import PageExtract


def test_reads_round_trip() -> None:
    read = CrawlRead(
        page=PageExtract(final_url="https://x.org/a", title="A", text="words " * 80, word_count=80),
        links=PageLinks(
            links=("https://x.org/b",), titles=("B",), canonical="https://x.org/a", nofollow=True
        ),
        fingerprint=fingerprint("words " * 80),
        body="<html>…</html>",
        render_gain=False,
    )
    assert load_read(dump_read(read)) == read
    binary = CrawlRead(page=PageExtract(), body=b"\x00\xff", is_html=False)
    assert load_read(dump_read(binary)) == binary


def test_errors_come_back_as_themselves() -> None:
    again = load_error(dump_error(HTTPError(url="https://x.org/", status=429, retry_after=3.0)))
    assert isinstance(again, HTTPError) and again.status == 429 and again.retry_after == 3.0
    assert isinstance(load_error(dump_error(SSRFBlocked("no", url="http://10.0.0.1/"))), SSRFBlocked)
    timeout = load_error(dump_error(FetchTimeout("slow", url="https://x.org/")))
    assert isinstance(timeout, FetchTimeout) and timeout.message == "slow"
    assert load_error({"code": "nonsense", "message": "m"}).code in ("internal_error", "weblens_error")


def test_rendering_stops_where_it_adds_nothing() -> None:
    learner = RenderLearner()
    wasted = CrawlRead(page=PageExtract(), render_gain=False)
    for _ in range(3):
        assert learner.allows("https://static.org/p")
        learner.record("https://static.org/p", wasted)
    assert not learner.allows("https://static.org/q")
    helped = CrawlRead(page=PageExtract(), render_gain=True)
    for read in (helped, wasted, wasted, wasted):
        learner.record("https://app.org/p", read)
    assert learner.allows("https://app.org/q")  # one render in four that helped keeps rendering on
    learner.record("https://app.org/p", wasted)
    assert not learner.allows("https://app.org/q")  # fewer: the host's pages are read as served
    learner.record("https://other.org/", CrawlRead(page=PageExtract()))  # not rendered: nothing learned
    assert learner.allows("https://other.org/x")


def test_while_judging_a_host_only_a_few_renders_start() -> None:
    learner = RenderLearner()
    assert [learner.reserve("https://x.org/a") for _ in range(5)] == [True, True, True, False, False]
    wasted = CrawlRead(page=PageExtract(), render_gain=False)
    for _ in range(3):
        learner.record("https://x.org/a", wasted)
    assert not learner.reserve("https://x.org/b")  # judged: rendering adds nothing there
    learner.release("https://y.org/a")  # nothing reserved: nothing to give back
    assert learner.reserve("https://y.org/a")
