// Lobby: games waiting for players (take an open seat), a new game from the catalog (its options in words, people,
// open seats and bots by level, raw bot specs under "Advanced"), and every game on the server a page at a time.
"use strict";
let catalog = null;
const $ = id => document.getElementById(id);

function currentGame() { return catalog.games.find(g => g.name === $("game").value); }
function titleOf(name) { const g = catalog.games.find(x => x.name === name); return g ? g.title : name; }
// "hidden_colours" -> "Hidden colours"
function words(name) { const w = name.replace(/_/g, " "); return w.charAt(0).toUpperCase() + w.slice(1); }
function choiceWords(c) { return typeof c === "boolean" ? (c ? "yes" : "no") : words(String(c)); }

// The table options the chosen variant's board takes the place of (Catan's board and layout): not offered with it.
let replaced = new Set();

// ", for 3 or 4 players": the counts a variant's board seats, in words, when they are fewer than the game's.
function seatsWords(v, g) {
  const c = v.player_counts || [];
  if (!c.length || c.length === g.max_players - g.min_players + 1) return "";
  const last = c[c.length - 1];
  const list = c.length > 2 && last - c[0] === c.length - 1 ? `${c[0]} to ${last}`
    : (c.length < 2 ? String(c[0]) : `${c.slice(0, -1).join(", ")} or ${last}`);
  return `, for ${list} ${last === 1 ? "player" : "players"}`;
}

function drawOptions() {
  const g = currentGame();
  replaced = new Set();
  $("game-desc").textContent = g.description;
  const players = $("players");
  players.min = g.min_players; players.max = g.max_players;
  if (!(+players.value >= g.min_players && +players.value <= g.max_players)) players.value = g.default_players;
  const box = $("options");
  box.replaceChildren();
  const variants = (catalog.variants || []).filter(v => v.game === g.name);
  if (variants.length) {  // firebreak serve --variants: a designer's rule changes to playtest
    const sel = FB.el("select", { id: "variant" });
    sel.append(FB.el("option", { value: "", text: "None: the printed rules" }));
    for (const v of variants) sel.append(FB.el("option", { value: v.hash, text: `Variant: ${v.name}`, title: v.description }));
    const about = FB.el("span", { class: "muted", id: "variant-about" });
    sel.addEventListener("change", () => {
      const v = variants.find(x => x.hash === sel.value);
      about.textContent = v
        ? [v.description, ...(v.changes || []), v.board ? `Played on its own board${seatsWords(v, g)}.` : ""].filter(Boolean).join(" ")
        : "";
      replaced = new Set(v ? v.replaces || [] : []);
      // Only the player counts the variant's board seats are offered (a base-frame Catan layout: 3 or 4).
      const all = Array.from({ length: g.max_players - g.min_players + 1 }, (_, i) => g.min_players + i);
      const counts = v && v.player_counts && v.player_counts.length ? v.player_counts : all;
      players.min = Math.min(...counts); players.max = Math.max(...counts);
      if (v && v.players) players.value = v.players;
      else if (!counts.includes(+players.value)) players.value = counts.includes(g.default_players) ? g.default_players : counts[0];
      syncChoices();
      drawSeats();
    });
    box.append(FB.el("label", { for: "variant", text: "Variant" }), FB.el("span", {}, sel, " ", about));
  }
  for (const o of g.options) {
    const id = "opt-" + o.name;
    let input;
    if (o.choices) {
      input = FB.el("select", { id, "data-option": o.name, "data-type": o.type });
      for (const c of o.choices) input.append(FB.el("option", { value: String(c), text: choiceWords(c), selected: c === o.default }));
    } else if (o.type === "bool") {
      input = FB.el("input", { id, type: "checkbox", "data-option": o.name, "data-type": o.type, checked: !!o.default });
    } else {
      input = FB.el("input", { id, type: o.type === "int" ? "number" : "text", value: String(o.default),
        "data-option": o.name, "data-type": o.type, min: o.minimum, max: o.maximum });
    }
    // Every option may rule out another's choices (a board without a beginner layout), so any change re-checks them.
    input.addEventListener("change", () => { input.dataset.wanted = input.value; syncChoices(); });
    const note = (o.unavailable || []).length
      ? [FB.el("span", { class: "limit-note", id: `${id}-limits`, "data-limit-note": o.name, role: "status" })] : [];
    box.append(FB.el("label", { for: id, text: o.title || words(o.name), "data-row": o.name }),
      FB.el("span", { "data-row": o.name }, input, " ", FB.el("span", { class: "muted", text: o.help }), ...note));
  }
  syncChoices();
  drawSeats();
}

