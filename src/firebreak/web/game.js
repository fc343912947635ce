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
let retryAfter = 0;  // seconds a refusal asked us to wait before connecting again (e.g. too many spectator pages)
let board = null;  // the SVG board held, cut before each "<g": updates patch it (svg_patch) rather than resend it
let view = null;   // the view held: updates patch it (view_patch: [path, value] sets, [path] deletes)
let notes = [], earlier = 0;  // the notes of moves taken back held (the latest), and how many earlier ones are not
const $ = id => document.getElementById(id);

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  ws = new WebSocket(`${proto}://${location.host}/ws/games/${encodeURIComponent(gameId)}`);
  ws.onopen = () => { retry = 0; $("conn").textContent = ""; ws.send(JSON.stringify({ type: "hello", token })); };
  ws.onmessage = ev => onMessage(JSON.parse(ev.data));
  ws.onclose = ev => {
    pending = false;
    if (ev.code === 4403 || ev.code === 4404) return;
    $("conn").textContent = "connection lost — reconnecting…";
    setTimeout(connect, Math.max(1000 * retryAfter, Math.min(10000, 500 * 2 ** retry++)));
    retryAfter = 0;
  };
}

function onMessage(msg) {
  if (Table.onMessage(msg)) return;
  if (msg.type === "error" && msg.retry_after) retryAfter = msg.retry_after;
  if (msg.type === "state") retryAfter = 0;
  if (msg.type === "error") { pending = false; $("error").textContent = msg.message; if (last) { drawActions(last); showPick(); } return; }
  if (msg.type === "ack") { pending = false; $("error").textContent = ""; return; }
  if (msg.type === "pong") { if (last && "clock" in msg) { last.clock = msg.clock; Clocks.update(msg.clock); } return; }
  if (msg.type === "seats") { if (last) { last.seats = msg.seats; drawSeats(last); Strip.draw(last); } return; }
  if (msg.type === "state") { log = []; notes = []; earlier = 0; }
  log = log.filter(e => e.index < msg.entries_from);  // a take-back removed the entries from there on
  ({ notes, earlier } = Undo.held(notes, earlier, msg));
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
  closeMenu(); hideConfirm(); closeInfo();
  for (const b of document.querySelectorAll("#actions button, #confirm button")) b.disabled = true;
  ws.send(JSON.stringify({ type: "act", index: last.index, action: id, ref: ++refs }));
}

// A message other than an action (a take-back): sent like one, so an error or the ack comes back the same way.
function send(msg) {
  if (!ws || ws.readyState !== WebSocket.OPEN || pending) return;
  pending = true;
  $("error").textContent = "";
  closeMenu(); hideConfirm();
  ws.send(JSON.stringify({ ...msg, ref: ++refs }));
}

// --- choosing: a first click (piece or place), maybe a second (target) or a menu pick, then a preview to confirm
let pick = { index: -1, source: null, choice: null };  // what the player has picked so far at move `index`
const expanded = new Set();                              // open groups of the list (paths joined by " › ")
let choices = [];                                        // this message's entries (grouped action choices)

