"""What a game's AI gives the table: ``GameAI``, its players for AI seats, 托管 and hints."""

from __future__ import annotations

from typing import Any, Protocol

from ddz_bot.kernel import Action, Cards, GameProtocol

from .levels import SEAT_LEVEL, LevelName

__all__ = ["GameAI"]


class GameAI(Protocol):
    """A game's players for AI seats, 托管 and hints, one a level in each process."""

    def configure(self, thinking_share: float) -> None:
        """The share of the processor this process's searching player may take."""
        ...

    def choose(
        self,
        view: Any,
        legal: list[Action],
        *,
        level: LevelName = SEAT_LEVEL,
        asked: float | None = None,
    ) -> Action:
        """The AI's choice for a seat from its view and legal actions (may raise); a search's
        time counts from ``asked`` (perf_counter) when given."""
        ...

    def hints(self, game: GameProtocol, seat: int) -> list[Cards]:
        """The seat's legal plays, best first, for the hint button (never a pass)."""
        ...
