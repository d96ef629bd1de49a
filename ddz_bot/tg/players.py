"""Who decides for a seat that no person plays right now (AI seats, 托管) and the hints.

The table asks ``decide(game, seat)`` and ``hints(game, seat)``; both only look at the seat's
view and its legal actions. The project's AI (``ddz_bot.ai``) is used when it offers
``choose_action``/``rank_hints``; otherwise a small greedy player stands in, so a table never
waits on a missing decision.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from ..engine.actions import Action, Bid, Call, Decline, Grab, NoDouble, NoGrab, NoShow, Pass, Play
from ..engine.cards import Cards
from ..engine.game import Game
from ..engine.views import Phase, SeatView

__all__ = ["decide", "hints"]

log = logging.getLogger(__name__)

Chooser = Callable[[SeatView, list[Action]], Action]
Ranker = Callable[[SeatView, list[Action]], list[Action]]


def _project_ai() -> tuple[Chooser | None, Ranker | None]:
    try:
        from .. import ai
    except ImportError:  # pragma: no cover - the AI package is optional for the bot
        return None, None
    choose: Any = getattr(ai, "choose_action", None)
    rank: Any = getattr(ai, "rank_hints", None)
    return choose, rank


_CHOOSE, _RANK = _project_ai()


def _strength(hand: Cards) -> int:
    counts = hand.counts()
    score = 2 * counts[12] + 3 * counts[13] + 4 * counts[14]
    return score + sum(4 for c in counts[:13] if c >= 4)


def _greedy(game: Game, seat: int, legal: list[Action]) -> Action:
    phase = game.phase
    hand = game.hand(seat)
    if phase is Phase.BIDDING:
        strong = _strength(hand) >= 6
        for action in legal:
            if strong and isinstance(action, Call | Grab):
                return action
        bids = [a for a in legal if isinstance(a, Bid)]
        if strong and bids:
            return bids[-1] if _strength(hand) >= 10 else bids[0]
        for action in legal:
            if isinstance(action, Decline | NoGrab):
                return action
    if phase is Phase.LANDLORD_SHOW:
        return NoShow(seat)
    if phase is Phase.DOUBLING:
        return NoDouble(seat)
    plays = [a for a in legal if isinstance(a, Play)]
    if not plays:
        return legal[0]
    if game.to_beat is not None and game.to_beat_seat is not None and game.landlord is not None:
        partner = game.to_beat_seat != game.landlord and seat != game.landlord
        if partner:
            return Pass(seat)
    nonbomb = [p for p in plays if not _is_bomb(game, p)] or plays
    if game.to_beat is None:
        return max(nonbomb, key=lambda p: (len(p.cards), -max(p.cards)))
    return min(nonbomb, key=lambda p: (max(p.cards), len(p.cards)))


def _is_bomb(game: Game, play: Play) -> bool:
    try:
        return game.choose_reading(play.cards, play.reading).is_bomb
    except ValueError:
        return False


def decide(game: Game, seat: int) -> Action:
    """The action an AI takes for ``seat`` now (one of its legal actions)."""
    legal = game.legal_actions(seat)
    if not legal:
        return game.default_action(seat)
    if _CHOOSE is not None:
        try:
            action = _CHOOSE(game.view_for(seat), legal)
            if action in legal:
                return action
            log.warning("the AI chose %s, not a legal action; playing greedy", action)
        except Exception:  # the table must go on whatever the AI does
            log.exception("the AI failed; playing greedy")
    return _greedy(game, seat, legal)


def hints(game: Game, seat: int) -> list[Cards]:
    """Legal plays for the hint button, best first (no pass)."""
    legal = game.legal_actions(seat)
    plays = [a for a in legal if isinstance(a, Play)]
    if _RANK is not None:
        try:
            ranked = [a for a in _RANK(game.view_for(seat), legal) if isinstance(a, Play)]
            if ranked:
                return [a.cards for a in ranked]
        except Exception:
            log.exception("the AI's hints failed; ranking greedily")
    plays.sort(key=lambda p: (_is_bomb(game, p), max(p.cards), -len(p.cards)))
    return [p.cards for p in plays]
