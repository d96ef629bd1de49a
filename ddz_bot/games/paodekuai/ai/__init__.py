"""跑得快's players: random and greedy baselines and the AI (easy, normal, hard) on a seat's
view, with the card memory and the plan cost they rest on, and the arena that measures them."""

from .arena import ArenaResult, play_deal, run
from .memory import Memory
from .plan import plan_cost
from .players import (
    PDK_LEVELS,
    Choose,
    Level,
    PdkAI,
    PdkPlayer,
    greedy_choice,
    make_pdk_player,
    random_choice,
)

__all__ = [
    "PDK_LEVELS",
    "ArenaResult",
    "Choose",
    "Level",
    "Memory",
    "PdkAI",
    "PdkPlayer",
    "greedy_choice",
    "make_pdk_player",
    "plan_cost",
    "play_deal",
    "random_choice",
    "run",
]
