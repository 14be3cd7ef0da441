// Crawl: a start URL in, a crawl started as a job on the server; its lines arrive as server-sent
// events (status, title, words, or the error, or the page it duplicates), its counts as it goes; the
// whole output can be downloaded as JSON lines, and the crawl cancelled.

import { events, request } from "./api.js";
import { called, clear, count, h, outLink, say } from "./dom.js";
import { collectOptions } from "./options.js";

const SHOWN = 200; // lines listed on the page (the download has them all)

function lineItem(line) {
  let detail;
  if (line.status === "page") detail = `${line.title || "untitled"} · ${count(line.words)} words`;
  else if (line.status === "error") detail = `error: ${line.code} — ${line.message}`;
  else detail = "same page as ";
  const item = h("li", { class: `crawl-line crawl-${line.status}`, "data-status": line.status }, outLink(line.url), h("span", { class: "muted" }, ` — ${detail}`));
  if (line.status === "duplicate") item.append(outLink(line.duplicate_of));
  return item;
}

function showCounts(node, counts, done) {
  const cut = Object.values(counts.cut || {}).reduce((a, b) => a + b, 0);
  const parts = [
    `${count(counts.pages)} pages`,
    `${count(counts.errors)} errors`,
    `${count(counts.duplicates)} duplicates`,
    `${count(counts.queued)} queued`,
    `${count(cut)} cut`,
    `${Number(counts.pages_per_s || 0).toFixed(1)} pages/s`,
  ];
  if (!done && counts.eta_s !== null && counts.eta_s !== undefined) parts.push(`about ${Math.round(counts.eta_s)} s left`);
  node.textContent = parts.join(" · ");
}

export function setupCrawl() {
  const form = document.getElementById("crawl-form");
  const input = document.getElementById("crawl-input");
  const status = document.getElementById("crawl-status");
  const progress = document.getElementById("crawl-progress");
  const list = document.getElementById("crawl-lines");
  const cancel = document.getElementById("crawl-cancel");
  const download = document.getElementById("crawl-download");
  let job = null;
  let listed = 0;

  cancel.addEventListener("click", async () => {
    if (!job) return;
    cancel.disabled = true;
    try {
      await request(`/v1/crawl/${encodeURIComponent(job)}`, { method: "DELETE" });
      say(status, "Cancelled; the lines read so far can still be downloaded.");
    } catch (error) {
      say(status, error.describe ? error.describe() : String(error), "error");
    }
  });

  download.addEventListener("click", async () => {
    if (!job) return;
    try {
      const response = await request(`/v1/crawl/${encodeURIComponent(job)}/lines`, { accept: "application/x-ndjson" });
      const link = h("a", { download: `crawl-${job}.jsonl` });
      link.href = URL.createObjectURL(await response.blob());
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
    } catch (error) {
      say(status, error.describe ? error.describe() : String(error), "error");
    }
  });

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const url = input.value.trim();
    if (!url) {
      say(status, "Enter the URL the crawl starts from.", "error");
      input.focus();
      return;
    }
    const body = { url, ...collectOptions(form) };
    const button = form.querySelector("button[type=submit]");
    button.disabled = true;
    cancel.disabled = true;
    download.disabled = true;
    job = null;
    listed = 0;
    clear(list);
    progress.textContent = "";
    say(status, "Starting the crawl …", "busy");
    try {
      const response = await request("/v1/crawl", { method: "POST", body, accept: "text/event-stream" });
      for await (const { event: name, data } of events(response)) {
        const value = JSON.parse(data);
        if (name === "job") {
          job = value.id;
          cancel.disabled = false;
          download.disabled = false;
          say(status, "Crawling …", "busy");
        } else if (name === "line") {
          if (listed < SHOWN) list.append(lineItem(value));
          listed += 1;
        } else if (name === "progress") {
          showCounts(progress, value, false);
        } else if (name === "crawl") {
          showCounts(progress, value.counts, true);
          const more = listed > SHOWN ? ` (the first ${SHOWN} listed; download them all)` : "";
          say(status, `Done: ${value.stopped}${more}.`);
        } else if (name === "error") {
          say(status, `${value.error.code}: ${value.error.message}`, "error");
        }
      }
    } catch (error) {
      say(status, error.describe ? error.describe() : String(error), "error");
    } finally {
      button.disabled = false;
      cancel.disabled = true;
      called();
    }
  });
}
