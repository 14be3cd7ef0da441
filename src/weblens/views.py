"""Human-readable views of results for the CLI's markdown and text formats (pure)."""

from __future__ import annotations

import json

from weblens.models import (
    Answer,
    Citation,
    CrawlSummary,
    DataResult,
    MapResult,
    PageExtract,
    Passage,
    SearchResponse,
    SessionClosed,
    Snapshot,
)

__all__ = [
    "answer_as_markdown",
    "answer_as_text",
    "closed_as_text",
    "crawl_as_markdown",
    "crawl_as_text",
    "data_as_markdown",
    "data_as_text",
    "map_as_markdown",
    "map_as_text",
    "page_as_markdown",
    "page_as_text",
    "passages_as_markdown",
    "passages_as_text",
    "search_as_markdown",
    "search_as_text",
    "snapshot_as_text",
]


def _byline(page: PageExtract) -> str:
    parts = [p for p in (page.author, page.published_date) if p]
    return ", ".join(parts)


def _same(heading: str, title: str) -> bool:
    """The same words, whatever the case and spacing (the page's heading may say "Notes On Pruning")."""
    return heading.casefold().split() == title.casefold().split()


def page_as_markdown(page: PageExtract) -> str:
    head = [f"# {page.title}"] if page.title else []
    source = f"Source: <{page.final_url}>" if page.final_url else ""
    byline = _byline(page)
    meta = " · ".join(p for p in (source, byline) if p)
    body = page.markdown.strip()
    if page.title and body.startswith("# ") and _same(body.splitlines()[0][2:], page.title):
        body = body.split("\n", 1)[1].lstrip() if "\n" in body else ""
    return "\n\n".join(part for part in (*head, meta, body) if part) + "\n"


def page_as_text(page: PageExtract) -> str:
    head = [line for line in (page.title, page.final_url, _byline(page)) if line]
    return "\n".join(head) + ("\n\n" if head else "") + page.text.strip() + "\n"


def search_as_markdown(response: SearchResponse) -> str:
    lines = [f"Results for **{response.query}** (via {response.provider_used}):", ""]
    for result in response.results:
        date = f" ({result.published})" if result.published else ""
        lines.append(f"{result.rank}. [{result.title}]({result.url}){date}")
        if result.snippet:
            lines.append(f"   {result.snippet}")
    return "\n".join(lines) + "\n"


def search_as_text(response: SearchResponse) -> str:
    lines = []
    for result in response.results:
        lines.append(f"{result.rank}. {result.title}\n   {result.url}")
        if result.snippet:
            lines.append(f"   {result.snippet}")
    return "\n".join(lines) + "\n"


def _quotes(answer: Answer) -> dict[int, Citation]:
    """The first verified citation of each source number."""
    best: dict[int, Citation] = {}
    for citation in answer.citations:
        if citation.verified and citation.n not in best:
            best[citation.n] = citation
    return best


def _one_line(text: str, limit: int = 300) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def answer_as_markdown(answer: Answer) -> str:
    """The answer, then its numbered sources with title, URL and the verified quote."""
    lines = [answer.answer.strip(), ""]
    quotes = _quotes(answer)
    if answer.sources:
        lines += ["## Sources", ""]
        for n, page in enumerate(answer.sources, start=1):
            url = page.final_url or ""
            lines.append(f"[{n}] [{_one_line(page.title or url, 150)}]({url})")
            if n in quotes:
                c = quotes[n]
                lines.append(f"    > {_one_line(c.quote or '')} (characters {c.start}–{c.end})")
        lines.append("")
    if answer.warnings:
        lines += ["## Warnings", "", *[f"- {w}" for w in answer.warnings], ""]
    return "\n".join(lines).rstrip() + "\n"


def answer_as_text(answer: Answer) -> str:
    lines = [answer.answer.strip(), ""]
    quotes = _quotes(answer)
    for n, page in enumerate(answer.sources, start=1):
        lines.append(f"[{n}] {_one_line(page.title or '', 150)} {page.final_url or ''}".replace("  ", " "))
        if n in quotes:
            lines.append(f'    "{_one_line(quotes[n].quote or "")}"')
    for warning in answer.warnings:
        lines.append(f"warning: {warning}")
    return "\n".join(lines).rstrip() + "\n"


