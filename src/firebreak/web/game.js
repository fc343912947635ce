// Game page: one WebSocket per open page; the server sends this seat's view only, we draw it and send actions.
"use strict";
const gameId = decodeURIComponent(location.pathname.split("/").pop());
const storeKey = `firebreak:${gameId}`;
let token = null, mySeat = null;
(function readLink() {
  const params = new URLSearchParams(location.hash.slice(1));
  if (params.get("token")) {
    token = params.get("token"); mySeat = +params.get("seat");
    try { localStorage.setItem(storeKey, JSON.stringify({ token, seat: mySeat })); } catch (e) { /* private mode */ }
  } else {
    try { const s = JSON.parse(localStorage.getItem(storeKey) || "null"); if (s) { token = s.token; mySeat = s.seat; } } catch (e) { /* none */ }
  }
})();

let ws = null, last = null, log = [], retry = 0, refs = 0, pending = false;
let board = null;  // the SVG board held, cut before each "<g": updates patch it (svg_patch) rather than resend it
let view = null;   // the view held: updates patch it (view_patch: [path, value] sets, [path] deletes)
const $ = id => document.getElementById(id);

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  ws = new WebSocket(`${proto}://${location.host}/ws/games/${encodeURIComponent(gameId)}`);
  ws.onopen = () => { retry = 0; $("conn").textContent = "connected"; ws.send(JSON.stringify({ type: "hello", token })); };
  ws.onmessage = ev => onMessage(JSON.parse(ev.data));
  ws.onclose = ev => {
    pending = false;
    if (ev.code === 4403 || ev.code === 4404) return;
    $("conn").textContent = "connection lost — reconnecting…";
    setTimeout(connect, Math.min(10000, 500 * 2 ** retry++));
  };
}

function onMessage(msg) {
  if (msg.type === "error") { pending = false; $("error").textContent = msg.message; if (last) drawActions(last); return; }
  if (msg.type === "ack") { pending = false; $("error").textContent = ""; return; }
  if (msg.type === "pong") return;
  if (msg.type === "seats") { if (last) { last.seats = msg.seats; drawSeats(last); } return; }
  if (msg.type === "state") log = [];
  if (msg.svg_patch) {  // [at, delete, pieces] splices, in order, on the board held (see server/patch.py)
    for (const [at, del, ins] of msg.svg_patch) board.splice(at, del, ...ins);
    msg.svg = board.join("<g");
  } else {
    board = msg.svg ? msg.svg.split("<g") : null;
  }
  if (msg.view_patch) {
    for (const [path, ...value] of msg.view_patch) {
      if (!path.length) { view = value[0]; continue; }
      let node = view;
      for (const k of path.slice(0, -1)) node = node[k];
      if (value.length) node[path[path.length - 1]] = value[0]; else delete node[path[path.length - 1]];
    }
    msg.view = view;
  } else {
    view = msg.view;
  }
  log.push(...msg.entries);
  last = msg;
  draw(msg);
}

function act(id) {
  if (!ws || ws.readyState !== WebSocket.OPEN || pending || !last || !last.your_turn) return;
  pending = true;
  $("error").textContent = "";
  for (const b of $("actions").querySelectorAll("button")) b.disabled = true;
  ws.send(JSON.stringify({ type: "act", index: last.index, action: id, ref: ++refs }));
}

function draw(m) {
  document.title = `${m.title} — firebreak`;
  $("title").textContent = m.title;
  $("me").textContent = m.viewer === null ? "Spectator" : `You are seat ${m.viewer}`;
  const turn = $("turn");
  turn.classList.toggle("yours", m.your_turn);
  turn.textContent = m.terminal ? "Game over" : (m.your_turn ? "Your turn" : `${FB.seatName(m.current_player, m.seats)} to play`);
  FB.showBoard($("board"), m.svg, m.text);
  wireBoard(m);
  drawActions(m);
  drawSeats(m);
  const recentFrom = Math.max(0, log.length - 4);
  $("log").replaceChildren(...log.map((e, i) => FB.logItem(e, i >= recentFrom)));
  $("log").scrollTop = $("log").scrollHeight;
  $("last").replaceChildren(...log.slice(recentFrom).reverse().map(e => FB.logItem(e, false)));
  $("result").hidden = !m.terminal;
  if (m.terminal) {
    $("scores").replaceChildren(FB.scoresTable(m.scores, m.winners));
    $("replay-link").href = `/replay/${gameId}`;
    $("log-link").href = `/api/games/${gameId}/log`;
  }
}

function drawActions(m) {
  const box = $("actions");
  const filter = $("action-filter");
  box.replaceChildren();
  filter.hidden = m.legal.length < 12;
  if (!m.legal.length) {
    box.append(FB.el("p", { class: "muted", text: m.terminal ? "The game is over." : (m.viewer === null ? "Watching." : "Waiting for the other players…") }));
    return;
  }
  const q = filter.value.trim().toLowerCase();
  for (const a of m.legal) {
    if (q && !a.text.toLowerCase().includes(q)) continue;
    box.append(FB.el("button", { type: "button", "data-legal": a.id, text: a.text, onclick: () => act(a.id) }));
  }
}

function wireBoard(m) {
  const legal = new Set(m.legal.map(a => a.id));
  for (const node of $("board").querySelectorAll("[data-action]")) {
    const id = +node.getAttribute("data-action");
    if (!legal.has(id)) { node.removeAttribute("data-action"); continue; }
    node.setAttribute("tabindex", "0");
    node.setAttribute("role", "button");
    node.addEventListener("click", () => act(id));
    node.addEventListener("keydown", ev => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); act(id); } });
  }
}

function drawSeats(m) {
  const t = FB.el("table", {});
  for (const s of m.seats) {
    const cells = [FB.el("td", { text: `Seat ${s.seat}${s.seat === m.viewer ? " (you)" : ""}` }),
      FB.el("td", { text: s.kind === "bot" ? `bot: ${s.bot}` : "human" }),
      FB.el("td", {}, FB.el("span", { class: "badge " + (s.connected ? "here" : "away"), text: s.connected ? "here" : "away" }))];
    const td = FB.el("td", {});
    if (m.viewer !== null && s.seat !== m.viewer && s.kind === "human" && !s.connected && !m.terminal && m.takeover_after > 0) {
      td.append(FB.el("button", { type: "button", class: "secondary", text: "Hand to a bot",
        onclick: () => FB.api("POST", `/api/games/${gameId}/seats/${s.seat}/takeover`, { bot: "greedy" }, token)
          .catch(e => { $("error").textContent = e.message; }) }));
    }
    if (s.seat === m.viewer && s.kind === "bot" && !m.terminal) {
      td.append(FB.el("button", { type: "button", text: "Take my seat back",
        onclick: () => FB.api("POST", `/api/games/${gameId}/reclaim`, {}, token).catch(e => { $("error").textContent = e.message; }) }));
    }
    cells.push(td);
    t.append(FB.el("tr", {}, ...cells));
  }
  $("seats").replaceChildren(t);
}

$("action-filter").addEventListener("input", () => last && drawActions(last));
setInterval(() => { if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: "ping" })); }, 20000);
connect();
