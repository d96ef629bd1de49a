"""AI players, seat views and legal actions cross to a worker process by pickle: a player
keeps its memory of the hand across, and decides legally on the other side."""

from __future__ import annotations

import pickle

import pytest

from ddz_bot.ai import ThinkingShare
from ddz_bot.games.doudizhu.ai import AIPlayer
from ddz_bot.kernel import Pass, Play

from .helpers import cards, play_game

HANDS = ["3456789TJQKA22XD3", "3456789TJQKA24455", "366778899TTJJQQKA"]
BOTTOM = "A2K"


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_a_player_with_its_memory_decides_legally_after_a_round_trip(level: str) -> None:
    player = AIPlayer(level, seed=3, thinking=ThinkingShare())
    game = play_game(HANDS, BOTTOM)
    game.apply(Play(0, cards("2")))
    game.apply(Pass(1))
    player.act(game.view_for(2), game.legal_actions(2))  # it sees seat 1 pass on the 2
    game.apply(Pass(2))
    game.apply(Play(0, cards("3")))
    view, legal = game.view_for(1), game.legal_actions(1)

    copy, view_copy, legal_copy = pickle.loads(pickle.dumps((player, view, legal)))

    assert view_copy == view and legal_copy == legal
    assert copy._memory == player._memory and copy._memory
    action = copy.act(view_copy, legal_copy)
    assert action in legal
