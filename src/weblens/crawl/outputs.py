"""Outputs of a crawl beyond its JSON lines: a Markdown file per page, and an llms.txt index.

* :class:`MarkdownDir` writes each page read as ``DIR/<path>.md`` mirroring its URL path (``/guide/``
  → ``guide/index.md``, ``/guide/intro.html`` → ``guide/intro.md``, a query adds a short hash), with a
  YAML front matter of ``url``, ``title`` and ``date``. When the crawl spans several hosts, each
  host is a folder. Files are written whole (a temporary file renamed), so a killed crawl leaves no
  half-written page.
* :func:`llms_txt` builds the llms.txt index (llmstxt.org): the site's title and description, then one
  section per top-level part of the site, a line per page with its title and a one-line description.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections import defaultdict
from collections.abc import Iterable
from pathlib import Path, PurePosixPath
from urllib.parse import unquote, urlsplit

from weblens.models import PageExtract

__all__ = ["MarkdownDir", "llms_txt", "markdown_path"]

_UNSAFE = re.compile(r'[\x00-\x1f<>:"\\|?*]')
_MAX_SEGMENT = 120
_DESCRIPTION_CHARS = 160
_HTML_SUFFIXES = (".html", ".htm", ".xhtml", ".php", ".asp", ".aspx", ".jsp")


def _segment(text: str) -> str:
    cleaned = _UNSAFE.sub("_", unquote(text)).strip(" .") or "_"
    return cleaned[:_MAX_SEGMENT]


def markdown_path(url: str, *, with_host: bool = False) -> PurePosixPath:
    """Where a page's Markdown goes, relative to the folder (never outside it)."""
    parts = urlsplit(url)
    segments = [_segment(s) for s in parts.path.split("/") if s not in ("", ".", "..")]
    if not segments or parts.path.endswith("/"):
        segments.append("index")
    last = segments[-1]
    for suffix in _HTML_SUFFIXES:
        if last.lower().endswith(suffix) and len(last) > len(suffix):
            last = last[: -len(suffix)]
            break
    if parts.query:
        last += "-" + hashlib.sha1(parts.query.encode("utf-8")).hexdigest()[:8]
    segments[-1] = last + ".md"
    if with_host:
        segments.insert(0, _segment(parts.netloc))
    return PurePosixPath(*segments)


def _front_matter(url: str, page: PageExtract) -> str:
    lines = ["---", f"url: {json.dumps(url, ensure_ascii=False)}"]
    if page.title:
        lines.append(f"title: {json.dumps(page.title, ensure_ascii=False)}")
    if page.published_date:
        lines.append(f"date: {json.dumps(page.published_date, ensure_ascii=False)}")
    return "\n".join([*lines, "---", "", ""])


class MarkdownDir:
    def __init__(self, folder: Path, *, with_host: bool = False) -> None:
        self.folder = folder
        self.with_host = with_host
        folder.mkdir(parents=True, exist_ok=True)

    def write(self, url: str, page: PageExtract) -> Path:
        target = self.folder / markdown_path(url, with_host=self.with_host)
        target.parent.mkdir(parents=True, exist_ok=True)
        temporary = target.with_name(target.name + ".part")
        temporary.write_text(_front_matter(url, page) + (page.markdown or page.text or ""), encoding="utf-8")
        os.replace(temporary, target)
        return target


def _one_line(text: str | None) -> str:
    line = " ".join((text or "").split())
    return line if len(line) <= _DESCRIPTION_CHARS else line[: _DESCRIPTION_CHARS - 1].rstrip() + "…"


def _section(url: str, base: str) -> str:
    path = urlsplit(url).path
    rest = path[len(base) :] if path.startswith(base) else path.lstrip("/")
    head, sep, _ = rest.partition("/")
    return unquote(head) if sep and head else ""


def llms_txt(pages: Iterable[tuple[str, PageExtract]], *, start: str, directory: str = "/") -> str:
    """The llms.txt index of ``pages`` (URL and extract, in crawl order): the start page's title and
    description on top, then a section per top-level folder below ``directory``."""
    title, summary = urlsplit(start).netloc, ""
    groups: dict[str, list[str]] = defaultdict(list)
    for url, page in pages:
        if url == start:
            title = page.title or title
            summary = _one_line(page.description or page.text)
        name = (page.title or url).replace("[", "(").replace("]", ")")
        about = _one_line(page.description or page.text)
        groups[_section(url, directory)].append(f"- [{name}]({url})" + (f": {about}" if about else ""))
    out = [f"# {title}", ""]
    if summary:
        out += [f"> {summary}", ""]
    for section in sorted(groups, key=lambda s: (s != "", s.lower())):
        out += [f"## {section or 'Pages'}", "", *groups[section], ""]
    return "\n".join(out)
