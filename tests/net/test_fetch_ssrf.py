"""The SSRF guard end to end: blocked attempts never open a connection (the trap counts zero).

Only loopback addresses are ever used as destinations. Where a scenario needs a
"public" first DNS answer, an allow-listed loopback address (127.0.0.2) stands
in for it, and the private address the attacker wants (127.0.0.3) is the trap.
"""

from __future__ import annotations

import socket

import pytest

from tests.net.conftest import MakeFetcher
from tests.net.support import BoundServer, twin_servers
from tests.support.servers import LoopbackServer, Response
from weblens.errors import InvalidURL, SSRFBlocked, WeblensError
from weblens.net.backend import PinnedBackend
from weblens.net.guard import Guard
from weblens.net.resolver import ScriptedResolver, StaticResolver

PAGE = Response(body=b"<html><body><p>public page</p></body></html>")


async def test_a_direct_request_to_a_loopback_server_is_blocked(
    make_fetcher: MakeFetcher, trap: LoopbackServer
) -> None:
    with pytest.raises(SSRFBlocked):
        await make_fetcher().fetch(trap.url("/"))
    assert trap.connections == 0


async def test_the_allow_list_is_per_port(
    make_fetcher: MakeFetcher, server: LoopbackServer, trap: LoopbackServer
) -> None:
    server.route("/", PAGE)
    fetcher = make_fetcher(server.allow_entry)
    assert (await fetcher.fetch(server.url("/"))).status == 200
    with pytest.raises(SSRFBlocked):
        await fetcher.fetch(trap.url("/"))
    assert trap.connections == 0


async def test_a_name_resolving_to_a_private_address_is_blocked(
    make_fetcher: MakeFetcher, trap: LoopbackServer
) -> None:
    resolver = StaticResolver({"private.test": ["127.0.0.1"]})
    with pytest.raises(SSRFBlocked, match=r"resolves to 127\.0\.0\.1"):
        await make_fetcher(resolver=resolver).fetch(f"http://private.test:{trap.port}/")
    assert resolver.calls == ["private.test"]
    assert trap.connections == 0


REDIRECT_TARGETS = [
    ("http://127.0.0.1:{port}/", SSRFBlocked),
    ("http://localhost:{port}/", SSRFBlocked),
    ("http://private.test:{port}/", SSRFBlocked),
    ("http://[::ffff:127.0.0.1]:{port}/", SSRFBlocked),
    ("//127.0.0.1:{port}/", SSRFBlocked),
    ("http://2130706433:{port}/", InvalidURL),
    ("http://0x7f.1:{port}/", InvalidURL),
    ("http://0177.0.0.1:{port}/", InvalidURL),
    ("http://127.1:{port}/", InvalidURL),
    ("/\\127.0.0.1:{port}/", InvalidURL),
    ("http://user@127.0.0.1:{port}/", InvalidURL),
    ("http://127.0.0.1:{port}\t/", InvalidURL),
    ("file:///etc/passwd", InvalidURL),
]


@pytest.mark.parametrize(("location", "error"), REDIRECT_TARGETS)
async def test_a_redirect_to_a_private_destination_is_blocked(
    make_fetcher: MakeFetcher,
    server: LoopbackServer,
    trap: LoopbackServer,
    location: str,
    error: type[WeblensError],
) -> None:
    server.route("/go", Response(302, headers={"Location": location.format(port=trap.port)}))
    resolver = StaticResolver({"private.test": ["127.0.0.1"]})
    with pytest.raises(error):
        await make_fetcher(server.allow_entry, resolver=resolver).fetch(server.url("/go"))
    assert len(server.requests) == 1
    assert trap.connections == 0


