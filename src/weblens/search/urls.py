"""URL normalisation and result de-duplication (pure).

``normalise_url`` makes one spelling per page, conservatively — it only removes
what never changes which page is served:

- scheme and host lower-cased, a trailing dot on the host dropped, default ports
  (``:80`` for http, ``:443`` for https) and an empty port dropped;
- the fragment dropped;
- tracking parameters dropped: every ``utm_*`` and the click/campaign ids in
  :data:`TRACKING_PARAMS` (``fbclid``, ``gclid``, ``msclkid``, ``yclid``, ``mc_eid``, ``_ga``…),
  matched case-insensitively; every other parameter is kept byte for byte, in
  its order (nothing is sorted or re-encoded), and empty ``&&`` pieces go;
- trailing slashes dropped from the path, except the root: ``https://a.com``,
  ``https://a.com/`` and ``https://a.com//`` are all ``https://a.com/``.

``www.`` is kept (it can be a different site); percent-escapes are not touched.
Anything that is not an absolute http(s) URL with a host is returned stripped but
otherwise unchanged. The function is idempotent.

``dedupe`` keeps the first (best-ranked) result of each page, where "same page"
means the same normalised URL, or the same domain with near-identical titles:
normalised titles (lower-case words, punctuation ignored) equal, or title-word
Jaccard similarity ≥ 0.9 (below ten distinct words that means the same words).
Both titles need at least :data:`MIN_TITLE_WORDS` words, so two pages of one site
with short generic titles ("Home", "Contact us") never collapse. A URL once met
stays met: if its first result was folded into an earlier one by title, later
results for the same URL are dropped too. Survivors keep their relative order,
carry the normalised URL and are re-ranked 1..n.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from urllib.parse import unquote_plus, urlsplit

from weblens.models import SearchResult
from weblens.search.text import domain_of

__all__ = [
    "MIN_TITLE_WORDS",
    "TITLE_SIMILARITY",
    "TRACKING_PARAMS",
    "dedupe",
    "is_tracking_param",
    "normalise_title",
    "normalise_url",
    "titles_similar",
]

TRACKING_PARAMS = frozenset(
    {
        "fbclid",
        "gclid",
        "gclsrc",
        "dclid",
        "gbraid",
        "wbraid",
        "msclkid",
        "yclid",
        "twclid",
        "ttclid",
        "li_fat_id",
        "igshid",
        "mc_eid",
        "mc_cid",
        "_ga",
        "_gl",
        "_hsenc",
        "_hsmi",
        "mkt_tok",
        "oly_enc_id",
        "oly_anon_id",
        "vero_id",
        "rb_clickid",
    }
)
TITLE_SIMILARITY = 0.9
MIN_TITLE_WORDS = 3
_DEFAULT_PORTS = {"http": "80", "https": "443"}
_WORD = re.compile(r"\w+")


def is_tracking_param(name: str) -> bool:
    """True for a query parameter name that only tracks the click (``utm_*``, ``fbclid``…)."""
    key = unquote_plus(name).strip().lower()
    return key.startswith("utm_") or key in TRACKING_PARAMS


def _normalise_netloc(netloc: str, scheme: str) -> str | None:
    userinfo, at, hostport = netloc.rpartition("@")
    if hostport.startswith("["):
        host, bracket, port = hostport.partition("]")
        host += bracket
        if port and not port.startswith(":"):
            return None
        port = port[1:]
    else:
        host, _, port = hostport.partition(":")
    host = host.lower().rstrip(".")
    if not host or (port and not port.isascii()) or (port and not port.isdigit()):
        return None
    port = str(int(port)) if port else ""
    if port == _DEFAULT_PORTS[scheme]:
        port = ""
    return f"{userinfo}{at}{host}{':' + port if port else ''}"


def _normalise_query(query: str) -> str:
    kept = [piece for piece in query.split("&") if piece and not is_tracking_param(piece.split("=", 1)[0])]
    return "&".join(kept)


def normalise_url(url: str) -> str:
    """One spelling per page (see the module docstring for exactly what changes)."""
    url = url.strip()
    try:
        parts = urlsplit(url)
    except ValueError:
        return url
    scheme = parts.scheme.lower()
    if scheme not in _DEFAULT_PORTS:
        return url
    netloc = _normalise_netloc(parts.netloc, scheme)
    if netloc is None:
        return url
    path = parts.path.rstrip("/") or "/"
    query = _normalise_query(parts.query)
    return f"{scheme}://{netloc}{path}{'?' + query if query else ''}"


def normalise_title(title: str) -> str:
    """Lower-case words of a title, punctuation and spacing ignored."""
    return " ".join(_WORD.findall(title.casefold()))


def titles_similar(a: str, b: str) -> bool:
    """Equal normalised titles or word-set Jaccard ≥ 0.9, when both have at least MIN_TITLE_WORDS words."""
    words_a, words_b = normalise_title(a).split(), normalise_title(b).split()
    if min(len(words_a), len(words_b)) < MIN_TITLE_WORDS:
        return False
    if words_a == words_b:
        return True
    set_a, set_b = set(words_a), set(words_b)
    return len(set_a & set_b) / len(set_a | set_b) >= TITLE_SIMILARITY


def _similar_title_kept(domain: str, title: str, kept: list[SearchResult]) -> bool:
    return any(other.domain == domain and titles_similar(other.title, title) for other in kept)


def dedupe(results: Iterable[SearchResult]) -> list[SearchResult]:
    """First result of each page, with normalised URLs, re-ranked 1..n (see module docstring)."""
    kept: list[SearchResult] = []
    seen: set[str] = set()  # every URL met, kept or not: a page folded into an earlier one stays folded
    for result in results:
        url = normalise_url(result.url)
        domain = domain_of(url) or result.domain
        duplicate = url in seen or _similar_title_kept(domain, result.title, kept)
        seen.add(url)
        if duplicate:
            continue
        kept.append(result.model_copy(update={"url": url, "domain": domain, "rank": len(kept) + 1}))
    return kept
