"""Records, save/load and replay (core/record.py): a loaded game equals the saved one; anything else is caught."""

import json

import pytest

from firebreak.core import GameRecord, SaveFileError, load_game, record_of, replay, save_game
from toygame.helpers import play_random


@pytest.fixture
def finished(toy):
    return play_random(toy.new_game(3, 21, {"hand_size": 2}), seed=8)


@pytest.fixture
def saved(finished, tmp_path):
    path = tmp_path / "game.json"
    save_game(finished, path)
    return path


def _edit(path, change):
    obj = json.loads(path.read_text(encoding="utf-8"))
    change(obj)
    path.write_text(json.dumps(obj), encoding="utf-8")


def test_save_then_load_gives_an_equal_state(finished, saved):
    loaded = load_game(saved)
    assert loaded == finished
    assert loaded.events == finished.events
    assert loaded.rng == finished.rng


def test_unfinished_game_saves_and_resumes_identically(toy, tmp_path):
    state = play_random(toy.new_game(2, 5), seed=1, max_actions=5)
    path = tmp_path / "mid.json"
    save_game(state, path)
    loaded = load_game(path)
    assert loaded == state and not loaded.is_terminal()
    play_random(state, seed=2)
    play_random(loaded, seed=2)
    assert loaded == state and loaded.events == state.events


def test_record_json_round_trip(finished):
    record = record_of(finished)
    again = GameRecord.from_json(json.loads(json.dumps(record.to_json())))
    assert again == record
    assert record.result == {"scores": finished.scores(), "winners": finished.winners()}


def test_record_without_events_still_replays(finished):
    record = record_of(finished, with_events=False)
    assert replay(record) == finished


def test_tampered_event_is_detected(saved):
    def change(obj):
        play = next(e for e in obj["events"] if e["kind"] == "play")
        play["data"]["points"] += 1

    _edit(saved, change)
    with pytest.raises(SaveFileError, match=r"event \d+ differs"):
        load_game(saved)


def test_tampered_private_event_is_detected(saved):
    def change(obj):
        draw = next(e for e in obj["events"] if e["kind"] == "draw")
        draw["visible_to"] = [0, 1, 2]

    _edit(saved, change)
    with pytest.raises(SaveFileError, match="differs"):
        load_game(saved)


def test_missing_events_are_detected(saved):
    _edit(saved, lambda obj: obj["events"].pop())
    with pytest.raises(SaveFileError, match="events, the record has"):
        load_game(saved)


def test_tampered_action_text_is_detected(saved):
    def change(obj):
        obj["actions"][0]["text"] = "play red 6" if obj["actions"][0]["text"] != "play red 6" else "pass"

    _edit(saved, change)
    with pytest.raises(SaveFileError, match="action 0: id .* reads .* but the record says"):
        load_game(saved)


def test_illegal_recorded_action_is_detected(saved, finished):
    def change(obj):
        obj["actions"].append({"id": 12, "text": "pass"})

    _edit(saved, change)
    with pytest.raises(SaveFileError, match=f"action {len(finished.history)} .*fails"):
        load_game(saved)


def test_wrong_result_is_detected(saved):
    def change(obj):
        obj["result"]["winners"] = [w for w in range(3) if w not in obj["result"]["winners"]][:1]

    _edit(saved, change)
    with pytest.raises(SaveFileError, match="the record says P[0-9] won, but replaying its moves P0 and P1 won"):
        load_game(saved)


def test_unknown_game_or_bad_options_in_record(saved):
    _edit(saved, lambda obj: obj.update(game="no-such-game"))
    with pytest.raises(SaveFileError, match="cannot start a game: unknown game"):
        load_game(saved)


def test_record_with_bad_option_value(saved):
    _edit(saved, lambda obj: obj["options"].update(hand_size=7))
    with pytest.raises(SaveFileError, match="cannot start a game: .*hand_size"):
        load_game(saved)


@pytest.mark.parametrize(
    "content, message",
    [
        ("this is not json", "is not valid JSON"),
        ("[1, 2]", "must be a JSON object"),
        ('{"format": "chess-pgn", "version": 1}', "not a firebreak record"),
    ],
)
def test_corrupt_files(tmp_path, content, message):
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(SaveFileError, match=message):
        load_game(path)