def passages_as_markdown(passages: list[Passage]) -> str:
    lines = []
    for p in passages:
        also = f" (also at {', '.join(p.also_at)})" if p.also_at else ""
        lines += [
            f"### {p.rank}. {_one_line(p.title or p.url, 150)} — relevance {p.relevance:.2f}",
            f"<{p.url}> characters {p.start}–{p.end}{also}",
            "",
            p.text.strip(),
            "",
        ]
    return "\n".join(lines).rstrip() + "\n"


def passages_as_text(passages: list[Passage]) -> str:
    lines = []
    for p in passages:
        lines += [f"{p.rank}. {p.url} [{p.start}:{p.end}] relevance {p.relevance:.2f}", p.text.strip(), ""]
    return "\n".join(lines).rstrip() + "\n"


def snapshot_as_text(snapshot: Snapshot) -> str:
    return snapshot.render()


def closed_as_text(closed: SessionClosed) -> str:
    return f"Closed browsing session {closed.session_id}."


def _where(field: object) -> str:
    quote = getattr(field, "quote", None)
    start = getattr(field, "start", None)
    if quote is not None and start is not None:
        return f'"{_one_line(quote, 120)}" (text {start}-{getattr(field, "end", "")})'
    return str(getattr(field, "pointer", None) or "")


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def data_as_markdown(result: DataResult) -> str:
    """The data as a JSON block, then where each value comes from, then the warnings."""
    lines = [f"Data from <{result.url}>" if result.url else "Data", ""]
    lines += ["```json", json.dumps(result.data, indent=2, ensure_ascii=False), "```", ""]
    if result.fields:
        lines += ["| field | value | source | where |", "| --- | --- | --- | --- |"]
        for f in result.fields:
            mark = "" if f.verified else " (unverified)"
            value = _cell(_one_line(json.dumps(f.value, ensure_ascii=False), 80))
            lines.append(f"| {f.path} | {value}{mark} | {f.source} | {_cell(_where(f))} |")
        lines.append("")
    lines += [f"- warning: {w}" for w in result.warnings]
    return "\n".join(lines).rstrip() + "\n"


def data_as_text(result: DataResult) -> str:
    lines = [json.dumps(result.data, indent=2, ensure_ascii=False), ""]
    for f in result.fields:
        mark = "" if f.verified else " (unverified)"
        lines.append(f"{f.path} = {json.dumps(f.value, ensure_ascii=False)}{mark}  [{f.source}] {_where(f)}")
    lines += [f"warning: {w}" for w in result.warnings]
    return "\n".join(lines).rstrip() + "\n"


def _crawl_counts(summary: CrawlSummary) -> str:
    c = summary.counts
    cut = ", ".join(f"{reason} {n}" for reason, n in sorted(c.cut.items()) if n)
    parts = [f"{c.pages} pages", f"{c.errors} errors", f"{c.duplicates} duplicates"]
    if c.queued:
        parts.append(f"{c.queued} left in the queue")
    return ", ".join(parts) + (f"; not read: {cut}" if cut else "") + f" ({summary.stopped})"


def crawl_as_markdown(summary: CrawlSummary) -> str:
    lines = [f"Crawl of <{summary.url}> ({summary.scope}): {_crawl_counts(summary)}", ""]
    for ref in summary.pages:
        if ref.status == "page":
            lines.append(f"- [{ref.title or ref.url}]({ref.url}) — {ref.words} words")
        elif ref.status == "error":
            lines.append(f"- <{ref.url}> — error: {ref.detail}")
        else:
            lines.append(f"- <{ref.url}> — same page as <{ref.detail}>")
    lines += [f"Warning: {warning}" for warning in summary.warnings]
    return "\n".join(lines).rstrip() + "\n"


def crawl_as_text(summary: CrawlSummary) -> str:
    lines = [f"{summary.url}: {_crawl_counts(summary)}"]
    lines += [f"{ref.url}\t{ref.status}\t{ref.title or ref.detail or ''}" for ref in summary.pages]
    return "\n".join(lines) + "\n"


def map_as_markdown(result: MapResult) -> str:
    lines = [f"{len(result.urls)} pages of <{result.url}>:", ""]
    for item in result.urls:
        label = item.title or item.url
        lines.append(f"- [{label}]({item.url})" + (f" ({item.lastmod})" if item.lastmod else ""))
    lines += [f"Warning: {warning}" for warning in result.warnings]
    return "\n".join(lines) + "\n"


def map_as_text(result: MapResult) -> str:
    return "".join(f"{item.url}\n" for item in result.urls)
