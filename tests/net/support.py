"""Helpers for the net tests: servers on chosen loopback addresses and ports, TLS material, bombs.

Every server here listens on the loopback range only. Tests that need a
"public" first DNS answer use an allow-listed loopback address as its stand-in,
so no test ever sends a packet off this machine.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import ssl
import zlib
from collections.abc import Iterator
from dataclasses import dataclass

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

from tests.support.servers import LoopbackServer

MB = 1024 * 1024


class BoundServer(LoopbackServer):
    """A LoopbackServer on a chosen address and port, optionally speaking TLS."""

    def __init__(self, host: str = "127.0.0.1", *, port: int = 0, tls: ssl.SSLContext | None = None) -> None:
        super().__init__(host)
        self._wanted_port = port
        self._tls = tls
        self._writers: list[asyncio.StreamWriter] = []

    async def _start(self) -> None:
        self._server = await asyncio.start_server(self._track, self.host, self._wanted_port, ssl=self._tls)
        self.port = self._server.sockets[0].getsockname()[1]

    async def _track(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self._writers.append(writer)
        await self._serve(reader, writer)

    async def _stop(self) -> None:
        # a TLS close waits for the peer; abort instead so no socket outlives the server's loop
        for writer in self._writers:
            writer.transport.abort()
        await super()._stop()
        await asyncio.sleep(0)


def twin_servers(host_a: str, host_b: str) -> tuple[BoundServer, BoundServer]:
    """Two started servers on the same port at two loopback addresses (for rebinding tests)."""
    for _ in range(20):
        first = BoundServer(host_b).__enter__()
        try:
            return BoundServer(host_a, port=first.port).__enter__(), first
        except OSError:
            first.__exit__(None, None, None)
    raise RuntimeError("no port free on both addresses")


# --- TLS -------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class ThrowawayCA:
    key: ec.EllipticCurvePrivateKey
    cert: x509.Certificate

    @property
    def pem(self) -> str:
        return self.cert.public_bytes(serialization.Encoding.PEM).decode("ascii")

    def client_context(self) -> ssl.SSLContext:
        """A verifying client context that trusts only this CA."""
        return ssl.create_default_context(cadata=self.pem)

    def server_context(self, name: str, tmp_dir: str) -> ssl.SSLContext:
        """A server context presenting a certificate for ``name`` signed by this CA."""
        key = ec.generate_private_key(ec.SECP256R1())
        cert = (
            _builder(name, key, self.cert.subject)
            .add_extension(x509.SubjectAlternativeName([x509.DNSName(name)]), critical=False)
            .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
            .sign(self.key, hashes.SHA256())
        )
        cert_path, key_path = f"{tmp_dir}/{name}.crt", f"{tmp_dir}/{name}.key"
        with open(cert_path, "wb") as out:
            out.write(cert.public_bytes(serialization.Encoding.PEM))
        with open(key_path, "wb") as out:
            out.write(
                key.private_bytes(
                    serialization.Encoding.PEM,
                    serialization.PrivateFormat.PKCS8,
                    serialization.NoEncryption(),
                )
            )
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(cert_path, key_path)
        return context


def make_ca() -> ThrowawayCA:
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "weblens test CA")])
    cert = (
        _builder("weblens test CA", key, name)
        .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
        .add_extension(
            x509.KeyUsage(
                digital_signature=True,
                content_commitment=False,
                key_encipherment=False,
                data_encipherment=False,
                key_agreement=False,
                key_cert_sign=True,
                crl_sign=True,
                encipher_only=False,
                decipher_only=False,
            ),
            critical=True,
        )
        .sign(key, hashes.SHA256())
    )
    return ThrowawayCA(key, cert)


def _builder(common_name: str, key: ec.EllipticCurvePrivateKey, issuer: x509.Name) -> x509.CertificateBuilder:
    now = dt.datetime.now(dt.UTC)
    return (
        x509.CertificateBuilder()
        .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, common_name)]))
        .issuer_name(issuer)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - dt.timedelta(hours=1))
        .not_valid_after(now + dt.timedelta(days=1))
    )


# --- compression bombs -----------------------------------------------------------------------------
def gzip_bomb(decoded_bytes: int = 10 * 1024 * MB, block: int = MB) -> Iterator[bytes]:
    """A gzip stream of ``decoded_bytes`` zeros, produced lazily at almost no cost.

    After a full flush deflate keeps no history, so every further 1 MB block of
    zeros compresses to the same ~1 KB; it is computed once and repeated (10 GB
    of zeros is about 10 MB on the wire). The trailer is never reached by a
    client that honours its cap.
    """
    compressor = zlib.compressobj(9, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
    zeros = bytes(block)
    yield compressor.compress(zeros) + compressor.flush(zlib.Z_FULL_FLUSH)
    repeated = compressor.compress(zeros) + compressor.flush(zlib.Z_FULL_FLUSH)
    for _ in range(decoded_bytes // block - 1):
        yield repeated


def deflate_bomb(decoded_bytes: int = 10 * 1024 * MB, block: int = MB) -> Iterator[bytes]:
    """The same as :func:`gzip_bomb`, as raw deflate (what many servers send as ``deflate``)."""
    compressor = zlib.compressobj(9, zlib.DEFLATED, -zlib.MAX_WBITS)
    zeros = bytes(block)
    yield compressor.compress(zeros) + compressor.flush(zlib.Z_FULL_FLUSH)
    repeated = compressor.compress(zeros) + compressor.flush(zlib.Z_FULL_FLUSH)
    for _ in range(decoded_bytes // block - 1):
        yield repeated


def brotli_bomb(decoded_bytes: int = 1024 * MB) -> bytes:
    """``decoded_bytes`` zeros as brotli (1 GB → about 190 KB at quality 1)."""
    import brotli

    compressor = brotli.Compressor(quality=1, lgwin=24)
    zeros = bytes(MB)
    parts = [compressor.process(zeros) for _ in range(decoded_bytes // MB)]
    parts.append(compressor.finish())
    return b"".join(parts)
