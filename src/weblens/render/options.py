"""Options of the Chromium renderer (a frozen value; the caller builds it from Settings)."""

from __future__ import annotations

from dataclasses import dataclass, field

from weblens.render.proxy import ProxyLimits

__all__ = ["BLOCKABLE_RESOURCE_TYPES", "RenderOptions"]

BLOCKABLE_RESOURCE_TYPES = frozenset({"image", "media", "font"})
"""Playwright resource types skipped when rendering for text (``block_resources``)."""


@dataclass(frozen=True, kw_only=True)
class RenderOptions:
    chromium_path: str | None = None
    """Browser executable; ``None`` searches chromium, chromium-browser, google-chrome(-stable) on PATH."""
    max_concurrency: int = 2
    """Pages rendering at once; further jobs queue (their timeout includes the wait)."""
    idle_close_s: float = 120.0
    """Close the browser after this long without a job; the next job starts it again."""
    block_resources: bool = True
    """Skip images, media and fonts (text is all we read)."""
    spare_page: bool = True
    """Keep one fresh page opened ahead of the next job: ~90 ms less per warm render when calls
    have gaps, at the cost of an idle renderer process (~100 MB PSS) while the browser is up."""
    user_agent: str | None = None
    """``None`` keeps Chromium's own user agent (which says HeadlessChrome)."""
    viewport_width: int = 1280
    viewport_height: int = 800
    launch_timeout_s: float = 30.0
    extra_args: tuple[str, ...] = ()
    """Additional Chromium switches (appended after weblens's own)."""
    proxy_limits: ProxyLimits = field(default_factory=ProxyLimits)

    def __post_init__(self) -> None:
        if self.max_concurrency < 1:
            raise ValueError("max_concurrency must be at least 1")
        if self.idle_close_s <= 0 or self.launch_timeout_s <= 0:
            raise ValueError("idle_close_s and launch_timeout_s must be positive")
        if self.viewport_width < 1 or self.viewport_height < 1:
            raise ValueError("the viewport must be at least 1x1")
