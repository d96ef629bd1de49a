"""跑得快's rules: pure, synchronous, no I/O (docs/rules.md section 6)."""

from .cards import PLAYERS, SPADE_THREE, TOP_RANK, deck_for, max_of_rank
from .combos import (
    NotAPlay,
    PdkCombo,
    PdkKind,
    Reading,
    beating_reading,
    classify,
    combo_of,
    pdk_beats,
    readings,
)
from .moves import legal_plays, pdk_moves
from .rules import OPTION_NAMES, PdkRules

__all__ = [
    "OPTION_NAMES",
    "PLAYERS",
    "SPADE_THREE",
    "TOP_RANK",
    "NotAPlay",
    "PdkCombo",
    "PdkKind",
    "PdkRules",
    "Reading",
    "beating_reading",
    "classify",
    "combo_of",
    "deck_for",
    "legal_plays",
    "max_of_rank",
    "pdk_beats",
    "pdk_moves",
    "readings",
]
