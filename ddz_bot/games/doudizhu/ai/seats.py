"""斗地主's players for AI seats, 托管 and hints: one ``AIPlayer`` a level in each process, made
when first asked for (its memory of a hand stays with the process that played it). Only the
hard one searches, so only it gets a share of the processor."""

from __future__ import annotations

from typing import Any

from ddz_bot.ai import LevelName, SeatPlayers, ThinkingShare
from ddz_bot.kernel import Action, Cards, GameProtocol

from .hints import hints as ai_hints
from .players import AIPlayer

__all__ = ["DouDizhuAI"]

#: the share of the loop's time the searching player may take (``ai.thinking``): on the
#: bot's own loop every table waits while it searches, so a small one
LOOP_THINKING_SHARE = 0.15


def _player(level: LevelName, share: float) -> AIPlayer:
    thinking = ThinkingShare(share=share) if level is LevelName.HARD else None
    return AIPlayer(level, thinking=thinking)


def _timed(player: AIPlayer, view: Any, legal: list[Action], asked: float | None) -> Action:
    return player.act(view, legal, asked)  # a search's time counts from the question


def _hints(players: SeatPlayers[AIPlayer], game: GameProtocol, seat: int) -> list[Cards]:
    return [combo.cards for combo in ai_hints(game.view_for(seat))]


class DouDizhuAI(SeatPlayers[AIPlayer]):
    """斗地主's ``GameAI``: this process's players by level."""

    def __init__(self) -> None:
        super().__init__(
            _player,
            _hints,
            act=_timed,
            searching=frozenset({LevelName.HARD}),
            share=LOOP_THINKING_SHARE,
        )
