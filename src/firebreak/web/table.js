// The table around the game (game page): tabs, board zoom, "your turn" signals (tab title, favicon, optional
// sound), chat, rematch and the rules help. game.js calls Table.drawn(m) after each draw and passes the messages
// it does not know to Table.onMessage. Every text from a person is shown with textContent, never as markup.
"use strict";

const Table = (() => {
  const $ = id => document.getElementById(id);
  const ICON = "/static/favicon.svg", TURN_ICON = "/static/favicon-turn.svg";
  let wasMyTurn = false, helpFor = null, chatSeen = 0, rematchFor = null;
  const chat = [];  // messages held, in order (each has its number n)
  let rules = { spectators_closed: false, muted: [] };  // what the players decided about spectators in the chat

  // --- tabs: Log, Players, Chat, Rules (arrow keys move between them)
  const tabs = [...document.querySelectorAll(".tabs [role=tab]")];
  function select(tab) {
    for (const t of tabs) {
      const on = t === tab;
      t.setAttribute("aria-selected", String(on));
      t.tabIndex = on ? 0 : -1;
      $(t.getAttribute("aria-controls")).hidden = !on;
    }
    if (tab.id === "tab-chat") { chatSeen = chat.length; drawUnread(); scrollDown("pane-chat"); }
    if (tab.id === "tab-log") scrollDown("pane-log");
  }
  for (const t of tabs) {
    t.addEventListener("click", () => select(t));
    t.addEventListener("keydown", ev => {
      const i = tabs.indexOf(t);
      const to = ev.key === "ArrowRight" ? tabs[(i + 1) % tabs.length] : ev.key === "ArrowLeft" ? tabs[(i - 1 + tabs.length) % tabs.length] : null;
      if (to) { ev.preventDefault(); select(to); to.focus(); }
    });
  }
  function scrollDown(id) { const p = $(id); p.scrollTop = p.scrollHeight; }

  // --- the board larger than the screen, to scroll (phones, or a crowded board)
  $("zoom").addEventListener("click", () => {
    const on = document.body.classList.toggle("zoomed");
    $("zoom").setAttribute("aria-pressed", String(on));
    $("zoom").textContent = on ? "Fit" : "Zoom";
  });

  // --- your turn: the tab title and icon change; a short tone if the player turned the sound on
  let sound = false;
  try { sound = localStorage.getItem("firebreak:sound") === "on"; } catch (e) { /* private mode */ }
  let audio = null;
  function drawSound() {
    $("sound").setAttribute("aria-pressed", String(sound));
    $("sound").textContent = sound ? "Sound on" : "Sound off";
  }
  $("sound").addEventListener("click", () => {
    sound = !sound;
    try { localStorage.setItem("firebreak:sound", sound ? "on" : "off"); } catch (e) { /* private mode */ }
    if (sound) { beep(); }  // (a click lets the page play sound from now on)
    drawSound();
  });
  drawSound();
  function beep() {
    try {
      audio = audio || new AudioContext();
      const osc = audio.createOscillator(), gain = audio.createGain();
      osc.frequency.value = 660;
      gain.gain.setValueAtTime(0.15, audio.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.35);
      osc.connect(gain).connect(audio.destination);
      osc.start(); osc.stop(audio.currentTime + 0.35);
    } catch (e) { /* no audio on this device */ }
  }
  function signalTurn(m) {
    const mine = Boolean(m.your_turn);
    document.title = (mine ? "Your turn — " : "") + `${m.title} — firebreak`;
    $("favicon").setAttribute("href", mine ? TURN_ICON : ICON);
    if (mine && !wasMyTurn && sound) beep();
    wasMyTurn = mine;
  }

  // --- chat: seated players and spectators; the server keeps it with the game and limits its pace
  function chatItem(c) {
    if (c.note) return FB.el("li", { class: "note", "data-n": c.n, text: c.text });  // "Ann muted Spectator 1."
    const li = FB.el("li", { class: c.seat !== null && c.seat === Table.viewer ? "mine" : null, "data-n": c.n });
    li.append(FB.el("span", { class: "who", text: `${c.name}: ` }), FB.el("span", { class: "said", text: c.text }));
    if (c.seat === null && Table.viewer !== null) {  // a player may mute a spectator
      const muted = rules.muted.includes(c.name);
      li.append(" ", FB.el("button", { type: "button", class: "secondary small mute", "data-mute": c.n,
        text: muted ? "Unmute" : "Mute",
        title: muted ? `Let ${c.name} chat again` : `Stop ${c.name} chatting in this game`,
        onclick: () => decide("mute", { n: c.n, muted: !muted }) }));
    }
    return li;
  }
  // A player's decision about spectators: kept by the server, announced in the chat, sent to every page.
  async function decide(what, body) {
    $("chat-error").textContent = "";
    try { setRules(await FB.api("POST", `/api/games/${encodeURIComponent(gameId)}/chat/${what}`, body, token)); }
    catch (e) { $("chat-error").textContent = e.message; }
  }
  function setRules(r) {
    rules = { spectators_closed: Boolean(r.spectators_closed), muted: r.muted || [] };
    $("chat-list").replaceChildren(...chat.map(chatItem));
    drawRules();
  }
  function drawRules() {
    const seated = Table.viewer !== null, closed = rules.spectators_closed;
    $("chat-rules").hidden = !seated;
    $("chat-spectators").textContent = closed ? "Open the chat to spectators" : "Close the chat to spectators";
    $("chat-spectators").setAttribute("aria-pressed", String(closed));
    $("chat-text").disabled = $("chat-send").disabled = !seated && closed;
    $("chat-text").placeholder = seated ? "Say something to the table…"
      : closed ? "The players have closed the chat to spectators." : "Say something (as a spectator)…";
  }
  $("chat-spectators").addEventListener("click", () => decide("spectators", { open: rules.spectators_closed }));
  function addChat(messages) {
    const list = $("chat-list");
    for (const c of messages) {
      if (chat.length && c.n <= chat[chat.length - 1].n) continue;  // already held
      chat.push(c);
      list.append(chatItem(c));
    }
    if ($("tab-chat").getAttribute("aria-selected") === "true") { chatSeen = chat.length; scrollDown("pane-chat"); }
    drawUnread();
  }
  function drawUnread() {
    const n = chat.length - chatSeen;
    $("chat-unread").hidden = n <= 0;
    $("chat-unread").textContent = n > 0 ? String(n) : "";
    $("chat-unread").setAttribute("aria-label", n > 0 ? `${FB.plural(n, "new message")}` : "");
  }
  $("chat-form").addEventListener("submit", async ev => {
    ev.preventDefault();
    const text = $("chat-text").value.trim();
    if (!text) return;
    $("chat-error").textContent = "";
    try {
      const r = await FB.api("POST", `/api/games/${encodeURIComponent(gameId)}/chat`, { text }, token);
      $("chat-text").value = "";
      addChat([r.message]);
    } catch (e) { $("chat-error").textContent = e.message; }
  });

  // --- rematch: offered on the results; every seat's page follows with its own new link
  async function rematch(start) {
    const box = $("rematch-box");
    try {
      const r = await FB.api("POST", `/api/games/${encodeURIComponent(gameId)}/rematch`, { start }, token);
      if (!r.started) return;
      box.replaceChildren(FB.el("p", { class: "rematch" }, "A rematch has started. ",
        FB.el("a", { id: "rematch-link", href: r.url, text: r.seat === null ? "Watch the rematch" : "Play the rematch" })));
      rematchFor = r.id;
    } catch (e) { box.replaceChildren(FB.el("p", { class: "error", text: e.message })); }
  }
  function drawRematch(m) {
    const box = $("rematch-box");
    if (!m.terminal) { box.replaceChildren(); return; }
    if (m.rematch && m.rematch !== rematchFor) { rematchFor = m.rematch; rematch(false); return; }
    if (m.rematch || box.childElementCount) return;
    if (m.viewer === null) { box.append(FB.el("p", { class: "muted", text: "The players may start a rematch." })); return; }
    box.append(FB.el("p", { class: "rematch" }, FB.el("button", { type: "button", id: "rematch", text: "Rematch",
      title: "The same game, options and seats, with a new deal", onclick: () => rematch(true) })));
  }

  // --- rules help: the game's own summary and a legend of the board's symbols (served per game, no code here)
  async function loadHelp(m) {
    if (helpFor === m.game) return;
    helpFor = m.game;
    try {
      const h = await FB.api("GET", `/api/games/${encodeURIComponent(gameId)}/help`);  // this game's rules
      $("help").replaceChildren(FB.helpContent(h));
    } catch (e) { $("help").replaceChildren(FB.el("p", { class: "muted", text: "The rules summary cannot be loaded now." })); }
  }

  return {
    viewer: null,
    // Who plays a seat, in words: a person, an open seat, a bot by its level or kind (the server's words for
    // it, never a raw spec).
    seatWords(s) {
      if (s.kind === "bot") return s.bot_words || "Bot";
      return s.has_link ? "Person" : "Open seat";
    },
    // A spectator takes an open seat from the game page, as from the lobby.
    takeSeatButton(s, m) {
      return FB.el("button", { type: "button", text: "Take this seat", "data-take": s.seat, onclick: async () => {
        try {
          const r = await FB.api("POST", `/api/games/${encodeURIComponent(gameId)}/seats/${s.seat}/join`);
          location.assign(r.url);
          location.reload();
        } catch (e) { $("error").textContent = e.message; }
      } });
    },
    drawn(m) {
      Table.viewer = m.viewer;
      signalTurn(m);
      drawRematch(m);
      loadHelp(m);
      drawRules();
    },
    onMessage(msg) {
      if (msg.type === "chat") { addChat(msg.messages); return true; }
      if (msg.type === "chat_ack") return true;
      if (msg.type === "chat_rules") { setRules(msg); return true; }
      if (msg.type === "error" && msg.chat) { $("chat-error").textContent = msg.message; return true; }
      if (msg.type === "rematch") { if (last) { last.rematch = msg.game_id; drawRematch(last); } return true; }
      return false;
    },
  };
})();
