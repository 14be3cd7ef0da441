"""The two-pass directive flow: the model may ask to search, weblens gathers, the model answers.

    answer = await Responder(tools).run([{"role": "user", "content": "Who won the 2026 Tour?"}])

1. The model sees the conversation and may reply with ``[[WEB_SEARCH: query]]`` directives.
2. Each directive (at most ``max_searches``) is gathered within the search budget; the pages become
   numbered sources (:func:`~weblens.search.citations.format_sources`) sent back to the model. When
   search is unavailable (not configured, budget spent, every provider down) or nothing could be
   read, the model is told the web is unavailable instead of being left to guess.
3. Its second reply is the answer; its ``[n]`` markers are verified against the sources.

A first reply without directives is the answer (cited markers then name no source and are removed).
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass

from weblens.errors import BudgetExceeded, NotConfigured, SearchError
from weblens.models import Answer, GatherFailure, GatherResponse, PageExtract
from weblens.research import prompts
from weblens.research.cite import verify
from weblens.research.llm import ChatModel, Message
from weblens.search.citations import format_sources
from weblens.search.directives import parse_search_directives, strip_search_directives
from weblens.search.urls import normalise_url

__all__ = ["RespondTools", "Responder"]


@dataclass(frozen=True, kw_only=True)
class RespondTools:
    llm: ChatModel
    gather: Callable[[str], Awaitable[GatherResponse]]
    max_searches: int = 3
    max_chars_per_page: int = 12_000


class Responder:
    def __init__(self, tools: RespondTools) -> None:
        self.tools = tools

    async def run(self, messages: Sequence[Message]) -> Answer:
        started = time.perf_counter()
        timings: dict[str, float] = {}
        conversation = [prompts.respond_system(), *messages]
        first = await self._timed(timings, "answer", self.tools.llm.complete(conversation))
        queries = parse_search_directives(first)[: self.tools.max_searches]
        question = _last_user(messages)
        if not queries:
            return self._answer(question, "", first, [], [], [], timings, started)
        t0 = time.perf_counter()
        found, reason = await self._gather(queries)
        timings["search"] = round((time.perf_counter() - t0) * 1000, 1)
        pages = _distinct_pages(found)
        failures = [f for g in found for f in g.failures]
        results = [r for g in found for r in g.search_results]
        if reason is None and not pages:
            reason = "no page could be read"
        if reason is None:
            gathered = GatherResponse(
                query=" | ".join(queries), search_results=results, gathered_pages=pages, failures=failures
            )
            sources: str | None = format_sources(gathered, max_chars_per_page=self.tools.max_chars_per_page)
        else:
            sources, pages = None, []
        follow_up = [
            *conversation,
            {"role": "assistant", "content": first},
            prompts.respond_sources_message(sources, reason or ""),
        ]
        second = await self._timed(timings, "answer", self.tools.llm.complete(follow_up))
        warnings = [f"web unavailable: {reason}"] if reason else []
        return self._answer(
            question, " | ".join(queries), second, pages, failures, warnings, timings, started
        )

    async def _gather(self, queries: list[str]) -> tuple[list[GatherResponse], str | None]:
        found: list[GatherResponse] = []
        for query in queries:
            try:
                found.append(await self.tools.gather(query))
            except (NotConfigured, BudgetExceeded, SearchError) as exc:
                return found, f"{exc.code}: {exc.message}"
        return found, None

    def _answer(
        self,
        question: str,
        query: str,
        reply: str,
        pages: list[PageExtract],
        failures: list[GatherFailure],
        warnings: list[str],
        timings: dict[str, float],
        started: float,
    ) -> Answer:
        t0 = time.perf_counter()
        checked = verify(strip_search_directives(reply), pages)
        timings["verify"] = round((time.perf_counter() - t0) * 1000, 1)
        timings["total"] = round((time.perf_counter() - started) * 1000, 1)
        return Answer(
            question=question,
            search_query=query,
            answer=checked.text,
            citations=checked.citations,
            sources=pages,
            failures=failures,
            warnings=[*warnings, *checked.warnings],
            llm_used=True,
            timings=timings,
        )

    @staticmethod
    async def _timed(timings: dict[str, float], stage: str, work: Awaitable[str]) -> str:
        t0 = time.perf_counter()
        try:
            return await work
        finally:
            timings[stage] = round(timings.get(stage, 0.0) + (time.perf_counter() - t0) * 1000, 1)


def _last_user(messages: Sequence[Message]) -> str:
    return next((m.get("content", "") for m in reversed(messages) if m.get("role") == "user"), "")


def _distinct_pages(found: list[GatherResponse]) -> list[PageExtract]:
    seen: set[str] = set()
    pages: list[PageExtract] = []
    for gathered in found:
        for page in gathered.gathered_pages:
            key = normalise_url(page.final_url or "")
            if key not in seen:
                seen.add(key)
                pages.append(page)
    return pages
