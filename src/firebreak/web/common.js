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
  // A log entry in one line: the game's first sentence, else who did what ("Set-up" for the deal).
  entryText(entry) {
    if (entry.events.length && entry.events[0].text) return entry.events[0].text;
    const who = entry.seat === null || entry.seat === undefined ? "" : `${entry.name || `P${entry.seat}`}: `;
    return who + entry.text;
  },
  logItem(entry, recent) {
    // The game's own sentences lead (they name the player); the typed action text is kept only when the game
    // said nothing about the move, and as the entry's tooltip.
    const who = entry.seat === null || entry.seat === undefined ? "" : `${entry.name || `P${entry.seat}`}: `;
    const li = FB.el("li", { class: recent ? "recent" : null, value: entry.index + 2, title: who + entry.text });
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