function draw(m) {
  document.title = `${m.title} — firebreak`;
  $("title").textContent = m.title;
  $("me").textContent = m.viewer === null ? "Spectator" : `You are ${FB.seatName(m.viewer, m.names)}`;
  const turn = $("turn");
  turn.classList.toggle("yours", m.your_turn);
  turn.textContent = m.terminal ? "Game over" : (m.your_turn ? "Your turn" : `${FB.seatName(m.current_player, m.names)} to play`);
  if (pick.index !== m.index) {  // a move was made: the half-made pick, open groups and the filter start afresh
    pick = { index: m.index, source: null, choice: null };
    reach.hover = reach.sticky = reach.hoverNode = reach.stickyName = null;
    expanded.clear();
    $("action-filter").value = "";
  }
  choices = m.your_turn ? Choose.choicesOf(m) : [];
  if (!choices.some(c => c.step)) stepperSeen.clear();  // no form open: the next one starts with its own rows
  if (pick.choice && !choices.some(c => c.id === pick.choice.id)) pick.choice = null;
  FB.showBoard($("board"), m.svg, m.text);
  MapView.apply();
  closeMenu();
  drawInfo();  // the words of a place tapped stay open, brought up to date
  wireBoard();
  showPick();
  drawActions(m);
  drawSeats(m);
  Strip.draw(m);
  Undo.show(m, send);
  Clocks.update(m.clock, m.names, m.viewer);
  const told = log.filter(e => !e.quiet);  // steps of a form (a trade offer's cards) are not told one by one
  const recentFrom = Math.max(0, told.length - 4);
  $("log").replaceChildren(...Undo.logItems(told, notes, (e, i) => FB.logItem(e, i >= recentFrom), earlier));
  const pane = $("pane-log");
  pane.scrollTop = pane.scrollHeight;
  $("latest").textContent = told.length ? FB.entryText(told[told.length - 1]) : "";
  $("result").hidden = !m.terminal;
  $("actions-h").hidden = m.terminal;  // the result takes the actions' place
  drawQuestion(m);
  if (m.terminal) {
    $("winners").textContent = FB.winnerText(m.winners, m.scores, m.names);
    $("scores").replaceChildren(ScoreBars.chart(m.score_sheet, m.scores, m.winners, m.names),
      ScoreBars.notes(m.score_notes), FB.scoreSheets(m.score_sheet, m.scores, m.winners, m.names));
    $("replay-link").href = `/replay/${gameId}`;
    $("log-link").href = `/api/games/${gameId}/log`;
  }
  Table.drawn(m);
}

function drawActions(m) {
  const box = $("actions");
  const filter = $("action-filter");
  box.replaceChildren();
  filter.hidden = choices.length < 12;
  if (!choices.length) {
    if (m.terminal) return;  // the result takes the place of the actions
    box.append(FB.el("p", { class: "muted", text: m.terminal ? "The game is over." : (m.viewer === null ? "Watching." : "Waiting for the other players…") }));
    return;
  }
  if (choices.length === 1 && choices[0].note) box.append(FB.el("p", { class: "note", text: choices[0].note }));
  else if ($("board").querySelector(".fb-clickable")) {
    box.append(FB.el("p", { class: "note hint", text: "Click a highlighted place on the board, or choose below." }));
  }
  const q = filter.hidden ? "" : filter.value.trim().toLowerCase();
  if (q) {  // filtering: every matching entry with its whole path, flat
    const hits = choices.filter(c => Choose.fullLabel(c).toLowerCase().includes(q));
    if (!hits.length) box.append(FB.el("p", { class: "muted", text: `No action matches “${filter.value.trim()}”.` }));
    for (const c of hits) box.append(entryButton(c, Choose.fullLabel(c)));
    return;
  }
  const tree = Choose.tree(choices);
  const single = tree.groups.size === 1 && !tree.entries.length;  // one group only: open it
  box.append(drawGroup(tree, [], single));
}

// A group of the list: its own entries as buttons, its subgroups as buttons that open and close (aria-expanded).
// Stepper entries (a form filled in one move at a time, see core ActionChoice.step) are drawn as steppers and
// their groups stay open.
function drawGroup(node, path, open) {
  const list = FB.el("div", { class: "choice-list" });
  const steps = node.entries.filter(c => c.step);
  if (steps.length) list.append(stepperRows(steps, path));
  for (const c of node.entries) if (!c.step) list.append(entryButton(c, c.label));
  for (const [name, sub] of node.groups) {
    const key = [...path, name].join(" › ");
    const isOpen = open || expanded.has(key) || sub.count === 1 && node.groups.size === 1 || hasSteps(sub);
    const body = drawGroup(sub, [...path, name], false);
    body.hidden = !isOpen;
    const reaches = inGroup([...path, name]);
    const head = FB.el("button", { type: "button", class: "group", "aria-expanded": isOpen ? "true" : "false",
      text: `${name} (${sub.count})`, onclick: () => {
        const now = head.getAttribute("aria-expanded") !== "true";
        head.setAttribute("aria-expanded", String(now));
        body.hidden = !now;
        if (now) expanded.add(key); else expanded.delete(key);
        reach.sticky = now ? reaches : null;  // a tap (phones have no hover) keeps the group's places lit
        if (!now && reach.hover === reaches) reach.hover = null;  // closed: unlit, though the tap left it focused
        drawReach();
      } });
    hoverReach(head, reaches);
    list.append(FB.el("div", { class: "choice-group" }, head, body));
  }
  return list;
}

