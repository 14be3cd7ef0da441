"""Pure URL and address rules of the SSRF guard: no I/O.

Two questions are answered here, both without touching the network:

* :func:`parse_url` — is this URL unambiguous, http(s), and does it not *name*
  a private destination? Anything two parsers could read differently
  (backslashes, whitespace, percent-encoded hosts, ``127.1``, ``0x7f.1``,
  fullwidth digits, userinfo) is ``invalid_url`` rather than guessed at, and so
  is a host whose labels are not host-name labels (``--1.sslip.io``: a label
  may not start or end with a hyphen) — refused before any DNS lookup.
* :func:`is_public_address` — may we connect to this address? Everything not
  globally routable is refused, including IPv4 addresses hidden inside IPv6
  (mapped, compatible, NAT64, 6to4, Teredo).

:class:`AllowList` is the only way past the address rules (tests and operators
use it for loopback servers); it matches host *and* port exactly.
"""

from __future__ import annotations

import ipaddress
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from urllib.parse import urljoin, urlsplit, urlunsplit

import idna

from weblens.errors import InvalidURL, SSRFBlocked

__all__ = [
    "AllowList",
    "IPAddress",
    "TargetURL",
    "check_address",
    "embedded_ipv4",
    "is_public_address",
    "join_url",
    "parse_url",
]

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address

_V4 = ipaddress.IPv4Network
_V6 = ipaddress.IPv6Network

BLOCKED_V4: tuple[ipaddress.IPv4Network, ...] = (
    _V4("0.0.0.0/8"),  # "this network"
    _V4("10.0.0.0/8"),  # RFC 1918
    _V4("100.64.0.0/10"),  # CGNAT
    _V4("127.0.0.0/8"),  # loopback
    _V4("169.254.0.0/16"),  # link-local, cloud metadata
    _V4("172.16.0.0/12"),  # RFC 1918
    _V4("192.0.0.0/24"),  # IETF protocol assignments
    _V4("192.0.2.0/24"),  # TEST-NET-1
    _V4("192.88.99.0/24"),  # 6to4 relay anycast (deprecated)
    _V4("192.168.0.0/16"),  # RFC 1918
    _V4("198.18.0.0/15"),  # benchmarking
    _V4("198.51.100.0/24"),  # TEST-NET-2
    _V4("203.0.113.0/24"),  # TEST-NET-3
    _V4("224.0.0.0/4"),  # multicast
    _V4("240.0.0.0/4"),  # reserved, includes 255.255.255.255 broadcast
)

BLOCKED_V6: tuple[ipaddress.IPv6Network, ...] = (
    _V6("::/128"),  # unspecified
    _V6("::1/128"),  # loopback
    _V6("64:ff9b:1::/48"),  # local-use NAT64 (RFC 8215)
    _V6("100::/64"),  # discard-only
    _V6("2001:2::/48"),  # benchmarking
    _V6("2001:10::/28"),  # ORCHID
    _V6("2001:20::/28"),  # ORCHIDv2
    _V6("2001:db8::/32"),  # documentation
    _V6("3fff::/20"),  # documentation (RFC 9637)
    _V6("5f00::/16"),  # SRv6 SIDs
    _V6("fc00::/7"),  # unique local
    _V6("fe80::/10"),  # link-local
    _V6("fec0::/10"),  # site-local (deprecated)
    _V6("ff00::/8"),  # multicast
)

_GLOBAL_UNICAST = _V6("2000::/3")
_MAPPED = _V6("::ffff:0:0/96")
_TRANSLATED = _V6("::ffff:0:0:0/96")  # SIIT, RFC 2765
_COMPATIBLE = _V6("::/96")
_NAT64 = _V6("64:ff9b::/96")
_SIXTOFOUR = _V6("2002::/16")
_TEREDO = _V6("2001::/32")

BLOCKED_NAMES = frozenset(
    {
        "localhost",
        "localhost.localdomain",
        "ip6-localhost",
        "ip6-loopback",
        "metadata",
        "metadata.google.internal",
        "instance-data",
        "broadcasthost",
    }
)
BLOCKED_SUFFIXES = (".localhost", ".local", ".localdomain", ".internal", ".intranet", ".home.arpa", ".lan")

