"""Every game's observation encoder: registered, fixed length per player count over whole random games (for every
main option set), documented field by field in docs/observations.md, and refusing a vector of the wrong length."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from firebreak.core import FirebreakError, Rng, all_games
from firebreak.core.encoding import Field, ObservationEncoder, Writer, layout_docs, observation_encoder

DOCS = Path(__file__).resolve().parents[2] / "docs" / "observations.md"
OPTIONS = {
    "brigade": [{}, {"advanced": True, "big_buildings": True, "fire_festival": True, "addon_pack": True}],
    "catan": [
        {"turn_limit": 15},
        {"mode": "classic", "layout": "random", "turn_limit": 15},
        {"board": "seafarers", "turn_limit": 15},
        {"board": "seafarers", "mode": "classic", "turn_limit": 15},
    ],
    "great-fire": [{}, {"hidden_colours": True, "more_destruction": True}],
}


@pytest.mark.parametrize("spec", all_games(), ids=lambda s: s.name)
def test_fixed_length_at_every_step(spec) -> None:
    for options in OPTIONS[spec.name]:
        for n in range(spec.min_players, spec.max_players + 1):
            encoder = observation_encoder(spec, n, options)
            assert encoder.size == sum(f.size for f in encoder.fields())
            state = spec.new_game(n, n, options)
            rng = Rng(n)
            step = 0
            while True:
                step += 1
                for seat in range(n) if step % 5 == 0 or state.is_terminal() else [state.current_player()]:
                    values = encoder.encode(state.view(seat), seat)
                    assert len(values) == encoder.size
                    assert all(v == v and abs(v) < 100 for v in values)  # no NaN, nothing unscaled
                if state.is_terminal():
                    break
                state.apply(rng.choice(state.legal_actions()))


def test_layout_docs_are_up_to_date() -> None:
    text = layout_docs()
    if os.environ.get("FIREBREAK_UPDATE_PLAYTHROUGHS") == "1" and DOCS.read_text(encoding="utf-8") != text:
        DOCS.write_text(text, encoding="utf-8")
    assert DOCS.read_text(encoding="utf-8") == text, "docs/observations.md is stale: regenerate it from layout_docs()"


def test_wrong_length_is_an_error() -> None:
    class Short(ObservationEncoder):
        def fields(self) -> list[Field]:
            return [Field("a", 2, "two numbers")]

        def write(self, view, viewer, out: Writer) -> None:
            out.num(1)

    with pytest.raises(FirebreakError, match="wrote 1 numbers, its layout has 2"):
        Short(2, {}).encode({}, 0)


def _field(encoder: ObservationEncoder, values: list[float], name: str) -> list[float]:
    offset = 0
    for f in encoder.fields():
        if f.name == name:
            return values[offset : offset + f.size]
        offset += f.size
    raise KeyError(name)


@pytest.mark.parametrize("spec", all_games(), ids=lambda s: s.name)
def test_fields_say_what_the_view_says(spec) -> None:
    """Spot checks through the documented layout: the seat to act sees itself (relative seat 0) as to act and the
    others see it at their distance from it; every seat's own block comes first."""
    n = spec.default_players
    options = OPTIONS[spec.name][0]
    encoder = observation_encoder(spec, n, options)
    state = spec.new_game(n, 3, options)
    rng = Rng(3)
    for _ in range(40):
        state.apply(rng.choice(state.legal_actions()))
    actor = state.current_player()
    for seat in range(n):
        values = encoder.encode(state.view(seat), seat)
        to_act = _field(encoder, values, "to_act")
        assert to_act.index(1.0) == (actor - seat) % n and sum(to_act) == 1
    view = state.view(actor)
    values = encoder.encode(view, actor)
    if spec.name == "catan":
        hand = _field(encoder, values, "my_hand")
        assert [round(h * 10) for h in hand] == list(view["hand"].values())
        assert round(_field(encoder, values, "seat[0].cards")[0] * 10) == sum(view["hand"].values())
    elif spec.name == "great-fire":
        hand = _field(encoder, values, "my_hand")
        assert round(sum(hand) * 5) == view["players"][actor]["hand_size"]
        assert round(_field(encoder, values, "seat[0].hand_size")[0] * 10) == view["players"][actor]["hand_size"]
    else:
        me = view["players"][actor]
        assert round(_field(encoder, values, "seat[0].brigade_water")[0] * 5) == me["brigade_water"]
        at = _field(encoder, values, "seat[0].brigade_at")
        assert [c["pos"] for c in view["board"]][at.index(1.0)] == me["brigade_at"]
