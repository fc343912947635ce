"use strict";
// The end screen's picture of the score: one bar per seat, split by what the points were scored for (the game's
// score sheet, in the rulebook's order), a legend, and the game's notes on the sheet (core GameState.score_notes:
// why two figures differ, who holds a bonus and why). Game-agnostic: it draws whatever sheet the game sends.

const ScoreBars = {
  chart(sheets, scores, winners, names) {
    const box = FB.el("figure", { class: "score-bars" });
    if (!sheets || !sheets.length) return box;
    const sources = sheets[0].map(([source]) => source);
    const top = Math.max(1, ...sheets.map(sheet => sheet.reduce((sum, [, p]) => sum + Math.max(0, p), 0)));
    box.append(FB.el("figcaption", { text: "Points by what they were scored for" }));
    sheets.forEach((sheet, seat) => {
      const won = winners && winners.includes(seat);
      const bar = FB.el("div", { class: "score-bar", role: "img",
        "aria-label": `${FB.seatName(seat, names)}: ${scores[seat]} points (` +
          sheet.filter(([, p]) => p).map(([s, p]) => `${s} ${p}`).join(", ") + ")" });
      sheet.forEach(([source, points], i) => {
        if (points <= 0) return;
        const part = FB.el("span", { class: `score-part part-${i % 8}`, title: `${source}: ${points}`,
          text: points >= top / 12 ? String(points) : "" });
        part.style.width = `${(100 * points) / top}%`;
        bar.append(part);
      });
      box.append(FB.el("div", { class: "score-row" + (won ? " winner" : "") },
        FB.el("span", { class: "score-name", text: FB.seatName(seat, names) + (won ? " ★" : "") }), bar,
        FB.el("span", { class: "score-total", text: String(scores[seat]) })));
    });
    const legend = FB.el("ul", { class: "score-legend" });
    sources.forEach((source, i) => legend.append(FB.el("li", {},
      FB.el("span", { class: `score-part part-${i % 8}`, "aria-hidden": "true" }), FB.el("span", { text: source }))));
    box.append(legend);
    return box;
  },
  notes(lines) {
    const list = FB.el("ul", { class: "score-notes" });
    for (const line of lines || []) list.append(FB.el("li", { text: line }));
    return list;
  },
};