function hasSteps(node) {
  return node.entries.some(c => c.step) || [...node.groups.values()].some(hasSteps);
}

// One row per counter: its name, a minus button, the count, a plus button. A step is played at once (the
// opposite step undoes it), so it skips the confirm bar.
// Rows stay where they are while the form is filled in: a counter once shown keeps its row (both buttons off
// while neither step is possible; its count is then 0), so the "+" under the pointer never changes counter.
// The game lists a form's counters in one fixed order (Catan: lumber, brick, wool, grain, ore), each listing
// holding those open now. A counter seen for the first time (after a reload, or back on one side of an offer) is
// placed by that listing: after the counter listed just before it, else before the one listed just after it;
// it is never appended below rows that come after it in the form.
const stepperSeen = new Map();  // group path -> counters shown so far, in the form's order
function stepperRows(steps, path) {
  const key = path.join(" › ");
  const order = stepperSeen.get(key) || [];
  const listed = [...new Set(steps.map(c => c.counter))];
  listed.forEach((name, i) => {
    if (order.includes(name)) return;
    const before = listed.slice(0, i).reverse().find(n => order.includes(n));
    const after = listed.slice(i + 1).find(n => order.includes(n));
    const at = before !== undefined ? order.indexOf(before) + 1 : after !== undefined ? order.indexOf(after) : order.length;
    order.splice(at, 0, name);
  });
  stepperSeen.set(key, order);
  const rows = new Map(order.map(name => [name, { count: 0, down: null, up: null, icon: stepperIcons.get(name) }]));
  for (const c of steps) {
    const r = rows.get(c.counter);
    r.count = c.count;
    r[c.step > 0 ? "up" : "down"] = c;
    if (c.icon) r.icon = c.icon;
    if (c.icon) stepperIcons.set(c.counter, c.icon);  // a row whose steps are all closed keeps its picture
  }
  const box = FB.el("div", { class: "steppers", role: "group", "aria-label": path[path.length - 1] || "Counts" });
  for (const [name, r] of rows) {
    const button = (c, sign) => FB.el("button", { type: "button", class: "step", text: sign,
      disabled: !c, "data-step": c ? c.id : null, title: c ? c.note || c.label : null,
      "aria-label": c ? (c.note ? `${c.label}. ${c.note}` : c.label) : `${sign === "+" ? "More" : "Less"} ${name}: not possible`,
      onclick: () => { if (c) act(c.id); } });
    box.append(FB.el("div", { class: "stepper", "data-counter": name },
      FB.el("span", { class: "stepper-name" }, stepperIcon(r.icon), name), button(r.down, "−"),
      FB.el("output", { class: "stepper-count", text: String(r.count), "aria-live": "polite" }), button(r.up, "+")));
  }
  return box;
}

// The game's picture of a counter (core ActionChoice.icon: a small SVG drawn as on its board), or nothing.
const stepperIcons = new Map();  // counter -> its picture, once seen
function stepperIcon(svg) {
  if (!svg) return null;
  const tpl = document.createElement("template");
  tpl.innerHTML = svg.trim();
  return FB.el("span", { class: "stepper-icon", "aria-hidden": "true" }, tpl.content);
}

