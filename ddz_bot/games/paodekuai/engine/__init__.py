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
from .rules import DEFAULT_RULES, OPTION_NAMES, PdkRules

__all__ = [
    "DEFAULT_RULES",
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

# One hand as a state machine: its refusals, events, views, scoring.
from .actions import (
    OWN_ACTIONS,
    OWN_REFUSALS,
    BadSeat,
    CardsNotInHand,
    DoesNotBeat,
    EmptyPlay,
    GameOver,
    MustBeat,
    MustLead,
    MustPlayHighest,
    MustPlayThree,
    NotACombo,
    NotYourTurn,
    WrongPhase,
    read_action,
)
from .events import (
    BombStood,
    HandDealt,
    HandFinished,
    OneCardLeft,
    PdkEvent,
    PhaseChanged,
    Played,
    TrickWon,
)
from .game import AFK_LIMIT, PdkGame
from .scoring import (
    BOMB_POINTS,
    bomb_points,
    card_points,
    escape_points,
    loser_pays,
    pdk_settle,
)
from .views import BombItem, PdkOutcome, Phase, PublicView, SeatInfo, SeatView

__all__ += [
    "AFK_LIMIT",
    "BOMB_POINTS",
    "OWN_ACTIONS",
    "OWN_REFUSALS",
    "BadSeat",
    "BombItem",
    "BombStood",
    "CardsNotInHand",
    "DoesNotBeat",
    "EmptyPlay",
    "GameOver",
    "HandDealt",
    "HandFinished",
    "MustBeat",
    "MustLead",
    "MustPlayHighest",
    "MustPlayThree",
    "NotACombo",
    "NotYourTurn",
    "OneCardLeft",
    "PdkEvent",
    "PdkGame",
    "PdkOutcome",
    "Phase",
    "PhaseChanged",
    "Played",
    "PublicView",
    "SeatInfo",
    "SeatView",
    "TrickWon",
    "WrongPhase",
    "bomb_points",
    "card_points",
    "escape_points",
    "loser_pays",
    "pdk_settle",
    "read_action",
]