async def test_dns_rebinding_never_reaches_the_private_address(make_fetcher: MakeFetcher) -> None:
    """First answer: the allowed stand-in for a public host; every later answer: the trap."""
    good, trap = twin_servers("127.0.0.2", "127.0.0.3")
    try:
        good.route("/", PAGE)
        trap.route("/", Response(body=b"<p>internal secret</p>"))
        resolver = ScriptedResolver({"rebind.test": [["127.0.0.2"], ["127.0.0.3"]]})
        url = f"http://rebind.test:{good.port}/"

        page = await make_fetcher(good.allow_entry, resolver=resolver).fetch(url)
        assert b"public page" in page.body
        assert resolver.calls == ["rebind.test"]  # one lookup: the connection used the checked address

        with pytest.raises(SSRFBlocked):  # a new connection asks again and gets the private answer
            await make_fetcher(good.allow_entry, resolver=resolver).fetch(url)
        assert good.connections == 1
        assert trap.connections == 0
    finally:
        good.__exit__(None, None, None)
        trap.__exit__(None, None, None)


async def test_a_mixed_dns_answer_is_refused_whole(make_fetcher: MakeFetcher) -> None:
    good, trap = twin_servers("127.0.0.2", "127.0.0.3")
    try:
        resolver = StaticResolver({"mixed.test": ["127.0.0.2", "127.0.0.3"]})
        with pytest.raises(SSRFBlocked):
            await make_fetcher(good.allow_entry, resolver=resolver).fetch(f"http://mixed.test:{good.port}/")
        assert good.connections == 0
        assert trap.connections == 0
    finally:
        good.__exit__(None, None, None)
        trap.__exit__(None, None, None)


async def test_a_redirect_hop_to_a_rebinding_name_is_checked_like_the_first(
    make_fetcher: MakeFetcher, server: LoopbackServer, trap: LoopbackServer
) -> None:
    server.route("/go", Response(302, headers={"Location": f"http://attacker.test:{trap.port}/"}))
    resolver = StaticResolver({"attacker.test": ["127.0.0.1"]})
    with pytest.raises(SSRFBlocked):
        await make_fetcher(server.allow_entry, resolver=resolver).fetch(server.url("/go"))
    assert resolver.calls == ["attacker.test"]
    assert trap.connections == 0


async def test_an_allowed_name_is_pinned_to_its_resolved_address(
    make_fetcher: MakeFetcher, server: LoopbackServer
) -> None:
    server.route("/", PAGE)
    resolver = StaticResolver({"site.test": ["127.0.0.1"]})
    page = await make_fetcher(f"site.test:{server.port}", resolver=resolver).fetch(
        f"http://site.test:{server.port}/"
    )
    assert page.status == 200
    assert server.requests[0].headers["host"] == f"site.test:{server.port}"


def _has_ipv6_loopback() -> bool:
    try:
        with socket.socket(socket.AF_INET6) as sock:
            sock.bind(("::1", 0))
    except OSError:
        return False
    return True


@pytest.mark.skipif(not _has_ipv6_loopback(), reason="no IPv6 loopback on this machine")
async def test_ipv6_loopback_is_reached_only_when_allowed(make_fetcher: MakeFetcher) -> None:
    with BoundServer("::1") as v6:
        v6.route("/", PAGE)
        with pytest.raises(SSRFBlocked):
            await make_fetcher().fetch(v6.url("/"))
        assert v6.connections == 0
        page = await make_fetcher(v6.allow_entry).fetch(v6.url("/"))
        assert page.final_url == f"http://[::1]:{v6.port}/"


async def test_proxy_environment_variables_are_ignored(
    make_fetcher: MakeFetcher, server: LoopbackServer, trap: LoopbackServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "all_proxy"):
        monkeypatch.setenv(name, trap.url("/"))
    server.route("/", PAGE)
    assert (await make_fetcher(server.allow_entry).fetch(server.url("/"))).status == 200
    assert trap.connections == 0


async def test_the_backend_never_opens_unix_sockets() -> None:
    backend = PinnedBackend(Guard(StaticResolver({})))
    with pytest.raises(SSRFBlocked):
        await backend.connect_unix_socket("/var/run/docker.sock")


@pytest.mark.parametrize("url", ["http://--1.sslip.io/", "http://-x.example.com/", "http://x-.example.com/"])
async def test_a_host_label_that_is_not_a_host_name_is_invalid_before_any_lookup(
    make_fetcher: MakeFetcher, url: str
) -> None:
    resolver = StaticResolver({})
    with pytest.raises(InvalidURL):
        await make_fetcher(resolver=resolver).fetch(url)
    assert resolver.calls == []
