"""Which URLs a crawl may read (pure): the start URL's host, domain or directory, and path globs.

* ``subpath`` (the default): the start URL's host and the paths below the start URL's directory
  (``https://docs.example.org/guide/intro.html`` → everything under ``/guide/``);
* ``host``: every path of the start URL's host;
* ``domain``: every host of the start URL's registrable domain (``docs.example.org``,
  ``www.example.org``, ``example.org``).

``allow_subdomains`` widens ``host`` and ``subpath`` to the hosts below the start host. A host and
its ``www.`` twin are one host here (sites serve both; which one is canonical is learned from their
redirects). ``include`` and ``exclude`` are shell-style globs (``*``, ``?``, ``[…]``) matched against
the path (``/blog/*``), or against path and query with ``include_query``; a URL must match one
``include`` glob when there are any, and no ``exclude`` glob.
"""

from __future__ import annotations

import fnmatch
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Literal
from urllib.parse import urlsplit

from weblens.net.sites import site_key

__all__ = ["Scope", "ScopeKind", "start_directory"]

ScopeKind = Literal["subpath", "host", "domain"]


def start_directory(path: str) -> str:
    """The directory a start path sits in: ``/a/b.html`` → ``/a/``, ``/a/b/`` → ``/a/b/``, ``/a`` → ``/``."""
    if not path or path == "/":
        return "/"
    return path[: path.rfind("/") + 1] or "/"


def _bare_host(host: str) -> str:
    return host[4:] if host.startswith("www.") else host


@dataclass(frozen=True, kw_only=True)
class Scope:
    start: str
    """The canonical start URL."""
    kind: ScopeKind = "subpath"
    include: Sequence[str] = ()
    exclude: Sequence[str] = ()
    include_query: bool = False
    allow_subdomains: bool = False
    extra_hosts: frozenset[str] = field(default_factory=frozenset)
    """Hosts the site has shown to be the start host under another name (a redirect from the start
    host to them), treated as the start host."""

    @cached_property
    def _start(self) -> tuple[str, str]:
        parts = urlsplit(self.start)
        return (parts.netloc.lower(), start_directory(parts.path))

    @property
    def host(self) -> str:
        """The start URL's authority: its host, with the port when it is not the default."""
        return self._start[0]

    @property
    def directory(self) -> str:
        return self._start[1]

    @cached_property
    def _include(self) -> tuple[re.Pattern[str], ...]:
        return tuple(re.compile(fnmatch.translate(glob)) for glob in self.include)

    @cached_property
    def _exclude(self) -> tuple[re.Pattern[str], ...]:
        return tuple(re.compile(fnmatch.translate(glob)) for glob in self.exclude)

    def with_host(self, host: str) -> Scope:
        """This scope, with the authority ``host`` known to be the start host under another name."""
        from dataclasses import replace

        return replace(self, extra_hosts=self.extra_hosts | {host.lower()})

    def is_host_in_scope(self, authority: str) -> bool:
        """Whether a canonical URL's authority (``host`` or ``host:port``) is in scope."""
        authority = authority.lower()
        start = self.host
        if authority in self.extra_hosts or _bare_host(authority) == _bare_host(start):
            return True
        if self.kind == "domain":
            return site_key(authority) == site_key(start)
        return self.allow_subdomains and authority.endswith("." + _bare_host(start))

    def is_in_scope(self, url: str) -> bool:
        """Whether ``url`` (canonical) is one the crawl may read."""
        parts = urlsplit(url)
        if not self.is_host_in_scope(parts.netloc):
            return False
        path = parts.path or "/"
        if self.kind == "subpath" and not path.startswith(self.directory):
            return False
        target = f"{path}?{parts.query}" if self.include_query and parts.query else path
        if self._include and not any(p.match(target) for p in self._include):
            return False
        return not any(p.match(target) for p in self._exclude)

    def describe(self) -> str:
        where = {
            "subpath": f"{self.host}{self.directory}",
            "host": self.host,
            "domain": f"*.{site_key(self.host)}",
        }[self.kind]
        return where + (" and its subdomains" if self.allow_subdomains and self.kind != "domain" else "")