def test_wrong_version(saved):
    _edit(saved, lambda obj: obj.update(version=99))
    with pytest.raises(SaveFileError, match="unsupported record version 99"):
        load_game(saved)


@pytest.mark.parametrize("field", ["game", "num_players", "options", "seed", "actions"])
def test_missing_fields(saved, field):
    _edit(saved, lambda obj: obj.pop(field))
    with pytest.raises(SaveFileError, match=f"record field '{field}' is missing"):
        load_game(saved)


@pytest.mark.parametrize(
    "field, value",
    [("game", 3), ("num_players", "3"), ("num_players", True), ("options", []), ("seed", 1.5), ("actions", {})],
)
def test_wrong_field_types(saved, field, value):
    _edit(saved, lambda obj: obj.update({field: value}))
    with pytest.raises(SaveFileError, match=f"record field '{field}'"):
        load_game(saved)


def test_malformed_action_entry(saved):
    _edit(saved, lambda obj: obj["actions"].__setitem__(0, "pass"))
    with pytest.raises(SaveFileError, match="action 0 must be an object"):
        load_game(saved)


def test_malformed_event_entry(saved):
    _edit(saved, lambda obj: obj["events"].__setitem__(0, {"data": {}}))
    with pytest.raises(SaveFileError, match="bad event in record"):
        load_game(saved)


def test_non_utf8_file(tmp_path):
    path = tmp_path / "binary.json"
    path.write_bytes(b"\xff\xfe\x00garbage\x81")
    with pytest.raises(SaveFileError, match="not a text file"):
        load_game(path)


def test_missing_file(tmp_path):
    with pytest.raises(SaveFileError, match="cannot read .*nothing.json"):
        load_game(tmp_path / "nothing.json")


def test_save_is_atomic_and_leaves_no_temporary(finished, tmp_path):
    path = tmp_path / "g.json"
    save_game(finished, path)
    save_game(finished, path)  # overwriting works
    assert [p.name for p in tmp_path.iterdir()] == ["g.json"]


# --- untrusted files: size caps, deep nesting, bad game names, wrong types, forged results ---------------------
def test_deeply_nested_record_is_one_error(tmp_path):
    path = tmp_path / "deep.json"
    path.write_text("[" * 200_000 + "]" * 200_000, encoding="utf-8")
    with pytest.raises(SaveFileError, match="nested too deeply"):
        load_game(path)


def test_file_over_the_size_cap_is_refused_before_parsing(saved):
    with pytest.raises(SaveFileError, match="larger than 100 bytes"):
        GameRecord.load(saved, limit=100)
    assert GameRecord.load(saved, limit=saved.stat().st_size).actions  # exactly at the cap is fine


def test_endless_device_is_capped():
    with pytest.raises(SaveFileError, match="/dev/zero is larger than 1 MiB"):
        GameRecord.load("/dev/zero", limit=1024 * 1024)


def test_endless_fifo_is_capped(tmp_path):
    import os
    import threading

    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)

    def feed():
        try:
            with open(fifo, "wb") as f:
                while True:
                    f.write(b" " * 65536)
        except BrokenPipeError:
            pass  # the reader stopped at the cap

    writer = threading.Thread(target=feed, daemon=True)
    writer.start()
    with pytest.raises(SaveFileError, match="larger than 1 MiB"):
        GameRecord.load(fifo, limit=1024 * 1024)
    writer.join(timeout=5)
    assert not writer.is_alive()


def test_the_default_cap_is_64_mib():
    from firebreak.core.record import MAX_RECORD_BYTES

    assert MAX_RECORD_BYTES == 64 * 1024 * 1024


