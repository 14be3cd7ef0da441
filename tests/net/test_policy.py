"""The pure rules of the SSRF guard: URL ambiguity, blocked names, blocked addresses.

The expected networks below are written out from the issue, not imported from
the implementation, so the properties compare the code with the specification.
"""

from __future__ import annotations

import ipaddress

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from weblens.errors import InvalidURL, SSRFBlocked
from weblens.net.policy import (
    AllowList,
    check_address,
    check_name,
    embedded_ipv4,
    is_public_address,
    parse_url,
)

IPv4 = ipaddress.IPv4Address
IPv6 = ipaddress.IPv6Address
N4 = ipaddress.IPv4Network
N6 = ipaddress.IPv6Network

SPEC_BLOCKED_V4 = [
    N4("127.0.0.0/8"),  # loopback
    N4("10.0.0.0/8"),  # RFC 1918
    N4("172.16.0.0/12"),
    N4("192.168.0.0/16"),
    N4("169.254.0.0/16"),  # link-local, incl. 169.254.169.254
    N4("100.64.0.0/10"),  # CGNAT
    N4("0.0.0.0/8"),
    N4("192.0.0.0/24"),
    N4("198.18.0.0/15"),
    N4("224.0.0.0/4"),  # multicast
    N4("240.0.0.0/4"),  # reserved, incl. broadcast
    N4("192.0.2.0/24"),  # documentation
    N4("198.51.100.0/24"),
    N4("203.0.113.0/24"),
]
# blocked beyond the list, on purpose (documented in docs/security.md)
EXTRA_BLOCKED_V4 = [N4("192.88.99.0/24")]

SPEC_BLOCKED_V6 = [
    N6("::/128"),
    N6("::1/128"),
    N6("fe80::/10"),
    N6("fc00::/7"),
    N6("fec0::/10"),
    N6("ff00::/8"),
    N6("64:ff9b:1::/48"),  # local-use NAT64: blocked whole
    N6("2001:db8::/32"),  # documentation
]
EXTRA_BLOCKED_V6 = [
    N6("100::/64"),
    N6("2001:2::/48"),
    N6("2001:10::/28"),
    N6("2001:20::/28"),
    N6("3fff::/20"),
    N6("5f00::/16"),
]
TRANSITION_V6 = [N6("2002::/16"), N6("2001::/32")]  # carry IPv4: judged by what they carry


# --- parse_url: ambiguous and non-http(s) URLs ----------------------------------------------------
AMBIGUOUS = [
    # backslashes
    "http://exa\\mple.com/",
    "http://example.com\\@evil.com/",
    "http:\\\\example.com/",
    "http://example.com/\\path",
    # control and whitespace characters
    "http://exa\tmple.com/",
    "http://exa\nmple.com/",
    "http://example.com\r\n/",
    "http://exa\x00mple.com/",
    "http://exa mple.com/",
    "http://exa\u00a0mple.com/",
    "http://exa\u3000mple.com/",
    "http://example.com/\u2028",
    "http://exa\x7fmple.com/",
    "http://exa\u200bmple.com/",
    # percent-encoded hosts
    "http://%31%32%37.0.0.1/",
    "http://ex%61mple.com/",
    "http://127.0.0.1%2f@example.com/",
    # non-canonical IPv4
    "http://2130706433/",
    "http://0177.0.0.1/",
    "http://0x7f.1/",
    "http://0x7f000001/",
    "http://0x7F.0.0.1/",
    "http://127.1/",
    "http://127.0.1/",
    "http://10.1/",
    "http://127.000.000.001/",
    "http://127.0.0.01/",
    "http://127.0.0.1./",
    "http://256.0.0.1/",
    "http://1.2.3.4.5/",
    "http://example.0x10/",
    "http://example.123/",
    # Unicode digits and dots that read as an address
    "http://\uff11\uff12\uff17.\uff10.\uff10.\uff11/",  # fullwidth 127.0.0.1
    "http://127\u30020\u30020\u30021/",  # ideographic full stops
    "http://127\uff0e0\uff0e0\uff0e1/",  # fullwidth full stops
    "http://\U0001d7cf\U0001d7d0\U0001d7d5.0.0.1/",  # mathematical bold digits
    "http://\u0661\u0662\u0667.0.0.1/",  # Arabic-Indic digits
    "http://\u2460\u2461\u2466.0.0.1/",  # circled digits
    # userinfo tricks
    "http://user:pass@example.com/",
    "http://example.com@127.0.0.1/",
    "http://@example.com/",
    "http://example.com:80@evil.com/",
    "http://127.0.0.1:80\\@example.com/",
    # schemes and shapes
    "ftp://example.com/",
    "file:///etc/passwd",
    "gopher://example.com/",
    "javascript:alert(1)",
    "data:text/html,hi",
    "//example.com/",
    "example.com",
    "http:/example.com/",
    "http:example.com",
    "http:///example.com/",
    "",
    # ports
    "http://example.com:99999/",
    "http://example.com:0/",
    "http://example.com:/",
    "http://example.com:80:80/",
    "http://example.com:8o/",
    "http://example.com:\u0668\u0660/",  # Arabic-Indic 80
    "http://example.com:\u00b2/",  # superscript two
    "http://example.com:-1/",
    # IPv6 literals
    "http://[fe80::1%25eth0]/",
    "http://[::1/",
    "http://[zz::1]/",
    "http://[::1]x/",
    "http://::1/",
    # malformed names
    "http://exa_mple..com/",
    "http://a..b.com/",
    "http://" + "a" * 64 + ".com/",
    "http://" + "a." * 130 + "com/",
    # labels that are not host-name labels: a hyphen first or last
    "http://--1.sslip.io/",
    "http://-example.com/",
    "http://example-.com/",
    "http://www.example.com-/",
    "http://a.-b-.example/",
]


