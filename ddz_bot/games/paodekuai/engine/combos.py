"""跑得快's combos (R-PDK-COMBO, R-PDK-LAST, R-PDK-FOUR) and what beats what (R-PDK-BEAT).

A set of cards is read from its structure (``readings``): every way it forms a combo. The
full-size combos may be played at any time; with ``last`` (the play empties its player's
hand) a trio alone, a trio with one and an airplane with fewer than two wings a trio also
read, as the full-size combo of their trios (``short``). Most cards read one way; an
airplane among several trios may read with different trios, and a play is compared by the
reading that suits it best (a player says the highest).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from typing import Final, NamedTuple

from ddz_bot.kernel import SEQUENCE_TOP, Cards, parse_cards

from .cards import TOP_RANK, max_of_rank
from .rules import DEFAULT_RULES, PdkRules

__all__ = [
    "NotAPlay",
    "PdkCombo",
    "PdkKind",
    "Reading",
    "beating_reading",
    "classify",
    "combo_of",
    "pdk_beats",
    "played_combo",
    "readings",
]

_ACE: Final = SEQUENCE_TOP
_NO_CARDS: Final = Cards()
#: the deck's cards of each rank, by the ``cards15`` option (False, True)
_MAX_OF_RANK: Final = (max_of_rank(PdkRules()), max_of_rank(PdkRules(cards15=True)))


class PdkKind(StrEnum):
    """The combos of 跑得快 (R-PDK-COMBO, R-PDK-FOUR)."""

    SINGLE = "single"
    PAIR = "pair"
    PAIRS = "pairs"  # 连对: two or more consecutive pairs
    STRAIGHT = "straight"  # 顺子: five or more consecutive ranks
    TRIO_TWO = "trio_two"  # 三带二
    PLANE = "plane"  # 飞机: consecutive trios with two wings each
    FOUR_THREE = "four_three"  # 四带三 (option four_three): not a bomb
    BOMB = "bomb"  # four of a rank


#: read off the class once (on Python 3.11 reading an enum member off its class is slow)
_BOMB: Final = PdkKind.BOMB


class Reading(NamedTuple):
    """One way to read cards: the kind, its top rank (a chain's highest, a trio's or an
    airplane's highest trio), the chain's length (1 when not a chain), and ``short`` for a
    last play counted as its full-size combo (R-PDK-LAST)."""

    kind: PdkKind
    rank: int
    length: int
    short: bool = False


class NotAPlay(ValueError):
    """Cards that form no combo of 跑得快 where one is needed (the play on the table)."""

    def __init__(self, cards: Cards) -> None:
        self.cards = cards
        super().__init__(f"{cards or 'nothing'} is not a play of 跑得快")


@dataclass(frozen=True, slots=True)
class PdkCombo:
    """Cards read as one combo (``Reading`` with the cards)."""

    kind: PdkKind
    rank: int
    length: int
    cards: Cards
    short: bool = False

    @property
    def is_bomb(self) -> bool:
        return self.kind is _BOMB

    @property
    def reading(self) -> Reading:
        return Reading(self.kind, self.rank, self.length, self.short)

    def __str__(self) -> str:
        return str(self.cards)


def _windows(ranks: list[int], at_least: int) -> list[tuple[int, int]]:
    """Every run of ``at_least`` or more consecutive ranks up to A among sorted ``ranks``, as
    ``(top, length)``."""
    out: list[tuple[int, int]] = []
    run: list[int] = []
    for r in ranks:
        if r > _ACE:
            break
        if run and r != run[-1] + 1:
            run = []
        run.append(r)
        for length in range(at_least, len(run) + 1):
            out.append((r, length))
    return out


def readings(
    cards: Cards, rules: PdkRules = DEFAULT_RULES, last: bool = False
) -> tuple[Reading, ...]:
    """Every reading of ``cards`` (empty: no combo). ``last``: they empty the hand."""
    return _readings(cards, rules.cards15, rules.four_three, last)


@lru_cache(maxsize=1 << 16)
def _readings(cards: Cards, cards15: bool, four_three: bool, last: bool) -> tuple[Reading, ...]:
    """``readings``, remembered by the options they depend on (plain flags: cheap to hash)."""
    n = len(cards)
    if not n or cards[-1] > TOP_RANK:
        return ()
    counts = [0] * (TOP_RANK + 1)
    for r in cards:
        counts[r] += 1
    if any(c > m for c, m in zip(counts, _MAX_OF_RANK[cards15], strict=True)):
        return ()
    held = [r for r, c in enumerate(counts) if c]
    lo, hi = held[0], held[-1]
    out: list[Reading] = []
    if n == 1:
        return (Reading(PdkKind.SINGLE, lo, 1),)
    if len(held) == 1:
        if n == 2:
            return (Reading(PdkKind.PAIR, lo, 1),)
        if n == 4:
            return (Reading(PdkKind.BOMB, lo, 1),)
    width = n // len(held)
    if hi <= _ACE and hi - lo + 1 == len(held) and all(counts[r] == width for r in held):
        if width == 1 and n >= 5:
            out.append(Reading(PdkKind.STRAIGHT, hi, n))
        elif width == 2 and n >= 4:
            out.append(Reading(PdkKind.PAIRS, hi, n // 2))
    trios = [r for r in held if counts[r] == 3]
    if trios:
        if n == 5:
            out.append(Reading(PdkKind.TRIO_TWO, trios[0], 1))
        elif last and n < 5:
            out.append(Reading(PdkKind.TRIO_TWO, trios[0], 1, True))
        for top, k in _windows(trios, 2):
            wings = n - 3 * k
            if wings == 2 * k:
                out.append(Reading(PdkKind.PLANE, top, k))
            elif last and wings < 2 * k:
                out.append(Reading(PdkKind.PLANE, top, k, True))
    if four_three and n == 7:
        out.extend(Reading(PdkKind.FOUR_THREE, r, 1) for r in held if counts[r] == 4)
    return tuple(out)


def _best(found: tuple[Reading, ...]) -> Reading:
    """The reading a play is shown and compared by: a full one before a short one, then the
    longest chain, then the highest rank."""
    return max(found, key=lambda x: (not x.short, x.length, x.rank))


def combo_of(cards: Cards | str, rules: PdkRules = DEFAULT_RULES, last: bool = False) -> PdkCombo:
    """``cards`` as the combo they are played as; ``NotAPlay`` if they form none."""
    if isinstance(cards, str):
        cards = parse_cards(cards)
    found = readings(cards, rules, last)
    if not found:
        raise NotAPlay(cards)
    best = _best(found)
    return PdkCombo(best.kind, best.rank, best.length, cards, best.short)


def classify(
    cards: Cards | str, rules: PdkRules = DEFAULT_RULES, last: bool = False
) -> list[PdkCombo]:
    """Every reading of ``cards`` as a combo, best first (empty when they form none)."""
    if isinstance(cards, str):
        cards = parse_cards(cards)
    found = sorted(readings(cards, rules, last), key=lambda x: (not x.short, x.length, x.rank))
    return [PdkCombo(x.kind, x.rank, x.length, cards, x.short) for x in reversed(found)]


def beating_reading(
    cards: Cards, previous: PdkCombo, rules: PdkRules = DEFAULT_RULES, last: bool = False
) -> Reading | None:
    """The highest reading of ``cards`` that beats ``previous`` (R-PDK-BEAT), or ``None``."""
    best: Reading | None = None
    for x in readings(cards, rules, last):
        if x.kind is _BOMB:
            ok = previous.kind is not _BOMB or x.rank > previous.rank
        else:
            ok = x.kind is previous.kind and x.length == previous.length and x.rank > previous.rank
        if ok and (best is None or (not x.short, x.rank) > (not best.short, best.rank)):
            best = x
    return best


def played_combo(
    cards: Cards, previous: PdkCombo | None, rules: PdkRules, last: bool
) -> PdkCombo | None:
    """The combo ``cards`` (a combo) are played as: leading, their best reading; following
    ``previous``, their highest reading that beats it (``None``: none does)."""
    table = None if previous is None else (previous.kind, previous.rank, previous.length)
    return _played(cards, table, rules.cards15, rules.four_three, last)


@lru_cache(maxsize=1 << 16)
def _played(
    cards: Cards,
    table: tuple[PdkKind, int, int] | None,
    cards15: bool,
    four_three: bool,
    last: bool,
) -> PdkCombo | None:
    """``played_combo``, remembered (combos are frozen: one serves every hand)."""
    rules = PdkRules(cards15=cards15, four_three=four_three)
    if table is None:
        return combo_of(cards, rules, last)
    kind, rank, length = table
    found = beating_reading(cards, PdkCombo(kind, rank, length, _NO_CARDS), rules, last)
    if found is None:
        return None
    return PdkCombo(found.kind, found.rank, found.length, cards, found.short)


def pdk_beats(
    play: Cards | str,
    previous: Cards | str,
    rules: PdkRules = DEFAULT_RULES,
    *,
    last: bool = False,
) -> bool:
    """Whether ``play`` beats ``previous`` on the table (R-PDK-BEAT); ``last``: the play
    empties its player's hand (R-PDK-LAST). Cards that are no play, on either side, give
    False (the play on the table is always a full-size combo)."""
    if isinstance(play, str):
        play = parse_cards(play)
    if isinstance(previous, str):
        previous = parse_cards(previous)
    found = readings(previous, rules)
    if not found:
        return False
    best = _best(found)
    table = PdkCombo(best.kind, best.rank, best.length, previous)
    return beating_reading(play, table, rules, last) is not None
