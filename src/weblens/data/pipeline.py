"""Typed data from one page: the named steps, with the model call left to the caller (pure).

    draft = prepare(html, schema, url=url, options=DataOptions())     # page, embedded, selectors, tables
    for call in llm_calls(draft): replies.append(await model(call))    # only when fields are missing
    absorb(draft, replies)
    result = finish(draft)                                              # grounded, typed, assembled

Sources, in the order their values are preferred: ``selectors`` (the user named the elements),
``embedded`` (JSON-LD, microdata, RDFa, OpenGraph), ``tables`` (for array-of-object fields and
a top-level array), ``llm`` (only for the fields still empty). ``auto`` is all of them, the model
only when one is configured; a field none of them fills is null, with one warning listing them.
Every value is checked (:mod:`weblens.data.ground`): under ``strict`` grounding a value that fails
is not returned (the field is null and a warning names it and why); under ``report`` it is kept
with ``verified: false``. A scalar takes the first value that passes; an array takes every item
of the first source that has one that passes.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from weblens.data.embedded import SYNTAXES, has_rdfa, read_embedded
from weblens.data.found import Found, child, item
from weblens.data.ground import EMBEDDED_SOURCES, coerce, ground_dom, ground_embedded, ground_llm
from weblens.data.locate import TextIndex
from weblens.data.mapping import map_entities, name_key
from weblens.data.prompt import answer_schema, merge_answers, merged_founds, messages, parse_reply, unwrap
from weblens.data.schema import ArrayNode, Node, ObjectNode, ScalarNode, as_json_schema, leaves, read_schema
from weblens.data.selectors import SelectorSpec, document_base, read_selectors, select, selector_tree
from weblens.data.tables import Table, data_tables
from weblens.errors import InvalidArgument, LLMError, NotConfigured
from weblens.extract import ExtractOptions, extract
from weblens.extract.kinds import DocumentKind, kind_of_media_type, sniff_kind
from weblens.extract.parse import parse_html
from weblens.models import DataField, DataResult, PageExtract
from weblens.research.chunk import chunk

__all__ = [
    "SOURCES",
    "DataOptions",
    "Draft",
    "LLMCall",
    "absorb",
    "extract_data",
    "finish",
    "llm_calls",
    "prepare",
]

SOURCES = ("auto", "embedded", "selectors", "tables", "llm")
Grounding = Literal["strict", "report"]
LLM_NEEDED = (
    "a model endpoint (WEBLENS_LLM_BASE_URL and WEBLENS_LLM_MODEL) would be needed to read them from the text"
)


@dataclass(frozen=True, kw_only=True)
class DataOptions:
    sources: tuple[str, ...] = ("auto",)
    grounding: Grounding = "strict"
    include_text: bool = False
    instructions: str | None = None
    chunk_chars: int = 12_000
    """Markdown characters per model call (about 3,000 tokens: room for the schema and the answer
    in an 8k context; a longer page is read in parts)."""
    chunk_overlap: int = 600
    """Characters a part repeats of the one before (whole sentences): a paragraph of up to about this
    length that a cut splits is seen whole by the next part."""
    content_type: str | None = None
    extract: ExtractOptions = field(default_factory=ExtractOptions)


@dataclass(frozen=True)
class LLMCall:
    messages: list[dict[str, str]]
    schema: dict[str, Any]
    """The answer's JSON Schema (for ``response_format``)."""
    part: int
    parts: int


@dataclass
class Draft:
    url: str | None
    tree: Node | None
    page: PageExtract
    index: TextIndex
    options: DataOptions
    sources: frozenset[str]
    founds: list[Found] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    llm_tree: Node | None = None
    llm_used: bool = False
    tables: list[Table] = field(default_factory=list)
    tables_only: bool = False
    timings: dict[str, float] = field(default_factory=dict)


