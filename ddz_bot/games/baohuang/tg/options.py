"""保皇's options as a group keeps them (how the guard is found, 烤牌, 憋6, 抢独: /settings)
and a table carries them in its ``rules`` (``baohuang+called+roast``).

The group keeps them in its ``game_options`` under ``baohuang``, by the names of the rules'
own record (``BaoHuangRules.to_dict``: ``method``, ``roast``, ``six``, ``grab_solo``); none
kept is the fixed guard without the extras.
"""

from __future__ import annotations

from typing import Any

from ddz_bot.games.baohuang.engine import BaoHuangRules, GuardMethod
from ddz_bot.games.module import TableTerms
from ddz_bot.i18n import t
from ddz_bot.storage import GroupSettings

from .host import BAOHUANG, baohuang_rules, baohuang_rules_name
from .words import options_text

__all__ = ["ALIASES", "BaoHuangOptions", "group_baohuang_rules", "group_rules"]

#: words after /newgame that open 保皇
ALIASES = dict.fromkeys(
    ("baohuang", "bh", "保皇", "5p", "5", "5人", "五人", "wuren", "5player", "5players"), BAOHUANG
)


#: the /settings buttons of the on/off options and the rules' field each turns
_SWITCHES = {"bh_roast": "roast", "bh_six": "six", "bh_grab": "grab_solo"}


def group_baohuang_rules(group: GroupSettings) -> BaoHuangRules:
    """The group's 保皇 options (a value no longer known reads as the default)."""
    kept = group.options_of(BAOHUANG)
    called = kept.get("method") == GuardMethod.CALLED.value
    return BaoHuangRules(
        method=GuardMethod.CALLED if called else GuardMethod.FIXED,
        roast=kept.get("roast") is True,
        six=kept.get("six") is True,
        grab_solo=kept.get("grab_solo") is True,
    )


def group_rules(group: GroupSettings) -> str:
    """The ``rules`` of a 保皇 table opened in the group: its 保皇 options (/settings)."""
    return baohuang_rules_name(group_baohuang_rules(group))


class BaoHuangOptions:
    """保皇's ``GameOptions``."""

    def table_rules(self, group: GroupSettings, variant: str | None) -> str:
        return group_rules(group)

    def title(self, lang: str) -> str:
        return t(lang, "game_baohuang")

    def describe(self, rules: str, lang: str) -> str:
        return t(lang, "bh_cap_game", options=options_text(baohuang_rules(rules), lang))

    def pitch(self, lang: str) -> str:
        return t(lang, "bh_pitch")

    def rules_text(self, terms: TableTerms, lang: str) -> str:
        return t(lang, "bh_rules")

    def settings_lines(self, group: GroupSettings, lang: str) -> list[str]:
        options = options_text(baohuang_rules(group_rules(group)), lang)
        return [t(lang, "settings_bh", options=options)]

    def settings_buttons(self, group: GroupSettings, lang: str) -> dict[str, str]:
        def onoff(value: bool) -> str:
            return t(lang, "on" if value else "off")

        rules = group_baohuang_rules(group)
        method = t(lang, f"bh_method_{rules.method.value}")
        return {
            "bh_method": t(lang, "btn_bh_method", method=method),
            "bh_roast": t(lang, "btn_bh_roast", value=onoff(rules.roast)),
            "bh_six": t(lang, "btn_bh_six", value=onoff(rules.six)),
            "bh_grab": t(lang, "btn_bh_grab", value=onoff(rules.grab_solo)),
        }

    def cycle(self, group: GroupSettings, key: str) -> dict[str, Any] | None:
        kept = group_baohuang_rules(group).to_dict()
        if key == "bh_method":
            called = kept["method"] == GuardMethod.FIXED.value
            kept["method"] = (GuardMethod.CALLED if called else GuardMethod.FIXED).value
        elif key in _SWITCHES:
            kept[_SWITCHES[key]] = not kept[_SWITCHES[key]]
        else:
            return None
        return group.with_options(BAOHUANG, kept)
