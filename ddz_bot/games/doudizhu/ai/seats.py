"""斗地主's players for AI seats, 托管 and hints: one ``AIPlayer`` a level in each process, made
when first asked for (its memory of a hand stays with the process that played it). Only the
hard one searches, so only it gets a share of the processor."""

from __future__ import annotations

import logging
from typing import Any

from ddz_bot.ai import SEAT_LEVEL, LevelName, ThinkingShare
from ddz_bot.kernel import Action, Cards, GameProtocol

from .hints import hints as ai_hints
from .players import AIPlayer

__all__ = ["DouDizhuAI"]

log = logging.getLogger(__name__)

#: the share of the loop's time the searching player may take (``ai.thinking``): on the
#: bot's own loop every table waits while it searches, so a small one
LOOP_THINKING_SHARE = 0.15


class DouDizhuAI:
    """斗地主's ``GameAI``: this process's players by level."""

    def __init__(self) -> None:
        self._share = LOOP_THINKING_SHARE
        self._players: dict[LevelName, AIPlayer] = {}

    def configure(self, thinking_share: float) -> None:
        self._share = thinking_share
        self._players.pop(LevelName.HARD, None)  # made again, with this share, when next asked
        self.player()  # made before the first question, which must not wait for it

    def player(self, level: LevelName = SEAT_LEVEL) -> AIPlayer:
        """This process's player at ``level``."""
        level = LevelName(level)
        found = self._players.get(level)
        if found is None:
            thinking = ThinkingShare(share=self._share) if level is LevelName.HARD else None
            found = self._players[level] = AIPlayer(level, thinking=thinking)
        return found

    def choose(
        self,
        view: Any,
        legal: list[Action],
        *,
        level: LevelName = SEAT_LEVEL,
        asked: float | None = None,
    ) -> Action:
        return self.player(level).act(view, legal, asked)

    def hints(self, game: GameProtocol, seat: int) -> list[Cards]:
        try:
            return [combo.cards for combo in ai_hints(game.view_for(seat))]
        except Exception:
            log.exception("hints failed")
            return []
