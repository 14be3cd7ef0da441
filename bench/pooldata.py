"""The development pool: where it lives, how a page is read, and which side of the split a site is on.

The pool (``bench/pool/README.md``) is built by ``bench/pool_build.py`` from public repositories and
is not committed (the pages are other projects' data; only how to rebuild them is kept here). A
built pool is a folder with one subfolder per set::

    <pool>/<set>/labels.json         {page id: {"url", "site", "kind", "lang", labels...}}
    <pool>/<set>/html/<id>.html.gz   the page as it was saved, gzip

The folder is the first of: ``$WEBLENS_POOL``; ``../shared/pool`` (beside the repository, where the
lead may put a built pool for everyone); ``bench/pool/data`` (where the build script writes by
default, ignored by git).

Labels a page may have (a key that is absent was not labelled; ``null`` means "there is none"):

* ``text``: the main content as plain text (the set's own ground truth);
* ``lead``: the opening words of the main content, for sets that give only those;
* ``title``, ``author`` (names joined by ", "), ``date`` (``YYYY-MM-DD``), ``date_alt``.

**The split.** Every page belongs to a *site*: the registrable domain of its URL (by the public
suffix list, as ``weblens.net.sites`` reads it), or a name the set gives when a page has no URL
(a manual's generator, a fixture's own name). A site's side is fixed by a hash of its name alone::

    side(site) = "validation" if sha256("weblens-pool/" + site)[0:8] as an integer is odd else "dev"

so pages of one site are always on one side, whatever set they come from and whenever the pool is
rebuilt, and about half of the sites fall on each side. Tune on ``dev``; the ``validation`` figure is
the one that counts.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal
from urllib.parse import urlsplit

REPO = Path(__file__).resolve().parent.parent
DEFAULT_POOL = REPO / "bench" / "pool" / "data"
SHARED_POOL = REPO.parent / "shared" / "pool"
SALT = "weblens-pool/"

Side = Literal["dev", "validation"]
SIDES: tuple[Side, Side] = ("dev", "validation")
_CJK = re.compile(r"([\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff])")


def pool_dir() -> Path:
    """Where the built pool is (see the module's docstring)."""
    if env := os.environ.get("WEBLENS_POOL"):
        return Path(env)
    return SHARED_POOL if SHARED_POOL.is_dir() else DEFAULT_POOL


def site_of(url: str) -> str:
    """The site of ``url``: its registrable domain (``news.bbc.co.uk`` → ``bbc.co.uk``); "" without a host."""
    from weblens.net.sites import site_key

    host = urlsplit(url).hostname or ""
    return site_key(host) if host else ""


def side(site: str) -> Side:
    """The side of the split ``site`` is on: a hash of the site's name alone, so never both."""
    digest = hashlib.sha256((SALT + site).encode("utf-8")).hexdigest()
    return "validation" if int(digest[:8], 16) % 2 else "dev"


def spaced_cjk(text: str) -> str:
    """``text`` with a space around each Chinese, Japanese or Korean character, so that the scorers'
    ``\\w+`` tokens are characters there (a run of Han characters would otherwise be one token: a
    whole sentence would be one "word")."""
    return _CJK.sub(r" \1 ", text)


@dataclass(frozen=True)
class PoolPage:
    set: str
    id: str
    url: str
    site: str
    kind: str  # article, forum, docs, ...
    lang: str  # ISO 639-1 code, "" when unknown
    raw: bytes
    labels: dict[str, str | None] = field(default_factory=dict)

    @property
    def side(self) -> Side:
        return side(self.site)

    def has(self, label: str) -> bool:
        """Whether the page was labelled for ``label`` (a label may be labelled as none)."""
        return label in self.labels


def sets(pool: Path | None = None) -> list[str]:
    """The sets of the built pool, in name order ([] when no pool is built)."""
    root = pool or pool_dir()
    if not root.is_dir():
        return []
    return sorted(path.parent.name for path in root.glob("*/labels.json"))


def load(name: str, pool: Path | None = None) -> Iterator[PoolPage]:
    """The pages of set ``name``, in id order."""
    folder = (pool or pool_dir()) / name
    labels = json.loads((folder / "labels.json").read_text(encoding="utf-8"))
    for key in sorted(labels):
        entry = dict(labels[key])
        meta = {k: str(entry.pop(k, "") or "") for k in ("url", "site", "kind", "lang", "side")}
        raw = gzip.decompress((folder / "html" / f"{key}.html.gz").read_bytes())
        yield PoolPage(name, key, meta["url"], meta["site"], meta["kind"], meta["lang"], raw, entry)


def write(name: str, pages: list[PoolPage], pool: Path) -> None:
    """Write set ``name`` (replacing what was there): labels.json and one gzip file a page."""
    folder = pool / name
    html = folder / "html"
    html.mkdir(parents=True, exist_ok=True)
    for stale in html.glob("*.html.gz"):
        stale.unlink()
    labels: dict[str, dict[str, str | None]] = {}
    for page in pages:
        meta = {"url": page.url, "site": page.site, "kind": page.kind, "lang": page.lang}
        labels[page.id] = {**meta, "side": page.side, **page.labels}
        (html / f"{page.id}.html.gz").write_bytes(gzip.compress(page.raw, compresslevel=9, mtime=0))
    text = json.dumps(labels, ensure_ascii=False, indent=1, sort_keys=True)
    (folder / "labels.json").write_text(text + "\n", encoding="utf-8")
