"""保皇's players for AI seats, 托管 and hints: one ``BaoHuangAI`` a level in each process."""

from __future__ import annotations

from ddz_bot.ai import SeatPlayers
from ddz_bot.games.baohuang.engine import BaoHuangGame
from ddz_bot.kernel import Cards, GameProtocol, Play

from .players import BaoHuangAI

__all__ = ["BaoHuangPlayers"]


def _moves(game: GameProtocol, seat: int) -> list[Cards]:
    assert isinstance(game, BaoHuangGame)
    return game.moves(seat)


def _hints(players: SeatPlayers[BaoHuangAI], game: GameProtocol, seat: int) -> list[Cards]:
    """保皇's legal plays, the AI's own choice first."""
    moves = _moves(game, seat)
    if not moves:
        return []
    chosen = players.player().act(game.view_for(seat), game.legal_actions(seat))
    if isinstance(chosen, Play) and chosen.cards in moves:
        return [chosen.cards, *(m for m in moves if m != chosen.cards)]
    return moves


class BaoHuangPlayers(SeatPlayers[BaoHuangAI]):
    """保皇's ``GameAI`` (its AI searches nothing: it needs no share of the processor)."""

    def __init__(self) -> None:
        super().__init__(lambda level, share: BaoHuangAI(level), _hints, fallback=_moves)
