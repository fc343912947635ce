"""An interactive game at the terminal: human seats type moves, bots play the rest.

Each human sees only their own view and the events they may see, so several people can share a terminal
(hot seat) without learning each other's hidden information from the screen between their own turns: bot moves
are shown as that human may see them.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from rich.console import Console
from rich.rule import Rule
from rich.table import Table

from firebreak.agents import Agent, Observation, agent_rng
from firebreak.core import FirebreakError, GameState, IllegalActionError, save_game

from .text import event_sentence, render_view, seat_name

HELP = """Commands:
  <number>      play the numbered option
  <action text> play the action by its text (e.g. as listed)
  help          this help
  log           your log so far (only what you may see)
  save FILE     save the game (resume with: firebreak play --load FILE)
  quit          stop (the game is saved first if --save was given)"""


def read_stdin_line() -> str | None:
    """One line from standard input, without its newline; ``None`` at end of input (read at call time, so
    test runners that swap ``sys.stdin`` work)."""
    line = sys.stdin.readline()
    return None if line == "" else line.rstrip("\r\n")


@dataclass
class PlaySession:
    state: GameState
    humans: Sequence[int]
    bots: dict[int, Agent]
    console: Console
    save_path: Path | None = None
    read_line: Callable[[], str | None] = read_stdin_line
    echo_input: bool = False
    """Repeat each typed line, so a transcript of piped input (not a terminal) reads like a session."""
    last_seen: dict[int, int] = field(default_factory=dict)
    quit: bool = False

    def __post_init__(self) -> None:
        moves = len(self.state.history)
        self.rngs = {seat: agent_rng(self.state.seed, seat, moves) for seat in self.bots}
        for seat in self.humans:
            self.last_seen.setdefault(seat, 0 if moves == 0 else len(self.state.events))

    # --- helpers ---------------------------------------------------------------------------------------------
    @property
    def spec(self):
        return self.state.spec

    def viewer(self) -> int | None:
        """Whose eyes the shared screen shows between human turns: the single human, or the public."""
        return self.humans[0] if len(self.humans) == 1 else None

    def say(self, text: str = "", **kw) -> None:
        self.console.print(text, markup=False, highlight=False, **kw)

    def show_new_events(self, seat: int) -> None:
        new = [e for e in self.state.events[self.last_seen[seat]:] if e.visible(seat)]
        self.last_seen[seat] = len(self.state.events)
        if new:
            self.say("Since your last turn:")
            for e in new:
                self.say(f"  - {event_sentence(e, self.spec)}")

    def save(self, path: Path) -> bool:
        try:
            save_game(self.state, path)
        except OSError as exc:
            self.say(f"Could not save to {path}: {exc.strerror or exc}")
            return False
        self.say(f"Game saved to {path}")
        return True

    # --- one human decision ----------------------------------------------------------------------------------
    def human_turn(self, seat: int) -> int | None:
        """Show the screen and read until a legal action (returned) or quit/end of input (``None``)."""
        state = self.state
        self.console.print(Rule(f"{seat_name(seat)}, your turn", style="bold"))
        self.say(render_view(self.spec, state.view(seat)))
        self.show_new_events(seat)
        legal = state.legal_actions()
        self.say("Your options:")
        for i, a in enumerate(legal, 1):
            self.say(f"  {i:>2}. {state.action_to_text(a)}")
        while True:
            self.say(f"{seat_name(seat)}> ", end="")
            line = self.read_line()
            if line is None:
                self.say("")
                self.say("End of input.")
                return None
            if self.echo_input:
                self.say(line)
            answer = line.strip()
            if not answer:
                self.say(f"Type a number 1-{len(legal)}, an action, or 'help'.")
                continue
            word, _, rest = answer.partition(" ")
            command = word.lower()
            if command in ("help", "?"):
                self.say(HELP)
            elif command == "log" and not rest:
                events = state.events_for(seat)
                self.say("Your log:" if events else "Your log is empty.")
                for e in events:
                    self.say(f"  - {event_sentence(e, self.spec)}")
            elif command == "save":
                target = Path(rest.strip()) if rest.strip() else self.save_path
                if target is None:
                    self.say("Say where: save FILE")
                else:
                    self.save(target)
            elif command in ("quit", "exit") and not rest:
                return None
            elif answer.isdigit():
                n = int(answer)
                if 1 <= n <= len(legal):
                    return legal[n - 1]
                self.say(f"There is no option {n}; choose 1-{len(legal)}.")
            else:
                try:
                    action = state.text_to_action(answer)
                except FirebreakError:
                    self.say(f"Not understood: {answer!r}. Type a number 1-{len(legal)}, an action, or 'help'.")
                    continue
                if state.is_legal(action):
                    return action
                self.say(f"'{state.action_to_text(action)}' is not legal now; choose one of the options.")

    # --- the game loop ---------------------------------------------------------------------------------------
    def run(self) -> bool:
        """Play until the end or a quit; return whether the game finished."""
        state = self.state
        while not state.is_terminal():
            seat = state.current_player()
            if seat in self.humans:
                action = self.human_turn(seat)
                if action is None:
                    self.quit = True
                    self.say("Game stopped.")
                    if self.save_path is not None:
                        self.save(self.save_path)
                    return False
                state.apply(action)
                self.say(f"{seat_name(seat)} (you): {state.action_to_text(action)}")
            else:
                action = self.bots[seat].act(Observation(state, seat), self.rngs[seat])
                viewer = self.viewer()
                text = state.action_text_for(action, seat, viewer)  # before applying: the text of this move
                try:
                    state.apply(action)
                except IllegalActionError as exc:  # a bot bug must not pass silently
                    who = self.bots[seat].describe()
                    raise FirebreakError(f"bot {who} in seat {seat} chose an illegal action: {exc}") from None
                self.say(f"{seat_name(seat)} ({self.bots[seat].describe()}): {text}")
        self.finish()
        return True

    def finish(self) -> None:
        state = self.state
        self.console.print(Rule("Game over", style="bold"))
        viewer = self.viewer()
        self.say(render_view(self.spec, state.view(viewer)))
        for seat in self.humans:
            if len(self.humans) > 1:
                self.say(f"{seat_name(seat)}:")
            self.show_new_events(seat)
        self.console.print(results_table(state, self.humans, self.bots))
        winners = state.winners()
        names = ", ".join(seat_name(w) for w in winners)
        self.say(f"Winner: {names}" if len(winners) == 1 else f"Shared win: {names}")
        if self.save_path is not None:
            self.save(self.save_path)


def results_table(state: GameState, humans: Sequence[int] = (), bots: dict[int, Agent] | None = None) -> Table:
    table = Table(title="Final scores")
    table.add_column("Seat")
    table.add_column("Player")
    table.add_column("Score", justify="right")
    table.add_column("Winner")
    winners = state.winners()
    for seat, score in enumerate(state.scores()):
        who = "human" if seat in humans else (bots[seat].describe() if bots and seat in bots else "")
        shown = f"{score:g}"
        table.add_row(seat_name(seat), who, shown, "yes" if seat in winners else "")
    return table
