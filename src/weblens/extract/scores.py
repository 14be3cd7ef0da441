"""The state the passes of the main-content selection share (:func:`weblens.extract.content.select_main`
and the thread's posts, :mod:`weblens.extract.posts`): one page's block scores, made once, never changed."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from weblens.extract.blocks import TreeStats

__all__ = ["Scores"]


@dataclass(frozen=True, kw_only=True, slots=True)
class Scores:
    """One page's block scores and what the passes of :func:`~weblens.extract.content.select_main`
    share; no pass changes it.

    ``net`` and ``good`` are per block, summed over its subtree: its weight (prose less chrome; see
    :func:`weblens.extract.content.block_weight`) and its positive weight only (how much prose it
    holds)."""

    stats: TreeStats
    net: list[float]
    good: list[float]
    removed: Collection[int]  # blocks cleaning took out
    discounted: Collection[int]  # blocks in boxes named like a sidebar, a widget, a footer
    contents: Collection[int]  # tables of contents (content._contents_lists)
    site: str | None  # the page's site (see weblens.extract.urls.site_of)
    listing: bool  # the page is a list of links or teasers
    declared: tuple[int, ...]  # the regions the page declares its main ones (content.is_declared_main), kept
