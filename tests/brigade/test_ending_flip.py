"""Ruling R31 (docs/rulings/brigade.md): a block destroyed in the phase the game ends in is flipped before the game
ends, so its Loyalty marker neither scores nor counts for Fire Chief, whichever way the game ends."""

from firebreak.games.brigade.data import COMMONS
from firebreak.games.brigade.tables import BB_DISTILLERY, NB4, N_POS

from .helpers import A, P, event_id, give_crew, new, quiet, refresh

X = "C2"  # the block that burns down, loyal to Black (P1)
FROM = "B2"  # where White's (P0) Brigade stands before stepping onto it


def _gness_position(other_fire: str | None = None, destroyed_before: int = 0):
    """White (P0) has Gness Smold (active through a Commons block) and stands next to X, the only fire (plus
    ``other_fire`` if given), burning at the top of its Flame Track; Black (P1) holds X's Loyalty."""
    s = new(3, 0)
    s.intensity = [0] * N_POS
    give_crew(s, 0, "Gness Smold", loyal_block="none")
    x = P(X)
    mine = next(q for q in range(N_POS) if s.st_aff[q] == COMMONS and q != x)
    s.loyal[mine] = 0
    s.loyalty_left[0] -= 1
    s.loyal[x] = 1
    s.loyalty_left[1] -= 1
    s.intensity[x] = s.st_track[x]
    if other_fire:
        s.intensity[P(other_fire)] = 1
    s.n_destroyed = destroyed_before
    s.bpos[0] = P(FROM)
    refresh(s)
    return s, x, mine


def _step_on_and_burn_it_down(s, x):
    s.apply(A.MOVE_BRIGADE + x)
    assert s.current_player() == 0 and A.ACCEPT in s.legal_actions()  # Gness Smold may raise the fire
    s.apply(A.ACCEPT)
    assert s.destroyed[x]


def test_the_last_fire_removed_by_destroying_a_block_flips_it_before_the_game_ends():
    s, x, mine = _gness_position()
    _step_on_and_burn_it_down(s, x)
    assert s.over and s.end_reason == "all fires out"
    # the flip happened: Black's marker went back to the supply and White's Brigade went home
    assert s.loyal[x] == -1 and s.loyalty_left[1] == 10 and s.bpos[0] == s.firehouse[0]
    assert s.scores() == [s.st_value[mine], 0.0, 0.0]
    assert s.winners() == [0]
    assert s.score_sheet()[1][0] == ("Loyalty: no blocks", 0.0)


def test_the_evacuation_twin_scores_the_destroyed_block_alike():
    """The same block burnt down the same way, but the game ends by Evacuation at the end of the round."""
    ended_by_fire, x, _ = _gness_position()
    _step_on_and_burn_it_down(ended_by_fire, x)
    s, x, _ = _gness_position(other_fire="F5", destroyed_before=7)
    _step_on_and_burn_it_down(s, x)
    assert s.evac and not s.over
    for _ in range(2):  # a quiet event for each rival's turn
        s.event_deck.append(event_id("Refill all Brigades"))
    for _ in range(3):
        s.apply(A.END_TURN)
    assert s.over and s.end_reason == "evacuation"
    assert s.scores() == ended_by_fire.scores()
    assert s.score_sheet() == ended_by_fire.score_sheet()


def test_the_last_fire_doused_scores_every_marker_on_the_board():
    """The other ending: nothing burns down, so Black's block scores."""
    s, x, mine = _gness_position()
    s.intensity[x] = 1
    s.bpos[0] = x
    refresh(s)
    s.apply(A.EXTINGUISH + 1 * A.EXT_W)
    while not s.over:
        s.apply(s.legal_actions()[0])  # place the renown token
    assert s.end_reason == "all fires out"
    assert s.scores()[1] == s.st_value[x] and s.scores()[0] >= s.st_value[mine]


def test_a_destroyed_blocks_marker_does_not_count_for_fire_chief():
    s = quiet(keep_fire="F5")
    commons = [q for q in range(N_POS) if s.st_aff[q] == COMMONS][:5]
    for q in commons[:4]:
        s.loyal[q] = 0
        s.loyalty_left[0] -= 1
    s._destroy(commons[0])  # burnt down this phase: not flipped yet, its marker still lies on it
    s.renown[commons[4] * 4] = s.st_value[commons[4]] - 1
    s._place_renown(0, commons[4])
    assert s.loyal[commons[4]] == 0 and not s.over  # four standing Commons blocks are not a Faction
    assert s.scores()[0] == sum(s.st_value[q] for q in commons[1:])


def test_a_big_building_flipped_as_the_game_would_end_can_relight_the_town():
    """The flip comes first, with its effect: a Distillery burning down as the last fire adds fire around it, so
    the fires are no longer all out and play goes on."""
    s = new(3, 0, big_buildings=True)
    s.intensity = [0] * N_POS
    pos = s.st_big.index(BB_DISTILLERY)
    s.intensity[pos] = s.st_track[pos]
    for q in range(s.num_players):
        s.bpos[q] = s.wpos[q] = s.firehouse[q]
    refresh(s)
    assert not s.over
    s._increase(pos, 1)
    refresh(s)
    assert s.destroyed[pos] and not s.over
    assert any(s.intensity[q] for q in NB4[pos] if s.st_aff[q] >= 0)