function entryButton(c, text) {
  return FB.el("button", { type: "button", "data-legal": c.id, text, title: c.note || null,
    "aria-label": c.note ? `${Choose.fullLabel(c)}. ${c.note}` : Choose.fullLabel(c),
    onclick: () => preview(c) });
}

// What a group of entries can reach (a fire card: every district it can move the fire into now): hovering or
// focusing the group's button, or a board element carrying data-group (a card in hand), lights those places;
// a tap (or click) that opens a group keeps them lit until it closes or a move is picked.
const reach = { hover: null, sticky: null };  // each: a test of an entry, or null
const inGroup = path => c => path.every((g, i) => (c.group || [])[i] === g);
const hasGroup = name => c => (c.group || []).includes(name);

// A device whose pointer cannot hover (a phone) lights a group by its tap only. Its browser makes up mouse events
// at the last point touched, again whenever the page moves under that point (an opened group pushes the list
// down): taken as a hover, they lit whichever button came under that point instead of the group tapped.
const canHover = () => !matchMedia("(hover: none)").matches;

function hoverReach(node, test) {
  const on = () => { reach.hover = test; drawReach(); };
  const off = () => { if (reach.hover === test) { reach.hover = null; drawReach(); } };
  node.addEventListener("mouseenter", () => { if (canHover()) on(); });
  node.addEventListener("mouseleave", off);
  node.addEventListener("focus", on);
  node.addEventListener("blur", off);
}

function drawReach() {
  const root = $("board");
  const test = pick.choice ? null : reach.hover || reach.sticky;
  if (!test && !root.querySelector(".fb-reach")) { root.classList.remove("fb-reaching"); return; }  // nothing lit
  const names = new Set(test ? choices.filter(c => c.target && test(c)).map(c => c.target) : []);
  root.classList.toggle("fb-reaching", names.size > 0);
  for (const n of root.querySelectorAll("[data-place]")) n.classList.toggle("fb-reach", names.has(n.getAttribute("data-place")));
}

// Board elements naming a group (data-group="East card": a card in the player's hand) light what it reaches.
document.addEventListener("mouseover", ev => {
  if (!canHover()) return;
  const node = ev.target.closest && ev.target.closest("#board [data-group]");
  const test = node ? hasGroup(node.getAttribute("data-group")) : null;
  if (node ? reach.hoverNode !== node : reach.hoverNode) {
    reach.hoverNode = node;
    reach.hover = test;
    drawReach();
  }
});
document.addEventListener("click", ev => {
  const node = ev.target.closest && ev.target.closest("#board [data-group]");
  if (!node || node.closest("[data-place].fb-clickable")) return;
  const name = node.getAttribute("data-group");
  reach.sticky = reach.stickyName === name ? null : hasGroup(name);
  reach.stickyName = reach.sticky ? name : null;
  drawReach();
});

// The board: mark what the next click may choose, and wire those elements.
function wireBoard() {
  const root = $("board");
  for (const node of root.querySelectorAll("[data-action]")) {  // boards that mark actions rather than places
    const id = +node.getAttribute("data-action");
    const c = choices.find(x => x.id === id || (x.same || []).includes(id));
    if (!c || node.hasAttribute("data-place")) { node.removeAttribute("data-action"); continue; }
    clickableNode(node, node.getAttribute("aria-label") || c.label, ev => { ev.stopPropagation(); preview(c); });
  }
  if (!choices.length) return;
  const first = Choose.firstClicks(choices);
  const second = pick.source ? Choose.secondClicks(choices, pick.source) : new Map();
  for (const node of root.querySelectorAll("[data-place]")) {
    const name = node.getAttribute("data-place");
    // a place drawn in layers: a layer hidden from screen readers (its name and pieces) takes its highlights but
    // no clicks of its own (they fall through to the place's shape)
    const clickable = node.getAttribute("aria-hidden") === "true" ? () => {} : clickableNode;
    if (pick.source && second.has(name)) {
      const here = second.get(name);
      if (!pick.choice) node.classList.add("fb-target");  // while a preview shows, only the outcome stands out
      clickable(node, here.length === 1 ? Choose.fullLabel(here[0]) : `${name}: ${FB.plural(here.length, "choice")}`,
        ev => { ev.stopPropagation(); offer(here, ev); });
    } else if (first.has(name)) {
      const { direct, into, from } = first.get(name);
      const ends = [...direct, ...into];
      if (pick.source === name) node.classList.add("fb-selected");
      if (from.length) node.classList.add("fb-source");
      const label = ends.length === 1 && !from.length ? Choose.fullLabel(ends[0])
        : `${node.getAttribute("aria-label") || name}: ${FB.plural(ends.length + from.length, "choice")}`;
      clickable(node, label, ev => { ev.stopPropagation(); firstClick(name, ends, from, ev); });
    }
  }
}