@pytest.mark.parametrize("url", AMBIGUOUS)
def test_ambiguous_or_foreign_urls_are_invalid(url: str) -> None:
    with pytest.raises(InvalidURL) as info:
        parse_url(url)
    assert info.value.code == "invalid_url"


def test_non_string_is_invalid() -> None:
    with pytest.raises(InvalidURL):
        parse_url(b"http://example.com/")  # type: ignore[arg-type]


def test_very_long_url_is_invalid() -> None:
    with pytest.raises(InvalidURL):
        parse_url("http://example.com/" + "a" * 9000)


@pytest.mark.parametrize(
    ("url", "normalised", "host", "port"),
    [
        ("HTTP://Example.COM:80/path?q=1#f", "http://example.com/path?q=1#f", "example.com", 80),
        ("https://example.com:8443", "https://example.com:8443/", "example.com", 8443),
        ("https://example.com:443/x", "https://example.com/x", "example.com", 443),
        ("http://example.com./", "http://example.com/", "example.com", 80),
        ("  http://example.com/  ", "http://example.com/", "example.com", 80),
        ("http://[2606:4700::1111]:8080/", "http://[2606:4700::1111]:8080/", "2606:4700::1111", 8080),
        ("http://93.184.216.34/", "http://93.184.216.34/", "93.184.216.34", 80),
        ("https://bücher.example/", "https://xn--bcher-kva.example/", "xn--bcher-kva.example", 443),
        ("https://例え.テスト/", "https://xn--r8jz45g.xn--zckzah/", "xn--r8jz45g.xn--zckzah", 443),
        ("http://example.com:0080/", "http://example.com/", "example.com", 80),
        ("http://under_score.example.com/", "http://under_score.example.com/", "under_score.example.com", 80),
        ("http://a-1.b--c.example/", "http://a-1.b--c.example/", "a-1.b--c.example", 80),
        ("http://x.y/", "http://x.y/", "x.y", 80),
        ("http://example.com/a%20b?x=%2F", "http://example.com/a%20b?x=%2F", "example.com", 80),
    ],
)
def test_valid_urls_are_normalised(url: str, normalised: str, host: str, port: int) -> None:
    target = parse_url(url)
    assert (target.url, target.host, target.port) == (normalised, host, port)


def test_ip_literals_are_recognised() -> None:
    assert parse_url("http://8.8.8.8/").ip == IPv4("8.8.8.8")
    assert parse_url("http://[::ffff:8.8.8.8]/").ip == IPv6("::ffff:8.8.8.8")
    assert parse_url("http://example.com/").ip is None
    assert parse_url("http://[::1]:81/").authority == "[::1]:81"


