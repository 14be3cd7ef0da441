"""Start-up cost of the light commands: ``weblens --version`` and ``weblens extract`` on a small file.

Usage::

    .venv/bin/python bench/startup.py [--runs 15] [--no-write]

Each command runs as a whole process, ``--runs`` times, the commands taking turns so machine noise
hits all alike; the table gives the minimum and the median wall time. Beside them: the interpreter
alone, trafilatura's command line extracting the same file (``trafilatura < page.html``), and what
importing weblens's server, research and rendering stacks costs (what every command paid before
imports were made lazy). Writes the "startup" section of docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from bench.report import write_section  # noqa: E402

BIN = Path(sys.executable).parent
PAGE = (
    "<html><head><title>A small page</title></head><body><nav><a href='/'>Home</a></nav><article>"
    "<h1>A small page</h1><p>A short article of two sentences, the size of a note. It is read by "
    "a script that calls the command once per page.</p></article></body></html>"
)


def _commands(page: Path) -> dict[str, tuple[list[str], Path | None]]:
    py = str(BIN / "python")
    return {
        "python -c pass (the interpreter alone)": ([py, "-c", "pass"], None),
        "weblens --version": ([str(BIN / "weblens"), "--version"], None),
        "weblens extract page.html": ([str(BIN / "weblens"), "extract", str(page)], None),
        "weblens extract page.html --format markdown": (
            [str(BIN / "weblens"), "extract", str(page), "--format", "markdown"],
            None,
        ),
        "trafilatura < page.html": ([str(BIN / "trafilatura")], page),
        "import of the server, research and render stacks": (
            [py, "-c", "import weblens.session, weblens.server.http, weblens.server.mcp"],
            None,
        ),
    }


def _time(argv: list[str], stdin: Path | None) -> float:
    start = time.perf_counter()
    with stdin.open("rb") if stdin else open("/dev/null", "rb") as source:
        subprocess.run(argv, stdin=source, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--no-write", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        page = Path(tmp) / "page.html"
        page.write_text(PAGE)
        commands = _commands(page)
        times: dict[str, list[float]] = {name: [] for name in commands}
        for argv, stdin in commands.values():  # one untimed run each: the disk cache is warm
            _time(argv, stdin)
        for _ in range(args.runs):
            for name, (argv, stdin) in commands.items():
                times[name].append(_time(argv, stdin))
    rows = [f"| {n} | {min(t) * 1e3:.0f} | {statistics.median(t) * 1e3:.0f} |" for n, t in times.items()]
    body = "\n".join(
        [
            "## Start-up of the light commands",
            "",
            f"`.venv/bin/python bench/startup.py --runs {args.runs}` — each command as a whole process, "
            f"{args.runs} runs taking turns after one warm-up; a 400-byte HTML file.",
            "",
            "| command | min ms | median ms |",
            "|---|---:|---:|",
            *rows,
        ]
    )
    print(body)
    if not args.no_write:
        write_section("startup", body)


if __name__ == "__main__":
    main()