@pytest.mark.parametrize("name", ["x.y", ".catan", "../../etc/passwd", "catan.state", "", "\x00"])
def test_record_naming_no_installed_game(saved, name):
    _edit(saved, lambda obj: obj.update(game=name))
    with pytest.raises(SaveFileError, match="cannot start a game: unknown game"):
        load_game(saved)


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda obj: obj.update(result="P0 won"), "record field 'result' must be an object"),
        (lambda obj: obj["result"].update(winners="0"), "record field 'result'"),
        (lambda obj: obj["result"].update(scores=[None, 1, 2]), "record field 'result'"),
        (lambda obj: obj["result"].update(winners=[True]), "record field 'result'"),
        (lambda obj: obj["result"].update(extra=1), "record field 'result'"),
        (lambda obj: obj["actions"][0].update(id=True), "action 0 must be an object with an integer 'id'"),
        (lambda obj: obj["actions"][0].update(id=2**80), "action 0 .*fails: it is not legal"),
        (lambda obj: obj["actions"][0].update(id=-1), "action 0 .*fails: it is not legal"),
        (lambda obj: obj["actions"][0].update(text=["pass"]), "action 0 must be an object"),
        (lambda obj: obj.update(events={"kind": "x"}), "record field 'events' must be a list"),
        (lambda obj: obj["events"][0].update(visible_to="all"), "bad event in record"),
        (lambda obj: obj.update(seed=-4), "cannot start a game: the seed must be a non-negative"),
        (lambda obj: obj.update(num_players=10**12), "cannot start a game"),
        (lambda obj: obj["options"].update(hand_size=[[[2]]]), "cannot start a game: .*hand_size"),
    ],
)
def test_wrong_types_anywhere_are_one_error(saved, change, message):
    _edit(saved, change)
    with pytest.raises(SaveFileError, match=message):
        load_game(saved)


def _forge(obj, winners=None, scores=None):
    obj.pop("events")
    if winners is not None:
        obj["result"]["winners"] = winners
    if scores is not None:
        obj["result"]["scores"] = scores


def test_forged_winner_without_events_is_refused(saved, finished):
    losers = [s for s in range(3) if s not in finished.winners()]
    _edit(saved, lambda obj: _forge(obj, winners=losers[:1]))
    with pytest.raises(SaveFileError, match=f"the record says P{losers[0]} won, but replaying its moves"):
        load_game(saved)


def test_forged_scores_without_events_are_refused(saved, finished):
    scores = list(finished.scores())
    scores[0] += 5
    _edit(saved, lambda obj: _forge(obj, scores=scores))
    with pytest.raises(SaveFileError, match="the record's scores are .* but replaying its moves the scores are"):
        load_game(saved)


def test_result_on_an_unfinished_game_is_refused(saved, finished):
    _edit(saved, lambda obj: (_forge(obj), obj["actions"].pop()))
    with pytest.raises(SaveFileError, match="claims a finished game .* its moves leave the game unfinished"):
        load_game(saved)


def test_true_result_in_another_order_or_as_whole_numbers_is_accepted(saved, finished):
    def change(obj):
        _forge(obj, winners=sorted(finished.winners(), reverse=True), scores=[int(s) for s in finished.scores()])

    _edit(saved, change)
    assert load_game(saved) == finished


def test_a_saved_record_names_the_firebreak_version_that_wrote_it(finished, saved):
    import firebreak

    obj = json.loads(saved.read_text(encoding="utf-8"))
    assert obj["firebreak_version"] == firebreak.__version__
    assert GameRecord.load(saved).firebreak_version == firebreak.__version__
    # and a record re-saved from its JSON (the lab's logs) keeps it
    assert GameRecord.from_json(obj).to_json()["firebreak_version"] == firebreak.__version__


def test_a_record_written_before_the_version_was_recorded_still_loads(finished, saved):
    _edit(saved, lambda obj: obj.pop("firebreak_version"))
    assert "firebreak_version" not in json.loads(saved.read_text(encoding="utf-8"))
    assert load_game(saved) == finished
    record = GameRecord.load(saved)
    assert record.firebreak_version is None
    assert "firebreak_version" not in record.to_json()  # not invented on the way out


@pytest.mark.parametrize("bad", [3, ["0.1.0"], "x" * 101])
def test_a_version_that_is_not_a_short_text_is_refused(saved, bad):
    _edit(saved, lambda obj: obj.update(firebreak_version=bad))
    with pytest.raises(SaveFileError, match="firebreak_version"):
        load_game(saved)