// The options as the form holds them, typed as the server expects.
function readOptions() {
  const options = {};
  for (const input of document.querySelectorAll("[data-option]")) {
    const t = input.dataset.type;
    options[input.dataset.option] = t === "bool" ? input.checked : (t === "int" ? +input.value : input.value);
  }
  return options;
}

// Why a choice cannot be used with this player count and these options (the game's declared limits), or "".
function whyUnavailable(o, choice, n, options) {
  for (const l of o.unavailable || []) {
    if (l.choice !== choice) continue;
    if (l.players && !(n >= l.players[0] && n <= l.players[1])) continue;
    if (Object.entries(l.when).every(([name, values]) => values.includes(options[name]))) return l.reason;
  }
  return "";
}

function sentence(text) { const s = text.charAt(0).toUpperCase() + text.slice(1); return /[.!?]$/.test(s) ? s : s + "."; }

// Grey out the choices the player count or other options rule out, saying why in words; a choice that became
// unavailable gives way to the player's own pick when it fits again, else to the default or the first that fits.
function syncChoices() {
  const g = currentGame(), n = +$("players").value;
  for (let pass = 0; pass < 2; pass++) {  // a fallback may free or rule out a choice of an option drawn earlier
    const options = readOptions();
    for (const o of g.options) {
      if (!(o.unavailable || []).length) continue;
      const sel = $("opt-" + o.name), reasons = [];
      o.choices.forEach((c, i) => {
        const why = whyUnavailable(o, c, n, options);
        sel.options[i].disabled = !!why;
        sel.options[i].title = why ? sentence(why) : "";
        if (why && !reasons.includes(why)) reasons.push(why);
      });
      const fits = v => [...sel.options].some(el => el.value === v && !el.disabled);
      const pick = [sel.dataset.wanted, sel.value, String(o.default)].find(v => v !== undefined && fits(v))
        ?? ([...sel.options].find(el => !el.disabled) || {}).value;
      if (pick !== undefined) sel.value = pick;
      $(`opt-${o.name}-limits`).textContent = reasons.map(sentence).join(" ");
    }
  }
  // An option that changes nothing with the others as they are (the Seafarers target on the base board) is hidden.
  const options = readOptions();
  for (const o of g.options) {
    const matters = Object.entries(o.only_when || {}).every(([name, values]) => values.includes(options[name]));
    for (const el of document.querySelectorAll(`[data-row="${o.name}"]`)) el.hidden = !matters || replaced.has(o.name);
  }
}

function levelOf(value) { return catalog.levels.find(l => "bot:" + l.name === value); }

function drawSeats() {
  const n = +$("players").value;
  const box = $("seats"), specs = $("specs");
  const old = [...box.querySelectorAll("select[data-seat]")].map(s => s.value);
  const oldSpecs = [...specs.querySelectorAll("input[data-spec]")].map(s => s.value);
  box.replaceChildren();
  specs.replaceChildren();
  for (let i = 0; i < n; i++) {
    const sel = FB.el("select", { id: `seat-${i}`, "data-seat": i });
    sel.append(FB.el("option", { value: "human", text: i === 0 ? "A person: you" : "A person: you send them a link" }));
    sel.append(FB.el("option", { value: "open", text: "Open seat: anyone may take it from the lobby" }));
    for (const l of catalog.levels) sel.append(FB.el("option", { value: "bot:" + l.name, text: `Bot: ${l.title}`, title: l.description }));
    sel.value = old[i] || (i === 0 ? "human" : "bot:easy");
    if (!sel.value) sel.selectedIndex = 0;
    const about = FB.el("span", { class: "muted", id: `seat-${i}-about` });
    const sync = () => { const l = levelOf(sel.value); about.textContent = l ? l.description : ""; };
    sel.addEventListener("change", sync);
    sync();
    box.append(FB.el("label", { for: `seat-${i}`, text: `Seat P${i}` }), FB.el("span", {}, sel, " ", about));
    const spec = FB.el("input", { id: `seat-${i}-spec`, "data-spec": i, type: "text", size: 24, value: oldSpecs[i] || "",
      placeholder: "e.g. greedy:samples=2", autocomplete: "off" });
    specs.append(FB.el("label", { for: `seat-${i}-spec`, text: `Seat P${i}: bot spec` }), spec);
  }
}

