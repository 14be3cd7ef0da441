"""Interactive browsing sessions: a live page an agent operates step by step, by number.

Playwright (the ``render`` extra) is imported only when a session starts a browser, so importing
this package never needs it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from weblens.lazyload import lazy_exports

if TYPE_CHECKING:
    from weblens.browser.options import SessionLimits, SessionOptions
    from weblens.browser.registry import SessionRegistry, SessionStats, default_replica
    from weblens.browser.session import BrowsingSession

_EXPORTS = {
    "weblens.browser.options": (
        "SessionLimits",
        "SessionOptions",
    ),
    "weblens.browser.registry": (
        "SessionRegistry",
        "SessionStats",
        "default_replica",
    ),
    "weblens.browser.session": ("BrowsingSession",),
}
__all__ = [
    "BrowsingSession",
    "SessionLimits",
    "SessionOptions",
    "SessionRegistry",
    "SessionStats",
    "default_replica",
]
__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
