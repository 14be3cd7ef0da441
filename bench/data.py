"""Typed data benchmark: field accuracy on real pages, tables, the model path against an adversarial
model, and the time weblens adds. Writes the ``data`` section of docs/benchmarks.md.

Usage::

    .venv/bin/python bench/data_build.py --repos DIR    # once: the pages of other projects
    .venv/bin/python bench/data.py [--no-write] [--repeat 3] [--built DIR]

Sets (bench/data_set/README.md says where each page comes from and under what licence):

* **embedded data**: 24 product pages (Zyte's product-extraction benchmark, its gold), 16 recipe pages
  (recipe-scrapers' test pages, its expected values), 2 event pages (Songkick pages from extruct's
  samples, labelled by hand) and the 90 ScrapingHub article pages of ../shared labelled for the
  metadata benchmark (headline, byline, date; skipped without ../shared). weblens is
  ``extract_data(html, schema)`` with no model (embedded data and tables); the peer is extruct's raw
  output (``extruct.extract(..., uniform=True)``) mapped by the same names: the first item of the
  schema's type, each field looked up under its own name and then under the same schema.org synonyms
  weblens uses (``price`` ← ``offers.price``…), an object's ``name`` (or ``@value``) taken for text.
  A field counts when its gold value exists; it is right when it equals the gold value after
  collapsing white space and case (numbers and dates by value; authors: every gold name among those
  found).
* **tables**: 11 tables of 7 pages of Debian's packaged documentation, labelled by hand (header, row
  count, three rows). weblens ``extract_data(html, sources=["tables"])`` against
  ``pandas.read_html(html)``; for each gold table the candidate table holding most of its rows is
  taken for both. Header accuracy: tables whose column names equal the gold's; row accuracy: gold
  rows found cell for cell; row count: tables with the gold number of body rows.
* **model path**: the longest pages of the set, each given a schema of facts read from its own text
  at spread positions (numbers and phrases, and an array of lines), answered by a local
  OpenAI-compatible server (``tests/support/fake_openai.py``) that answers only from the part of the
  page it is shown and, field by field in turn, answers honestly, sends a number as a string, invents
  a value, quotes words the page does not contain, quotes real words without the value, or gives no
  quote. Counted: values returned unverified under strict grounding (must be 0), lies named in a
  warning by their field (must be all), honest facts returned right across the parts (must be all),
  and returned text-source values with ``page.text[start:end] == quote`` (must be 100 %).
* **time**: weblens.extract against extract_data on the same page (median of ``--repeat`` runs per
  page; the ratio of the two totals and the median of the per-page ratios), and the time weblens
  adds around a model call for a 50 KB page (the model answering at once on loopback; total minus
  the time during which a call to the endpoint was in flight, median of 10 calls).
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import io
import json
import lzma
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "src"))

from bench.report import write_section  # noqa: E402
from weblens import extract, extract_data  # noqa: E402
from weblens.data.mapping import SYNONYMS, name_key  # noqa: E402
from weblens.data.normalize import fold, parse_date, parse_number  # noqa: E402

SET = REPO / "bench" / "data_set"
BUILT = SET / "data"  # bench/data_build.py writes the pages of other projects here (ignored by git)
SHARED = REPO.parent / "shared" / "bench" / "scrapinghub"
ARTICLE_LABELS = REPO / "bench" / "labels" / "metadata_scrapinghub.json"

SCHEMAS: dict[str, dict[str, Any]] = {
    "product": {
        "type": "object",
        "title": "Product",
        "properties": {
            "price": {"type": "number"},
            "availability": {"enum": ["InStock", "OutOfStock", "PreOrder", "LimitedAvailability", "SoldOut"]},
            "sku": {"type": "string"},
            "brand": {"type": "string"},
        },
    },
    "recipe": {
        "type": "object",
        "title": "Recipe",
        "properties": {
            "name": {"type": "string"},
            "author": {"type": "string"},
            "ingredients": {"type": "array", "items": {"type": "string"}},
            "rating": {"type": "number"},
        },
    },
    "event": {
        "type": "object",
        "title": "Event",
        "properties": {
            "performer": {"type": "string"},
            "venue": {"type": "string"},
            "city": {"type": "string"},
            "start_date": {"type": "string", "format": "date"},
        },
    },
    "article": {
        "type": "object",
        "title": "Article",
        "properties": {
            "headline": {"type": "string"},
            "author": {"type": "string"},
            "date_published": {"type": "string", "format": "date"},
        },
    },
}


# --- the pages ----------------------------------------------------------------------------------------
def load_pages(built: Path = BUILT) -> list[dict[str, Any]]:
    """The set's pages: ours from bench/data_set, the others from ``built`` (bench/data_build.py)
    with their sources' gold values; the ScrapingHub articles of ../shared when it is there."""
    pages = json.loads((SET / "labels.json").read_text())["pages"]
    if not (built / "gold.json").is_file():
        sys.exit(
            f"the set's product, recipe and event pages are not built in {built}: run "
            "`.venv/bin/python bench/data_build.py --repos DIR` (DIR: git copies of the source "
            "repositories; bench/data_set/README.md)"
        )
    gold = json.loads((built / "gold.json").read_text(encoding="utf-8"))["pages"]
    for page in pages:
        page["html"] = lzma.decompress(((built if page.get("built") else SET) / page["file"]).read_bytes())
        for key, value in gold.get(page["id"], {}).items():
            page.setdefault(key, value)
    if SHARED.is_dir() and ARTICLE_LABELS.is_file():
        for sha, label in sorted(json.loads(ARTICLE_LABELS.read_text()).items()):
            path = SHARED / "html" / f"{sha}.html.gz"
            if path.is_file():
                gold = {
                    "headline": label.get("title"),
                    "author": label.get("author"),
                    "date_published": label.get("date"),
                }
                pages.append(
                    {
                        "id": f"article-{sha[:8]}",
                        "kind": "article",
                        "url": None,
                        "html": gzip.decompress(path.read_bytes()),
                        "gold": gold,
                    }
                )
    return pages


