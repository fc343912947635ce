// Replay page: a finished game after any number of actions, from any seat's point of view (keys: ← → Home End).
"use strict";
const gameId = decodeURIComponent(location.pathname.split("/").pop());
let step = 0, total = 0, seat = "", seatsFilled = false;
const $ = id => document.getElementById(id);

// One request at a time, at most four a second (the server limits how fast an address reads replay steps):
// moves made meanwhile (a dragged slider, a held arrow key) load the step reached once the last one is in.
let loading = false, again = false, lastLoad = 0;
async function load() {
  if (loading) { again = true; return; }
  loading = true;
  await new Promise(done => setTimeout(done, Math.max(0, lastLoad + 250 - Date.now())));
  lastLoad = Date.now();
  try { await show(); } finally {
    loading = false;
    if (again) { again = false; load(); }
  }
}

async function show() {
  try {
    const asked = step;
    const q = `step=${step}` + (seat === "" ? "" : `&seat=${seat}`);
    const r = await FB.api("GET", `/api/games/${encodeURIComponent(gameId)}/replay?${q}`);
    $("error").textContent = "";
    total = r.total;
    if (step === asked) step = r.step;  // (the server keeps it within the game; a newer step stays asked for)
    document.title = `${r.title} replay — firebreak`;
    $("title").textContent = `${r.title} — replay`;
    const names = r.names;  // each seat's name as every screen shows it (the game's player_name)
    // the question the game was asking at this step, as this viewer saw it ("Turn 3: Red (P1) plays a fire card.")
    $("where").textContent = `Step ${step} of ${total}` + (r.terminal ? " (game over)" : ` · ${r.question || `${FB.seatName(r.current_player, names)} to play.`}`);
    $("step").max = total; $("step").value = step;
    if (!seatsFilled) {
      for (let i = 0; i < r.num_players; i++) $("seat").append(FB.el("option", { value: String(i), text: FB.seatName(i, names) }));
      seatsFilled = true;
    }
    Strip.draw({ ...r, seats: names.map((_, i) => ({ seat: i })), viewer: r.viewer });  // each seat, as seen by this viewer
    FB.showBoard($("board"), r.svg, r.text);
    const from = Math.max(0, r.entries.length - 1);
    $("log").replaceChildren(...Undo.logItems(r.entries.filter(e => !e.quiet), r.undone, (e, i) => FB.logItem(e, i >= from),
      r.undone_earlier));
    $("log").scrollTop = $("log").scrollHeight;
    // what was said up to this step, as text (never markup)
    $("chat-list").replaceChildren(...(r.chat || []).map(c => c.note ? FB.el("li", { class: "note", text: c.text })
      : FB.el("li", {}, FB.el("span", { class: "who", text: `${c.name}: ` }), FB.el("span", { class: "said", text: c.text }))));
    $("chat-none").hidden = Boolean(r.chat && r.chat.length);
    $("result").hidden = !r.terminal;
    if (r.terminal) {  // the same winner sentence and score sheets as the game page's end screen
      $("winners").textContent = FB.winnerText(r.winners, r.scores, names);
      $("scores").replaceChildren(FB.scoreSheets(r.score_sheet, r.scores, r.winners, names));
    }
  } catch (e) { $("error").textContent = e.message; }
}
function go(s) { step = Math.max(0, Math.min(total, s)); load(); }
$("first").onclick = () => go(0);
$("prev").onclick = () => go(step - 1);
$("next").onclick = () => go(step + 1);
$("lastbtn").onclick = () => go(total);
$("step").oninput = ev => go(+ev.target.value);
$("seat").onchange = ev => { seat = ev.target.value; load(); };
document.addEventListener("keydown", ev => {
  if (ev.target.tagName === "INPUT" || ev.target.tagName === "SELECT") return;
  if (ev.key === "ArrowRight") go(step + 1); else if (ev.key === "ArrowLeft") go(step - 1);
  else if (ev.key === "Home") go(0); else if (ev.key === "End") go(total);
});
$("log-link").href = `/api/games/${encodeURIComponent(gameId)}/log`;
load();
