"""Options of the extractor: a frozen value passed in, never global state."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["ExtractOptions"]


@dataclass(frozen=True, kw_only=True)
class ExtractOptions:
    """How to extract.

    ``include_comments`` keeps reader comments below an article (a discussion page's posts are
    its content either way). ``max_pages`` and ``document_timeout_s`` bound the reading of a
    PDF (checked between pages; what is left unread is reported in the warnings).
    """

    include_comments: bool = False
    markdown_links: bool = True
    markdown_images: bool = True
    max_pages: int = 2000
    document_timeout_s: float = 30.0

    def __post_init__(self) -> None:
        if self.max_pages <= 0 or self.document_timeout_s <= 0:
            raise ValueError("max_pages and document_timeout_s must be positive")
