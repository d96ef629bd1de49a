"""Scripted hands of the four-player, two-deck game (docs/rules.md section 3)."""

from __future__ import annotations

import random

import pytest

from ddz_bot.games.doudizhu.engine.actions import Bid, Decline, NoDouble, NoShow
from ddz_bot.games.doudizhu.engine.catalogue import classify, legal_moves
from ddz_bot.games.doudizhu.engine.combos import ComboKind
from ddz_bot.games.doudizhu.engine.game import Game
from ddz_bot.games.doudizhu.engine.rules import FOUR_PLAYER
from ddz_bot.games.doudizhu.engine.views import Phase, Role
from ddz_bot.kernel import Cards, Deal, DoesNotBeat, NotACombo, Pass, Play, Rank, TrickWon

from .game_helpers import run

RICH4 = [10**7] * 4
#: every rank eight times, the jokers twice
TWO_DECKS = "".join(c * 8 for c in "3456789TJQKA2") + "XXDD"


def four_deal(
    wanted: list[str], *, bottom: str = "", first_bidder: int = 0, balances: list[int] = RICH4
) -> Game:
    """A four-player hand whose seats hold at least ``wanted`` and whose bottom holds at
    least ``bottom`` (the rest filled from what is left, lowest first), dealt, bidding."""
    pool = list(TWO_DECKS)
    for cards in [*wanted, bottom]:
        for c in cards:
            pool.remove(c)
    hands = []
    for cards in wanted:
        fill, pool = pool[: 25 - len(cards)], pool[25 - len(cards) :]
        hands.append(cards + "".join(fill))
    game = Game.from_deal(
        hands,
        bottom + "".join(pool),
        rules=FOUR_PLAYER,
        balances=balances,
        first_bidder=first_bidder,
        rng=random.Random(4),
    )
    run(game, Deal(), Deal(), Deal())
    assert game.phase is Phase.BIDDING
    return game


def phase(game: Game) -> Phase:
    """The phase, read afresh (keeps type checkers from narrowing across actions)."""
    return game.phase


def plays(text: str) -> list[tuple[ComboKind, int, int]]:
    return [(c.kind, c.rank, c.length) for c in classify(Cards.parse(text), FOUR_PLAYER)]


def to_play(game: Game, landlord: int) -> Game:
    """The landlord doesn't show; nobody doubles."""
    game.apply(NoShow(landlord))
    run(game, *(NoDouble(s) for s in range(4)))
    assert game.phase is Phase.PLAYING and game.turn == landlord
    return game


# --------------------------------------------------------------------------- R-4P-BID


def test_R_4P_BID_points_bidding_by_default() -> None:
    assert FOUR_PLAYER.players == 4 and FOUR_PLAYER.decks == 2
    game = four_deal(["", "", "", ""], first_bidder=1)
    assert [a.to_dict()["type"] for a in game.legal_actions(1)] == ["bid"] * 3 + ["decline"]
    run(game, Bid(1, 1), Decline(2), Bid(3, 2), Decline(0))
    assert game.landlord == 3 and game.base == 2
    assert len(game.hands[3]) == 33 and [len(h) for h in game.hands[:3]] == [25] * 3
    roles = [info.role for info in game.public_view().seats]
    assert roles == [Role.FARMER, Role.FARMER, Role.FARMER, Role.LANDLORD]


def test_R_4P_BID_a_three_ends_bidding_and_all_four_passing_redeals() -> None:
    game = four_deal(["", "", "", ""], first_bidder=2)
    game.apply(Bid(2, 3))
    assert game.landlord == 2 and game.base == 3
    game = four_deal(["", "", "", ""], first_bidder=0)
    run(game, Decline(0), Decline(1), Decline(2))
    assert phase(game) is Phase.BIDDING  # the fourth player still answers
    game.apply(Decline(3))
    assert game.redeals == 1 and phase(game) is Phase.DEALING


# --------------------------------------------------------------------------- R-4P-BOMBS


def test_R_4P_BOMBS_more_cards_beat_fewer_then_the_rank_and_the_four_jokers_beat_all() -> None:
    game = four_deal(["44444" + "33", "333333", "555555" + "55", "XXDD"])
    game.apply(Bid(0, 3))
    to_play(game, 0)
    game.apply(Play(0, Cards.parse("44444")))
    game.apply(Play(1, Cards.parse("333333")))  # six 3s beat five 4s
    with pytest.raises(DoesNotBeat):
        game.apply(Play(2, Cards.parse("55555")))  # five cards never beat six
    game.apply(Play(2, Cards.parse("555555")))  # six 5s beat six 3s
    game.apply(Play(3, Cards.parse("XXDD")))  # 天王炸 beats every bomb
    with pytest.raises(DoesNotBeat):
        game.apply(Play(0, Cards.parse("33")))
    events = run(game, Pass(0), Pass(1), Pass(2))
    assert TrickWon(3) in events and game.turn == 3
    items = [(i.reason, i.factor, i.seat) for i in game.multiplier_items()]
    assert items[1:] == [("bomb", 2, 0), ("bomb", 2, 1), ("bomb", 2, 2), ("rocket", 2, 3)]
    assert game.multiplier() == 16


