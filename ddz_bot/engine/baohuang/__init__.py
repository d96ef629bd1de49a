"""保皇 (Bao Huang), the five-player climbing game of RULES.md section 4: a pure rules engine."""

from .cards import (
    DECK_SIZE,
    DECKS,
    EMPEROR_CARD,
    GUARD_CARD,
    HAND_SIZES,
    NATURAL_RANKS,
    Face,
    bh_deck,
    is_special,
)
from .melds import Meld, MeldKind, NotAMeld, meld_of
from .rules import BaoHuangRules, GuardMethod
from .views import (
    BaoHuangOutcome,
    Declaration,
    FactorReason,
    Phase,
    Place,
    PublicView,
    Role,
    ScoreFactor,
    SeatInfo,
    SeatView,
    Solo,
    ThroneOffer,
)

__all__ = [
    "DECKS",
    "DECK_SIZE",
    "EMPEROR_CARD",
    "GUARD_CARD",
    "HAND_SIZES",
    "NATURAL_RANKS",
    "BaoHuangOutcome",
    "BaoHuangRules",
    "Declaration",
    "Face",
    "FactorReason",
    "GuardMethod",
    "Meld",
    "MeldKind",
    "NotAMeld",
    "Phase",
    "Place",
    "PublicView",
    "Role",
    "ScoreFactor",
    "SeatInfo",
    "SeatView",
    "Solo",
    "ThroneOffer",
    "bh_deck",
    "is_special",
    "meld_of",
]
