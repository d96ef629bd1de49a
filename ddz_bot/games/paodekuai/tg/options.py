"""跑得快's options as a group keeps them (/settings: 15 cards, first play without ♠3, 四带三)
and a table carries them in its ``rules`` (``paodekuai+cards15``)."""

from __future__ import annotations

from typing import Any

from ddz_bot.games.module import TableTerms
from ddz_bot.i18n import t as shared
from ddz_bot.storage import GroupSettings

from ..i18n import t as pt
from .text import (
    ALIAS_VARIANTS,
    GAME_KEY,
    cycle,
    describe,
    options_text,
    rules_from_settings,
    settings_rows,
    settings_to_dict,
)

__all__ = ["ALIASES", "PdkOptions", "group_rules"]

#: words after /newgame that open 跑得快
ALIASES = ALIAS_VARIANTS


def _stored(group: GroupSettings) -> dict[str, Any]:
    """The group's 跑得快 options as stored (none stored: all off)."""
    return group.options_of(GAME_KEY)


def group_rules(group: GroupSettings) -> str:
    """The ``rules`` of a 跑得快 table opened in the group: its options (/settings)."""
    return rules_from_settings(_stored(group)).name


class PdkOptions:
    """跑得快's ``GameOptions``."""

    def table_rules(self, group: GroupSettings, variant: str | None) -> str:
        return group_rules(group)

    def title(self, lang: str) -> str:
        return shared(lang, "game_paodekuai")

    def describe(self, rules: str, lang: str) -> str:
        return describe(rules, lang)

    def pitch(self, lang: str) -> str:
        return pt(lang, "pitch")

    def rules_text(self, terms: TableTerms, lang: str) -> str:
        return pt(lang, "rules", **terms.fields())

    def settings_lines(self, group: GroupSettings, lang: str) -> list[str]:
        rules = rules_from_settings(_stored(group))
        return [f"{pt(lang, 'game_name')}: {options_text(rules, lang)}"]

    def settings_buttons(self, group: GroupSettings, lang: str) -> dict[str, str]:
        rules = rules_from_settings(_stored(group))
        return {
            key: f"{pt(lang, 'game_name')} · {label}" for key, label in settings_rows(rules, lang)
        }

    def cycle(self, group: GroupSettings, key: str) -> dict[str, Any] | None:
        rules = rules_from_settings(_stored(group))
        change = cycle(rules, key)
        if change is None:
            return None
        return group.with_options(GAME_KEY, {**settings_to_dict(rules), **change})
