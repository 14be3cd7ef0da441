"""Name resolution behind a one-method protocol, so tests can inject any answer.

The guard asks the resolver once per connection and connects only to the
addresses it checked; nothing downstream resolves the name again.
"""

from __future__ import annotations

import asyncio
import ipaddress
import socket
from collections.abc import Mapping, Sequence
from typing import Protocol

from weblens.errors import DNSError
from weblens.net.policy import IPAddress

__all__ = ["Resolver", "ScriptedResolver", "StaticResolver", "SystemResolver"]


class Resolver(Protocol):
    async def resolve(self, host: str) -> list[IPAddress]:
        """All addresses for ``host`` (never empty); raises DNSError."""
        ...


def _unique(addresses: Sequence[str]) -> list[IPAddress]:
    seen: dict[IPAddress, None] = {}
    for raw in addresses:
        seen.setdefault(ipaddress.ip_address(raw.split("%", 1)[0]), None)
    return list(seen)


class SystemResolver:
    """The operating system's resolver (getaddrinfo in a worker thread)."""

    async def resolve(self, host: str) -> list[IPAddress]:
        loop = asyncio.get_running_loop()
        try:
            infos = await loop.getaddrinfo(host, None, type=socket.SOCK_STREAM)
        except (socket.gaierror, UnicodeError) as exc:
            raise DNSError(f"could not resolve {host!r}: {exc}") from exc
        addresses = _unique([str(info[4][0]) for info in infos])
        if not addresses:
            raise DNSError(f"{host!r} has no addresses")
        return addresses


class StaticResolver:
    """A fixed table of answers (test fake); unknown names fail like NXDOMAIN."""

    def __init__(self, table: Mapping[str, Sequence[str]]) -> None:
        self._table = {name.lower(): _unique(list(addrs)) for name, addrs in table.items()}
        self.calls: list[str] = []

    async def resolve(self, host: str) -> list[IPAddress]:
        self.calls.append(host)
        found = self._table.get(host.lower())
        if not found:
            raise DNSError(f"could not resolve {host!r}")
        return list(found)


class ScriptedResolver:
    """Answers each lookup of a name with the next scripted answer (simulates DNS rebinding)."""

    def __init__(self, script: Mapping[str, Sequence[Sequence[str]]]) -> None:
        self._script = {name.lower(): [_unique(list(a)) for a in answers] for name, answers in script.items()}
        self.calls: list[str] = []

    async def resolve(self, host: str) -> list[IPAddress]:
        self.calls.append(host)
        answers = self._script.get(host.lower())
        if not answers:
            raise DNSError(f"could not resolve {host!r}")
        return list(answers.pop(0) if len(answers) > 1 else answers[0])