# --- 1. prepare: everything that needs no model ----------------------------------------------------------
def prepare(
    data: str | bytes,
    schema: Any = None,
    *,
    url: str | None = None,
    selectors: Any = None,
    options: DataOptions | None = None,
    llm_available: bool = False,
) -> Draft:
    start = time.perf_counter()
    options = options or DataOptions()
    spec = read_selectors(selectors) if selectors is not None else None
    tree = read_schema(as_json_schema(schema)) if schema is not None else None
    sources = _sources(options.sources, spec, llm_available)
    tables_only = tree is None and spec is None
    if tables_only and sources != frozenset({"tables"}):
        raise InvalidArgument(
            "schema: give a schema (or selectors, or sources=tables for every table)", field="schema"
        )
    if tree is None and spec is not None:
        tree = selector_tree(spec)
    page = _with_heading(extract(data, url, content_type=options.content_type, options=options.extract))
    draft = Draft(url, tree, page, TextIndex(page.text), options, sources, tables_only=tables_only)
    if _is_html(data, options.content_type):
        _dom_sources(draft, data, spec)
    if tree is not None:
        missing = _missing(draft)
        if "llm" in sources and missing:
            draft.llm_tree = _subtree(tree, missing)
        elif missing and "auto" in options.sources and not llm_available:
            draft.warnings.append(f"not found without a model: {', '.join(missing)}; {LLM_NEEDED}")
    draft.timings["prepare"] = _ms(start)
    return draft


def _with_heading(page: PageExtract) -> PageExtract:
    """The page with its Markdown's title heading at the head of its text too, when the text left it
    to the ``title`` field: the model reads the Markdown, so what it quotes must be in the text."""
    first, _, _ = page.markdown.lstrip().partition("\n")
    if not first.startswith("# "):
        return page
    heading = first[2:].strip()
    if not heading or page.text.lstrip().startswith(heading):
        return page
    return page.model_copy(update={"text": f"{heading}\n\n{page.text}" if page.text else heading})


def _sources(asked: tuple[str, ...], spec: SelectorSpec | None, llm_available: bool) -> frozenset[str]:
    unknown = [s for s in asked if s not in SOURCES]
    if unknown or not asked:
        raise InvalidArgument(
            f"sources: unknown source {unknown[0]!r}" if unknown else "sources: empty", field="sources"
        )
    if "auto" in asked:
        chosen = (
            {"embedded", "tables"}
            | ({"selectors"} if spec else set())
            | ({"llm"} if llm_available else set())
        )
        return frozenset(chosen | (set(asked) - {"auto"}))
    if "selectors" in asked and spec is None:
        raise InvalidArgument(
            "sources: selectors was asked for but no selectors were given", field="selectors"
        )
    if "llm" in asked and not llm_available:
        raise NotConfigured("sources=llm needs a chat model: set WEBLENS_LLM_BASE_URL and WEBLENS_LLM_MODEL")
    return frozenset(asked)


def _is_html(data: str | bytes, content_type: str | None) -> bool:
    kind = kind_of_media_type(content_type) or sniff_kind(data)
    return kind is DocumentKind.HTML


def _dom_sources(draft: Draft, data: str | bytes, spec: SelectorSpec | None) -> None:
    wanted = draft.sources & {"selectors", "embedded", "tables"}
    if not wanted:
        return  # the model alone: the page's text is all it needs
    parsed = parse_html(data)
    root, tree = parsed.root, draft.tree
    if spec is not None and "selectors" in wanted:
        selected = select(spec, root, document_base(root, draft.url))
        draft.warnings += selected.warnings
        found = _fit_records(selected.founds, tree, spec)
        ground_dom(found, draft.index)
        draft.founds += found
    if tree is not None and "embedded" in wanted:
        draft.founds += _embedded_founds(draft, tree, root, parsed.source)
    if "tables" in wanted:
        draft.tables = data_tables(root)
        if tree is not None:
            found = _table_founds(tree, draft.tables)
            ground_dom(found, draft.index)
            draft.founds += found


