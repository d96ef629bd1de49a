"""What the table layer needs of a game's hands beyond the kernel's protocol: its host rules.

The flows (lobby, hand, timers, resuming) speak to a hand through the kernel's
``GameProtocol`` (``waiting_for``, ``apply``, ``legal_actions``, ``outcome``...) and the
kernel's shared actions (the deal window closing is a ``Deal``, 托管 an ``AutoPlay``, leaving
an ``Escape``); the few table actions that differ by game (how a hand is opened, what a
time-out sends, whose clock is shared, what an escape costs, who deals next, loading a saved
hand) are answered by the game's ``GameHost`` (its folder's ``tg/host.py``), which the flows
find through the registry (``ddz_bot.tg.hosts.host_for``). This module names the types only:
a game's module imports them, so it imports no registry.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from ddz_bot.kernel import Action, GameProtocol, Room, Waiting

__all__ = ["GameHost", "HostOf", "HostedGame"]

#: a hand of any game the table layer hosts
HostedGame = GameProtocol


class GameHost(Protocol):
    """The table actions of one game (see the module docstring)."""

    def seats(self, rules: str) -> int:
        """How many seats a table of ``rules`` has."""
        ...

    def new_hand(
        self,
        rules: str,
        room: Room,
        balances: Sequence[int],
        rng: random.Random | None,
        humans: Sequence[bool],
        dealer: int | None = None,
    ) -> HostedGame:
        """A hand dealt to seats holding ``balances``; ``humans`` marks the seats of people;
        ``dealer`` is the seat dealt first where the game says who (``None``: at random)."""
        ...

    def next_dealer(self, game: HostedGame) -> int | None:
        """The seat of ``game`` that deals the table's next hand, if the game says one."""
        ...

    def load(self, data: dict[str, Any]) -> HostedGame: ...

    def opening(self, show_seats: Sequence[int], *, deal_window: bool) -> list[Action]:
        """The actions that open a dealt hand: the seats that chose to show their cards
        in the lobby, then the deal (all of it at once when there is no deal window)."""
        ...

    def timed_out(self, waiting: Waiting) -> list[Action]:
        """What the table sends for the seats whose time ran out."""
        ...

    def shared_clock(self, before: Waiting, after: Waiting) -> bool:
        """Whether a decision everyone answers at once keeps the clock it began with."""
        ...

    def escape_cost(self, game: HostedGame, seat: int) -> int:
        """The beans ``seat`` would pay for leaving now (before the caps), fee included."""
        ...


#: the host of the game a table of ``rules`` plays (``ddz_bot.tg.hosts.host_for``): what a
#: saved table is loaded with
HostOf = Callable[[str], GameHost]