function clickableNode(node, label, handler) {
  node.classList.add("fb-clickable");
  node.setAttribute("tabindex", "0");
  node.setAttribute("role", "button");
  node.setAttribute("aria-label", label);
  node.addEventListener("click", handler);
  node.addEventListener("keydown", ev => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); handler(ev); } });
}

// A first click: what ends here is chosen (one entry: its preview; several: a menu); a piece that can go
// elsewhere is picked up (its targets highlight); both: a menu with both.
function firstClick(name, ends, from, ev) {
  if (pick.source === name) { setSource(null); return; }  // a second click on the picked piece puts it down
  if (!from.length) { offer(ends, ev); return; }
  if (!ends.length) { setSource(name); return; }
  const labels = Choose.menuLabels(ends);
  const items = ends.map((c, i) => ({ ...labels[i], hint: c.note, run: () => preview(c) }));
  items.push({ heading: "", text: `Choose where to go from ${name}…`, run: () => setSource(name) });
  openMenu(items, ev);
}

function setSource(name) {
  pick.source = name; pick.choice = null;
  redrawBoard();
}

// One entry: preview it; several: a small menu at the click.
function offer(list, ev) {
  if (list.length === 1) { preview(list[0]); return; }
  const labels = Choose.menuLabels(list);
  openMenu(list.map((c, i) => ({ ...labels[i], hint: c.note, run: () => preview(c) })), ev);
}

function redrawBoard() {
  if (!last) return;
  FB.showBoard($("board"), last.svg, last.text);
  MapView.apply();
  wireBoard();
  showPick();
}

// An entry the game marks ``confirm`` (core ActionChoice: it cannot be taken back or is easy to mis-click) is
// previewed with the Confirm / Cancel bar; any other entry is played at once, with one click.
function preview(c) {
  if (pending) return;
  closeMenu(); closeInfo();
  if (!c.confirm) { act(c.id); return; }
  pick.choice = c;
  reach.sticky = reach.stickyName = null;
  if (c.source && c.target && c.source !== c.target) pick.source = c.source;
  redrawBoard();
  $("confirm-ok").focus({ preventScroll: true });
}

// Highlight the picked entry's outcome and show the Confirm / Cancel bar (or the hint for a half-made pick).
function showPick() {
  const root = $("board");
  const c = pick.choice;
  drawReach();
  const bar = $("confirm");
  root.classList.toggle("fb-focus", Boolean(c || pick.source));  // the rest of the board steps back
  if (!c) {
    hideConfirm();
    if (pick.source) {
      bar.hidden = false;
      document.body.classList.add("confirming");
      bar.classList.add("picking");
      $("confirm-text").textContent = "Now click a highlighted target, or click the piece again to put it down.";
      $("confirm-note").textContent = "";
      $("confirm-ok").hidden = true;
    }
    return;
  }
  for (const name of c.preview || []) for (const n of Choose.places(root, name)) n.classList.add("fb-preview");
  for (const name of [c.source, c.target]) if (name) for (const n of Choose.places(root, name)) n.classList.add("fb-selected");
  MapView.drawPath(root, c.path);
  bar.hidden = false;
  document.body.classList.add("confirming");
  bar.classList.remove("picking");
  $("confirm-ok").hidden = false;
  $("confirm-ok").disabled = false;
  $("confirm-cancel").disabled = false;
  $("confirm-text").textContent = Choose.fullLabel(c);
  $("confirm-note").textContent = [c.note, c.confirm].filter(Boolean).join(" ");
}

