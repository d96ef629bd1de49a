"""The bidding styles: the two floors do what their names say, the judged ones follow the
hand's strength, and the players by name bid the way their kind says."""

from __future__ import annotations

import pytest

from ddz_bot.ai import SEAT_LEVEL, LevelName
from ddz_bot.games.doudizhu.ai import AIPlayer, Baseline, BiddingStyle, make_player
from ddz_bot.games.doudizhu.ai.bidding import V1, choose_bidding
from ddz_bot.games.doudizhu.engine.actions import (
    Bid,
    Call,
    Decline,
    Double,
    Grab,
    NoDouble,
    NoGrab,
    NoShow,
    ShowCards,
)
from ddz_bot.kernel import Action

CALLING: list[Action] = [Call(0), Decline(0)]
GRABBING: list[Action] = [Grab(0), NoGrab(0)]
BIDDING: list[Action] = [Bid(0, 1), Bid(0, 2), Bid(0, 3), Decline(0)]
DOUBLING: list[Action] = [Double(0), NoDouble(0)]
SHOWING: list[Action] = [ShowCards(0), NoShow(0)]


@pytest.mark.parametrize("strength", [0.0, 8.0, 30.0])
def test_the_floors_ignore_the_hand(strength: float) -> None:
    never, always = BiddingStyle.NEVER, BiddingStyle.ALWAYS
    assert choose_bidding(never, strength, False, CALLING) == Decline(0)
    assert choose_bidding(never, strength, False, GRABBING) == NoGrab(0)
    assert choose_bidding(never, strength, False, BIDDING) == Decline(0)
    assert choose_bidding(never, strength, True, DOUBLING) == NoDouble(0)
    assert choose_bidding(always, strength, False, CALLING) == Call(0)
    assert choose_bidding(always, strength, False, GRABBING) == Grab(0)
    assert choose_bidding(always, strength, False, BIDDING) == Bid(0, 3)
    assert choose_bidding(always, strength, True, DOUBLING) == Double(0)
    for style in BiddingStyle:
        assert choose_bidding(style, strength, True, SHOWING) == NoShow(0)


def test_the_first_judgement_is_kept_as_it_was() -> None:
    v1 = BiddingStyle.JUDGED_V1
    assert (V1.call, V1.bid_two, V1.bid_three, V1.grab) == (7, 9, 11, 10)
    assert (V1.double_landlord, V1.double_farmer) == (12, 10)
    assert choose_bidding(v1, 6.9, False, CALLING) == Decline(0)
    assert choose_bidding(v1, 7.0, False, CALLING) == Call(0)
    assert choose_bidding(v1, 9.5, False, BIDDING) == Bid(0, 2)
    assert choose_bidding(v1, 11.0, True, DOUBLING) == NoDouble(0)
    assert choose_bidding(v1, 11.0, False, DOUBLING) == Double(0)


def test_players_by_name() -> None:
    assert SEAT_LEVEL == LevelName.HARD
    for kind, style in (
        (Baseline.NORMAL_V1, BiddingStyle.JUDGED_V1),
        (Baseline.NEVER_BIDS, BiddingStyle.NEVER),
        (Baseline.ALWAYS_BIDS, BiddingStyle.ALWAYS),
        (LevelName.HARD, BiddingStyle.JUDGED),
    ):
        player = make_player(kind, 1)
        assert isinstance(player, AIPlayer)
        assert player.bidding is style and player.name == kind
