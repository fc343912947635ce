"""The information-set MCTS bot: budgets, specs, strength at small budgets, and no peeking."""

from __future__ import annotations

import pytest

from firebreak.agents import AgentSpecError, MCTSAgent, Observation, RandomAgent, make_agent, play_game
from firebreak.core import Rng
from firebreak.core.hooks import LargeBudget, SearchHints
from toygame.helpers import with_hooks


def test_mcts_specs():
    bot = make_agent("mcts:iterations=50,depth=10")
    assert isinstance(bot, MCTSAgent) and bot.iterations == 50 and bot.depth == 10
    assert make_agent("mcts:seconds=0.5").seconds == 0.5
    with pytest.raises(AgentSpecError, match="positive iteration or time budget"):
        make_agent("mcts:iterations=0")
    full = make_agent("mcts:iterations=50,depth=-1,prior=0,minimax=0")
    assert full.depth == -1 and full.prior == 0 and full.minimax == 0
    with pytest.raises(AgentSpecError, match="depth >= -1"):
        make_agent("mcts:depth=-2")
    with pytest.raises(AgentSpecError, match="width >= 0"):
        make_agent("mcts:width=-1")
    with pytest.raises(AgentSpecError, match="prior >= 0"):
        make_agent("mcts:prior=-1")
    with pytest.raises(AgentSpecError, match="0 <= minimax <= 1"):
        make_agent("mcts:minimax=1.5")


def test_mcts_respects_its_iteration_budget_and_returns_a_legal_action(toy):
    state = toy.new_game(2, 1)
    bot = MCTSAgent(iterations=40)
    a = bot.act(Observation(state, state.current_player()), Rng(1))
    assert a in state.legal_actions() and bot.last_iterations == 40


def test_mcts_time_budget_stops_the_search(toy):
    state = toy.new_game(2, 1)
    bot = MCTSAgent(iterations=0, seconds=0.05)
    bot.act(Observation(state, state.current_player()), Rng(1))
    assert 0 < bot.last_iterations < 10**6


def test_mcts_beats_random_at_a_small_budget(toy):
    wins = 0.0
    games = 40
    for seed in range(games):
        seats = (
            [MCTSAgent(iterations=60), RandomAgent()] if seed % 2 == 0 else [RandomAgent(), MCTSAgent(iterations=60)]
        )
        final = play_game(toy, seats, seed=seed, num_players=2)
        mcts_seat = 0 if seed % 2 == 0 else 1
        if mcts_seat in final.winners():
            wins += 1 / len(final.winners())
    assert wins / games > 0.6


def test_mcts_plays_the_same_in_states_it_cannot_tell_apart(toy):
    """The search sees only determinisations: swapping the hidden truth for a sample of it changes nothing."""
    state = toy.new_game(2, 5)
    me = state.current_player()
    other_world = state.determinize(me, Rng(77))
    choices_true = [MCTSAgent(iterations=30).act(Observation(state, me), Rng(k)) for k in range(5)]
    choices_other = [MCTSAgent(iterations=30).act(Observation(other_world, me), Rng(k)) for k in range(5)]
    assert choices_true == choices_other


def test_leaf_rewards_are_win_shares_ordered_by_the_games_evaluation(toy, bare_toy):
    from firebreak.agents.mcts import seat_evaluator
    from toygame.game import heuristic

    state = toy.new_game(3, 2)
    for _ in range(4):
        state.apply(max(state.legal_actions()))
    rewards = seat_evaluator(toy, 2.0)(state)
    assert sum(rewards) == pytest.approx(1.0)
    values = [heuristic(state, p) for p in range(3)]
    assert sorted(range(3), key=rewards.__getitem__) == sorted(range(3), key=values.__getitem__)
    flatter = seat_evaluator(toy, 50.0)(state)
    assert max(flatter) - min(flatter) < max(rewards) - min(rewards)  # a larger scale trusts the evaluation less
    by_points = seat_evaluator(bare_toy, 2.0)(state)  # no heuristic: the leaders by points share three quarters
    leaders = [p for p, s in enumerate(state.scores()) if s == max(state.scores())]
    assert sum(by_points[p] for p in leaders) == pytest.approx(0.75 + 0.25 * len(leaders) / 3)


