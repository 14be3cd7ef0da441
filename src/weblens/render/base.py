"""The Renderer seam: one method, a real implementation (chromium.py) and a fake (here)."""

from __future__ import annotations

import html as html_lib
import re
from collections.abc import Mapping
from typing import Protocol

from weblens.errors import RenderFailed, WeblensError
from weblens.models import RenderJob, RenderResult

__all__ = ["Renderer", "StaticRenderer"]


class Renderer(Protocol):
    async def render(self, job: RenderJob) -> RenderResult:
        """Render ``job.url`` in a browser; raises RenderTimeout, RenderFailed or SSRFBlocked."""
        ...


_TITLE = re.compile(r"<title[^>]*>(.*?)</title>", re.IGNORECASE | re.DOTALL)

Answer = str | WeblensError


class StaticRenderer:
    """A fake renderer for tests: canned HTML (or an error to raise) per URL.

    ``StaticRenderer({"https://a.example/": "<html>...</html>"}, default=RenderTimeout())``.
    Every job it received is kept in ``jobs``; ``closed`` tells whether aclose() ran.
    """

    def __init__(self, pages: Mapping[str, Answer] | None = None, *, default: Answer | None = None) -> None:
        self._pages = dict(pages or {})
        self._default = default
        self.jobs: list[RenderJob] = []
        self.closed = False

    async def render(self, job: RenderJob) -> RenderResult:
        self.jobs.append(job)
        answer = self._pages.get(job.url, self._default)
        if answer is None:
            raise RenderFailed("no canned page for this URL", url=job.url)
        if isinstance(answer, WeblensError):
            raise answer
        found = _TITLE.search(answer)
        title = html_lib.unescape(found.group(1)).strip() if found else ""
        return RenderResult(
            job_id=job.job_id,
            url=job.url,
            final_url=job.url,
            title=title,
            html=answer,
            elapsed_ms=0.0,
            status=200,
            content_type="text/html",
        )

    async def aclose(self) -> None:
        self.closed = True
