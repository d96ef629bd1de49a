"""The rules of 斗地主: pure, synchronous, no I/O. Nothing here imports the rest of the project."""

from .cards import (
    NUM_RANKS,
    RANK_CHARS,
    Card,
    CardParseError,
    Cards,
    Rank,
    Suit,
    format_cards,
    full_deck,
    parse_cards,
    rank_name,
)
from .combos import BOMB_KINDS, Combo, ComboKind, beats, bomb_factor, classify
from .moves import legal_moves
from .rules import (
    CLASSIC,
    DEFAULT_ROOM,
    FOUR_PLAYER,
    POINTS,
    ROOMS,
    WILDCARD,
    Bidding,
    Room,
    RuleSet,
    room_by_key,
    ruleset_by_name,
)

__all__ = [
    "BOMB_KINDS",
    "CLASSIC",
    "DEFAULT_ROOM",
    "FOUR_PLAYER",
    "NUM_RANKS",
    "POINTS",
    "RANK_CHARS",
    "ROOMS",
    "WILDCARD",
    "Bidding",
    "Card",
    "CardParseError",
    "Cards",
    "Combo",
    "ComboKind",
    "Rank",
    "Room",
    "RuleSet",
    "Suit",
    "beats",
    "bomb_factor",
    "classify",
    "format_cards",
    "full_deck",
    "legal_moves",
    "parse_cards",
    "rank_name",
    "room_by_key",
    "ruleset_by_name",
]

# One hand as a state machine, its actions and events, settlement and titles.
from .actions import (
    Action,
    AutoPlay,
    Bid,
    Call,
    Deal,
    Decline,
    Double,
    Escape,
    Grab,
    IllegalAction,
    NoDouble,
    NoGrab,
    NoShow,
    Pass,
    Play,
    ShowCards,
    Timeout,
    action_from_dict,
)
from .events import Event
from .game import Game
from .scoring import BeanChange, Settlement, escape_score, settle
from .titles import TITLES, Title, next_title, title_for
from .views import (
    HandOutcome,
    MultiplierItem,
    Phase,
    PublicView,
    Role,
    SeatInfo,
    SeatView,
)

__all__ += [
    "TITLES", "Action", "AutoPlay", "BeanChange", "Bid", "Call", "Deal", "Decline", "Double",
    "Escape", "Event", "Game", "Grab", "HandOutcome", "IllegalAction", "MultiplierItem",
    "NoDouble", "NoGrab", "NoShow", "Pass", "Phase", "Play", "PublicView", "Role", "SeatInfo",
    "SeatView", "Settlement", "ShowCards", "Timeout", "Title", "action_from_dict",
    "escape_score", "next_title", "settle", "title_for",
]
