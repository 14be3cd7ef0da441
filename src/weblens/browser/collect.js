// What a browsing session sees of its page: the visible text and the interactive elements.
//
// Runs in the page as one function call and returns {info, elements}: `info` is plain data (the
// session orders, caps and numbers the candidates in Python), `elements` the DOM nodes of the main
// document's candidates, kept by the session as its handle for the next action. Candidates inside
// same-origin iframes are located by a path instead (an action resolves it in the frame itself).
// Open shadow roots and same-origin iframes are walked; hidden, zero-size and disabled elements are
// left out. Nothing is written to the page.
(opts) => {
  const INPUT = 1, WIDGET = 2, BUTTON = 3, LINK = 4;
  const WIDGET_ROLES = new Set([
    "combobox", "searchbox", "textbox", "option", "menuitem", "menuitemcheckbox", "menuitemradio",
    "tab", "checkbox", "radio", "switch", "slider", "spinbutton", "treeitem",
  ]);
  const BUTTON_TYPES = new Set(["submit", "button", "reset", "image"]);
  const SKIP = new Set([
    "script", "style", "template", "noscript", "head", "svg", "math", "canvas", "video", "audio",
    "object", "embed",
  ]);
  const SKIP_TEXT = new Set(["script", "style", "template", "noscript", "head"]);
  // innerText runs a label, a field and its button together ("SearchGo"), and links that touch
  // ("HomeAbout"): the text around these is walked, with a space between touching elements
  const FORM_CONTROLS = new Set(["input", "select", "textarea", "button"]);
  const LANDMARKS = new Set(["header", "nav", "footer"]);
  const LANDMARK_ROLES = new Set(["banner", "navigation", "contentinfo"]);
  const DIALOGS = "dialog[open], [role=dialog], [role=alertdialog], [aria-modal=true]";
  const vw = window.innerWidth, vh = window.innerHeight;
  const items = [], refs = [];
  const composite = new Set();
  const overlayOfNode = new Map();
  const overlaySize = new Map();

  const clean = (s) => (s || "").replace(/\s+/g, " ").trim();
  const cap = (s, n) => (s.length > n ? s.slice(0, n - 1) + "…" : s);
  const styleOf = (el) => el.ownerDocument.defaultView.getComputedStyle(el);
  const roleOf = (el) => (el.getAttribute("role") || "").trim().split(/\s+/)[0].toLowerCase();

  function rendered(el) {
    return !el.checkVisibility || el.checkVisibility({ visibilityProperty: true, checkVisibilityCSS: true });
  }
  function shown(el) {
    if (!rendered(el)) return false;
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  }
  function parentOf(node) {
    if (node.parentElement) return node.parentElement;
    const root = node.getRootNode();
    if (root && root.host) return root.host;
    try {
      return node.ownerDocument.defaultView.frameElement;
    } catch (e) {
      return null;
    }
  }

  // --- what kind of control --------------------------------------------------------------
  function classify(el) {
    const tag = el.localName, role = roleOf(el);
    if (tag === "input") {
      if (el.type === "hidden") return null;
      return { cat: BUTTON_TYPES.has(el.type) ? BUTTON : INPUT, kind: el.type };
    }
    if (tag === "textarea" || tag === "select") return { cat: INPUT, kind: "" };
    if (WIDGET_ROLES.has(role)) return { cat: WIDGET, kind: role };
    if (el.isContentEditable && !(el.parentElement && el.parentElement.isContentEditable)) {
      return { cat: INPUT, kind: "textbox" };
    }
    if (tag === "button" || tag === "summary") return { cat: BUTTON, kind: "" };
    if (role === "button") return { cat: BUTTON, kind: "button" };
    if ((tag === "a" || tag === "area") && el.hasAttribute("href")) return { cat: LINK, kind: "link" };
    if (role === "link") return { cat: LINK, kind: "link" };
    if (el.hasAttribute("onclick")) return { cat: BUTTON, kind: "" };
    return null;
  }
  function disabled(el) {
    try {
      if (el.matches(":disabled")) return true;
    } catch (e) {
      // not a form element
    }
    return el.getAttribute("aria-disabled") === "true";
  }
  function nested(el) {
    const parent = el.parentElement;
    return !!(parent && parent.closest("a[href], button, [role=button], [role=link]"));
  }

  // --- accessible name and value ------------------------------------------------------------
  function byIds(el, ids) {
    const root = el.getRootNode();
    return ids.split(/\s+/).map((id) => {
      const target = root.getElementById ? root.getElementById(id) : null;
      return target ? clean(target.innerText || target.textContent) : "";
    }).filter(Boolean).join(" ");
  }
  function labelText(label, control) {
    let out = "";
    const walker = label.ownerDocument.createTreeWalker(label, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (parent && (parent === control || parent.closest("select, textarea, script, style"))) continue;
      out += node.data + " ";
    }
    return clean(out);
  }
  function altInside(el) {
    const img = el.querySelector("img[alt], [role=img][aria-label]");
    return img ? clean(img.getAttribute("alt") || img.getAttribute("aria-label")) : "";
  }
  function labelOf(el, c) {
    const tag = el.localName;
    const by = el.getAttribute("aria-labelledby");
    if (by) {
      const text = byIds(el, by);
      if (text) return text;
    }
    const aria = clean(el.getAttribute("aria-label"));
    if (aria) return aria;
    if (tag === "input" && BUTTON_TYPES.has(el.type)) {
      if (el.type === "image") return clean(el.alt) || clean(el.value) || "Submit";
      return clean(el.value) || (el.type === "submit" ? "Submit" : el.type === "reset" ? "Reset" : "");
    }
    const field = c.cat === INPUT;
    if (field && el.labels && el.labels.length) {
      const text = Array.from(el.labels, (label) => labelText(label, el)).filter(Boolean).join(" ");
      if (text) return text;
    }
    const placeholder = clean(el.getAttribute("placeholder") || el.getAttribute("aria-placeholder"));
    if (placeholder) return placeholder;
    if (!field) {
      const text = clean(el.innerText);
      if (text) return text;
      const alt = altInside(el);
      if (alt) return alt;
    }
    const title = clean(el.getAttribute("title"));
    if (title) return title;
    return field ? clean(el.getAttribute("name")) : "";
  }
  function valueOf(el, c) {
    const tag = el.localName;
    if (tag === "input") {
      const type = el.type;
      if (BUTTON_TYPES.has(type)) return null;
      if (type === "checkbox" || type === "radio") return el.checked ? "checked" : "unchecked";
      if (type === "password") return el.value ? "•".repeat(Math.min(el.value.length, 8)) : "";
      if (type === "file") return Array.from(el.files || [], (f) => f.name).join(", ");
      return el.value;
    }
    if (tag === "textarea") return el.value;
    if (tag === "select") return Array.from(el.selectedOptions, (o) => clean(o.label || o.text)).join(", ");
    if (c.cat === INPUT) return clean(el.innerText);
    if (c.cat !== WIDGET) return null;
    const checked = el.getAttribute("aria-checked");
    if (checked === "true") return "checked";
    if (checked === "false") return "unchecked";
    if (checked === "mixed") return "mixed";
    if (el.getAttribute("aria-selected") === "true") return "selected";
    const valueText = el.getAttribute("aria-valuetext") || el.getAttribute("aria-valuenow");
    if (valueText) return clean(valueText);
    if (c.kind === "combobox" || c.kind === "searchbox" || c.kind === "textbox") {
      return typeof el.value === "string" ? el.value : clean(el.innerText);
    }
    return null;
  }
  function hrefOf(el) {
    if (el.localName !== "a" && el.localName !== "area") return null;
    const href = el.href;
    return href && !/^javascript:/i.test(href) ? href : null;
  }

  // --- overlays: an open dialog, or a large fixed box stacked above the page ----------------
  function isOverlay(el) {
    const role = roleOf(el);
    if (role === "dialog" || role === "alertdialog" || el.getAttribute("aria-modal") === "true") return true;
    if (el.localName === "dialog") return el.open;
    if (LANDMARKS.has(el.localName) || LANDMARK_ROLES.has(role)) return false;
    const style = styleOf(el);
    if (style.position !== "fixed" || !(parseInt(style.zIndex, 10) >= 10)) return false;
    const box = el.getBoundingClientRect();
    if (box.width < 0.3 * vw && box.height < 0.3 * vh) return false;
    return !el.querySelector("main, [role=main]");
  }
  function overlayOf(el) {
    const passed = [];
    let found = null;
    for (let node = el; node; node = parentOf(node)) {
      if (overlayOfNode.has(node)) {
        found = overlayOfNode.get(node);
        break;
      }
      passed.push(node);
      if (isOverlay(node)) {
        found = node;
        break;
      }
    }
    for (const node of passed) overlayOfNode.set(node, found);
    return found;
  }

  // --- where a node is, for nodes in frames ---------------------------------------------------
  function pathOf(el) {
    const steps = [];
    let node = el;
    while (node && node.parentNode) {
      const parent = node.parentNode;
      steps.push(Array.prototype.indexOf.call(parent.children, node));
      if (parent.nodeType === 9) break;
      if (parent.nodeType === 11) {
        steps.push(-1);
        node = parent.host;
      } else {
        node = parent;
      }
    }
    return steps.reverse();
  }

  // --- the walk -----------------------------------------------------------------------------
  function markComposite(el) {
    for (let node = el; node && !composite.has(node); node = parentOf(node)) composite.add(node);
  }
  function consider(el, c, frame) {
    const touching = el.previousSibling && el.previousSibling.nodeType === 1;  // <a>Home</a><a>About</a>
    if ((FORM_CONTROLS.has(el.localName) || touching) && el.parentElement) markComposite(el.parentElement);
    if (disabled(el) || !shown(el)) return;
    if ((c.cat === BUTTON || c.cat === LINK) && nested(el)) return;
    const label = cap(labelOf(el, c), opts.maxLabel);
    if (c.cat === LINK && !label) return;
    const value = valueOf(el, c);
    const box = el.getBoundingClientRect();
    const x = box.left + frame.ox, y = box.top + frame.oy;
    const overlay = overlayOf(el);
    if (overlay) overlaySize.set(overlay, (overlaySize.get(overlay) || 0) + 1);
    items.push({
      tag: el.localName,
      kind: c.kind,
      category: c.cat,
      label,
      value: value === null || value === undefined ? null : cap(String(value), opts.maxLabel),
      href: hrefOf(el),
      overlay,
      distance: Math.max(0, y - vh, -(y + box.height)) + Math.max(0, x - vw, -(x + box.width)),
      ref: frame.depth ? null : refs.length,
      frames: frame.depth ? frame.chain : null,
      path: frame.depth ? pathOf(el) : null,
    });
    if (!frame.depth) refs.push(el);
  }
  function enterFrame(el, frame) {
    let doc = null;
    try {
      doc = el.contentDocument;
    } catch (e) {
      return;
    }
    if (!doc || !doc.documentElement || !shown(el)) return;
    markComposite(el);
    const box = el.getBoundingClientRect();
    visit(doc, {
      depth: frame.depth + 1,
      ox: frame.ox + box.left + el.clientLeft,
      oy: frame.oy + box.top + el.clientTop,
      chain: frame.chain.concat([pathOf(el)]),
    });
  }
  function visit(root, frame) {
    for (const el of Array.from(root.children)) {
      if (items.length >= opts.maxCandidates) return;
      const tag = el.localName;
      if (SKIP.has(tag)) continue;
      const c = classify(el);
      if (c) consider(el, c, frame);
      if (el.shadowRoot) {
        markComposite(el);
        visit(el.shadowRoot, frame);
      }
      if (el.firstElementChild) visit(el, frame);
      if ((tag === "iframe" || tag === "frame") && frame.depth < opts.maxFrameDepth) enterFrame(el, frame);
    }
  }

  // --- visible text (innerText, extended into open shadow roots and same-origin frames) -------
  function separator(el) {
    const display = styleOf(el).display;
    if (display === "inline" || display === "contents") return "";
    return display.startsWith("inline") ? " " : "\n";
  }
  function textOf(el) {
    if (!rendered(el)) return "";
    if (!composite.has(el)) return el.innerText || "";
    if (el.localName === "iframe" || el.localName === "frame") {
      let doc = null;
      try {
        doc = el.contentDocument;
      } catch (e) {
        return "";
      }
      return doc && doc.body ? textOf(doc.body) : "";
    }
    return joinText(el.shadowRoot ? el.shadowRoot.childNodes : el.childNodes);
  }
  function joinText(nodes) {
    let out = "", afterElement = false;
    for (const node of Array.from(nodes)) {
      if (node.nodeType === 3) {
        out += node.data.replace(/\s+/g, " ");
        afterElement = false;
      } else if (node.nodeType === 1 && !SKIP_TEXT.has(node.localName)) {
        if (node.localName === "slot") {
          const assigned = node.assignedNodes({ flatten: true });
          out += joinText(assigned.length ? assigned : node.childNodes);
          continue;
        }
        const text = textOf(node);
        if (text) {
          const around = separator(node);
          const gap = around || (afterElement && !/\s$/.test(out) ? " " : "");
          out += gap + text + around;
        }
        afterElement = true;
      }
    }
    return out;
  }

  visit(document, { depth: 0, ox: 0, oy: 0, chain: [] });
  const body = document.body || document.documentElement;
  const text = (body ? textOf(body) : "")
    .split("\n").map(clean).filter(Boolean).join("\n").slice(0, opts.maxTextChars);
  const inOverlay = (node) => !!node && overlaySize.get(node) <= opts.maxOverlayElements;
  const elements = items.map((item) => ({ ...item, overlay: inOverlay(item.overlay) }));
  const dialogOpen = Array.from(document.querySelectorAll(DIALOGS)).some(shown);
  return {
    info: {
      url: location.href,
      title: document.title || "",
      text,
      has_overlay: dialogOpen || elements.some((item) => item.overlay),
      elements,
    },
    elements: refs,
  };
}
