"""One spelling per page: the canonical form of a URL a crawl meets (pure).

Two links that name the same page must become the same string before anything is queued, or the
page is read twice. :func:`canonical_url` builds on w3lib's ``canonicalize_url`` (the rules Scrapy
fingerprints requests with: scheme and host in lower case, IDNA host, dot segments resolved,
percent-encoding normalised, query arguments sorted, fragment dropped) and adds what a crawl of
real sites needs on top: default ports dropped, known tracking parameters removed (``utm_*``,
``fbclid``, ``gclid``…), user info dropped, an empty path made ``/``.

What only the site can say (``dir/`` and ``dir/index.html`` are one page; ``www.`` is the same
host) is not guessed here: the crawl learns it from redirects and identical content
(:mod:`weblens.crawl.engine`).
"""

from __future__ import annotations

import re
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

__all__ = ["TRACKING_PARAMS", "TRACKING_PREFIXES", "canonical_url", "is_tracking_param", "strip_query_params"]

TRACKING_PREFIXES = ("utm_", "mtm_", "pk_", "hsa_")
"""Parameters with these prefixes only say where a visitor came from (Google Analytics' ``utm_``,
Matomo's ``mtm_``/``pk_``, HubSpot ads' ``hsa_``)."""

TRACKING_PARAMS = frozenset(
    {
        "fbclid",  # Facebook
        "gclid",  # Google Ads
        "gclsrc",
        "dclid",
        "gbraid",
        "wbraid",
        "srsltid",  # Google search result links
        "msclkid",  # Microsoft Ads
        "yclid",  # Yandex
        "twclid",  # X/Twitter
        "ttclid",  # TikTok
        "li_fat_id",  # LinkedIn
        "igshid",  # Instagram
        "mc_cid",  # Mailchimp
        "mc_eid",
        "_hsenc",  # HubSpot
        "_hsmi",
        "mkt_tok",  # Marketo
        "vero_id",
        "oly_anon_id",
        "oly_enc_id",
        "rb_clickid",
        "wickedid",
        "_ga",  # Google Analytics cross-domain linker
        "_gl",
    }
)
"""Parameters that only track a visit (lower-case names); a page never depends on them."""

_DEFAULT_PORTS = {"http": 80, "https": 443}
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")  # percent-encoded wherever they are (as browsers do)
_MAX_URL = 8192


def is_tracking_param(name: str) -> bool:
    """Whether the query parameter ``name`` only tracks the visit (see :data:`TRACKING_PARAMS`)."""
    lowered = name.lower()
    return lowered in TRACKING_PARAMS or lowered.startswith(TRACKING_PREFIXES)


def strip_query_params(url: str, names: frozenset[str]) -> str:
    """``url`` without the query parameters ``names`` (exact names; order of the rest kept)."""
    parts = urlsplit(url)
    if not parts.query:
        return url
    kept = [(k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True) if k not in names]
    return urlunsplit((parts.scheme, parts.netloc, parts.path, urlencode(kept), ""))


def canonical_url(url: str) -> str | None:
    """The canonical form of an http(s) URL, or None when ``url`` is not one (another scheme, no
    host, a bad port, longer than 8,192 characters).

    Idempotent: ``canonical_url(canonical_url(u)) == canonical_url(u)``.
    """
    from w3lib.url import canonicalize_url  # imported by crawls only

    text = _CONTROL.sub(lambda m: f"%{ord(m.group()):02X}", url.strip(" \t\r\n\f"))
    if not text or len(text) > _MAX_URL:
        return None
    try:
        first = urlsplit(text)
        scheme = first.scheme.lower()
        if scheme not in _DEFAULT_PORTS or not first.hostname:
            return None
        first.port  # noqa: B018 - raises ValueError on a bad port
        canonical = canonicalize_url(text, keep_fragments=False)
        parts = urlsplit(canonical)
        host = parts.hostname
        port = parts.port
    except (ValueError, UnicodeError):
        return None
    if not host:
        return None
    shown = f"[{host}]" if ":" in host else host
    netloc = shown if port is None or port == _DEFAULT_PORTS[scheme] else f"{shown}:{port}"
    query = parts.query
    if query:
        pairs = [pair for pair in query.split("&") if not is_tracking_param(pair.partition("=")[0])]
        query = "&".join(pairs)
    return urlunsplit((scheme, netloc, parts.path or "/", query, ""))
