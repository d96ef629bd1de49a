"""比大小 as the table layer hosts it: its ``GameModule``, registered by the tests only."""

from __future__ import annotations

from ddz_bot.games.module import GameModule

from .engine import GAME_NAME, read_action
from .parts import (
    ALIASES,
    TWO_SEATS,
    HighCardAI,
    HighCardHost,
    HighCardOptions,
    HighCardPage,
    HighCardReplay,
    HighCardTyping,
    event_line,
    play_text,
    settle_high_card,
)
from .present import HighCardContents

__all__ = ["GAME"]

GAME = GameModule(
    name=GAME_NAME,
    variants=frozenset({GAME_NAME, TWO_SEATS}),
    aliases=ALIASES,
    host=HighCardHost(),
    contents=HighCardContents,
    settle=settle_high_card,
    event_line=event_line,
    play_text=play_text,
    typing=HighCardTyping(),
    ai=HighCardAI(),
    replay=HighCardReplay(),
    options=HighCardOptions(),
    refusals=(),  # the kernel's shared refusals are all it gives
    read_action=read_action,
    page=HighCardPage(),
)
