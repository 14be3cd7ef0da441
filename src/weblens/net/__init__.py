"""weblens.net: the guarded HTTP fetcher and the SSRF guard (see docs/security.md).

policy.py     pure URL, name and address rules
guard.py      Guard: check a URL, resolve once, check every address
resolver.py   Resolver protocol; system, static and scripted resolvers
backend.py    the pinned httpcore network backend
transport.py  httpx transport over the pinned pool; foreign errors mapped
fetch.py      GuardedFetcher and FetchLimits
decode.py     bounded Content-Encoding decoders
content.py    media types and sniffing
page.py       FetchedPage, the Fetcher protocol, StaticFetcher (fake)
ratelimit.py  per-site sliding-window rate limiter
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from weblens.lazyload import lazy_exports

if TYPE_CHECKING:
    from weblens.net.fetch import FetchLimits, GuardedFetcher
    from weblens.net.guard import Guard
    from weblens.net.page import FetchedPage, Fetcher, StaticFetcher
    from weblens.net.policy import AllowList
    from weblens.net.ratelimit import DomainRateLimiter
    from weblens.net.resolver import Resolver, ScriptedResolver, StaticResolver, SystemResolver

_EXPORTS = {
    "weblens.net.fetch": (
        "FetchLimits",
        "GuardedFetcher",
    ),
    "weblens.net.guard": ("Guard",),
    "weblens.net.page": (
        "FetchedPage",
        "Fetcher",
        "StaticFetcher",
    ),
    "weblens.net.policy": ("AllowList",),
    "weblens.net.ratelimit": ("DomainRateLimiter",),
    "weblens.net.resolver": (
        "Resolver",
        "ScriptedResolver",
        "StaticResolver",
        "SystemResolver",
    ),
}
__all__ = [
    "AllowList",
    "DomainRateLimiter",
    "FetchLimits",
    "FetchedPage",
    "Fetcher",
    "Guard",
    "GuardedFetcher",
    "Resolver",
    "ScriptedResolver",
    "StaticFetcher",
    "StaticResolver",
    "SystemResolver",
]
__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
