"""Guard.resolve/open_connection and the resolvers: one lookup, every address checked.

The "public" addresses here are only resolved and checked, never connected to.
"""

from __future__ import annotations

import asyncio
import ipaddress

import pytest

from tests.support.servers import LoopbackServer, Response
from weblens.errors import DNSError, InvalidURL, SSRFBlocked
from weblens.net.guard import Guard
from weblens.net.policy import AllowList
from weblens.net.resolver import ScriptedResolver, StaticResolver, SystemResolver

PUBLIC = "93.184.216.34"


async def test_resolve_returns_checked_public_addresses() -> None:
    guard = Guard(StaticResolver({"example.com": [PUBLIC, "2606:2800:220:1:248:1893:25c8:1946"]}))
    addresses = await guard.resolve("example.com", 443)
    assert [str(a) for a in addresses] == [PUBLIC, "2606:2800:220:1:248:1893:25c8:1946"]


@pytest.mark.parametrize(
    "private", ["127.0.0.1", "10.1.2.3", "169.254.169.254", "::1", "::ffff:127.0.0.1", "fd00::1"]
)
async def test_a_name_resolving_to_a_private_address_is_blocked(private: str) -> None:
    guard = Guard(StaticResolver({"evil.example": [private]}))
    with pytest.raises(SSRFBlocked, match=r"evil\.example resolves to"):
        await guard.resolve("evil.example", 80)


async def test_a_mixed_answer_blocks_the_whole_name() -> None:
    guard = Guard(StaticResolver({"mixed.example": [PUBLIC, "127.0.0.1"]}))
    with pytest.raises(SSRFBlocked):
        await guard.resolve("mixed.example", 80)


async def test_rebinding_second_answer_is_checked_again() -> None:
    resolver = ScriptedResolver({"rebind.example": [[PUBLIC], ["127.0.0.1"]]})
    guard = Guard(resolver)
    assert [str(a) for a in await guard.resolve("rebind.example", 80)] == [PUBLIC]
    with pytest.raises(SSRFBlocked):
        await guard.resolve("rebind.example", 80)
    assert resolver.calls == ["rebind.example", "rebind.example"]


async def test_blocked_names_are_refused_without_asking_the_resolver() -> None:
    resolver = StaticResolver({"localhost": ["127.0.0.1"], "metadata.google.internal": ["169.254.169.254"]})
    guard = Guard(resolver)
    for host in ("localhost", "metadata.google.internal", "x.localhost"):
        with pytest.raises(SSRFBlocked):
            await guard.resolve(host, 80)
    assert resolver.calls == []


async def test_ip_literals_skip_the_resolver() -> None:
    resolver = StaticResolver({})
    guard = Guard(resolver)
    assert await guard.resolve(PUBLIC, 80) == [ipaddress.ip_address(PUBLIC)]
    with pytest.raises(SSRFBlocked):
        await guard.resolve("::1", 80)
    assert resolver.calls == []


async def test_unknown_names_are_dns_errors() -> None:
    with pytest.raises(DNSError):
        await Guard(StaticResolver({})).resolve("nowhere.example", 80)


async def test_malformed_hosts_are_invalid() -> None:
    with pytest.raises(InvalidURL):
        await Guard(StaticResolver({})).resolve("0x7f.1", 80)


async def test_allow_listed_name_may_resolve_to_loopback_on_its_port_only() -> None:
    guard = Guard(
        StaticResolver({"pinned.test": ["127.0.0.1"]}),
        AllowList.parse(["pinned.test:8443"]),
    )
    assert await guard.resolve("pinned.test", 8443) == [ipaddress.ip_address("127.0.0.1")]
    with pytest.raises(SSRFBlocked):
        await guard.resolve("pinned.test", 8444)


def test_check_url_is_pure_and_strict() -> None:
    guard = Guard(StaticResolver({}))
    assert guard.check_url("http://Example.com/x").url == "http://example.com/x"
    with pytest.raises(SSRFBlocked):
        guard.check_url("http://127.0.0.1/")
    with pytest.raises(InvalidURL):
        guard.check_url("http://127.1/")


async def test_open_connection_reaches_an_allowed_server(server: LoopbackServer) -> None:
    server.route("/", Response(body=b"hi"))
    guard = Guard(StaticResolver({"site.test": ["127.0.0.1"]}), AllowList.parse([server.allow_entry]))
    reader, writer = await guard.open_connection("site.test", server.port)
    writer.write(b"GET / HTTP/1.1\r\nHost: site.test\r\n\r\n")
    data = await asyncio.wait_for(reader.readuntil(b"hi"), timeout=10)
    writer.close()
    await writer.wait_closed()
    assert data.endswith(b"hi")
    assert server.connections == 1


async def test_open_connection_refuses_a_private_answer(server: LoopbackServer) -> None:
    guard = Guard(StaticResolver({"evil.test": ["127.0.0.1"]}))
    with pytest.raises(SSRFBlocked):
        await guard.open_connection("evil.test", server.port)
    assert server.connections == 0


# --- resolvers -------------------------------------------------------------------------------------
async def test_static_resolver_deduplicates_and_strips_zones() -> None:
    resolver = StaticResolver({"Host.Test": ["127.0.0.1", "127.0.0.1", "fe80::1%eth0"]})
    assert [str(a) for a in await resolver.resolve("host.test")] == ["127.0.0.1", "fe80::1"]
    assert resolver.calls == ["host.test"]


async def test_scripted_resolver_repeats_its_last_answer() -> None:
    resolver = ScriptedResolver({"r.test": [["127.0.0.2"], ["127.0.0.3"]]})
    answers = [str((await resolver.resolve("r.test"))[0]) for _ in range(3)]
    assert answers == ["127.0.0.2", "127.0.0.3", "127.0.0.3"]
    with pytest.raises(DNSError):
        await resolver.resolve("other.test")


async def test_system_resolver_reads_the_hosts_file() -> None:
    addresses = await SystemResolver().resolve("localhost")
    assert any(a.is_loopback for a in addresses)


async def test_system_resolver_maps_failures_to_dns_error() -> None:
    # an empty label cannot be encoded, so getaddrinfo fails locally without asking any server
    with pytest.raises(DNSError):
        await asyncio.wait_for(SystemResolver().resolve("a..b"), timeout=10)