def test_with_the_smallest_search_the_bot_plays_the_best_one_step_move(toy):
    """The root moves are seeded with their one-step values on samples shared by all moves: with a single
    iteration, the bot plays the card the evaluation ranks best (the highest card in hand scores most)."""
    for seed in range(6):
        state = toy.new_game(2, seed)
        me = state.current_player()
        hand = state.view(me)["hand"]
        best_value = max(int(card.split()[1]) for card in hand)
        choice = MCTSAgent(iterations=1).act(Observation(state, me), Rng(seed))
        assert int(state.action_to_text(choice).split()[-1]) == best_value, (hand, state.action_to_text(choice))


@pytest.mark.parametrize(
    "spec_text",
    [
        "mcts:iterations=80,minimax=0",
        "mcts:iterations=80,minimax=1",
        "mcts:iterations=80,prior=0",
        "mcts:iterations=80,depth=3",
        "mcts:iterations=80,depth=-1",
    ],
)
def test_every_form_of_the_search_plays_legal_moves_to_the_end(toy, spec_text):
    final = play_game(toy, [make_agent(spec_text), RandomAgent()], seed=3, num_players=2)
    assert final.is_terminal()


def test_a_turn_limited_search_stops_where_another_seat_is_to_move(toy):
    """Ember Cards gives one action per turn: searching only the bot's own turn leaves a tree one move deep,
    while the full search looks at the rival's replies too."""
    state = toy.new_game(2, 3)
    me = state.current_player()
    limited = MCTSAgent(iterations=60, turn=True)
    limited.act(Observation(state, me), Rng(1))
    assert limited.last_root is not None and all(not child.children for child in limited.last_root.children.values())
    full = MCTSAgent(iterations=60, turn=False)
    full.act(Observation(state, me), Rng(1))
    assert any(child.children for child in full.last_root.children.values())
    assert make_agent("mcts:turn=yes").turn is True


def _four_card_game(toy, distinct: bool):
    """A 2-player deal of four-card hands whose card values are all different (or not)."""
    for seed in range(200):
        state = toy.new_game(2, seed, {"hand_size": 4})
        hand = state.view(state.current_player())["hand"]
        values = {card.split()[1] for card in hand}
        if (len(values) == 4) == distinct and (distinct or len(values) == 3):
            return state, hand
    raise AssertionError("no such deal")


def test_a_narrowed_root_halves_the_candidates_round_by_round(toy):
    """``width``: the search only considers the best moves by one-step value, and gives them its budget by
    sequential halving: each round every candidate gets the same iterations, and the better half goes on."""
    state, hand = _four_card_game(toy, distinct=True)
    me = state.current_player()
    bot = MCTSAgent(iterations=40, width=4, prior=0)
    choice = bot.act(Observation(state, me), Rng(5))
    assert choice in state.legal_actions() and bot.last_iterations == 40
    visits = sorted(child.visits for child in bot.last_root.children.values())
    assert visits == [5, 5, 15, 15]  # round 1: 4 x 5; round 2: the better 2 x 10 more
    narrow = MCTSAgent(iterations=40, width=2, prior=0)
    pick = narrow.act(Observation(state, me), Rng(5))
    best_two = sorted(hand, key=lambda card: -int(card.split()[1]))[:2]
    assert {state.action_to_text(a).split(" ", 1)[1] for a in narrow.last_root.children} == set(best_two)
    assert state.action_to_text(pick).split(" ", 1)[1] in best_two


def test_moves_with_the_same_values_count_once_among_the_candidates(toy):
    state, _ = _four_card_game(toy, distinct=False)  # two cards of one value
    assert len(state.legal_actions()) == 5  # four cards or pass
    bot = MCTSAgent(iterations=30, width=8, prior=0)
    bot.act(Observation(state, state.current_player()), Rng(1))
    assert len(bot.last_root.children) == 4  # the two cards that score alike are one candidate


@pytest.mark.parametrize(
    "spec_text", ["mcts:iterations=40", "mcts:iterations=40,depth=-1", "mcts:iterations=40,width=4"]
)
def test_every_form_of_the_search_decides_alike_in_states_that_look_alike(peek_toy, spec_text):
    """The heuristic reads hidden cards (the deck top): fair on determinisations only. Two states that look the
    same to seat 0 but hide different cards must get the same decision."""
    from .test_agents import _twin_states

    cheat_noticed = False
    for seed in range(30):
        state, twin = _twin_states(peek_toy, seed)
        a = make_agent(spec_text).act(Observation(state, 0), Rng(seed))
        b = make_agent(spec_text).act(Observation(twin, 0), Rng(seed))
        assert a == b, seed
        if not cheat_noticed:
            cheat_noticed = make_agent(spec_text).act(_Peeking(state, 0), Rng(seed)) != make_agent(spec_text).act(
                _Peeking(twin, 0), Rng(seed)
            )
    assert cheat_noticed, "the test must be able to catch a search that reads the true state"


