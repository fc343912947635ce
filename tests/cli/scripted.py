"""A scripted player for :class:`PlaySession`: reads the session's menu and types lines like a person would.

Everything the session prints goes to a string, so tests can read the whole screen of a game.
"""

from __future__ import annotations

import io
import random
from collections.abc import Callable, Iterable

from rich.console import Console

from firebreak.agents import make_agent
from firebreak.cli.session import PlaySession
from firebreak.core import GameState

Reader = Callable[[PlaySession], str | None]


def session_for(state: GameState, humans: Iterable[int], reader: Reader, bots: str = "random") -> PlaySession:
    """A session whose human seats type what ``reader(session)`` returns; the other seats are bots."""
    humans = sorted(humans)
    agents = {s: make_agent(bots) for s in range(state.num_players) if s not in humans}
    console = Console(file=io.StringIO(), width=120, soft_wrap=True, color_system=None)
    holder: list[PlaySession] = []
    session = PlaySession(state, humans, agents, console, read_line=lambda: reader(holder[0]), echo_input=True)
    holder.append(session)
    return session


def screen(session: PlaySession) -> str:
    return session.console.file.getvalue()


def lines(script: Iterable[str | None]) -> Reader:
    """Type the given lines in order, then end the input."""
    it = iter(script)
    return lambda session: next(it, None)


def random_player(seed: int, explore: float = 0.3) -> Reader:
    """Open a random group now and then, go back, and play a random number (confirming turn-enders)."""
    rng = random.Random(seed)
    pending: list[str] = []

    def read(session: PlaySession) -> str | None:
        if pending:
            return pending.pop(0)
        menu = session.menu
        if menu.groups and rng.random() < explore:
            pending.append("back")
            return rng.choice(sorted(menu.groups))
        entry = menu.numbers[rng.choice(sorted(menu.numbers))]
        if entry.ends_turn:
            pending.append("y")
        return str(entry.number)

    return read
