"""What each seat may see of a Great Fire game, and samples of what it may not.

This is the observer half of the game (after OpenSpiel's split between a state and its observers): views for the
terminal, the server and bots, and determinisations for search bots, which must never read the true hidden state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from firebreak.core import Rng
from firebreak.core.parameters import BOARD_KEY

from firebreak.core.text import plural

from .data import DIRECTION_NAMES, STACK_LETTERS, TOKEN_KINDS, load_board
from .names import seat_name
from .tables import describe as describe_board
from .phases import P_ACTIONS, P_BAND, P_DISCARD, P_FIRE, P_INTENSIFY, P_OVER, P_OWNER, P_SECOND, PHASE_NAMES, STACK

if TYPE_CHECKING:
    from .state import GreatFireState

COLOURS = load_board().rules.colours
"""The house colours (the rules', whichever board is played)."""


def player_view(state: "GreatFireState", player: int | None) -> dict[str, Any]:
    """The JSON-ready picture a seat may see: the board is public; hands, objectives, token kinds and (with
    Hidden Colours) colours and scores are shown to their owner only, and to everyone at the end."""
    over = state.phase == P_OVER
    board = state.board
    names = board.names
    n = state.num_players
    colours_public = not state.options["hidden_colours"] or over
    districts = []
    for d in range(board.num_districts):
        districts.append(
            {
                "name": names[d],
                "code": board.codes[d],
                "region": board.region[d],
                "size": board.size[d],
                "houses": [COLOURS[c] for c in state.houses[d]],
                "fire": state.fire[d],
                "trained_bands": state.bands[d],
                "contained": state.contained(d),
                "demolished": state.demolished[d],
                "token": state.token[d] >= 0,
                "objective_vp": board.objective_vp[d],
                "landowners": [p for p in range(n) if state.landowner[p] == d],
            }
        )
    players = []
    for p in range(n):
        mine = player == p
        entry: dict[str, Any] = {
            "seat": p,
            "name": seat_name(COLOURS[state.pawn[p]], p),
            "pawn": COLOURS[state.pawn[p]],
            "colour": COLOURS[state.colour[p]] if (colours_public or mine) else None,
            "landowner": names[state.landowner[p]] if state.landowner[p] >= 0 else None,
            "hand_size": sum(state.hands[p]),
            "tokens_held": len(state.held[p]),
            "fires_put_out": state.put_out[p],
            "hero_of_london": state.hero == p,
            "known_cards": state._hand_text(state.known[p]),
        }
        if mine or over:
            entry["tokens"] = [TOKEN_KINDS[t] for t in state.held[p]]
            entry["objectives"] = [
                {"district": names[o], "vp": board.objective_vp[o], "surviving": state.objective_survived(o)}
                for o in state.objectives[p]
            ]
        if mine:
            entry["hand"] = state._hand_text(state.hands[p])
        if mine or over:
            entry["score"] = state.score_breakdown(p)
        elif colours_public:
            # Only the public parts: objectives and token kinds would tell which districts a rival holds.
            b = state.score_breakdown(p)
            public = {k: b[k] for k in ("houses", "fires_put_out", "hero_of_london")}
            public["public_total"] = sum(public.values())
            entry["score"] = public
        players.append(entry)
    out: dict[str, Any] = {
        "game": state.spec.name,
        "viewer": player,
        "num_players": n,
        # a variant's board travels as its key (the drawing finds the map by it), not as the whole board file
        "options": {k: v for k, v in state.options.items() if k != BOARD_KEY},
        **describe_board(state.tables),
        "phase": PHASE_NAMES[state.phase],
        "status": status_line(state, player),
        "current_player": state.current_player(),
        "turn": state.turn,
        "action_points": state.ap,
        "card_played": DIRECTION_NAMES[state.card] if state.card >= 0 else None,
        "intensify_left": state.intensify_left,
        "stock": state.stock,
        "deck_size": sum(1 for c in state.deck if c < STACK),
        "fire_stack_cards_left": [STACK_LETTERS[c - STACK] for c in reversed(state.deck) if c >= STACK],
        "cards_until_intensify": state.cards_until_intensify(),
        "cards_in_box": len(state.box),
        "discards": [DIRECTION_NAMES[c] for c in state.discards],
        "final_turns_left": state.final_turns if state.final_turns >= 0 else None,
        "houses_lost": {COLOURS[c]: state.lost[c] for c in range(len(COLOURS))},
        "hero_of_london": state.hero if state.hero >= 0 else None,
        "districts": districts,
        "players": players,
    }
    if over:
        out["scores"] = state.scores()
        out["winners"] = state.winners()
        out["score_sheet"] = [[[source, points] for source, points in sheet] for sheet in state.score_sheet()]
    return out


def status_line(state: "GreatFireState", viewer: int | None) -> str:
    """Where the game stands, in a sentence addressed to ``viewer`` when it is their decision."""
    if state.phase == P_OVER:
        return "Game over."
    who = state.current_player()
    you = who == viewer
    name = seat_name(COLOURS[state.pawn[who]], who)
    ph = state.phase
    if ph == P_BAND:
        left = plural(state.setup_bands.count(who), "trained band")
        return (
            f"Set-up: place your trained bands ({left} left)."
            if you
            else f"Set-up: {name} places a trained band ({left} left)."
        )
    if ph == P_OWNER:
        return "Set-up: place your landowner." if you else f"Set-up: {name} places their landowner."
    turn = f"Turn {state.turn + 1}: "  # counted from 1 for players (the state counts from 0)
    if ph == P_FIRE:
        return turn + ("play a fire card and move the fire." if you else f"{name} plays a fire card.")
    if ph == P_SECOND:
        return turn + ("you may move the fire a second time." if you else f"{name} may move the fire a second time.")
    if ph == P_DISCARD:
        return turn + (
            "no fire move is possible: discard a card." if you else f"{name} has no fire move and discards a card."
        )
    if ph == P_INTENSIFY:
        left = plural(state.intensify_left, "cone")
        return turn + (f"intensify the fire ({left} left)." if you else f"{name} intensifies the fire ({left} left).")
    assert ph == P_ACTIONS
    points = plural(state.ap, "action point")
    return turn + (f"take your actions ({points} left)." if you else f"{name} takes actions ({points} left).")


def determinize(state: "GreatFireState", player: int, rng: Rng) -> "GreatFireState":
    """Resample what ``player`` cannot see: others' hands (keeping publicly shown cards), the deck order and
    the boxed cards, others' objectives, face-down and unrevealed tokens, and hidden colours.

    Every pool is sorted before it is shuffled, so the sample depends only on what the player knows and on
    ``rng``: two states the player cannot tell apart give the same determinisation.
    """
    s = state.clone()
    if state.phase == P_OVER:  # everything has been revealed
        state._seal_determinization(s, player, rng)
        return s
    n = state.num_players
    # Fire cards: every card not in the player's own hand, not played, not publicly known in a hand.
    cards: list[int] = [c for c in s.deck if c < STACK] + list(s.box)
    for q in range(n):
        if q != player:
            for dr in range(4):
                cards.extend([dr] * (s.hands[q][dr] - s.known[q][dr]))
    cards.sort()
    # A rival about to expand the fire is known to hold a playable card (else their hand would have been shown):
    # deal again until the sample agrees (a few tries at most in practice).
    rival_to_play = s.player if (s.phase == P_FIRE and s.player != player) else -1
    for _attempt in range(200):
        pool = list(cards)
        rng.shuffle(pool)
        for q in range(n):
            if q != player:
                hand = list(s.known[q])
                for _ in range(sum(s.hands[q]) - sum(s.known[q])):
                    hand[pool.pop()] += 1
                s.hands[q] = hand
        if rival_to_play < 0 or s.has_fire_move([dr for dr in range(4) if s.hands[rival_to_play][dr]]):
            break
    s.deck = [c if c >= STACK else pool.pop() for c in s.deck]
    s.box = pool
    # Objectives: the player knows only their own cards.
    for i, (_deck, districts) in enumerate(state.board.objective_decks):
        mine = state.objectives[player][i]
        others = [d for d in districts if d != mine]
        rng.shuffle(others)
        for q in range(n):
            if q != player:
                s.objectives[q][i] = others.pop()
        s.undealt_objectives[i] = others
    # Tokens whose kind the player has not seen: face-down on the board, held by others, destroyed.
    slots_board = [d for d in range(state.tables.n) if s.token[d] >= 0]
    tpool = [s.token[d] for d in slots_board] + list(s.destroyed_tokens)
    for q in range(n):
        if q != player:
            tpool.extend(s.held[q])
    tpool.sort()
    rng.shuffle(tpool)
    for d in slots_board:
        s.token[d] = tpool.pop()
    for q in range(n):
        if q != player:
            s.held[q] = [tpool.pop() for _ in s.held[q]]
    s.destroyed_tokens = tpool
    # Hidden colours: others' true colours among the colours that are not the player's own.
    if state.options["hidden_colours"] and state.phase != P_OVER:
        free = [c for c in range(len(COLOURS)) if c != state.colour[player]]
        rng.shuffle(free)
        for q in range(n):
            if q != player:
                s.colour[q] = free.pop()
    state._seal_determinization(s, player, rng)
    return s
