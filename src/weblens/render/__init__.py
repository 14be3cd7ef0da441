"""Rendering JavaScript pages in headless Chromium, behind the SSRF guard.

Playwright (the ``render`` extra) is imported only when a browser is started,
so importing this package never needs it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from weblens.lazyload import lazy_exports

if TYPE_CHECKING:
    from weblens.render.base import Renderer, StaticRenderer
    from weblens.render.chromium import ChromiumRenderer, RenderStats
    from weblens.render.locate import find_chromium
    from weblens.render.options import RenderOptions

_EXPORTS = {
    "weblens.render.base": (
        "Renderer",
        "StaticRenderer",
    ),
    "weblens.render.chromium": (
        "ChromiumRenderer",
        "RenderStats",
    ),
    "weblens.render.locate": ("find_chromium",),
    "weblens.render.options": ("RenderOptions",),
}
__all__ = [
    "ChromiumRenderer",
    "RenderOptions",
    "RenderStats",
    "Renderer",
    "StaticRenderer",
    "find_chromium",
]
__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