class _Peeking(Observation):
    """An observation that hands the search the true state instead of samples: what the test must catch."""

    def sample_state(self, rng):
        return self._state.clone()


def test_a_narrowed_root_keeps_to_a_time_budget(toy):
    state, _ = _four_card_game(toy, distinct=True)
    bot = MCTSAgent(iterations=0, seconds=0.05, width=3)
    choice = bot.act(Observation(state, state.current_player()), Rng(2))
    assert choice in bot.last_root.children and 0 < bot.last_iterations < 10**6
    visits = {child.visits for child in bot.last_root.children.values()}
    assert max(visits) - min(visits) <= 1  # one round: every candidate searched alike until time was up


def test_a_game_can_give_large_searches_their_own_hints(toy, monkeypatch):
    """A game's ``search.large_budget`` hints apply from their ``min_iterations`` up (so a level with a larger
    budget can search differently from a smaller bot in the same game); below it, and against a hint set by
    hand, the game's usual hints hold."""
    game = with_hooks(toy, monkeypatch, search=SearchHints(large_budget=LargeBudget(100, SearchHints(width=2))))
    state = game.new_game(2, 4)
    me = state.current_player()
    assert len(state.legal_actions()) > 2
    large = MCTSAgent(iterations=100)
    large.act(Observation(state, me), Rng(1))
    assert len(large.last_root.children) <= 2 and large.hints(game).width == 2
    small = MCTSAgent(iterations=99)
    small.act(Observation(state, me), Rng(1))
    assert len(small.last_root.children) == len(state.legal_actions()) and small.hints(game).width == 0
    by_hand = MCTSAgent(iterations=100, width=0)
    by_hand.act(Observation(state, me), Rng(1))
    assert len(by_hand.last_root.children) == len(state.legal_actions())
    assert MCTSAgent(iterations=0, seconds=0.01).hints(game).width == 2  # a time budget counts as large
    assert small.hints(game) is game.search


def test_a_named_evaluation_replaces_the_games_usual_one_where_the_game_has_it(toy, monkeypatch):
    """``eval=NAME`` scores the search with the game's evaluation of that name (its ``evaluations`` hook); a game
    without one of that name is searched with its usual evaluation, so such a spec is valid in every game."""
    state, hand = _four_card_game(toy, distinct=True)
    me = state.current_player()

    def card_of(action: int) -> int:  # the value of the card played (0: a pass)
        words = state.action_to_text(action).split()
        return int(words[2]) if words[0] == "play" else 0

    usual = MCTSAgent(iterations=40, width=2, prior=0).act(Observation(state, me), Rng(5))
    unknown = make_agent("mcts:iterations=40,width=2,prior=0,eval=nonesuch")
    assert unknown.act(Observation(state, me), Rng(5)) == usual
    assert "eval=nonesuch" in unknown.describe()
    from toygame.game import heuristic

    def spend_least(s):  # the reverse of the usual evaluation: keep the high cards
        return [-heuristic(s, p) for p in range(s.num_players)]

    with_hooks(toy, monkeypatch, evaluations={"thrifty": spend_least})
    thrifty = make_agent("mcts:iterations=40,width=2,prior=0,eval=thrifty")
    pick = thrifty.act(Observation(state, me), Rng(5))
    assert card_of(pick) < card_of(usual)
    assert make_agent("mcts:iterations=40,width=2,prior=0,eval=nonesuch").act(Observation(state, me), Rng(5)) == usual
    # A game's large-budget hints may name the evaluation too (``eval``): the stronger level scores with it, the
    # smaller searches keep the usual one, and a bot spec's own ``eval`` still wins.
    hints = SearchHints(width=2, large_budget=LargeBudget(40, SearchHints(width=2, eval="thrifty")))
    game = with_hooks(toy, monkeypatch, evaluations={"thrifty": spend_least}, search=hints)
    assert card_of(MCTSAgent(iterations=40, prior=0).act(Observation(state, me), Rng(5))) < card_of(usual)
    assert MCTSAgent(iterations=39, prior=0).hints(game).eval == ""
    assert make_agent("mcts:iterations=40,prior=0,eval=usual").act(Observation(state, me), Rng(5)) == usual


