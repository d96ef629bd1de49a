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
from .combos import BOMB_KINDS, Combo, ComboKind, IllegalCombo, beats, bomb_factor, classify
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
    "BOMB_KINDS", "CLASSIC", "DEFAULT_ROOM", "FOUR_PLAYER", "NUM_RANKS", "POINTS", "RANK_CHARS",
    "ROOMS", "WILDCARD", "Bidding", "Card", "CardParseError", "Cards", "Combo", "ComboKind",
    "IllegalCombo", "Rank", "Room", "RuleSet", "Suit", "beats", "bomb_factor", "classify",
    "format_cards", "full_deck", "parse_cards", "rank_name", "room_by_key", "ruleset_by_name",
]
