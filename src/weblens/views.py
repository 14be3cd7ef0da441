"""Human-readable views of results for the CLI's markdown and text formats (pure)."""

from __future__ import annotations

from weblens.models import PageExtract, SearchResponse, SessionClosed, Snapshot

__all__ = [
    "closed_as_text",
    "page_as_markdown",
    "page_as_text",
    "search_as_markdown",
    "search_as_text",
    "snapshot_as_text",
]


def _byline(page: PageExtract) -> str:
    parts = [p for p in (page.author, page.published_date) if p]
    return ", ".join(parts)


def page_as_markdown(page: PageExtract) -> str:
    head = [f"# {page.title}"] if page.title else []
    source = f"Source: <{page.final_url}>" if page.final_url else ""
    byline = _byline(page)
    meta = " · ".join(p for p in (source, byline) if p)
    body = page.markdown.strip()
    if page.title and body.startswith("# ") and body.splitlines()[0][2:].strip() == page.title.strip():
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


def snapshot_as_text(snapshot: Snapshot) -> str:
    return snapshot.render()


def closed_as_text(closed: SessionClosed) -> str:
    return f"Closed browsing session {closed.session_id}."
