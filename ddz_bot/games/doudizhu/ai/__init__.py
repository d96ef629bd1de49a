"""Players for empty seats, 托管 and hints: random and greedy baselines, and the AI at
three levels (easy, normal, hard; ``SEAT_LEVEL`` is the one AI seats and 托管 play). They
see a seat's view only and answer with one of the legal actions."""

from .bidding import BiddingStyle
from .hand import bid_strength, plan_hand
from .hints import hints
from .players import (
    LEVELS,
    SEAT_LEVEL,
    AIPlayer,
    Baseline,
    GreedyPlayer,
    LevelName,
    Player,
    RandomPlayer,
    make_player,
)
from .situation import Situation

__all__ = [
    "LEVELS",
    "SEAT_LEVEL",
    "AIPlayer",
    "Baseline",
    "BiddingStyle",
    "GreedyPlayer",
    "LevelName",
    "Player",
    "RandomPlayer",
    "Situation",
    "bid_strength",
    "hints",
    "make_player",
    "plan_hand",
]
