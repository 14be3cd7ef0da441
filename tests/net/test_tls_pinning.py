"""Pinned connections still verify TLS for the host *name*, with SNI.

A throwaway CA signs a certificate for ``pinned.test``; an HTTPS server on
127.0.0.1 presents it. The guard resolves ``pinned.test`` to 127.0.0.1 (static
resolver, allow-listed as ``pinned.test:PORT``) and the fetcher connects to that
address — yet the handshake is verified against ``pinned.test``, as httpcore's
``start_tls`` passes the origin host as ``server_hostname``.
"""

from __future__ import annotations

import ssl
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.net.conftest import MakeFetcher
from tests.net.support import BoundServer, ThrowawayCA, make_ca
from tests.support.servers import Response
from weblens.errors import ConnectError
from weblens.net.resolver import StaticResolver
from weblens.net.transport import TLSError


@pytest.fixture(scope="module")
def ca() -> ThrowawayCA:
    return make_ca()


class TLSSite:
    def __init__(self, server: BoundServer, names_seen: list[str | None]) -> None:
        self.server = server
        self.names_seen = names_seen

    @property
    def port(self) -> int:
        return self.server.port


def _serve(ca: ThrowawayCA, cert_name: str, tmp_path: Path) -> Iterator[TLSSite]:
    context = ca.server_context(cert_name, str(tmp_path))
    names_seen: list[str | None] = []

    def record_sni(sock: ssl.SSLObject, name: str | None, ctx: ssl.SSLContext) -> None:
        names_seen.append(name)

    context.sni_callback = record_sni
    with BoundServer("127.0.0.1", tls=context) as server:
        server.route("/", Response(body=b"<html><p>over TLS</p></html>"))
        yield TLSSite(server, names_seen)


@pytest.fixture
def pinned_site(ca: ThrowawayCA, tmp_path: Path) -> Iterator[TLSSite]:
    yield from _serve(ca, "pinned.test", tmp_path)


@pytest.fixture
def impostor_site(ca: ThrowawayCA, tmp_path: Path) -> Iterator[TLSSite]:
    """Same CA, but the certificate names another host."""
    yield from _serve(ca, "other.test", tmp_path)


async def test_https_to_a_pinned_address_verifies_the_name_and_sends_sni(
    make_fetcher: MakeFetcher, pinned_site: TLSSite, ca: ThrowawayCA
) -> None:
    resolver = StaticResolver({"pinned.test": ["127.0.0.1"]})
    fetcher = make_fetcher(
        f"pinned.test:{pinned_site.port}", resolver=resolver, ssl_context=ca.client_context()
    )
    page = await fetcher.fetch(f"https://pinned.test:{pinned_site.port}/")
    assert page.text == "<html><p>over TLS</p></html>"
    assert pinned_site.names_seen == ["pinned.test"]  # SNI carried the name, not the address
    assert resolver.calls == ["pinned.test"]
    assert pinned_site.server.requests[0].headers["host"] == f"pinned.test:{pinned_site.port}"


async def test_a_certificate_for_another_name_is_refused(
    make_fetcher: MakeFetcher, impostor_site: TLSSite, ca: ThrowawayCA
) -> None:
    resolver = StaticResolver({"pinned.test": ["127.0.0.1"]})
    fetcher = make_fetcher(
        f"pinned.test:{impostor_site.port}", resolver=resolver, ssl_context=ca.client_context()
    )
    with pytest.raises(TLSError) as info:
        await fetcher.fetch(f"https://pinned.test:{impostor_site.port}/")
    assert isinstance(info.value, ConnectError)
    assert info.value.code == "connect_error"
    assert "certificate verification failed" in info.value.message
    assert "pinned.test" in info.value.message
    assert impostor_site.server.requests == []
    assert resolver.calls == ["pinned.test"]  # TLS failures are not retried


async def test_an_untrusted_ca_is_refused(make_fetcher: MakeFetcher, pinned_site: TLSSite) -> None:
    resolver = StaticResolver({"pinned.test": ["127.0.0.1"]})
    fetcher = make_fetcher(f"pinned.test:{pinned_site.port}", resolver=resolver)  # default trust store
    with pytest.raises(TLSError, match="certificate verification failed"):
        await fetcher.fetch(f"https://pinned.test:{pinned_site.port}/")
    assert pinned_site.server.requests == []


async def test_the_address_alone_does_not_satisfy_verification(
    make_fetcher: MakeFetcher, pinned_site: TLSSite, ca: ThrowawayCA
) -> None:
    """Allow-listing 127.0.0.1:PORT and asking for the IP gets the connection, not a valid certificate."""
    fetcher = make_fetcher(f"127.0.0.1:{pinned_site.port}", ssl_context=ca.client_context())
    with pytest.raises(TLSError):
        await fetcher.fetch(f"https://127.0.0.1:{pinned_site.port}/")
    assert pinned_site.server.requests == []
