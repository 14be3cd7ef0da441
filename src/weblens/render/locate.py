"""Find the system Chromium (never downloads one)."""

from __future__ import annotations

import os
import shutil

from weblens.errors import RenderFailed

__all__ = ["BROWSER_NAMES", "INSTALL_HINT", "find_chromium"]

BROWSER_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
INSTALL_HINT = (
    "install Chromium (Debian/Ubuntu: `apt-get install chromium`) and the render extra "
    "(`pip install 'weblens[render]'`), or set WEBLENS_CHROMIUM_PATH"
)


def _executable(path: str) -> bool:
    return os.path.isfile(path) and os.access(path, os.X_OK)


def find_chromium(path: str | None = None) -> str:
    """The browser executable to launch; RenderFailed with the install hint when there is none."""
    if path:
        if _executable(path):
            return path
        found = shutil.which(path)
        if found:
            return found
        raise RenderFailed(f"no Chromium executable at {path!r}: {INSTALL_HINT}")
    for name in BROWSER_NAMES:
        found = shutil.which(name)
        if found:
            return found
    if _executable("/usr/bin/chromium"):
        return "/usr/bin/chromium"
    raise RenderFailed(f"Chromium was not found: {INSTALL_HINT}")
