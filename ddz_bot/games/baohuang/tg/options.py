"""保皇's options as a group keeps them (how the guard is found, 烤牌, 憋6, 抢独: /settings)
and a table carries them in its ``rules`` (``baohuang+called+roast``)."""

from __future__ import annotations

from typing import Any

from ddz_bot.games.baohuang.engine import BaoHuangRules, GuardMethod
from ddz_bot.i18n import t
from ddz_bot.storage import GroupSettings

from .host import BAOHUANG, baohuang_rules, baohuang_rules_name
from .words import options_text

__all__ = ["ALIASES", "BaoHuangOptions", "group_rules"]

#: words after /newgame that open 保皇
ALIASES = dict.fromkeys(
    ("baohuang", "bh", "保皇", "5p", "5", "5人", "五人", "wuren", "5player", "5players"), BAOHUANG
)


def group_rules(group: GroupSettings) -> str:
    """The ``rules`` of a 保皇 table opened in the group: its 保皇 options (/settings)."""
    return baohuang_rules_name(
        BaoHuangRules(
            method=group.bh_method,
            roast=group.bh_roast,
            six=group.bh_six,
            grab_solo=group.bh_grab,
        )
    )


class BaoHuangOptions:
    """保皇's ``GameOptions``."""

    def table_rules(self, group: GroupSettings, variant: str | None) -> str:
        return group_rules(group)

    def title(self, lang: str) -> str:
        return t(lang, "game_baohuang")

    def describe(self, rules: str, lang: str) -> str:
        return t(lang, "bh_cap_game", options=options_text(baohuang_rules(rules), lang))

    def settings_lines(self, group: GroupSettings, lang: str) -> list[str]:
        options = options_text(baohuang_rules(group_rules(group)), lang)
        return [t(lang, "settings_bh", options=options)]

    def settings_buttons(self, group: GroupSettings, lang: str) -> dict[str, str]:
        def onoff(value: bool) -> str:
            return t(lang, "on" if value else "off")

        method = t(lang, f"bh_method_{group.bh_method.value}")
        return {
            "bh_method": t(lang, "btn_bh_method", method=method),
            "bh_roast": t(lang, "btn_bh_roast", value=onoff(group.bh_roast)),
            "bh_six": t(lang, "btn_bh_six", value=onoff(group.bh_six)),
            "bh_grab": t(lang, "btn_bh_grab", value=onoff(group.bh_grab)),
        }

    def cycle(self, group: GroupSettings, key: str) -> dict[str, Any] | None:
        if key == "bh_method":
            called = group.bh_method is GuardMethod.FIXED
            return {"bh_method": GuardMethod.CALLED if called else GuardMethod.FIXED}
        if key in ("bh_roast", "bh_six", "bh_grab"):
            return {key: not getattr(group, key)}
        return None
