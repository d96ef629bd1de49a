"""Combo kinds (牌型), the readings of a rank-count vector, and comparing combos.

A ``Combo`` is one *reading* of the cards a player puts down. In the classic game a
set of cards reads as at most one combo (R-STANDARD); with wildcards (R-LZ-*) or two
decks (R-AMBIG) it can read several ways. This module knows the shapes of combos and
how they compare; it generates nothing: the move generators (``moves``, ``wildmoves``)
build on it, and ``catalogue.classify`` reads any set of cards on top of them.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final

from ddz_bot.kernel import NUM_RANKS, RANK_CHARS, SEQUENCE_TOP, Cards, Rank, parse_cards

from .rules import CLASSIC, RuleSet

__all__ = [
    "BOMB_KINDS",
    "SEQUENCE_KINDS",
    "Combo",
    "ComboKind",
    "Reading",
    "beats",
    "bomb_factor",
    "kicker_count",
    "natural_readings",
    "preferred_stand_in",
    "reading_order",
    "typed_reading",
    "wild_combo",
]

_X: Final = int(Rank.SMALL_JOKER)
_D: Final = int(Rank.BIG_JOKER)


class ComboKind(StrEnum):
    SINGLE = "single"
    PAIR = "pair"
    TRIO = "trio"
    TRIO_SINGLE = "trio_single"
    TRIO_PAIR = "trio_pair"
    STRAIGHT = "straight"
    PAIR_STRAIGHT = "pair_straight"
    PLANE = "plane"
    PLANE_SINGLES = "plane_singles"
    PLANE_PAIRS = "plane_pairs"
    FOUR_TWO_SINGLES = "four_two_singles"
    FOUR_TWO_PAIRS = "four_two_pairs"
    BOMB = "bomb"  # natural cards only (硬炸弹 in the wildcard game)
    SOFT_BOMB = "soft_bomb"  # 软炸弹: natural cards and wildcards
    WILD_BOMB = "wild_bomb"  # 纯癞子炸弹: wildcards only
    ROCKET = "rocket"


#: Bomb classes, weakest first (R-LZ-BOMBS); the rocket sits above them all.
BOMB_KINDS: Final = (ComboKind.SOFT_BOMB, ComboKind.BOMB, ComboKind.WILD_BOMB)
_BOMB_TIER: Final = {kind: tier for tier, kind in enumerate(BOMB_KINDS, start=1)}
_BOMB_TIER_OF: Final = tuple(_BOMB_TIER.get(kind, 0) for kind in ComboKind)

#: The chains (顺子, 连对, 飞机): kind, cards per rank, shortest and longest chain (R-STANDARD).
SEQUENCE_KINDS: Final = (
    (ComboKind.STRAIGHT, 1, 5, 12),
    (ComboKind.PAIR_STRAIGHT, 2, 3, 10),
    (ComboKind.PLANE, 3, 2, 6),
)


class Combo:
    """One reading of a set of cards.

    * ``kind``: a ``ComboKind``;
    * ``rank``: the main rank: the rank for singles, pairs, trios and bombs, the
      *highest* rank for sequences, the trios' or the four's rank with kickers;
    * ``length``: the chain length (ranks in a sequence, trios in a plane), else 1;
    * ``cards``: the cards put down (a ``Cards``, wildcards as their own rank);
    * ``wild_as``: what each wildcard stands for, ascending; empty without wildcards.

    ``str(combo)`` is the canonical card string of ``cards``.
    """

    # No key tuple is kept: combos are cached by the tens of thousands, and each
    # container an object holds is one more for the garbage collector to walk.
    __slots__ = ("cards", "kind", "length", "rank", "wild_as")

    def __init__(
        self, kind: ComboKind, rank: int, length: int, cards: Cards, wild_as: tuple[int, ...] = ()
    ) -> None:
        self.kind = kind
        self.rank = rank
        self.length = length
        self.cards = cards
        self.wild_as = wild_as

    @property
    def size(self) -> int:
        return len(self.cards)

    @property
    def is_bomb(self) -> bool:
        """Bombs of every class and the rocket: what beats across kinds."""
        return self.kind is ComboKind.ROCKET or _BOMB_TIER_OF[_KIND_INDEX[self.kind]] > 0

    def reading(self, wild_rank: int | None) -> Cards:
        """The cards as read: each wildcard (a card of ``wild_rank``) replaced by what it
        stands for."""
        if not self.wild_as or wild_rank is None:
            return self.cards
        rest = list(self.cards)
        for _ in self.wild_as:
            rest.remove(wild_rank)
        return Cards(rest + list(self.wild_as))

    def __eq__(self, other: object) -> bool:
        return self is other or (
            isinstance(other, Combo)
            and self.cards == other.cards
            and self.kind is other.kind
            and self.rank == other.rank
            and self.length == other.length
            and self.wild_as == other.wild_as
        )

    def __hash__(self) -> int:
        return hash((self.cards, self.rank, self.length, self.wild_as))

    def __str__(self) -> str:
        return str(self.cards)

    def __repr__(self) -> str:
        wild = ""
        if self.wild_as:
            wild = ", wild_as=" + "".join(RANK_CHARS[r] for r in self.wild_as)
        return (
            f"Combo({self.kind.value}, {str(self.cards)!r}, rank={RANK_CHARS[self.rank]}"
            f"{'' if self.length == 1 else f', length={self.length}'}{wild})"
        )

    def to_dict(self) -> dict[str, object]:
        return {
            "kind": self.kind.value,
            "rank": self.rank,
            "length": self.length,
            "cards": str(self.cards),
            "wild_as": "".join(RANK_CHARS[r] for r in self.wild_as),
        }

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> Combo:
        return cls(
            ComboKind(str(data["kind"])),
            int(data["rank"]),  # type: ignore[call-overload]
            int(data["length"]),  # type: ignore[call-overload]
            parse_cards(str(data["cards"])),
            tuple(RANK_CHARS.index(c) for c in str(data.get("wild_as", ""))),
        )


_KIND_INDEX: Final = {kind: i for i, kind in enumerate(ComboKind)}


# --------------------------------------------------------------------------- reading

#: A reading of played cards: (kind, main rank, chain length), as in ``Combo``; a ``Play``
#: carries one (``actions`` re-exports it).
Reading = tuple[ComboKind, int, int]


def natural_readings(counts: list[int], rules: RuleSet = CLASSIC) -> list[Reading]:
    """Every classic reading of a rank-count vector (no wildcards involved).

    One deck gives at most one reading (R-STANDARD); two decks may give several.
    """
    total = sum(counts)
    if total == 0:
        return []
    present = [r for r in range(NUM_RANKS) if counts[r]]
    out: list[Reading] = []
    one_deck = rules.decks == 1
    jokers = counts[_X] + counts[_D]

    if jokers == total and jokers == rules.rocket_size and counts[_X] == counts[_D]:
        return [(ComboKind.ROCKET, _D, 1)]
    if len(present) == 1:
        rank = present[0]
        if total == 1:
            return [(ComboKind.SINGLE, rank, 1)]
        if rank >= _X and (one_deck or total > 2):
            return []  # jokers pair only with two decks, never trio (R-KICK-ROCKET, R-4P-BOMBS)
        if total == 2:
            return [(ComboKind.PAIR, rank, 1)]
        if total == 3:
            return [(ComboKind.TRIO, rank, 1)]
        if total >= 4:
            return [(ComboKind.BOMB, rank, 1)]
        return []

    # sequences: every present rank has the same count, consecutive, at most the ace
    width = counts[present[0]]
    if (
        all(counts[r] == width for r in present)
        and present[-1] <= SEQUENCE_TOP
        and present[-1] - present[0] == len(present) - 1
    ):
        for kind, per, shortest, longest in SEQUENCE_KINDS:
            if per == width and shortest <= len(present) <= longest:
                out.append((kind, present[-1], len(present)))

    if total == 4 or total == 5:
        for trio in present:
            if counts[trio] == 3:
                rest = [r for r in present if r != trio]
                if total == 4:
                    out.append((ComboKind.TRIO_SINGLE, trio, 1))
                elif len(rest) == 1 and _is_kicker_pair(rest[0], rules):
                    out.append((ComboKind.TRIO_PAIR, trio, 1))
    if total == 6 or total == 8:
        for four in present:
            if counts[four] != 4:
                continue
            rest = [r for r in present if r != four]
            if total == 6:
                if not (counts[_X] and counts[_D]):
                    out.append((ComboKind.FOUR_TWO_SINGLES, four, 1))
            elif (
                len(rest) == 2
                and all(counts[r] == 2 and _is_kicker_pair(r, rules) for r in rest)
                and not (counts[_X] and counts[_D])
            ):
                out.append((ComboKind.FOUR_TWO_PAIRS, four, 1))  # R-KICK-ROCKET
    if total >= 8 and total % 4 == 0:
        out.extend(_plane_with(counts, total // 4, singles=True, rules=rules))
    if total >= 10 and total % 5 == 0:
        out.extend(_plane_with(counts, total // 5, singles=False, rules=rules))
    return out


def _is_kicker_pair(rank: int, rules: RuleSet) -> bool:
    return rank < _X or rules.decks > 1


def _plane_with(counts: list[int], k: int, *, singles: bool, rules: RuleSet) -> list[Reading]:
    out: list[Reading] = []
    for low in range(0, SEQUENCE_TOP - k + 2):
        high = low + k - 1
        if any(counts[r] != 3 for r in range(low, high + 1)):
            continue
        rest = counts[:]
        for r in range(low, high + 1):
            rest[r] = 0
        if singles:
            if rest[_X] and rest[_D]:
                continue  # R-KICK-ROCKET, with one deck or two
            if any(n >= 4 for n in rest):
                continue  # R-KICK-SINGLES: no four of one rank among single kickers
            if (low > 0 and rest[low - 1] == 3) or (high < SEQUENCE_TOP and rest[high + 1] == 3):
                continue  # R-KICK-SINGLES: that trio belongs to a longer plane
        else:
            kickers = [r for r in range(NUM_RANKS) if rest[r]]
            if len(kickers) != k or any(
                rest[r] != 2 or not _is_kicker_pair(r, rules) for r in kickers
            ):
                continue  # R-KICK-PAIRS
            if rest[_X] and rest[_D]:
                continue  # R-KICK-ROCKET: two decks, a pair of each joker
        out.append((ComboKind.PLANE_SINGLES if singles else ComboKind.PLANE_PAIRS, high, k))
    return out


def preferred_stand_in(candidate: tuple[int, ...], current: tuple[int, ...], wild: int) -> bool:
    """Whether ``candidate`` is the canonical stand-in rather than ``current``: among
    readings that differ only in kickers, wildcards standing for themselves first, then the
    lowest stand-ins, so the same cards always read the same way."""

    def key(stand_in: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
        return (-sum(1 for r in stand_in if r == wild), stand_in)

    return key(candidate) < key(current)


def reading_order(reading: Reading) -> tuple[int, int, int]:
    """The order readings are listed in: by kind as declared, then rank and length."""
    kind, rank, length = reading
    return (_KIND_INDEX[kind], rank, length)


def wild_combo(
    kind: ComboKind,
    rank: int,
    length: int,
    cards: Cards,
    stand_in: tuple[int, ...],
    wild: int,
    rules: RuleSet,
) -> Combo:
    """The combo of cards holding wildcards read as ``kind`` with ``stand_in``: bombs get
    their class (R-LZ-BOMBS), and stand-ins that are all the wildcards themselves show none."""
    wild_as = tuple(sorted(stand_in))
    if all(r == wild for r in wild_as):
        wild_as = ()  # every wildcard stands for itself: nothing to show
    if kind is ComboKind.BOMB:
        if all(c == wild for c in cards):
            kind = ComboKind.WILD_BOMB
        elif wild_as:
            kind = ComboKind.SOFT_BOMB
    return Combo(kind, rank, length, cards, wild_as)


#: cards per main rank of the kinds that carry kickers
_KICKER_KINDS: Final = {
    ComboKind.TRIO_SINGLE: 3,
    ComboKind.TRIO_PAIR: 3,
    ComboKind.PLANE_SINGLES: 3,
    ComboKind.PLANE_PAIRS: 3,
    ComboKind.FOUR_TWO_SINGLES: 4,
    ComboKind.FOUR_TWO_PAIRS: 4,
}


def kicker_count(combo: Combo) -> int:
    """How many of the combo's cards are kickers (attached singles or pairs)."""
    main = _KICKER_KINDS.get(combo.kind)
    return 0 if main is None else len(combo.cards) - main * combo.length


