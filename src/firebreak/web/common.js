// Shared helpers of the firebreak pages (no build step, no dependencies).
"use strict";

const FB = {
  el(tag, attrs = {}, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) {
      if (v === null || v === undefined || v === false) continue;
      if (k === "text") e.textContent = v;
      else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
      else e.setAttribute(k, v === true ? "" : v);
    }
    for (const c of children) if (c !== null && c !== undefined) e.append(c);
    return e;
  },
  async api(method, path, body, token) {
    const headers = { "Content-Type": "application/json" };
    if (token) headers["X-Seat-Token"] = token;
    const resp = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const data = await resp.json().catch(() => ({}));
    if (!resp.ok) throw new Error((data.error && data.error.message) || resp.statusText);
    return data;
  },
  // A seat as every screen names it: the game's player name (sent by the server), else "P0".
  seatName(seat, names) {
    if (seat === null || seat === undefined) return "";
    return (names && names[seat]) || `P${seat}`;
  },
  plural(n, word) { return `${n} ${n === 1 ? word : word + "s"}`; },
  // "A", "A and B", "A, B and C".
  joinWords(items) {
    return items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
  },
  // A game-agnostic sentence for an event: its kind in words and its data as "key value" pairs.
  eventText(ev) {
    if (ev.text) return ev.text;
    const parts = [];
    for (const [k, v] of Object.entries(ev.data || {})) {
      let val = Array.isArray(v) ? v.join(", ") : (v !== null && typeof v === "object" ? JSON.stringify(v) : String(v));
      if (k === "player") { parts.unshift(`P${val}`); continue; }
      parts.push(`${k.replace(/_/g, " ")} ${val}`);
    }
    return ev.kind.replace(/_/g, " ") + (parts.length ? ": " + parts.join("; ") : "");
  },
  // A log entry in one line: the game's first sentence, else who did what ("The game begins." for a silent set-up).
  entryText(entry) {
    if (entry.events.length && entry.events[0].text) return entry.events[0].text;
    const who = entry.seat === null || entry.seat === undefined ? "" : `${entry.name || `P${entry.seat}`}: `;
    return who + entry.text;
  },
  logItem(entry, recent) {
    // The game's own sentences lead (they name the player); the action's text is shown only when the game said
    // nothing about the move (no tooltip repeats it: it is the game's stable text, not a player's words).
    const who = entry.seat === null || entry.seat === undefined ? "" : `${entry.name || `P${entry.seat}`}: `;
    const li = FB.el("li", { class: recent ? "recent" : null, value: entry.index + 2 });
    const sentences = entry.events.map(FB.eventText);
    const narrated = sentences.length && entry.events[0].text;
    li.append(FB.el("strong", { text: narrated ? sentences[0] : who + entry.text }));
    const rest = narrated ? sentences.slice(1) : sentences;
    if (rest.length) li.append(FB.el("div", { class: "events", text: rest.join(" · ") }));
    return li;
  },
  // A game's rules help (GET /api/help/GAME): its summary, sections of points and the legend of the board.
  helpContent(h) {
    const box = FB.el("div", { class: "help" });
    box.append(FB.el("p", { text: h.summary }));
    for (const sec of h.sections || []) {
      box.append(FB.el("h3", { text: sec.heading }));
      box.append(FB.el("ul", {}, ...sec.points.map(p => FB.el("li", { text: p }))));
    }
    if (h.legend && h.legend.length) {
      box.append(FB.el("h3", { text: "On the board" }));
      box.append(FB.el("dl", { class: "legend" }, ...h.legend.flatMap(l => [FB.el("dt", { text: l.symbol }), FB.el("dd", { text: l.meaning })])));
    }
    return box;
  },
  showBoard(container, svg, text) {
    container.replaceChildren();
    if (svg) {
      const tpl = document.createElement("template");
      tpl.innerHTML = svg.trim();
      container.append(tpl.content);
    } else {
      container.append(FB.el("pre", { text: text || "" }));
    }
  },
  // Game over: who won, in a sentence ("Purple (P0) wins with 14 points.").
  winnerText(winners, scores, names) {
    if (!winners || !winners.length) return "Nobody wins.";
    const who = FB.joinWords(winners.map(w => FB.seatName(w, names)));
    const pts = scores ? ` with ${FB.plural(scores[winners[0]], "point")}` : "";
    return winners.length === 1 ? `${who} wins${pts}.` : `${who} share the win${pts} each.`;
  },
  // Each seat's score as the rulebook adds it up: one table per seat (source, points, total), winners starred.
  scoreSheets(sheets, scores, winners, names) {
    if (!sheets) {  // totals only (no breakdown sent): one table of players and points
      const t = FB.el("table", { class: "score-sheet" },
        FB.el("tr", {}, FB.el("th", { scope: "col", text: "Player" }), FB.el("th", { scope: "col", text: "Points" })));
      scores.forEach((s, seat) => t.append(FB.el("tr", {}, FB.el("td", { text: FB.seatName(seat, names) }),
        FB.el("td", { class: "num", text: String(s) }))));
      return t;
    }
    const box = FB.el("div", { class: "score-sheets" });
    sheets.forEach((sheet, seat) => {
      const won = winners && winners.includes(seat);
      const t = FB.el("table", { class: "score-sheet" + (won ? " winner" : "") },
        FB.el("caption", { text: FB.seatName(seat, names) + (won ? " ★ winner" : "") }),
        FB.el("tr", {}, FB.el("th", { scope: "col", text: "Scored for" }), FB.el("th", { scope: "col", text: "Points" })));
      for (const [source, points] of sheet) {
        t.append(FB.el("tr", {}, FB.el("td", { text: source }), FB.el("td", { class: "num", text: String(points) })));
      }
      t.append(FB.el("tr", { class: "total" }, FB.el("th", { scope: "row", text: "Total" }),
        FB.el("td", { class: "num", text: String(scores[seat]) })));
      box.append(t);
    });
    return box;
  },
};

