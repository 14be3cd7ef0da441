"""Rendering JavaScript pages in headless Chromium, behind the SSRF guard.

Playwright (the ``render`` extra) is imported only when a browser is started,
so importing this package never needs it.
"""

from __future__ import annotations

from weblens.render.base import Renderer, StaticRenderer
from weblens.render.chromium import ChromiumRenderer, RenderStats
from weblens.render.locate import find_chromium
from weblens.render.options import RenderOptions

__all__ = ["ChromiumRenderer", "RenderOptions", "RenderStats", "Renderer", "StaticRenderer", "find_chromium"]