async function create(ev) {
  ev.preventDefault();
  const err = $("create-error");
  err.textContent = "";
  const options = readOptions();
  for (const name of replaced) delete options[name];  // the variant's board decides these
  const advanced = $("advanced").open;
  const seats = [...document.querySelectorAll("select[data-seat]")].map(s => {
    const spec = advanced ? document.querySelector(`[data-spec="${s.dataset.seat}"]`).value.trim() : "";
    if (spec) return { kind: "bot", bot: spec };
    if (s.value === "human" || s.value === "open") return { kind: s.value };
    return { kind: "bot", bot: s.value.slice(4) };
  });
  try {
    const g = await FB.api("POST", "/api/games", {
      game: $("game").value, num_players: +$("players").value,
      options, seats, takeover_after: +$("takeover").value, clock: Clocks.fromForm(),
      variant: ($("variant") && $("variant").value) || null });
    showLinks(g);
    loadGames();
    loadJoinable();
  } catch (e) { err.textContent = e.message; }
}

function showLinks(g) {
  const box = $("links");
  box.replaceChildren();
  const table = FB.el("table", {});
  let first = true;
  for (const s of g.seats) {
    if (s.open) {
      table.append(FB.el("tr", {}, FB.el("th", { text: s.name }),
        FB.el("td", { colspan: 3, class: "muted", text: "Open seat: listed above for anyone to take." })));
      continue;
    }
    if (!s.url) continue;
    const url = location.origin + s.url;
    const input = FB.el("input", { readonly: true, value: url, "aria-label": `Link for ${s.name}`, "data-seat-link": s.seat });
    const copy = FB.el("button", { type: "button", class: "secondary", text: "Copy", "data-copy-seat": s.seat,
      "aria-label": `Copy the link for ${s.name}`, onclick: async () => {
        input.select();
        let done = false;
        try { if (navigator.clipboard) { await navigator.clipboard.writeText(url); done = true; } } catch (e) { /* not allowed */ }
        if (!done) { try { done = document.execCommand("copy"); } catch (e) { /* old browsers */ } }
        copy.textContent = done ? "Copied" : "Select and copy";
        setTimeout(() => { copy.textContent = "Copy"; }, 2000);
      } });
    const open = FB.el("a", { href: url, text: first ? "Open (this is you)" : "Open", "data-open-seat": s.seat });
    first = false;
    table.append(FB.el("tr", {}, FB.el("th", { text: s.name }), FB.el("td", {}, input), FB.el("td", {}, copy), FB.el("td", {}, open)));
  }
  box.append(table, FB.el("p", {}, "Spectators: ", FB.el("a", { href: g.spectator_url, text: location.origin + g.spectator_url })));
  $("created").hidden = false;
  // The links are what happens next: bring them into view (they may be below the fold) and put the focus on them.
  $("created").scrollIntoView({ block: "start" });
  $("created-h").focus({ preventScroll: true });
}

