"""Pure extraction: HTML in, PageExtract out. (placeholder until the extractor lands)"""

from __future__ import annotations

from weblens.errors import ExtractionFailed
from weblens.extract.options import ExtractOptions
from weblens.models import PageExtract

__all__ = ["ExtractOptions", "extract"]


def extract(
    html: str | bytes, url: str | None = None, *, options: ExtractOptions | None = None
) -> PageExtract:
    raise ExtractionFailed("the extractor is not built yet", url=url)
