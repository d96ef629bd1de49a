"""Scripted wildcard hands (docs/rules.md section 2), named after the rules they show."""

from __future__ import annotations

import random

import pytest

from ddz_bot.games.doudizhu.engine.actions import BadReading, Call, NoGrab, NoShow
from ddz_bot.games.doudizhu.engine.combos import ComboKind
from ddz_bot.games.doudizhu.engine.events import WildcardDrawn
from ddz_bot.games.doudizhu.engine.game import Game
from ddz_bot.games.doudizhu.engine.rules import WILDCARD
from ddz_bot.games.doudizhu.engine.scoring import settle
from ddz_bot.games.doudizhu.engine.views import Phase
from ddz_bot.kernel import Cards, DoesNotBeat, Pass, Play, Rank

from .game_helpers import deal, run

FIVE = int(Rank.FIVE)
# Seat 0 (landlord with the bottom 22D): 333 5555 7777 9TJQK XD 22; fives are wild.
WILD_DEAL = ("333555577779TJQKX", "44446666888A9TJQK", "38AAA99TTJJQQKK22", "22D")


def wild_game() -> Game:
    game = deal(WILD_DEAL, rules=WILDCARD, wild_rank=FIVE)
    run(game, Call(0), NoGrab(1), NoGrab(2), NoShow(0))
    assert game.phase is Phase.PLAYING
    return game


def items(game: Game) -> list[tuple[str, int]]:
    return [(i.reason, i.factor) for i in game.multiplier_items()[1:]]


def test_R_LZ_PICK_the_wildcard_is_drawn_after_the_bottom_is_taken() -> None:
    game = deal(WILD_DEAL, rules=WILDCARD, wild_rank=FIVE)
    assert game.public_view().wild_rank is None and game.rules.wild_rank is None
    events = run(game, Call(0), NoGrab(1), NoGrab(2))
    assert WildcardDrawn(FIVE) in events
    assert game.public_view().wild_rank == FIVE


def test_R_LZ_PICK_never_a_joker() -> None:
    drawn = set()
    for seed in range(60):
        game = Game(WILDCARD, rng=random.Random(seed))
        drawn.add(game.to_dict()["wild"])
    assert drawn <= set(range(13)) and len(drawn) > 8


def test_R_LZ_MULT_pure_wildcard_bomb_x4_and_R_LZ_BOMBS_beats_a_hard_bomb() -> None:
    game = wild_game()
    game.apply(Play(0, Cards.parse("5555")))
    assert game.to_beat is not None and game.to_beat.kind is ComboKind.WILD_BOMB
    with pytest.raises(DoesNotBeat):
        game.apply(Play(1, Cards.parse("4444")))
    assert items(game) == [("wild_bomb", 4)]


def test_R_LZ_MULT_hard_bomb_x4_and_rocket_x4() -> None:
    game = wild_game()
    run(game, Play(0, Cards.parse("7777")), Pass(1), Pass(2), Play(0, Cards.parse("XD")))
    assert items(game) == [("bomb", 4), ("rocket", 4)]
    assert game.multiplier() == 16


def test_R_LZ_BOMBS_soft_below_hard_and_R_LZ_MULT_soft_x2() -> None:
    game = wild_game()
    game.apply(Play(0, Cards.parse("3335")))  # typed: fewest kickers -> soft bomb of 3s
    assert game.to_beat is not None and game.to_beat.kind is ComboKind.SOFT_BOMB
    assert game.to_beat.wild_as == (0,)
    game.apply(Play(1, Cards.parse("4444")))  # a hard bomb of 4s beats it
    game.apply(Pass(2))
    with pytest.raises(DoesNotBeat):
        game.apply(Play(0, Cards.parse("7775")))  # a soft bomb of 7s doesn't
    game.apply(Play(0, Cards.parse("7777")))
    assert items(game) == [("soft_bomb", 2), ("bomb", 4), ("bomb", 4)]
    assert game.multiplier() == 32