// Games with a seat anyone may take: one button per open seat, named as the game names that player.
async function loadJoinable() {
  const box = $("joinable");
  const { games } = await FB.api("GET", "/api/games?status=joinable&limit=10");
  box.replaceChildren();
  if (!games.length) { box.append(FB.el("p", { class: "muted", text: "No game is waiting for players right now. Create one below and leave a seat open." })); return; }
  const t = FB.el("table", {}, FB.el("tr", {}, ...["Game", "Players", "Open seats"].map(h => FB.el("th", { text: h }))));
  for (const g of games) {
    const buttons = g.open_seats.map(seat => FB.el("button", { type: "button", "data-join": `${g.id}:${seat}`,
      text: `Play as ${g.names[seat]}`, onclick: () => join(g.id, seat) }));
    t.append(FB.el("tr", {}, FB.el("td", { text: g.title }), FB.el("td", { text: FB.joinWords(g.names) }),
      FB.el("td", { class: "join-buttons" }, ...buttons)));
  }
  box.append(t);
}

async function join(gameId, seat) {
  $("join-error").textContent = "";
  try {
    const r = await FB.api("POST", `/api/games/${encodeURIComponent(gameId)}/seats/${seat}/join`);
    location.href = r.url;
  } catch (e) { $("join-error").textContent = e.message; loadJoinable(); }
}

// The list shows one page of games at a time, newest first, filtered by game and status (so a flood of new
// games cannot hide the one you are looking for).
const PAGE = 20;
let offset = 0;

function statusWords(g) {
  if (g.finished) return "Finished";
  if (g.open_seats && g.open_seats.length) return `Waiting for ${FB.plural(g.open_seats.length, "player")}`;
  return "In play";
}

async function loadGames() {
  const params = new URLSearchParams({ offset, limit: PAGE });
  const game = $("filter-game").value;
  const status = $("filter-status").value;
  if (game) params.set("game", game);
  if (status) params.set("status", status);
  const { games, more } = await FB.api("GET", "/api/games?" + params);
  $("prev-page").disabled = offset === 0;
  $("next-page").disabled = !more;
  $("page-info").textContent = games.length ? `Games ${offset + 1}–${offset + games.length}` : "";
  const box = $("games");
  box.replaceChildren();
  if (!games.length) {
    box.append(FB.el("p", { class: "muted", text: offset || game || status ? "No games match." : "No games yet." }));
    return;
  }
  const t = FB.el("table", {}, FB.el("tr", {}, ...["Game", "Players", "Moves", "Status", ""].map(h => FB.el("th", { text: h }))));
  for (const g of games) {
    const link = g.finished ? FB.el("a", { href: `/replay/${g.id}`, text: "Replay" }) : FB.el("a", { href: `/play/${g.id}`, text: "Watch" });
    t.append(FB.el("tr", {}, FB.el("td", { text: g.title || titleOf(g.game) }), FB.el("td", { text: FB.joinWords(g.names || []) }),
      FB.el("td", { text: String(g.num_actions) }), FB.el("td", { text: statusWords(g) }), FB.el("td", {}, link)));
  }
  box.append(t);
}

(async function init() {
  catalog = await FB.api("GET", "/api/catalog");
  const sel = $("game");
  for (const g of catalog.games) sel.append(FB.el("option", { value: g.name, text: g.title }));
  const flagship = catalog.games.find(g => g.flagship);  // a newcomer starts on the flagship game
  if (flagship) sel.value = flagship.name;
  sel.addEventListener("change", drawOptions);
  $("players").addEventListener("change", () => { syncChoices(); drawSeats(); });
  $("players").addEventListener("input", syncChoices);
  $("create-form").addEventListener("submit", create);
  $("bot-kinds").replaceChildren(...catalog.bots.map(b => FB.el("li", {}, FB.el("code", { text: b.name }), ` — ${b.help}`)),
    ...catalog.levels.map(l => FB.el("li", {}, FB.el("code", { text: l.spec }), ` is the ${l.title.toLowerCase()} level.`)));
  const filterGame = $("filter-game");
  for (const g of catalog.games) filterGame.append(FB.el("option", { value: g.name, text: g.title }));
  for (const id of ["filter-game", "filter-status"]) {
    $(id).addEventListener("change", () => { offset = 0; loadGames(); });
  }
  $("prev-page").addEventListener("click", () => { offset = Math.max(0, offset - PAGE); loadGames(); });
  $("next-page").addEventListener("click", () => { offset += PAGE; loadGames(); });
  drawOptions();
  loadGames();
  loadJoinable();
})();
