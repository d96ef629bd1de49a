"""跑得快's players for AI seats, 托管 and hints: one ``PdkAI`` a level in each process."""

from __future__ import annotations

import logging
from typing import Any

from ddz_bot.ai import SEAT_LEVEL, LevelName
from ddz_bot.kernel import Action, Cards, GameProtocol

from ..engine import PdkGame
from .hints import hints
from .players import PdkAI

__all__ = ["PdkPlayers"]

log = logging.getLogger(__name__)


class PdkPlayers:
    """跑得快's ``GameAI``: this process's players by level (the shared level names)."""

    def __init__(self) -> None:
        self._players: dict[LevelName, PdkAI] = {}

    def configure(self, thinking_share: float) -> None:
        """跑得快's AI searches nothing: it needs no share of the processor."""

    def player(self, level: LevelName = SEAT_LEVEL) -> PdkAI:
        level = LevelName(level)
        found = self._players.get(level)
        if found is None:
            found = self._players[level] = PdkAI(level.value)
        return found

    def choose(
        self,
        view: Any,
        legal: list[Action],
        *,
        level: LevelName = SEAT_LEVEL,
        asked: float | None = None,
    ) -> Action:
        return self.player(level).act(view, legal)

    def hints(self, game: GameProtocol, seat: int) -> list[Cards]:
        """The seat's legal plays, the AI's own choice first, then from the lowest."""
        assert isinstance(game, PdkGame)
        legal = game.legal_actions(seat)
        try:
            return hints(game.view_for(seat), legal)
        except Exception:
            log.exception("the 跑得快 AI failed to hint")
            return game.moves(seat)
