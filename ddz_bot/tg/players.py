"""Who decides for a seat that no person plays right now (AI seats, 托管), and the hints.

``choose(view, legal, game, level=...)`` is the decision itself: the AI of the table's game
(``GAMES[game].ai``, a ``GameAI``) at the table's level (``Table.ai_level``, the group's choice
in /settings; ``SEAT_LEVEL`` unless told) sees the seat's view and its legal actions only. A
worker process (``tg/thinker.py``) asks the same of its own copy of the game's AI; each keeps
its own players, one a level, in each process. ``decide(game, seat, ...)`` and
``hints(game, seat)`` are the same on the bot's own loop. Should the AI ever fail or answer
something illegal, the engine's default action is taken, so a table never waits on a missing
decision.
"""

from __future__ import annotations

import logging
from typing import Any

from ddz_bot.ai import SEAT_LEVEL, LevelName
from ddz_bot.games import GAMES
from ddz_bot.kernel import Action, Cards

from .games import HostedGame

__all__ = ["choose", "decide", "hints", "lawful"]

log = logging.getLogger(__name__)


def choose(
    view: Any,
    legal: list[Action],
    game: str,
    *,
    level: LevelName = SEAT_LEVEL,
    asked: float | None = None,
) -> Action:
    """The choice of ``game``'s AI at ``level`` for a seat, from its view and legal actions
    (may raise); a search's time counts from ``asked`` (perf_counter) when given."""
    return GAMES[game].ai.choose(view, legal, level=level, asked=asked)


def lawful(game: HostedGame, seat: int, legal: list[Action], chosen: Action | None) -> Action:
    """``chosen`` if it is legal, else the engine's default (a table always goes on)."""
    if chosen is not None and chosen in legal:
        return chosen
    if chosen is not None:
        log.warning("the AI chose %s, not a legal action; taking the default", chosen)
    default = game.default_action(seat)
    return default if default in legal else legal[0]


def decide(game: HostedGame, seat: int, *, level: LevelName = SEAT_LEVEL) -> Action:
    """The action the AI at ``level`` takes for ``seat`` now (one of its legal actions), on
    this loop."""
    legal = game.legal_actions(seat)
    if not legal:
        return game.default_action(seat)
    try:
        chosen: Action | None = choose(game.view_for(seat), legal, game.game_name, level=level)
    except Exception:  # the table must go on whatever the AI does
        log.exception("the AI failed; taking the default action")
        chosen = None
    return lawful(game, seat, legal, chosen)


def hints(game: HostedGame, seat: int) -> list[Cards]:
    """Legal plays for the hint button, best first (never a pass)."""
    return GAMES[game.game_name].ai.hints(game, seat)
