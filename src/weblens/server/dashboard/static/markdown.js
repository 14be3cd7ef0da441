// Markdown → DOM nodes, for untrusted page content.
//
// The Markdown weblens writes (GitHub-flavoured: headings, paragraphs, lists, quotes, fenced code,
// pipe tables, emphasis, code spans, links, images) is turned into elements from a fixed allow-list
// with text nodes only. Nothing is ever parsed as HTML: `<script>` in the input is text, there is
// no attribute but the ones set here, a link is kept only when its URL is absolute http(s) (it
// opens in a new tab with rel="noopener noreferrer nofollow"), and an image is shown as a link to
// it, never loaded (the dashboard makes no request to a page's servers). The only markup taken
// from the input is `<br>`, which weblens writes for line breaks inside table cells.
//
// Every step is a single forward scan (no backtracking regular expression over user text), and
// nesting is capped, so a hostile page cannot stall the tab.

const ALLOWED = {
  a: ["href", "target", "rel", "title", "class"],
  span: ["class"],
  p: [], br: [], hr: [], h3: [], h4: [], h5: [], h6: [],
  ul: [], ol: ["start"], li: [], blockquote: [], pre: [], code: [],
  em: [], strong: [], del: [],
  table: [], thead: [], tbody: [], tr: [], th: [], td: [],
};
const MAX_DEPTH = 12;
const MAX_URL = 8192;
const MAX_TITLE = 1024;
const LINK_REL = "noopener noreferrer nofollow";

/** An element from the allow-list, with allow-listed attributes and the given children. */
function el(doc, tag, attrs, children) {
  const allowed = ALLOWED[tag];
  if (!allowed) throw new Error(`markdown: <${tag}> is not allowed`);
  const node = doc.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (!allowed.includes(name)) throw new Error(`markdown: ${name} is not allowed on <${tag}>`);
    node.setAttribute(name, String(value));
  }
  for (const child of children || []) node.append(child);
  return node;
}

/** The URL if it is absolute http(s), else null. */
export function safeHref(value) {
  let url;
  try {
    url = new URL(String(value));
  } catch {
    return null;
  }
  return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
}

// --- characters --------------------------------------------------------------------------------
const ASCII_PUNCT = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~";
const isAsciiPunct = (c) => c !== undefined && c.length === 1 && ASCII_PUNCT.includes(c);
const isSpace = (c) => c === undefined || /\s/u.test(c);
const isPunct = (c) => c !== undefined && /[\p{P}\p{S}]/u.test(c);
const isBlank = (line) => line.trim() === "";

function trimTrailingSpaces(text) {
  let end = text.length;
  while (end > 0 && text[end - 1] === " ") end--;
  return text.slice(0, end);
}

function unwrap(node) {
  while (node.firstChild) node.parentNode.insertBefore(node.firstChild, node);
  node.remove();
}

function leadingSpaces(line) {
  let n = 0;
  while (n < line.length && line[n] === " ") n++;
  return n;
}

// --- block structure ---------------------------------------------------------------------------
function fenceOf(line) {
  const indent = leadingSpaces(line);
  if (indent > 3) return null;
  const c = line[indent];
  if (c !== "`" && c !== "~") return null;
  let n = indent;
  while (line[n] === c) n++;
  const size = n - indent;
  if (size < 3) return null;
  const info = line.slice(n).trim();
  if (c === "`" && info.includes("`")) return null;
  return { char: c, size, indent, info };
}

function headingOf(line) {
  const indent = leadingSpaces(line);
  if (indent > 3) return null;
  let n = indent;
  while (line[n] === "#" && n - indent < 7) n++;
  const level = n - indent;
  if (level < 1 || level > 6) return null;
  if (n < line.length && line[n] !== " " && line[n] !== "\t") return null;
  let text = line.slice(n).trim();
  // an optional closing run of #s, after a space
  let end = text.length;
  while (end > 0 && text[end - 1] === "#") end--;
  if (end === 0) text = "";
  else if (end < text.length && (text[end - 1] === " " || text[end - 1] === "\t")) text = text.slice(0, end).trim();
  return { level, text };
}