// Choosing a move on the board: what can be clicked, two-step picks (piece, then target), a menu where several
// entries end on one element. Built on the game's action choices only (see core ActionChoice): `source`/`target`/
// `preview` name board elements carrying data-place="NAME".

const Choose = {
  // The choices of a message, or the flat legal list as top-level entries with no place (older servers).
  choicesOf(m) {
    if (m.choices && m.choices.length) return m.choices;
    return (m.legal || []).map(a => ({ id: a.id, label: a.text, group: [], source: null, target: null, same: [], preview: [], note: "" }));
  },
  // Where the first click of a move goes: element name -> { direct: entries placed on it alone, into: entries that
  // end on it coming from elsewhere, from: entries that start on it and end elsewhere (a second click picks where) }.
  firstClicks(choices) {
    const map = new Map();
    const at = name => { if (!map.has(name)) map.set(name, { direct: [], into: [], from: [] }); return map.get(name); };
    for (const c of choices) {
      if (c.source && c.target && c.target !== c.source) { at(c.source).from.push(c); at(c.target).into.push(c); }
      else if (c.source || c.target) at(c.source || c.target).direct.push(c);
    }
    return map;
  },
  // The second click: target name -> entries from `source` that end there.
  secondClicks(choices, source) {
    const map = new Map();
    for (const c of choices) {
      if (c.source !== source || !c.target || c.target === source) continue;
      if (!map.has(c.target)) map.set(c.target, []);
      map.get(c.target).push(c);
    }
    return map;
  },
  // The words of an entry with its menu path ("Fire move › East card › Ludgate").
  fullLabel(c) { return [...(c.group || []), c.label].join(" › "); },
  // Menu words for entries shown together: each entry's path after what they all share, as a heading (the groups
  // left) and the entry's own words ("North card › S. Mary: 3 houses burn" / "Cone from Pudding Lane").
  menuLabels(list) {
    const paths = list.map(c => [...(c.group || []), c.label]);
    let common = 0;
    while (paths.every(p => common < p.length - 1 && p[common] === paths[0][common])) common++;
    return paths.map(p => ({ heading: p.slice(common, -1).join(" › "), text: p[p.length - 1] }));
  },
  // Board elements named `name` (a name may mark several shapes, e.g. a district drawn in parts).
  places(root, name) {
    return [...root.querySelectorAll("[data-place]")].filter(n => n.getAttribute("data-place") === name);
  },
  // The entries of a choice list as a tree of groups: { entries: [...], groups: Map(name -> subtree) }.
  tree(choices) {
    const root = { entries: [], groups: new Map(), count: 0 };
    for (const c of choices) {
      let node = root;
      node.count++;
      for (const g of c.group || []) {
        if (!node.groups.has(g)) node.groups.set(g, { entries: [], groups: new Map(), count: 0 });
        node = node.groups.get(g);
        node.count++;
      }
      node.entries.push(c);
    }
    return root;
  },
};

