"""Options of the extractor: a frozen value passed in, never global state."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["ExtractOptions"]


@dataclass(frozen=True, kw_only=True)
class ExtractOptions:
    include_comments: bool = False
    markdown_links: bool = True
    markdown_images: bool = True
