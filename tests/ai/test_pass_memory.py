"""The passes a player remembers belong to one hand: a player shared by many tables
never lends one hand's memory to another, and keeps a bounded number of hands."""

from __future__ import annotations

import pytest

from ddz_bot.games.doudizhu.ai import AIPlayer, Situation
from ddz_bot.games.doudizhu.ai import players as players_module
from ddz_bot.games.doudizhu.engine.game import Game
from ddz_bot.kernel import Pass, Play

from .helpers import cards, play_game

HANDS = ["3456789TJQKA22XD3", "3456789TJQKA24455", "366778899TTJJQQKA"]
BOTTOM = "A2K"
#: the farmers' hands swapped: the same seat, landlord and bottom cards, another hand
SWAPPED = [HANDS[0], HANDS[2], HANDS[1]]


def _passes_seen(player: AIPlayer, game: Game, seat: int) -> dict[int, list[str]]:
    view = game.view_for(seat)
    situation = Situation.from_view(view)
    player.observe(view, situation)
    return {s: [str(c) for c in combos] for s, combos in situation.passed_on.items()}


def _farmer_passes_on_the_two(hands: list[str]) -> Game:
    game = play_game(hands, BOTTOM)
    game.apply(Play(0, cards("2")))
    game.apply(Pass(1))
    return game


def test_a_pass_seen_in_one_hand_is_remembered_in_that_hand() -> None:
    player = AIPlayer("hard", 1)
    game = _farmer_passes_on_the_two(HANDS)
    assert _passes_seen(player, game, 2) == {1: ["2"]}
    game.apply(Pass(2))  # the trick is over: only the memory still knows
    game.apply(Play(0, cards("3")))
    assert _passes_seen(player, game, 1) == {}
    game.apply(Play(1, cards("4")))
    assert _passes_seen(player, game, 2) == {1: ["2"]}


def test_another_hand_with_the_same_landlord_and_bottom_starts_afresh() -> None:
    player = AIPlayer("hard", 1)
    first = _farmer_passes_on_the_two(HANDS)
    assert _passes_seen(player, first, 2) == {1: ["2"]}
    other = play_game(SWAPPED, BOTTOM)
    assert other.view_for(2).public.bottom == first.view_for(2).public.bottom
    other.apply(Play(0, cards("3")))
    other.apply(Play(1, cards("6")))
    assert _passes_seen(player, other, 2) == {}


def test_the_same_deal_dealt_again_starts_afresh() -> None:
    player = AIPlayer("hard", 1)
    first = _farmer_passes_on_the_two(HANDS)
    assert _passes_seen(player, first, 2) == {1: ["2"]}
    again = play_game(HANDS, BOTTOM)
    again.apply(Play(0, cards("3")))
    assert _passes_seen(player, again, 2) == {}


def test_the_memory_keeps_a_bounded_number_of_hands(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(players_module, "_HANDS_REMEMBERED", 2)
    player = AIPlayer("hard", 1)
    for hands in (HANDS, SWAPPED, [HANDS[1], HANDS[0], HANDS[2]]):
        game = play_game(hands, BOTTOM)
        game.apply(Play(0, cards("3")))
        _passes_seen(player, game, 1)
        _passes_seen(player, game, 2)
    assert len(player._memory) == 2
