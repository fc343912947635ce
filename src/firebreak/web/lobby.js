// Lobby: create a game from the catalog (any registered game, its options, humans and bots) and list games.
"use strict";
let catalog = null;

function currentGame() { return catalog.games.find(g => g.name === document.getElementById("game").value); }

function drawOptions() {
  const g = currentGame();
  document.getElementById("game-desc").textContent = g.description;
  const players = document.getElementById("players");
  players.min = g.min_players; players.max = g.max_players;
  if (!(+players.value >= g.min_players && +players.value <= g.max_players)) players.value = g.default_players;
  const box = document.getElementById("options");
  box.replaceChildren();
  for (const o of g.options) {
    const id = "opt-" + o.name;
    let input;
    if (o.choices) {
      input = FB.el("select", { id, "data-option": o.name, "data-type": o.type });
      for (const c of o.choices) input.append(FB.el("option", { value: String(c), text: String(c), selected: c === o.default }));
    } else if (o.type === "bool") {
      input = FB.el("input", { id, type: "checkbox", "data-option": o.name, "data-type": o.type, checked: !!o.default });
    } else {
      input = FB.el("input", { id, type: o.type === "int" ? "number" : "text", value: String(o.default),
        "data-option": o.name, "data-type": o.type, min: o.minimum, max: o.maximum });
    }
    box.append(FB.el("label", { for: id, text: o.name.replace(/_/g, " ") }),
      FB.el("span", {}, input, " ", FB.el("span", { class: "muted", text: o.help })));
  }
  drawSeats();
}

function drawSeats() {
  const n = +document.getElementById("players").value;
  const box = document.getElementById("seats");
  const old = [...box.querySelectorAll("select[data-seat]")].map(s => s.value);
  box.replaceChildren();
  for (let i = 0; i < n; i++) {
    const sel = FB.el("select", { id: `seat-${i}`, "data-seat": i });
    sel.append(FB.el("option", { value: "human", text: "Human (gets a link)" }));
    for (const b of catalog.bots) sel.append(FB.el("option", { value: "bot:" + b.name, text: `Bot: ${b.name}`, title: b.help }));
    sel.value = old[i] || (i === 0 ? "human" : "bot:greedy");
    if (!sel.value) sel.selectedIndex = 0;
    // a bot's strength: its spec parameters, e.g. samples=3 for a greedy bot that looks at more deals
    const settings = FB.el("input", { id: `seat-${i}-settings`, "data-settings": i, type: "text", size: 14,
      "aria-label": `Seat ${i} bot settings` });
    const sync = () => {
      const bot = catalog.bots.find(b => "bot:" + b.name === sel.value);
      const params = bot ? Object.entries(bot.params) : [];
      settings.hidden = !params.length;
      settings.placeholder = params.map(([k, t]) => `${k}=<${t}>`).join(",");
    };
    sel.addEventListener("change", sync);
    sync();
    box.append(FB.el("label", { for: `seat-${i}`, text: `Seat ${i}` }), FB.el("span", {}, sel, " ", settings));
  }
}

async function create(ev) {
  ev.preventDefault();
  const err = document.getElementById("create-error");
  err.textContent = "";
  const options = {};
  for (const input of document.querySelectorAll("[data-option]")) {
    const t = input.dataset.type;
    options[input.dataset.option] = t === "bool" ? input.checked : (t === "int" ? +input.value : input.value);
  }
  const seats = [...document.querySelectorAll("[data-seat]")].map(s => {
    if (s.value === "human") return { kind: "human" };
    const extra = document.querySelector(`[data-settings="${s.dataset.seat}"]`).value.trim();
    return { kind: "bot", bot: s.value.slice(4) + (extra ? ":" + extra : "") };
  });
  try {
    const g = await FB.api("POST", "/api/games", {
      game: document.getElementById("game").value, num_players: +document.getElementById("players").value,
      options, seats, takeover_after: +document.getElementById("takeover").value, clock: Clocks.fromForm() });
    showLinks(g);
    loadGames();
  } catch (e) { err.textContent = e.message; }
}

