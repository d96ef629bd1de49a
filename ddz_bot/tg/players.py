"""Who decides for a seat that no person plays right now (AI seats, 托管), and the hints.

``choose(view, legal, baohuang, level=...)`` is the decision itself: the AI at the table's
level (``Table.ai_level``, the group's choice in /settings; ``SEAT_LEVEL`` unless told) sees
the seat's view and its legal actions only (a 保皇 seat gets the 保皇 AI). It is a plain function
of picklable values so that a worker process can run it (``tg/thinker.py``); each process
keeps its own players, one a level, made when first asked for (their memory of a hand stays
with the process that played it). ``decide(game, seat, level=...)`` and ``hints(game, seat)``
are the same on the bot's own loop (hints come from ``SEAT_LEVEL``'s players). Should the AI
ever fail or answer something illegal, the engine's default action is taken, so a table never
waits on a missing decision.
"""

from __future__ import annotations

import logging
from typing import Any

from ddz_bot.ai import ThinkingShare
from ddz_bot.games.baohuang.ai import BaoHuangAI
from ddz_bot.games.baohuang.engine import BaoHuangGame
from ddz_bot.games.doudizhu.ai import SEAT_LEVEL, AIPlayer, LevelName
from ddz_bot.games.doudizhu.ai import hints as ai_hints
from ddz_bot.kernel import Action, Cards, Play

from .games import HostedGame

__all__ = ["baohuang_player", "choose", "configure", "decide", "hints", "lawful", "player"]

log = logging.getLogger(__name__)

#: the share of the loop's time the searching player may take (``ai.thinking``): on the
#: bot's own loop every table waits while it searches, so a small one
LOOP_THINKING_SHARE = 0.15

#: the share of the processor this process's hard player searches within (``configure``)
_thinking_share = LOOP_THINKING_SHARE
#: this process's players by level, shared by every table of that level
_PLAYERS: dict[LevelName, AIPlayer] = {}
_BH_PLAYERS: dict[LevelName, BaoHuangAI] = {}


def configure(thinking_share: float) -> None:
    """Give this process's searching player its own share of the processor (a worker process
    that does nothing else may search more of its time than the bot's loop can spare)."""
    global _thinking_share
    _thinking_share = thinking_share
    _PLAYERS.pop(LevelName.HARD, None)  # made again, with this share, when next asked for


def player(level: LevelName = SEAT_LEVEL) -> AIPlayer:
    """This process's 斗地主 player at ``level``. Only the hard one searches, so only it
    gets a share of the processor; easy and normal answer from their plan at once."""
    level = LevelName(level)
    found = _PLAYERS.get(level)
    if found is None:
        thinking = ThinkingShare(share=_thinking_share) if level is LevelName.HARD else None
        found = _PLAYERS[level] = AIPlayer(level, thinking=thinking)
    return found


def baohuang_player(level: LevelName = SEAT_LEVEL) -> BaoHuangAI:
    """This process's 保皇 player at ``level`` (the same level names)."""
    level = LevelName(level)
    found = _BH_PLAYERS.get(level)
    if found is None:
        found = _BH_PLAYERS[level] = BaoHuangAI(level)
    return found


def choose(
    view: Any,
    legal: list[Action],
    baohuang: bool,
    *,
    level: LevelName = SEAT_LEVEL,
    asked: float | None = None,
) -> Action:
    """The choice of the AI at ``level`` for a seat, from its view and legal actions (may
    raise); a 斗地主 search's time counts from ``asked`` (perf_counter) when given."""
    if baohuang:
        return baohuang_player(level).act(view, legal)
    return player(level).act(view, legal, asked)


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
        chosen: Action | None = choose(
            game.view_for(seat), legal, isinstance(game, BaoHuangGame), level=level
        )
    except Exception:  # the table must go on whatever the AI does
        log.exception("the AI failed; taking the default action")
        chosen = None
    return lawful(game, seat, legal, chosen)


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
        chosen = baohuang_player().act(game.view_for(seat), game.legal_actions(seat))
    except Exception:
        log.exception("the 保皇 AI failed to hint")
        return moves
    if isinstance(chosen, Play) and chosen.cards in moves:
        return [chosen.cards, *(m for m in moves if m != chosen.cards)]
    return moves
