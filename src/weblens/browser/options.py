"""Options of interactive browsing sessions (a frozen value; the Lens builds it from Settings)."""

from __future__ import annotations

from dataclasses import dataclass, field

from weblens.render.options import RenderOptions

__all__ = ["SessionLimits", "SessionOptions"]


@dataclass(frozen=True, kw_only=True)
class SessionLimits:
    """How much one snapshot may hold (kept small for a model's context window)."""

    max_text: int = 5_000
    """Characters of visible text per snapshot (``text_offset`` pages on)."""
    max_elements: int = 50
    max_label: int = 100
    """Characters of an element's label or value."""
    max_candidates: int = 3_000
    """Controls examined on one page (a page with more is cut, in document order)."""
    max_overlay_elements: int = 40
    """A "fixed, high z-index" box with more controls than this is the page's layout, not an overlay."""

    def __post_init__(self) -> None:
        if min(self.max_text, self.max_elements, self.max_label, self.max_candidates) < 1:
            raise ValueError("session limits must be positive")


@dataclass(frozen=True, kw_only=True)
class SessionOptions:
    render: RenderOptions = field(default_factory=RenderOptions)
    """The browser: executable, viewport, resources skipped, proxy limits (as for rendering)."""
    idle_s: float = 300.0
    """Close a session nobody used for this long."""
    max_sessions: int = 4
    replica: str = "local"
    """The tag every session id starts with, naming the process that holds the session."""
    navigation_timeout_s: float = 30.0
    """Longest wait for a page's document (goto, back)."""
    action_timeout_s: float = 2.0
    """Longest wait for an element to become clickable or fillable (then ``action_failed`` says why)."""
    settle_timeout_s: float = 3.0
    """Longest wait for the page to settle after an action; then the snapshot is taken anyway."""
    quiet_ms: int = 120
    """The page has settled when neither its DOM nor its network changed for this long."""
    request_patience_s: float = 1.5
    """A request in flight for longer than this (long polling, a hanging beacon) no longer holds the
    page unsettled."""
    browser_idle_s: float = 60.0
    """Close the browser this long after its last session closed."""
    max_tabs: int = 5
    """Tabs kept per session (a link opening a new tab moves the session there; back() returns)."""
    limits: SessionLimits = field(default_factory=SessionLimits)

    def __post_init__(self) -> None:
        if self.max_sessions < 1 or self.max_tabs < 1:
            raise ValueError("max_sessions and max_tabs must be at least 1")
        timeouts = (
            self.idle_s,
            self.navigation_timeout_s,
            self.action_timeout_s,
            self.browser_idle_s,
            self.request_patience_s,
        )
        if min(timeouts) <= 0 or self.settle_timeout_s < 0 or self.quiet_ms < 0:
            raise ValueError("session timeouts must be positive")