def typed_reading(readings: list[Combo]) -> Combo | None:
    """The reading a typed play takes when it can read several ways (R-AMBIG): within the
    kind that has the fewest kickers, the highest main rank."""
    if not readings:
        return None
    return min(readings, key=lambda c: (kicker_count(c), -c.rank, -c.length))


# --------------------------------------------------------------------------- comparing


def beats(combo: Combo, other: Combo, rules: RuleSet = CLASSIC) -> bool:
    """True if ``combo`` may be played on top of ``other`` (R-CMP-*, R-LZ-BOMBS, R-4P-BOMBS)."""
    kind = combo.kind
    if kind is ComboKind.ROCKET:
        return other.kind is not ComboKind.ROCKET
    other_kind = other.kind
    if other_kind is ComboKind.ROCKET:
        return False
    tier = _BOMB_TIER_OF[_KIND_INDEX[kind]]
    other_tier = _BOMB_TIER_OF[_KIND_INDEX[other_kind]]
    if tier:
        if not other_tier:
            return True
        return (len(combo.cards), tier, combo.rank) > (len(other.cards), other_tier, other.rank)
    if other_tier:
        return False
    return (
        kind is other_kind
        and combo.length == other.length
        and len(combo.cards) == len(other.cards)
        and combo.rank > other.rank
    )


def bomb_factor(combo: Combo, rules: RuleSet = CLASSIC) -> int:
    """What a played bomb or rocket multiplies the hand by (R-MULT, R-LZ-MULT); 1 otherwise."""
    if not combo.is_bomb:
        return 1
    if not rules.wildcard:
        return 2
    if combo.kind is ComboKind.SOFT_BOMB:
        return 2
    return 4
