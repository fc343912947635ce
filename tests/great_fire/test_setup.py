"""Set-up: houses, tokens, objectives, fire cards and the Fire Stack, trained bands, landowners, start player."""

from __future__ import annotations

from collections import Counter

import pytest

from firebreak.core import OptionError
from firebreak.games.great_fire.data import TOKEN_KINDS
from firebreak.games.great_fire.state import P_BAND, P_FIRE, P_OWNER, STACK

from .helpers import BOARD, SPEC, d

RULES = BOARD.rules


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_houses_drawn_from_a_bag_of_five_per_colour_per_region(n):
    s = SPEC.new_game(n, 17, {})
    for region in RULES.region_fill_order:
        counts = Counter(c for i in range(BOARD.num_districts) if BOARD.region[i] == region for c in s.houses[i])
        assert counts == {c: 5 for c in range(6)}, region
    for i in range(BOARD.num_districts):
        assert len(s.houses[i]) == BOARD.size[i]
    assert s.houses[BOARD.pudding_lane] == [] and s.fire[BOARD.pudding_lane] == 25 and s.stock == 40


def test_houses_differ_between_seeds_and_repeat_for_a_seed():
    assert SPEC.new_game(4, 1, {}).houses == SPEC.new_game(4, 1, {}).houses
    assert SPEC.new_game(4, 1, {}).houses != SPEC.new_game(4, 2, {}).houses


def test_tokens_face_down_on_the_yellow_label_districts():
    s = SPEC.new_game(4, 3, {})
    on = [s.token[i] for i in range(BOARD.num_districts) if BOARD.yellow[i]]
    assert all(t >= 0 for t in on)
    assert Counter(TOKEN_KINDS[t] for t in on) == {"demolition": 10, "double_move": 6, "one_vp": 4}
    assert all(s.token[i] < 0 for i in range(BOARD.num_districts) if not BOARD.yellow[i])


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_objectives_one_from_each_deck(n):
    s = SPEC.new_game(n, 5, {})
    dealt = [o for p in range(n) for o in s.objectives[p]]
    assert len(set(dealt)) == 3 * n
    for p in range(n):
        for i, (_deck, districts) in enumerate(BOARD.objective_decks):
            assert s.objectives[p][i] in districts
    assert [BOARD.objective_vp[o] for o in s.objectives[0]] == [6, 4, 2]


@pytest.mark.parametrize(
    "n,deck,boxed,stacks", [(3, 33, 12, "ABCDEF"), (4, 32, 8, "ABCD"), (5, 30, 5, "ABCDE"), (6, 30, 0, "ABCDEF")]
)
def test_fire_deck_built_with_the_fire_stack_cards(n, deck, boxed, stacks):
    s = SPEC.new_game(n, 7, {})
    assert all(sum(h) == 5 for h in s.hands)
    assert sum(1 for c in s.deck if c < STACK) == deck and len(s.box) == boxed
    letters = "".join("ABCDEF"[c - STACK] for c in s.deck if c >= STACK)
    assert letters == stacks
    assert s.deck[0] == STACK, "card A lies at the bottom"
    # Under each stack card lie the cards dealt onto it (counted from the top).
    counts = BOARD.stack_counts[n]
    pos = len(s.deck)
    for i in reversed(range(len(counts))):
        pos -= counts[i]
        assert all(c < STACK for c in s.deck[pos : pos + counts[i]])
        pos -= 1
        assert s.deck[pos] == STACK + i
    total = Counter()
    for h in s.hands:
        for dr in range(4):
            total[dr] += h[dr]
    for c in s.deck + s.box:
        if c < STACK:
            total[c] += 1
    assert [total[dr] for dr in range(4)] == list(BOARD.fire_card_counts)


def test_R10_hands_of_five_identical_cards_are_redealt():
    seen_redeal = False
    for seed in range(400):
        s = SPEC.new_game(6, seed, {})
        assert all(max(h) < 5 for h in s.hands)
        if any(e.kind == "identical_hand_redealt" for e in s.events):
            seen_redeal = True
            ev = next(e for e in s.events if e.kind == "identical_hand_redealt")
            assert ev.visible_to is None
    assert seen_redeal, "some seed deals five identical cards (the redeal is exercised)"


def test_fixed_trained_bands_for_four_and_five_players():
    s4 = SPEC.new_game(4, 1, {})
    assert s4.bands[d("Hounds Ditch")] == 1 and s4.bands[d("St. Botolphs")] == 1 and sum(s4.bands) == 2
    s5 = SPEC.new_game(5, 1, {})
    assert s5.bands[d("Cripplegate")] == 1 and sum(s5.bands) == 1
    for n in (3, 6):
        assert sum(SPEC.new_game(n, 1, {}).bands) == 0


@pytest.mark.parametrize("n,rounds", [(3, 2), (4, 1), (5, 1), (6, 1)])
def test_trained_bands_then_landowners_placed_in_turn_order_outside_green(n, rounds):
    s = SPEC.new_game(n, 9, {})
    order = [(s.start_player + i) % n for i in range(n)]
    assert s.phase == P_BAND
    seen = []
    while s.phase == P_BAND:
        seen.append(s.current_player())
        texts = [s.action_to_text(a) for a in s.legal_actions()]
        assert all(BOARD.region[d(t.removeprefix("place trained band in "))] != "green" for t in texts)
        assert len(texts) == sum(1 for r in BOARD.region if r != "green")
        s.apply(s.legal_actions()[-1])
    assert seen == order * rounds
    assert sum(s.bands) == 6
    assert s.phase == P_OWNER
    seen = []
    while s.phase == P_OWNER:
        seen.append(s.current_player())
        texts = [s.action_to_text(a) for a in s.legal_actions()]
        assert "place landowner in Pudding Lane" not in texts and "place landowner in Gracechurch" not in texts
        s.apply(s.legal_actions()[0])
    assert seen == order
    assert s.phase == P_FIRE and s.current_player() == s.start_player


def test_start_player_is_random():
    assert len({SPEC.new_game(4, seed, {}).start_player for seed in range(40)}) == 4


def test_hidden_colours_deal_random_pawns_and_secret_colours():
    s = SPEC.new_game(5, 2, {"hidden_colours": True})
    assert len(set(s.colour)) == 5 and len(set(s.pawn)) == 5
    differs = any(
        SPEC.new_game(5, seed, {"hidden_colours": True}).pawn != SPEC.new_game(5, seed, {"hidden_colours": True}).colour
        for seed in range(5)
    )
    assert differs
    open_game = SPEC.new_game(5, 2, {})
    assert open_game.pawn == open_game.colour


@pytest.mark.parametrize("n", [2, 7, 0])
def test_player_counts_outside_three_to_six_are_refused(n):
    with pytest.raises(OptionError, match="3-6 players"):
        SPEC.new_game(n, 1, {})


def test_unknown_option_is_refused():
    with pytest.raises(OptionError, match="no option"):
        SPEC.new_game(4, 1, {"fire_brigade": True})
