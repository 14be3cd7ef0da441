// Stats: the service's counters (GET /v1/stats, the numbers /metrics exposes), refreshed by
// themselves, with a chart of calls per minute over the last hour drawn as inline SVG.

import { getJSON } from "./api.js";
import { clear, count, h } from "./dom.js";

const SVG = "http://www.w3.org/2000/svg";

function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, String(value));
  for (const child of children) node.append(child);
  return node;
}

function total(map) {
  return Object.values(map || {}).reduce((sum, value) => sum + Number(value || 0), 0);
}

/** {"a/b": n} → [["a", "b", n]] sorted by the count, largest first. */
function split(map) {
  return Object.entries(map || {})
    .map(([key, value]) => [...key.split("/"), Number(value || 0)])
    .sort((x, y) => y[y.length - 1] - x[x.length - 1]);
}

function list(rows, empty) {
  if (!rows.length) return h("p", { class: "muted" }, empty);
  return h("ul", { class: "counts" }, rows.map(([label, value]) => h("li", {}, h("span", {}, label), h("strong", {}, count(value)))));
}

function card(title, testid, big, caption, ...body) {
  return h(
    "article",
    { class: "card", "data-testid": testid, "aria-label": title },
    h("h3", {}, title),
    h("p", { class: "big" }, h("strong", { "data-testid": `${testid}-value` }, big), " ", h("span", { class: "muted" }, caption)),
    ...body,
  );
}

function operationCard(name, stats) {
  const calls = Number((stats.calls || {})[name] || 0);
  const stages = split(stats.errors_by_operation).filter((row) => row[0] === name);
  const errors = stages.reduce((sum, row) => sum + row[2], 0);
  const offered = (stats.offered || []).includes(name);
  if (!offered && !calls) {
    return card(name, `stat-${name}`, "—", "", h("p", { class: "muted" }, "Not available on this server."));
  }
  return card(
    name,
    `stat-${name}`,
    count(calls),
    calls === 1 ? "call" : "calls",
    h("p", { class: errors ? "errors" : "muted" }, `${count(errors)} error${errors === 1 ? "" : "s"}`),
    stages.length ? list(stages.map(([, stage, n]) => [`at ${stage}`, n]), "") : null,
  );
}

function chart(series) {
  const values = Array.isArray(series) ? series.map(Number) : [];
  const peak = Math.max(1, ...values);
  const width = 1000;
  const height = 120;
  const gap = 2;
  const bar = width / Math.max(values.length, 1);
  const sum = values.reduce((a, b) => a + b, 0);
  const root = svg("svg", { viewBox: `0 0 ${width} ${height + 18}`, role: "img", class: "chart-svg", "aria-label": `${sum} calls in the last hour; at most ${peak === 1 && !sum ? 0 : peak} in a minute` });
  root.append(svg("line", { x1: 0, y1: height, x2: width, y2: height, class: "axis" }));
  values.forEach((value, i) => {
    const tall = value ? Math.max(2, (value / peak) * (height - 14)) : 0;
    const rect = svg("rect", { x: i * bar + gap / 2, y: height - tall, width: Math.max(bar - gap, 1), height: tall, class: "bar" });
    const ago = values.length - 1 - i;
    rect.append(svg("title", {}, `${value} call${value === 1 ? "" : "s"} ${ago ? `${ago} min ago` : "this minute"}`));
    root.append(rect);
  });
  root.append(svg("text", { x: 0, y: height + 14, class: "tick" }, "60 min ago"));
  root.append(svg("text", { x: width, y: height + 14, class: "tick end" }, "now"));
  root.append(svg("text", { x: 0, y: 10, class: "tick" }, `peak ${sum ? peak : 0}/min`));
  return root;
}

function render(stats) {
  const cards = (stats.operations || []).map((name) => operationCard(name, stats));
  const codes = split(stats.errors_by_code).map(([code, n]) => [code, n]);
  cards.push(card("errors by code", "stat-error-codes", count(total(stats.errors_by_code)), "errors", list(codes, "No errors.")));
  const cache = stats.cache || {};
  const rate = typeof cache.hit_rate === "number" ? `${Math.round(cache.hit_rate * 100)}%` : "—";
  cards.push(card("cache", "stat-cache", rate, "hit rate", list([["hits", cache.hits || 0], ["misses", cache.misses || 0]], "")));
  const renders = split(stats.render_fallbacks).map(([outcome, n]) => [outcome, n]);
  cards.push(card("render fallbacks", "stat-render", count(total(stats.render_fallbacks)), "pages rendered in Chromium after a weak read", list(renders, "None yet.")));
  const providers = split(stats.providers).map(([name, outcome, n]) => [`${name} (${outcome})`, n]);
  cards.push(
    card(
      "search providers",
      "stat-providers",
      count(total(stats.providers)),
      "provider calls",
      list(providers, "No provider called yet."),
      h("p", { class: "muted" }, `${count(stats.search_fallbacks || 0)} searches answered by a fallback provider`),
    ),
  );
  const left = stats.search_budget_left;
  cards.push(
    card(
      "search budget",
      "stat-budget",
      typeof left === "number" ? count(left) : "—",
      `of ${count(stats.search_budget_per_hour || 0)} searches left this hour`,
    ),
  );
  const fetchErrors = split(stats.fetch_errors).map(([code, n]) => [code, n]);
  cards.push(card("fetch errors", "stat-fetch-errors", count(total(stats.fetch_errors)), "failed page fetches", list(fetchErrors, "None.")));
  clear(document.getElementById("stats-body"), cards);
  clear(document.getElementById("stats-chart"), chart(stats.calls_per_minute));
  const minutes = Math.floor(Number(stats.uptime_s || 0) / 60);
  document.getElementById("stats-updated").textContent = `Updated ${new Date().toLocaleTimeString()} · up ${minutes} min`;
}

let inFlight = null;

export function refreshStats() {
  if (inFlight) return inFlight;
  inFlight = getJSON("/v1/stats")
    .then(render)
    .catch((error) => {
      document.getElementById("stats-updated").textContent = `Could not load the stats: ${error.describe ? error.describe() : error}`;
    })
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

/** Every `seconds` while the tab is visible (?refresh=S in the page's address changes it), and after each call. */
export function setupStats() {
  const asked = Number.parseFloat(new URLSearchParams(location.search).get("refresh") || "");
  const seconds = Number.isFinite(asked) && asked >= 0.2 ? asked : 5;
  document.getElementById("stats-refresh").addEventListener("click", () => refreshStats());
  document.addEventListener("weblens:called", () => refreshStats());
  setInterval(() => {
    if (!document.hidden) refreshStats();
  }, seconds * 1000);
  return refreshStats();
}