def _embedded_founds(draft: Draft, tree: Node, root: Any, source: str) -> list[Found]:
    """JSON-LD, microdata and OpenGraph first; RDFa (far the slowest to read) only for what they leave."""
    quick = tuple(s for s in SYNTAXES if s != "rdfa")
    embedded = read_embedded(root, source, draft.url, quick)
    found = map_entities(tree, embedded.entities)
    filled = {f.path.split("[", 1)[0] for f in found}
    if any(path.split("[", 1)[0] not in filled for path, _ in leaves(tree)) and has_rdfa(root):
        rdfa = read_embedded(root, source, draft.url, ("rdfa",))
        embedded.document.update(rdfa.document)
        embedded.entities += rdfa.entities
        embedded.warnings += rdfa.warnings
        found = map_entities(tree, embedded.entities)
    draft.warnings += embedded.warnings
    for one in found:
        ground_embedded(one, embedded.document)
    return found


def _fit_records(founds: list[Found], tree: Node | None, spec: SelectorSpec) -> list[Found]:
    """Selector records shaped to the schema: one record for an object schema, a list for an array."""
    if tree is None:
        return founds
    if isinstance(tree, ObjectNode) and spec.base:
        return [replace(f, path=f.path.removeprefix("[0].")) for f in founds if f.path.startswith("[0].")]
    if isinstance(tree, ArrayNode) and not spec.base:
        return [replace(f, path=item("", 0) + "." + f.path) for f in founds]
    return founds


# --- tables into array fields ------------------------------------------------------------------------------
def _table_founds(tree: Node, tables: list[Table]) -> list[Found]:
    fields: list[tuple[str, ObjectNode]] = []
    if isinstance(tree, ArrayNode) and isinstance(tree.items, ObjectNode):
        fields.append(("", tree.items))
    elif isinstance(tree, ObjectNode):
        fields += [
            (name, node.items)
            for name, node in tree.properties.items()
            if isinstance(node, ArrayNode) and isinstance(node.items, ObjectNode)
        ]
    founds: list[Found] = []
    for path, node in fields:
        best = max(tables, key=lambda t: (len(_columns_for(node, t)), len(t.rows)), default=None)
        columns = _columns_for(node, best) if best is not None else {}
        if best is None or not columns:
            continue
        for i, row in enumerate(best.rows):
            for name, col in columns.items():
                cell = row[col]
                if cell.text and cell.element is not None:
                    where = child(item(path, i), name)
                    pointer = cell.element.getroottree().getpath(cell.element)
                    founds.append(
                        Found(where, cell.text, "table", pointer=pointer, quote=cell.text, verified=True)
                    )
    return founds


def _columns_for(node: ObjectNode, table: Table) -> dict[str, int]:
    """Schema field → the column that holds it (same words, or the field's words within the column's)."""
    out: dict[str, int] = {}
    keys = [set(name_key(c).split()) for c in table.columns]
    for name, child_node in node.properties.items():
        if not isinstance(child_node, ScalarNode):
            continue
        wanted = set(name_key(name).split())
        exact = [i for i, k in enumerate(keys) if k == wanted]
        within = [i for i, k in enumerate(keys) if wanted and wanted <= k]
        if exact or within:
            out[name] = (exact or within)[0]
    return out


# --- 2. the model ------------------------------------------------------------------------------------------
def llm_calls(draft: Draft) -> list[LLMCall]:
    """The model calls that would fill the missing fields (none when nothing is missing)."""
    if draft.llm_tree is None or not draft.page.markdown.strip():
        return []
    options = draft.options
    spans = chunk(draft.page.markdown, max_chars=options.chunk_chars, overlap=options.chunk_overlap)
    schema = answer_schema(draft.llm_tree)
    return [
        LLMCall(
            messages(
                draft.llm_tree,
                span.text,
                url=draft.url,
                part=i + 1,
                parts=len(spans),
                instructions=options.instructions,
            ),
            schema,
            i + 1,
            len(spans),
        )
        for i, span in enumerate(spans)
    ]


def absorb(draft: Draft, replies: list[str | None]) -> None:
    """Read the model's replies (None: that part failed), check each value, keep them after the others."""
    tree = draft.llm_tree
    if tree is None or not replies:
        return
    answers = []
    for n, reply in enumerate(replies, start=1):
        answer = unwrap(tree, parse_reply(reply)) if reply is not None else None
        if answer is None:
            draft.warnings.append(
                f"llm: part {n} of {len(replies)} got no JSON answer; its fields were not read"
            )
        answers.append(answer)
    if all(a is None for a in answers):
        raise LLMError("the model answered no JSON for any part of the page")
    draft.llm_used = True
    links = draft.page.links
    for found in merged_founds(tree, merge_answers(tree, answers)):
        node = _node_at(tree, found.path)
        if isinstance(node, ScalarNode):
            ground_llm(found, node, draft.index, links)
            draft.founds.append(found)


