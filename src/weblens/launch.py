"""The ``weblens`` command's entry point: ``--version`` is answered at once, before the command line
machinery (click, pydantic) loads; everything else goes to :mod:`weblens.cli`."""

from __future__ import annotations

import sys

__all__ = ["main"]

VERSION_FLAGS = (["--version"], ["-V"])


def main() -> None:
    """Console-script entry point (``weblens``, ``python -m weblens``)."""
    if sys.argv[1:] in VERSION_FLAGS:
        from weblens import __version__

        sys.stdout.write(f"weblens {__version__}\n")
        sys.exit(0)
    from weblens.cli import main as run_cli

    run_cli()