# --- check_name: private destinations named in the URL -----------------------------------------------
BLOCKED_BY_NAME = [
    "http://localhost/",
    "http://LOCALHOST:8080/",
    "http://localhost./",
    "http://foo.localhost/",
    "http://a.b.localhost/",
    "http://metadata.google.internal/computeMetadata/v1/",
    "http://metadata/",
    "http://printer.local/",
    "http://intranet/",
    "http://host.internal/",
    "http://router.home.arpa/",
    "http://127.0.0.1/",
    "http://127.0.0.1#@example.com/",
    "http://0.0.0.0/",
    "http://10.0.0.1/",
    "http://169.254.169.254/latest/meta-data/",
    "http://[::1]/",
    "http://[::]/",
    "http://[::ffff:127.0.0.1]/",
    "http://[::ffff:7f00:1]/",
    "http://[64:ff9b::a9fe:a9fe]/",
    "http://[fd00::1]/",
    "http://[fe80::1]/",
]


@pytest.mark.parametrize("url", BLOCKED_BY_NAME)
def test_private_names_and_literals_are_blocked_before_resolving(url: str) -> None:
    target = parse_url(url)
    with pytest.raises(SSRFBlocked) as info:
        check_name(target, AllowList())
    assert info.value.code == "ssrf_blocked"


@pytest.mark.parametrize("url", ["http://example.com/", "https://8.8.8.8/", "http://[2606:4700::1]/"])
def test_public_names_pass_the_name_check(url: str) -> None:
    check_name(parse_url(url), AllowList())


def test_allow_list_matches_host_and_port_exactly() -> None:
    allow = AllowList.parse(["localhost:8080", "127.0.0.1:9000", "[::1]:9001"])
    check_name(parse_url("http://localhost:8080/"), allow)
    check_name(parse_url("http://127.0.0.1:9000/"), allow)
    check_name(parse_url("http://[::1]:9001/"), allow)
    for url in (
        "http://localhost:8081/",
        "http://127.0.0.1:9001/",
        "http://127.0.0.2:9000/",
        "http://[::1]:9000/",
    ):
        with pytest.raises(SSRFBlocked):
            check_name(parse_url(url), allow)


@pytest.mark.parametrize("entry", ["localhost", "localhost:", ":80", "localhost:http", "host:\u0668\u0660"])
def test_allow_list_rejects_malformed_entries(entry: str) -> None:
    with pytest.raises(ValueError, match="host:port"):
        AllowList.parse([entry])


def test_allow_list_normalises_case_and_trailing_dot() -> None:
    allow = AllowList.parse([" Pinned.Test.:443 "])
    assert allow.allows("pinned.test", 443)
    assert allow.allows("PINNED.TEST.", 443)
    assert not allow.allows("pinned.test", 444)


# --- is_public_address: every range of the issue ------------------------------------------------------
BLOCKED_ADDRESSES = [
    "127.0.0.1",
    "127.255.255.254",
    "10.0.0.1",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "169.254.0.1",
    "100.64.0.1",
    "100.127.255.255",
    "0.0.0.0",
    "0.1.2.3",
    "192.0.0.1",
    "192.0.0.170",
    "198.18.0.1",
    "198.19.255.255",
    "224.0.0.1",
    "239.255.255.250",
    "240.0.0.1",
    "255.255.255.255",
    "192.0.2.1",
    "198.51.100.1",
    "203.0.113.1",
    "::",
    "::1",
    "fe80::1",
    "febf:ffff::1",
    "fc00::1",
    "fd12:3456::1",
    "fec0::1",
    "ff02::1",
    "ff0e::1",
    "2001:db8::1",
    "::ffff:127.0.0.1",
    "::ffff:10.0.0.1",
    "::ffff:169.254.169.254",
    "::127.0.0.1",  # IPv4-compatible
    "::10.0.0.1",
    "::ffff:0:127.0.0.1",  # SIIT translated
    "64:ff9b::7f00:1",  # NAT64 of 127.0.0.1
    "64:ff9b::a9fe:a9fe",  # NAT64 of 169.254.169.254
    "64:ff9b::a00:1",  # NAT64 of 10.0.0.1
    "64:ff9b:1::1",  # local-use NAT64
    "64:ff9b:1:ffff::808:808",
    "2002:7f00:1::1",  # 6to4 of 127.0.0.1
    "2002:a9fe:a9fe::",  # 6to4 of 169.254.169.254
    "2002:c0a8:101::1",  # 6to4 of 192.168.1.1
    "2001:0:4136:e378:8000:63bf:80ff:fffe",  # Teredo, client ~0x80fffffe = 127.0.0.1
    "2001:0:4136:e378:8000:63bf:f5ff:fffe",  # Teredo, client 10.0.0.1
    "2001:0:a00:1::1",  # Teredo with server 10.0.0.1
    "2001:0:4136:e378:8000:63bf:3fff:fdd2",  # RFC 4380 example: client 192.0.2.45 (documentation)
]
PUBLIC_ADDRESSES = [
    "8.8.8.8",
    "1.1.1.1",
    "93.184.216.34",
    "100.63.255.255",
    "100.128.0.0",
    "172.15.255.255",
    "172.32.0.0",
    "198.17.255.255",
    "198.20.0.0",
    "223.255.255.255",
    "2606:4700:4700::1111",
    "2a00:1450:4001:82b::200e",
    "::ffff:8.8.8.8",
    "64:ff9b::808:808",
    "2002:808:808::1",
    "2001:0:4136:e378:8000:63bf:f7f7:f7f7",  # Teredo: server 65.54.227.120, client 8.8.8.8
]