def test_R_LZ_CHOICE_the_player_picks_the_reading() -> None:
    game = wild_game()
    with pytest.raises(BadReading):
        game.apply(Play(0, Cards.parse("3335"), (ComboKind.PAIR, 0, 1)))
    game.apply(Play(0, Cards.parse("3335"), (ComboKind.TRIO_SINGLE, 0, 1)))
    assert game.to_beat is not None and game.to_beat.kind is ComboKind.TRIO_SINGLE
    assert items(game) == []
    # the bot offers every legal reading of the cards a player picked (R-LZ-CHOICE)
    game2 = wild_game()
    assert {c.kind for c in game2.readings(Cards.parse("3335"))} == {
        ComboKind.SOFT_BOMB,
        ComboKind.TRIO_SINGLE,
    }
    # its list of plays keeps the soft bomb; 333 + the wildcard as a kicker is there with a
    # natural kicker instead (a wildcard kept can still be that card later)
    plays = {
        (a.cards, a.reading[0]) for a in game2.legal_actions(0) if isinstance(a, Play) and a.reading
    }
    assert (Cards.parse("3335"), ComboKind.SOFT_BOMB) in plays
    assert any(
        cards.counts()[0] == 3 and kind is ComboKind.TRIO_SINGLE and cards.counts()[2] == 0
        for cards, kind in plays
    )


def test_R_AMBIG_following_prefers_a_reading_that_spends_no_bomb() -> None:
    game = wild_game()
    run(
        game,
        Play(0, Cards.parse("9")),
        Play(1, Cards.parse("A")),
        Pass(2),
        Pass(0),
        Play(1, Cards.parse("4446")),
        Pass(2),
    )
    game.apply(Play(0, Cards.parse("7775")))
    assert game.to_beat is not None and game.to_beat.kind is ComboKind.TRIO_SINGLE
    assert game.multiplier() == 1


def test_R_LZ_EQUAL_a_wildcard_pair_ties_a_natural_pair() -> None:
    game = wild_game()
    game.apply(Play(0, Cards.parse("95")))  # a pair of 9s
    assert game.to_beat is not None and game.to_beat.kind is ComboKind.PAIR
    assert game.to_beat.rank == int(Rank.NINE)
    game.apply(Pass(1))
    with pytest.raises(DoesNotBeat):
        game.apply(Play(2, Cards.parse("99")))
    game.apply(Play(2, Cards.parse("TT")))


def test_R_LZ_ALONE_wildcards_alone_stand_for_themselves() -> None:
    game = wild_game()
    game.apply(Play(0, Cards.parse("55")))
    assert game.to_beat is not None
    assert (game.to_beat.kind, game.to_beat.rank) == (ComboKind.PAIR, FIVE)


def test_R_LZ_SCORE_the_outcome_is_marked_wildcard() -> None:
    game = wild_game()
    from ddz_bot.kernel import Escape

    game.apply(Escape(2))
    outcome = game.outcome()
    assert outcome is not None and outcome.wildcard
    result = settle(outcome, game.room, [10**6] * 3)
    assert sum(result.deltas) == -result.fees


def test_R_LZ_SUB_a_wildcard_stands_in_a_straight_and_R_AMBIG_takes_the_highest() -> None:
    game = wild_game()
    game.apply(Play(0, Cards.parse("59TJQ")))  # 8-Q or 9-K: a typed lead takes 9-K
    combo = game.to_beat
    assert combo is not None and combo.kind is ComboKind.STRAIGHT
    assert combo.rank == int(Rank.KING) and combo.wild_as == (int(Rank.KING),)
    assert combo.reading(FIVE) == Cards.parse("9TJQK")


def test_R_LZ_CHOICE_the_bot_can_list_the_readings_to_offer() -> None:
    game = wild_game()
    offered = game.readings(Cards.parse("3335"))
    assert [c.kind for c in offered] == [ComboKind.SOFT_BOMB, ComboKind.TRIO_SINGLE]
    assert game.readings(Cards.parse("34")) == []
