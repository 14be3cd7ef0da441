"""What the model is asked, and reading what it answers (pure; the call itself is the caller's).

The model gets the page's Markdown (a long page in parts) and a JSON Schema in which every leaf of
the user's schema is ``{"value": …, "quote": "exact words"}``; both may be null when the page does
not say. :func:`reply_founds` reads an answer (tolerantly: a code fence, text around the object,
a bare value where ``{"value", "quote"}`` was asked) into one :class:`Found` per leaf, and
:func:`merge_answers` joins the answers of the parts: arrays concatenated without duplicates, and
for a scalar every part's answer kept in order (grounding then keeps the first that checks out:
the part that states it).
"""

from __future__ import annotations

import json
import re
from typing import Any

from weblens.data.found import Found, child, item
from weblens.data.normalize import fold
from weblens.data.schema import ArrayNode, Node, ObjectNode, ScalarNode

__all__ = [
    "MAX_INSTRUCTIONS",
    "answer_schema",
    "leaf_schema",
    "merge_answers",
    "messages",
    "parse_reply",
    "reply_founds",
    "unwrap",
]

MAX_INSTRUCTIONS = 4000

SYSTEM = (
    "You read one web page and fill a JSON object shaped like the given JSON Schema. Every field is "
    'an object {"value": ..., "quote": ...}: "value" is the value as the page states it, typed as the '
    'schema says; "quote" is the exact words of the page that state it, copied character for '
    "character from the page (a short phrase or sentence, not a paraphrase). When the page does not "
    'state a field, give {"value": null, "quote": null}: never guess, never use outside knowledge, '
    "never copy an example. An array holds every item the page lists, each with its own quotes. "
    "Answer with the JSON object only."
)


def leaf_schema(node: Node) -> dict[str, Any]:
    """The JSON Schema the model answers in: each leaf of ``node`` as ``{value, quote}``."""
    if isinstance(node, ObjectNode):
        properties = {name: leaf_schema(child_node) for name, child_node in node.properties.items()}
        out: dict[str, Any] = {
            "type": "object",
            "properties": properties,
            "required": list(properties),
            "additionalProperties": False,
        }
        if node.description:
            out["description"] = node.description
        return out
    if isinstance(node, ArrayNode):
        return {"type": "array", "items": leaf_schema(node.items)}
    value: dict[str, Any] = {"type": [node.kind, "null"]}
    if node.enum is not None:
        value["enum"] = [*node.enum, None]
    if node.format:
        value["description"] = f"format: {node.format}" + (" (YYYY-MM-DD)" if node.format == "date" else "")
    leaf: dict[str, Any] = {
        "type": "object",
        "properties": {"value": value, "quote": {"type": ["string", "null"]}},
        "required": ["value", "quote"],
        "additionalProperties": False,
    }
    if node.description:
        leaf["description"] = node.description
    return leaf


def answer_schema(node: Node) -> dict[str, Any]:
    """The schema sent as ``response_format``: an object at the top (structured output requires one),
    so a top-level array is asked for as ``{"items": [...]}``."""
    schema = leaf_schema(node)
    if isinstance(node, ArrayNode):
        return {
            "type": "object",
            "properties": {"items": schema},
            "required": ["items"],
            "additionalProperties": False,
        }
    return schema


def unwrap(node: Node, answer: Any) -> Any:
    """An answer to :func:`answer_schema` as the node's shape (``{"items": [...]}`` → the list)."""
    if isinstance(node, ArrayNode) and isinstance(answer, dict) and isinstance(answer.get("items"), list):
        return answer["items"]
    return answer


def messages(
    node: Node, markdown: str, *, url: str | None, part: int, parts: int, instructions: str | None
) -> list[dict[str, str]]:
    """The chat messages for one part of the page."""
    system = SYSTEM + (f"\n\nInstructions from the user: {instructions.strip()}" if instructions else "")
    where = f"Page {url}" if url else "Page"
    if parts > 1:
        where += f" (part {part} of {parts}; fill only what this part states)"
    user = (
        f"JSON Schema of the answer:\n{json.dumps(answer_schema(node), ensure_ascii=False)}\n\n"
        f"{where}:\n<page>\n{markdown}\n</page>"
    )
    return [{"role": "system", "content": system}, {"role": "user", "content": user}]


