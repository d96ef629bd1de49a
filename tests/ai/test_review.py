"""The review of the policy's decisions (``ai.review``): long playouts without a clock say
which option wins, and its tables show where the policy's passes lose."""

from __future__ import annotations

import random

from ddz_bot.games.doudizhu.ai.review import Decision, report
from ddz_bot.games.doudizhu.ai.search import playout_wins
from ddz_bot.games.doudizhu.engine import classify

from .helpers import play_state


def test_playouts_without_a_clock_tell_a_won_lead_from_a_lost_one() -> None:
    # the landlord holds the big joker and a 3; each farmer holds one card above the 3
    situation = play_state(["3D", "4", "5"], landlord=0, turn=0).situation()
    joker_first, three_first = classify("D")[0], classify("3")[0]
    wins = playout_wins(situation, [joker_first, three_first], 12, random.Random(1))
    assert wins == [12, 0]


def _passed(cards: int, margin: float, wins: tuple[int, int]) -> Decision:
    return Decision(
        lead=False,
        table=classify("9")[0],
        by_enemy=True,
        cards=cards,
        options=(None, classify("T")[0]),
        scores=(10.0, 10.0 + margin),
        wins=wins,
        samples=100,
    )


def test_the_report_shows_what_a_pass_lost_by_margin_and_cards() -> None:
    decisions = [_passed(5, 12.0, (40, 70)), _passed(5, 10.0, (50, 60)), _passed(14, 2.0, (60, 50))]
    table = report(decisions)
    assert "3 decisions reviewed" in table
    assert "≤5    margin <16  n=   2 +0.200" in table
    assert "11+   margin <4   n=   1 -0.100" in table
