"""保皇's host rules (RULES.md section 4) and its options as a table's ``rules`` carries them
(``baohuang+called+roast``): one deal does it all; a time-out is the engine's ``Timeout``
(R-BH-AFK), whatever the decision; the previous hand's emperor deals the next one."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ddz_bot.games.baohuang.engine import ESCAPE_PENALTY, BaoHuangGame, BaoHuangRules, GuardMethod
from ddz_bot.kernel import Action, Deal, Room, Timeout, Waiting
from ddz_bot.tg.games import HostedGame

__all__ = ["BAOHUANG", "BaoHuangHost", "baohuang_rules", "baohuang_rules_name"]

#: the name of 保皇 in a table's ``rules``
BAOHUANG = "baohuang"
#: 保皇's options as they are written after its name, in this order
_BH_FLAGS = ("called", "roast", "six", "grab")


def baohuang_rules(rules: str) -> BaoHuangRules:
    """The 保皇 options a table's ``rules`` names (``baohuang+called+six``)."""
    flags = set(rules.split("+")[1:])
    unknown = flags - set(_BH_FLAGS)
    if rules.split("+", 1)[0] != BAOHUANG or unknown:
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

    def timed_out(self, waiting: Waiting) -> list[Action]:
        return [Timeout(seat) for seat in sorted(waiting.seats)]

    def shared_clock(self, before: Waiting, after: Waiting) -> bool:
        return False  # one seat decides at a time

    def escape_cost(self, game: HostedGame, seat: int) -> int:
        """R-BH-ESCAPE: the penalty's points at the room's rate, and the fee."""
        return ESCAPE_PENALTY * game.room.coefficient + game.room.fee