@pytest.mark.parametrize("text", BLOCKED_ADDRESSES)
def test_non_public_addresses_are_refused(text: str) -> None:
    address = ipaddress.ip_address(text)
    assert not is_public_address(address)
    with pytest.raises(SSRFBlocked):
        check_address(address, 80, AllowList())


@pytest.mark.parametrize("text", PUBLIC_ADDRESSES)
def test_public_addresses_are_allowed(text: str) -> None:
    address = ipaddress.ip_address(text)
    assert is_public_address(address)
    check_address(address, 80, AllowList())


def test_allowed_address_needs_the_same_port() -> None:
    allow = AllowList.parse(["127.0.0.1:8080"])
    check_address(IPv4("127.0.0.1"), 8080, allow)
    with pytest.raises(SSRFBlocked):
        check_address(IPv4("127.0.0.1"), 8081, allow)


@pytest.mark.parametrize(
    ("text", "inner"),
    [
        ("::ffff:1.2.3.4", ["1.2.3.4"]),
        ("::1.2.3.4", ["1.2.3.4"]),
        ("64:ff9b::102:304", ["1.2.3.4"]),
        ("2002:102:304::", ["1.2.3.4"]),
        ("2001:0:4136:e378:8000:63bf:fefd:fcfb", ["65.54.227.120", "1.2.3.4"]),
        ("2606:4700::1", []),
    ],
)
def test_embedded_ipv4_forms(text: str, inner: list[str]) -> None:
    assert embedded_ipv4(IPv6(text)) == [IPv4(a) for a in inner]


# --- properties -----------------------------------------------------------------------------------
def _in(nets: list[N4] | list[N6]) -> st.SearchStrategy[int]:
    bounds = [(int(net.network_address), int(net.broadcast_address)) for net in nets]
    return st.sampled_from(bounds).flatmap(lambda pair: st.integers(*pair))


ALL_BLOCKED_V4 = SPEC_BLOCKED_V4 + EXTRA_BLOCKED_V4
ALL_BLOCKED_V6 = SPEC_BLOCKED_V6 + EXTRA_BLOCKED_V6
private_v4 = _in(SPEC_BLOCKED_V4).map(IPv4)


def _gaps(nets: list[N4]) -> list[tuple[int, int]]:
    """The intervals of the IPv4 space not covered by ``nets``."""
    gaps, start = [], 0
    for net in ipaddress.collapse_addresses(nets):
        if int(net.network_address) > start:
            gaps.append((start, int(net.network_address) - 1))
        start = int(net.broadcast_address) + 1
    if start <= 2**32 - 1:
        gaps.append((start, 2**32 - 1))
    return gaps


public_v4 = st.sampled_from(_gaps(ALL_BLOCKED_V4)).flatmap(lambda gap: st.integers(*gap)).map(IPv4)


