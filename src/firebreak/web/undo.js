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
  KEPT: 50,  // notes a page holds, as the server keeps them (server/undo.py NOTES_KEPT); earlier ones are counted
  // The notes held after a message: a state's, or those held plus an update's new ones (only the latest kept).
  held(notes, earlier, msg) {
    const all = notes.concat(msg.undone || []);
    const cut = Math.max(0, all.length - Undo.KEPT);
    return { notes: all.slice(cut), earlier: earlier + (msg.undone_earlier || 0) + cut };
  },
  // Log items with a note after each entry whose next move was taken back ("Purple (P0) took back …"), notes of
  // moves further on than the log goes after its last entry, and a line counting the earlier take-backs not held.
  logItems(entries, notes, item, earlier) {
    const byAt = new Map();
    const lastAt = entries.length ? entries[entries.length - 1].index + 1 : 0;
    for (const n of notes || []) {
      const at = Math.min(n.at, lastAt);
      if (!byAt.has(at)) byAt.set(at, []);
      byAt.get(at).push(n);
    }
    const out = [];
    if (earlier) {
      out.push(FB.el("li", { class: "undone", value: 1,
        text: `Not listed here: ${FB.plural(earlier, "earlier take-back")} (the game's record lists every one).` }));
    }
    entries.forEach((e, i) => {
      out.push(item(e, i));
      for (const n of byAt.get(e.index + 1) || []) {
        out.push(FB.el("li", { class: "undone", value: e.index + 2, text: n.text }));
      }
    });
    return out;
  },
};