function hideConfirm() {
  $("confirm").hidden = true;
  document.body.classList.remove("confirming");
  $("confirm-ok").hidden = false;
}

function cancel() {
  closeMenu();
  if (!pick.choice && !pick.source) return;
  pick.choice = null; pick.source = null;
  redrawBoard();
}

// A small menu at the click (or under the element, from the keyboard): arrow keys move, Escape closes.
function openMenu(items, ev) {
  closeMenu();
  const menu = FB.el("div", { id: "place-menu", role: "menu", class: "place-menu" });
  let heading = null;
  for (const it of items) {
    if (it.heading && it.heading !== heading) menu.append(FB.el("div", { class: "menu-heading", role: "presentation", text: it.heading }));
    heading = it.heading;
    menu.append(FB.el("button", { type: "button", role: "menuitem", text: it.text, title: it.hint || null,
      "aria-label": it.heading ? `${it.heading} › ${it.text}` : it.text,
      onclick: e => { e.stopPropagation(); closeMenu(); it.run(); } }));
  }
  const wrap = $("board-wrap");
  const box = wrap.getBoundingClientRect();
  let x = ev && ev.clientX, y = ev && ev.clientY;
  if (!x && !y && ev && ev.currentTarget && ev.currentTarget.getBoundingClientRect) {
    const r = ev.currentTarget.getBoundingClientRect();
    x = r.left + r.width / 2; y = r.bottom;
  }
  menu.style.left = `${Math.max(0, Math.min((x || box.left) - box.left, box.width - 220))}px`;
  menu.style.top = `${Math.max(0, (y || box.top) - box.top + 6)}px`;
  wrap.append(menu);
  menu.addEventListener("keydown", e => {
    const buttons = [...menu.querySelectorAll("button")];
    const i = buttons.indexOf(document.activeElement);
    if (e.key === "ArrowDown") { e.preventDefault(); buttons[(i + 1) % buttons.length].focus(); }
    if (e.key === "ArrowUp") { e.preventDefault(); buttons[(i - 1 + buttons.length) % buttons.length].focus(); }
  });
  menu.querySelector("button").focus({ preventScroll: true });
}

function closeMenu() {
  const menu = $("place-menu");
  if (menu) menu.remove();
}

// A tap or click on a place that is no choice now opens its words (the board's tooltip: its name, code and all
// that is on it) by the finger, until the next tap: a phone player sees short codes on the whole map and has no
// hover for tooltips. They follow the game while open (every update redraws them).
let info = null;  // the place whose words are open, and where: { name, x, y } in the board's box

function drawInfo() {
  const old = $("place-info");
  if (old) old.remove();
  const node = info && Choose.places($("board"), info.name).find(n => n.querySelector(":scope > title"));
  if (!node) { info = null; return; }
  const [head, ...rest] = node.querySelector(":scope > title").textContent.split("; ");
  const box = FB.el("div", { id: "place-info", class: "place-menu place-info", role: "status" },
    FB.el("h3", { text: head }), FB.el("ul", {}, ...rest.map(t => FB.el("li", { text: t }))));
  const wrap = $("board-wrap").getBoundingClientRect();
  box.style.left = `${Math.max(0, Math.min(info.x - 100, wrap.width - 240))}px`;
  if (info.y < wrap.height / 2) box.style.top = `${info.y + 12}px`; else box.style.bottom = `${wrap.height - info.y + 12}px`;
  $("board-wrap").append(box);
}

