"""The host of a game (``GameHost``), written once: a game gives its seats, how a hand is made
and loaded, who deals next and what an escape costs; a game dealt all at once whose seats
decide one at a time (保皇, 跑得快, 比大小) takes the rest as it is, a game with more to do
around the deal or the clock (斗地主: 明牌, 加倍) gives those hooks too."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ddz_bot.kernel import Action, Deal, Room, Timeout, Waiting
from ddz_bot.tg.games import HostedGame

__all__ = ["HandStart", "Host", "deal_at_once", "escape_beans", "time_out_each"]


def escape_beans(room: Room, points: int) -> int:
    """What an escape costs before the caps: its ``points`` at the room's rate, and the fee
    (R-ESCAPE, R-BH-ESCAPE, R-PDK-ESCAPE)."""
    return points * room.coefficient + room.fee


@dataclass(frozen=True, slots=True)
class HandStart:
    """What a new hand is made from: the table's ``rules`` and room, the seats' balances and
    which are people, the table's random source, the seat the game says deals first."""

    rules: str
    room: Room
    balances: list[int]
    rng: random.Random | None
    humans: Sequence[bool]
    dealer: int | None


def deal_at_once(show_seats: Sequence[int], deal_window: bool) -> list[Action]:
    """One deal does it all."""
    return [Deal()]


def time_out_each(waiting: Waiting) -> list[Action]:
    """A time-out is the engine's ``Timeout`` whatever the decision."""
    return [Timeout(seat) for seat in sorted(waiting.seats)]


def one_at_a_time(before: Waiting, after: Waiting) -> bool:
    """No clock is shared: one seat decides at a time."""
    return False


@dataclass(frozen=True, slots=True)
class Host:
    """A ``GameHost`` of the game's parts (by default dealt at once, a seat at a time)."""

    #: how many seats a table of these ``rules`` has
    seats_for: Callable[[str], int]
    #: a hand made from its start
    make: Callable[[HandStart], HostedGame]
    #: a saved hand read back (``from_dict``)
    read: Callable[[dict[str, Any]], HostedGame]
    #: the seat that deals (or leads) the next hand, if the game says one
    dealer_after: Callable[[HostedGame], int | None]
    #: the beans ``seat`` would pay for leaving ``game`` now, fee included (``escape_beans``)
    escape_cost: Callable[[HostedGame, int], int]
    #: the table's first actions (the seats that show their hands, whether a window deals)
    opening_of: Callable[[Sequence[int], bool], list[Action]] = deal_at_once
    #: what the table sends when the seats waited for let the clock run out
    timed_out_of: Callable[[Waiting], list[Action]] = time_out_each
    #: whether the decision after runs on the clock of the one before
    shared_clock_of: Callable[[Waiting, Waiting], bool] = one_at_a_time

    def seats(self, rules: str) -> int:
        return self.seats_for(rules)

    def new_hand(
        self,
        rules: str,
        room: Room,
        balances: Sequence[int],
        rng: random.Random | None,
        humans: Sequence[bool],
        dealer: int | None = None,
    ) -> HostedGame:
        return self.make(HandStart(rules, room, list(balances), rng, humans, dealer))

    def next_dealer(self, game: HostedGame) -> int | None:
        return self.dealer_after(game)

    def load(self, data: dict[str, Any]) -> HostedGame:
        return self.read(data)

    def opening(self, show_seats: Sequence[int], *, deal_window: bool) -> list[Action]:
        return self.opening_of(show_seats, deal_window)

    def timed_out(self, waiting: Waiting) -> list[Action]:
        return self.timed_out_of(waiting)

    def shared_clock(self, before: Waiting, after: Waiting) -> bool:
        return self.shared_clock_of(before, after)
