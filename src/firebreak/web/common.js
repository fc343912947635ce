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
  seatName(seat, seats) {
    if (seat === null || seat === undefined) return "—";
    const s = seats && seats[seat];
    const who = s && s.kind === "bot" ? ` (bot: ${s.bot})` : "";
    return `Seat ${seat}${who}`;
  },
  // A game-agnostic sentence for an event: its kind in words and its data as "key value" pairs.
  eventText(ev) {
    if (ev.text) return ev.text;
    const parts = [];
    for (const [k, v] of Object.entries(ev.data || {})) {
      let val = Array.isArray(v) ? v.join(", ") : (v !== null && typeof v === "object" ? JSON.stringify(v) : String(v));
      if (k === "player") { parts.unshift(`seat ${val}`); continue; }
      parts.push(`${k.replace(/_/g, " ")} ${val}`);
    }
    return ev.kind.replace(/_/g, " ") + (parts.length ? ": " + parts.join("; ") : "");
  },
  logItem(entry, recent) {
    const who = entry.seat === null ? "" : `Seat ${entry.seat}: `;
    const li = FB.el("li", { class: recent ? "recent" : null, value: entry.index + 2 });
    li.append(FB.el("strong", { text: who + entry.text }));
    if (entry.events.length) {
      li.append(FB.el("div", { class: "events", text: entry.events.map(FB.eventText).join(" · ") }));
    }
    return li;
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
  scoresTable(scores, winners) {
    const t = FB.el("table", {}, FB.el("tr", {}, FB.el("th", { text: "Seat" }), FB.el("th", { text: "Score" }),
      FB.el("th", { text: "" })));
    scores.forEach((s, i) => t.append(FB.el("tr", {}, FB.el("td", { text: `Seat ${i}` }), FB.el("td", { text: String(s) }),
      FB.el("td", { text: winners && winners.includes(i) ? "★ winner" : "" }))));
    return t;
  },
};
