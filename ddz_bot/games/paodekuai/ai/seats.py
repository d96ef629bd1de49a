"""跑得快's players for AI seats, 托管 and hints: one ``PdkAI`` a level in each process."""

from __future__ import annotations

from ddz_bot.ai import SeatPlayers
from ddz_bot.kernel import Cards, GameProtocol

from ..engine import PdkGame
from .hints import hints
from .players import PdkAI

__all__ = ["PdkPlayers"]


def _hints(players: SeatPlayers[PdkAI], game: GameProtocol, seat: int) -> list[Cards]:
    """The seat's legal plays, the AI's own choice first, then from the lowest."""
    return hints(game.view_for(seat), game.legal_actions(seat))


def _moves(game: GameProtocol, seat: int) -> list[Cards]:
    assert isinstance(game, PdkGame)
    return game.moves(seat)


class PdkPlayers(SeatPlayers[PdkAI]):
    """跑得快's ``GameAI`` (its AI searches nothing: it needs no share of the processor)."""

    def __init__(self) -> None:
        super().__init__(lambda level, share: PdkAI(level.value), _hints, fallback=_moves)
