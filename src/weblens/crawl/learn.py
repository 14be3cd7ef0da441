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
    "PROBE_WAIT_S",
    "Probes",
    "Rewrites",
    "differing_params",
    "elder_twin",
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


PROBE_WAIT_S = 0.25
"""How long a URL waits in the queue while another URL is testing the same unknown parameter."""
INDEX_PROBE = "/index"
"""The test a directory URL runs while its host's index file is not known (a key beside parameters)."""
RELEVANT_EVIDENCE = 2
"""Pages with a parameter that gave new text before it is taken to matter (and stops being tested)."""


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


def elder_twin(url: str, rewrites: Rewrites) -> str | None:
    """Another spelling of ``url`` to read first, when the site has not said yet whether they are one
    page: its directory for ``dir/index.html`` (the host's index file not yet known), the URL without
    its query for a URL with one. Never the other way round, so two twins never wait for each other."""
    parts = urlsplit(url)
    if parts.query:
        return urlunsplit((parts.scheme, parts.netloc, parts.path, "", ""))
    head, _, name = parts.path.rpartition("/")
    if name.lower() in INDEX_NAMES and parts.netloc not in rewrites.index:
        return urlunsplit((parts.scheme, parts.netloc, head + "/", "", ""))
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


class Probes:
    """One URL at a time tests a query parameter the crawl does not know yet (or, for a directory URL,
    whether the host's directories are their index files).

    Until a parameter is known — ignored (its variants gave the text of the page without it,
    :data:`PARAM_EVIDENCE` times) or relevant (pages with it gave new text, :data:`RELEVANT_EVIDENCE`
    times) — only one URL carrying it is read at a time; the others wait a moment in the queue. Read
    one by one, two duplicates are enough to stop reading a parameter's variants; read all at once, a
    crawl's whole concurrency of them would be read before the first verdict.
    """

    def __init__(self, rewrites: Rewrites) -> None:
        self._rewrites = rewrites
        self._testing: dict[tuple[str, str], int] = {}
        self._new: dict[tuple[str, str], int] = {}
        self._relevant: set[tuple[str, str]] = set()

    def _unknown(self, url: str) -> list[tuple[str, str]]:
        parts = urlsplit(url)
        if not parts.query:
            key = (parts.netloc, INDEX_PROBE)
            if (
                parts.path.endswith("/")
                and parts.netloc not in self._rewrites.index
                and key not in self._relevant
            ):
                return [key]  # is the directory its index file? (learned from a first duplicate)
            return []
        ignored = self._rewrites.params.get(parts.netloc, set())
        names = dict.fromkeys(name for name, _ in parse_qsl(parts.query, keep_blank_values=True))
        return [
            (parts.netloc, name)
            for name in names
            if name not in ignored and (parts.netloc, name) not in self._relevant
        ]

    def has_unknown(self, url: str) -> bool:
        """Whether ``url`` carries a parameter not yet known to matter or not."""
        return bool(self._unknown(url))

    def start(self, url: str) -> bool:
        """Whether ``url`` may be read now (no other URL is testing one of its unknown parameters)."""
        unknown = self._unknown(url)
        if any(self._testing.get(key, 0) for key in unknown):
            return False
        for key in unknown:
            self._testing[key] = self._testing.get(key, 0) + 1
        return True

    def end(self, url: str) -> None:
        for key in self._unknown(url):
            if self._testing.get(key, 0):
                self._testing[key] -= 1

    def new_page(self, url: str) -> None:
        """``url`` gave text of its own: evidence that its parameters matter."""
        for key in self._unknown(url):
            self._new[key] = self._new.get(key, 0) + 1
            if self._new[key] >= RELEVANT_EVIDENCE:
                self._relevant.add(key)

    def settle(self, host: str, name: str, *, ignored: bool) -> None:
        """A parameter is known now (ignored ones live in the rewrites)."""
        if not ignored:
            self._relevant.add((host, name))
