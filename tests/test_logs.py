"""Used as a library, weblens prints nothing unless the application configures logging."""

from __future__ import annotations

import subprocess
import sys
import textwrap

# a blocked URL makes the reader and the fetcher log warnings (fetch_error)
SCRIPT = textwrap.dedent(
    """
    import asyncio, logging, sys
    import weblens
    from weblens.net.fetch import GuardedFetcher

    if sys.argv[1] == "configured":
        logging.basicConfig(level=logging.WARNING, stream=sys.stderr)
    try:
        weblens.browse("http://127.0.0.1:9/private")
    except weblens.WeblensError as exc:
        print(exc.code)

    async def fetch() -> None:
        async with GuardedFetcher() as fetcher:
            try:
                await fetcher.fetch("http://localhost/")
            except weblens.WeblensError as exc:
                print(exc.code)

    asyncio.run(fetch())
    """
)


def _run(mode: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", SCRIPT, mode], capture_output=True, text=True, timeout=60, check=True
    )


def test_the_library_is_silent_when_the_application_configured_no_logging() -> None:
    done = _run("silent")
    assert done.stdout.split() == ["ssrf_blocked", "ssrf_blocked"]
    assert done.stderr == ""


def test_its_events_reach_logging_the_application_configured() -> None:
    done = _run("configured")
    assert "fetch_error" in done.stderr and "weblens.net" in done.stderr
