// Read: a URL in, the PageExtract shown the way a person reads it.

import { postJSON } from "./api.js";
import { called, clear, count, facts, h, hostOf, ms, outLink, say } from "./dom.js";
import { renderMarkdown } from "./markdown.js";
import { collectOptions } from "./options.js";

const PREVIEW_LIMIT = 200000;

const OUTCOMES = {
  ok: "Readable main content was found.",
  thin: "Very little text: a stub, a listing or an index page rather than an article.",
  js_required: "The page needs JavaScript to show its content; render=always reads it in Chromium.",
  challenge: "A bot check or captcha answered instead of the page's content.",
  not_html: "Not an HTML page: a document (PDF, plain text, Markdown, JSON) read as such.",
};

const METHODS = {
  density: "text-density analysis of the HTML",
  readability: "a readability-style scoring of the HTML",
  render: "the page as Chromium rendered it",
  fallback: "the whole document's text (no main content stood out)",
};

function confidenceWords(value) {
  if (value >= 0.7) return "high: the main content was found cleanly";
  if (value >= 0.4) return "medium: probably the main content; check the preview";
  return "low: little content, or mostly navigation and boilerplate";
}

function confidenceView(page) {
  const value = typeof page.confidence === "number" ? page.confidence : 0;
  const meter = h("meter", { min: 0, max: 1, low: 0.4, high: 0.7, optimum: 1, value, "aria-label": "confidence" });
  return [
    h("p", { class: "big" }, h("span", { class: "label" }, "Confidence "), h("strong", {}, value.toFixed(2)), " ", meter),
    h("p", { class: "muted" }, confidenceWords(value)),
  ];
}

function outcomeView(page) {
  const outcome = String(page.outcome || "ok");
  return [
    h("p", { class: "big" }, h("span", { class: "label" }, "Outcome "), h("strong", { class: `badge outcome-${outcome}` }, outcome)),
    h("p", { class: "muted" }, OUTCOMES[outcome] || ""),
  ];
}

/** Shows a PageExtract in the Read section (also used by Search for pages gather read). */
export function showPage(page) {
  const result = document.getElementById("read-result");
  document.getElementById("page-title").textContent = page.title || "(no title)";
  clear(document.getElementById("page-link"), outLink(page.final_url, page.final_url));
  clear(document.getElementById("page-confidence"), confidenceView(page));
  clear(document.getElementById("page-outcome"), outcomeView(page));
  const authors = Array.isArray(page.authors) && page.authors.length ? page.authors.join(", ") : page.author;
  facts(document.getElementById("page-meta"), [
    ["Author", authors],
    ["Published", page.published_date],
    ["Site", page.site_name || hostOf(page.final_url)],
    ["Language", page.language],
    ["Description", page.description],
    ["Words", count(page.word_count)],
    ["Extracted by", page.extraction_method ? `${page.extraction_method} — ${METHODS[page.extraction_method] || ""}` : ""],
    ["HTTP status", page.status],
    ["Content type", page.content_type],
    ["Canonical URL", page.canonical_url && page.canonical_url !== page.final_url ? outLink(page.canonical_url) : ""],
  ]);
  facts(document.getElementById("page-timings"), [
    ["Fetch", ms(page.fetch_time_ms)],
    ["Extraction", ms(page.extraction_time_ms)],
    ["Total", ms(page.total_time_ms)],
    ["From cache", page.from_cache ? "yes" : "no"],
  ]);
  const warnings = document.getElementById("page-warnings");
  clear(warnings, (page.warnings || []).map((text) => h("li", {}, String(text))));
  const markdown = String(page.markdown || "");
  const preview = document.getElementById("page-markdown");
  clear(preview, renderMarkdown(markdown.slice(0, PREVIEW_LIMIT)));
  if (markdown.length > PREVIEW_LIMIT) {
    preview.append(h("p", { class: "muted" }, `The preview stops at ${count(PREVIEW_LIMIT)} characters; the raw JSON has all ${count(markdown.length)}.`));
  }
  if (!markdown.trim()) preview.append(h("p", { class: "muted" }, "No Markdown: the page had no main content to show."));
  document.getElementById("page-json").textContent = JSON.stringify(page, null, 2);
  result.hidden = false;
}

async function run(path, body, label) {
  const status = document.getElementById("read-status");
  const buttons = document.querySelectorAll("#read-form button[type=submit], #extract-form button[type=submit]");
  say(status, `${label} …`, "busy");
  for (const button of buttons) button.disabled = true;
  try {
    const page = await postJSON(path, body);
    showPage(page);
    say(status, `${label}: done${page.from_cache ? " (from the cache)" : ""}.`);
  } catch (error) {
    document.getElementById("read-result").hidden = true;
    say(status, error.describe ? error.describe() : String(error), "error");
  } finally {
    for (const button of buttons) button.disabled = false;
    called();
  }
}

export function readUrl(url, options = {}) {
  return run("/v1/browse", { url, ...options }, `Reading ${url}`);
}

function base64Of(buffer) {
  const bytes = new Uint8Array(buffer);
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

async function extractDocument(form) {
  const file = document.getElementById("extract-file").files[0];
  const html = document.getElementById("extract-input").value;
  const url = document.getElementById("extract-url").value.trim();
  const body = collectOptions(form);
  if (url) body.url = url;
  if (file) body.base64 = base64Of(await file.arrayBuffer());
  else if (html.trim()) body.html = html;
  else {
    say(document.getElementById("read-status"), "Paste a document or choose a file to extract.", "error");
    document.getElementById("extract-input").focus();
    return;
  }
  await run("/v1/extract", body, `Extracting ${file ? file.name : "the document"}`);
}

export function setupRead() {
  const form = document.getElementById("read-form");
  const input = document.getElementById("read-input");
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const url = input.value.trim();
    if (!url) {
      say(document.getElementById("read-status"), "Enter the URL of a page to read.", "error");
      input.focus();
      return;
    }
    readUrl(url, collectOptions(form));
  });
  const extract = document.getElementById("extract-form");
  extract.addEventListener("submit", (event) => {
    event.preventDefault();
    extractDocument(extract);
  });
}

/** Puts a URL in the Read form, reads it and moves the focus there. */
export function openInRead(url) {
  document.getElementById("read-input").value = url;
  document.getElementById("read").scrollIntoView({ block: "start" });
  document.getElementById("read-title").focus({ preventScroll: true });
  readUrl(url, collectOptions(document.getElementById("read-form")));
}
