"""The actions on a page's controls, with Playwright's failures turned into what happened.

Clicks, typing and choosing go through Playwright's element handles, so they are real input
events (trusted, in order: pointer, focus, keys) after Playwright's checks that the element is
visible, enabled, stable and not covered. Typing uses ``fill``: the page's own input handlers run,
so framework-controlled fields (React, Vue) see the text. When the page refuses an action — the
element is covered by a banner, detached, not editable — the error says so
(:class:`~weblens.errors.ActionFailed`).
"""

from __future__ import annotations

import contextlib
import re
from typing import TYPE_CHECKING, Any, Literal

from weblens.browser.snapshot import Candidate
from weblens.errors import ActionFailed

if TYPE_CHECKING:
    from playwright.async_api import BrowserContext, ElementHandle, Error, JSHandle, Page

__all__ = ["click", "element_for", "fill", "opens_tab", "scroll", "select", "why"]

Direction = Literal["down", "up"]

_RESOLVE_JS = """(path) => {
    let node = document;
    for (const step of path) {
        node = step === -1 ? node.shadowRoot : node.children[step];
        if (!node) return null;
    }
    return node;
}"""

_OPTION_JS = """(el, wanted) => {
    if (el.localName !== "select") return { error: "not a select" };
    const norm = (s) => (s || "").replace(/\\s+/g, " ").trim().toLowerCase();
    const options = Array.from(el.options);
    const text = (o) => norm(o.label || o.text);
    const want = norm(wanted);
    const partial = options.filter((o) => want && text(o).includes(want));
    const found = options.find((o) => o.value === wanted) || options.find((o) => text(o) === want)
        || (partial.length === 1 ? partial[0] : null);
    if (found) return { index: found.index, disabled: found.disabled };
    return { options: options.slice(0, 30).map((o) => (o.label || o.text).replace(/\\s+/g, " ").trim()) };
}"""

# Notes whether the Enter key submitted the field's form; if it did not, submits it.
_WATCH_SUBMIT_JS = """(el) => {
    const flag = Symbol.for("weblens.submitted");
    const view = el.ownerDocument.defaultView;
    view[flag] = false;
    view.addEventListener("submit", () => { view[flag] = true; }, { capture: true, once: true });
}"""
_ENSURE_SUBMIT_JS = """(el) => {
    const view = el.ownerDocument.defaultView;
    const submitted = view[Symbol.for("weblens.submitted")];
    if (submitted || !el.form || !el.isConnected) return false;
    el.form.requestSubmit();
    return true;
}"""

_OPENS_TAB_JS = """(el) => {
    const link = el.closest("a[href], area[href]");
    const target = ((link ? link.target : el.form && el.form.target) || "").toLowerCase();
    return !!target && !["_self", "_parent", "_top"].includes(target);
}"""

_REASONS = (
    "intercepts pointer events",
    "not visible",
    "not enabled",
    "not editable",
    "not stable",
    "not attached",
    "outside of the viewport",
    "not an <input>",
    "not a <select>",
    "did not match any options",
)
_CALL_LOG_LINE = re.compile(r"^\s*(?:\d+ × )?-\s*")


def why(exc: Error) -> str:
    """The most telling line of a Playwright failure (its call log names the cause)."""
    lines = [_CALL_LOG_LINE.sub("", line).strip() for line in exc.message.splitlines()]
    telling = [line for line in lines if any(reason in line for reason in _REASONS)]
    if telling:
        return telling[-1]
    first = lines[0] if lines else "unknown error"
    return first.split(": ", 1)[-1] if first.startswith(("ElementHandle.", "Page.", "Frame.")) else first


async def element_for(page: Page, refs: JSHandle | None, target: Candidate, index: int) -> ElementHandle:
    """The live element behind number ``index``; ActionFailed when it has left the page."""
    from playwright.async_api import Error

    gone = ActionFailed(f"element [{index}] is no longer on the page; look again (session_snapshot)")
    handle: JSHandle | None = None
    try:
        if target.ref is not None and refs is not None:
            handle = await refs.evaluate_handle("(items, i) => items[i]", target.ref)
        elif target.frames:
            handle = await _in_frames(page, target)
        element = handle.as_element() if handle is not None else None
        if element is None or not await element.evaluate("(el) => el.isConnected"):
            raise gone
    except Error as exc:  # the document it was in has been replaced
        raise gone from exc
    return element