# a host-name label: letters, digits, "-" (never first or last) and "_" (seen in real subdomains); 1–63
_LABEL = r"[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?"
_HOST_NAME = re.compile(rf"^{_LABEL}(?:\.{_LABEL})*$")
_NUMERIC_LABEL = re.compile(r"^(0x[0-9a-f]*|[0-9]+)$")
_DOTTED_QUAD = re.compile(
    r"^(25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])(\.(25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])){3}$"
)
_FORBIDDEN_URL_CHARS = re.compile(
    r"[\x00-\x20\x7f\\]|[\u0080-\u009f\u00a0\u1680\u2000-\u200f\u2028-\u202f\u205f\u3000\ufeff]"
)
_UNICODE_DOTS = str.maketrans({"\u3002": ".", "\uff0e": ".", "\uff61": "."})


@dataclass(frozen=True, slots=True)
class TargetURL:
    """A URL that passed :func:`parse_url`: scheme http(s), a canonical host, an explicit port."""

    url: str  # normalised form (IDNA host, lower-case scheme/host, no default port)
    scheme: str
    host: str  # IDNA-encoded name or IP literal without brackets
    port: int
    ip: IPAddress | None  # set when the host is an IP literal

    @property
    def authority(self) -> str:
        return f"[{self.host}]:{self.port}" if ":" in self.host else f"{self.host}:{self.port}"


@dataclass(frozen=True, slots=True)
class AllowList:
    """Destinations exempt from the address rules, as ``host:port`` (IPv6 as ``[addr]:port``)."""

    entries: frozenset[tuple[str, int]] = frozenset()

    @classmethod
    def parse(cls, items: Iterable[str]) -> AllowList:
        entries: set[tuple[str, int]] = set()
        for item in items:
            host, sep, port = item.strip().rpartition(":")
            if not sep or not _is_ascii_digits(port) or not host:
                raise ValueError(f"allow-list entries are host:port, got {item!r}")
            entries.add((host.strip("[]").lower().rstrip("."), int(port)))
        return cls(frozenset(entries))

    def allows(self, host: str, port: int) -> bool:
        return (host.lower().rstrip("."), port) in self.entries

    def allows_address(self, address: IPAddress, port: int) -> bool:
        return (str(address), port) in self.entries


def _is_ascii_digits(text: str) -> bool:
    """``str.isdigit`` also accepts Arabic-Indic and superscript digits; ports must be ASCII."""
    return bool(text) and text.isascii() and text.isdigit()


def _reject(url: str, why: str) -> InvalidURL:
    return InvalidURL(f"invalid URL: {why}", url=url)


def _canonical_host(raw: str, url: str) -> tuple[str, IPAddress | None]:
    """Validate the host part of an authority; returns (host, ip literal or None)."""
    if not raw:
        raise _reject(url, "no host")
    if "%" in raw:
        raise _reject(url, "percent-encoded or zoned host")
    if raw.startswith("["):
        if not raw.endswith("]"):
            raise _reject(url, "unterminated IPv6 literal")
        try:
            ip6 = ipaddress.IPv6Address(raw[1:-1])
        except ValueError as exc:
            raise _reject(url, "malformed IPv6 literal") from exc
        return str(ip6), ip6
    if not raw.isascii():
        folded = unicodedata.normalize("NFKC", raw).translate(_UNICODE_DOTS)
        if folded.isascii() and _looks_numeric(folded.lower()):
            raise _reject(url, "host uses Unicode characters that read as an IP address")
        try:
            raw = idna.encode(folded.lower(), uts46=True).decode("ascii")
        except (idna.IDNAError, UnicodeError) as exc:
            raise _reject(url, "host is not a valid internationalised domain name") from exc
    host = raw.lower()
    if _looks_numeric(host):
        if host.endswith(".") or not _DOTTED_QUAD.match(host):
            raise _reject(url, "non-canonical IPv4 address (use dotted decimal a.b.c.d)")
        ip4 = ipaddress.IPv4Address(host)
        return str(ip4), ip4
    name = host[:-1] if host.endswith(".") else host
    if len(name) > 253 or not _HOST_NAME.match(name):
        raise _reject(url, "malformed host name (each label: letters, digits, inner hyphens, at most 63)")
    return name, None


def _looks_numeric(host: str) -> bool:
    """True when a browser would read the host as an IPv4 address (its last label is a number)."""
    labels = host.split(".")
    if labels and labels[-1] == "":
        labels = labels[:-1]
    return bool(labels) and bool(_NUMERIC_LABEL.match(labels[-1]))


def _split_authority(netloc: str, url: str) -> tuple[str, int | None]:
    if "@" in netloc:
        raise _reject(url, "credentials (userinfo) in URL are not allowed")
    if netloc.startswith("["):
        end = netloc.find("]")
        host, rest = netloc[: end + 1], netloc[end + 1 :]
    else:
        host, _, port_part = netloc.partition(":")
        rest = f":{port_part}" if ":" in netloc else ""
    if not rest:
        return host, None
    if not rest.startswith(":") or not _is_ascii_digits(rest[1:]):
        raise _reject(url, "malformed port")
    port = int(rest[1:])
    if not 0 < port < 65536:
        raise _reject(url, "port out of range")
    return host, port


