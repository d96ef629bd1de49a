"""What the AI reads from a seat's view: unseen cards, the bottom the landlord still
holds, and the passes it saw."""

from __future__ import annotations

from ddz_bot.ai import Situation
from ddz_bot.engine.actions import Pass, Play

from .helpers import cards, play_game

HANDS = ["3456789TJQKA22XD3", "3456789TJQKA24455", "366778899TTJJQQKA"]
BOTTOM = "A2K"


def test_unseen_cards_exclude_the_hand_and_the_played_cards() -> None:
    game = play_game(HANDS, BOTTOM)
    game.apply(Play(0, cards("3")))
    sit = Situation.from_view(game.view_for(1))
    assert sit.hand == cards(HANDS[1])
    assert sum(sit.unseen) == 54 - 17 - 1
    assert sit.card_counts == (19, 17, 17)
    assert sit.to_beat is not None and sit.to_beat_seat == 0


def test_the_landlord_still_holds_the_unplayed_bottom_cards() -> None:
    game = play_game(HANDS, BOTTOM)
    game.apply(Play(0, cards("K")))  # maybe the bottom K, maybe not
    sit = Situation.from_view(game.view_for(1))
    assert sit.bottom_left is not None
    assert Situation.from_view(game.view_for(0)).bottom_left is None
    left = [r for r in range(15) for _ in range(sit.bottom_left[r])]
    assert sorted(left) == sorted(cards("A2"))


def test_a_pass_on_an_enemy_play_is_remembered() -> None:
    game = play_game(HANDS, BOTTOM)
    game.apply(Play(0, cards("2")))
    game.apply(Pass(1))  # farmer 1 passed on the landlord's 2
    sit = Situation.from_view(game.view_for(2))
    assert list(sit.passed_on) == [1]
    assert str(sit.passed_on[1][0]) == "2"
