"""跑得快 in a group's settings: the words that open it, its options read from and written to
the settings' dict, and the rows of its settings panel."""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from dataclasses import replace
from typing import Any, Final

from ...engine import OPTION_NAMES, PdkRules
from ...i18n import t

__all__ = [
    "ALIASES",
    "ALIAS_VARIANTS",
    "GAME_KEY",
    "SETTING_KEYS",
    "UnknownOption",
    "cycle",
    "describe",
    "is_alias",
    "options_text",
    "rules_from_settings",
    "settings_rows",
    "settings_to_dict",
    "toggle",
]

#: the game's key in a table's rules and a group's settings
GAME_KEY: Final = "paodekuai"
#: what people type after /newgame (and in /settings) to mean 跑得快
ALIASES: Final = ("pdk", "paodekuai", "跑得快", "跑的快")
#: each word and the variant (a table's first ``rules`` word) it opens
ALIAS_VARIANTS: Final = dict.fromkeys(ALIASES, GAME_KEY)
#: the /settings buttons' keys (prefixed: a group's settings hold every game's options)
SETTING_KEYS: Final = {f"pdk_{name}": name for name in OPTION_NAMES}


class UnknownOption(ValueError):
    """A settings word that is no option of 跑得快."""

    def __init__(self, word: str) -> None:
        self.word = word
        super().__init__(f"{word!r} is not an option of 跑得快; one of {', '.join(OPTION_NAMES)}")


def is_alias(word: str) -> bool:
    """``/newgame 跑得快``, ``/newgame PDK``, full-width letters too."""
    return unicodedata.normalize("NFKC", word).strip().lower() in ALIASES


def rules_from_settings(data: Mapping[str, Any] | None) -> PdkRules:
    """The options stored in a group's settings (missing ones off; other keys left alone, they
    are the other games')."""
    data = data or {}
    return PdkRules(**{name: bool(data.get(name, False)) for name in OPTION_NAMES})


def settings_to_dict(rules: PdkRules) -> dict[str, bool]:
    return {name: bool(getattr(rules, name)) for name in OPTION_NAMES}


def toggle(rules: PdkRules, option: str) -> PdkRules:
    """The rules with ``option`` switched; ``UnknownOption`` for any other word."""
    if option not in OPTION_NAMES:
        raise UnknownOption(option)
    return replace(rules, **{option: not getattr(rules, option)})


def settings_rows(rules: PdkRules, lang: str) -> list[tuple[str, str]]:
    """The settings panel's rows: (the button's key, its label with the option's state)."""
    return [
        (
            f"pdk_{name}",
            t(
                lang,
                "opt_line",
                option=t(lang, f"opt_{name}"),
                state=t(lang, "opt_on" if getattr(rules, name) else "opt_off"),
            ),
        )
        for name in OPTION_NAMES
    ]


def options_text(rules: PdkRules, lang: str) -> str:
    """The options on, for a lobby or /rules (``standard rules`` when none is)."""
    on = [t(lang, f"opt_{name}") for name in OPTION_NAMES if getattr(rules, name)]
    return " · ".join(on) if on else t(lang, "opt_none")


def cycle(rules: PdkRules, key: str) -> dict[str, bool] | None:
    """The settings' change when the /settings button ``key`` is pressed (the option switched,
    by its bare name as the dict keeps it); ``None`` when ``key`` is not one of 跑得快's."""
    option = SETTING_KEYS.get(key)
    if option is None:
        return None
    return {option: not getattr(rules, option)}


def describe(rules_name: str, lang: str) -> str:
    """The game and its options in a few words, from a table's ``rules``
    (``paodekuai+cards15``); ``ValueError`` for another game's."""
    return f"{t(lang, 'game_name')}: {options_text(PdkRules.from_name(rules_name), lang)}"
