"""Interactive browsing sessions: a live page an agent operates step by step, by number.

Playwright (the ``render`` extra) is imported only when a session starts a browser, so importing
this package never needs it.
"""

from __future__ import annotations

from weblens.browser.options import SessionLimits, SessionOptions
from weblens.browser.registry import SessionRegistry, SessionStats, default_replica
from weblens.browser.session import BrowsingSession

__all__ = [
    "BrowsingSession",
    "SessionLimits",
    "SessionOptions",
    "SessionRegistry",
    "SessionStats",
    "default_replica",
]
