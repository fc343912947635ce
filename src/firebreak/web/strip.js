// The player strip (game page): every seat always in view, above the board, at every screen size. Each seat's
// colour, name, who plays it (a person, a bot and its level), its score as far as this viewer may know it, what
// it holds (counted), its clock (a bar and the time), whose turn it is and, on the viewer's own seat when a bot
// has taken it over, the "Take my seat back" button. Drawn from the server's message only: `strip` (the game's
// seat summaries for this viewer, see core SeatSummary), `seats`, `names` and `clock`; nothing game-specific.
"use strict";

const Strip = (() => {
  let key = "";  // redrawn only when what it shows changes: a button replaced under the pointer would lose the click

  function reclaimButton() {
    return FB.el("button", { type: "button", class: "small reclaim", text: "Take my seat back",
      title: "Stop the bot and play this seat yourself again",
      onclick: () => FB.api("POST", `/api/games/${encodeURIComponent(gameId)}/reclaim`, {}, token)
        .catch(e => { document.getElementById("error").textContent = e.message; }) });
  }

  function seatCard(m, s, facts) {
    const seat = s.seat;
    const name = FB.seatName(seat, m.names);
    const toPlay = !m.terminal && m.current_player === seat;
    const won = m.terminal && (m.winners || []).includes(seat);
    const card = FB.el("li", { class: "strip-seat" + (toPlay ? " to-play" : "") + (seat === m.viewer ? " mine" : ""),
      "data-seat": String(seat), "aria-current": toPlay ? "true" : null });
    const swatch = FB.el("span", { class: "swatch", "aria-hidden": "true", title: facts.colour_name || null });
    if (facts.colour) swatch.style.background = facts.colour;
    const head = FB.el("div", { class: "strip-head" }, swatch,
      FB.el("strong", { class: "strip-name", text: name }),
      seat === m.viewer ? FB.el("span", { class: "you", text: "you" }) : null,
      toPlay ? FB.el("span", { class: "turn-mark" }, "▶", FB.el("span", { class: "words", text: seat === m.viewer ? " your turn" : " to play" })) : null,
      won ? FB.el("span", { class: "turn-mark" }, "★", FB.el("span", { class: "words", text: " winner" })) : null);
    const words = s.kind && typeof Table !== "undefined" ? Table.seatWords(s) : "";  // (a replay knows no seats)
    const who = !words ? null : FB.el("div", { class: "strip-who" + (s.kind === "bot" ? " bot" : ""), title: words },
      FB.el("span", { text: words }),
      s.kind === "human" && s.has_link ? FB.el("span", { class: "badge " + (s.connected ? "here" : "away"),
        text: s.connected ? "here" : "away" }) : null);
    const facts_line = [];
    if (facts.score_text) facts_line.push(FB.el("span", { class: "strip-score", text: facts.score_text }));
    for (const c of facts.counts || []) facts_line.push(FB.el("span", { class: "strip-count", "data-what": c.what, text: c.text }));
    card.append(head);
    if (who) card.append(who);
    if (facts_line.length) card.append(FB.el("div", { class: "strip-facts" }, ...facts_line));
    card.append(FB.el("div", { class: "strip-clock", hidden: true },
      FB.el("span", { class: "bar", role: "presentation" }, FB.el("span", { class: "fill" })),
      FB.el("span", { class: "time" })));
    if (seat === m.viewer && s.kind === "bot" && !m.terminal) card.append(reclaimButton());
    card.setAttribute("aria-label", [name + (seat === m.viewer ? " (you)" : ""), words,
      facts.score_text, ...(facts.counts || []).map(c => c.text), toPlay ? "to play" : ""].filter(Boolean).join(", "));
    return card;
  }

  // A seat's card is updated in place rather than replaced, and the "Take my seat back" button in it is never
  // taken out of the page while a bot plays the seat (every bot move redraws the strip): a click or a finger
  // pressed on the button must land on the button it started on.
  function refresh(shown, card) {
    for (const name of shown.getAttributeNames()) if (!card.hasAttribute(name)) shown.removeAttribute(name);
    for (const name of card.getAttributeNames()) shown.setAttribute(name, card.getAttribute(name));
    const held = shown.querySelector(":scope > button.reclaim"), fresh = card.querySelector(":scope > button.reclaim");
    for (const child of [...shown.children]) if (child !== held) child.remove();
    if (held && !fresh) held.remove();
    const parts = [...card.children].filter(child => child !== fresh);
    if (held && fresh) held.before(...parts); else shown.append(...parts, ...(fresh ? [fresh] : []));
  }

  return {
    draw(m) {
      const box = document.getElementById("strip");
      if (!box) return;
      const k = JSON.stringify([m.seats, m.strip, m.names, m.viewer, m.current_player, m.terminal, m.winners]);
      if (k === key) return;
      key = k;
      const facts = m.strip || [];
      const cards = m.seats.map(s => seatCard(m, s, facts[s.seat] || {}));
      const shown = box.querySelector("ol.strip-list");
      if (shown && shown.children.length === cards.length) {
        cards.forEach((card, i) => refresh(shown.children[i], card));
      } else {
        const list = FB.el("ol", { class: "strip-list" }, ...cards);
        list.style.setProperty("--columns", String(m.seats.length === 4 ? 2 : Math.min(3, m.seats.length)));  // phones
        box.replaceChildren(list);
      }
      Strip.clocks();
    },
    // Each seat's time left, as a bar (full: all the time a turn or the game gives) and in minutes and seconds.
    clocks() {
      const c = typeof Clocks === "undefined" ? null : Clocks.got;
      const gone = c ? (performance.now() - Clocks.at) / 1000 : 0;
      for (const el of document.querySelectorAll("#strip .strip-seat")) {
        const seat = +el.getAttribute("data-seat"), box = el.querySelector(".strip-clock");
        if (!box) continue;
        box.hidden = !c;
        if (!c) continue;
        const running = seat === c.running;
        const left = Math.max(0, running ? c.left[seat] - gone : c.left[seat]);
        const full = Math.max(1, c.seconds || 1);
        box.classList.toggle("running", running);
        box.classList.toggle("low", left < Math.min(60, full / 5));
        box.querySelector(".fill").style.width = `${Math.min(100, 100 * left / full)}%`;
        box.querySelector(".time").textContent = (running ? "▶ " : "") + Clocks.format(left);
        box.setAttribute("aria-label", `${Clocks.format(left)} left${running ? ", running" : ""}`);
      }
    },
  };
})();
