"""Game records: save files, logs and replays.

A game is fully determined by its game name, player count, options, seed and action list, because every chance
outcome comes from the state's seeded generator. A record stores those, plus the events that happened, so that
:func:`replay` can re-run the game and check every recorded event. Saving and loading a game is writing and
replaying its record, so a loaded game is equal to the saved one and a corrupt file is caught, not trusted.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import __version__
from .errors import FirebreakError, SaveFileError
from .events import Event
from .game import UNDO, GameState
from .registry import get_game
from .text import join_words, seat_label

FORMAT = "firebreak-record"
VERSION = 1
MAX_RECORD_BYTES = 64 * 1024 * 1024
"""The largest record file read (a long game's record is well under 1 MiB): a file past it is refused before it
is parsed, so ``/dev/zero``, an endless pipe or a huge file cannot exhaust memory."""


def _size_text(n: int) -> str:
    return f"{n // (1024 * 1024)} MiB" if n >= 1024 * 1024 and n % (1024 * 1024) == 0 else f"{n} bytes"


def read_capped(path: str | Path, limit: int = MAX_RECORD_BYTES) -> bytes:
    """Read at most ``limit`` bytes of a file; :class:`SaveFileError` if it cannot be read or holds more.

    Reads ``limit + 1`` bytes at most whatever the file is (a device, a FIFO, a file still growing), so the cap
    holds where the file's size is unknown or wrong."""
    try:
        with open(path, "rb") as f:
            data = f.read(limit + 1)
    except IsADirectoryError:
        raise SaveFileError(f"{path} is a directory, not a file") from None
    except OSError as exc:
        raise SaveFileError(f"cannot read {path}: {exc.strerror or exc}") from None
    except ValueError:  # a path with a NUL byte in it
        raise SaveFileError(f"{path!r} is not a file name") from None
    if len(data) > limit:
        raise SaveFileError(
            f"{path} is larger than {_size_text(limit)}, the most firebreak reads; it is not a record"
        ) from None
    return data


def parse_json_bytes(data: bytes, path: str | Path) -> Any:
    """Decode and parse JSON from an untrusted file: bad text, bad JSON and too-deep nesting are one
    :class:`SaveFileError` each (the parser recurses once per level, so a deep file would otherwise crash it)."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveFileError(f"{path} is not a text file") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise SaveFileError(f"{path} is not valid JSON: {exc}") from None
    except RecursionError:
        raise SaveFileError(f"{path} is nested too deeply to be a record") from None


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: Any) -> bool:
    return (_is_int(value) or isinstance(value, float)) and math.isfinite(value)


def _check_result(result: Any) -> dict[str, Any] | None:
    """The recorded result must be ``{"scores": [numbers], "winners": [seats]}`` (or absent)."""
    if result is None:
        return None
    if (
        not isinstance(result, dict)
        or set(result) != {"scores", "winners"}
        or not isinstance(result["scores"], list)
        or not all(_is_number(s) for s in result["scores"])
        or not isinstance(result["winners"], list)
        or not all(_is_int(w) for w in result["winners"])
    ):
        raise SaveFileError(
            "record field 'result' must be an object with a list of 'scores' and a list of 'winners' (seat numbers)"
        )
    return result


@dataclass
class GameRecord:
    game: str
    num_players: int
    options: dict[str, Any]
    seed: int
    actions: list[int]
    action_texts: list[str] = field(default_factory=list)
    events: list[Event] | None = None
    result: dict[str, Any] | None = None
    moves: list[int] | None = None
    """Every action in the order played, with :data:`~firebreak.core.game.UNDO` where the last one was taken
    back; only for a game where something was taken back (``actions`` are the moves that stand)."""
    firebreak_version: str | None = None
    """The firebreak release that wrote the record (``firebreak.__version__``), so a file that no longer replays
    can be traced to the code that made it; ``None`` for a record written before the field existed."""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            **({} if self.firebreak_version is None else {"firebreak_version": self.firebreak_version}),
            "game": self.game,
            "num_players": self.num_players,
            "options": self.options,
            "seed": self.seed,
            "actions": [{"id": a, "text": t} for a, t in zip(self.actions, self.action_texts, strict=True)],
        }
        if self.moves is not None:
            out["moves"] = _moves_json(
                self.moves, self.actions, self.action_texts, self.game, self.num_players, self.options
            )
        if self.events is not None:
            out["events"] = [e.to_json() for e in self.events]
        if self.result is not None:
            out["result"] = self.result
        return out

    @staticmethod
    def from_json(obj: Any) -> "GameRecord":
        """Validate the shape of a record; raises :class:`SaveFileError` with what is wrong."""
        if not isinstance(obj, dict):
            raise SaveFileError("a record must be a JSON object")
        if obj.get("format") != FORMAT:
            raise SaveFileError(f"not a firebreak record (format is {_short(obj.get('format'), 60)})")
        if obj.get("version") != VERSION:
            raise SaveFileError(
                f"unsupported record version {_short(obj.get('version'), 60)} (this firebreak reads {VERSION})"
            )
        for key, typ in (("game", str), ("num_players", int), ("options", dict), ("seed", int), ("actions", list)):
            if not isinstance(obj.get(key), typ) or isinstance(obj.get(key), bool) and typ is int:
                raise SaveFileError(f"record field {key!r} is missing or not a {typ.__name__}")
        written_by = obj.get("firebreak_version")  # absent from records written before it was recorded
        if written_by is not None and (not isinstance(written_by, str) or len(written_by) > 100):
            raise SaveFileError(f"record field 'firebreak_version' must be a short text, not {_short(written_by, 60)}")
        ids: list[int] = []
        texts: list[str] = []
        for i, a in enumerate(obj["actions"]):
            if not isinstance(a, dict) or not _is_int(a.get("id")) or not isinstance(a.get("text", ""), str):
                raise SaveFileError(f"action {i} must be an object with an integer 'id' and a 'text'")
            ids.append(a["id"])
            texts.append(a.get("text", ""))
        events = None
        if "events" in obj:
            if not isinstance(obj["events"], list):
                raise SaveFileError("record field 'events' must be a list")
            try:
                events = [Event.from_json(e) for e in obj["events"]]
            except ValueError as exc:
                raise SaveFileError(f"bad event in record: {exc}") from None
        result = _check_result(obj.get("result"))
        moves = None
        if "moves" in obj:
            if not isinstance(obj["moves"], list):
                raise SaveFileError("record field 'moves' must be a list")
            moves = []
            stack: list[int] = []
            for i, m in enumerate(obj["moves"]):
                if not isinstance(m, dict) or not _is_int(m.get("id")) or not isinstance(m.get("text", ""), str):
                    raise SaveFileError(f"move {i} must be an object with an integer 'id' and a 'text'")
                if "undo" in m and m["undo"] is not True:
                    raise SaveFileError(f"move {i}: 'undo' must be true when present")
                if m.get("undo"):
                    if not stack or stack.pop() != m["id"]:
                        raise SaveFileError(f"move {i} takes back id {m['id']}, which is not the last move standing")
                    moves.append(UNDO)
                else:
                    stack.append(m["id"])
                    moves.append(m["id"])
        return GameRecord(
            obj["game"],
            obj["num_players"],
            obj["options"],
            obj["seed"],
            ids,
            texts,
            events,
            result,
            moves,
            firebreak_version=written_by,
        )

    def save(self, path: str | Path) -> None:
        """Write atomically: a crash mid-write never leaves a half file under the real name."""
        path = Path(path)
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_text(json.dumps(self.to_json(), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        tmp.replace(path)

    @staticmethod
    def load(path: str | Path, limit: int = MAX_RECORD_BYTES) -> "GameRecord":
        """Read and validate a record file of at most ``limit`` bytes (see :data:`MAX_RECORD_BYTES`)."""
        return GameRecord.from_json(parse_json_bytes(read_capped(path, limit), path))


def result_of(state: GameState) -> dict[str, Any] | None:
    if not state.is_terminal():
        return None
    return {"scores": state.scores(), "winners": state.winners()}


def record_of(state: GameState, with_events: bool = True) -> GameRecord:
    """The full record of a game (hidden information included: the seed determines every card)."""
    return GameRecord(
        game=state.spec.name,
        num_players=state.num_players,
        options=dict(state.options),
        seed=state.seed,
        actions=list(state.history),
        action_texts=[state.action_to_text(a) for a in state.history],
        events=list(state.events) if with_events else None,
        result=result_of(state),
        moves=None if state.played is None else list(state.played),
        firebreak_version=__version__,
    )


def replay(record: GameRecord, check_events: bool = True) -> GameState:
    """Re-run a record and return the final state, checking each action, (optionally) each event, and the result.

    The result is always recomputed from the moves: a recorded result (winners and scores) that differs is
    refused whether or not the record carries events, so a record cannot claim an outcome its moves do not give.
    Raises :class:`SaveFileError` naming the first action or event that does not match. A record is untrusted
    input, so any failure of the game's code on it (an id outside the action space, a seed past what the
    generator takes) is reported the same way rather than as a crash.
    """
    try:
        spec = get_game(record.game)
    except FirebreakError as exc:
        raise SaveFileError(f"record cannot start a game: {exc}") from None
    except (ImportError, ValueError):  # a name that is not a module path, e.g. "x.y" or "../../etc/passwd"
        raise SaveFileError(f"record cannot start a game: unknown game {_short(record.game, 80)}") from None
    try:
        state = spec.new_game(record.num_players, record.seed, record.options)
    except FirebreakError as exc:
        raise SaveFileError(f"record cannot start a game: {exc}") from None
    except (ValueError, TypeError, OverflowError, KeyError, IndexError, RecursionError) as exc:
        raise SaveFileError(f"record cannot start a game: {type(exc).__name__}: {exc}") from None
    if record.moves is not None:
        state = _replay_moves(state, record)
    for i, a in enumerate([] if record.moves is not None else record.actions):
        try:
            if state.is_terminal() or not state.is_legal(a):
                raise SaveFileError(
                    f"action {i} ({_action_text(state, a)}) fails: it is not legal at that point of the game"
                )
            text = state.action_to_text(a)
            if record.action_texts and record.action_texts[i] and text != record.action_texts[i]:
                raise SaveFileError(
                    f"action {i}: id {a} reads {text!r} but the record says {_short(record.action_texts[i])}"
                )
            state.apply(a)
        except SaveFileError:
            raise
        except FirebreakError as exc:
            raise SaveFileError(f"action {i} ({_action_text(state, a)}) fails: {exc}") from None
        except (ValueError, TypeError, OverflowError, KeyError, IndexError) as exc:
            raise SaveFileError(f"action {i} (id {a}) fails: {type(exc).__name__}: {exc}") from None
    if check_events and record.events is not None:
        got = state.events
        for i, (mine, theirs) in enumerate(zip(got, record.events)):
            if mine != theirs:
                raise SaveFileError(
                    f"event {i} differs: replay gives {_short(mine.to_json())}, record says {_short(theirs.to_json())}"
                )
        if len(got) != len(record.events):
            raise SaveFileError(f"replay gives {len(got)} events, the record has {len(record.events)}")
    check_result(state, record.result)
    return state


def _replay_moves(state: GameState, record: GameRecord) -> GameState:
    """Play a record's moves in order, taking back where it says so (each take-back checked against the rules:
    a move that drew or revealed something cannot have been taken back); the moves that stand must be the
    record's ``actions``."""
    for n, a in enumerate(record.moves or []):
        if a == UNDO:
            if not state.history:
                raise SaveFileError(f"move {n}: a take-back before any move")
            seat = state.undo_stack[-1][1] if state.undo_stack else state.current_player()
            try:
                state = state.undone(seat)
            except FirebreakError as exc:
                raise SaveFileError(
                    f"move {n}: a take-back the rules do not allow ({exc}); a move that drew or "
                    "revealed something cannot be taken back"
                ) from None
            continue
        try:
            if state.is_terminal() or not state.is_legal(a):
                raise SaveFileError(f"move {n} ({_action_text(state, a)}) fails: it is not legal at that point")
            state.apply(a)
        except SaveFileError:
            raise
        except FirebreakError as exc:
            raise SaveFileError(f"move {n} ({_action_text(state, a)}) fails: {exc}") from None
        except (ValueError, TypeError, OverflowError, KeyError, IndexError) as exc:
            raise SaveFileError(f"move {n} (id {a}) fails: {type(exc).__name__}: {exc}") from None
    if state.history != record.actions:
        raise SaveFileError("the record's moves, with their take-backs, do not give its actions")
    return state