async def _in_frames(page: Page, target: Candidate) -> JSHandle | None:
    frame = page.main_frame
    for path in target.frames:
        holder = (await frame.evaluate_handle(_RESOLVE_JS, list(path))).as_element()
        inner = await holder.content_frame() if holder is not None else None
        if inner is None:
            return None
        frame = inner
    return await frame.evaluate_handle(_RESOLVE_JS, list(target.path))


async def opens_tab(element: ElementHandle) -> bool:
    """Whether clicking ``element`` opens a new tab (a link or a form with a target)."""
    return bool(await element.evaluate(_OPENS_TAB_JS))


async def click(
    element: ElementHandle, index: int, *, timeout_ms: float, tabs: BrowserContext | None = None
) -> None:
    """Click; when ``element`` opens a new tab (a link or form with a target), wait for that tab to
    appear in ``tabs`` (up to ``timeout_ms``: the page may keep it from opening)."""
    from playwright.async_api import TimeoutError as PlaywrightTimeout

    if tabs is None or not await opens_tab(element):
        await _click(element, index, timeout_ms)
        return
    with contextlib.suppress(PlaywrightTimeout):
        async with tabs.expect_page(timeout=timeout_ms):
            await _click(element, index, timeout_ms)


async def _click(element: ElementHandle, index: int, timeout_ms: float) -> None:
    from playwright.async_api import Error

    try:
        await element.click(timeout=timeout_ms)
    except Error as exc:
        raise ActionFailed(f"could not click [{index}]: {why(exc)}") from exc


async def fill(element: ElementHandle, index: int, text: str, *, submit: bool, timeout_ms: float) -> None:
    """Replace the field's text (its input handlers run); then Enter, or the form's submit."""
    from playwright.async_api import Error

    try:
        await element.fill(text, timeout=timeout_ms)
    except Error as exc:
        raise ActionFailed(f"could not type into [{index}]: {why(exc)}") from exc
    if not submit:
        return
    try:
        await element.evaluate(_WATCH_SUBMIT_JS)
        await element.press("Enter", timeout=timeout_ms)
        await element.evaluate(_ENSURE_SUBMIT_JS)
    except Error as exc:
        if _navigated(exc):
            return  # Enter submitted the form and the page is leaving: that is the point
        raise ActionFailed(f"could not submit [{index}]: {why(exc)}") from exc


async def select(element: ElementHandle, index: int, option: str, *, timeout_ms: float) -> None:
    """Choose ``option`` (a value, the visible text, or a unique part of it) in a <select>."""
    from playwright.async_api import Error

    found: dict[str, Any] = await element.evaluate(_OPTION_JS, option)
    if "error" in found:
        raise ActionFailed(f"[{index}] is not a select: click it to open it, then click the option")
    if "options" in found:
        listed = ", ".join(f'"{name}"' for name in found["options"])
        raise ActionFailed(f'[{index}] has no option "{option}"; its options are: {listed}')
    if found.get("disabled"):
        raise ActionFailed(f'the option "{option}" of [{index}] is disabled')
    try:
        await element.select_option(index=int(found["index"]), timeout=timeout_ms)
    except Error as exc:
        raise ActionFailed(f"could not choose in [{index}]: {why(exc)}") from exc


async def scroll(page: Page, direction: Direction) -> None:
    """Scroll by most of a screen with the mouse wheel (scroll handlers and lazy loaders run)."""
    size = page.viewport_size or {"width": 1280, "height": 800}
    await page.mouse.move(size["width"] / 2, size["height"] / 2)
    step = size["height"] * 0.8
    await page.mouse.wheel(0, step if direction == "down" else -step)


def _navigated(exc: Error) -> bool:
    text = exc.message
    return "Execution context was destroyed" in text or "navigat" in text or "Target closed" in text
