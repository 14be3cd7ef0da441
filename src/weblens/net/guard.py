"""The SSRF guard: check a URL, resolve its host once, check every address.

Every outgoing connection of weblens (the HTTP fetcher, each redirect hop, and
every request a rendered page makes through the render proxy) asks
:meth:`Guard.resolve` for the addresses it may use and connects to one of
exactly those. The name is never handed to anything that would resolve it a
second time, so a DNS answer that changes between check and connect (DNS
rebinding) cannot move the connection to a private address.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

from weblens.errors import ConnectError, SSRFBlocked
from weblens.net.policy import AllowList, IPAddress, TargetURL, check_address, check_name, parse_url
from weblens.net.resolver import Resolver, SystemResolver

__all__ = ["Guard"]


@dataclass(frozen=True)
class Guard:
    resolver: Resolver = field(default_factory=SystemResolver)
    allow: AllowList = field(default_factory=AllowList)

    def check_url(self, url: str) -> TargetURL:
        """Parse ``url`` and refuse private names and literals; no network."""
        target = parse_url(url)
        check_name(target, self.allow)
        return target

    async def resolve(self, host: str, port: int, *, url: str | None = None) -> list[IPAddress]:
        """The checked addresses for ``host:port``; raises SSRFBlocked/InvalidURL/DNSError.

        If any address of the name is not public the whole name is refused: a
        mixed answer is the signature of a rebinding attack.
        """
        shown = f"[{host}]" if ":" in host else host
        target = self.check_url(f"http://{shown}:{port}/")
        if target.ip is not None:
            return [target.ip]
        addresses = await self.resolver.resolve(target.host)
        if self.allow.allows(target.host, port):
            return addresses
        for address in addresses:
            try:
                check_address(address, port, self.allow, url=url)
            except SSRFBlocked as exc:
                raise SSRFBlocked(
                    f"{target.host} resolves to {address}, not a public address", url=url
                ) from exc
        return addresses

    async def open_connection(
        self, host: str, port: int, *, url: str | None = None
    ) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        """Resolve and check, then connect to the first checked address that answers."""
        addresses = await self.resolve(host, port, url=url)
        last: OSError | None = None
        for address in addresses:
            try:
                return await asyncio.open_connection(str(address), port)
            except OSError as exc:
                last = exc
        raise ConnectError(f"could not connect to {host}:{port}: {last}", url=url) from last
