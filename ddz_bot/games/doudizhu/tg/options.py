"""斗地主's options as a group keeps them (bidding, wildcard: /settings) and a table carries
them: its ``rules`` is the variant's name (``classic``, ``points``, ``wildcard``, ``four``)."""

from __future__ import annotations

from typing import Any

from ddz_bot.i18n import t
from ddz_bot.storage import GroupSettings

__all__ = ["ALIASES", "VARIANTS", "DouDizhuOptions"]

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


class DouDizhuOptions:
    """斗地主's ``GameOptions``. Points bidding and the wildcard are two games, not one: turning
    one on in /settings turns the other off (a group saved with both gets points bidding)."""

    def table_rules(self, group: GroupSettings, variant: str | None) -> str:
        if variant:
            return variant
        if group.bidding.value == "points":
            return "points"
        return "wildcard" if group.wildcard else "classic"

    def title(self, lang: str) -> str:
        return t(lang, "game_doudizhu")

    def describe(self, rules: str, lang: str) -> str:
        return t(lang, f"game_{rules}")

    def settings_lines(self, group: GroupSettings, lang: str) -> list[str]:
        return []  # bidding and the wildcard are in the settings' own lines

    def settings_buttons(self, group: GroupSettings, lang: str) -> dict[str, str]:
        onoff = t(lang, "on" if group.wildcard else "off")
        return {
            "bidding": t(lang, "btn_bidding", bidding=t(lang, f"bidding_{group.bidding.value}")),
            "wildcard": t(lang, "btn_wildcard", value=onoff),
        }

    def cycle(self, group: GroupSettings, key: str) -> dict[str, Any] | None:
        changes: dict[str, Any] = {}
        if key == "bidding":
            changes["bidding"] = "points" if group.bidding.value == "grab" else "grab"
            if changes["bidding"] == "points":
                changes["wildcard"] = False
        elif key == "wildcard":
            changes["wildcard"] = not group.wildcard
            if changes["wildcard"]:
                changes["bidding"] = "grab"
        else:
            return None
        return changes
