"""The log's first entry, the set-up, reads as a sentence in every game: the game's own account of its deal, or
"The game begins." when the game says nothing then (Catan lays out its board silently), never a bare "Set-up"."""

from __future__ import annotations

import pytest

from firebreak.core import all_games, get_game
from firebreak.server.views import SETUP_TEXT, log_entries


@pytest.mark.parametrize("game", ["great-fire", "brigade", "catan"])
def test_the_set_up_entry_is_a_sentence(game: str) -> None:
    all_games()
    state = get_game(game).new_game(None, 3)
    (entry,) = log_entries(state, [len(state.events)], [], None, -1, 0)
    assert entry["index"] == -1
    shown = entry["events"][0]["text"] if entry["events"] else entry["text"]  # as the pages show it (FB.entryText)
    assert shown.endswith(".") and shown[0].isupper() and shown != "Set-up", shown
    if game == "catan":
        assert not entry["events"] and shown == SETUP_TEXT == "The game begins."
