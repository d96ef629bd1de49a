"""跑得快 at a table, as pure functions and data: the words that open it and its settings, the
typed words, the panel's text and buttons, the narration, the caption, the replay and the
result's lines. The Telegram layer turns these into messages and keyboards."""

from .panel import PanelButton, hints, panel_rows, panel_text, select_rank
from .replay import replay_head, replay_lines, result_lines
from .settings import (
    ALIAS_VARIANTS,
    ALIASES,
    GAME_KEY,
    SETTING_KEYS,
    UnknownOption,
    cycle,
    describe,
    is_alias,
    options_text,
    rules_from_settings,
    settings_rows,
    settings_to_dict,
    toggle,
)
from .typed import HINT_WORDS, PASS_WORDS, Hint, TypedRefusal, read_typed
from .words import caption, cards_text, combo_text, event_line, kind_word, play_text, rank_label

__all__ = [
    "ALIASES",
    "ALIAS_VARIANTS",
    "GAME_KEY",
    "HINT_WORDS",
    "PASS_WORDS",
    "SETTING_KEYS",
    "Hint",
    "PanelButton",
    "TypedRefusal",
    "UnknownOption",
    "caption",
    "cards_text",
    "combo_text",
    "cycle",
    "describe",
    "event_line",
    "hints",
    "is_alias",
    "kind_word",
    "options_text",
    "panel_rows",
    "panel_text",
    "play_text",
    "rank_label",
    "read_typed",
    "replay_head",
    "replay_lines",
    "result_lines",
    "rules_from_settings",
    "select_rank",
    "settings_rows",
    "settings_to_dict",
    "toggle",
]
