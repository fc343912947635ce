"""An interactive game at the terminal: human seats type moves, bots play the rest.

Each human sees only their own view and the events they may see, so several people can share a terminal
(hot seat) without learning each other's hidden information from the screen between their own turns: bot moves
are shown as that human may see them.

The screen is compact: the whole board is shown on a player's first turn and on the ``board`` command; every
other turn shows only what happened since, the player's own status lines and the menu of the decision (see
:mod:`firebreak.cli.menu` for how numbers, letters and turn-ending entries work). A decision with one possible
move is explained in one line and played without asking, so piped input never spends a line on it.
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
from firebreak.core import UNDO, ActionChoice, FirebreakError, GameState, IllegalActionError, save_game
from firebreak.core.text import capitalise, join_words, plural
from firebreak.core.forced import forced_line

from .menu import Entry, Group, Menu, build_menu, listing
from .text import bot_name, event_sentence, move_lines, render_view, rules_text, status_lines, taken_back

HELP = """Choosing a move:
  <number>      play that entry. Each question numbers its options from 1 (the prompt shows the range);
                a number plays the same move at the top level, inside any group and after 'back'. What
                you type before a question is shown is not played: answer each question once you see it.
  <letter>      open that group (a, b, c, ...); a group lists its entries with their fixed numbers
  back          go up one level (top: back to the first listing)
  end           end your turn (or your actions): such entries are listed last; chosen by number they ask
                "End ...? (y/n)" first, since other moves remain
  <action text> play an action by its label (e.g. a place's name) or its text
  <phrase>      a move some games let you compose in one line, played step by step for you (e.g. a trade
                offer: offer 2 brick 1 wool for 1 ore)
A move that is the only one possible is explained in one line and played for you.
Commands:
  board         the whole board (shown on your first turn; later turns show only what changed)
  list          the current listing again
  log           your log so far (only what you may see)
  undo          take back your last move of this turn (not one that drew a card, rolled or revealed anything,
                nor across another player's move)
  save FILE     save the game (resume with: firebreak play --load FILE)
  rules         the rules in short, with the rulebook's examples (for games that have them)
  help          this help
  quit          stop (the game is saved first if --save was given)"""

END_WORDS = ("end", "pass", "finish", "done", "stop", "skip")
"""First words of labels that give up the rest of a turn or phase (e.g. "End your actions", "Pass")."""


def read_stdin_line() -> str | None:
    """One line from standard input, without its newline; ``None`` at end of input (read at call time, so
    test runners that swap ``sys.stdin`` work)."""
    line = sys.stdin.readline()
    return None if line == "" else line.rstrip("\r\n")


def turn_enders(state: GameState, choices: Sequence[ActionChoice]) -> set[int]:
    """The actions of entries that end the seat's turn (or the part of it it is in) while other moves remain.

    An entry ends the turn early if its label starts with a word such as "end" or "pass", or if it has no place
    on the board (a move on the board is a move, even when it uses the last action) and after it another seat
    acts (or the game ends) while some other entry keeps the same seat acting. A decision in which every move
    passes the turn (a card played, a set-up placement) therefore has none unless one is worded so.
    """
    seat = state.current_player()
    worded: set[int] = set()
    passing: set[int] = set()
    for c in choices:
        words = c.label.lower().split()
        if words and words[0] in END_WORDS:
            worded.add(c.action)
            continue
        if c.source is not None or c.target is not None:
            continue
        after = state.clone()
        after.apply_unchecked(c.action)
        if after.is_terminal() or after.current_player() != seat:
            passing.add(c.action)
    keeps = len(choices) - len(worded) - len(passing)
    ends = worded | (passing if keeps else set())
    return ends if len(ends) < len(choices) else set()


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
    typed_ahead: Callable[[], bool] = lambda: False
    """Drop input typed before the question now shown and say whether there was any (at a real terminal:
    :func:`~firebreak.cli.typeahead.drop_typed_ahead`)."""
    last_seen: dict[int, int] = field(default_factory=dict)
    quit: bool = False

    def __post_init__(self) -> None:
        moves = len(self.state.history)
        self.rngs = {seat: agent_rng(self.state.seed, seat, moves) for seat in self.bots}
        for seat in self.humans:
            self.last_seen.setdefault(seat, 0 if moves == 0 else len(self.state.events))
        self.printed: set[int] = set()
        """Indexes of events already on the shared screen for every human who may see them."""
        self.seen_board: set[int] = set()
        self.menu: Menu | None = None
        """The menu of the decision being asked (for scripted players in tests)."""
        self.asked = 0
        """How many decisions of the current turn have been asked (the turn's heading comes with the first)."""

    # --- helpers ---------------------------------------------------------------------------------------------
    @property
    def spec(self):
        return self.state.spec

    def name(self, seat: int) -> str:
        return self.state.player_name(seat)

    def viewer(self) -> int | None:
        """Whose eyes the shared screen shows between human turns: the single human, or the public."""
        return self.humans[0] if len(self.humans) == 1 else None

    def say(self, text: str = "", **kw) -> None:
        self.console.print(text, markup=False, highlight=False, **kw)

    def show_new_events(self, seat: int, heading: str = "Since your last turn:") -> None:
        start = self.last_seen[seat]
        new = [e for i, e in enumerate(self.state.events[start:], start) if e.visible(seat) and i not in self.printed]
        self.last_seen[seat] = len(self.state.events)
        if new:
            self.say(heading)
            for e in new:
                self.say(f"  - {event_sentence(self.state, e)}")

    def show_board(self, seat: int) -> None:
        self.say(render_view(self.spec, self.state.view(seat)))
        self.seen_board.add(seat)

    def save(self, path: Path) -> bool:
        try:
            save_game(self.state, path)
        except OSError as exc:
            self.say(f"Could not save to {path}: {exc.strerror or exc}")
            return False
        self.say(f"Game saved to {path}")
        return True

    def narrate(self, seat: int, who: str, fallback: str, start: int, viewer: int | None) -> None:
        """One move as the screen's viewer may see it: "<name> (<who>) <what they did>", then its other events.

        The game's first sentence about the mover becomes the headline; without one the action's text is used.
        """
        state = self.state
        shown = [(i, e) for i, e in enumerate(state.events[start:], start) if e.visible(viewer)]
        head, *rest = move_lines(state, seat, f"{self.name(seat)} ({who})", fallback, [e for _, e in shown])
        self.say(head)
        for s in rest:
            self.say(f"    {s}")
        self.printed.update(i for i, e in shown if viewer is not None or e.visible(None))
        if viewer is not None and len(self.humans) == 1:
            self.last_seen[viewer] = len(state.events)

    # --- one human decision ----------------------------------------------------------------------------------
    def human_turn(self, seat: int) -> int | list[int] | None:
        """Show the screen and read until a legal action (returned), a typed phrase's actions (a list, see
        ``GameState.phrase_to_actions``) or quit/end of input (``None``)."""
        state = self.state
        choices = state.action_choices()
        first_look = seat not in self.seen_board
        if len(choices) == 1:  # forced (see core.forced): say why in one line and play it
            self.show_new_events(seat)
            only = choices[0]
            self.say(f"{self.name(seat)}: {forced_line(only)}")
            return only.action
        if not self.asked:  # a new turn (not the next decision of the same one): a heading
            self.console.print(Rule(f"{self.name(seat)}, your turn", style="bold"))
        if first_look:
            self.show_board(seat)
            self.show_new_events(seat, "So far:")
        else:
            self.show_new_events(seat)
            for status in status_lines(render_view(self.spec, state.view(seat))):
                self.say(status)
        menu = build_menu(choices, turn_enders(state, choices))
        self.asked += 1
        self.menu = menu
        at = menu.root
        self.show_listing(menu, at)
        if self.typed_ahead():
            self.say("What you typed before this question was shown was not played; choose from these options.")
        span = f" [1-{len(menu.numbers)}]"  # the question's numbers, so the prompt changes with the question
        while True:
            where = f" {at.key}" if at is not menu.root else ""
            self.say(f"{self.name(seat)}{span}{where}> ", end="")
            line = self.read_line()
            if line is None:
                self.say("")
                self.say("End of input.")
                return None
            if self.echo_input:
                self.say(line)
            answer = line.strip()
            word, _, rest = answer.partition(" ")
            command = word.lower()
            if not answer:
                self.say(f"Type {number_hint(menu)}, a letter to open a group, or 'help'.")
            elif answer.isdigit():
                entry = menu.numbers.get(int(answer))
                if entry is None:
                    self.no_such_number(int(answer), menu)
                elif not entry.ends_turn or self.confirm(entry):
                    return entry.choice.action
                elif self.quit:
                    return None
            elif command in menu.groups and not rest:
                at = menu.groups[command]
                self.show_listing(menu, at)
            elif command == "back" and not rest:
                at = at.parent or menu.root
                self.show_listing(menu, at)
            elif command == "end" and not rest:
                enders = menu.enders
                if len(enders) == 1:
                    return enders[0].choice.action
                if enders:
                    numbers = join_words([str(e.number) for e in enders], "or")
                    self.say(f"Several entries end your turn; type {numbers}.")
                else:
                    self.say("Nothing ends your turn early now; choose a move.")
            elif command in ("help", "?") and not rest:
                self.say(HELP)
            elif command == "rules" and not rest:
                self.say(rules_text(self.spec, options=self.state.options))
            elif command in ("list", "options", "menu") and not rest:
                self.show_listing(menu, at)
            elif command == "board" and not rest:
                self.show_board(seat)
            elif command == "log" and not rest:
                events = state.events_for(seat)
                self.say("Your log:" if events else "Your log is empty.")
                for e in events:
                    self.say(f"  - {event_sentence(state, e)}")
            elif command in ("undo", "takeback") and not rest:
                why = state.undo_refusal(seat)
                if why is None:
                    return UNDO
                self.say(f"You cannot take back a move now: {why}.")
            elif command == "save":
                target = Path(rest.strip()) if rest.strip() else self.save_path
                if target is None:
                    self.say("Say where: save FILE")
                else:
                    self.save(target)
            elif command in ("quit", "exit") and not rest:
                return None
            else:
                action = self.typed_action(menu, answer)
                if action is not None:
                    return action

    def typed_action(self, menu: Menu, answer: str) -> int | list[int] | None:
        """An action typed by its label or text, or a phrase standing for several actions, if legal now;
        otherwise say why and return ``None``."""
        state = self.state
        entry = menu.find_label(answer)
        if entry is not None:
            return entry.choice.action
        try:
            steps = state.phrase_to_actions(answer)
        except FirebreakError as exc:
            self.say(f"Cannot play {answer.strip()!r}: {exc}.")
            return None
        if steps:
            return steps
        try:
            action = state.text_to_action(answer)
        except FirebreakError:
            self.say(f"Not understood: {answer!r}. Type {number_hint(menu)}, a letter, or 'help'.")
            return None
        if state.is_legal(action):
            return action
        self.say(f"'{state.action_to_text(action)}' is not legal now; choose one of the options.")
        return None

    def no_such_number(self, number: int, menu: Menu) -> None:
        """Refuse a number that plays nothing in this question."""
        self.say(f"There is no option {number}; choose 1-{len(menu.numbers)}.")

    def confirm(self, entry: Entry) -> bool:
        """Ask before a number gives the turn away; end of input counts as quitting."""
        self.say(f"{capitalise(entry.label)}? Other moves remain. (y/n) ", end="")
        line = self.read_line()
        if line is None:
            self.say("")
            self.quit = True
            return False
        if self.echo_input:
            self.say(line)
        if line.strip().lower() in ("y", "yes"):
            return True
        self.say("Not played; choose again.")
        return False

    def show_listing(self, menu: Menu, at: Group) -> None:
        if at is menu.root:
            self.say(f"Your options ({menu.root.title}):" if menu.root.title else "Your options:")
        else:
            self.say(f"{at.path} ({plural(len(at.entries()), 'choice')}; 'back' returns):")
        for line in listing(at):
            self.say(f"  {line}")

    # --- the game loop ---------------------------------------------------------------------------------------
    def run(self) -> bool:
        """Play until the end or a quit; return whether the game finished."""
        state = self.state
        while not state.is_terminal():
            seat = state.current_player()
            start = len(state.events)
            if seat in self.humans:
                self.quit = False
                action = self.human_turn(seat)
                if action is None:
                    self.quit = True
                    self.say("Game stopped.")
                    if self.save_path is not None:
                        self.save(self.save_path)
                    return False
                if action == UNDO:
                    state = self.take_back(seat)
                    continue
                steps = action if isinstance(action, list) else [action]
                for a in steps[:-1]:  # a typed phrase: its steps, told as its last one (e.g. the offer made)
                    state.apply(a)
                self.printed.update(range(start, len(state.events)))
                last = len(state.events)
                text = state.action_to_text(steps[-1])
                state.apply(steps[-1])
                if state.log_quiet(steps[-1]):  # a step of a form (a trade offer's card): the menu shows it
                    self.printed.update(range(last, len(state.events)))
                else:
                    self.narrate(seat, "you", text, last, seat)
                if state.is_terminal() or state.current_player() != seat:
                    self.new_turn()
            else:
                action = self.bots[seat].act(Observation(state, seat), self.rngs[seat])
                viewer = self.viewer()
                text = state.action_text_for(action, seat, viewer)  # before applying: the text of this move
                try:
                    state.apply(action)
                except IllegalActionError as exc:  # a bot bug must not pass silently
                    who = self.bots[seat].describe()
                    raise FirebreakError(f"bot {who} in seat {seat} chose an illegal action: {exc}") from None
                if state.log_quiet(action):
                    self.printed.update(range(start, len(state.events)))
                else:
                    self.narrate(seat, bot_name(self.bots[seat]), text, start, viewer)
                self.new_turn()
        self.finish()
        return True

    def take_back(self, seat: int) -> GameState:
        """Take back the seat's last move (already allowed by the rules) and show the position again."""
        old = self.state
        self.state = new = old.undone(seat)
        text = taken_back(old, new, seat, seat)
        n = len(new.events)
        self.printed = {i for i in self.printed if i < n}
        for s in self.last_seen:
            self.last_seen[s] = min(self.last_seen[s], n)
        self.say(f"You took back “{text}”.")
        for line in status_lines(render_view(self.spec, new.view(seat))):
            self.say(line)
        return new

    def new_turn(self) -> None:
        """Another seat acts: the next decision starts a new turn (with its heading)."""
        self.asked = 0

    def finish(self) -> None:
        state = self.state
        self.console.print(Rule("Game over", style="bold"))
        viewer = self.viewer()
        self.say(render_view(self.spec, state.view(viewer)))
        for seat in self.humans:
            if len(self.humans) > 1:
                self.say(f"{self.name(seat)}:")
            self.show_new_events(seat)
        self.console.print(results_table(state, self.humans, self.bots))
        for note in state.score_notes():
            self.say(note)
        self.say(winners_line(state))
        if self.save_path is not None:
            self.save(self.save_path)


def number_hint(menu: Menu) -> str:
    """ "a number 1-9": every decision numbers its options from 1."""
    return f"a number 1-{len(menu.numbers)}"


def winners_line(state: GameState) -> str:
    """Who won, by name, with the winning score: "Purple (P0) wins with 14 points."."""
    winners = state.winners()
    if not winners:
        return "Nobody wins."
    scores = state.scores()
    names = join_words(state.player_name(w) for w in winners)
    points = {scores[w] for w in winners}
    with_points = f" with {plural(scores[winners[0]], 'point')}" if len(points) == 1 else ""
    if len(winners) == 1:
        return f"{names} wins{with_points}."
    return f"{names} share the win{with_points}{' each' if with_points else ''}."


def results_table(state: GameState, humans: Sequence[int] = (), bots: dict[int, Agent] | None = None) -> Table:
    """Each seat's score as the game adds it up (``score_sheet``), the total and the winners.

    When every seat's sheet has the same sources (Great Fire: houses, fires put out, ...) they are columns, one
    row a seat; when sheets differ (a line per scoring district) each seat gets its own rows and a total.
    """
    sheet = state.score_sheet()
    winners = state.winners()
    scores = state.scores()

    def who(seat: int) -> str:
        if seat in humans:
            return "human" if len(humans) > 1 else "you"
        return bot_name(bots[seat]) if bots and seat in bots else ""

    sources = [source for source, _ in sheet[0]] if sheet else []
    known = bool(humans or bots)  # a replay knows no players: no "Played by" column
    table = Table(title="Final scores")
    table.add_column("Player", no_wrap=True)
    if known:
        table.add_column("Played by")
    if all([source for source, _ in rows] == sources for rows in sheet):
        for source in sources:  # wide enough for the heading's longest word, so none is cut
            table.add_column(source, justify="right", min_width=max(len(w) for w in source.split() or [""]))
        if sources != ["Score"]:
            table.add_column("Total", justify="right")
        table.add_column("Winner")
        for seat, rows in enumerate(sheet):
            total = [f"{scores[seat]:g}"] if sources != ["Score"] else []
            table.add_row(
                state.player_name(seat),
                *([who(seat)] if known else []),
                *(f"{v:g}" for _, v in rows),
                *total,
                "yes" if seat in winners else "",
            )
        return table
    table.add_column("Scored for")
    table.add_column("Points", justify="right")
    table.add_column("Winner")
    for seat, rows in enumerate(sheet):
        first = [state.player_name(seat), *([who(seat)] if known else [])]
        for source, value in rows:
            table.add_row(*first, source, f"{value:g}", "")
            first = [""] * len(first)
        table.add_row(*first, "Total", f"{scores[seat]:g}", "yes" if seat in winners else "", end_section=True)
    return table