function isRule(line) {
  const squeezed = line.replace(/[ \t]/g, "");
  if (leadingSpaces(line) > 3 || squeezed.length < 3) return false;
  const c = squeezed[0];
  if (c !== "-" && c !== "*" && c !== "_") return false;
  for (const ch of squeezed) if (ch !== c) return false;
  return true;
}

function isQuote(line) {
  const indent = leadingSpaces(line);
  return indent <= 3 && line[indent] === ">";
}

function stripQuote(line) {
  const indent = leadingSpaces(line);
  const rest = line.slice(indent + 1);
  return rest.startsWith(" ") ? rest.slice(1) : rest;
}

function listItemOf(line) {
  const indent = leadingSpaces(line);
  let n = indent;
  let ordered = false;
  let start = 1;
  let marker;
  const c = line[n];
  if (c === "-" || c === "+" || c === "*") {
    marker = c;
    n += 1;
  } else {
    let digits = "";
    while (n < line.length && line[n] >= "0" && line[n] <= "9" && digits.length < 10) digits += line[n++];
    if (!digits || digits.length > 9 || (line[n] !== "." && line[n] !== ")")) return null;
    ordered = true;
    start = Number(digits);
    marker = line[n];
    n += 1;
  }
  if (n < line.length && line[n] !== " " && line[n] !== "\t") return null;
  let spaces = 0;
  while (line[n + spaces] === " ") spaces++;
  const text = line.slice(n + spaces);
  const width = spaces === 0 || spaces > 4 || text === "" ? 1 : spaces;
  return { indent, ordered, start, marker, text: spaces > 4 ? line.slice(n + 1) : text, contentIndent: n + width };
}

function splitCells(line) {
  let text = line.trim();
  if (text.startsWith("|")) text = text.slice(1);
  if (text.endsWith("|") && !text.endsWith("\\|")) text = text.slice(0, -1);
  const cells = [];
  let current = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "\\" && text[i + 1] === "|") {
      current += "\\|";
      i++;
    } else if (c === "|") {
      cells.push(current.trim());
      current = "";
    } else {
      current += c;
    }
  }
  cells.push(current.trim());
  return cells;
}

function isDelimiterRow(line) {
  if (!line || !line.includes("-")) return false;
  const cells = splitCells(line);
  return cells.length > 0 && cells.every((cell) => /^:?-+:?$/.test(cell));
}

function isTableStart(lines, i) {
  return lines[i].includes("|") && i + 1 < lines.length && isDelimiterRow(lines[i + 1]);
}

function interrupts(line) {
  if (fenceOf(line) || headingOf(line) || isRule(line) || isQuote(line)) return true;
  const item = listItemOf(line);
  return item !== null && item.text !== "" && (!item.ordered || item.start === 1);
}

class Renderer {
  constructor(doc, headingOffset) {
    this.doc = doc;
    this.headingOffset = headingOffset;
  }

