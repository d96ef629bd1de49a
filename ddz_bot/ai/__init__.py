"""What every game's AI shares: how much of the bot's time a shared player may spend searching
(``ThinkingShare``) and how the arenas and benches report decision times. Each game's players
are in its folder (``ddz_bot.games.<game>.ai``)."""

from .levels import SEAT_LEVEL, LevelName
from .seats import GameAI, SeatPlayer, SeatPlayers
from .thinking import ThinkingShare
from .timing import describe_times

__all__ = [
    "SEAT_LEVEL",
    "GameAI",
    "LevelName",
    "SeatPlayer",
    "SeatPlayers",
    "ThinkingShare",
    "describe_times",
]