# --- 3. finish: choose, type, assemble ---------------------------------------------------------------------
def finish(draft: Draft) -> DataResult:
    start = time.perf_counter()
    strict = draft.options.grounding == "strict"
    if draft.tables_only:
        data, chosen = _all_tables(draft)
    else:
        assert draft.tree is not None
        winners = _choose(draft, strict)
        data, chosen = _assemble(draft.tree, winners)
        still = _missing_after(draft.tree, winners)
        if still and draft.llm_used:
            draft.warnings.append(f"not stated on the page: {', '.join(still)}")
    fields = [
        DataField(
            path=path,
            value=found.value,
            source=found.source,
            quote=found.quote if found.start is not None else None,
            start=found.start,
            end=found.end,
            pointer=found.pointer,
            verified=found.verified,
        )
        for path, found in chosen
    ]
    page = draft.page
    if not draft.options.include_text:
        page = page.model_copy(update={"text": "", "markdown": ""})
    draft.timings["finish"] = _ms(start)
    return DataResult(
        url=draft.url,
        data=data,
        fields=fields,
        warnings=draft.warnings,
        llm_used=draft.llm_used,
        page=page,
        timings=dict(draft.timings),
    )


def _leaf_of(path: str, leaf_paths: list[str]) -> str | None:
    best = None
    for leaf in leaf_paths:
        inside = leaf == "" or path == leaf or path.startswith((leaf + ".", leaf + "["))
        if inside and (best is None or len(leaf) > len(best)):
            best = leaf
    return best


def _choose(draft: Draft, strict: bool) -> dict[str, Found]:
    """The value each path keeps (see the module's rules), warnings for the values left out."""
    assert draft.tree is not None
    tree_leaves = leaves(draft.tree)
    leaf_paths = [p for p, _ in tree_leaves]
    arrays = {p for p, node in tree_leaves if isinstance(node, ArrayNode)}
    by_leaf: dict[str, list[Found]] = {}
    for found in draft.founds:
        leaf = _leaf_of(found.path, leaf_paths)
        if leaf is not None:
            by_leaf.setdefault(leaf, []).append(found)
    winners: dict[str, Found] = {}
    for leaf, founds in by_leaf.items():
        for found in founds:
            _type(found, draft)
            if found.problem and (found.source == "llm" or found.source in EMBEDDED_SOURCES):
                kept = "kept unverified" if not strict and found.value is not None else "not used"
                draft.warnings.append(f"{found.path}: {found.source} value {kept}: {found.problem}")
        usable = [f for f in founds if f.value is not None and (f.verified or not strict)]
        if leaf in arrays:
            source = next((f.source for f in usable if f.verified), usable[0].source if usable else None)
            for found in usable:
                if found.source == source:
                    winners.setdefault(found.path, found)
        else:
            for found in sorted(usable, key=lambda f: not f.verified):
                winners.setdefault(found.path, found)
    return winners


def _type(found: Found, draft: Draft) -> None:
    assert draft.tree is not None
    node = _node_at(draft.tree, found.path)
    if not isinstance(node, ScalarNode) or found.value is None:
        return
    value, problem = coerce(found.value, node)
    if problem is not None:
        draft.warnings.append(f"{found.path}: {problem}; left null")
        found.value = None
    else:
        found.value = value


def _node_at(tree: Node, path: str) -> Node | None:
    from weblens.data.found import parse_path

    node: Node | None = tree
    for part in parse_path(path):
        if isinstance(part, int):
            node = node.items if isinstance(node, ArrayNode) else None
        else:
            node = node.properties.get(part) if isinstance(node, ObjectNode) else None
        if node is None:
            return None
    return node