def parse_url(url: str) -> TargetURL:
    """Check that ``url`` is an unambiguous http(s) URL; raise InvalidURL otherwise.

    Leading and trailing spaces are trimmed; anything else a parser might
    silently drop or reinterpret is refused.
    """
    if not isinstance(url, str):
        raise InvalidURL("URL must be a string")
    candidate = url.strip(" ")
    if len(candidate) > 8192:
        raise _reject(url[:200], "URL longer than 8192 characters")
    if _FORBIDDEN_URL_CHARS.search(candidate):
        raise _reject(url, "backslash, whitespace or control character in URL")
    scheme, sep, rest = candidate.partition(":")
    if not sep or scheme.lower() not in ("http", "https"):
        raise _reject(url, "only http and https URLs are allowed")
    if not rest.startswith("//"):
        raise _reject(url, "URL must be absolute (scheme://host/...)")
    try:
        parts = urlsplit(candidate)
    except ValueError as exc:
        raise _reject(url, str(exc)) from exc
    host_raw, port = _split_authority(parts.netloc, url)
    host, ip = _canonical_host(host_raw, url)
    scheme = scheme.lower()
    default_port = 443 if scheme == "https" else 80
    port = port or default_port
    shown = f"[{host}]" if ip is not None and ip.version == 6 else host
    netloc = shown if port == default_port else f"{shown}:{port}"
    normalised = urlunsplit((scheme, netloc, parts.path or "/", parts.query, parts.fragment))
    return TargetURL(url=normalised, scheme=scheme, host=host, port=port, ip=ip)


def join_url(base: str, reference: str) -> str:
    """Resolve a redirect's ``Location`` against ``base``; the result still needs :func:`parse_url`.

    The reference is refused (InvalidURL) if it holds characters that URL parsers
    silently drop or reinterpret: Python's ``urljoin`` strips tabs and newlines,
    so they must be caught before joining, not after.
    """
    if _FORBIDDEN_URL_CHARS.search(reference.strip(" ")):
        raise _reject(reference, "backslash, whitespace or control character in redirect target")
    return urljoin(base, reference.strip(" "))


def check_name(target: TargetURL, allow: AllowList) -> None:
    """Refuse hosts that name private destinations before any resolution."""
    if allow.allows(target.host, target.port):
        return
    if target.ip is not None:
        check_address(target.ip, target.port, allow, url=target.url)
        return
    host = target.host
    if host in BLOCKED_NAMES or host.endswith(BLOCKED_SUFFIXES):
        raise SSRFBlocked(f"host {host!r} names a local or internal destination", url=target.url)
    if "." not in host:
        raise SSRFBlocked(f"single-label host {host!r} names a local network destination", url=target.url)


def embedded_ipv4(address: ipaddress.IPv6Address) -> list[ipaddress.IPv4Address]:
    """IPv4 addresses carried inside an IPv6 address by a transition mechanism."""
    value = int(address)
    low32 = ipaddress.IPv4Address(value & 0xFFFFFFFF)
    if address in _MAPPED or address in _TRANSLATED or address in _NAT64:
        return [low32]
    if address in _COMPATIBLE and value > 1:
        return [low32]
    if address in _SIXTOFOUR:
        return [ipaddress.IPv4Address((value >> 80) & 0xFFFFFFFF)]
    if address in _TEREDO:
        server = ipaddress.IPv4Address((value >> 64) & 0xFFFFFFFF)
        client = ipaddress.IPv4Address(~value & 0xFFFFFFFF)
        return [server, client]
    return []


def is_public_address(address: IPAddress) -> bool:
    """True only for globally routable unicast addresses (see the module docstring)."""
    if isinstance(address, ipaddress.IPv4Address):
        return not any(address in net for net in BLOCKED_V4)
    if any(address in net for net in BLOCKED_V6):
        return False
    inner = embedded_ipv4(address)
    if inner:
        return all(is_public_address(v4) for v4 in inner)
    return address in _GLOBAL_UNICAST


def check_address(address: IPAddress, port: int, allow: AllowList, *, url: str | None = None) -> None:
    """Raise SSRFBlocked unless ``address`` is public or explicitly allowed with this port."""
    if allow.allows_address(address, port) or is_public_address(address):
        return
    raise SSRFBlocked(f"{address} is not a public address", url=url)
