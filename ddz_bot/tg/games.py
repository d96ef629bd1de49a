"""What the table layer knows of each game it hosts, in one place.

The flows (lobby, hand, timers, resuming) speak to a hand through the engine's
``GameProtocol`` (``waiting_for``, ``apply``, ``legal_actions``, ``outcome``...); the few
table actions a protocol leaves to the host (how a hand is dealt, what a time-out sends, how
托管 and an escape are asked for) are answered by the game's ``GameHost`` here. A new game
adds its host to ``_HOSTS``; the flows stay as they are.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol

from ..engine.actions import Action, AutoPlay, Deal, Escape, NoDouble, ShowCards, Timeout
from ..engine.game import Game
from ..engine.protocol import TimeLimit, Waiting
from ..engine.rules import Room, ruleset_by_name

__all__ = ["DouDizhuHost", "GameHost", "carry_over", "host_for"]


class GameHost(Protocol):
    """The table actions of one game (see the module docstring)."""

    def seats(self, rules: str) -> int:
        """How many seats a table of ``rules`` has."""
        ...

    def new_hand(
        self, rules: str, room: Room, balances: Sequence[int], rng: random.Random | None
    ) -> Game: ...

    def load(self, data: dict[str, Any]) -> Game: ...

    def opening(self, show_seats: Sequence[int], *, deal_window: bool) -> list[Action]:
        """The actions that open a dealt hand: the seats that chose to show their cards
        in the lobby, then the deal (all of it at once when there is no deal window)."""
        ...

    def close_window(self) -> Action:
        """What the table sends when its deal window closes."""
        ...

    def timed_out(self, waiting: Waiting) -> list[Action]:
        """What the table sends for the seats whose time ran out."""
        ...

    def on_autoplay(self, game: Game, seat: int) -> bool:
        """Whether ``seat`` is played by the AI (托管) now."""
        ...

    def shared_clock(self, before: Waiting, after: Waiting) -> bool:
        """Whether a decision everyone answers at once keeps the clock it began with."""
        ...

    def autoplay(self, seat: int, on: bool) -> Action: ...

    def escape(self, seat: int) -> Action: ...


class DouDizhuHost:
    """斗地主 in all its variants (classic, points bidding, wildcard, four players)."""

    def seats(self, rules: str) -> int:
        return ruleset_by_name(rules).players

    def new_hand(
        self, rules: str, room: Room, balances: Sequence[int], rng: random.Random | None
    ) -> Game:
        return Game(ruleset_by_name(rules), room, list(balances), rng=rng)

    def load(self, data: dict[str, Any]) -> Game:
        return Game.from_dict(data)

    def opening(self, show_seats: Sequence[int], *, deal_window: bool) -> list[Action]:
        actions: list[Action] = [ShowCards(seat) for seat in show_seats]
        return actions + [Deal()] * (1 if deal_window else 3)

    def close_window(self) -> Action:
        return Deal()

    def timed_out(self, waiting: Waiting) -> list[Action]:
        # while doubling everyone answers at once: silence is "no" (not an AFK time-out)
        if waiting.limit is TimeLimit.DOUBLE:
            return [NoDouble(seat) for seat in sorted(waiting.seats)]
        return [Timeout(seat) for seat in sorted(waiting.seats)]

    def on_autoplay(self, game: Game, seat: int) -> bool:
        return bool(game.auto[seat])

    def shared_clock(self, before: Waiting, after: Waiting) -> bool:
        # 加倍: everyone answers against the clock set when the doubling began
        return before.limit is after.limit is TimeLimit.DOUBLE

    def autoplay(self, seat: int, on: bool) -> Action:
        return AutoPlay(seat, on)

    def escape(self, seat: int) -> Action:
        return Escape(seat)


_DDZ = DouDizhuHost()
_HOSTS: dict[str, GameHost] = {"classic": _DDZ, "points": _DDZ, "wildcard": _DDZ, "four": _DDZ}


def host_for(rules: str) -> GameHost:
    """The host of the game a table of ``rules`` plays."""
    try:
        return _HOSTS[rules]
    except KeyError:
        raise ValueError(f"no game is hosted under {rules!r}") from None


def carry_over(live: Game, committed: Game) -> None:
    """Make ``live`` the committed hand: everyone holding the hand object (a presenter, a
    handler between two awaits) sees the state that is saved, never a half-applied one."""
    vars(live).clear()
    vars(live).update(vars(committed))
