"""Output lines of a batch (pure): one JSON object per input, newline-terminated, UTF-8.

``{"input": …, "key": …, "page": PageExtract}`` or ``{"input": …, "key": …, "error": {code, message, url}}``;
with ``--data-schema`` a page line also has ``"data": {"data", "fields", "warnings", "llm_used"}``.
"""

from __future__ import annotations

import json
from typing import Any

from weblens.batch.inputs import Echo
from weblens.errors import WeblensError
from weblens.models import DataResult, PageExtract

__all__ = ["data_line", "error_line", "line_key", "page_line"]


def _head(echo: Echo, key: str) -> str:
    return '{"input":' + json.dumps(echo, ensure_ascii=False) + ',"key":' + json.dumps(key)


def page_line(echo: Echo, key: str, page: PageExtract) -> bytes:
    return (_head(echo, key) + ',"page":' + page.model_dump_json() + "}\n").encode("utf-8")


def data_line(echo: Echo, key: str, result: DataResult) -> bytes:
    """A page line with the page's typed data beside it."""
    page = result.page or PageExtract()
    data = result.model_dump_json(include={"data", "fields", "warnings", "llm_used"})
    return (_head(echo, key) + ',"page":' + page.model_dump_json() + ',"data":' + data + "}\n").encode(
        "utf-8"
    )


def error_line(echo: Echo, key: str, error: WeblensError) -> bytes:
    body = json.dumps(error.to_dict(), ensure_ascii=False)
    return (_head(echo, key) + ',"error":' + body + "}\n").encode("utf-8")


def line_key(line: bytes) -> str | None:
    """The key of a complete output line, or None when it is not one of ours."""
    try:
        data: Any = json.loads(line)
    except ValueError:
        return None
    key = data.get("key") if isinstance(data, dict) else None
    return key if isinstance(key, str) and ("page" in data or "error" in data) else None
