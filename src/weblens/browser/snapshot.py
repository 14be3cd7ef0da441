"""From what the page script found to the Snapshot an agent reads (pure: no browser here).

The page script (collect.js) reports every candidate control in document order; this module
chooses at most ``max_elements`` of them, orders and numbers them as DESIGN.md §3 says (an open
overlay's controls first, then inputs, ARIA widgets, buttons and links), cuts the text to
``max_text`` characters from ``text_offset``, and, for ``changes_only``, keeps only what appeared
or changed since the previous snapshot of the same page.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from weblens.browser.options import SessionLimits
from weblens.models import Element, Snapshot

__all__ = ["Built", "Candidate", "PageData", "Seen", "View", "build_snapshot", "choose"]

INPUT, WIDGET, BUTTON, LINK = 1, 2, 3, 4

Signature = tuple[str, str, str, str | None, str | None, bool]


@dataclass(frozen=True, slots=True)
class Candidate:
    """One control the page script found (``ref``: its place in the page's element array, for the
    main document; ``frames`` and ``path``: how to find it inside same-origin iframes)."""

    tag: str
    kind: str
    category: int
    label: str
    value: str | None
    href: str | None
    overlay: bool
    distance: float
    """How far (CSS pixels) it is from the visible part of the page: 0 when on screen."""
    order: int
    ref: int | None = None
    frames: tuple[tuple[int, ...], ...] = ()
    path: tuple[int, ...] = ()

    @property
    def signature(self) -> Signature:
        """What the agent sees of it: the same signature on the next snapshot means "unchanged"."""
        return (self.tag, self.kind, self.label, self.value, self.href, self.overlay)


@dataclass(frozen=True, slots=True)
class PageData:
    url: str
    title: str
    text: str
    has_overlay: bool
    candidates: tuple[Candidate, ...]

    @classmethod
    def from_script(cls, data: Any) -> PageData:
        """Read the page script's answer defensively (the page can tamper with its own globals)."""
        if not isinstance(data, Mapping):
            return cls("", "", "", False, ())
        found = data.get("elements")
        rows = found if isinstance(found, list) else []
        candidates = tuple(c for i, row in enumerate(rows) if (c := _candidate(row, i)) is not None)
        return cls(
            url=_text(data.get("url")),
            title=_text(data.get("title")),
            text=_text(data.get("text")),
            has_overlay=data.get("has_overlay") is True,
            candidates=candidates,
        )


def _text(value: object) -> str:
    return value if isinstance(value, str) else ""


def _distance(value: object) -> float:
    return float(value) if isinstance(value, int | float) and value >= 0 else float("inf")


def _optional(value: object) -> str | None:
    return value if isinstance(value, str) else None


def _ints(value: object) -> tuple[int, ...]:
    if not isinstance(value, list) or not all(isinstance(v, int) for v in value):
        return ()
    return tuple(value)


def _candidate(row: object, order: int) -> Candidate | None:
    if not isinstance(row, Mapping) or not isinstance(row.get("tag"), str):
        return None
    category = row.get("category")
    if category not in (INPUT, WIDGET, BUTTON, LINK):
        return None
    ref = row.get("ref")
    frames = row.get("frames")
    if isinstance(ref, int):
        where: dict[str, Any] = {"ref": ref}
    elif isinstance(frames, list) and frames:
        where = {"frames": tuple(_ints(f) for f in frames), "path": _ints(row.get("path"))}
    else:
        return None
    return Candidate(
        tag=row["tag"],
        kind=_text(row.get("kind")),
        category=int(category),
        label=_text(row.get("label")),
        value=_optional(row.get("value")),
        href=_optional(row.get("href")),
        overlay=row.get("overlay") is True,
        distance=_distance(row.get("distance")),
        order=order,
        **where,
    )


@dataclass(frozen=True, slots=True)
class View:
    """What the caller asked to see of the page."""

    changes_only: bool = False
    text_offset: int = 0


@dataclass(frozen=True, slots=True)
class Seen:
    """What the previous snapshot of a page showed (to tell what is new)."""

    page: str
    elements: Counter[Signature]
    lines: Counter[str]


@dataclass(frozen=True, slots=True)
class Built:
    snapshot: Snapshot
    targets: tuple[Candidate, ...]
    """``targets[i - 1]`` is the control numbered ``i``."""
    seen: Seen


def _listing_key(c: Candidate) -> tuple[bool, int, int]:
    return (not c.overlay, c.category, c.order)


def choose(candidates: Sequence[Candidate], limit: int) -> list[Candidate]:
    """At most ``limit`` controls in listing order: overlay first, then by category, then page order.

    When there are more than ``limit``, the ones nearest to the screen win within a category (after
    a scroll, the controls that came into view, or were just loaded below it, are the ones listed).
    """
    ranked = sorted(candidates, key=lambda c: (not c.overlay, c.category, c.distance, c.order))
    return sorted(ranked[:limit], key=_listing_key)


def page_key(tab: int, url: str) -> str:
    """Which page a snapshot is of: the tab and the URL without its fragment."""
    return f"{tab} {url.partition('#')[0]}"


def build_snapshot(
    session_id: str,
    page: PageData,
    *,
    key: str,
    view: View,
    previous: Seen | None,
    limits: SessionLimits,
) -> Built:
    """The Snapshot of ``page``, the controls behind its numbers, and what to compare the next one with."""
    chosen = choose(page.candidates, limits.max_elements)
    before = previous if previous is not None and previous.page == key else None
    unseen = Counter(before.elements) if before is not None else Counter[Signature]()
    elements = []
    for index, candidate in enumerate(chosen, start=1):
        is_new = before is not None and unseen[candidate.signature] <= 0
        unseen[candidate.signature] -= 1
        elements.append(_element(index, candidate, is_new=is_new))
    lines = page.text.split("\n") if page.text else []
    text = "\n".join(_new_lines(lines, before.lines)) if view.changes_only and before else page.text
    if view.changes_only and before is not None:
        elements = [element for element in elements if element.is_new]
    end = view.text_offset + limits.max_text
    snapshot = Snapshot(
        session_id=session_id,
        url=page.url,
        title=page.title,
        text=text[view.text_offset : end],
        text_truncated=end < len(text),
        elements=elements,
        has_overlay=page.has_overlay,
    )
    if snapshot.text_truncated:
        snapshot._next_text_offset = end
    seen = Seen(page=key, elements=Counter(c.signature for c in chosen), lines=Counter(lines))
    return Built(snapshot=snapshot, targets=tuple(chosen), seen=seen)


def _new_lines(lines: Sequence[str], before: Counter[str]) -> list[str]:
    """The lines of ``lines`` beyond those the previous snapshot had (repeats counted)."""
    left = Counter(before)
    new = []
    for line in lines:
        if left[line] > 0:
            left[line] -= 1
        else:
            new.append(line)
    return new


def _element(index: int, c: Candidate, *, is_new: bool) -> Element:
    return Element(
        index=index,
        tag=c.tag,
        kind=c.kind,
        label=c.label,
        value=c.value,
        href=c.href,
        in_overlay=c.overlay,
        is_new=is_new,
    )
