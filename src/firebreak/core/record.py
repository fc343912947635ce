"""Game records: save files, logs and replays.

A game is fully determined by its game name, player count, options, seed and action list, because every chance
outcome comes from the state's seeded generator. A record stores those, plus the events that happened, so that
:func:`replay` can re-run the game and check every recorded event. Saving and loading a game is writing and
replaying its record, so a loaded game is equal to the saved one and a corrupt file is caught, not trusted.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import FirebreakError, SaveFileError
from .events import Event
from .game import GameState
from .registry import get_game

FORMAT = "firebreak-record"
VERSION = 1


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

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "num_players": self.num_players,
            "options": self.options,
            "seed": self.seed,
            "actions": [{"id": a, "text": t} for a, t in zip(self.actions, self.action_texts, strict=True)],
        }
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
            raise SaveFileError(f"not a firebreak record (format is {obj.get('format')!r})")
        if obj.get("version") != VERSION:
            raise SaveFileError(f"unsupported record version {obj.get('version')!r} (this firebreak reads {VERSION})")
        for key, typ in (("game", str), ("num_players", int), ("options", dict), ("seed", int), ("actions", list)):
            if not isinstance(obj.get(key), typ) or isinstance(obj.get(key), bool) and typ is int:
                raise SaveFileError(f"record field {key!r} is missing or not a {typ.__name__}")
        ids: list[int] = []
        texts: list[str] = []
        for i, a in enumerate(obj["actions"]):
            if not isinstance(a, dict) or not isinstance(a.get("id"), int) or not isinstance(a.get("text", ""), str):
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
        return GameRecord(obj["game"], obj["num_players"], obj["options"], obj["seed"], ids, texts, events, obj.get("result"))

    def save(self, path: str | Path) -> None:
        """Write atomically: a crash mid-write never leaves a half file under the real name."""
        path = Path(path)
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_text(json.dumps(self.to_json(), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        tmp.replace(path)

    @staticmethod
    def load(path: str | Path) -> "GameRecord":
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as exc:
            raise SaveFileError(f"cannot read {path}: {exc.strerror}") from None
        except UnicodeDecodeError:
            raise SaveFileError(f"{path} is not a text file") from None
        try:
            obj = json.loads(text)
        except json.JSONDecodeError as exc:
            raise SaveFileError(f"{path} is not valid JSON: {exc}") from None
        return GameRecord.from_json(obj)


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
    )


def replay(record: GameRecord, check_events: bool = True) -> GameState:
    """Re-run a record and return the final state, checking each action and (optionally) each event.

    Raises :class:`SaveFileError` naming the first action or event that does not match.
    """
    try:
        spec = get_game(record.game)
        state = spec.new_game(record.num_players, record.seed, record.options)
    except FirebreakError as exc:
        raise SaveFileError(f"record cannot start a game: {exc}") from None
    for i, a in enumerate(record.actions):
        if record.action_texts and record.action_texts[i] and state.action_to_text(a) != record.action_texts[i]:
            raise SaveFileError(
                f"action {i}: id {a} reads {state.action_to_text(a)!r} but the record says {record.action_texts[i]!r}"
            )
        try:
            state.apply(a)
        except FirebreakError as exc:
            raise SaveFileError(f"action {i} ({record.action_texts[i] if record.action_texts else a}) fails: {exc}") from None
    if check_events and record.events is not None:
        got = state.events
        for i, (mine, theirs) in enumerate(zip(got, record.events)):
            if mine != theirs:
                raise SaveFileError(f"event {i} differs: replay gives {mine.to_json()}, record says {theirs.to_json()}")
        if len(got) != len(record.events):
            raise SaveFileError(f"replay gives {len(got)} events, the record has {len(record.events)}")
    if record.result is not None and result_of(state) != record.result:
        raise SaveFileError(f"replay ends with {result_of(state)}, the record says {record.result}")
    return state


def save_game(state: GameState, path: str | Path) -> None:
    record_of(state).save(path)


def load_game(path: str | Path) -> GameState:
    return replay(GameRecord.load(path))
