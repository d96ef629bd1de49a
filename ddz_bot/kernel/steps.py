"""The steps every game's ``apply`` takes alike, written once: refusing an action after the
end or from a seat that does not exist, finding the game's handler for it, recording it, the
seat's time-outs in a row (R-AFK) and 托管, a time-out's move, a replay. A game keeps its
handlers (its rules) and calls these."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, MutableSequence
from typing import Any, TypeVar

from .actions import Action, AutoPlay, BadSeat, Escape, GameOver, Pass, Play, Timeout, WrongPhase
from .events import AutoPlayChanged, Escaped, Event
from .protocol import GameProtocol

__all__ = [
    "TABLE_ACTIONS",
    "count_timeout",
    "escape_events",
    "replayed",
    "switch_auto",
    "take_action",
    "timeout_move",
]

H = TypeVar("H", bound=GameProtocol)

#: the table's own actions: they are not the seat's decision, so its time-outs in a row stay
TABLE_ACTIONS: frozenset[type[Action]] = frozenset({Timeout, AutoPlay, Escape})


def take_action(
    game: H,
    action: Action,
    handlers: Mapping[type[Action], Callable[[H, Any], list[Event]]],
    record: Callable[[Action], None],
    timeouts: MutableSequence[int],
) -> list[Event]:
    """``action`` applied to ``game`` by the game's handler for its kind; then recorded, and
    a seat's own decision clears its time-outs in a row. ``IllegalAction`` changes nothing."""
    if game.over:
        raise GameOver("the hand is over")
    seat = action.actor
    if seat is not None and not 0 <= seat < game.players:
        raise BadSeat(f"there is no seat {seat}")
    kind = type(action)
    handler = handlers.get(kind)
    if handler is None:
        raise WrongPhase(f"{kind.__name__} is not an action of {game.game_name}")
    events = handler(game, action)
    record(action)
    if seat is not None and kind not in TABLE_ACTIONS:
        timeouts[seat] = 0
    return events


def timeout_move(game: GameProtocol, action: Timeout) -> Action:
    """What a time-out does for its seat: the game's default, or the AI's play in its place
    (a play or pass by that seat, where the default is one)."""
    seat = action.seat
    default = game.default_action(seat)
    if action.play is not None:
        if action.play.seat != seat or not isinstance(default, Play | Pass):
            raise WrongPhase("a move in place of a time-out is a play by that seat")
        default = action.play
    return default


def count_timeout(
    timeouts: MutableSequence[int],
    auto: MutableSequence[bool],
    seat: int,
    limit: int,
    *,
    ended: bool = False,
) -> list[Event]:
    """One more time-out in a row for ``seat``; the ``limit``-th puts it on 托管 (R-AFK),
    unless the time-out ``ended`` the hand where the game says so."""
    timeouts[seat] += 1
    if timeouts[seat] >= limit and not auto[seat] and not ended:
        auto[seat] = True
        return [AutoPlayChanged(seat, True)]
    return []


def switch_auto(
    timeouts: MutableSequence[int], auto: MutableSequence[bool], action: AutoPlay
) -> list[Event]:
    """托管 on or off as the seat asks; asking clears its time-outs in a row."""
    seat = action.seat
    timeouts[seat] = 0
    if auto[seat] == action.on:
        return []
    auto[seat] = action.on
    return [AutoPlayChanged(seat, action.on)]


def escape_events(
    seat: int, phase: Event, finished: Callable[[Any], Event], outcome: object | None
) -> list[Event]:
    """What an escape that ends the hand tells: who left, the hand's last ``phase``, and its
    ``outcome`` as the game's ``finished`` event."""
    assert outcome is not None
    return [Escaped(seat), phase, finished(outcome)]


def replayed(
    game: H, actions: Iterable[Action | dict[str, Any]], read: Callable[[dict[str, Any]], Action]
) -> H:
    """``game``, a hand at its start, with ``actions`` applied in order (stored ones read
    back by ``read``): a replay, or a hand continued after a restart."""
    for action in actions:
        game.apply(action if isinstance(action, Action) else read(action))
    return game
