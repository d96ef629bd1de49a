"""R-BH-SCORE and R-BH-SOLO-SCORE as tables, R-BH-BEANS with caps and fees, R-BH-ESCAPE
(docs/rules.md section 4)."""

from __future__ import annotations

import pytest

from ddz_bot.games.baohuang.engine import (
    BaoHuangOutcome,
    Solo,
    bh_settle,
    guard_score,
    place_scores,
)
from ddz_bot.kernel import Escape, Room, Termination

from .helpers import ROOM, crown, go_out, staged


@pytest.mark.parametrize(
    ("e", "g", "guard", "emperor", "rebel"),
    [(1, 2, 3, 6, -3), (2, 4, 0, 0, 0), (4, 5, -3, -6, 3), (1, 3, 2, 4, -2), (3, 4, -1, -2, 1)],
)
def test_r_bh_score_guard_g_emperor_2g_rebels_minus_g(
    e: int, g: int, guard: int, emperor: int, rebel: int
) -> None:
    assert guard_score(e, g) == guard
    # seats: emperor 0, guard 1, rebels 2..4, placed so that E = e and G = g
    order = [s for s in (2, 3, 4)]
    places = [0] * 5
    places[e - 1], places[g - 1] = 0, 1
    rest = iter(order)
    places = [p if i in (e - 1, g - 1) else next(rest) for i, p in enumerate(places)]
    scores = place_scores(places, 0, 1, None)
    assert scores == (emperor, guard, rebel, rebel, rebel) and sum(scores) == 0


@pytest.mark.parametrize(
    ("solo", "place", "emperor", "other"),
    [(Solo.OPEN, 1, 24, -6), (Solo.OPEN, 2, -24, 6), (Solo.HIDDEN, 1, 12, -3),
     (Solo.HIDDEN, 2, 0, 0), (Solo.HIDDEN, 3, -12, 3), (Solo.HIDDEN, 5, -12, 3)],
)  # fmt: skip
def test_r_bh_solo_score(solo: Solo, place: int, emperor: int, other: int) -> None:
    others = [1, 2, 3, 4]
    places = [*others[: place - 1], 0, *others[place - 1 :]]
    assert place_scores(places, 0, None, solo) == (emperor, other, other, other, other)


def outcome(scores: tuple[int, ...]) -> BaoHuangOutcome:
    return BaoHuangOutcome(Termination.WON, (0, 1, 2, 3, 4), 0, 1, None, scores, scores)


def test_r_bh_beans_score_times_n_minus_the_fee() -> None:
    settled = bh_settle(outcome((6, 3, -3, -3, -3)), ROOM, [10**6] * 5, [100] * 5)
    assert settled.deltas == (595, 295, -305, -305, -305)
    assert settled.fees == 25 and sum(settled.deltas) == -settled.fees
    assert settled.points == (6, 3, -3, -3, -3) and settled.scores == (6, 3, -3, -3, -3)


def test_r_bh_beans_a_loser_pays_at_most_what_they_hold_shared_in_proportion() -> None:
    room = Room("t", 100, 0, 1, 0, 0)
    # the rebels owe 300 each but one holds 100: 700 is paid, shared 2:1 by emperor and guard
    settled = bh_settle(outcome((6, 3, -3, -3, -3)), room, [10**6, 10**6, 100, 10**6, 10**6])
    assert settled.deltas == (467, 233, -100, -300, -300) and sum(settled.deltas) == 0


def test_r_bh_beans_a_winner_wins_at_most_what_they_brought() -> None:
    room = Room("t", 100, 0, 1, 0, 0)
    settled = bh_settle(outcome((-6, -3, 3, 3, 3)), room, [10**6, 10**6, 50, 10**6, 10**6])
    assert settled.deltas[2] == 50 and settled.deltas[3:] == (300, 300)
    assert settled.deltas[0] + settled.deltas[1] == -650 and sum(settled.deltas) == 0
    assert settled.deltas[0] == -434 and settled.deltas[1] == -216  # 2:1, remainder first


def test_r_bh_beans_points_never_below_zero() -> None:
    settled = bh_settle(outcome((6, 3, -3, -3, -3)), ROOM, [10**6] * 5, [0, 0, 1, 5, 0])
    assert settled.points == (6, 3, -1, -3, 0)


def test_r_bh_escape_the_escapee_pays_40_shared_by_the_four_others() -> None:
    game = staged(emperor=0, guard=1)
    crown(game)
    game.apply(Escape(3))
    result = game.outcome()
    assert result is not None and result.termination is Termination.ESCAPED
    assert result.escaped == 3 and result.scores == (10, 10, 10, -40, 10)
    settled = game.settlement([100] * 5)
    assert settled is not None
    assert settled.deltas == (1000, 1000, 1000, -4005, 1000) and settled.fees == 5
    assert settled.points == (10, 10, 10, -40, 10)


def test_r_bh_escape_r_cap_loser_the_escapee_pays_what_they_hold() -> None:
    game = staged(emperor=0, guard=1, balances=[1000, 1000, 1000, 1003, 1000])
    game.apply(Escape(3))  # escaping at the throne is escaping too
    settled = game.settlement()
    assert settled is not None and settled.deltas == (251, 251, 251, -1003, 250)


def test_r_bh_beans_a_played_hand_settles_through_the_engines_settlement() -> None:
    game = staged(emperor=0, guard=1)
    crown(game)
    assert game.settlement() is None
    go_out(game, [0, 1])
    settled = game.settlement()
    assert settled is not None and settled.deltas == (595, 295, -305, -305, -305)
