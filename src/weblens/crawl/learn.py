"""What a site says about its own URLs, learned while crawling it (pure).

Two spellings are only known to name one page when the site shows it, by a redirect or by serving
the same text under both. Each such fact becomes a rewrite applied to the links found later, so the
crawl stops asking for the same page under another name:

* an origin alias — ``http://example.org/x`` redirected to ``https://www.example.org/x`` (same path and
  query): every later ``http://example.org/…`` link is read as ``https://www.example.org/…``;
* a directory index — ``/guide/`` and ``/guide/index.html`` gave the same text: on that host, a link to
  ``…/index.html`` and a link to ``…/`` name one page (rewritten to the spelling read first);
* an ignored parameter — ``/p?highlight=x`` gave the text of ``/p`` on :data:`PARAM_EVIDENCE` different
  paths: that parameter is dropped from the host's later links.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Literal
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

__all__ = [
    "INDEX_NAMES",
    "PARAM_EVIDENCE",
    "Rewrites",
    "differing_params",
    "index_pair",
    "origin_alias",
]

INDEX_NAMES = frozenset(
    ("index.html", "index.htm", "index.php", "default.htm", "default.html", "default.aspx")
)
"""File names servers answer a directory with."""
PARAM_EVIDENCE = 2
"""Paths on which dropping a parameter gave the same page before it is dropped from every link of
the host. One could be chance (a page that ignores one filter); two distinct paths are a rule of the
site (a highlighting or session parameter)."""


def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def _rest(url: str) -> str:
    parts = urlsplit(url)
    return parts.path + ("?" + parts.query if parts.query else "")


def origin_alias(requested: str, final: str) -> tuple[str, str] | None:
    """``(from_origin, to_origin)`` when a redirect changed only the scheme or host."""
    if requested == final or _rest(requested) != _rest(final):
        return None
    return (_origin(requested), _origin(final))


def index_pair(a: str, b: str) -> tuple[str, str, Literal["dir", "file"]] | None:
    """``(host, index name, which form a is)`` when ``a`` and ``b`` are ``dir/`` and ``dir/<index>``."""
    pa, pb = urlsplit(a), urlsplit(b)
    if pa.netloc != pb.netloc or pa.scheme != pb.scheme or pa.query != pb.query:
        return None
    for short, long_, form in ((pa.path, pb.path, "dir"), (pb.path, pa.path, "file")):
        if short.endswith("/") and long_.startswith(short):
            name = long_[len(short) :]
            if name.lower() in INDEX_NAMES:
                return (pa.netloc, name, form)  # type: ignore[return-value]
    return None


def differing_params(a: str, b: str) -> frozenset[str] | None:
    """The query parameters ``a`` has and ``b`` lacks, when that is all that tells them apart."""
    pa, pb = urlsplit(a), urlsplit(b)
    if (pa.scheme, pa.netloc, pa.path) != (pb.scheme, pb.netloc, pb.path):
        return None
    qa, qb = parse_qsl(pa.query, keep_blank_values=True), parse_qsl(pb.query, keep_blank_values=True)
    if not set(qb) <= set(qa) or len(qa) == len(qb):
        return None
    extra = {name for name, value in qa if (name, value) not in set(qb)}
    if any(name in {n for n, _ in qb} for name in extra):
        return None  # a value changed, not only added
    return frozenset(extra)


@dataclass
class Rewrites:
    """The rewrites learned so far (kept in the crawl state's meta as JSON, for ``--resume``)."""

    origins: dict[str, str] = field(default_factory=dict)
    """Origin → the origin the site redirects it to."""
    index: dict[str, tuple[str, str]] = field(default_factory=dict)
    """Host → (index file name, the form read first: ``dir`` or ``file``)."""
    params: dict[str, set[str]] = field(default_factory=dict)
    """Host → parameters its pages ignore."""

    def apply(self, url: str) -> str:
        """``url`` as the site is known to spell it (the rewrites of :mod:`this module <.learn>`)."""
        origin = _origin(url)
        target = self.origins.get(origin)
        if target is not None:
            url = target + _rest(url)
        parts = urlsplit(url)
        path, query = parts.path, parts.query
        index = self.index.get(parts.netloc)
        if index is not None:
            name, form = index
            if form == "dir" and path.endswith("/" + name):
                path = path[: -len(name)]
            elif form == "file" and path.endswith("/"):
                path = path + name
        ignored = self.params.get(parts.netloc)
        if ignored and query:
            query = urlencode(
                [(k, v) for k, v in parse_qsl(query, keep_blank_values=True) if k not in ignored]
            )
        if (path, query) == (parts.path, parts.query):
            return url
        return urlunsplit((parts.scheme, parts.netloc, path, query, ""))

    def dumps(self) -> str:
        return json.dumps(
            {
                "origins": self.origins,
                "index": {host: list(rule) for host, rule in self.index.items()},
                "params": {host: sorted(names) for host, names in self.params.items()},
            }
        )

    @classmethod
    def loads(cls, text: str | None) -> Rewrites:
        if not text:
            return cls()
        data = json.loads(text)
        return cls(
            origins=dict(data.get("origins", {})),
            index={host: (rule[0], rule[1]) for host, rule in data.get("index", {}).items()},
            params={host: set(names) for host, names in data.get("params", {}).items()},
        )
