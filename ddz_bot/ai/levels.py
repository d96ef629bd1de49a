"""The AI's levels every game's players share: a group chooses one in /settings."""

from __future__ import annotations

from enum import StrEnum
from typing import Final

__all__ = ["SEAT_LEVEL", "LevelName"]


class LevelName(StrEnum):
    """The AI's levels, easiest first (a group may choose a gentler one)."""

    EASY = "easy"
    NORMAL = "normal"
    HARD = "hard"


#: the level AI seats and 托管 play: the strongest that keeps within the table's time
SEAT_LEVEL: Final = LevelName.HARD