function showLinks(g) {
  const box = document.getElementById("links");
  box.replaceChildren();
  const table = FB.el("table", {});
  let first = true;
  for (const s of g.seats) {
    if (!s.url) continue;
    const url = location.origin + s.url;
    const input = FB.el("input", { readonly: true, value: url, "aria-label": `Link for seat ${s.seat}`, "data-seat-link": s.seat });
    const copy = FB.el("button", { type: "button", class: "secondary", text: "Copy",
      onclick: () => { input.select(); navigator.clipboard && navigator.clipboard.writeText(url); } });
    const open = FB.el("a", { href: url, text: first ? "Open (this is you)" : "Open", "data-open-seat": s.seat });
    first = false;
    table.append(FB.el("tr", {}, FB.el("th", { text: `Seat ${s.seat}` }), FB.el("td", {}, input), FB.el("td", {}, copy), FB.el("td", {}, open)));
  }
  box.append(table, FB.el("p", {}, "Spectators: ", FB.el("a", { href: g.spectator_url, text: location.origin + g.spectator_url })));
  document.getElementById("created").hidden = false;
}

// The list shows one page of games at a time, newest first, filtered by game and status (so a flood of new
// games cannot hide the one you are looking for).
const PAGE = 20;
let offset = 0;

async function loadGames() {
  const params = new URLSearchParams({ offset, limit: PAGE });
  const game = document.getElementById("filter-game").value;
  const status = document.getElementById("filter-status").value;
  if (game) params.set("game", game);
  if (status) params.set("status", status);
  const { games, more } = await FB.api("GET", "/api/games?" + params);
  document.getElementById("prev-page").disabled = offset === 0;
  document.getElementById("next-page").disabled = !more;
  document.getElementById("page-info").textContent = games.length
    ? `Games ${offset + 1}–${offset + games.length}` : "";
  const box = document.getElementById("games");
  box.replaceChildren();
  if (!games.length) {
    box.append(FB.el("p", { class: "muted", text: offset || game || status ? "No games match." : "No games yet." }));
    return;
  }
  const t = FB.el("table", {}, FB.el("tr", {}, ...["Game", "Players", "Moves", "Status", ""].map(h => FB.el("th", { text: h }))));
  for (const g of games) {
    const link = g.finished ? FB.el("a", { href: `/replay/${g.id}`, text: "Replay" }) : FB.el("a", { href: `/play/${g.id}`, text: "Watch" });
    t.append(FB.el("tr", {}, FB.el("td", { text: g.game }), FB.el("td", { text: String(g.num_players) }),
      FB.el("td", { text: String(g.num_actions) }), FB.el("td", { text: g.finished ? "finished" : "in play" }), FB.el("td", {}, link)));
  }
  box.append(t);
}

(async function init() {
  catalog = await FB.api("GET", "/api/catalog");
  const sel = document.getElementById("game");
  for (const g of catalog.games) sel.append(FB.el("option", { value: g.name, text: g.title }));
  sel.addEventListener("change", drawOptions);
  document.getElementById("players").addEventListener("change", drawSeats);
  document.getElementById("create-form").addEventListener("submit", create);
  const help = FB.el("p", { class: "muted", style: "grid-column: 1 / -1; margin: 0" },
    "Bots: " + catalog.bots.map(b => `${b.name} — ${b.help}`).join("; ") + ".");
  document.getElementById("seats").after(help);
  const filterGame = document.getElementById("filter-game");
  for (const g of catalog.games) filterGame.append(FB.el("option", { value: g.name, text: g.title }));
  for (const id of ["filter-game", "filter-status"]) {
    document.getElementById(id).addEventListener("change", () => { offset = 0; loadGames(); });
  }
  document.getElementById("prev-page").addEventListener("click", () => { offset = Math.max(0, offset - PAGE); loadGames(); });
  document.getElementById("next-page").addEventListener("click", () => { offset += PAGE; loadGames(); });
  drawOptions();
  loadGames();
})();