  blocks(parent, lines, depth) {
    let i = 0;
    while (i < lines.length) {
      const line = lines[i];
      if (isBlank(line)) {
        i++;
        continue;
      }
      const fence = fenceOf(line);
      if (fence) {
        i = this.code(parent, lines, i, fence);
        continue;
      }
      const heading = headingOf(line);
      if (heading) {
        const level = Math.min(Math.max(heading.level + this.headingOffset, 3), 6);
        parent.append(el(this.doc, `h${level}`, {}, this.inline(heading.text)));
        i++;
        continue;
      }
      if (isRule(line)) {
        parent.append(el(this.doc, "hr"));
        i++;
        continue;
      }
      if (isQuote(line)) {
        const inner = [];
        while (i < lines.length && isQuote(lines[i])) inner.push(stripQuote(lines[i++]));
        const quote = el(this.doc, "blockquote");
        if (depth < MAX_DEPTH) this.blocks(quote, inner, depth + 1);
        else quote.append(el(this.doc, "p", {}, this.inline(inner.join("\n"))));
        parent.append(quote);
        continue;
      }
      if (listItemOf(line)) {
        i = this.list(parent, lines, i, depth);
        continue;
      }
      if (isTableStart(lines, i)) {
        i = this.table(parent, lines, i);
        continue;
      }
      const paragraph = [line.trim()];
      i++;
      while (i < lines.length && !isBlank(lines[i]) && !interrupts(lines[i]) && !isTableStart(lines, i)) {
        paragraph.push(lines[i++].trim());
      }
      parent.append(el(this.doc, "p", {}, this.inline(paragraph.join("\n"))));
    }
  }

  code(parent, lines, i, fence) {
    const body = [];
    i++;
    while (i < lines.length) {
      const close = fenceOf(lines[i]);
      if (close && close.char === fence.char && close.size >= fence.size && close.info === "") {
        i++;
        break;
      }
      let line = lines[i++];
      const strip = Math.min(fence.indent, leadingSpaces(line));
      line = line.slice(strip);
      body.push(line);
    }
    const code = el(this.doc, "code", {}, [body.join("\n")]);
    parent.append(el(this.doc, "pre", {}, [code]));
    return i;
  }

  list(parent, lines, i, depth) {
    const first = listItemOf(lines[i]);
    const attrs = first.ordered && first.start !== 1 ? { start: first.start } : {};
    const list = el(this.doc, first.ordered ? "ol" : "ul", attrs);
    while (i < lines.length) {
      const item = listItemOf(lines[i]);
      if (!item || item.ordered !== first.ordered || item.marker !== first.marker || item.indent > first.indent + 3) break;
      const body = [item.text];
      let blankBefore = false;
      let loose = false;
      i++;
      while (i < lines.length) {
        const line = lines[i];
        if (isBlank(line)) {
          blankBefore = true;
          body.push("");
          i++;
          continue;
        }
        if (leadingSpaces(line) >= item.contentIndent) {
          if (blankBefore) loose = true;
          body.push(line.slice(item.contentIndent));
          blankBefore = false;
          i++;
          continue;
        }
        if (!blankBefore && !interrupts(line) && !listItemOf(line)) {
          body.push(line.trim()); // a lazy continuation line
          i++;
          continue;
        }
        break;
      }
      while (body.length && isBlank(body[body.length - 1])) body.pop();
      const li = el(this.doc, "li");
      if (depth < MAX_DEPTH) this.blocks(li, body, depth + 1);
      else li.append(el(this.doc, "p", {}, this.inline(body.join("\n"))));
      if (!loose && li.firstChild && li.firstChild.nodeName === "P") unwrap(li.firstChild);
      list.append(li);
    }
    parent.append(list);
    return i;
  }

  table(parent, lines, i) {
    const head = splitCells(lines[i]);
    const width = head.length;
    const row = (cells, tag) =>
      el(this.doc, "tr", {}, Array.from({ length: width }, (_, k) => el(this.doc, tag, {}, this.inline(cells[k] ?? ""))));
    const thead = el(this.doc, "thead", {}, [row(head, "th")]);
    const tbody = el(this.doc, "tbody");
    i += 2;
    while (i < lines.length && !isBlank(lines[i]) && lines[i].includes("|") && !interrupts(lines[i])) {
      tbody.append(row(splitCells(lines[i++]), "td"));
    }
    parent.append(el(this.doc, "table", {}, [thead, tbody]));
    return i;
  }

  inline(text) {
    return new Inline(this.doc, text).parse();
  }
}

