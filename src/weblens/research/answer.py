"""The research loop: question → query → search → select → read → rank (expand when weak) → answer → verify.

    pipeline = AnswerPipeline(tools, options)
    answer = await pipeline.run("what does carrageenan do against influenza?")

Every step works without a chat model: the query is the question's keywords, the selection is the
top results, the answer is extractive (the sources' own sentences, each cited). With a model, it
rewrites the query, picks the results to read (``{"indices": [...]}``, checked) and writes the answer
from the top passages only; its ``[n]`` markers are checked against the sources. A model that fails
is reported in the warnings and the step falls back to what it does without one.

Abstaining: when nothing could be read, or the best passage's relevance stays below
``abstain_below`` after expanding, the answer says that the web did not answer, lists what was
tried, and cites nothing; the model is not asked.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from weblens.errors import WeblensError
from weblens.logs import get_logger
from weblens.models import (
    Answer,
    Citation,
    GatherFailure,
    PageExtract,
    Passage,
    ProgressEvent,
    SearchResponse,
    SearchResult,
    Stage,
)
from weblens.research import prompts
from weblens.research.cite import Checked, verify
from weblens.research.extractive import extractive_answer
from weblens.research.llm import ChatModel
from weblens.research.rank import Ranking
from weblens.research.replies import keywords, parse_indices, parse_query

__all__ = ["AnswerOptions", "AnswerPipeline", "AnswerTools", "ProgressCallback"]

log = get_logger("weblens.answer")

ProgressCallback = Callable[[ProgressEvent], None]
T = TypeVar("T")
Read = PageExtract | GatherFailure


@dataclass(frozen=True, kw_only=True)
class AnswerOptions:
    read: int = 3
    max_results: int = 10
    top_k: int = 5
    ranker: str = "auto"
    expand_below: float = 0.35
    """Best relevance under this: read more results once (up to ``max_pages`` pages in all)."""
    abstain_below: float = 0.36
    """Support under this (after expanding): abstain. Support is ``0.8·lexical + 0.2·cosine`` with
    embeddings, the lexical support alone without (see :class:`~weblens.research.rank.Ranking`);
    chosen on the QA bench (docs/research.md)."""
    max_pages: int = 5
    """Pages read in all, expansion included."""
    answer_passages: int = 5
    """Passages the model answers from."""


@dataclass(frozen=True, kw_only=True)
class AnswerTools:
    """What the pipeline needs from a :class:`~weblens.Lens`."""

    search: Callable[[str, int], Awaitable[SearchResponse]]
    read: Callable[[Sequence[str], Callable[[Read], None]], Awaitable[list[Read]]]
    """Read the URLs (partial results); the callable is told of each one as soon as it is done."""
    rank: Callable[[str, Sequence[PageExtract], int, str, Callable[[str], None]], Ranking]
    """Synchronous (CPU work): run in a thread."""
    llm: ChatModel | None = None


@dataclass
class _Run:
    question: str
    started: float = field(default_factory=time.perf_counter)
    query: str = ""
    results: list[SearchResult] = field(default_factory=list)
    provider: str | None = None
    tried: list[str] = field(default_factory=list)
    pages: list[PageExtract] = field(default_factory=list)
    failures: list[GatherFailure] = field(default_factory=list)
    passages: list[Passage] = field(default_factory=list)
    ranking: Ranking = field(default_factory=lambda: Ranking([]))
    warnings: list[str] = field(default_factory=list)
    timings: dict[str, float] = field(default_factory=dict)
    expanded: bool = False
    llm_used: bool = False

    def elapsed_ms(self) -> float:
        return round((time.perf_counter() - self.started) * 1000, 1)


class AnswerPipeline:
    def __init__(
        self, tools: AnswerTools, options: AnswerOptions, on_progress: ProgressCallback | None = None
    ) -> None:
        self.tools = tools
        self.options = options
        self._on_progress = on_progress

    async def run(self, question: str) -> Answer:
        run = _Run(question=question)
        await self._timed(run, "query", self._query(run))
        await self._timed(run, "search", self._search(run))
        chosen = await self._timed(run, "select", self._select(run))
        await self._timed(run, "read", self._read(run, chosen))
        await self._timed(run, "rank", self._rank(run))
        if self._weak(run):
            await self._timed(run, "expand", self._expand(run, chosen))
        if self._should_abstain(run):
            return self._abstain(run)
        text = await self._timed(run, "answer", self._answer(run))
        checked = await self._timed(run, "verify", self._verify(run, text))
        return self._result(run, checked.text, checked.citations)

    # --- steps ---------------------------------------------------------------------------------
    async def _query(self, run: _Run) -> None:
        self._progress(run, "query", "Turning the question into a search query")
        run.query = keywords(run.question)
        if self.tools.llm is not None:
            reply = await self._ask(run, "query", prompts.query_messages(run.question))
            rewritten = parse_query(reply) if reply is not None else None
            if rewritten:
                run.query = rewritten
            elif reply is not None:
                run.warnings.append("the model's search query was unusable; searched for the keywords")

    async def _search(self, run: _Run) -> None:
        self._progress(run, "search", f"Searching for: {run.query}")
        found = await self.tools.search(run.query, self.options.max_results)
        run.results, run.provider = list(found.results), found.provider_used
        run.tried.append(
            f'searched for "{run.query}" ({found.provider_used or "no provider"}): '
            f"{len(found.results)} result(s)"
        )

    async def _select(self, run: _Run) -> list[int]:
        count = min(self.options.read, self.options.max_pages, len(run.results))
        self._progress(run, "select", f"Choosing {count} of {len(run.results)} results", 0, count)
        top = list(range(count))
        if self.tools.llm is None or count == 0 or len(run.results) <= count:
            return top
        messages = prompts.select_messages(run.question, run.results, count)
        reply = await self._ask(run, "select", messages, json_reply=True)
        if reply is None:
            return top
        picked = parse_indices(reply, count=len(run.results), pick=count)
        if picked is None:
            run.warnings.append("the model's choice of results was unusable; read the top results")
            return top
        return picked

    async def _read(self, run: _Run, chosen: Sequence[int]) -> None:
        urls = [run.results[i].url for i in chosen]
        self._progress(run, "read", f"Reading {len(urls)} page(s)", 0, len(urls))
        await self._read_urls(run, urls, "read")
        self._progress(run, "read", f"Read {len(run.pages)} of {len(urls)} page(s)", len(urls), len(urls))

    async def _read_urls(self, run: _Run, urls: Sequence[str], stage: Stage) -> None:
        if not urls:
            return
        done = 0

        def arrived(outcome: Read) -> None:  # one progress step per page, as it arrives
            nonlocal done
            done += 1
            if isinstance(outcome, PageExtract):
                what = f"Read {outcome.title or outcome.final_url or 'a page'}"
            else:
                what = f"Could not read {outcome.url}: {outcome.code}"
            self._progress(run, stage, what, done, len(urls))

        outcomes = await self.tools.read(urls, arrived)
        got = [o for o in outcomes if isinstance(o, PageExtract)]
        run.pages.extend(got)
        run.failures.extend(o for o in outcomes if isinstance(o, GatherFailure))
        run.tried.append(f"read {len(got)} of {len(urls)} page(s)")

    async def _rank(self, run: _Run) -> None:
        self._progress(run, "rank", f"Ranking the passages of {len(run.pages)} page(s)")
        if not run.pages:
            run.ranking, run.passages = Ranking([]), []
            return
        top_k = max(self.options.top_k, self.options.answer_passages)
        run.ranking = await asyncio.to_thread(
            self.tools.rank, run.question, list(run.pages), top_k, self.options.ranker, run.warnings.append
        )
        run.passages = run.ranking.passages

    def _best(self, run: _Run) -> float:
        return run.passages[0].relevance if run.passages else 0.0

    def _weak(self, run: _Run) -> bool:
        return self._best(run) < self.options.expand_below

    async def _expand(self, run: _Run, chosen: Sequence[int]) -> None:
        room = self.options.max_pages - len(chosen)
        more = [r.url for i, r in enumerate(run.results) if i not in set(chosen)][: max(room, 0)]
        if not more:
            return
        self._progress(
            run, "expand", f"Weak passages (best {self._best(run):.2f}): reading {len(more)} more page(s)"
        )
        run.expanded = True
        await self._read_urls(run, more, "expand")
        await self._rank(run)

    def _support(self, run: _Run) -> float:
        """How well the passages read cover the question (what the abstention floor is compared with)."""
        ranking = run.ranking
        if not ranking.semantic:
            return ranking.lexical_support
        cosine = max((p.relevance for p in ranking.passages), default=0.0)
        return 0.8 * ranking.lexical_support + 0.2 * cosine

    def _should_abstain(self, run: _Run) -> bool:
        return not run.pages or not run.passages or self._support(run) < self.options.abstain_below

    def _abstain(self, run: _Run) -> Answer:
        if not run.pages:
            why = "no page could be read" if run.results else "the search found nothing"
        else:
            support, floor = self._support(run), self.options.abstain_below
            why = f"no passage covers the question well enough (support {support:.2f}, needed {floor:.2f})"
        tried = "; ".join(run.tried) or "nothing"
        text = f"The web did not answer this question: {why}. Tried: {tried}."
        self._progress(run, "answer", "Abstaining: " + why)
        return self._result(run, text, [], abstained=True)

    async def _answer(self, run: _Run) -> str | Checked:
        numbers = self._numbers(run)
        passages = run.passages[: self.options.answer_passages]
        if self.tools.llm is not None:
            self._progress(
                run, "answer", f"Asking {self.tools.llm.name} to answer from {len(passages)} passages"
            )
            numbered = [(numbers[p.url], p) for p in passages if p.url in numbers]
            reply = await self._ask(run, "answer", prompts.answer_messages(run.question, numbered))
            if reply is not None:
                run.llm_used = True
                return reply.strip()
        self._progress(run, "answer", "Writing an extractive answer from the best passages")
        text, citations = extractive_answer(run.question, run.passages, run.pages, numbers)
        return Checked(text=text, citations=citations)

    async def _verify(self, run: _Run, answer: str | Checked) -> Checked:
        self._progress(run, "verify", "Checking every citation against its source")
        if isinstance(answer, Checked):  # extractive: the quotes are known, check them at their offsets
            checked = Checked(text=answer.text, citations=[_recheck(c, run.pages) for c in answer.citations])
        else:
            checked = verify(answer, run.pages)
        run.warnings.extend(checked.warnings)
        if not checked.citations:
            run.warnings.append("the answer cites no source")
        return checked

    # --- helpers -------------------------------------------------------------------------------

    def _numbers(self, run: _Run) -> dict[str, int]:
        numbers: dict[str, int] = {}
        for n, page in enumerate(run.pages, start=1):
            numbers.setdefault(page.final_url or page.canonical_url or "", n)
        return numbers

    def _result(self, run: _Run, text: str, citations: list[Citation], *, abstained: bool = False) -> Answer:
        run.timings["total"] = run.elapsed_ms()
        return Answer(
            question=run.question,
            search_query=run.query,
            answer=text,
            citations=citations,
            passages=run.passages[: self.options.top_k],
            sources=run.pages,
            failures=run.failures,
            warnings=list(dict.fromkeys(run.warnings)),
            llm_used=run.llm_used,
            expanded=run.expanded,
            abstained=abstained,
            timings=run.timings,
        )

    async def _ask(
        self, run: _Run, stage: str, messages: list[dict[str, str]], *, json_reply: bool = False
    ) -> str | None:
        assert self.tools.llm is not None
        try:
            return await self.tools.llm.complete(messages, json_reply=json_reply)
        except WeblensError as exc:
            run.warnings.append(f"{stage}: {exc.code}: {exc.message}; went on without the model")
            log.warning("answer_llm_failed", stage=stage, error=exc.code)
            return None

    async def _timed(self, run: _Run, stage: Stage, work: Awaitable[T]) -> T:
        start = time.perf_counter()
        try:
            return await work
        finally:
            run.timings[stage] = round(run.timings.get(stage, 0.0) + (time.perf_counter() - start) * 1000, 1)

    def _progress(self, run: _Run, stage: Stage, message: str, done: int = 0, total: int = 0) -> None:
        if self._on_progress is None:
            return
        event = ProgressEvent(
            stage=stage, message=message, done=done, total=total, elapsed_ms=run.elapsed_ms()
        )
        try:
            self._on_progress(event)
        except Exception:  # a broken display must not sink the answer
            log.warning("progress_callback_failed", stage=stage)


def _recheck(citation: Citation, sources: Sequence[PageExtract]) -> Citation:
    source = sources[citation.n - 1] if 1 <= citation.n <= len(sources) else None
    ok = (
        source is not None
        and citation.quote is not None
        and citation.start is not None
        and source.text[citation.start : citation.end] == citation.quote
    )
    return citation.model_copy(update={"verified": ok})
