// The dashboard's entry point: the API key gate, then every section.

import { apiKey, getJSON, onUnauthorized } from "./api.js";
import { setupAsk } from "./ask.js";
import { setupCrawl } from "./crawl.js";
import { say } from "./dom.js";
import { setupRead } from "./read.js";
import { setupSearch } from "./search.js";
import { loadSettings } from "./settings.js";
import { setupStats } from "./stats.js";

const needsKey = document.body.dataset.auth === "required";
const gate = document.getElementById("key-gate");
const main = document.getElementById("main");
let started = false;

function lock(message) {
  main.hidden = true;
  gate.hidden = false;
  document.getElementById("key-status").hidden = true;
  say(document.getElementById("key-message"), message, message ? "error" : "");
  document.getElementById("key-input").focus();
}

function unlock() {
  gate.hidden = true;
  main.hidden = false;
  document.getElementById("key-status").hidden = !needsKey;
  if (!started) {
    started = true;
    setupAsk();
    setupRead();
    setupSearch();
    setupCrawl();
    setupStats();
  }
  loadSettings();
}

async function tryKey(candidate) {
  apiKey.set(candidate);
  try {
    await getJSON("/v1/stats");
  } catch (error) {
    if (error.status === 401) return; // onUnauthorized has locked the page again
    // another failure: the key was not refused; the sections will say what is wrong
  }
  unlock();
}

onUnauthorized(() => {
  const had = apiKey.get();
  apiKey.clear();
  lock(had ? "The server refused that key." : "This server needs an API key.");
});

document.getElementById("key-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const input = document.getElementById("key-input");
  const candidate = input.value.trim();
  input.value = "";
  if (candidate) tryKey(candidate);
});

document.getElementById("key-forget").addEventListener("click", () => {
  apiKey.clear();
  location.reload();
});

if (!needsKey) unlock();
else if (apiKey.get()) tryKey(apiKey.get());
else lock("");