// The board as a map that pans and zooms, on every screen: a drag pans, two fingers pinch, the wheel zooms, and
// the Zoom button toggles a close view. It changes the board SVG's viewBox (so the picture stays sharp and every
// click still lands on the element drawn under it) and keeps the view across redraws. A drag or a pinch is never
// taken for a click: the click that ends one is swallowed. Game-agnostic: any SVG board, nothing named.
// A board whose place names are too small to read at the size shown (a phone showing the whole map) can say so:
// its svg's data-name-size is the names' font size in board units; while they would come out under NAME_PX on
// the screen (too small to read at a glance: a phone shows the Great Fire's whole map with 5 px names), the wrap
// carries "map-far" and the page shows the board's far labels (.lod-far, e.g. short codes) instead of its names
// (.lod-near), until the player zooms in.
const MapView = {
  zoom: 1, cx: null, cy: null, MAX: 8, NAME_PX: 9,
  attach(wrap, button) {
    this.wrap = wrap;
    this.button = button;
    addEventListener("resize", () => this.apply());
    const pointers = new Map();  // pointer id -> its last position
    let gesture = null;          // the drag or pinch under way: where it started, the view then, whether it moved
    let swallow = false;         // the next click ends a drag or pinch: not a choice
    const start = () => {
      const pts = [...pointers.values()];
      const mid = pts.reduce((a, p) => [a[0] + p[0] / pts.length, a[1] + p[1] / pts.length], [0, 0]);
      const dist = pts.length > 1 ? Math.hypot(pts[0][0] - pts[1][0], pts[0][1] - pts[1][1]) : 0;
      gesture = { mid, dist, zoom: this.zoom, at: this.toBoard(mid[0], mid[1]), moved: gesture ? gesture.moved : false,
                  touch: gesture ? gesture.touch : false };
    };
    const onBoard = ev => ev.target.closest && ev.target.closest("svg") && !ev.target.closest("#place-menu");
    wrap.addEventListener("pointerdown", ev => {
      if (!this.svg() || ev.button > 0 || !onBoard(ev)) return;
      if (!pointers.size) { swallow = false; gesture = null; }
      pointers.set(ev.pointerId, [ev.clientX, ev.clientY]);
      start();
      gesture.touch = gesture.touch || ev.pointerType === "touch";
    });
    wrap.addEventListener("pointermove", ev => {
      if (!pointers.has(ev.pointerId) || !gesture) return;
      pointers.set(ev.pointerId, [ev.clientX, ev.clientY]);
      const pts = [...pointers.values()];
      const mid = pts.reduce((a, p) => [a[0] + p[0] / pts.length, a[1] + p[1] / pts.length], [0, 0]);
      const slop = gesture.touch ? 10 : 5;
      if (!gesture.moved && pts.length < 2 && Math.hypot(mid[0] - gesture.mid[0], mid[1] - gesture.mid[1]) < slop) return;
      if (!gesture.moved) { gesture.moved = true; try { wrap.setPointerCapture(ev.pointerId); } catch (e) { /* gone */ } }
      let zoom = gesture.zoom;
      if (pts.length > 1 && gesture.dist > 0) {
        zoom = gesture.zoom * Math.hypot(pts[0][0] - pts[1][0], pts[0][1] - pts[1][1]) / gesture.dist;
      }
      this.show(zoom, gesture.at, mid);
      ev.preventDefault();
    });
    const end = ev => {
      if (!pointers.delete(ev.pointerId)) return;
      if (gesture && gesture.moved) swallow = true;
      if (pointers.size) start();  // one finger of a pinch lifted: the other pans on from here
    };
    wrap.addEventListener("pointerup", end);
    wrap.addEventListener("pointercancel", end);
    wrap.addEventListener("click", ev => {
      if (!swallow) return;
      swallow = false;
      ev.stopPropagation();
      ev.preventDefault();
    }, true);
    wrap.addEventListener("wheel", ev => {
      if (!this.svg() || !onBoard(ev)) return;
      ev.preventDefault();
      this.show(this.zoom * Math.exp(-ev.deltaY * (ev.deltaMode ? 0.05 : 0.0015)), this.toBoard(ev.clientX, ev.clientY),
        [ev.clientX, ev.clientY]);
    }, { passive: false });
    if (button) button.addEventListener("click", () => {  // table.js turns the button's words; this the view
      const on = document.body.classList.contains("zoomed");
      const r = wrap.getBoundingClientRect();
      const mid = [r.left + r.width / 2, r.top + r.height / 2];
      this.show(on ? 2.5 : 1, this.toBoard(mid[0], mid[1]), mid);
    });
  },
  svg() { return this.wrap && this.wrap.querySelector("svg"); },
  // The drawn board's own viewBox (kept on the element: the shown one changes with the view).
  base() {
    const s = this.svg();
    if (!s) return null;
    if (!s.hasAttribute("data-viewbox")) s.setAttribute("data-viewbox", s.getAttribute("viewBox") || "");
    const vb = s.getAttribute("data-viewbox").split(/[\s,]+/).map(Number);
    return vb.length === 4 && vb.every(Number.isFinite) && vb[2] > 0 && vb[3] > 0 ? vb : null;
  },
  // A screen point in board units, through the view shown now.
  toBoard(x, y) {
    const s = this.svg(), ctm = s && s.getScreenCTM();
    if (!ctm) return null;
    const p = new DOMPoint(x, y).matrixTransform(ctm.inverse());
    return [p.x, p.y];
  },
  // Zoom to `zoom`, keeping the board point `at` under the screen point `screen` (null: keep the centre).
  show(zoom, at, screen) {
    const vb = this.base();
    if (!vb) return;
    const s = this.svg();
    this.zoom = Math.min(this.MAX, Math.max(1, zoom));
    const w = vb[2] / this.zoom, h = vb[3] / this.zoom;
    if (at && screen) {
      const r = s.getBoundingClientRect();
      const k = Math.min(r.width / w, r.height / h);  // px per board unit once zoomed ("meet" fitting)
      this.cx = at[0] - (screen[0] - (r.left + r.width / 2)) / k;
      this.cy = at[1] - (screen[1] - (r.top + r.height / 2)) / k;
    }
    this.apply();
    if (this.button) {  // the button says what it would do next
      const zoomed = this.zoom > 1.01;
      document.body.classList.toggle("zoomed", zoomed);
      this.button.setAttribute("aria-pressed", String(zoomed));
      this.button.textContent = zoomed ? "Fit" : "Zoom";
    }
  },
  // Show the kept view on the board drawn now (called after every redraw).
  apply() {
    const vb = this.base();
    if (!vb) return;
    const w = vb[2] / this.zoom, h = vb[3] / this.zoom;
    if (this.cx === null) { this.cx = vb[0] + vb[2] / 2; this.cy = vb[1] + vb[3] / 2; }
    this.cx = Math.min(vb[0] + vb[2] - w / 2, Math.max(vb[0] + w / 2, this.cx));
    this.cy = Math.min(vb[1] + vb[3] - h / 2, Math.max(vb[1] + h / 2, this.cy));
    const s = this.svg();
    s.setAttribute("viewBox", `${this.cx - w / 2} ${this.cy - h / 2} ${w} ${h}`);
    this.wrap.classList.toggle("map-zoomed", this.zoom > 1.01);
    const ctm = s.hasAttribute("data-name-size") && s.getScreenCTM();  // px per board unit, as shown now
    if (ctm && ctm.a > 0) this.wrap.classList.toggle("map-far", +s.getAttribute("data-name-size") * ctm.a < this.NAME_PX);
  },
  // A move's path (place names, in order) as a line through each place's anchor (data-x, data-y) with an
  // arrowhead into the last; nothing on a board whose places carry no anchor.
  drawPath(root, path) {
    const s = root.querySelector("svg");
    if (!s || !path || path.length < 2) return;
    const pts = [];
    for (const name of path) {
      const n = Choose.places(root, name).find(e => e.hasAttribute("data-x"));
      if (!n) return;
      pts.push([+n.getAttribute("data-x"), +n.getAttribute("data-y")]);
    }
    const vb = (s.getAttribute("data-viewbox") || s.getAttribute("viewBox") || "0 0 1000 1000").split(/[\s,]+/).map(Number);
    const u = vb[2] / 1600;  // line widths in proportion to the board
    const [px, py] = pts[pts.length - 2], [tx, ty] = pts[pts.length - 1];
    const len = Math.hypot(tx - px, ty - py) || 1, back = Math.min(len * 0.35, 30 * u);
    pts[pts.length - 1] = [tx - (tx - px) / len * back, ty - (ty - py) / len * back];  // the head stops by the name
    const NS = "http://www.w3.org/2000/svg";
    const el = (tag, attrs) => { const e = document.createElementNS(NS, tag); for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v); return e; };
    const g = el("g", { class: "fb-path", "pointer-events": "none", "data-path": path.join(" › "), "aria-hidden": "true" });
    const marker = el("marker", { id: "fb-path-head", viewBox: "0 0 10 10", refX: "6", refY: "5", markerWidth: "3.2",
      markerHeight: "3.2", orient: "auto-start-reverse" });
    marker.append(el("path", { d: "M0 0 L10 5 L0 10 Z", fill: "#1d1d1f", stroke: "#fffdf6", "stroke-width": "1.2" }));
    const defs = el("defs", {});
    defs.append(marker);
    const points = pts.map(p => p.join(",")).join(" ");
    g.append(defs,
      el("polyline", { points, fill: "none", stroke: "#fffdf6", "stroke-width": 14 * u, "stroke-linejoin": "round", "stroke-linecap": "round" }),
      el("polyline", { class: "fb-path-line", points, fill: "none", stroke: "#1d1d1f", "stroke-width": 7 * u,
        "stroke-linejoin": "round", "stroke-dasharray": `${18 * u} ${7 * u}`, "marker-end": "url(#fb-path-head)" }));
    for (const [x, y] of pts.slice(0, -1)) g.append(el("circle", { cx: x, cy: y, r: 9 * u, fill: "#1d1d1f", stroke: "#fffdf6", "stroke-width": 3 * u }));
    s.append(g);
  },
};
