"""Bounded Content-Encoding decoders: exact round trips, bounded pieces, refusals."""

from __future__ import annotations

import gzip
import itertools
import zlib
from collections.abc import Callable

import brotli
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from weblens.net.decode import STEP, CorruptEncoding, UnsupportedEncoding, decoder_for


def _raw_deflate(data: bytes) -> bytes:
    compressor = zlib.compressobj(6, zlib.DEFLATED, -zlib.MAX_WBITS)
    return compressor.compress(data) + compressor.flush()


ENCODERS: dict[str, Callable[[bytes], bytes]] = {
    "identity": lambda data: data,
    "gzip": gzip.compress,
    "deflate": zlib.compress,
    "raw-deflate": _raw_deflate,
    "br": brotli.compress,
}
HEADER = {"identity": None, "gzip": "gzip", "deflate": "deflate", "raw-deflate": "deflate", "br": "br"}


def _decode(header: str | None, payload: bytes, chunk: int) -> tuple[bytes, int]:
    decoder = decoder_for(header)
    pieces = [p for i in range(0, len(payload), chunk) for p in decoder.feed(payload[i : i + chunk])]
    return b"".join(pieces), max((len(p) for p in pieces), default=0)


# text-like data that compresses well, mixed with incompressible bytes
content = st.one_of(
    st.binary(max_size=4096),
    st.builds(lambda b, n: b * n, st.binary(min_size=1, max_size=64), st.integers(1, 5000)),
)


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(sorted(ENCODERS)), content, st.integers(1, 70_000))
def test_property_decoding_any_chunking_round_trips(name: str, data: bytes, chunk: int) -> None:
    decoded, _ = _decode(HEADER[name], ENCODERS[name](data), chunk)
    assert decoded == data


@pytest.mark.parametrize("name", sorted(ENCODERS))
def test_pieces_stay_bounded_for_highly_compressible_input(name: str) -> None:
    data = bytes(20 * 1024 * 1024)
    decoded, largest = _decode(HEADER[name], ENCODERS[name](data), 1 << 20)
    assert len(decoded) == len(data)
    assert largest <= 2 * STEP


def test_a_decoder_can_be_abandoned_midway_without_inflating_the_rest() -> None:
    decoder = decoder_for("gzip")
    bomb = gzip.compress(bytes(100 * 1024 * 1024))  # 100 KB that inflate to 100 MB
    produced = 0
    for piece in decoder.feed(bomb):
        produced += len(piece)
        if produced > 1024 * 1024:
            break
    assert produced <= 1024 * 1024 + STEP


def test_multi_member_gzip_is_decoded_whole() -> None:
    payload = gzip.compress(b"first ") + gzip.compress(b"second")
    assert _decode("gzip", payload, 5)[0] == b"first second"


@pytest.mark.parametrize("split", [0, 1, 2])
def test_a_read_ending_on_a_member_boundary_loses_no_member(split: int) -> None:
    """Each read ends where a member ends (or ``split`` bytes into the next member's magic)."""
    members = [gzip.compress(f"member {n} ".encode() * 50) for n in range(3)]
    decoder = decoder_for("gzip")
    reads = [members[0] + members[1][:split], members[1][split:] + members[2][:split], members[2][split:]]
    decoded = b"".join(piece for read in reads for piece in decoder.feed(read))
    assert decoded == b"".join(f"member {n} ".encode() * 50 for n in range(3))


@settings(max_examples=100, deadline=None)
@given(st.lists(st.binary(max_size=300), min_size=1, max_size=5), st.data())
def test_property_multi_member_gzip_survives_any_split(parts: list[bytes], data: st.DataObject) -> None:
    payload = b"".join(gzip.compress(part) for part in parts)
    cuts = sorted(data.draw(st.lists(st.integers(0, len(payload)), max_size=8)))
    decoder = decoder_for("gzip")
    bounds = [0, *cuts, len(payload)]
    reads = [payload[a:b] for a, b in itertools.pairwise(bounds)]
    decoded = b"".join(piece for read in reads for piece in decoder.feed(read))
    assert decoded == b"".join(parts)


def test_garbage_after_the_last_gzip_member_is_ignored() -> None:
    assert _decode("gzip", gzip.compress(b"page") + b"\x00trailing junk", 3)[0] == b"page"


def test_a_truncated_stream_yields_what_was_decoded() -> None:
    data = bytes(range(256)) * 200
    payload = gzip.compress(data)
    assert _decode("gzip", payload[:-8], 100)[0] == data  # trailer lost
    partial = _decode("gzip", payload[: len(payload) // 2], 100)[0]
    assert data.startswith(partial)
    assert partial


@pytest.mark.parametrize("header", ["identity", "", "IDENTITY", " gzip ", "X-GZIP", "gzip, identity"])
def test_header_spellings(header: str) -> None:
    decoder_for(header)


@pytest.mark.parametrize("header", ["zstd", "compress", "gzip, br", "br, br", "sdch"])
def test_unknown_and_stacked_encodings_are_refused(header: str) -> None:
    with pytest.raises(UnsupportedEncoding):
        decoder_for(header)


@pytest.mark.parametrize(
    ("header", "payload"),
    [
        ("gzip", b"\x1f\x8b\x08\x00\xff\xff\xff\xff" * 8),
        ("deflate", b"\x78\x9c\xff\xff\xff" * 8),
        ("br", b"\xff" * 64),
    ],
)
def test_corrupt_data_is_reported(header: str, payload: bytes) -> None:
    with pytest.raises(CorruptEncoding):
        _decode(header, payload, 16)
