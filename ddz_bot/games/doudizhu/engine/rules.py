"""The variant's parameters of 斗地主 (RuleSet): classic, points, wildcard, four players."""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from ddz_bot.kernel import RANK_CHARS, Rank

__all__ = [
    "CLASSIC",
    "FOUR_PLAYER",
    "POINTS",
    "WILDCARD",
    "Bidding",
    "RuleSet",
    "ruleset_by_name",
]


class Bidding(StrEnum):
    GRAB = "grab"  # 叫地主 / 抢地主
    POINTS = "points"  # 叫分 1/2/3


@dataclass(frozen=True, slots=True)
class RuleSet:
    """Which game is played. The classic three-player game is the default.

    ``wild_rank`` is the wildcard (癞子) rank of the current hand: ``None`` until drawn
    (R-LZ-PICK) and always ``None`` when ``wildcard`` is off.
    """

    name: str = "classic"
    players: int = 3
    decks: int = 1
    bidding: Bidding = Bidding.GRAB
    wildcard: bool = False
    wild_rank: int | None = None

    @property
    def hand_size(self) -> int:
        return 17 if self.decks == 1 else 25

    @property
    def bottom_size(self) -> int:
        return self.decks * 54 - self.players * self.hand_size

    @property
    def max_of_a_rank(self) -> int:
        return 4 * self.decks

    @property
    def rocket_size(self) -> int:
        """Jokers in the rocket: ``XD`` with one deck, ``XXDD`` (天王炸) with two."""
        return 2 * self.decks

    def with_wild_rank(self, rank: int | None) -> RuleSet:
        if rank is not None and (not self.wildcard or rank >= Rank.SMALL_JOKER):
            raise ValueError(f"no wildcard {rank!r} in {self.name}")
        return replace(self, wild_rank=rank)

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "players": self.players,
            "decks": self.decks,
            "bidding": self.bidding.value,
            "wildcard": self.wildcard,
            "wild_rank": self.wild_rank,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RuleSet:
        return cls(
            name=data["name"],
            players=data["players"],
            decks=data["decks"],
            bidding=Bidding(data["bidding"]),
            wildcard=data["wildcard"],
            wild_rank=data.get("wild_rank"),
        )

    def __str__(self) -> str:
        wild = "" if self.wild_rank is None else f", wild {RANK_CHARS[self.wild_rank]}"
        return f"{self.name} ({self.players}p, {self.bidding.value}{wild})"


CLASSIC = RuleSet()
POINTS = RuleSet(name="points", bidding=Bidding.POINTS)
WILDCARD = RuleSet(name="wildcard", wildcard=True)
FOUR_PLAYER = RuleSet(name="four", players=4, decks=2, bidding=Bidding.POINTS)

_RULESETS = {r.name: r for r in (CLASSIC, POINTS, WILDCARD, FOUR_PLAYER)}


def ruleset_by_name(name: str) -> RuleSet:
    try:
        return _RULESETS[name]
    except KeyError:
        raise ValueError(f"unknown game {name!r}; one of {', '.join(_RULESETS)}") from None
