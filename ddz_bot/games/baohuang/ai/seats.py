"""保皇's players for AI seats, 托管 and hints: one ``BaoHuangAI`` a level in each process."""

from __future__ import annotations

import logging
from typing import Any

from ddz_bot.ai import SEAT_LEVEL, LevelName
from ddz_bot.games.baohuang.engine import BaoHuangGame
from ddz_bot.kernel import Action, Cards, GameProtocol, Play

from .players import BaoHuangAI

__all__ = ["BaoHuangPlayers"]

log = logging.getLogger(__name__)


class BaoHuangPlayers:
    """保皇's ``GameAI``: this process's players by level (the same level names)."""

    def __init__(self) -> None:
        self._players: dict[LevelName, BaoHuangAI] = {}

    def configure(self, thinking_share: float) -> None:
        """保皇's AI searches nothing: it needs no share of the processor."""

    def player(self, level: LevelName = SEAT_LEVEL) -> BaoHuangAI:
        level = LevelName(level)
        found = self._players.get(level)
        if found is None:
            found = self._players[level] = BaoHuangAI(level)
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
        """保皇's legal plays, the AI's own choice first."""
        assert isinstance(game, BaoHuangGame)
        moves = game.moves(seat)
        if not moves:
            return []
        try:
            chosen = self.player().act(game.view_for(seat), game.legal_actions(seat))
        except Exception:
            log.exception("the 保皇 AI failed to hint")
            return moves
        if isinstance(chosen, Play) and chosen.cards in moves:
            return [chosen.cards, *(m for m in moves if m != chosen.cards)]
        return moves
