"""The 保皇 players: random and greedy baselines and the AI (easy, normal, hard), with the
card memory, hand strength and team play they rest on, and the arena that measures them.
They see a seat's ``SeatView`` only and answer with one of the legal actions."""

from .knowledge import Knowledge
from .players import (
    BAOHUANG_LEVELS,
    BaoHuangAI,
    BaoHuangGreedy,
    BaoHuangPlayer,
    BaoHuangRandom,
    make_baohuang_player,
)
from .strength import Thresholds, hand_value, opening_value
from .teams import GuardSuspicion

__all__ = [
    "BAOHUANG_LEVELS",
    "BaoHuangAI",
    "BaoHuangGreedy",
    "BaoHuangPlayer",
    "BaoHuangRandom",
    "GuardSuspicion",
    "Knowledge",
    "Thresholds",
    "hand_value",
    "make_baohuang_player",
    "opening_value",
]
