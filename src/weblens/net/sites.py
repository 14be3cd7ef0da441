"""Which site a host belongs to, for politeness: its registrable domain, by the public suffix list.

``docs.example.co.uk`` and ``www.example.co.uk`` are one site (``example.co.uk``); ``alice.github.io``
and ``bob.github.io`` are two (``github.io`` is a public suffix). IP literals and names with no
registrable domain (``localhost``, a bare public suffix) are keyed by ``host:port``, so two local
servers on different ports are two sites. The list ships inside :mod:`publicsuffixlist` (no download);
it is loaded once per process, on first use.
"""

from __future__ import annotations

import ipaddress
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from publicsuffixlist import PublicSuffixList

__all__ = ["site_key", "split_authority"]


@cache
def _suffixes() -> PublicSuffixList:
    from publicsuffixlist import PublicSuffixList

    return PublicSuffixList()


def split_authority(authority: str) -> tuple[str, int | None]:
    """``host[:port]`` (IPv6 in brackets) → (lower-case host without brackets or final dot, port)."""
    text = authority.strip().lower()
    if text.startswith("["):
        host, _, rest = text[1:].partition("]")
        port = rest[1:] if rest.startswith(":") else ""
    elif text.count(":") == 1:
        host, _, port = text.partition(":")
    else:
        host, port = text, ""
    return host.rstrip("."), int(port) if port.isascii() and port.isdigit() else None


def _is_ip(host: str) -> bool:
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True


def site_key(authority: str) -> str:
    """The politeness budget ``authority`` (``host`` or ``host:port``) draws on."""
    host, port = split_authority(authority)
    shown = f"[{host}]" if ":" in host else host
    local = f"{shown}:{port}" if port is not None else shown
    if _is_ip(host) or "." not in host:
        return local
    registrable = _suffixes().privatesuffix(host)
    return registrable if registrable is not None else host