_FENCE = re.compile(r"^\s*```(?:json)?\s*|\s*```\s*$", re.IGNORECASE)
_TRAILING_COMMA = re.compile(r",\s*([}\]])")


def parse_reply(text: str) -> Any:
    """The JSON value in a model's reply, or None when there is none."""
    body = _FENCE.sub("", text.strip())
    for attempt in (body, _outermost(body)):
        if attempt is None:
            continue
        for candidate in (attempt, _TRAILING_COMMA.sub(r"\1", attempt)):
            try:
                return json.loads(candidate)
            except ValueError:
                continue
    return None


def _outermost(text: str) -> str | None:
    start = min((i for i in (text.find("{"), text.find("[")) if i != -1), default=-1)
    end = max(text.rfind("}"), text.rfind("]"))
    return text[start : end + 1] if start != -1 and end > start else None


def reply_founds(node: Node, answer: Any, path: str = "") -> list[Found]:
    """One Found per leaf value of an answer (null values are "not stated": no Found)."""
    if isinstance(node, ObjectNode):
        if not isinstance(answer, dict):
            return []
        out: list[Found] = []
        for name, child_node in node.properties.items():
            out += reply_founds(child_node, answer.get(name), child(path, name))
        return out
    if isinstance(node, ArrayNode):
        if isinstance(answer, dict) and not _is_leaf(answer):  # {"items": [...]} or one object
            answer = next((v for v in answer.values() if isinstance(v, list)), [answer])
        if not isinstance(answer, list):
            answer = [answer] if answer is not None else []
        out = []
        for i, one in enumerate(answer):
            out += reply_founds(node.items, one, item(path, i))
        return out
    value, quote = _leaf(answer)
    if value is None or (isinstance(value, str) and not value.strip()):
        return []
    return [Found(path, value, "llm", quote=quote)]


def _is_leaf(answer: dict[str, Any]) -> bool:
    return "value" in answer and set(answer) <= {"value", "quote"}


def _leaf(answer: Any) -> tuple[Any, str | None]:
    if isinstance(answer, dict):
        quote = answer.get("quote")
        return answer.get("value"), quote if isinstance(quote, str) else None
    if isinstance(answer, list):
        return None, None
    return answer, None  # a bare value: no quote, so it cannot be grounded


def merge_answers(node: Node, answers: list[Any]) -> Any:
    """The answers of a page's parts as one (see the module's rules); scalars become lists of the
    parts' answers, in order, to be checked one by one."""
    present = [a for a in answers if a is not None]
    if isinstance(node, ObjectNode):
        objects = [a for a in present if isinstance(a, dict)]
        return {name: merge_answers(c, [o.get(name) for o in objects]) for name, c in node.properties.items()}
    if isinstance(node, ArrayNode):
        items: list[Any] = []
        seen: set[str] = set()
        for answer in present:
            for one in answer if isinstance(answer, list) else [answer]:
                key = fold(json.dumps(_values_only(one), sort_keys=True, ensure_ascii=False, default=str))
                if key not in seen:
                    seen.add(key)
                    items.append(one)
        return items
    return _Candidates(present)


class _Candidates(list[Any]):
    """Every part's answer for one scalar, in order (a list type of its own: a real list is an array)."""


def _values_only(answer: Any) -> Any:
    if isinstance(answer, dict):
        if _is_leaf(answer):
            return answer.get("value")
        return {k: _values_only(v) for k, v in answer.items()}
    if isinstance(answer, list):
        return [_values_only(v) for v in answer]
    return answer


def merged_founds(node: Node, merged: Any, path: str = "") -> list[Found]:
    """Founds of a merged answer: several candidates for a scalar, each a Found of the same path."""
    if isinstance(node, ScalarNode):
        if isinstance(merged, _Candidates):
            return [f for answer in merged for f in reply_founds(node, answer, path)]
        return reply_founds(node, merged, path)
    if isinstance(node, ObjectNode):
        out: list[Found] = []
        for name, child_node in node.properties.items():
            out += merged_founds(child_node, (merged or {}).get(name), child(path, name))
        return out
    out = []
    for i, one in enumerate(merged or []):
        out += merged_founds(node.items, one, item(path, i))
    return out
