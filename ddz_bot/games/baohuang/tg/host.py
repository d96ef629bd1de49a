"""保皇's host rules (RULES.md section 4) and its options as a table's ``rules`` carries them
(``baohuang+called+roast``): one deal does it all; a time-out is the engine's ``Timeout``
(R-BH-AFK), whatever the decision; the previous hand's emperor deals the next one."""

from __future__ import annotations

from ddz_bot.games.baohuang.engine import ESCAPE_PENALTY, BaoHuangGame, BaoHuangRules, GuardMethod
from ddz_bot.games.kit.host import HandStart, Host, escape_beans
from ddz_bot.tg.games import HostedGame

__all__ = ["BAOHUANG", "BAOHUANG_HOST", "baohuang_rules", "baohuang_rules_name"]

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


def _hand(start: HandStart) -> BaoHuangGame:
    rules = baohuang_rules(start.rules)
    return BaoHuangGame(
        rules, start.room, start.balances, start.rng, dealer=start.dealer, humans=start.humans
    )


def _emperor(game: HostedGame) -> int | None:
    """R-BH-DEAL: the previous hand's emperor deals the next one."""
    return game.emperor if isinstance(game, BaoHuangGame) else None


#: 保皇 (RULES.md section 4) with the options its ``rules`` name; an escape costs the
#: penalty's points (R-BH-ESCAPE)
BAOHUANG_HOST = Host(
    seats_for=lambda rules: 5,
    make=_hand,
    read=BaoHuangGame.from_dict,
    dealer_after=_emperor,
    escape_cost=lambda game, seat: escape_beans(game.room, ESCAPE_PENALTY),
)
