"""The ``weblens`` command's entry point: ``--version`` is answered at once, before the command line
machinery (click, pydantic) loads; everything else goes to :mod:`weblens.cli`.

The command does not look for pydantic plugins unless asked: finding them means reading the
metadata of every installed distribution (about 30 ms of a 300 ms ``weblens extract`` on the
development machine, measured with ``python -X importtime``), and no part of weblens uses one. A
``PYDANTIC_DISABLE_PLUGINS`` already set (``""`` loads them all again) is left as it is.
"""

from __future__ import annotations

import os
import sys

__all__ = ["main"]

VERSION_FLAGS = (["--version"], ["-V"])


def main() -> None:
    """Console-script entry point (``weblens``, ``python -m weblens``)."""
    if sys.argv[1:] in VERSION_FLAGS:
        from weblens import __version__

        sys.stdout.write(f"weblens {__version__}\n")
        sys.exit(0)
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    from weblens.cli import main as run_cli

    run_cli()