@settings(max_examples=500)
@given(private_v4)
def test_property_every_address_in_a_blocked_v4_range_is_refused(address: IPv4) -> None:
    assert not is_public_address(address)


@settings(max_examples=500)
@given(public_v4)
def test_property_every_v4_address_outside_the_blocked_ranges_is_allowed(address: IPv4) -> None:
    assert is_public_address(address)


@settings(max_examples=500)
@given(_in(SPEC_BLOCKED_V6).map(IPv6))
def test_property_every_address_in_a_blocked_v6_range_is_refused(address: IPv6) -> None:
    assert not is_public_address(address)


def _plain_global_v6(address: IPv6) -> bool:
    return not any(address in n for n in ALL_BLOCKED_V6 + TRANSITION_V6)


@settings(max_examples=500)
@given(st.integers(0x2000 << 112, (0x4000 << 112) - 1).map(IPv6).filter(_plain_global_v6))
def test_property_global_unicast_v6_outside_the_blocked_ranges_is_allowed(address: IPv6) -> None:
    assert is_public_address(address)


@settings(max_examples=300)
@given(st.integers(0, 2**128 - 1).map(IPv6).filter(lambda a: a not in N6("2000::/3")))
def test_property_v6_outside_global_unicast_is_allowed_only_when_it_carries_public_v4(address: IPv6) -> None:
    inner = embedded_ipv4(address)
    if not inner:
        assert not is_public_address(address)


def _embeddings(v4: IPv4, low: int, server: IPv4) -> list[IPv6]:
    value = int(v4)
    return [
        IPv6((0xFFFF << 32) | value),  # ::ffff:a.b.c.d
        IPv6(value) if value > 1 else IPv6((0xFFFF << 32) | value),  # ::a.b.c.d
        IPv6((0xFFFF << 48) | value),  # ::ffff:0:a.b.c.d
        IPv6(int(IPv6("64:ff9b::")) | value),  # NAT64
        IPv6(int(IPv6("64:ff9b:1::")) | (low & ((1 << 80) - 1))),  # local-use NAT64, anything inside
        IPv6((0x2002 << 112) | (value << 80) | (low & ((1 << 80) - 1))),  # 6to4
        IPv6((0x2001 << 112) | (int(server) << 64) | (low & 0xFFFFFFFF00000000) | (~value & 0xFFFFFFFF)),
        IPv6((0x2001 << 112) | (value << 64) | (low & 0xFFFFFFFF00000000) | (~int(server) & 0xFFFFFFFF)),
    ]


@settings(max_examples=300)
@given(private_v4, st.integers(0, 2**80 - 1), public_v4)
def test_property_any_private_v4_embedded_in_v6_is_refused(v4: IPv4, low: int, server: IPv4) -> None:
    for address in _embeddings(v4, low, server):
        assert not is_public_address(address), address


@settings(max_examples=300)
@given(public_v4, st.integers(0, 2**64 - 1), public_v4)
def test_property_public_v4_embedded_in_v6_is_allowed(v4: IPv4, low: int, server: IPv4) -> None:
    value = int(v4)
    allowed = [
        IPv6((0xFFFF << 32) | value),
        IPv6(int(IPv6("64:ff9b::")) | value),
        IPv6((0x2002 << 112) | (value << 80) | (low & ((1 << 80) - 1))),
        IPv6((0x2001 << 112) | (int(server) << 64) | (low & 0xFFFFFFFF00000000) | (~value & 0xFFFFFFFF)),
    ]
    for address in allowed:
        assert is_public_address(address), address


@settings(max_examples=300)
@given(private_v4)
def test_property_private_v4_in_any_url_form_never_passes(v4: IPv4) -> None:
    """Whatever spelling of a private address a URL uses, parse+name check refuses it."""
    value = int(v4)
    spellings = [
        f"http://{v4}/",
        f"http://{value}/",
        f"http://0x{value:x}/",
        "http://" + ".".join(f"0{int(o):o}" for o in str(v4).split(".")) + "/",
        f"http://[::ffff:{v4}]/",
        f"http://[64:ff9b::{value >> 16:x}:{value & 0xFFFF:x}]/",
    ]
    for url in spellings:
        with pytest.raises((InvalidURL, SSRFBlocked)):
            check_name(parse_url(url), AllowList())
