// Talking to the weblens HTTP API from the dashboard: the API key, JSON calls, server-sent events.
//
// The key lives in this tab's sessionStorage only (closing the tab forgets it) and travels in the
// Authorization header, never in a URL or a cookie.

const KEY = "weblens.apiKey";

export const apiKey = {
  get() {
    try {
      return sessionStorage.getItem(KEY) || "";
    } catch {
      return "";
    }
  },
  set(value) {
    sessionStorage.setItem(KEY, value);
  },
  clear() {
    try {
      sessionStorage.removeItem(KEY);
    } catch {
      // storage unavailable: nothing was kept
    }
  },
};

export class ApiError extends Error {
  constructor(status, code, message, url = null) {
    super(message);
    this.status = status;
    this.code = code;
    this.url = url;
  }

  describe() {
    return `${this.code}: ${this.message}${this.url ? ` (${this.url})` : ""}`;
  }
}

const refusals = new Set();

/** Calls fn(error) whenever the server refuses the key (401). */
export function onUnauthorized(fn) {
  refusals.add(fn);
}

async function errorOf(response) {
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  const error = data && typeof data === "object" ? data.error : null;
  if (error && typeof error.code === "string") {
    return new ApiError(response.status, error.code, String(error.message ?? ""), error.url ?? null);
  }
  const code = response.status === 404 ? "not_found" : "http_error";
  return new ApiError(response.status, code, `the server answered HTTP ${response.status}`);
}

/** fetch() against the server with the key; a non-2xx answer throws an ApiError. */
export async function request(path, { method = "GET", body, accept = "application/json", signal } = {}) {
  const headers = { Accept: accept };
  const key = apiKey.get();
  if (key) headers.Authorization = `Bearer ${key}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
      credentials: "omit",
      cache: "no-store",
      referrerPolicy: "no-referrer",
    });
  } catch (error) {
    if (error && error.name === "AbortError") throw error;
    throw new ApiError(0, "connect_error", "the weblens server did not answer (is it still running?)");
  }
  if (!response.ok) {
    const error = await errorOf(response);
    if (response.status === 401) for (const fn of refusals) fn(error);
    throw error;
  }
  return response;
}

export async function getJSON(path) {
  return (await request(path)).json();
}

export async function postJSON(path, body) {
  return (await request(path, { method: "POST", body })).json();
}

function parseEvent(block) {
  let name = "message";
  const data = [];
  for (const line of block.split(/\r\n|\r|\n/)) {
    if (!line || line.startsWith(":")) continue;
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "event") name = value;
    else if (field === "data") data.push(value);
  }
  return data.length ? { event: name, data: data.join("\n") } : null;
}

const BOUNDARY = /\r\n\r\n|\n\n|\r\r/;

/** The server-sent events of a streamed response, as { event, data } objects. */
export async function* events(response) {
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    for (let found = BOUNDARY.exec(buffer); found; found = BOUNDARY.exec(buffer)) {
      const event = parseEvent(buffer.slice(0, found.index));
      buffer = buffer.slice(found.index + found[0].length);
      if (event) yield event;
    }
  }
  const last = parseEvent(buffer);
  if (last) yield last;
}
