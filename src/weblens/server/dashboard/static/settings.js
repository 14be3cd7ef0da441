// Settings: the effective settings and where each came from (GET /v1/settings; secrets are masked
// by the server), the search providers in the order they are asked, and the service's checks.

import { getJSON } from "./api.js";
import { clear, h } from "./dom.js";

const SOURCES = {
  default: "default",
  file: "TOML file",
  environment: "environment",
  argument: "argument",
};

function shown(value) {
  if (value === null || value === undefined) return h("span", { class: "muted" }, "not set");
  if (Array.isArray(value)) return value.length ? value.join(", ") : h("span", { class: "muted" }, "empty");
  if (value === "") return h("span", { class: "muted" }, "empty");
  return String(value);
}

function same(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

function providersCard(data) {
  const providers = data.providers || [];
  const usable = providers.filter((p) => p.configured);
  let verdict;
  if (data.providers_error) verdict = h("p", { class: "message", "data-kind": "error" }, `Search cannot work: ${data.providers_error}`);
  else if (!usable.length) {
    verdict = h("p", { class: "message", "data-kind": "error" }, "No provider is configured: every search fails with not_configured. Set one of the settings below.");
  } else {
    const rest = usable.slice(1).map((p) => p.name);
    verdict = h("p", {}, `Searches go to ${usable[0].name} first`, rest.length ? ` (then ${rest.join(", ")} when it fails)` : "", ".");
  }
  return h(
    "article",
    { class: "card", "data-testid": "settings-providers", "aria-label": "search providers" },
    h("h3", {}, "Search providers, in order"),
    verdict,
    h(
      "ol",
      { class: "providers" },
      providers.map((p) =>
        h(
          "li",
          { "data-provider": p.name },
          h("strong", {}, p.name),
          " ",
          h("span", { class: p.configured ? "badge ok" : "badge warn" }, p.configured ? "configured" : "not configured"),
          !p.configured && p.setting ? h("span", { class: "muted" }, ` — set ${p.setting}`) : null,
        ),
      ),
    ),
  );
}

function checksCard(data) {
  const checks = Object.entries(data.checks || {});
  const auth = data.auth || {};
  return h(
    "article",
    { class: "card", "data-testid": "settings-checks", "aria-label": "service" },
    h("h3", {}, "Service"),
    h(
      "ul",
      { class: "counts" },
      checks.map(([name, value]) => h("li", {}, h("span", {}, name), h("span", { class: value === "ok" ? "badge ok" : "badge warn" }, value))),
      h("li", {}, h("span", {}, "API keys"), h("span", {}, auth.api_keys ? `${auth.api_keys} configured` : "none (loopback only)")),
      h("li", {}, h("span", {}, "rate limit"), h("span", {}, auth.rate_limit || "off")),
      h("li", {}, h("span", {}, "config file"), h("span", {}, data.config_file || "none (WEBLENS_CONFIG is not set)")),
      h("li", {}, h("span", {}, "version"), h("span", {}, String(data.version || ""))),
    ),
  );
}

function settingsTable(rows) {
  const body = h("tbody");
  const filter = h("input", { type: "search", id: "settings-filter", autocomplete: "off", placeholder: "timeout, cache, brave …" });
  const changed = h("input", { type: "checkbox", id: "settings-changed" });
  const apply = () => {
    const needle = filter.value.trim().toLowerCase();
    clear(
      body,
      rows
        .filter((row) => !changed.checked || row.source !== "default")
        .filter((row) => !needle || row.name.includes(needle) || (row.description || "").toLowerCase().includes(needle))
        .map((row) =>
          h(
            "tr",
            { "data-setting": row.name },
            h("th", { scope: "row" }, h("code", {}, row.name), h("span", { class: "muted env" }, row.env)),
            h("td", { class: row.secret ? "secret" : "" }, shown(row.value)),
            h("td", {}, h("span", { class: `badge source-${row.source}` }, SOURCES[row.source] || row.source)),
            h("td", { class: "muted" }, same(row.value, row.default) ? "" : shown(row.default)),
            h("td", { class: "muted description" }, row.description || ""),
          ),
        ),
    );
  };
  filter.addEventListener("input", apply);
  changed.addEventListener("change", apply);
  apply();
  return h(
    "div",
    { class: "wide" },
    h(
      "div",
      { class: "row" },
      h("label", { for: "settings-filter" }, "Find a setting"),
      filter,
      changed,
      h("label", { for: "settings-changed", class: "inline" }, "only those not at their default"),
    ),
    h(
      "div",
      { class: "table-wrap" },
      h(
        "table",
        { class: "settings-table" },
        h("caption", { class: "visually-hidden" }, "Effective settings"),
        h("thead", {}, h("tr", {}, ["Setting", "Value", "Source", "Default", "What it does"].map((t) => h("th", { scope: "col" }, t)))),
        body,
      ),
    ),
  );
}

export async function loadSettings() {
  const root = document.getElementById("settings-body");
  try {
    const data = await getJSON("/v1/settings");
    clear(root, h("div", { class: "cards settings-cards" }, providersCard(data), checksCard(data)), settingsTable(data.settings || []));
  } catch (error) {
    clear(root, h("p", { class: "message", "data-kind": "error" }, `Could not load the settings: ${error.describe ? error.describe() : error}`));
  }
}