def test_R_4P_BOMBS_eight_of_a_rank_is_the_biggest_bomb_below_the_rocket() -> None:
    assert plays("22222222") == [(ComboKind.BOMB, Rank.TWO, 1)]
    assert plays("XXDD") == [(ComboKind.ROCKET, Rank.BIG_JOKER, 1)]
    assert plays("XD") == []  # no rocket of two jokers, nor a pair of two kinds
    assert plays("XXD") == [] and plays("XXX") == []


def test_R_4P_BOMBS_joker_pairs_compare_by_rank_small_below_big() -> None:
    game = four_deal(["22" + "3", "XX", "DD", ""])
    game.apply(Bid(0, 1))
    run(game, Decline(1), Decline(2), Decline(3))
    to_play(game, 0)
    game.apply(Play(0, Cards.parse("22")))
    game.apply(Play(1, Cards.parse("XX")))  # a pair of small jokers is a pair above 22
    game.apply(Play(2, Cards.parse("DD")))
    assert game.to_beat is not None and game.to_beat.kind is ComboKind.PAIR
    assert game.multiplier() == 1  # pairs of jokers are no bombs


# --------------------------------------------------------------------------- R-4P-REST


def test_R_4P_REST_every_other_combo_as_in_the_classic_game() -> None:
    assert plays("34567") == [(ComboKind.STRAIGHT, Rank.SEVEN, 5)]
    assert plays("33344479") == [(ComboKind.PLANE_SINGLES, Rank.FOUR, 2)]
    assert plays("555538") == [(ComboKind.FOUR_TWO_SINGLES, Rank.FIVE, 1)]
    assert plays("KKK22") == [(ComboKind.TRIO_PAIR, Rank.KING, 1)]
    assert plays("3333") == [(ComboKind.BOMB, Rank.THREE, 1)]
    assert plays("34569") == [] and plays("JQKA2") == []


def test_R_4P_REST_a_straight_follows_a_straight_of_its_length() -> None:
    game = four_deal(["34567" + "89TJQ" + "9", "45678" + "3456", "", "6789T"])
    game.apply(Bid(0, 2))
    run(game, Decline(1), Decline(2), Decline(3))
    to_play(game, 0)
    with pytest.raises(NotACombo):
        game.apply(Play(0, Cards.parse("34569")))
    game.apply(Play(0, Cards.parse("34567")))
    with pytest.raises(DoesNotBeat):
        game.apply(Play(1, Cards.parse("34567")))  # not higher
    run(
        game,
        Play(1, Cards.parse("45678")),
        Pass(2),
        Play(3, Cards.parse("6789T")),
        Play(0, Cards.parse("89TJQ")),
    )
    events = run(game, Pass(1), Pass(2), Pass(3))
    assert TrickWon(0) in events and game.turn == 0


def test_R_KICK_ROCKET_two_decks_kickers_never_hold_a_small_and_a_big_joker() -> None:
    # a plane or a four may carry jokers of one kind, never both kinds together
    assert plays("333444XD") == [] and plays("3333XD") == []
    assert plays("333444555XXD") == [] and plays("333444555XDD") == []
    assert plays("3333XXDD") == [] and plays("333444XXDD") == []
    assert plays("333444XX") == [(ComboKind.PLANE_SINGLES, Rank.FOUR, 2)]
    assert plays("333444DD") == [(ComboKind.PLANE_SINGLES, Rank.FOUR, 2)]
    assert plays("3333DD") == [(ComboKind.FOUR_TWO_SINGLES, Rank.THREE, 1)]
    assert plays("333444XXKK") == [(ComboKind.PLANE_PAIRS, Rank.FOUR, 2)]
    assert plays("333X") == [(ComboKind.TRIO_SINGLE, Rank.THREE, 1)]
    moves = {str(c) for c in legal_moves(Cards.parse("333444555XXDD"), None, FOUR_PLAYER)}
    assert {"333444XX", "333444DD", "333XX", "555DD", "XXDD"} <= moves
    assert not {"333444XD", "333444XXDD", "333444555XXD", "333444555XDD"} & moves
    game = four_deal(["333444XD", "", "", ""])
    game.apply(Bid(0, 3))
    to_play(game, 0)
    with pytest.raises(NotACombo):
        game.apply(Play(0, Cards.parse("333444XD")))
    game.apply(Play(0, Cards.parse("333444")))


def test_R_4P_the_landlord_wins_against_three_and_each_farmer_pays_the_stake() -> None:
    game = four_deal(["3333333344444444555555556", "", "", ""], bottom="XXDD6666")
    game.apply(Bid(0, 1))
    run(game, Decline(1), Decline(2), Decline(3))
    to_play(game, 0)
    assert len(game.hands[0]) == 33
    for cards in ("33333333", "44444444", "55555555", "66666"):
        run(game, Play(0, Cards.parse(cards)), Pass(1), Pass(2), Pass(3))
    game.apply(Play(0, Cards.parse("XXDD")))
    outcome = game.outcome()
    assert outcome is not None and outcome.winner_role is Role.LANDLORD
    assert outcome.winners == (0,) and outcome.spring  # no farmer played a card
    assert outcome.multiplier == 2**5 * 2  # four bombs and the rocket, spring
    assert outcome.stakes == {1: 64, 2: 64, 3: 64}
    settlement = game.settlement()
    assert settlement is not None
    farmers_lost = -sum(settlement.deltas[1:])
    assert settlement.deltas[1] == settlement.deltas[2] == settlement.deltas[3] < 0
    assert settlement.deltas[0] + settlement.fees == farmers_lost  # beans conserved