def _assemble(tree: Node, winners: Mapping[str, Found]) -> tuple[Any, list[tuple[str, Found]]]:
    """The data shaped like the schema, arrays without gaps; and each value's final path."""
    indices: dict[str, set[int]] = {}
    for path in winners:
        for pos, char in enumerate(path):
            if char == "[":
                close = path.index("]", pos)
                indices.setdefault(path[:pos], set()).add(int(path[pos + 1 : close]))
    chosen: list[tuple[str, Found]] = []

    def build(node: Node, old: str, new: str) -> Any:
        if isinstance(node, ScalarNode):
            found = winners.get(old)
            if found is None:
                return None
            chosen.append((new, found))
            return found.value
        if isinstance(node, ObjectNode):
            return {name: build(c, child(old, name), child(new, name)) for name, c in node.properties.items()}
        return [
            build(node.items, item(old, i), item(new, n)) for n, i in enumerate(sorted(indices.get(old, ())))
        ]

    return build(tree, "", ""), chosen


def _missing(draft: Draft) -> list[str]:
    """The schema's fields no checked value fills yet."""
    assert draft.tree is not None
    leaf_paths = [p for p, _ in leaves(draft.tree)]
    filled = {_leaf_of(f.path, leaf_paths) for f in draft.founds if f.verified}
    return [p or "(the records)" for p in leaf_paths if p not in filled]


def _missing_after(tree: Node, winners: Mapping[str, Found]) -> list[str]:
    leaf_paths = [p for p, _ in leaves(tree)]
    filled = {_leaf_of(path, leaf_paths) for path in winners}
    return [p or "(the records)" for p in leaf_paths if p not in filled]


def _subtree(tree: Node, missing: list[str]) -> Node:
    """The part of the schema holding the missing fields (what the model is asked for)."""
    if not isinstance(tree, ObjectNode) or "(the records)" in missing:
        return tree
    wanted = set(missing)

    def keep(node: ObjectNode, prefix: str) -> ObjectNode:
        props: dict[str, Node] = {}
        for name, c in node.properties.items():
            path = child(prefix, name)
            if path in wanted:
                props[name] = c
            elif isinstance(c, ObjectNode) and any(m.startswith(path + ".") for m in wanted):
                props[name] = keep(c, path)
        return ObjectNode(props, title=node.title, description=node.description)

    return keep(tree, "")


def _all_tables(draft: Draft) -> tuple[Any, list[tuple[str, Found]]]:
    """Without a schema: every data table as records."""
    tables_data = []
    founds: list[Found] = []
    for t, table in enumerate(draft.tables):
        rows = []
        for r, row in enumerate(table.rows):
            record: dict[str, str] = {}
            for name, cell in zip(table.columns, row, strict=False):
                record[name] = cell.text
                if cell.text and cell.element is not None:
                    pointer = cell.element.getroottree().getpath(cell.element)
                    path = f"tables[{t}].rows[{r}].{name}"
                    founds.append(
                        Found(path, cell.text, "table", pointer=pointer, quote=cell.text, verified=True)
                    )
            rows.append(record)
        tables_data.append({"caption": table.caption or None, "columns": table.columns, "rows": rows})
    ground_dom(founds, draft.index)
    return {"tables": tables_data}, [(f.path, f) for f in founds]


def _ms(start: float) -> float:
    return round((time.perf_counter() - start) * 1000, 2)


# --- the pure entry point ---------------------------------------------------------------------------
def extract_data(
    html: str | bytes,
    schema: Any = None,
    *,
    url: str | None = None,
    selectors: Any = None,
    sources: tuple[str, ...] | list[str] = ("auto",),
    grounding: Grounding = "strict",
    include_text: bool = False,
    content_type: str | None = None,
) -> DataResult:
    """Typed data from a page you already have: embedded data, selectors and tables (no network, no
    model). ``schema`` is a JSON Schema (dict or JSON text) or a pydantic model class."""
    start = time.perf_counter()
    options = DataOptions(
        sources=tuple(sources), grounding=grounding, include_text=include_text, content_type=content_type
    )
    draft = prepare(html, schema, url=url, selectors=selectors, options=options)
    result = finish(draft)
    return result.model_copy(update={"timings": {**result.timings, "total": _ms(start)}})