function closeInfo() {
  if (info) { info = null; drawInfo(); }
}

document.addEventListener("click", ev => {  // a choice's own click stops before it gets here
  const node = ev.target.closest && ev.target.closest("#board [data-place]");
  if (!node || node.classList.contains("fb-clickable") || ev.target.closest("[data-group]")) { closeInfo(); return; }
  const wrap = $("board-wrap").getBoundingClientRect();
  const name = node.getAttribute("data-place");
  info = info && info.name === name ? null : { name, x: ev.clientX - wrap.left, y: ev.clientY - wrap.top };
  drawInfo();
});

// The question being asked heads the action panel, in the game's words (the server's `question`): the decision
// under way for the seat to act, else who is deciding; the label says whose actions these are.
function drawQuestion(m) {
  $("actions-h").querySelector(".label").textContent = m.your_turn ? "Your turn" : (m.viewer === null ? "Watching" : "Waiting");
  $("question").textContent = m.question || "";
}

let seatsKey = "";
function drawSeats(m) {
  const mine = m.viewer === null ? null : m.seats.find(s => s.seat === m.viewer);
  $("handed").hidden = !(mine && mine.kind === "bot" && !m.terminal);
  $("handed").textContent = mine && mine.handed === "time" ? "Your time ran out, so a bot is playing for you. Take your seat back with the button by your name above the board."
    : mine && mine.handed === "away" ? "You were away on your turn, so a bot is playing for you. Take your seat back with the button by your name above the board."
    : "A bot is playing for you. Take your seat back with the button by your name above the board.";
  // redrawn only when it changes: a button replaced under the pointer (the bots moving) would lose the click
  const key = JSON.stringify([m.seats, m.viewer, m.terminal, m.takeover_after, m.names]);
  if (key === seatsKey) return;
  seatsKey = key;
  const t = FB.el("table", {});
  for (const s of m.seats) {
    const cells = [FB.el("td", { text: `${FB.seatName(s.seat, m.names)}${s.seat === m.viewer ? " (you)" : ""}` }),
      FB.el("td", { text: Table.seatWords(s) }),
      FB.el("td", {}, FB.el("span", { class: "badge " + (s.connected ? "here" : "away"), text: s.connected ? "here" : "away" }))];
    const td = FB.el("td", {});
    if (m.viewer !== null && s.seat !== m.viewer && s.kind === "human" && !s.connected && !m.terminal && m.takeover_after > 0) {
      td.append(FB.el("button", { type: "button", class: "secondary", text: "Hand to a bot",
        onclick: () => FB.api("POST", `/api/games/${gameId}/seats/${s.seat}/takeover`, { bot: "easy" }, token)
          .catch(e => { $("error").textContent = e.message; }) }));
    }
    if (m.viewer === null && s.kind === "human" && !s.has_link && !m.terminal) td.append(Table.takeSeatButton(s, m));
    cells.push(td);
    t.append(FB.el("tr", {}, ...cells));
  }
  $("seats").replaceChildren(t);
}

$("action-filter").addEventListener("input", () => last && drawActions(last));
$("confirm-ok").addEventListener("click", () => { if (pick.choice) act(pick.choice.id); });
$("confirm-cancel").addEventListener("click", cancel);
document.addEventListener("keydown", ev => {
  if (ev.key === "Escape") { if ($("place-menu")) closeMenu(); else if (info) closeInfo(); else cancel(); return; }
  if (ev.key === "Enter" && pick.choice && !pending && !$("place-menu") && ev.target === document.body) {
    ev.preventDefault(); act(pick.choice.id);
  }
});
document.addEventListener("click", ev => { const menu = $("place-menu"); if (menu && !menu.contains(ev.target)) closeMenu(); });
setInterval(() => { if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: "ping" })); }, 20000);
MapView.attach($("board-wrap"), $("zoom"));
connect();
