"""斗地主's options as a group keeps them (bidding, wildcard: /settings) and a table carries
them: its ``rules`` is the variant's name (``classic``, ``points``, ``wildcard``, ``four``).

The group keeps them in its ``game_options`` under ``doudizhu``, by the names a variant's
rules use (``bidding``: ``grab`` or ``points``; ``wildcard``: on or off); none kept is
call-and-grab without the wildcard.
"""

from __future__ import annotations

from typing import Any

from ddz_bot.games.doudizhu.engine import Bidding
from ddz_bot.games.module import TableTerms
from ddz_bot.i18n import t
from ddz_bot.storage import GroupSettings

__all__ = ["ALIASES", "GAME_KEY", "VARIANTS", "DouDizhuOptions", "group_options"]

#: the game's name, under which a group keeps its options
GAME_KEY = "doudizhu"
#: the variants a table's ``rules`` names
VARIANTS = frozenset({"classic", "points", "wildcard", "four"})
#: words after /newgame -> the variant it opens
ALIASES = {
    **dict.fromkeys(("classic", "经典", "經典", "jingdian"), "classic"),
    **dict.fromkeys(("points", "point", "score", "jiaofen", "叫分"), "points"),
    **dict.fromkeys(
        ("wild", "wildcard", "laizi", "lz", "癞子", "癩子", "赖子", "賴子"), "wildcard"
    ),
    **dict.fromkeys(("four", "4", "4p", "4人", "四人", "4player", "4players", "siren"), "four"),
}


def group_options(group: GroupSettings) -> tuple[Bidding, bool]:
    """The group's bidding and whether it plays the wildcard (a value no longer known reads
    as the default)."""
    kept = group.options_of(GAME_KEY)
    bidding = Bidding.POINTS if kept.get("bidding") == Bidding.POINTS.value else Bidding.GRAB
    return bidding, kept.get("wildcard") is True


def _kept(bidding: Bidding, wildcard: bool) -> dict[str, bool | int | str]:
    return {"bidding": bidding.value, "wildcard": wildcard}


class DouDizhuOptions:
    """斗地主's ``GameOptions``. Points bidding and the wildcard are two games, not one: turning
    one on in /settings turns the other off (a group saved with both gets points bidding)."""

    def table_rules(self, group: GroupSettings, variant: str | None) -> str:
        if variant:
            return variant
        bidding, wildcard = group_options(group)
        if bidding is Bidding.POINTS:
            return "points"
        return "wildcard" if wildcard else "classic"

    def title(self, lang: str) -> str:
        return t(lang, "game_doudizhu")

    def describe(self, rules: str, lang: str) -> str:
        return t(lang, f"game_{rules}")

    def pitch(self, lang: str) -> str:
        return t(lang, "ddz_pitch")

    def rules_text(self, terms: TableTerms, lang: str) -> str:
        return t(lang, "ddz_rules", **terms.fields())

    def settings_lines(self, group: GroupSettings, lang: str) -> list[str]:
        bidding, wildcard = group_options(group)
        onoff = t(lang, "on" if wildcard else "off")
        return [
            t(lang, "settings_ddz", bidding=t(lang, f"bidding_{bidding.value}"), wildcard=onoff)
        ]

    def settings_buttons(self, group: GroupSettings, lang: str) -> dict[str, str]:
        bidding, wildcard = group_options(group)
        onoff = t(lang, "on" if wildcard else "off")
        return {
            "bidding": t(lang, "btn_bidding", bidding=t(lang, f"bidding_{bidding.value}")),
            "wildcard": t(lang, "btn_wildcard", value=onoff),
        }

    def cycle(self, group: GroupSettings, key: str) -> dict[str, Any] | None:
        bidding, wildcard = group_options(group)
        if key == "bidding":
            bidding = Bidding.POINTS if bidding is Bidding.GRAB else Bidding.GRAB
            wildcard = wildcard and bidding is Bidding.GRAB
        elif key == "wildcard":
            wildcard = not wildcard
            bidding = Bidding.GRAB if wildcard else bidding
        else:
            return None
        return group.with_options(GAME_KEY, _kept(bidding, wildcard))
