"""Forced steps: a decision with one possible answer is played by the table, not asked.

A seat whose choices (:meth:`GameState.action_choices`) hold a single entry has nothing to decide: the Great Fire's
"No second fire move" for a player holding no Fire moves twice token, a discard when the hand holds one kind of
card. Every front end plays such a step by itself and says why in one line, the lone entry's ``note`` (which the
games write for this case: "You hold no Fire moves twice token, so the fire moves only once."). The line is built
for the seat to act from its own view, so only that seat is shown it; the others see the move itself.

Game-agnostic: the terminal (``cli.session``) and the server's table (``server.live``) both play forced steps
through :func:`forced_choice` and word them with :func:`forced_line`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .game import ActionChoice, GameState

FOLD_CHECK = 4
"""With up to this many legal actions the choices are built to see whether they fold into one entry (several
actions with one outcome); with more, the step is never forced (no game folds that many), and building every
choice on each replayed step would cost more than it tells."""


def forced_choice(state: "GameState") -> "ActionChoice | None":
    """The lone entry of the seat to act when its decision has one possible answer, else ``None`` (also when the
    game is over)."""
    legal = state.legal_actions()
    if not legal or len(legal) > FOLD_CHECK:
        return None
    choices = state.action_choices()
    return choices[0] if len(choices) == 1 else None


def forced_line(choice: "ActionChoice") -> str:
    """Why a forced step was played by itself, in one line for the seat that had it."""
    return choice.note or f"Only one move is possible: {choice.label}."
