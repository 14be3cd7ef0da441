// Ask: a question in; the stages of the research loop stream in (server-sent events of
// POST /v1/answer, read with fetch() so the API key can go in the Authorization header); then the
// answer with its numbered sources, each with the quotes cited from it and whether they were verified.

import { ApiError, events, request } from "./api.js";
import { called, clear, h, ms, outLink, say } from "./dom.js";
import { renderMarkdown } from "./markdown.js";
import { collectOptions } from "./options.js";

function stageItem(list, stage) {
  let item = list.querySelector(`li[data-stage="${CSS.escape(stage)}"]`);
  if (!item) {
    for (const earlier of list.querySelectorAll("li.current")) {
      earlier.className = "done";
    }
    item = h("li", { class: "current", "data-stage": stage });
    list.append(item);
  }
  return item;
}

function showProgress(list, event) {
  const item = stageItem(list, String(event.stage || "working"));
  const parts = [h("span", { class: "stage" }, String(event.stage || ""))];
  if (event.message) parts.push(h("span", { class: "stage-message" }, String(event.message)));
  if (typeof event.total === "number" && event.total > 0) parts.push(h("span", { class: "muted" }, `${event.done ?? 0}/${event.total}`));
  if (typeof event.elapsed_ms === "number") parts.push(h("span", { class: "muted" }, ms(event.elapsed_ms)));
  clear(item, parts);
}

/** The answer text as Markdown, its [n] markers turned into links to the numbered sources. */
function answerBody(text, sourceCount) {
  const fragment = renderMarkdown(String(text || ""));
  const walker = document.createTreeWalker(fragment, NodeFilter.SHOW_TEXT);
  const nodes = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node);
  for (const node of nodes) {
    const parts = node.data.split(/(\[\d{1,3}\])/);
    if (parts.length === 1) continue;
    const replaced = parts.map((part) => {
      const n = /^\[(\d+)\]$/.exec(part);
      if (!n || Number(n[1]) < 1 || Number(n[1]) > sourceCount) return part;
      return h("a", { href: `#source-${n[1]}`, class: "cite", "aria-label": `source ${n[1]}` }, part);
    });
    node.replaceWith(...replaced);
  }
  return fragment;
}

function quoteView(citation) {
  const verified = citation.verified === true;
  const badge = h(
    "span",
    { class: verified ? "badge ok" : "badge warn", title: verified ? `found verbatim in the page at characters ${citation.start}–${citation.end}` : "not found verbatim in the page" },
    verified ? "verified" : "not verified",
  );
  return h("li", {}, h("blockquote", {}, String(citation.quote || "")), badge);
}

function sourceItem(page, n, citations) {
  const cited = citations.filter((c) => Number(c.n) === n);
  return h(
    "li",
    { id: `source-${n}`, class: "source" },
    h("p", { class: "result-title" }, `[${n}] `, outLink(page.final_url, page.title || page.final_url)),
    h("p", { class: "muted" }, [page.site_name, page.published_date].filter(Boolean).join(" · ")),
    cited.length ? h("ul", { class: "quotes" }, cited.map(quoteView)) : h("p", { class: "muted" }, "Read, but not cited in the answer."),
  );
}

function showAnswer(answer) {
  const sources = Array.isArray(answer.sources) ? answer.sources : [];
  const citations = Array.isArray(answer.citations) ? answer.citations : [];
  clear(document.getElementById("answer"), answerBody(answer.answer, sources.length));
  const notes = [];
  notes.push(
    h(
      "p",
      { class: "muted" },
      answer.llm_used ? "Written by the configured LLM from the passages it was given." : "Extractive answer: the best passages' own sentences (no LLM is configured).",
      answer.search_query ? ` Searched for “${answer.search_query}”.` : "",
      answer.expanded ? " The first pages were weak, so more results were read." : "",
    ),
  );
  const timings = answer.timings && typeof answer.timings === "object" ? Object.entries(answer.timings) : [];
  if (timings.length) notes.push(h("p", { class: "muted" }, "Time: ", timings.map(([k, v]) => `${k} ${ms(Number(v))}`).join(" · ")));
  for (const warning of answer.warnings || []) notes.push(h("p", { class: "message", "data-kind": "warn" }, String(warning)));
  const failures = answer.failures || [];
  if (failures.length) notes.push(h("ul", { class: "failures" }, failures.map((f) => h("li", {}, outLink(f.url), ` — ${f.code}: ${f.message}`))));
  clear(document.getElementById("answer-notes"), notes);
  document.getElementById("sources-title").hidden = sources.length === 0;
  clear(document.getElementById("sources"), sources.map((page, i) => sourceItem(page, i + 1, citations)));
}

function unavailable() {
  document.body.dataset.answer = "absent";
  document.querySelector("[data-testid=ask-unavailable]").hidden = false;
  document.querySelector("#ask-form fieldset").disabled = true;
}

async function ask(question, options) {
  const status = document.getElementById("ask-status");
  const progress = document.getElementById("ask-progress");
  clear(progress);
  clear(document.getElementById("answer"));
  clear(document.getElementById("answer-notes"));
  clear(document.getElementById("sources"));
  document.getElementById("sources-title").hidden = true;
  say(status, "Working …", "busy");
  let response;
  try {
    response = await request("/v1/answer", { method: "POST", body: { question, ...options }, accept: "text/event-stream" });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 405)) {
      unavailable();
      say(status, "");
      return;
    }
    throw error;
  }
  const type = response.headers.get("content-type") || "";
  if (!type.includes("text/event-stream")) {
    showAnswer(await response.json());
    say(status, "Done.");
    return;
  }
  for await (const event of events(response)) {
    const data = JSON.parse(event.data);
    if (event.event === "progress") showProgress(progress, data);
    else if (event.event === "answer") {
      for (const item of progress.querySelectorAll("li.current")) item.className = "done";
      showAnswer(data);
      say(status, "Done.");
      return;
    } else if (event.event === "error") {
      const e = data.error || {};
      throw new ApiError(200, String(e.code || "internal_error"), String(e.message || "the answer failed"), e.url || null);
    }
  }
  throw new ApiError(200, "internal_error", "the stream ended before an answer arrived");
}

export function setupAsk() {
  const form = document.getElementById("ask-form");
  const input = document.getElementById("ask-input");
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const question = input.value.trim();
    const status = document.getElementById("ask-status");
    if (!question) {
      say(status, "Enter a question.", "error");
      input.focus();
      return;
    }
    const fieldset = form.querySelector("fieldset");
    fieldset.disabled = true;
    try {
      await ask(question, collectOptions(form));
    } catch (error) {
      say(status, error.describe ? error.describe() : String(error), "error");
    } finally {
      if (document.body.dataset.answer === "available") fieldset.disabled = false;
      called();
    }
  });
}
