"""R-PDK-SCORE (the spec's example, played out), R-PDK-BEANS, R-PDK-ESCAPE and R-PDK-AFK."""

from __future__ import annotations

from ddz_bot.games.paodekuai.engine import BombItem, PdkGame, PdkRules, card_points, loser_pays
from ddz_bot.kernel import (
    ROOMS,
    AutoPlay,
    BeanReason,
    Deal,
    Escape,
    Pass,
    Play,
    Termination,
    Timeout,
    parse_cards,
)

from .helpers import pass_, play

# The spec's example: A (seat 0) wins, B (seat 1) holds 5 cards, C (seat 2) was shut with 16,
# and A played one bomb that stood.
A = "KKKK" + "Q" + "2" + "8899TTJJQQ"
B = "3456789TJQ" + "AAA" + "344"
C = "33" + "4" + "555666777" + "89TJ"
BEGINNER = ROOMS[1]  # 1 point = 100 beans, fee 5


def _example() -> PdkGame:
    game = PdkGame.from_deal([A, B, C], leader=1, room=BEGINNER, balances=[10_000] * 3)
    play(game, 1, "3456789TJQ")
    pass_(game, 2)
    play(game, 0, "KKKK")  # a bomb: the only play of seat 0 that beats
    pass_(game, 1)
    pass_(game, 2)
    play(game, 0, "Q")
    play(game, 1, "A")
    pass_(game, 2)
    play(game, 0, "2")
    pass_(game, 1)
    pass_(game, 2)
    play(game, 0, "8899TTJJQQ")
    return game


def test_r_pdk_score_the_example_exact() -> None:
    game = _example()
    outcome = game.outcome()
    assert outcome is not None and outcome.termination is Termination.WON
    assert outcome.winner == 0
    assert outcome.cards_left == (0, 5, 16)
    assert outcome.shut == (False, False, True)
    assert outcome.bombs == (BombItem(0, parse_cards("K")[0]),)
    assert outcome.card_points == (5 + 32, -5, -32)
    assert outcome.bomb_points == (10 + 10, -10, -10)
    assert outcome.scores == (57, -15, -42)
    assert sum(outcome.scores) == 0


def test_r_pdk_score_one_card_pays_nothing_and_shut_pays_double() -> None:
    assert loser_pays(1, False) == 0 and loser_pays(5, False) == 5 and loser_pays(16, True) == 32
    assert card_points(2, (1, 7, 0), (False, False, False)) == (0, -7, 7)


def test_r_pdk_score_a_bomb_beaten_by_a_higher_bomb_does_not_stand() -> None:
    game = PdkGame.from_deal(
        ["3333" + "4" + "6789TJQK" + "AA2", "5555" + "444666777888", "999TTTJJJQQQKKKA"],
        leader=0,
        rules=PdkRules(),
    )
    play(game, 0, "3333")
    play(game, 1, "5555")  # beats the 3s: they don't stand
    pass_(game, 2)
    pass_(game, 0)
    assert [b.seat for b in game.bombs] == [1]


def test_r_pdk_beans_points_times_the_coefficient_and_the_fee() -> None:
    settlement = _example().settlement()
    assert settlement is not None
    assert settlement.deltas == (5700 - 5, -1500 - 5, -4200 - 5)
    assert settlement.fees == 15
    assert settlement.points == (57, -15, -42)
    assert {c.reason for c in settlement.changes} == {BeanReason.SETTLE, BeanReason.FEE}


def test_r_pdk_beans_a_loser_pays_at_most_what_they_hold() -> None:
    game = PdkGame.from_deal([A, B, C], leader=1, room=BEGINNER, balances=[10_000, 10_000, 1_000])
    replayed = PdkGame.replay(game.start_dict(), _example().actions)
    settlement = replayed.settlement(points=[0, 0, 10])
    assert settlement is not None
    assert settlement.deltas[2] == -1_000  # held 1,000: pays 1,000 of 4,200, then no fee
    assert sum(settlement.deltas) == -settlement.fees
    assert settlement.points == (57, -0, -10)  # points never below 0


def test_r_pdk_escape_the_escapee_pays_32_to_each_other_seat() -> None:
    game = PdkGame.from_deal([A, B, C], leader=1, room=BEGINNER, balances=[10_000] * 3)
    play(game, 1, "3456789TJQ")
    events = game.apply(Escape(2))
    assert game.over and events[0].name == "escaped"
    outcome = game.outcome()
    assert outcome is not None and outcome.termination is Termination.ESCAPED
    assert outcome.scores == (32, 32, -64) and outcome.bombs == ()
    settlement = game.settlement()
    assert settlement is not None
    assert settlement.deltas == (3200, 3200, -6400 - 5)  # only the escapee pays a fee
    assert {c.reason for c in settlement.changes} == {BeanReason.ESCAPE, BeanReason.FEE}


def test_r_pdk_escape_with_15_cards_pays_30_each() -> None:
    game = PdkGame(PdkRules(cards15=True))
    game.apply(Deal())
    game.apply(Escape(0))
    outcome = game.outcome()
    assert outcome is not None and outcome.scores == (-60, 30, 30)


def test_r_pdk_afk_a_time_out_plays_the_lowest_play_that_beats() -> None:
    game = PdkGame.from_deal([A, B, C], leader=1)
    play(game, 1, "3")
    assert game.default_action(2) == Play(2, parse_cards("4"))
    game.apply(Timeout(2))
    assert game.to_beat is not None and str(game.to_beat) == "4"


def test_r_pdk_afk_a_bomb_only_if_nothing_else_beats_else_pass() -> None:
    game = PdkGame.from_deal([A, B, C], leader=1)
    play(game, 1, "3456789TJQ")
    assert game.default_action(2) == Pass(2)
    pass_(game, 2)
    assert game.default_action(0) == Play(0, parse_cards("KKKK"))
    game = PdkGame.from_deal([A, B, C], leader=1)
    play(game, 1, "9")
    play(game, 2, "T")
    assert game.default_action(0) == Play(0, parse_cards("J"))  # not the bomb


def test_r_pdk_afk_two_time_outs_in_a_row_put_the_seat_on_auto_play() -> None:
    game = PdkGame.from_deal([A, B, C], leader=1)
    game.apply(Timeout(1))
    assert not game.auto[1]
    game.apply(Timeout(2))
    game.apply(Timeout(0))
    game.apply(Timeout(1))
    assert game.auto[1]
    assert game.public_view().seats[1].auto_play
    game.apply(AutoPlay(1, False))
    assert not game.auto[1]
