// Search: a query in, ranked results out; with "Read top N" the top pages are read too (gather).

import { postJSON } from "./api.js";
import { called, clear, count, h, ms, outLink, say } from "./dom.js";
import { collectOptions } from "./options.js";
import { openInRead, showPage } from "./read.js";

function resultItem(result) {
  const meta = [result.domain, result.provider && `via ${result.provider}`, result.published].filter(Boolean).join(" · ");
  const read = h("button", { type: "button", class: "quiet" }, "Read");
  read.setAttribute("aria-label", `Read ${result.title || result.url}`);
  read.addEventListener("click", () => openInRead(result.url));
  return h(
    "li",
    { class: "result-item" },
    h("p", { class: "result-title" }, outLink(result.url, result.title || result.url)),
    h("p", { class: "muted" }, meta),
    result.snippet ? h("p", {}, result.snippet) : null,
    read,
  );
}

function pageCard(page, n) {
  const show = h("button", { type: "button", class: "quiet" }, "Show in Read");
  show.addEventListener("click", () => {
    showPage(page);
    document.getElementById("read").scrollIntoView({ block: "start" });
    document.getElementById("read-title").focus({ preventScroll: true });
  });
  const text = String(page.text || "");
  return h(
    "li",
    { class: "card page-card" },
    h("h4", {}, `[${n}] `, outLink(page.final_url, page.title || page.final_url)),
    h("p", { class: "muted" }, `confidence ${Number(page.confidence || 0).toFixed(2)} · ${page.outcome} · ${count(page.word_count)} words · ${ms(page.total_time_ms)}`),
    h("p", {}, text.length > 320 ? `${text.slice(0, 320)}…` : text),
    show,
  );
}

function showGathered(found) {
  const gathered = document.getElementById("gathered");
  clear(gathered);
  const pages = found.gathered_pages || [];
  const failures = found.failures || [];
  if (pages.length) gathered.append(h("h3", {}, `Pages read (${pages.length})`), h("ol", { class: "cards" }, pages.map((page, i) => pageCard(page, i + 1))));
  if (failures.length) {
    gathered.append(
      h("h3", {}, `Not read (${failures.length})`),
      h("ul", { class: "failures" }, failures.map((f) => h("li", {}, outLink(f.url), ` — ${f.code}: ${f.message}`))),
    );
  }
}

export function setupSearch() {
  const form = document.getElementById("search-form");
  const input = document.getElementById("search-input");
  const status = document.getElementById("search-status");
  const list = document.getElementById("search-results");
  const gatherOnly = (form.dataset.gatherOnly || "").split(" ").filter(Boolean);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const query = input.value.trim();
    if (!query) {
      say(status, "Enter something to search for.", "error");
      input.focus();
      return;
    }
    const read = Number.parseInt(document.getElementById("search-read").value, 10) || 0;
    const gather = read > 0;
    const body = gather ? { query, read, ...collectOptions(form) } : { query, ...collectOptions(form, gatherOnly) };
    const button = form.querySelector("button[type=submit]");
    button.disabled = true;
    say(status, gather ? `Searching and reading the top ${read} …` : "Searching …", "busy");
    clear(list);
    clear(document.getElementById("gathered"));
    try {
      const found = await postJSON(gather ? "/v1/gather" : "/v1/search", body);
      const results = gather ? found.search_results || [] : found.results || [];
      clear(list, results.map(resultItem));
      const provider = found.provider_used ? ` from ${found.provider_used}${found.fallback_used ? " (a fallback provider)" : ""}` : "";
      const took = ms(gather ? found.total_search_time_ms + found.total_gather_time_ms : found.search_time_ms);
      say(status, `${results.length} result${results.length === 1 ? "" : "s"}${provider} in ${took}${found.from_cache ? " (cached)" : ""}.`);
      if (gather) showGathered(found);
    } catch (error) {
      say(status, error.describe ? error.describe() : String(error), "error");
    } finally {
      button.disabled = false;
      called();
    }
  });
}
