// Building the dashboard from nodes: no HTML string ever reaches the DOM (the page's
// Content-Security-Policy enforces it with Trusted Types), so text from a page stays text.

import { safeHref } from "./markdown.js";

/** An element with attributes (never an on* handler) and children (nodes, or strings as text). */
export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (/^on/i.test(name) || name === "style") throw new Error(`dom: ${name} is not allowed`);
    if (name === "class") node.className = String(value);
    else node.setAttribute(name, value === true ? "" : String(value));
  }
  return append(node, children);
}

export function append(node, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

export function clear(node, ...children) {
  node.replaceChildren();
  return append(node, children);
}

/** A link that opens outside the dashboard (http(s) only; plain text otherwise). */
export function outLink(url, text) {
  const href = safeHref(url);
  const label = text === undefined || text === null || text === "" ? String(url ?? "") : text;
  if (!href) return h("span", {}, label);
  return h("a", { href, target: "_blank", rel: "noopener noreferrer nofollow" }, label);
}

/** A <dl> of [term, value] pairs; values that are null, undefined or "" are left out. */
export function facts(dl, pairs) {
  clear(dl);
  for (const [term, value] of pairs) {
    if (value === null || value === undefined || value === "") continue;
    append(dl, [h("dt", {}, term), h("dd", {}, value)]);
  }
  return dl;
}

export function ms(value) {
  if (typeof value !== "number" || !Number.isFinite(value)) return "";
  return value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${Math.round(value)} ms`;
}

export function count(value) {
  if (typeof value !== "number" || !Number.isFinite(value)) return "0";
  return Number.isInteger(value) ? value.toLocaleString("en") : value.toFixed(1);
}

export function hostOf(url) {
  try {
    return new URL(url).host;
  } catch {
    return "";
  }
}

/** Shows a message in a status element; kind: "", "error", "busy". */
export function say(node, text, kind = "") {
  node.textContent = text;
  node.dataset.kind = kind;
}

/** Tells the other sections (Stats) that an operation was called. */
export function called() {
  document.dispatchEvent(new CustomEvent("weblens:called"));
}