def _moves_json(
    moves: list[int], actions: list[int], texts: list[str], game: str, num_players: int, options: dict[str, Any]
) -> list[dict[str, Any]]:
    """The chronological moves as JSON: ``{"id", "text"}`` per action, ``{"undo": true, "id", "text"}`` per
    take-back (naming the action it took back)."""
    text_of = dict(zip(actions, texts))
    state = None
    out: list[dict[str, Any]] = []
    stack: list[int] = []

    def text(a: int) -> str:
        nonlocal state
        if a not in text_of:
            if state is None:
                state = get_game(game).new_game(num_players, 0, options)
            text_of[a] = state.action_to_text(a)
        return text_of[a]

    for a in moves:
        if a == UNDO:
            gone = stack.pop()
            out.append({"undo": True, "id": gone, "text": text(gone)})
        else:
            stack.append(a)
            out.append({"id": a, "text": text(a)})
    return out


def _action_text(state: GameState, action: int) -> str:
    """An action's text if the game can name it (an id outside the action space has none)."""
    try:
        return repr(state.action_to_text(action))
    except (FirebreakError, ValueError, TypeError, OverflowError, KeyError, IndexError):
        return f"id {action}"


def _short(value: Any, limit: int = 300) -> str:
    """A value for an error message, cut short: a forged record may hold megabytes in one field."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "..."


def _seats(seats: list[int]) -> str:
    return join_words(seat_label(s) for s in sorted(seats)) if seats else "no seat"


def check_result(state: GameState, recorded: dict[str, Any] | None) -> None:
    """Refuse a recorded result that the replayed game does not reach (winners and scores compared as sets of
    facts: the same seats win, every seat has the same score)."""
    if recorded is None:
        return
    actual = result_of(state)
    if actual is None:
        raise SaveFileError(
            f"the record claims a finished game ({_result_text(recorded)}) but its moves leave the game unfinished"
        )
    if sorted(recorded["winners"]) != sorted(actual["winners"]):
        raise SaveFileError(
            f"the record says {_seats(recorded['winners'])} won, but replaying its moves "
            f"{_seats(actual['winners'])} won"
        )
    if [float(s) for s in recorded["scores"]] != [float(s) for s in actual["scores"]]:
        raise SaveFileError(
            f"the record's scores are {_short(recorded['scores'])}, but replaying its moves the "
            f"scores are {list(actual['scores'])}"
        )


def _result_text(result: dict[str, Any]) -> str:
    return f"won by {_seats(result['winners'])}"


def save_game(state: GameState, path: str | Path) -> None:
    record_of(state).save(path)


def load_game(path: str | Path) -> GameState:
    return replay(GameRecord.load(path))
