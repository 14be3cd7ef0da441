"""What makes two pages the same text (pure): an exact key and a MinHash signature.

* :func:`text_key` — SHA-1 of the text with case and white space normalised: two pages whose main
  text is the same after extraction (which has already dropped the menus, footers and other
  boilerplate) have the same key.
* :func:`signature` — a MinHash of the text's word 5-grams (datasketch; each 5-gram hashed with CRC-32,
  deterministic across processes and ten times faster than the default SHA-1), for pages that differ in a
  few words only (a date line, a visit counter, a "you are here" line): two signatures agreeing on
  at least :data:`NEAR_DUPLICATE` of their values estimate a Jaccard similarity of their 5-gram sets
  at least that high. Texts under :data:`MIN_WORDS` words get none: a handful of words says too
  little for an estimate (and short pages that really are equal share a :func:`text_key`).

Both are computed where the page is extracted (in the extraction worker for large pages), so the
crawl's event loop only compares bytes.
"""

from __future__ import annotations

import hashlib
import re
import zlib
from dataclasses import dataclass

__all__ = [
    "BANDS",
    "MIN_WORDS",
    "NEAR_DUPLICATE",
    "PERMUTATIONS",
    "Fingerprint",
    "bands_of",
    "fingerprint",
    "similarity",
    "text_key",
]

PERMUTATIONS = 64
"""MinHash values per signature (256 bytes stored per page). The estimate's standard error at a
true similarity of 0.9 is sqrt(0.9·0.1/64) ≈ 0.04."""
BANDS = 16
"""Locality-sensitive hashing: the signature in 16 bands of 4 values. Two pages are compared when
one band is equal; at a true similarity of 0.9 that misses a pair with probability
(1 − 0.9⁴)¹⁶ < 10⁻⁸, and pages under 0.5 are compared rarely (1 − (1 − 0.5⁴)¹⁶ ≈ 0.64 of pairs at 0.5,
under 0.03 at 0.2)."""
NEAR_DUPLICATE = 0.9
"""Estimated Jaccard similarity of two pages' word 5-grams from which the later one is a duplicate.
At 0.9 a 500-word page differs from the earlier one by a sentence or two of changing text (a
date, a counter, "last updated"); two pages of one manual that share a template but say different
things stay well under 0.5."""
MIN_WORDS = 50
"""Words a text needs for a signature."""
SHINGLE = 5
_WORD = re.compile(r"\w+", re.UNICODE)


@dataclass(frozen=True, slots=True)
class Fingerprint:
    key: bytes
    """:func:`text_key` of the text (empty for an empty text)."""
    signature: bytes = b""
    """The MinHash values as little-endian uint32 (empty under :data:`MIN_WORDS` words)."""


def _normalised(text: str) -> str:
    return " ".join(text.casefold().split())


def text_key(text: str) -> bytes:
    """SHA-1 of the text after case folding and collapsing white space; empty for an empty text."""
    normal = _normalised(text)
    return hashlib.sha1(normal.encode("utf-8")).digest() if normal else b""


def fingerprint(text: str) -> Fingerprint:
    """The exact key and, for texts of :data:`MIN_WORDS` words or more, the MinHash signature."""
    key = text_key(text)
    words = _WORD.findall(text.casefold())
    if len(words) < MIN_WORDS:
        return Fingerprint(key=key)
    import numpy as np
    from datasketch import MinHash

    shingles = {" ".join(words[i : i + SHINGLE]).encode("utf-8") for i in range(len(words) - SHINGLE + 1)}
    minhash = MinHash(num_perm=PERMUTATIONS, seed=1, hashfunc=zlib.crc32)
    minhash.update_batch(list(shingles))
    return Fingerprint(key=key, signature=np.asarray(minhash.hashvalues, dtype="<u4").tobytes())


def similarity(a: bytes, b: bytes) -> float:
    """The Jaccard similarity two signatures estimate (0 when either is missing)."""
    if not a or len(a) != len(b):
        return 0.0
    import numpy as np

    return float(np.mean(np.frombuffer(a, dtype="<u4") == np.frombuffer(b, dtype="<u4")))


def bands_of(signature: bytes) -> list[bytes]:
    """The signature's :data:`BANDS` band keys (band number + its values), for the LSH index."""
    if not signature:
        return []
    width = len(signature) // BANDS
    return [bytes([band]) + signature[band * width : (band + 1) * width] for band in range(BANDS)]
