"""What the table layer knows of each game it hosts, in one place.

The flows (lobby, hand, timers, resuming) speak to a hand through the engine's
``GameProtocol`` (``waiting_for``, ``apply``, ``legal_actions``, ``outcome``...); the few
table actions a protocol leaves to the host (how a hand is dealt, what a time-out sends, how
托管 and an escape are asked for) are answered by the game's ``GameHost`` here. A new game
adds its host to ``_HOSTS``; the flows stay as they are.

A table's ``rules`` names its game and options in one word: ``classic``, ``points``...,
or ``baohuang`` with its options after ``+`` (``baohuang+called+roast``), so a lobby, a saved
table and Again carry them as they carry 斗地主's rule set.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol

from ddz_bot.games.baohuang.engine import ESCAPE_PENALTY, BaoHuangGame, BaoHuangRules, GuardMethod
from ddz_bot.games.doudizhu.engine import Game, NoDouble, ShowCards, escape_score, ruleset_by_name
from ddz_bot.kernel import Action, AutoPlay, Deal, Escape, Room, TimeLimit, Timeout, Waiting

__all__ = [
    "BAOHUANG",
    "BaoHuangHost",
    "DouDizhuHost",
    "GameHost",
    "HostedGame",
    "baohuang_rules",
    "baohuang_rules_name",
    "carry_over",
    "game_of",
    "host_for",
    "is_baohuang",
]

#: a hand of any game the table layer hosts
HostedGame = Game | BaoHuangGame
#: the name of 保皇 in a table's ``rules``
BAOHUANG = "baohuang"
#: 保皇's options as they are written after its name, in this order
_BH_FLAGS = ("called", "roast", "six", "grab")


def game_of(rules: str) -> str:
    """The game a table's ``rules`` name (``baohuang`` for ``baohuang+called``)."""
    return rules.split("+", 1)[0]


def is_baohuang(rules: str) -> bool:
    return game_of(rules) == BAOHUANG


def baohuang_rules(rules: str) -> BaoHuangRules:
    """The 保皇 options a table's ``rules`` names (``baohuang+called+six``)."""
    flags = set(rules.split("+")[1:])
    unknown = flags - set(_BH_FLAGS)
    if not is_baohuang(rules) or unknown:
        raise ValueError(f"not the rules of a 保皇 table: {rules!r}")
    return BaoHuangRules(
        method=GuardMethod.CALLED if "called" in flags else GuardMethod.FIXED,
        roast="roast" in flags,
        six="six" in flags,
        grab_solo="grab" in flags,
    )


def baohuang_rules_name(options: BaoHuangRules) -> str:
    """The table ``rules`` of a 保皇 table with ``options`` (``baohuang_rules`` reads it)."""
    on = {
        "called": options.method is GuardMethod.CALLED,
        "roast": options.roast,
        "six": options.six,
        "grab": options.grab_solo,
    }
    return "+".join([BAOHUANG, *(flag for flag in _BH_FLAGS if on[flag])])


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

    def close_window(self) -> Action:
        """What the table sends when its deal window closes."""
        ...

    def timed_out(self, waiting: Waiting) -> list[Action]:
        """What the table sends for the seats whose time ran out."""
        ...

    def on_autoplay(self, game: HostedGame, seat: int) -> bool:
        """Whether ``seat`` is played by the AI (托管) now."""
        ...

    def shared_clock(self, before: Waiting, after: Waiting) -> bool:
        """Whether a decision everyone answers at once keeps the clock it began with."""
        ...

    def autoplay(self, seat: int, on: bool) -> Action: ...

    def escape(self, seat: int) -> Action: ...

    def escape_cost(self, game: HostedGame, seat: int) -> int:
        """The beans ``seat`` would pay for leaving now (before the caps), fee included."""
        ...


