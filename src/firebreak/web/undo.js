// Taking back a move: the "Take back" button of the game page, and the log's notes of moves taken back
// (shared with the replay page). The server decides what may be taken back and says why not (m.undo).
"use strict";
const Undo = {
  // The button under "Your actions": enabled when the server allows a take-back, else the reason in words.
  show(m, send) {
    const box = document.getElementById("undo-box");
    if (!box) return;
    const offer = m.undo;
    box.replaceChildren();
    box.hidden = !offer;
    if (!offer) return;
    const button = FB.el("button", { type: "button", id: "undo", class: "secondary",
      text: offer.allowed ? `↶ Take back “${offer.text}”` : "↶ Take back", disabled: offer.allowed ? null : "",
      "aria-describedby": offer.allowed ? null : "undo-why",
      onclick: () => { if (offer.allowed) send({ type: "undo", index: m.index }); } });
    box.append(button);
    if (!offer.allowed) box.append(FB.el("span", { id: "undo-why", class: "muted", text: ` ${offer.why}` }));
  },
  // Log items with a note after each entry whose next move was taken back ("Purple (P0) took back …").
  logItems(entries, notes, item) {
    const byAt = new Map();
    for (const n of notes || []) { if (!byAt.has(n.at)) byAt.set(n.at, []); byAt.get(n.at).push(n); }
    const out = [];
    entries.forEach((e, i) => {
      out.push(item(e, i));
      for (const n of byAt.get(e.index + 1) || []) {
        out.push(FB.el("li", { class: "undone", value: e.index + 2, text: n.text }));
      }
    });
    return out;
  },
};
