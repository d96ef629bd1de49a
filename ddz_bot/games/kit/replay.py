"""A finished hand told again, the parts every game's /replay shares: the stored start and
log read back, the events of the hand rebuilt from them, the numbered lines with the clock's
mark, and who escaped at what cost. A game says only its own lines and its head."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from ddz_bot.i18n import t
from ddz_bot.kernel import Action, Event, GameProtocol
from ddz_bot.storage import FinishedHand

__all__ = ["ReplayLines", "escape_verdict", "replay_events", "stored_start"]


def stored_start(hand: FinishedHand) -> tuple[dict[str, Any], list[Any]] | None:
    """The hand's stored start and action log (``None``: stored before replays existed)."""
    result: dict[str, Any] = hand.result
    start, log = result.get("start"), result.get("log")
    if not isinstance(start, dict) or not isinstance(log, list):
        return None
    return start, log


def replay_events(
    hand: FinishedHand,
    rebuild: Callable[[dict[str, Any], list[Any]], GameProtocol],
    read_action: Callable[[dict[str, Any]], Action],
) -> Iterator[Event]:
    """Every event of the stored hand, in order, as the engine ``rebuild`` tells it again."""
    stored = stored_start(hand)
    if stored is None:
        return
    start, log = stored
    game = rebuild(start, [])
    for data in log:
        yield from game.apply(read_action(data))


def escape_verdict(hand: FinishedHand, names: Sequence[str], lang: str) -> str | None:
    """Who escaped and what it cost them, from the hand's stored bean changes (``None``:
    nobody escaped)."""
    escaped = hand.result.get("escaped")
    if not isinstance(escaped, int) or not 0 <= escaped < len(hand.seats):
        return None
    user = hand.seats[escaped]
    paid = -sum(change.delta for change in hand.bean_changes if change.user_id == user)
    return t(lang, "escaped_paid", name=names[escaped], beans=paid)


@dataclass(slots=True)
class ReplayLines:
    """A replay's numbered lines, one a move, marked ``late_mark`` where the clock played it
    (``clocked`` for the seat whose time ran out, before its move)."""

    names: Sequence[str]
    late_mark: str
    lines: list[str] = field(default_factory=list)
    late: set[int] = field(default_factory=set)

    def clocked(self, seat: int) -> None:
        self.late.add(seat)

    def add(self, seat: int, what: str, who: str | None = None) -> None:
        mark = f" {self.late_mark}" if seat in self.late else ""
        self.late.discard(seat)
        name = self.names[seat] if who is None else who
        self.lines.append(f"{len(self.lines) + 1}. {name}: {what}{mark}")
