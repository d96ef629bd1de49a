"""Who decides for a seat that no person plays right now (AI seats, 托管), and the hints.

The table asks ``decide(game, seat)`` and ``hints(game, seat)``; both hand the AI only the
seat's view and its legal actions. Should the AI ever fail or answer something illegal, the
engine's default action is taken, so a table never waits on a missing decision.
"""

from __future__ import annotations

import logging

from ..ai import SEAT_LEVEL, AIPlayer, ThinkingShare
from ..ai import hints as ai_hints
from ..engine.actions import Action
from ..engine.cards import Cards
from ..engine.game import Game

__all__ = ["decide", "hints"]

log = logging.getLogger(__name__)

_PLAYER = AIPlayer(SEAT_LEVEL, thinking=ThinkingShare())


def decide(game: Game, seat: int) -> Action:
    """The action the AI takes for ``seat`` now (one of its legal actions)."""
    legal = game.legal_actions(seat)
    if not legal:
        return game.default_action(seat)
    try:
        action = _PLAYER.act(game.view_for(seat), legal)
        if action in legal:
            return action
        log.warning("the AI chose %s, not a legal action; taking the default", action)
    except Exception:  # the table must go on whatever the AI does
        log.exception("the AI failed; taking the default action")
    default = game.default_action(seat)
    return default if default in legal else legal[0]


def hints(game: Game, seat: int) -> list[Cards]:
    """Legal plays for the hint button, best first (never a pass)."""
    try:
        return [combo.cards for combo in ai_hints(game.view_for(seat))]
    except Exception:
        log.exception("hints failed")
        return []
