"""Typed data out of pages, every value traced to where the page states it (pure: no network).

    result = extract_data(html, {"type": "object", "properties": {"price": {"type": "number"}}}, url=url)
    result.data               # {"price": 119.99}
    result.fields[0]   # DataField(path="price", source="json-ld", pointer="/json-ld/0/offers/price", …)

Sources: embedded data (:mod:`.embedded`, :mod:`.mapping`), selectors (:mod:`.selectors`), tables
(:mod:`.tables`), and a model (:mod:`.prompt`; the call itself is made by the Lens). Every value is
checked (:mod:`.ground`) before it is returned. The steps are in :mod:`.pipeline`.
"""

from __future__ import annotations

from weblens.data.pipeline import (
    DataOptions,
    Draft,
    LLMCall,
    absorb,
    extract_data,
    finish,
    llm_calls,
    prepare,
)
from weblens.data.schema import as_json_schema, read_schema

__all__ = [
    "DataOptions",
    "Draft",
    "LLMCall",
    "absorb",
    "as_json_schema",
    "extract_data",
    "finish",
    "llm_calls",
    "prepare",
    "read_schema",
]