class DouDizhuHost:
    """斗地主 in all its variants (classic, points bidding, wildcard, four players)."""

    def seats(self, rules: str) -> int:
        return ruleset_by_name(rules).players

    def new_hand(
        self,
        rules: str,
        room: Room,
        balances: Sequence[int],
        rng: random.Random | None,
        humans: Sequence[bool],
        dealer: int | None = None,
    ) -> Game:
        return Game(ruleset_by_name(rules), room, list(balances), rng=rng)

    def next_dealer(self, game: HostedGame) -> int | None:
        return None  # whoever bids first is drawn at random each hand

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

    def on_autoplay(self, game: HostedGame, seat: int) -> bool:
        return bool(game.auto[seat])

    def shared_clock(self, before: Waiting, after: Waiting) -> bool:
        # 加倍: everyone answers against the clock set when the doubling began
        return before.limit is after.limit is TimeLimit.DOUBLE

    def autoplay(self, seat: int, on: bool) -> Action:
        return AutoPlay(seat, on)

    def escape(self, seat: int) -> Action:
        return Escape(seat)

    def escape_cost(self, game: HostedGame, seat: int) -> int:
        """R-ESCAPE."""
        assert isinstance(game, Game)
        score = escape_score(
            landlord=game.landlord == seat,
            base=game.base,
            multiplier=game.escape_multiplier(),
            landlord_known=game.landlord is not None,
        )
        return score * game.room.coefficient + game.room.fee


class BaoHuangHost:
    """保皇 (RULES.md section 4) with the options its ``rules`` name: one deal does it all;
    a time-out is the engine's ``Timeout`` (R-BH-AFK), whatever the decision."""

    def seats(self, rules: str) -> int:
        return 5

    def new_hand(
        self,
        rules: str,
        room: Room,
        balances: Sequence[int],
        rng: random.Random | None,
        humans: Sequence[bool],
        dealer: int | None = None,
    ) -> BaoHuangGame:
        return BaoHuangGame(
            baohuang_rules(rules), room, list(balances), rng, dealer=dealer, humans=humans
        )

    def next_dealer(self, game: HostedGame) -> int | None:
        """R-BH-DEAL: the previous hand's emperor deals the next one."""
        return game.emperor if isinstance(game, BaoHuangGame) else None

    def load(self, data: dict[str, Any]) -> BaoHuangGame:
        return BaoHuangGame.from_dict(data)

    def opening(self, show_seats: Sequence[int], *, deal_window: bool) -> list[Action]:
        return [Deal()]

    def close_window(self) -> Action:
        return Deal()

    def timed_out(self, waiting: Waiting) -> list[Action]:
        return [Timeout(seat) for seat in sorted(waiting.seats)]

    def on_autoplay(self, game: HostedGame, seat: int) -> bool:
        return bool(game.auto[seat])

    def shared_clock(self, before: Waiting, after: Waiting) -> bool:
        return False  # one seat decides at a time

    def autoplay(self, seat: int, on: bool) -> Action:
        return AutoPlay(seat, on)

    def escape(self, seat: int) -> Action:
        return Escape(seat)

    def escape_cost(self, game: HostedGame, seat: int) -> int:
        """R-BH-ESCAPE: the penalty's points at the room's rate, and the fee."""
        return ESCAPE_PENALTY * game.room.coefficient + game.room.fee


_DDZ = DouDizhuHost()
_HOSTS: dict[str, GameHost] = {
    "classic": _DDZ,
    "points": _DDZ,
    "wildcard": _DDZ,
    "four": _DDZ,
    BAOHUANG: BaoHuangHost(),
}


def host_for(rules: str) -> GameHost:
    """The host of the game a table of ``rules`` plays."""
    try:
        return _HOSTS[game_of(rules)]
    except KeyError:
        raise ValueError(f"no game is hosted under {rules!r}") from None


def carry_over(live: HostedGame, committed: HostedGame) -> None:
    """Make ``live`` the committed hand: everyone holding the hand object (a presenter, a
    handler between two awaits) sees the state that is saved, never a half-applied one."""
    vars(live).clear()
    vars(live).update(vars(committed))
