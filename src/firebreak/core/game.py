"""The game protocol every firebreak game implements.

A game is a :class:`GameSpec` (name, player counts, options, hooks) and a :class:`GameState` subclass that owns
its rules, in the manner of OpenSpiel: the state knows who acts, which actions are legal, how to apply one
(resolving chance with its own seeded :class:`~firebreak.core.rng.Rng`), what each player may see, and when the
game is over. Actions are plain integers in a fixed space per game and player count (for masks and learning),
each with a stable text form (for logs and typing at a prompt).

Front ends (terminal, server, lab, bots) use only this module, so a new game plugs in without touching them.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from bisect import bisect_left
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

from .errors import IllegalActionError, MalformedActionError, OptionError
from .events import Event, filter_events, make_event
from .hooks import BoardCheck, BoardFit, EncoderFactory, HelpHook, ReportHook, RulesCheck, SearchHints, SvgHook
from .parameters import (
    BOARD_KEY,
    RULES_KEY,
    VARIANT_KEY,
    RuleParameter,
    board_data,
    check_variant_label,
    resolve_rules,
    rule_values,
)
from .rng import Rng
from .summary import SeatSummary
from .text import generic_sentence, join_words, seat_label

TERMINAL = -1
"""What :meth:`GameState.current_player` returns once the game is over."""

UNDO = -1
"""In a chronological move list (:attr:`GameState.played`, stored logs): the last action was taken back here."""

S = TypeVar("S", bound="GameState")


@dataclass(frozen=True)
class ActionChoice:
    """One entry a player chooses from: a legal action, where it sits on the board and where it is grouped.

    Front ends show choices instead of the flat action list; agents and learning code keep the flat integers.
    A game lists every legal action in exactly one choice: as its ``action`` or, when several legal actions have
    exactly the same outcome (a Great Fire fire card reaching one district from three cones), folded into one
    entry's ``same``. Choosing the entry sends ``action``.

    - ``label``: the entry's words inside its group, a player's English ("Ludgate", "End your actions").
    - ``group``: the path of menus leading to it, outermost first (``("Fire move", "East card")``); ``()`` for an
      entry shown at the top level. Entries sharing a path form one group.
    - ``source`` / ``target``: board elements, in the game's own element names (the names its board picture
      carries in ``data-place`` attributes), that the action starts from (the piece or place picked first) and
      ends on. Either may be ``None``: an action with neither has no place on the board (e.g. "end actions").
    - ``preview``: board elements the outcome touches, highlighted before the move is confirmed (districts a
      fire reaches, cells a move passes); ``note``: the outcome in words where the rules make it knowable.
      For a lone legal action ``note`` says why it is the only one ("No fire move is possible: show your hand.").
    - ``step`` / ``counter`` / ``count``: a *stepper* entry, for forms a player fills in one move at a time (a
      trade offer's cards). ``step`` is +1 or -1: the entry raises or lowers the number ``counter`` (a word such as
      "wool"), which stands at ``count`` now. Entries of one group sharing a ``counter`` make one stepper
      (minus, count, plus); a front end may draw them so and play them without a confirmation, since every
      step can be undone by the opposite one. ``step`` 0 (the default) is an ordinary entry.
    - ``path``: an ordered route of board elements (names as in ``data-place``) that the action follows, drawn by
      front ends as a line with an arrowhead at the end (a Great Fire fire move: the source district, each burning
      district the cone passes, then the target). ``()`` (the default) for an action that follows no route, and then left out of ``to_json``.
    - ``confirm``: why this entry asks to be confirmed before it is sent, in a player's words ("Check the fire's
      path before the cone moves."), or ``""`` (the default, left out of ``to_json``): one click plays it. The
      game sets it, for what cannot be taken back or is easy to mis-click (a fire move, a trade, ending with
      points left); front ends obey it and never decide it per game. Rolling the dice or ending a turn with
      nothing left to do needs no confirmation.
    - ``icon``: for a stepper entry, a small SVG picture of what ``counter`` counts, drawn as the game's board
      draws it (Catan: a hex in the resource's terrain colour), shown beside the counter's name so a player finds
      the row by sight; ``""`` (the default, left out of ``to_json``): the name alone.

    Choices are built for the seat to act and may say only what that seat's own view shows.
    """

    action: int
    label: str
    group: tuple[str, ...] = ()
    source: str | None = None
    target: str | None = None
    same: tuple[int, ...] = ()
    preview: tuple[str, ...] = ()
    note: str = ""
    step: int = 0
    counter: str = ""
    count: int = 0
    path: tuple[str, ...] = ()
    confirm: str = ""
    icon: str = ""

    @property
    def actions(self) -> tuple[int, ...]:
        """Every legal action this entry stands for (``action`` first)."""
        return (self.action, *self.same)

    def to_json(self) -> dict[str, Any]:
        out = {
            "id": self.action,
            "label": self.label,
            "group": list(self.group),
            "source": self.source,
            "target": self.target,
            "same": list(self.same),
            "preview": list(self.preview),
            "note": self.note,
        }
        if self.path:
            out["path"] = list(self.path)
        if self.confirm:
            out["confirm"] = self.confirm
        if self.step:
            out.update(step=self.step, counter=self.counter, count=self.count)
        if self.icon:
            out["icon"] = self.icon
        return out


def check_choices(state: "GameState", choices: list[ActionChoice] | None = None) -> list[ActionChoice]:
    """Check a state's :meth:`GameState.action_choices` against its legal actions; raise ``AssertionError``.

    Every legal action stands in exactly one entry, no entry names an illegal action, labels are non-empty
    and no two entries of one group share a label. Returns the choices (for tests that look further).
    """
    choices = state.action_choices() if choices is None else choices
    legal = state.legal_actions()
    seen: dict[int, ActionChoice] = {}
    for c in choices:
        for a in c.actions:
            assert state.is_legal(a), f"choice {c.label!r} names illegal action {a} ({state.action_to_text(a)})"
            assert a not in seen, (
                f"action {state.action_to_text(a)!r} is in two choices: {seen[a].label!r}, {c.label!r}"
            )
            seen[a] = c
        assert c.label.strip(), f"choice for {state.action_to_text(c.action)!r} has no label"
    missing = [state.action_to_text(a) for a in legal if a not in seen]
    assert not missing, f"legal actions in no choice: {missing[:5]}"
    labels: dict[tuple[tuple[str, ...], str], int] = {}
    for c in choices:
        key = (c.group, c.label)
        assert key not in labels, f"two entries labelled {c.label!r} in group {' / '.join(c.group) or '(top)'}"
        labels[key] = c.action
    return choices


@dataclass(frozen=True)
class ChoiceLimit:
    """A choice of an option that cannot be used in some games: with some player counts and/or other options.

    The choice ``choice`` is unavailable when the player count lies in ``players`` (an inclusive range;
    ``None``: any count) and every option named in ``when`` has one of the values listed for it (no ``when``:
    whatever the other options are). ``reason`` says why in a player's words, as a clause a sentence can start
    with ("the 5-6 player extension has no beginner layout"): front ends show it next to the option, and the
    error refusing the choice starts with it.

    Plain data rather than a function, so the catalog can hand it to a browser, which greys out the choice as
    the player count or the other options change, from the same declaration the game's validation uses.
    """

    choice: Any
    reason: str
    players: tuple[int, int] | None = None
    when: tuple[tuple[str, tuple[Any, ...]], ...] = ()

    def __post_init__(self) -> None:
        when = self.when
        pairs = when.items() if isinstance(when, Mapping) else when
        object.__setattr__(self, "when", tuple((name, tuple(values)) for name, values in pairs))
        if self.players is not None:
            object.__setattr__(self, "players", (int(self.players[0]), int(self.players[1])))

    def applies(self, num_players: int, options: Mapping[str, Any]) -> bool:
        """Whether the choice is unavailable in a game of ``num_players`` with these (resolved) options."""
        if self.players is not None and not self.players[0] <= num_players <= self.players[1]:
            return False
        return all(options.get(name) in values for name, values in self.when)

    def to_json(self) -> dict[str, Any]:
        return {
            "choice": self.choice,
            "reason": self.reason,
            "players": list(self.players) if self.players is not None else None,
            "when": {name: list(values) for name, values in self.when},
        }


@dataclass(frozen=True)
class OptionSpec:
    """One game option (a rule variant or setting), with its type, default and help text.

    ``only_when`` names the other options' values under which this one matters at all (see :meth:`matters`).
    ``title`` is what a player reads (a lobby's label: "Trades between players"); ``name`` is the key that
    saves, the command line and the API use. ``minimum``/``maximum`` bound a whole-number option (inclusive; ``None``: unbounded on that side), so a value
    the rules cannot use is refused with a clear message before any game is built with it. ``unavailable``
    lists the :class:`ChoiceLimit` s of an option with ``choices``: choices that exist only for some player
    counts or with some other options (Catan's beginner layout is printed for the 3-4 player board only).
    """

    name: str
    type: type
    default: Any
    help: str
    choices: tuple[Any, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None
    unavailable: tuple[ChoiceLimit, ...] = ()
    title: str = ""
    only_when: tuple[tuple[str, tuple[Any, ...]], ...] = ()

    def __post_init__(self) -> None:
        pairs = self.only_when.items() if isinstance(self.only_when, Mapping) else self.only_when
        object.__setattr__(self, "only_when", tuple((name, tuple(values)) for name, values in pairs))

    def matters(self, options: Mapping[str, Any]) -> bool:
        """Whether the option changes anything in a game with these (resolved) options: every option named in
        ``only_when`` has one of the values listed for it (Catan's Seafarers target needs the Seafarers board).
        A front end hides an option that does not matter; a value given for it anyway is kept and unused."""
        return all(options.get(name) in values for name, values in self.only_when)

    @property
    def label(self) -> str:
        """The option's name in words for a player (a lobby's label): its ``title``, or its name spelt out."""
        return self.title or self.name.replace("_", " ").capitalize()

    def available(self, num_players: int, options: Mapping[str, Any]) -> tuple[Any, ...]:
        """The choices a game of ``num_players`` with these (resolved) options may use, in declared order."""
        if self.choices is None:
            return ()
        return tuple(c for c in self.choices if self.why_unavailable(c, num_players, options) is None)

    def why_unavailable(self, value: Any, num_players: int, options: Mapping[str, Any]) -> str | None:
        """Why ``value`` cannot be chosen with this player count and options (the first limit that applies),
        or ``None`` when it can."""
        for limit in self.unavailable:
            if limit.choice == value and limit.applies(num_players, options):
                return limit.reason
        return None

    def coerce(self, value: Any) -> Any:
        """Turn a value (possibly a string typed at the command line) into this option's type."""
        if self.type is bool:
            if isinstance(value, bool):
                out: Any = value
            elif isinstance(value, str) and value.lower() in ("1", "true", "yes", "on"):
                out = True
            elif isinstance(value, str) and value.lower() in ("0", "false", "no", "off"):
                out = False
            else:
                raise OptionError(f"option {self.name!r} expects true or false, not {value!r}")
        elif self.type is int:
            if isinstance(value, bool) or (isinstance(value, float) and not value.is_integer()):
                raise OptionError(f"option {self.name!r} expects a whole number, not {value!r}")
            try:  # (a float that is not whole: NaN and infinities too, refused above rather than truncated)
                out = int(value)
            except (TypeError, ValueError, OverflowError):
                raise OptionError(f"option {self.name!r} expects a whole number, not {value!r}") from None
        elif self.type is str:
            if not isinstance(value, str):
                raise OptionError(f"option {self.name!r} expects text, not {value!r}")
            out = value
        else:  # pragma: no cover - specs are written by us
            raise OptionError(f"option {self.name!r} has unsupported type {self.type}")
        if self.choices is not None and out not in self.choices:
            raise OptionError(f"option {self.name!r} must be one of {', '.join(map(str, self.choices))}, not {out!r}")
        low, high = self.minimum, self.maximum
        if (low is not None and out < low) or (high is not None and out > high):
            if low is not None and high is not None:
                allowed = f"between {low} and {high}"
            else:
                allowed = f"at least {low}" if low is not None else f"at most {high}"
            raise OptionError(f"option {self.name!r} must be {allowed}, not {out!r}")
        return out


@dataclass(frozen=True)
class GameSpec(Generic[S]):
    """Everything front ends need to know about a game, without knowing the game.

    ``render`` turns a player's view into text for the terminal; ``heuristic`` scores a state for one player
    (used by greedy bots and search cut-offs); ``stats`` exports per-game statistics for the lab: a number (or
    true/false) is a quantity the lab averages; a string is a category (who holds a card, how the game ended)
    the lab reports as the share of games in each category, so a seat holding something is exported as its
    label (``seat_label(seat)``, "P0") or "nobody", never as a seat number; lists and tables stay in the logs.

    Every hook is a typed field (shapes in :mod:`firebreak.core.hooks`); the spec is generic in its state class,
    so a type checker holds the hooks that take a state to the game's own state class. A hook left out is
    ``None`` (or empty) and each front end has its fallback.
    """

    name: str
    title: str
    min_players: int
    max_players: int
    default_players: int
    state_class: type[S]
    options: tuple[OptionSpec, ...] = ()
    description: str = ""
    flagship: bool = False  # the game a newcomer meets first: the lobby opens on it
    render: Callable[[dict[str, Any]], str] | None = None
    heuristic: Callable[[S, int], float] | None = None
    stats: Callable[[S], dict[str, Any]] | None = None
    parameters: tuple[RuleParameter, ...] = ()
    """Every number and reading the rules fix (see :mod:`firebreak.core.parameters`); a game's options carry
    the changed ones under ``rules``."""
    svg: SvgHook | None = None
    """The board drawn for the browser from one seat's view (the play page and replays); without it the page
    shows ``render``'s text."""
    help: HelpHook | None = None
    """The rules summary and board legend players read (``GET /api/help/<game>``, the terminal's ``rules``)."""
    observation_encoder: EncoderFactory | None = None
    """The fixed-length observation for learning code (:mod:`firebreak.core.encoding`, :mod:`firebreak.rl`);
    a game without one is left out of the learning environments."""
    heuristic_all: Callable[[S], list[float]] | None = None
    """``heuristic`` for every seat at once, the same numbers in one pass (search bots score leaves with it)."""
    evaluations: Mapping[str, Callable[[S], list[float]]] = field(default_factory=dict)
    """Other every-seat evaluations a search may be told to use by name (``mcts:eval=NAME``); a name a game
    lacks means its usual evaluation, so such a bot spec is valid in every game."""
    bot_actions: Callable[[S], list[int]] | None = None
    """The legal actions a planning bot weighs, leaving out moves no sensible bot makes; it reads only what the
    seat to move may see. ``None``: every legal action."""
    search: SearchHints = SearchHints()
    """How the search bots are best tuned for this game (a bot spec's own settings win)."""
    stat_words: Mapping[str, str] = field(default_factory=dict)
    """The lab's words for the game's statistics where the generic rule (``fires_put_out`` -> "Fires put out")
    reads badly (``{"vp_cards": "Victory point cards"}``)."""
    report: ReportHook | None = None
    """The game's own figures in the lab report, after the generic ones."""
    check_rules: RulesCheck | None = None
    """What changed rule parameters cannot lay out for a player count, checked with the options."""
    check_board: BoardCheck | None = None
    """Checks a board file a variant gives; a game without it has no board a variant may replace."""
    board_fit: BoardFit | None = None
    """What a checked board cannot be played with (a player count, a table option); ``None``: anything."""
    board_replaces: tuple[str, ...] = ()
    """The table options a variant's board takes the place of (Catan: ``board`` and ``layout``): under a board
    they change nothing, so listings leave them out (:meth:`listed_options`) and the lobby does not offer them."""
    benchmark_variants: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    """Option sets worth timing beside the defaults in ``benchmarks/throughput.py`` (name -> options)."""

    def rules(self, options: Mapping[str, Any]) -> Any:
        """Every rule parameter's value for a game with these resolved options, as attributes."""
        return rule_values(self.parameters, options)

    def option(self, name: str) -> OptionSpec:
        for spec in self.options:
            if spec.name == name:
                return spec
        known = ", ".join(o.name for o in self.options) or "none"
        raise OptionError(f"{self.title} has no option {name!r} (options: {known})")

    def resolve_options(self, num_players: int, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """Validate the player count and options, filling in defaults. Raises :class:`OptionError`."""
        if isinstance(num_players, bool) or not isinstance(num_players, int):
            raise OptionError(f"the player count must be a whole number, not {num_players!r}")
        if not self.min_players <= num_players <= self.max_players:
            raise OptionError(f"{self.title} is for {self.min_players}-{self.max_players} players, not {num_players}")
        resolved = {o.name: o.default for o in self.options}
        given: set[str] = set()
        options = dict(options or {})
        rules = resolve_rules(self.parameters, options.pop(RULES_KEY, None), self.title)
        check = self.check_rules
        if rules and check is not None:
            problems = check(num_players, rule_values(self.parameters, {RULES_KEY: rules}))
            if problems:
                raise OptionError(problems[0])
        variant = options.pop(VARIANT_KEY, None)
        board = options.pop(BOARD_KEY, None)
        for name, value in options.items():
            spec = self.option(name)
            resolved[spec.name] = spec.coerce(value)
            given.add(spec.name)
        for spec in self.options:
            reason = spec.why_unavailable(resolved[spec.name], num_players, resolved)
            if reason is None:
                continue
            others = [str(c) for c in spec.available(num_players, resolved)]
            if spec.name not in given and others:  # a default that does not fit: the first choice that does
                resolved[spec.name] = spec.available(num_players, resolved)[0]
                continue
            advice = f": choose {spec.name} {join_words(others, 'or')}" if others else ""
            raise OptionError(f"{reason}{advice}")
        if rules:
            resolved[RULES_KEY] = rules
        if variant is not None:
            resolved[VARIANT_KEY] = check_variant_label(variant)
        if board is not None:
            resolved[BOARD_KEY] = data = self.checked_board(board)
            fit = self.board_fit
            misfits = fit(num_players, resolved, data) if fit is not None else []
            if misfits:
                raise OptionError(misfits[0])
        return resolved

    def board_players(self, board: Any, options: Mapping[str, Any] | None = None) -> list[int]:
        """The player counts a checked board can be played with beside these table options (every count of the
        game when it has no ``board_fit``): a variant that names no player count is offered for these."""
        fit = self.board_fit
        counts = range(self.min_players, self.max_players + 1)
        return [n for n in counts if fit is None or not fit(n, dict(options or {}), board)]

    def listed_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """Options as a listing shows them: without the table options a variant's board replaces when the game
        has one (a Catan layout is its own deal, whatever the ``layout`` option says)."""
        if options.get(BOARD_KEY) is None:
            return dict(options)
        return {k: v for k, v in options.items() if k not in self.board_replaces}

    def checked_board(self, board: object) -> Any:
        """A variant's board as a game's options carry it (JSON data), after the game's ``check_board``; raises
        :class:`OptionError` with the first broken constraint (a save or record whose board cannot be played is
        refused before anything is made from it)."""
        check = self.check_board
        if check is None:
            raise OptionError(f"{self.title} has no board a variant may replace")
        data = board_data(board)
        problems = check(data)
        if problems:
            more = f" (and {len(problems) - 1} more problems)" if len(problems) > 1 else ""
            raise OptionError(f"The board cannot be played: {problems[0].rstrip('.')}{more}.")
        return data

    def __post_init__(self) -> None:
        """Check the options' choice limits name real choices and options (a mistake in a spec, not in input)."""
        names = {o.name: o for o in self.options}
        for o in self.options:
            for limit in o.unavailable:
                if o.choices is None or limit.choice not in o.choices:
                    raise ValueError(
                        f"{self.name}: option {o.name!r} limits {limit.choice!r}, which is not one of its choices"
                    )
                for other, values in limit.when:
                    if other not in names or other == o.name:
                        raise ValueError(
                            f"{self.name}: the limit on {o.name}={limit.choice!r} depends on {other!r}, "
                            "which is not another option of the game"
                        )
                    allowed = names[other].choices
                    if allowed is not None and any(v not in allowed for v in values):
                        raise ValueError(
                            f"{self.name}: the limit on {o.name}={limit.choice!r} names a value {other!r} cannot take"
                        )
            for other, values in o.only_when:
                if other not in names or other == o.name:
                    raise ValueError(
                        f"{self.name}: option {o.name!r} matters only with {other!r}, which is not "
                        "another option of the game"
                    )
                allowed = names[other].choices if names[other].type is not bool else (True, False)
                if allowed is not None and any(v not in allowed for v in values):
                    raise ValueError(f"{self.name}: option {o.name!r} matters only with a value {other!r} cannot take")

    def new_game(
        self, num_players: int | None = None, seed: int = 0, options: Mapping[str, Any] | None = None
    ) -> "GameState":
        """A new game from a player count, options and seed (the same three always give the same game)."""
        n = self.default_players if num_players is None else num_players
        if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
            raise OptionError(f"the seed must be a non-negative whole number, not {seed!r}")
        return self.state_class.new(n, self.resolve_options(n, options), seed)

    def num_distinct_actions(self, num_players: int, options: Mapping[str, Any] | None = None) -> int:
        """Size of the action space for a player count; a game whose space also depends on an option (e.g. a
        board) is asked with the resolved options when they are given."""
        if options is None or not self.state_class.action_space_takes_options:
            return self.state_class.num_distinct_actions(num_players)
        # only a game that sets action_space_takes_options takes the second argument (the base signature has one)
        return self.state_class.num_distinct_actions(
            num_players,  # type: ignore[call-arg]
            self.resolve_options(num_players, options),
        )


_SCAN_MAX = 32
"""Up to this many legal actions, :meth:`GameState.is_legal` scans the list instead of building a set."""

_UndoRecord = tuple[int, int, bool, list[Event], int, int]
"""What :meth:`GameState.apply` keeps of an action for taking back, worked out only when asked: the action, its
seat, whether it drew on chance, and the log it wrote to with the bounds of its events there (a log only grows)."""

_UNDO_BATCH = 64
"""At most this many applied actions wait unsettled for the take-back bookkeeping (a bound on what they hold)."""


class GameState(ABC):
    """One position of a game, with the rules that move it on.

    Subclasses implement the ``_``-prefixed hooks and the abstract queries; this base class supplies the parts
    every game shares: validating actions before any change, the action history and event log, text parsing,
    per-player log filtering and equality.
    """

    spec: ClassVar[GameSpec[Any]]
    action_space_takes_options: ClassVar[bool] = False
    """Whether :meth:`num_distinct_actions` also takes the resolved options (a game whose space depends on an
    option fixed at setup, such as Catan's board, sets this)."""

    num_players: int
    options: dict[str, Any]
    seed: int
    rng: Rng
    history: list[int]
    events: list[Event]
    played: list[int] | None
    _undo_stack: list[tuple[int, int]]
    _undo_block: tuple[int, str | None] | None
    _undo_todo: list[_UndoRecord]
    """Actions applied since the take-back bookkeeping (``undo_stack``, ``undo_block``) was last settled: most are
    never asked about (a bot's or a simulation's moves), so each costs a record, and :meth:`undo_reason` runs only
    when someone asks, for the latest actions alone (see :meth:`_settle_undo`)."""
    _log_shared: bool = False
    """Whether ``history``, ``events``, the take-back bookkeeping and ``played`` are shared with a clone (or the
    original): copied on the first action either side applies, so a clone costs the same early and late in a game."""

    REVEALS: ClassVar[Mapping[str, str]] = {}
    """Event kinds that reveal what was hidden though no chance was drawn (a card from a pile shuffled at set-up),
    each with what its player did, as a clause: ``{"card_seen": "drew a card"}`` gives "you drew a card since"."""

    UNDOABLE_PRIVATE: ClassVar[frozenset[str]] = frozenset()
    """Event kinds seen by some seats only that still leave the action free to be taken back: a private step that
    hides nothing from the one who took it (composing a trade offer before showing it)."""

    # --- construction -------------------------------------------------------------------------------------
    @classmethod
    def new(cls: type[S], num_players: int, options: dict[str, Any], seed: int) -> S:
        state = cls.__new__(cls)
        state._init_base(num_players, options, seed)
        state._setup()
        return state

    def _init_base(self, num_players: int, options: dict[str, Any], seed: int) -> None:
        self.num_players = num_players
        self.options = dict(options)
        self.seed = seed
        self.rng = Rng(seed)
        self.history = []
        self.events = []
        self._undo_stack = []
        self._undo_block = None
        self._undo_todo = []
        self.played = None
        self._legal: list[int] | None = None
        self._legal_set: frozenset[int] | None = None

    def _copy_base_into(self, other: "GameState") -> None:
        """Copy the shared fields into a fresh instance (used by subclasses' :meth:`clone`)."""
        other.num_players = self.num_players
        other.options = self.options  # options never change after setup
        other.seed = self.seed
        other.rng = self.rng.clone()
        # The log is shared, not copied (copy on write, see _own_log): it is most of a late position's size, and
        # a clone that only looks ahead (a view, a trial) never writes to it.
        other.history = self.history
        other.events = self.events  # events are immutable
        other._undo_stack = self._undo_stack
        other._undo_block = self._undo_block
        other._undo_todo = self._undo_todo
        other.played = self.played
        other._log_shared = self._log_shared = True
        other._legal = self._legal
        other._legal_set = self._legal_set

    @abstractmethod
    def _setup(self) -> None:
        """Lay out the game (using ``self.rng`` for every random choice)."""

    # --- queries ------------------------------------------------------------------------------------------
    @abstractmethod
    def current_player(self) -> int:
        """The seat to act, or :data:`TERMINAL`."""

    @abstractmethod
    def _legal_actions(self) -> list[int]:
        """Legal action ids for :meth:`current_player`, sorted, without duplicates."""

    def legal_actions(self) -> list[int]:
        if self._legal is None:
            self._legal = [] if self.is_terminal() else self._legal_actions()
            self._legal_set = None
        return self._legal

    def is_legal(self, action: int) -> bool:
        legal = self.legal_actions()
        if len(legal) <= _SCAN_MAX:
            return action in legal  # a short list is scanned faster than a set is built (every apply asks once)
        if self._legal_set is None:
            self._legal_set = frozenset(legal)
        return action in self._legal_set

    @abstractmethod
    def is_terminal(self) -> bool: ...

    @abstractmethod
    def scores(self) -> list[float]:
        """Each seat's score as the rulebook counts it (meaningful during play as a running count too)."""

    @abstractmethod
    def winners(self) -> list[int]:
        """The winning seats after the rulebook's tie-breaks (several if the game is drawn); empty if not over."""

    def returns(self) -> list[float]:
        """Outcome for learning: 1 shared among the winners, 0 for the others (0 for all until the end)."""
        if not self.is_terminal():
            return [0.0] * self.num_players
        w = self.winners()
        return [1.0 / len(w) if p in w else 0.0 for p in range(self.num_players)]

    @abstractmethod
    def view(self, player: int | None) -> dict[str, Any]:
        """A JSON-ready picture of the game as ``player`` sees it (``None``: a spectator, public only)."""

    @abstractmethod
    def state_dict(self) -> dict[str, Any]:
        """The complete state, hidden parts included, JSON-ready: used for equality and debugging."""

    @abstractmethod
    def clone(self: S) -> S: ...

    @abstractmethod
    def determinize(self: S, player: int, rng: Rng) -> S:
        """A copy in which everything ``player`` cannot see is resampled consistently with what they can.

        Search bots plan on these, so they never read the true hidden state. The copy's own random generator
        is reseeded from ``rng`` as well, since future chance is hidden too.
        """

    def _seal_determinization(self, sample: "GameState", player: int, rng: Rng) -> None:
        """Finish a determinisation for ``player``: the parts every game shares.

        The sample's future chance is reseeded from ``rng``, its log keeps only the events ``player`` saw, and
        its seed is blanked (the seed would replay every hidden card). Games call this at the end of
        :meth:`determinize`.
        """
        sample.rng = rng.spawn()
        sample.events = _seen_log(self.events, player)
        sample._log_shared = True  # that log may be shared with other samples: copied before the sample writes
        sample.seed = -1
        sample.played = None
        sample._legal = None
        sample._legal_set = None

    # --- actions ------------------------------------------------------------------------------------------
    @classmethod
    @abstractmethod
    def num_distinct_actions(cls, num_players: int) -> int:
        """Size of the fixed action space for this player count.

        A game whose space also depends on an option fixed at setup (Catan's board) takes the resolved options
        as a second argument and overrides :meth:`action_space_key`."""

    def action_space_size(self) -> int:
        """Size of this game's action space (fixed for the whole game)."""
        return self.num_distinct_actions(self.num_players)

    def action_space_key(self) -> Any:
        """What the action space depends on: the player count, unless a game says more (cache key for texts)."""
        return self.num_players

    @abstractmethod
    def action_to_text(self, action: int) -> str:
        """Stable human-readable text for any action id of the space (legal or not)."""

    @abstractmethod
    def _apply(self, action: int) -> None:
        """Carry out a legal action, resolving chance with ``self.rng`` and recording events with :meth:`_emit`."""

    def _emit(self, kind: str, visible_to: tuple[int, ...] | None = None, **data: Any) -> None:
        self.events.append(make_event(kind, data, visible_to))

    def text_to_action(self, text: str) -> int:
        """Parse an action's text form (case and spacing are forgiven). Raises :class:`MalformedActionError`."""
        key = _normalise(text)
        table = _text_table(self)
        if key in table:
            return table[key]
        raise MalformedActionError(f"{text!r} is not an action of {self.spec.title}")

    def parse_action(self, action: int | str) -> int:
        """Turn an id or a text into an id of this game's action space, or raise :class:`MalformedActionError`."""
        if type(action) is int and 0 <= action < self.action_space_size():
            return action  # the common case first: every apply parses its action
        if isinstance(action, bool):
            raise MalformedActionError(f"{action!r} is not an action")
        if isinstance(action, int):
            if not 0 <= action < self.action_space_size():
                raise MalformedActionError(
                    f"action id {action} is outside this game's action space (0..{self.action_space_size() - 1})"
                )
            return action
        if isinstance(action, str):
            return self.text_to_action(action)
        raise MalformedActionError(f"an action is an integer id or its text, not {type(action).__name__}")

    def apply(self, action: int | str) -> list[Event]:
        """Apply an action given as id or text; return the events it caused.

        Illegal or malformed input raises before anything changes, so the state is exactly as it was.
        """
        # The common case first, cheaply: a plain int found in the legal list (sorted, so halved rather than
        # scanned) is legal, hence inside the action space. Anything else (text, a bool, an int the search misses)
        # takes the full path, with its errors.
        legal = self._legal
        if legal is None:
            legal = self.legal_actions()
        if type(action) is int:
            i = bisect_left(legal, action)
            a = action if i < len(legal) and legal[i] == action else self._checked(action, legal)
        else:
            a = self._checked(action, legal)
        if self._log_shared:
            if self._undo_todo:  # they name the log about to be copied: settled now, so none keeps it alive
                self._settle_undo()
            self._own_log()
        events = self.events
        start = len(events)
        actor = self.current_player()
        rng = self.rng
        draws = rng.draws
        self.history.append(a)
        if self.played is not None:
            self.played.append(a)
        self._legal = None
        self._legal_set = None
        self._apply(a)
        stop = len(events)
        todo = self._undo_todo
        todo.append((a, actor, rng.draws != draws, events, start, stop))
        if len(todo) >= _UNDO_BATCH:
            self._settle_undo()
        return events[start:stop]

    def _checked(self, action: int | str, legal: list[int]) -> int:
        """``action`` parsed and found legal, or the error saying why not (malformed first, then illegal)."""
        a = self.parse_action(action)
        if a in legal:  # a scan: a game's list is sorted, but this path must not depend on it
            return a
        if self.is_terminal():  # nothing is legal once the game is over
            raise IllegalActionError("the game is over; no action is legal")
        raise IllegalActionError(
            f"'{self.action_to_text(a)}' is not legal now ({self.player_name(self.current_player())} to act; "
            f"{len(legal)} legal actions)"
        )

    def apply_unchecked(self, action: int) -> None:
        """Apply an action already known to be legal (from :meth:`legal_actions`); for fast simulation.

        Nothing done this way can be taken back (simulations never undo; play goes through :meth:`apply`)."""
        if self._log_shared:
            self._own_log()
        self.history.append(action)
        if self.played is not None:
            self.played.append(action)
        if self._undo_todo or self._undo_stack or self._undo_block is not None:
            self._undo_todo = []
            self._undo_stack = []
            self._undo_block = None
        self._legal = None
        self._legal_set = None
        self._apply(action)

    def _own_log(self) -> None:
        """Take a copy of the log shared with a clone before writing to it (every write happens while applying an
        action, below :meth:`apply` or :meth:`apply_unchecked`)."""
        self.history = list(self.history)
        self.events = list(self.events)
        self._undo_stack = list(self._undo_stack)
        self._undo_todo = list(self._undo_todo)
        if self.played is not None:
            self.played = list(self.played)
        self._log_shared = False

    # --- taking back ----------------------------------------------------------------------------------------
    def undo_reason(self, action: int, drew: bool, events: list[Event]) -> str | None:
        """Why an action just applied can never be taken back, as what its player did ("drew a card"), or None.

        An action is final if it drew on the state's generator (dice, a random steal, a reshuffle), emitted an
        event only some seats may see (a card seen in private) or one of :attr:`REVEALS` (a public reveal from a
        pile shuffled earlier). Games may override this for more; it must depend on the action and its outcome
        only (its arguments), never on anything hidden from the player asking, nor on the state: it is asked
        only when a take-back is considered, possibly many actions later, and only for the latest actions."""
        reveals = self.REVEALS
        private = False
        for e in events:  # one pass: every applied action comes through here
            kind = e.kind
            clause = reveals.get(kind)
            if clause:
                return clause
            if e.visible_to is not None and kind not in self.UNDOABLE_PRIVATE:
                private = True
        if drew:
            return "drew on chance (a card, a die or a tile)"
        if private:
            return "saw hidden information"
        return None

    @property
    def undo_stack(self) -> list[tuple[int, int]]:
        """The run of ``(action, seat)`` that can still be taken back, latest last: the latest actions of one seat
        since the last final action or another seat's move. Read only (shared with clones)."""
        if self._undo_todo:
            self._settle_undo()
        return self._undo_stack

    @property
    def undo_block(self) -> tuple[int, str | None] | None:
        """What ended the run before :attr:`undo_stack`, for the refusal's words: ``(seat, why)`` for a final
        action (``why`` from :meth:`undo_reason`), ``(seat, None)`` for another seat's move; ``None``: nothing."""
        if self._undo_todo:
            self._settle_undo()
        return self._undo_block

    def _settle_undo(self) -> None:
        """Fold the actions applied since the last settling into ``undo_stack`` and ``undo_block``: the same as
        noting each in turn, but only the actions after the last final one matter (a final action empties the
        stack whatever came before), so :meth:`undo_reason` is asked from the latest back to that one.

        New lists are made, never the old ones changed: they may be shared with a clone."""
        todo = self._undo_todo
        reason = self.undo_reason
        rest = todo
        stack: list[tuple[int, int]] = []
        block = self._undo_block
        for i in range(len(todo) - 1, -1, -1):
            action, actor, drew, events, start, stop = todo[i]
            why = reason(action, drew, events[start:stop])
            if why is not None:
                block = (actor, why)
                rest = todo[i + 1 :]
                break
        else:
            stack = list(self._undo_stack)
        for action, actor, _drew, _events, _start, _stop in rest:
            if stack and stack[-1][1] != actor:
                block = (stack[-1][1], None)
                stack = []
            stack.append((action, actor))
        self._undo_stack = stack
        self._undo_block = block
        self._undo_todo = []

    def undo_refusal(self, seat: int, depth: int = 1) -> str | None:
        """Why ``seat`` may not take back its last ``depth`` actions now (a clause for "You cannot take back a
        move now: ..."), or None if it may. (A table takes back a move together with the forced steps it played
        after it, see :mod:`firebreak.core.forced`.)

        The rule the best online tables follow: within your own turn, only your own actions, and never across
        another player's move, a draw on chance or a reveal. The words name another seat's move only as a move,
        never what it saw."""
        if self.is_terminal():
            return "the game is over"
        now = self.current_player()
        if now != seat:
            return f"it is {self.player_name(now)}'s turn, not yours"
        if self.undo_stack:
            top = self.undo_stack[-1][1]
            if top != seat:
                return self._nothing_since(top)
            if len(self.undo_stack) >= depth:
                return None
        if self.undo_block is None:
            return "you have not moved yet this turn"
        who, why = self.undo_block
        if who != seat:
            return self._nothing_since(who)
        if why is None:
            return "you have not moved yet this turn"
        return f"you {why} since"

    def _nothing_since(self, other: int) -> str:
        """The refusal when another seat made the last move: true at the start of one's own turn (nothing done
        yet) as well as after others answered within it (a trade), since nothing before their move can be undone."""
        return f"you have not moved since {self.player_name(other)} did, so there is nothing to take back"

    def undone(self, seat: int) -> "GameState":
        """A new state without ``seat``'s last action (the state is unchanged); :class:`IllegalActionError` with
        :meth:`undo_refusal`'s words if that is not allowed.

        The game is replayed without the action: it drew nothing, so everything (the generator too) is exactly
        as it was before it. :attr:`played` keeps the action and its take-back, so records stay honest."""
        why = self.undo_refusal(seat)
        if why is not None:
            raise IllegalActionError(f"You cannot take back a move now: {why}.")
        new = type(self).new(self.num_players, self.options, self.seed)
        for a in self.history[:-1]:
            new.apply_unchecked(a)
        new._undo_stack = self.undo_stack[:-1]
        new._undo_block = self.undo_block
        new._undo_todo = []
        new.played = (list(self.history) if self.played is None else list(self.played)) + [UNDO]
        return new

    # --- logs ---------------------------------------------------------------------------------------------
    def events_for(self, player: int | None) -> list[Event]:
        """The log as ``player`` may see it (``None``: the public log)."""
        return filter_events(self.events, player)

    def action_text_for(self, action: int, actor: int, viewer: int | None) -> str:
        """An action's text as ``viewer`` may see it. Games whose actions carry hidden choices override this."""
        return self.action_to_text(action)

    def log_quiet(self, action: int) -> bool:
        """Whether a log passes over ``action`` in silence: one step of a form a player fills in one move at a
        time (a trade offer's cards, the :class:`ActionChoice` steppers), whose outcome the log tells once the form
        is sent ("offers 1 ore for 1 wool"). The action stays in the history and the record; only the log a
        player reads leaves it out. The default: no action is quiet."""
        return False

    # --- words and places for front ends ------------------------------------------------------------------
    def action_choices(self) -> list[ActionChoice]:
        """The legal actions of the seat to act as a player chooses among them (see :class:`ActionChoice`).

        The default lists each legal action on its own at the top level, by its text; games group them, fold
        actions with one outcome together and say where each sits on their board.
        """
        return [ActionChoice(a, self.action_to_text(a)) for a in self.legal_actions()]

    def phrase_to_actions(self, text: str) -> list[int] | None:
        """A typed phrase standing for several of the game's own actions in a row, or ``None`` (not a phrase).

        For moves a player composes step by step (a trade offer built card by card), a front end lets them type
        the whole move in one line ("offer 2 brick and 1 wool for 1 ore") and plays the actions returned, one
        after the other, checking each is legal when its turn comes. A phrase the game recognises but cannot
        play now raises :class:`~firebreak.core.errors.IllegalActionError` with the reason; a phrase it does not
        recognise returns ``None``, so the front end tries its other readings. The default knows no phrases.
        """
        return None

    def seat_summaries(self, viewer: int | None) -> list[SeatSummary]:
        """Each seat as a player strip shows it to ``viewer``: colour, score as far as ``viewer`` may know it, and
        what the seat holds as counts (see :class:`~firebreak.core.summary.SeatSummary`). Only what ``viewer``
        may see: a rival's hidden hand is a count, a hidden score its public part or nothing. The default knows
        nothing beyond the seat's name."""
        return [SeatSummary() for _ in range(self.num_players)]

    def question(self, viewer: int | None) -> str:
        """What is being asked now, in the game's words, as a sentence addressed to ``viewer`` when the decision
        is theirs ("Place renown (1 left) on the block or a neighbour."), else naming who decides. Heads a front
        end's action panel. The default names the seat to act."""
        if self.is_terminal():
            return "Game over."
        seat = self.current_player()
        return "Your move." if seat == viewer else f"{self.player_name(seat)} to play."

    def player_name(self, seat: int) -> str:
        """How every screen names a seat (text, log, board, results): public facts only, seats counted from 0.

        Games name players by what everyone sees, e.g. ``"Purple (P0)"``; the default is ``"P0"``.
        """
        return seat_label(seat)

    def describe_event(self, event: Event) -> str:
        """An event as an English sentence for players, naming players with :meth:`player_name`.

        Games override this; the default is a plain sentence built from the event's kind and data.
        """
        return generic_sentence(event.kind, event.data, self.player_name)

    def score_notes(self) -> list[str]:
        """Sentences shown under the score sheet at the end: what a line of the sheet does not say by itself (why
        two related figures differ, who holds a bonus and why), each naming the rule it comes from. Public facts
        only. The default: none."""
        return []

    def score_sheet(self) -> list[list[tuple[str, float]]]:
        """Each seat's score as the rulebook adds it up: ``[(source, points), ...]`` per seat, in the rulebook's
        order, summing to :meth:`scores` (e.g. Great Fire: houses, fires put out, Hero of London, objectives).

        Shown at game over; during play a game may return only what is public. The default is one line.
        """
        return [[("Score", s)] for s in self.scores()]

    def public_standing(self) -> list[float]:
        """Each seat's score as a spectator could count it now: what the lab's figures (who leads, lead changes,
        comebacks) follow turn by turn, so it must never read a hidden card or objective.

        The default is :meth:`scores` (the score sheet's totals); a game whose score counts hidden points during
        play (a victory point card in hand, a secret objective) overrides this with the public part. At the game's
        end every score is revealed and the lab reads :meth:`scores` instead.
        """
        return self.scores()

    # --- equality -----------------------------------------------------------------------------------------
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState) or type(other) is not type(self):
            return NotImplemented
        return (
            self.num_players == other.num_players
            and self.options == other.options
            and self.seed == other.seed
            and self.history == other.history
            and self.rng == other.rng
            and self.state_dict() == other.state_dict()
        )

    __hash__ = None  # type: ignore[assignment]


_SEEN_LOGS: dict[tuple[int, int, int], tuple[list[Event], list[Event]]] = {}
"""Recent determinisations' logs, ``(id(log), len(log), seat) -> (log, what the seat saw of it)``: a search samples
one position hundreds of times, and filtering its whole log for each sample cost more than the rest of sealing it.
A log only ever grows, so a log and its length name its contents; each entry holds its log, so the id stays its."""

_SEEN_LOGS_MAX = 16


def _seen_log(events: list[Event], player: int) -> list[Event]:
    """``filter_events(events, player)``, the same list for every sample of one position (never to be changed:
    a sample copies its log before writing to it)."""
    key = (id(events), len(events), player)
    hit = _SEEN_LOGS.get(key)
    if hit is not None and hit[0] is events:
        return hit[1]
    seen = filter_events(events, player)
    if len(_SEEN_LOGS) >= _SEEN_LOGS_MAX:
        _SEEN_LOGS.clear()
    _SEEN_LOGS[key] = (events, seen)
    return seen


def _normalise(text: str) -> str:
    return " ".join(text.strip().lower().split())


_TEXT_TABLES: dict[tuple[type, Any], dict[str, int]] = {}


def _text_table(state: GameState) -> dict[str, int]:
    key = (type(state), state.action_space_key())
    table = _TEXT_TABLES.get(key)
    if table is None:
        table = {}
        for a in range(state.action_space_size()):
            table.setdefault(_normalise(state.action_to_text(a)), a)
        _TEXT_TABLES[key] = table
    return table
