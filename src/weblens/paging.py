"""Paging through a long page: the ``max_length`` / ``start_index`` window (pure).

A window is an exact character slice, the same for ``text`` and ``markdown``, so the pieces of a
long text read one after the other join with no gap and no overlap; a warning on the page says
where the next piece starts.
"""

from __future__ import annotations

from weblens.models import PageExtract

__all__ = ["window"]


def window(page: PageExtract, max_length: int | None, start_index: int = 0) -> PageExtract:
    """``page`` with text and markdown cut to ``[start_index, start_index + max_length)``."""
    if max_length is None and start_index == 0:
        return page
    longest = max(len(page.text), len(page.markdown))
    end = longest if max_length is None else start_index + max_length
    warnings = list(page.warnings)
    if start_index >= longest and longest:
        warnings.append(f"start_index {start_index} is past the end of the text ({longest} characters)")
    elif end < longest:
        warnings.append(
            f"truncated: characters {start_index}-{end} of {longest}; continue with start_index={end}"
        )
    return page.model_copy(
        update={
            "text": page.text[start_index:end],
            "markdown": page.markdown[start_index:end],
            "warnings": warnings,
        }
    )
