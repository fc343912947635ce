// Game clocks: the lobby's choice (none, seconds per turn, or a total per player with an increment) and every
// seat's time on the game page, ticking here and corrected by the server with each update and pong.
"use strict";
const Clocks = {
  got: null, at: 0, timer: null, names: [], viewer: null,
  // The lobby: the clock asked for at creation (null: none), from the form's fields.
  fromForm() {
    const mode = document.getElementById("clock-mode");
    if (!mode || mode.value === "none") return null;
    const seconds = Math.round(+document.getElementById("clock-minutes").value * 60);
    const increment = mode.value === "total" ? Math.round(+document.getElementById("clock-increment").value) : 0;
    return { mode: mode.value, seconds, increment };
  },
  wireForm() {
    const mode = document.getElementById("clock-mode");
    if (!mode) return;
    const sync = () => {
      const total = mode.value === "total";
      document.getElementById("clock-fields").hidden = mode.value === "none";
      document.getElementById("clock-minutes-label").textContent = total ? "Minutes per player" : "Minutes per turn";
      document.getElementById("clock-increment-label").hidden = !total;
      document.getElementById("clock-increment").hidden = !total;
    };
    mode.addEventListener("change", sync);
    sync();
  },
  format(s) {
    s = Math.max(0, Math.ceil(s));
    const h = Math.floor(s / 3600), m = Math.floor(s % 3600 / 60), sec = s % 60;
    const pad = n => String(n).padStart(2, "0");
    return h ? `${h}:${pad(m)}:${pad(sec)}` : `${m}:${pad(sec)}`;
  },
  // The game page: remember the server's figures and draw them now and every few tenths of a second.
  update(clock, names, viewer) {
    this.got = clock; this.at = performance.now();
    if (names) this.names = names;
    if (viewer !== undefined) this.viewer = viewer;
    this.draw();
    if (clock && clock.running !== null && !this.timer) this.timer = setInterval(() => this.draw(), 250);
    if ((!clock || clock.running === null) && this.timer) { clearInterval(this.timer); this.timer = null; }
  },
  draw() {
    const box = document.getElementById("clocks");
    if (!box) return;
    const c = this.got;
    box.hidden = !c;
    if (typeof Strip !== "undefined") Strip.clocks();  // the strip's bars and times (strip.js)
    const head = document.getElementById("clock-now");
    if (head) head.hidden = !c || c.running === null;
    if (!c) return;
    const gone = (performance.now() - this.at) / 1000;
    if (head && c.running !== null) {
      const left = this.format(Math.max(0, c.left[c.running] - gone));
      head.textContent = c.running === this.viewer ? `Your time: ${left}` : `${FB.seatName(c.running, this.names)}: ${left}`;
      head.setAttribute("aria-label", `${FB.seatName(c.running, this.names)} has ${this.format(c.left[c.running] - gone)} left`);
    }
    const rows = c.left.map((left, seat) => {
      const running = seat === c.running;
      const now = running ? Math.max(0, left - gone) : left;
      return FB.el("li", { class: running ? "running" : null, "data-seat": String(seat),
        "aria-label": `${FB.seatName(seat, this.names)}: ${this.format(now)} left${running ? ", running" : ""}` },
        FB.el("span", { text: FB.seatName(seat, this.names) }),
        FB.el("span", { class: "time", text: (running ? "▶ " : "") + this.format(now) }));
    });
    const how = c.mode === "turn" ? `${this.format(c.seconds)} per turn`
      : `${this.format(c.seconds)} each` + (c.increment ? `, +${c.increment} s a turn` : "");
    box.replaceChildren(FB.el("p", { class: "muted", text: `Clock: ${how}. When time runs out, a bot plays the seat until its player takes it back.` }),
      FB.el("ol", { class: "clock-list" }, ...rows));
  },
};
Clocks.wireForm();