# --- comparing ----------------------------------------------------------------------------------------
def _text(value: Any) -> str:
    return fold(str(value)) if value is not None else ""


def is_right(kind: str, field: str, found: Any, gold: Any) -> bool:
    if found is None or gold is None:
        return False
    golds = gold if isinstance(gold, list) and field not in ("ingredients",) else [gold]
    if field in ("price", "rating"):
        number = found if isinstance(found, int | float) else parse_number(str(found))
        return number is not None and any(
            (g_num := parse_number(str(g))) is not None and abs(round(number, 2) - g_num) < 0.006
            for g in golds
        )
    if field in ("start_date", "date_published"):
        day = parse_date(str(found))
        return day is not None and any(day == parse_date(str(g)) for g in golds)
    if field == "availability":
        return any(_text(found).endswith(_text(g)) for g in golds)
    if field == "ingredients":
        return isinstance(found, list) and [_text(x) for x in found] == [_text(x) for x in gold]
    if field == "author":
        names = [n for n in str(gold).replace(" and ", ",").split(",") if n.strip()]
        have = _text(found if not isinstance(found, list) else ", ".join(map(str, found)))
        return all(_text(n) in have for n in names)
    return any(_text(found) == _text(g) for g in golds)


# --- the peer: extruct's raw output mapped by the same names ---------------------------------------------
def _items(data: dict[str, list[Any]]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for syntax in ("json-ld", "microdata", "rdfa", "opengraph"):
        for item in data.get(syntax, []):
            if isinstance(item, dict) and isinstance(item.get("@graph"), list):
                out.extend(x for x in item["@graph"] if isinstance(x, dict))
            elif isinstance(item, dict):
                out.append(item)
    return out


def _types(item: dict[str, Any]) -> list[str]:
    kinds = item.get("@type")
    kinds = kinds if isinstance(kinds, list) else [kinds]
    return [str(k).rsplit("/", 1)[-1] for k in kinds if k]


def _plain(value: Any) -> Any:
    while isinstance(value, list):
        if not value:
            return None
        value = value[0]
    if isinstance(value, dict):
        return _plain(value.get("name", value.get("@value")))
    return value


def _lookup(item: dict[str, Any], path: str) -> Any:
    current: Any = item
    for part in path.split("."):
        current = current[0] if isinstance(current, list) and current else current
        if not isinstance(current, dict):
            return None
        key = next((k for k in current if k == part or name_key(k) == name_key(part)), None)
        if key is None:
            return None
        current = current[key]
    return current


def extruct_mapped(html: bytes, url: str | None, schema: dict[str, Any]) -> dict[str, Any]:
    import extruct

    data = extruct.extract(
        html,
        base_url=url,
        syntaxes=["json-ld", "microdata", "rdfa", "opengraph"],
        uniform=True,
        errors="ignore",
    )
    wanted = schema["title"].lower()
    items = [i for i in _items(data) if any(t.lower().endswith(wanted) for t in _types(i))] or _items(data)[
        :1
    ]
    out: dict[str, Any] = {}
    for field, spec in schema["properties"].items():
        value = None
        for item in items[:1]:
            for path in [field, *SYNONYMS.get(name_key(field), ())]:
                raw = _lookup(item, path)
                if raw is not None:
                    value = (
                        [_plain(x) for x in raw]
                        if spec.get("type") == "array" and isinstance(raw, list)
                        else _plain(raw)
                    )
                    break
        out[field] = value
    return out


# --- embedded data ------------------------------------------------------------------------------------
def embedded(pages: list[dict[str, Any]]) -> tuple[dict[str, dict[str, list[int]]], list[str]]:
    """Per kind and field: [weblens right, extruct right, counted]; and the per-page misses."""
    scores: dict[str, dict[str, list[int]]] = {}
    misses: list[str] = []
    for page in pages:
        kind = page["kind"]
        if kind == "tables":
            continue
        schema = SCHEMAS[kind]
        ours = extract_data(page["html"], schema, url=page["url"]).data
        theirs = extruct_mapped(page["html"], page["url"], schema)
        for field, gold in page["gold"].items():
            if gold is None or field not in schema["properties"]:
                continue
            row = scores.setdefault(kind, {}).setdefault(field, [0, 0, 0])
            good = is_right(kind, field, ours.get(field), gold)
            row[0] += good
            row[1] += is_right(kind, field, theirs.get(field), gold)
            row[2] += 1
            if not good:
                misses.append(
                    f"{page['id']} {field}: {str(ours.get(field))[:60]!r} vs gold {str(gold)[:60]!r}"
                )
    return scores, misses


# --- tables -------------------------------------------------------------------------------------------
def _cells(row: list[Any]) -> list[str]:
    """Cells for comparison: text folded; a number by its value (pandas reads "65,535" as 65535: the
    same value, not a miss)."""
    out = []
    for cell in row:
        number = (
            parse_number(str(cell)) if str(cell).strip().replace(",", "").replace(".", "").isdigit() else None
        )
        out.append(f"={number:g}" if number is not None else fold(str(cell)))
    return out


def _pandas_tables(html: bytes) -> list[tuple[list[str], list[list[str]]]]:
    import pandas as pd

    try:
        frames = pd.read_html(io.BytesIO(html), flavor="lxml")  # bytes: XHTML pages declare their encoding
    except ValueError:  # "No tables found"
        return []
    out = []
    for frame in frames:
        columns = []
        for col in frame.columns:
            parts = col if isinstance(col, tuple) else (col,)
            kept: list[str] = []
            for part in parts:
                text = str(part)
                if not text.startswith("Unnamed:") and text not in kept:
                    kept.append(text)
            columns.append(" ".join(kept))
        rows = [[_pandas_cell(v) for v in record] for record in frame.itertuples(index=False)]
        out.append((columns, rows))
    return out


def _pandas_cell(value: Any) -> str:
    if value is None or (isinstance(value, float) and value != value):
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _weblens_tables(html: bytes) -> list[tuple[list[str], list[list[str]]]]:
    result = extract_data(html, sources=["tables"])
    return [(t["columns"], [list(r.values()) for r in t["rows"]]) for t in result.data["tables"]]


def _score_tables(
    candidates: list[tuple[list[str], list[list[str]]]], gold: dict[str, Any]
) -> tuple[int, int, int]:
    """(header right, gold rows found, row count right) for the candidate that holds most gold rows."""
    wanted = [_cells(r) for r in gold["sample"]]
    best = (0, 0, 0)
    for columns, rows in candidates:
        have = [_cells(r) for r in rows]
        found = sum(1 for r in wanted if r in have)
        header = int(_cells(columns) == _cells(gold["header"]))
        score = (found, header, int(len(rows) == gold["rows"]))
        if score > (best[1], best[0], best[2]):
            best = (header, found, score[2])
    return best


def tables(pages: list[dict[str, Any]]) -> dict[str, list[int]]:
    """Per system: [headers right, rows found, row counts right, tables, gold rows]."""
    out = {"weblens": [0, 0, 0, 0, 0], "pandas": [0, 0, 0, 0, 0]}
    for page in pages:
        if page["kind"] != "tables":
            continue
        for name, reader in (("weblens", _weblens_tables), ("pandas", _pandas_tables)):
            candidates = reader(page["html"])
            for gold in page["gold"]["tables"]:
                header, found, count = _score_tables(candidates, gold)
                row = out[name]
                row[0] += header
                row[1] += found
                row[2] += count
                row[3] += 1
                row[4] += len(gold["sample"])
    return out


# --- time ---------------------------------------------------------------------------------------------
def _best_of(repeat: int, work: Callable[[], Any]) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def timing(pages: list[dict[str, Any]], repeat: int) -> dict[str, float]:
    ours_total = base_total = 0.0
    ratios = []
    for page in pages:
        html = page["html"]
        schema = SCHEMAS.get(page["kind"])
        extract(html, page["url"])  # warm up (and import extruct's parts before the first measure)
        extract_data(html, schema, url=page["url"]) if schema else extract_data(html, sources=["tables"])
        base = _best_of(repeat, lambda html=html, page=page: extract(html, page["url"]))
        if schema is None:
            ours = _best_of(repeat, lambda html=html: extract_data(html, sources=["tables"]))
        else:
            ours = _best_of(
                repeat,
                lambda html=html, schema=schema, page=page: extract_data(html, schema, url=page["url"]),
            )
        ours_total += ours
        base_total += base
        ratios.append(ours / base)
    return {
        "pages": len(ratios),
        "extract_ms": base_total,
        "data_ms": ours_total,
        "ratio_total": ours_total / base_total,
        "ratio_median": statistics.median(ratios),
        "ratio_max": max(ratios),
    }


# --- the model path -----------------------------------------------------------------------------------
def _facts_for(text: str, markdown: str, count: int) -> list[Any]:
    """Facts read from the page's own text at spread positions: numbers and phrases, and lines."""
    from tests.support.fake_openai import BEHAVIOURS, Fact

    shown = " ".join(markdown.casefold().split())
    lines = [ln.strip() for ln in text.splitlines() if 30 <= len(ln.strip()) <= 160]
    lines = [ln for ln in lines if " ".join(ln.casefold().split()) in shown and "|" not in ln]
    if len(lines) < count + 3:
        return []
    step = len(lines) // (count + 3)
    picked = [lines[i * step] for i in range(count + 3)]
    facts = []
    decoy = picked[-1]
    for n, line in enumerate(picked[:count]):
        behaviour = BEHAVIOURS[n % len(BEHAVIOURS)]
        number = next(
            (
                parse_number(w)
                for w in line.split()
                if parse_number(w) is not None and w.strip(".,;:").isdigit()
            ),
            None,
        )
        value: Any = number if number is not None else " ".join(line.split()[:4])
        facts.append(Fact(f"fact_{n + 1}", value, line, behaviour, decoy))
    for i, line in enumerate(picked[count : count + 2]):
        facts.append(Fact(f"lines[{i}]", line, line))
    return facts


async def model_path(pages: list[dict[str, Any]], per_page: int = 12) -> dict[str, Any]:
    from tests.support.fake_openai import DataModel, FakeOpenAI

    from weblens import Lens, Settings
    from weblens.requests import DataRequest

    longest = sorted(
        (p for p in pages if p["kind"] in ("recipe", "product", "tables")), key=lambda p: -len(p["html"])
    )
    totals = {
        "pages": 0,
        "parts": 0,
        "returned": 0,
        "unverified": 0,
        "lies": 0,
        "lies_named": 0,
        "lies_returned": 0,
        "honest": 0,
        "honest_right": 0,
        "text_values": 0,
        "offsets_ok": 0,
        "unseen": 0,
    }
    with FakeOpenAI() as llm:
        settings = Settings(llm_base_url=llm.base_url, llm_model="fake", cache="none", embedder="none")
        async with Lens(settings) as lens:
            for page in longest:
                if totals["pages"] >= 8:
                    break
                probe = extract(page["html"], page["url"])
                facts = _facts_for(probe.text, probe.markdown, per_page)
                if not facts or len(probe.markdown) < 12_500:  # read in two parts or more
                    continue
                schema = {
                    "type": "object",
                    "properties": {
                        **{
                            f.path: ({"type": "number"} if isinstance(f.value, float) else {"type": "string"})
                            for f in facts
                            if "[" not in f.path
                        },
                        "lines": {"type": "array", "items": {"type": "string"}},
                    },
                }
                model = DataModel(facts)
                llm.answer_always(model)
                url = page["url"] or f"https://example.org/{page['id']}"
                request = DataRequest(url=url, schema=schema, sources=["llm"], include_text=True)
                result = await lens.data_of_page(page["html"], url, request)
                text = result.page.text if result.page else ""
                totals["pages"] += 1
                totals["parts"] += model.parts_seen
                for f in result.fields:
                    totals["returned"] += 1
                    totals["unverified"] += not f.verified
                    if f.quote is not None and f.start is not None:
                        totals["text_values"] += 1
                        totals["offsets_ok"] += text[f.start : f.end] == f.quote
                for fact in facts:
                    name = fact.path.split("[")[0]
                    if fact.path not in model.told:
                        totals["unseen"] += 1
                        continue
                    if fact.is_lie:
                        totals["lies"] += 1
                        totals["lies_named"] += any(
                            w.startswith(f"{fact.path}: llm value") for w in result.warnings
                        )
                        totals["lies_returned"] += result.data.get(name) is not None
                    else:
                        totals["honest"] += 1
                        got = result.data.get(name)
                        right = fact.value in got if isinstance(got, list) else got == fact.value
                        totals["honest_right"] += right
    return totals


async def added_time(pages: list[dict[str, Any]], runs: int = 10) -> dict[str, float]:
    """weblens's own time around the model calls, for the page of the set closest to 50 KB."""
    from tests.support.fake_openai import DataModel, Fact, FakeOpenAI

    from weblens import Lens, Settings
    from weblens.requests import DataRequest
    from weblens.research.llm import OpenAIChat

    page = min(pages, key=lambda p: abs(len(p["html"]) - 50_000))
    probe = extract(page["html"], page["url"])
    line = next(ln for ln in probe.text.splitlines() if len(ln) > 20)
    spans: list[tuple[float, float]] = []

    class TimedChat(OpenAIChat):
        async def _create(self, *args: Any, **kwargs: Any) -> str:
            start = time.perf_counter()
            try:
                return await super()._create(*args, **kwargs)
            finally:
                spans.append((start, time.perf_counter()))

    added, totals, prepared, parts = [], [], [], []
    with FakeOpenAI() as llm:
        llm.reply(DataModel([Fact("first_line", line, line)]))
        chat = TimedChat(llm.base_url, "fake")
        async with Lens(Settings(cache="none", embedder="none"), llm=chat) as lens:
            url = page["url"] or "https://example.org/page"
            schema = {"type": "object", "properties": {"first_line": {"type": "string"}}}
            request = DataRequest(url=url, schema=schema, sources=["llm"])
            for n in range(runs + 1):
                spans.clear()
                start = time.perf_counter()
                result = await lens.data_of_page(page["html"], url, request)
                total = (time.perf_counter() - start) * 1000
                if n:  # the first call opens the connection
                    added.append(total - _covered(spans) * 1000)  # parts are asked at once: their union
                    totals.append(total)
                    prepared.append(result.timings["prepare"])
                    parts.append(len(spans))
    return {
        "bytes": len(page["html"]),
        "page": page["id"],
        "added_ms": statistics.median(added),
        "total_ms": statistics.median(totals),
        "prepare_ms": statistics.median(prepared),
        "parts": statistics.median(parts),
    }


def _covered(spans: list[tuple[float, float]]) -> float:
    """Seconds during which at least one model call was in flight."""
    covered, end = 0.0, float("-inf")
    for start, stop in sorted(spans):
        if stop > end:
            covered += stop - max(start, end)
            end = stop
    return covered


# --- report -------------------------------------------------------------------------------------------
def _pct(a: int, b: int) -> str:
    return f"{100 * a / b:.1f} %" if b else "–"


def report(
    scores: dict[str, dict[str, list[int]]],
    table: dict[str, list[int]],
    model: dict[str, Any],
    timed: dict[str, float],
    added: dict[str, float],
) -> str:
    lines = [
        "## Typed data (`weblens data`)",
        "",
        "Command: `.venv/bin/python bench/data.py` (pages and labels: bench/data_set; the pages of other "
        "projects are built first with `bench/data_build.py --repos DIR`).",
        "",
    ]
    lines += [
        "### Embedded data: field accuracy (no model)",
        "",
        "| kind | field | pages | weblens | extruct mapped by the same names |",
        "| --- | --- | ---: | ---: | ---: |",
    ]
    all_ours = all_theirs = all_n = 0
    for kind, fields in scores.items():
        for field, (ours, theirs, n) in fields.items():
            lines.append(f"| {kind} | {field} | {n} | {_pct(ours, n)} | {_pct(theirs, n)} |")
            all_ours, all_theirs, all_n = all_ours + ours, all_theirs + theirs, all_n + n
    lines.append(f"| **all** | | {all_n} | **{_pct(all_ours, all_n)}** | **{_pct(all_theirs, all_n)}** |")
    lines += [
        "",
        "### Tables",
        "",
        "| | tables | header accuracy | row accuracy (gold rows found) | row count right |",
        "| --- | ---: | ---: | ---: | ---: |",
    ]
    for name, (head, rows, count, n, gold_rows) in table.items():
        peer = "pandas.read_html" if name == "pandas" else "weblens"
        lines.append(f"| {peer} | {n} | {_pct(head, n)} | {_pct(rows, gold_rows)} | {_pct(count, n)} |")
    m, t, a = model, timed, added
    lines += ["", "### Model path against an adversarial model (strict grounding)", ""]
    lines += [
        f"- pages: {m['pages']} (read in {m['parts']} parts in all); values returned: {m['returned']}",
        f"- unverified values returned: **{m['unverified']}** (goal 0)",
        f"- invented or misquoted values named in a warning by their field: **{m['lies_named']} of "
        f"{m['lies']}**; returned: {m['lies_returned']}",
        f"- honest facts returned right, across the parts: **{m['honest_right']} of {m['honest']}** "
        f"({m['unseen']} facts no part showed whole were never answered and are not counted)",
        f"- returned text-source values with `page.text[start:end] == quote`: "
        f"**{_pct(m['offsets_ok'], m['text_values'])}** ({m['offsets_ok']} of {m['text_values']})",
    ]
    lines += ["", "### Time", ""]
    lines += [
        f"- embedded and table extraction against `weblens.extract` on the same {t['pages']} pages: "
        f"**{t['ratio_total']:.2f}×** in total ({t['data_ms']:.0f} against {t['extract_ms']:.0f} ms), "
        f"median per page {t['ratio_median']:.2f}×, worst {t['ratio_max']:.2f}× (goal ≤ 2×)",
        f"- time weblens adds around the model calls for a {a['bytes'] / 1000:.0f} KB page ({a['page']}; "
        f"parts asked at once: {a['parts']:.0f}): "
        f"**{a['added_ms']:.1f} ms** (median of 10, of which {a['prepare_ms']:.1f} ms reading the page: "
        f"`weblens.extract` for the text and Markdown the model reads; the whole call {a['total_ms']:.1f} ms "
        "with the model answering at once; goal ≤ 50 ms)",
        f"- load average while measuring: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores (the machine is "
        "shared; times scale with it)",
    ]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--no-write", action="store_true")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--built", type=Path, default=BUILT, help="where bench/data_build.py wrote the pages")
    args = parser.parse_args()
    try:
        import extruct  # noqa: F401
        import pandas  # noqa: F401
    except ImportError:
        sys.exit("the peers are needed: .venv/bin/pip install -e '.[bench]'")
    pages = load_pages(args.built)
    scores, misses = embedded(pages)
    table = tables(pages)
    model = asyncio.run(model_path(pages))
    timed = timing(pages, args.repeat)
    added = asyncio.run(added_time(pages))
    body = report(scores, table, model, timed, added)
    print(body)
    print("\nmisses:\n" + "\n".join(misses), file=sys.stderr)
    if not args.no_write:
        write_section("data", body)


if __name__ == "__main__":
    main()