def test_a_large_budgets_hints_can_name_the_evaluation_the_search_uses(toy, monkeypatch):
    """A game's large-budget hints may name one of its evaluations (``SearchHints.eval``): searches of that budget
    are scored by it, smaller ones by the usual evaluation, and an ``eval`` set by hand still wins. (Catan's hard
    level is searched this way with its long-game evaluation, while medium plays as before.)"""
    state, _ = _four_card_game(toy, distinct=True)
    me = state.current_player()
    from toygame.game import heuristic

    def spend_least(s):  # the reverse of the usual evaluation: keep the high cards
        return [-heuristic(s, p) for p in range(s.num_players)]

    def card_of(action: int) -> int:  # the value of the card played (0: a pass)
        words = state.action_to_text(action).split()
        return int(words[2]) if words[0] == "play" else 0

    usual = MCTSAgent(iterations=40, width=2, prior=0).act(Observation(state, me), Rng(5))
    small_before = MCTSAgent(iterations=39, width=2, prior=0).act(Observation(state, me), Rng(5))
    large = LargeBudget(40, SearchHints(width=2, eval="thrifty"))
    game = with_hooks(toy, monkeypatch, evaluations={"thrifty": spend_least}, search=SearchHints(large_budget=large))
    hard = MCTSAgent(iterations=40, width=2, prior=0)
    assert hard.hints(game).eval == "thrifty"
    assert card_of(hard.act(Observation(state, me), Rng(5))) < card_of(usual)  # keeps its high cards
    small = MCTSAgent(iterations=39, width=2, prior=0)
    assert small.hints(game).eval == "" and small.act(Observation(state, me), Rng(5)) == small_before
    by_hand = MCTSAgent(iterations=40, width=2, prior=0, eval="nonesuch")  # set by hand: no such one, the usual
    assert by_hand.act(Observation(state, me), Rng(5)) == usual


def test_a_games_bot_actions_hint_narrows_the_moves_the_search_weighs(toy, monkeypatch):
    """A game may leave out moves no sensible bot makes (Catan: taking a card back out of a trade offer): the
    search then never plays them and its tree never grows them, while the legal moves stay as they were."""
    state = toy.new_game(2, 3)
    me = state.current_player()
    assert Observation(state, me).bot_actions == state.legal_actions()  # no hint: every legal move
    asked: list[int] = []

    def all_but_the_last(s):
        asked.append(s.current_player())
        legal = s.legal_actions()
        return legal[:-1] if len(legal) > 1 else legal

    with_hooks(toy, monkeypatch, bot_actions=all_but_the_last)
    for seed in range(4):
        state = toy.new_game(2, seed)
        me = state.current_player()
        legal = state.legal_actions()
        assert len(legal) > 1 and Observation(state, me).bot_actions == legal[:-1]
        for bot in (MCTSAgent(iterations=60), MCTSAgent(iterations=60, width=0)):
            assert bot.act(Observation(state, me), Rng(seed)) != legal[-1]
            assert legal[-1] not in bot.last_root.children
    assert len(asked) > 50  # asked inside the tree as well, for both seats
    assert set(asked) == {0, 1}


def test_an_observation_that_narrows_the_legal_moves_bounds_what_the_hint_gives(toy, monkeypatch):
    """A bridge to another engine narrows the legal moves to those that engine allows; the game's hint must not
    bring back a move outside them (the search would play a move the other engine cannot take)."""

    class Narrowed(Observation):
        __slots__ = ("allowed",)

        def __init__(self, state, player, allowed):
            super().__init__(state, player)
            self.allowed = allowed

        @property
        def legal_actions(self):
            return self.allowed

    with_hooks(toy, monkeypatch, bot_actions=lambda s: s.legal_actions()[:-1])
    for seed in range(4):
        state = toy.new_game(2, seed)
        me = state.current_player()
        legal = state.legal_actions()
        assert len(legal) > 2
        narrowed = Narrowed(state, me, [legal[0], legal[-1]])
        assert narrowed.bot_actions == [legal[0]]  # the hint's cut and the narrowing both hold
        assert MCTSAgent(iterations=30).act(narrowed, Rng(seed)) == legal[0]
        only_cut = Narrowed(state, me, [legal[-1]])  # the hint leaves nothing allowed: every allowed move
        assert only_cut.bot_actions == [legal[-1]]
        assert MCTSAgent(iterations=30).act(only_cut, Rng(seed)) == legal[-1]
