"""The catalogue of combos: how any set of cards reads, and what any hand may play.

The engine's entry points to combos sit here, above the generators they use:
``legal_moves`` hands a natural hand to ``moves`` and one holding wildcards to
``wildmoves``; ``classify`` looks one-deck natural cards up in the catalogue of every
combo one deck can form (built once from the classic generator, so it holds the same
interned objects ``legal_moves`` hands out) and reads the rest from their structure.
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Final

from ddz_bot.kernel import NUM_RANKS, Cards, Rank, parse_cards

from .combos import Combo, ComboKind, Reading, natural_readings, preferred_stand_in, wild_combo
from .moves import classic_moves, two_deck_moves
from .rules import CLASSIC, RuleSet
from .wildmoves import wild_legal_moves
from .wildreadings import wild_readings

__all__ = ["classify", "classify_structural", "legal_moves", "read_as", "warm_up"]


def legal_moves(
    hand: Cards, previous: Combo | None = None, rules: RuleSet = CLASSIC
) -> list[Combo]:
    """Every distinct legal play from ``hand`` against ``previous`` (``None``: leading).

    Passing is not a move. Distinct means a distinct card multiset, or, with wildcards,
    a distinct reading (kind, main rank, chain length) of the same cards.
    """
    counts = hand.counts()
    wild = rules.wild_rank
    if wild is not None and counts[wild]:
        return wild_legal_moves(counts, wild, previous, rules)
    if rules.decks != 1:
        return two_deck_moves(counts, previous, rules)
    return classic_moves(counts, previous)


def classify(cards: Cards | str, rules: RuleSet = CLASSIC) -> list[Combo]:
    """Every distinct reading of ``cards`` as a combo; empty when there is none.

    With a wildcard rank set in ``rules``, each wildcard may stand for any rank but the
    jokers (R-LZ-SUB), wildcards alone stand for themselves (R-LZ-ALONE), and readings
    that differ only in what a kicker wildcard stands for count once.
    """
    if isinstance(cards, str):
        cards = parse_cards(cards)
    wild = rules.wild_rank
    if rules.decks == 1 and (wild is None or wild not in cards):
        combo = (_CATALOGUE or _fill_catalogue()).get(cards)
        return [] if combo is None else [combo]
    return classify_structural(cards, rules)


def classify_structural(cards: Cards, rules: RuleSet = CLASSIC) -> list[Combo]:
    """``classify`` computed from the rules' structure, without the catalogue.

    ``classify`` uses it for wildcards and two decks; tests use it as the reference the
    move generators are checked against.
    """
    counts = cards.counts()
    if any(n > rules.max_of_a_rank for n in counts):
        return []
    wild = rules.wild_rank
    if wild is None or counts[wild] == 0 or counts[wild] == len(cards):
        readings = natural_readings(counts, rules)
        if wild is not None and readings and counts[wild] == len(cards):
            return [
                wild_combo(kind, rank, length, cards, (), wild, rules)
                for kind, rank, length in readings
            ]
        return [Combo(kind, rank, length, cards) for kind, rank, length in readings]
    return list(wild_readings(cards, wild, rules))


#: Every combo one deck can form (27,471 of them, R-STANDARD), keyed by its cards.
_CATALOGUE: Final[dict[tuple[int, ...], Combo]] = {}


def warm_up() -> None:
    """Fill the catalogue now (a few hundred milliseconds): at a bot's start, not on the
    first typed play."""
    if not _CATALOGUE:
        _fill_catalogue()


def _fill_catalogue() -> dict[tuple[int, ...], Combo]:
    """Fill the catalogue, once, on first use: every move of the whole deck."""
    full = Cards.from_counts([4] * int(Rank.SMALL_JOKER) + [1, 1])
    for combo in classic_moves(full.counts(), None):
        _CATALOGUE[combo.cards] = combo
    return _CATALOGUE


#: the main part of each kind: (cards per main rank, or 0 for "every card")
_MAIN_WIDTH: Final = {
    ComboKind.SINGLE: 0,
    ComboKind.PAIR: 0,
    ComboKind.TRIO: 0,
    ComboKind.BOMB: 0,
    ComboKind.SOFT_BOMB: 0,
    ComboKind.STRAIGHT: 1,
    ComboKind.PAIR_STRAIGHT: 2,
    ComboKind.PLANE: 3,
    ComboKind.TRIO_SINGLE: 3,
    ComboKind.TRIO_PAIR: 3,
    ComboKind.PLANE_SINGLES: 3,
    ComboKind.PLANE_PAIRS: 3,
    ComboKind.FOUR_TWO_SINGLES: 4,
    ComboKind.FOUR_TWO_PAIRS: 4,
}


def read_as(cards: Cards, reading: Reading, rules: RuleSet) -> Combo | None:
    """``cards`` read as ``reading``, or None if they can't be: the combo ``classify``
    lists for that reading. A play chosen from a list carries its reading, and a hand
    checks that one on every such play; with wildcards it is found without trying every
    reading (the main part fixes most stand-ins, only wildcard kickers are left to place).
    """
    wild = rules.wild_rank
    counts = cards.counts()
    if wild is None or rules.decks != 1 or not 0 < counts[wild] < len(cards):
        return next(
            (c for c in classify(cards, rules) if (c.kind, c.rank, c.length) == reading), None
        )
    kind, rank, length = reading
    width = _MAIN_WIDTH.get(kind)
    n_wild = counts[wild]
    if width is None or any(n > rules.max_of_a_rank for n in counts):
        return None  # the rocket and the pure wildcard bomb hold no natural card
    naturals = counts[:]
    naturals[wild] = 0
    main = range(rank - length + 1, rank + 1)
    if main.start < 0 or rank >= NUM_RANKS or length < 1:
        return None
    if width == 0:
        width = len(cards)
    forced: list[int] = []
    for r in main:
        short = width - naturals[r]
        if short < 0:
            return None  # more naturals of a main rank than it takes: never this reading
        if short and r > Rank.TWO:
            return None  # a wildcard never stands for a joker (R-LZ-SUB)
        forced.extend([r] * short)
    extra = n_wild - len(forced)
    if extra < 0:
        return None
    natural = ComboKind.BOMB if kind is ComboKind.SOFT_BOMB else kind
    wanted = (natural, rank, length)
    limit = rules.max_of_a_rank
    best: tuple[int, ...] | None = None
    for more in combinations_with_replacement(range(int(Rank.TWO) + 1), extra):
        stand_in = tuple(sorted(forced + list(more)))
        target = naturals[:]
        for r in stand_in:
            target[r] += 1
        if any(target[r] > limit for r in stand_in):
            continue
        if wanted in natural_readings(target, rules) and (
            best is None or preferred_stand_in(stand_in, best, wild)
        ):
            best = stand_in
    if best is None:
        return None
    combo = wild_combo(natural, rank, length, cards, best, wild, rules)
    return combo if combo.kind is kind else None