// --- inline content ----------------------------------------------------------------------------
const ENTITIES = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };
const ENTITY = /&(#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-zA-Z]{2,6});/y;
const BREAK_TAG = /<br\s?\/?>/iy;
const AUTOLINK = /<(https?:\/\/[^\s<>]{1,8192})>/iy;

function decodeEntity(name) {
  if (name[0] !== "#") return ENTITIES[name] ?? null;
  const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
  if (!code || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return "\ufffd";
  return String.fromCodePoint(code);
}

function unescape(text) {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    if (text[i] === "\\" && isAsciiPunct(text[i + 1])) {
      out += text[++i];
      continue;
    }
    if (text[i] === "&") {
      ENTITY.lastIndex = i;
      const found = ENTITY.exec(text);
      const decoded = found && decodeEntity(found[1]);
      if (decoded !== null && found) {
        out += decoded;
        i += found[0].length - 1;
        continue;
      }
    }
    out += text[i];
  }
  return out;
}

class Inline {
  constructor(doc, text) {
    this.doc = doc;
    this.text = text;
    this.tokens = [];
    this.brackets = [];
    this.pending = "";
    this.noCloser = new Set(); // backtick run lengths with no closing run further on
    this.budget = { steps: 4 * text.length + 65536 }; // for link destinations: keeps the scan linear
  }

  flush() {
    if (this.pending) this.tokens.push({ kind: "text", value: this.pending });
    this.pending = "";
  }

  push(token) {
    this.flush();
    this.tokens.push(token);
  }

  parse() {
    const text = this.text;
    let i = 0;
    while (i < text.length) {
      const c = text[i];
      if (c === "\\") {
        if (isAsciiPunct(text[i + 1])) {
          this.pending += text[i + 1];
          i += 2;
        } else if (text[i + 1] === "\n") {
          this.push({ kind: "node", node: el(this.doc, "br") });
          i += 2;
        } else {
          this.pending += c;
          i++;
        }
      } else if (c === "`") {
        i = this.codeSpan(i);
      } else if (c === "*" || c === "_" || c === "~") {
        i = this.delimiter(i, c);
      } else if (c === "!" && text[i + 1] === "[") {
        this.push({ kind: "bracket", image: true, literal: "![", active: true });
        this.brackets.push(this.tokens.length - 1);
        i += 2;
      } else if (c === "[") {
        this.push({ kind: "bracket", image: false, literal: "[", active: true });
        this.brackets.push(this.tokens.length - 1);
        i++;
      } else if (c === "]") {
        i = this.closeBracket(i);
      } else if (c === "<") {
        i = this.angle(i);
      } else if (c === "&") {
        ENTITY.lastIndex = i;
        const found = ENTITY.exec(text);
        const decoded = found && decodeEntity(found[1]);
        if (found && decoded !== null) {
          this.pending += decoded;
          i += found[0].length;
        } else {
          this.pending += c;
          i++;
        }
      } else if (c === "\n") {
        this.pending = trimTrailingSpaces(this.pending);
        this.push({ kind: "node", node: el(this.doc, "br") });
        i++;
        while (text[i] === " ") i++;
      } else {
        let j = i + 1;
        while (j < text.length && !"\\`*_~![]<&\n".includes(text[j])) j++;
        this.pending += text.slice(i, j);
        i = j;
      }
    }
    this.flush();
    for (const index of this.brackets) this.tokens[index] = { kind: "text", value: this.tokens[index].literal };
    return emphasis(this.doc, this.tokens);
  }

  codeSpan(i) {
    const text = this.text;
    let n = i;
    while (text[n] === "`") n++;
    const size = n - i;
    if (!this.noCloser.has(size)) {
      let j = text.indexOf("`".repeat(size), n);
      while (j !== -1) {
        let end = j;
        while (text[end] === "`") end++;
        if (end - j === size) {
          let body = text.slice(n, j).replace(/\n/g, " ");
          if (body.length > 2 && body.startsWith(" ") && body.endsWith(" ") && body.trim()) body = body.slice(1, -1);
          this.push({ kind: "node", node: el(this.doc, "code", {}, [body]) });
          return end;
        }
        j = text.indexOf("`".repeat(size), end);
      }
      this.noCloser.add(size);
    }
    this.pending += text.slice(i, n);
    return n;
  }

  delimiter(i, c) {
    const text = this.text;
    let n = i;
    while (text[n] === c) n++;
    const count = n - i;
    if (c === "~" && count !== 2) {
      this.pending += text.slice(i, n);
      return n;
    }
    const before = i > 0 ? text[i - 1] : undefined;
    const after = text[n];
    const left = !isSpace(after) && (!isPunct(after) || isSpace(before) || isPunct(before));
    const right = !isSpace(before) && (!isPunct(before) || isSpace(after) || isPunct(after));
    let open = left;
    let close = right;
    if (c === "_") {
      open = left && (!right || isPunct(before));
      close = right && (!left || isPunct(after));
    }
    this.push({ kind: "delim", char: c, count, open, close });
    return n;
  }

  closeBracket(i) {
    if (!this.brackets.length) {
      this.pending += "]";
      return i + 1;
    }
    const index = this.brackets.pop();
    const opener = this.tokens[index];
    const target = opener.active && this.text[i + 1] === "(" ? destination(this.text, i + 2, this.budget) : null;
    if (!target) {
      this.tokens[index] = { kind: "text", value: opener.literal };
      this.pending += "]";
      return i + 1;
    }
    this.flush();
    const inner = this.tokens.splice(index + 1);
    this.tokens.pop(); // the opener
    const children = emphasis(this.doc, inner);
    this.push({ kind: "node", node: opener.image ? imageRef(this.doc, target, children) : link(this.doc, target, children) });
    if (!opener.image) for (const k of this.brackets) if (!this.tokens[k].image) this.tokens[k].active = false;
    return target.end;
  }

  angle(i) {
    BREAK_TAG.lastIndex = i;
    const br = BREAK_TAG.exec(this.text);
    if (br) {
      this.push({ kind: "node", node: el(this.doc, "br") });
      return i + br[0].length;
    }
    AUTOLINK.lastIndex = i;
    const auto = AUTOLINK.exec(this.text);
    if (auto) {
      this.push({ kind: "node", node: link(this.doc, { url: auto[1], title: null }, [auto[1]]) });
      return i + auto[0].length;
    }
    this.pending += "<";
    return i + 1;
  }
}

/** The link destination and title after "](", or null when there is none (or the budget is spent). */
function destination(text, j, budget) {
  if (budget.steps <= 0) return null;
  const scan = scanDestination(text, j, Math.min(text.length, j + budget.steps));
  budget.steps -= scan.reached - j + 1;
  return scan.found;
}

/** Scans text[j..end) for `url "title")`; `reached` says how far it looked. */
function scanDestination(text, j, end) {
  const at = (k) => (k < end ? text[k] : undefined);
  const fail = (k) => ({ found: null, reached: k });
  const skip = () => {
    while (at(j) === " " || at(j) === "\t") j++;
  };
  skip();
  let url = "";
  if (at(j) === "<") {
    const start = j + 1;
    let k = start;
    while (k < end && k - start < MAX_URL && text[k] !== ">" && text[k] !== "\n" && text[k] !== "<") k++;
    if (at(k) !== ">") return fail(k);
    url = text.slice(start, k);
    j = k + 1;
  } else {
    let depth = 0;
    const start = j;
    while (j < end && j - start < MAX_URL) {
      const c = text[j];
      if (c === "\\" && isAsciiPunct(at(j + 1))) {
        j += 2;
        continue;
      }
      if (c <= " " || c === "\u007f") break;
      if (c === "(") depth++;
      if (c === ")") {
        if (depth === 0) break;
        depth--;
      }
      j++;
    }
    url = text.slice(start, j);
  }
  skip();
  let title = null;
  const quote = at(j);
  if (quote === '"' || quote === "'" || quote === "(") {
    const closing = quote === "(" ? ")" : quote;
    const start = j + 1;
    let k = start;
    while (k < end && k - start < MAX_TITLE && text[k] !== closing) k += text[k] === "\\" ? 2 : 1;
    if (at(k) !== closing) return fail(k);
    title = unescape(text.slice(start, k));
    j = k + 1;
    skip();
  }
  if (at(j) !== ")") return fail(j);
  return { found: { url: unescape(url), title, end: j + 1 }, reached: j };
}

function link(doc, target, children) {
  const href = safeHref(target.url);
  if (!href) return el(doc, "span", { class: "dropped-link" }, children);
  const attrs = { href, target: "_blank", rel: LINK_REL };
  if (target.title) attrs.title = target.title;
  return el(doc, "a", attrs, children);
}

function imageRef(doc, target, children) {
  const probe = doc.createElement("span");
  for (const child of children) probe.append(child);
  const alt = probe.textContent.trim();
  const label = `[image${alt ? `: ${alt}` : ""}]`;
  const href = safeHref(target.url);
  if (!href) return el(doc, "span", { class: "image-ref" }, [label]);
  return el(doc, "a", { href, target: "_blank", rel: LINK_REL, class: "image-ref", title: "image (not loaded)" }, [label]);
}

/** Pairs emphasis delimiters (CommonMark's rules, simplified) and returns the nodes. */
function emphasis(doc, tokens) {
  const frames = [{ children: [] }];
  const openers = { "*": [], _: [], "~": [] };
  const top = () => frames[frames.length - 1];
  const flatten = (level) => {
    // frames above `level` were never closed: their delimiters are text again
    const into = frames[level];
    for (let k = level + 1; k < frames.length; k++) {
      const frame = frames[k];
      openers[frame.char].pop();
      into.children.push(frame.char.repeat(frame.count));
      for (const child of frame.children) into.children.push(child);
    }
    frames.length = level + 1;
  };
  for (const token of tokens) {
    if (token.kind === "text") top().children.push(token.value);
    else if (token.kind === "node") top().children.push(token.node);
    else if (token.kind === "bracket") top().children.push(token.literal);
    else {
      let count = token.count;
      while (count > 0 && token.close && openers[token.char].length) {
        const level = openers[token.char][openers[token.char].length - 1];
        flatten(level);
        const frame = frames[level];
        const use = token.char === "~" ? 2 : frame.count >= 2 && count >= 2 ? 2 : 1;
        const tag = token.char === "~" ? "del" : use === 2 ? "strong" : "em";
        const node = el(doc, tag, {}, frame.children);
        frame.count -= use;
        count -= use;
        if (frame.count > 0) frame.children = [node];
        else {
          frames.pop();
          openers[token.char].pop();
          top().children.push(node);
        }
      }
      if (count > 0) {
        if (token.open) {
          frames.push({ char: token.char, count, children: [] });
          openers[token.char].push(frames.length - 1);
        } else top().children.push(token.char.repeat(count));
      }
    }
  }
  flatten(0);
  return frames[0].children;
}

/**
 * Render Markdown as a DocumentFragment of allow-listed elements and text.
 * options.headingOffset: added to heading levels (default 2: "#" becomes <h3>); levels are kept within 3..6.
 */
export function renderMarkdown(source, options = {}) {
  const doc = options.document || document;
  const fragment = doc.createDocumentFragment();
  const lines = String(source ?? "").replace(/\r\n?/g, "\n").split("\n");
  new Renderer(doc, options.headingOffset ?? 2).blocks(fragment, lines, 0);
  fragment.normalize(); // adjacent text nodes become one
  return fragment;
}

/** The elements and attributes renderMarkdown may produce (for tests and for the curious). */
export const ALLOWED_MARKUP = ALLOWED;
