"""Bidding, 抢地主, 明牌 and 加倍: the decisions before the play, from the hand's strength.

A ``BiddingStyle`` says how a player makes them. ``JUDGED`` is the AI's; ``JUDGED_V1`` is
the one the AI had before it was measured, kept unchanged as a baseline; ``NEVER`` and
``ALWAYS`` are the two floors any judgement must beat (never call, bid, grab or double;
always call, bid the most, grab and double). Nobody here shows their cards: a shown hand
lets the enemies play against it for a multiplier the hand rarely earns.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from ddz_bot.games.doudizhu.engine import (
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

__all__ = ["BiddingStyle", "Thresholds", "choose_bidding"]


class BiddingStyle(StrEnum):
    JUDGED = "judged"
    JUDGED_V1 = "judged_v1"
    NEVER = "never"
    ALWAYS = "always"


@dataclass(frozen=True, slots=True)
class Thresholds:
    """The hand strengths (``hand.bid_strength``) at which a judged player acts."""

    call: float  # 叫地主, and a bid of 1
    bid_two: float
    bid_three: float
    grab: float  # 抢地主
    double_landlord: float  # 加倍 as the landlord
    double_farmer: float  # 加倍 as a farmer


#: what the AI judged before measuring (frozen: the baseline ``normal_v1`` bids this way)
V1: Final = Thresholds(
    call=7, bid_two=9, bid_three=11, grab=10, double_landlord=12, double_farmer=10
)
#: the AI's thresholds now (see the full-hand arena's figures)
JUDGED: Final = V1

_THRESHOLDS: Final = {BiddingStyle.JUDGED: JUDGED, BiddingStyle.JUDGED_V1: V1}


def choose_bidding(
    style: BiddingStyle, strength: float, landlord: bool, choices: Sequence[Action]
) -> Action:
    """One of ``choices`` (bidding, grabbing, doubling or showing) for a hand of
    ``strength``; ``landlord``: whether this seat is the landlord (for doubling)."""
    by_type = {type(a): a for a in choices}
    bids = sorted((a for a in choices if isinstance(a, Bid)), key=lambda a: a.points)
    if style is BiddingStyle.NEVER or style is BiddingStyle.ALWAYS:
        return _floor(style is BiddingStyle.ALWAYS, by_type, bids, choices)
    limits = _THRESHOLDS[style]
    if bids:
        want = (
            3
            if strength >= limits.bid_three
            else 2
            if strength >= limits.bid_two
            else 1
            if strength >= limits.call
            else 0
        )
        fitting = [b for b in bids if b.points <= want]
        if fitting:
            return fitting[-1]
        return by_type.get(Decline, choices[0])
    if Call in by_type and Decline in by_type:
        return by_type[Call] if strength >= limits.call else by_type[Decline]
    if Grab in by_type and NoGrab in by_type:
        return by_type[Grab] if strength >= limits.grab else by_type[NoGrab]
    if Double in by_type and NoDouble in by_type:
        threshold = limits.double_landlord if landlord else limits.double_farmer
        return by_type[Double] if strength >= threshold else by_type[NoDouble]
    return _no_show(by_type, choices)


def _floor(
    always: bool,
    by_type: dict[type[Action], Action],
    bids: list[Bid],
    choices: Sequence[Action],
) -> Action:
    if bids:
        return bids[-1] if always else by_type.get(Decline, choices[0])
    wanted = (Call, Grab, Double) if always else (Decline, NoGrab, NoDouble)
    for kind in wanted:
        if kind in by_type:
            return by_type[kind]
    return _no_show(by_type, choices)


def _no_show(by_type: dict[type[Action], Action], choices: Sequence[Action]) -> Action:
    if NoShow in by_type:
        return by_type[NoShow]
    others = [a for a in choices if not isinstance(a, ShowCards)]
    return others[0] if others else choices[0]
