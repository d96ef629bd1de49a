"""Who decides for a seat that no person plays right now (AI seats, 托管), and the hints.

The table asks ``decide(game, seat)`` and ``hints(game, seat)``; both hand the AI only the
seat's view and its legal actions (a 保皇 seat gets the 保皇 AI). Should the AI ever fail or
answer something illegal, the engine's default action is taken, so a table never waits on a
missing decision.
"""

from __future__ import annotations

import logging

from ..ai import SEAT_LEVEL, AIPlayer, BaoHuangAI, ThinkingShare
from ..ai import hints as ai_hints
from ..engine import Action, Cards, Play
from ..engine.baohuang import BaoHuangGame
from .games import HostedGame

__all__ = ["decide", "hints"]

log = logging.getLogger(__name__)

_PLAYER = AIPlayer(SEAT_LEVEL, thinking=ThinkingShare())
_BH_PLAYER = BaoHuangAI(SEAT_LEVEL)


def _act(game: HostedGame, seat: int, legal: list[Action]) -> Action:
    if isinstance(game, BaoHuangGame):
        return _BH_PLAYER.act(game.view_for(seat), legal)
    return _PLAYER.act(game.view_for(seat), legal)


def decide(game: HostedGame, seat: int) -> Action:
    """The action the AI takes for ``seat`` now (one of its legal actions)."""
    legal = game.legal_actions(seat)
    if not legal:
        return game.default_action(seat)
    try:
        action = _act(game, seat, legal)
        if action in legal:
            return action
        log.warning("the AI chose %s, not a legal action; taking the default", action)
    except Exception:  # the table must go on whatever the AI does
        log.exception("the AI failed; taking the default action")
    default = game.default_action(seat)
    return default if default in legal else legal[0]


def hints(game: HostedGame, seat: int) -> list[Cards]:
    """Legal plays for the hint button, best first (never a pass)."""
    if isinstance(game, BaoHuangGame):
        return _bh_hints(game, seat)
    try:
        return [combo.cards for combo in ai_hints(game.view_for(seat))]
    except Exception:
        log.exception("hints failed")
        return []


def _bh_hints(game: BaoHuangGame, seat: int) -> list[Cards]:
    """保皇's legal plays, the AI's own choice first."""
    moves = game.moves(seat)
    if not moves:
        return []
    try:
        chosen = _BH_PLAYER.act(game.view_for(seat), game.legal_actions(seat))
    except Exception:
        log.exception("the 保皇 AI failed to hint")
        return moves
    if isinstance(chosen, Play) and chosen.cards in moves:
        return [chosen.cards, *(m for m in moves if m != chosen.cards)]
    return moves
