"""Plays and readings of cards holding wildcards (癞子): every wildcard generator.

``wild_legal_moves`` lists every legal play of a hand holding wildcards (``catalogue`` puts
it behind ``legal_moves``; every reading of a set of cards holding some is
``wildreadings``'). Many of those plays put down a wildcard for a
rank while the hand keeps a natural card of that rank unused. Such a play is always
dominated: the same reading with the natural card instead beats exactly the same
combos and keeps the more flexible wildcard in hand (and a soft bomb turned hard only
gets stronger). Likewise a wildcard put down as a single kicker while a natural card
could take its place: kickers never matter, and the wildcard kept can still be that card
later. ``useful_moves`` leaves both out, which turns the tens of thousands of
substitution choices of a wildcard hand into the few hundred plays worth weighing; the
AI, the hints and the game's list of actions use it. Any legal play is still accepted
when a player makes it (``classify``).

The useful-move generator builds the main part of a combo (the trio, four, sequence or
plane, with wildcards filling what the naturals lack) and then the kickers from the
cards left: natural kickers as they are, wildcard kickers wherever a rule lets them stand.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations
from typing import Final

from ddz_bot.kernel import NUM_RANKS, SEQUENCE_TOP, Cards, Rank

from .combos import (
    SEQUENCE_KINDS,
    Combo,
    ComboKind,
    beats,
    natural_readings,
    preferred_stand_in,
    wild_combo,
)
from .moves import combo_shapes, kicker_multisets, natural_moves
from .rules import CLASSIC, RuleSet

__all__ = ["useful_moves", "wild_legal_moves"]

K = ComboKind
_X: Final = int(Rank.SMALL_JOKER)
_D: Final = int(Rank.BIG_JOKER)
_TWO: Final = int(Rank.TWO)
_PLAIN: Final = (None, K.SINGLE, K.PAIR, K.TRIO, K.BOMB)
_ALONE: Final = tuple(frozenset((rank,)) for rank in range(NUM_RANKS))


def useful_moves(
    hand: Cards, previous: Combo | None = None, rules: RuleSet = CLASSIC
) -> list[Combo]:
    """The legal plays that don't waste a wildcard (see the module docstring).

    Without wildcards in the hand (or with two decks) it is ``legal_moves``. Every play
    listed is legal, and every legal play left out is dominated by one listed with the
    same reading.
    """
    counts = hand.counts()
    wild = rules.wild_rank
    if wild is None or not counts[wild]:
        return natural_moves(counts, previous, rules)
    if rules.decks != 1:
        return wild_legal_moves(counts, wild, previous, rules)
    return _Generator(counts, wild, previous, rules).run()


class _Generator:
    """One call of ``useful_moves``: the hand split into naturals and wildcards."""

    def __init__(
        self, counts: list[int], wild: int, previous: Combo | None, rules: RuleSet
    ) -> None:
        self.wild = wild
        self.n_wild = counts[wild]
        self.nat = counts[:]
        self.nat[wild] = 0
        self.previous = previous
        self.want = None if previous is None else previous.kind
        self.want_length = 0 if previous is None else previous.length
        self.rules = rules
        self.seen: set[tuple[tuple[int, ...], ComboKind, int, int]] = set()
        nat = self.nat
        # what the kicker generators start from, before leaving out the main ranks
        self.single_caps = [(r, min(nat[r], 3)) for r in range(NUM_RANKS) if nat[r]]
        self.pair_naturals = [r for r in range(_X) if nat[r]]
        self.pair_of = [(r, r) if nat[r] >= 2 else (r,) for r in range(NUM_RANKS)]
        self.pair_free = list(dict.fromkeys([wild, *(r for r in range(_X) if not nat[r])]))
        self.out: list[Combo] = []

    def wants(self, *kinds: ComboKind) -> bool:
        return self.want is None or self.want in kinds

    def run(self) -> list[Combo]:
        self.all_wild()
        self.plain()
        if self.wants(K.TRIO_SINGLE, K.TRIO_PAIR):
            self.with_kickers(3)
        if self.wants(K.FOUR_TWO_SINGLES, K.FOUR_TWO_PAIRS):
            self.with_kickers(4)
        if self.wants(K.STRAIGHT, K.PAIR_STRAIGHT, K.PLANE, K.PLANE_SINGLES, K.PLANE_PAIRS):
            self.sequences()
        return self.out

    # -- recording a play
    def add(
        self, actual: list[int], kind: ComboKind, rank: int, length: int, stand: list[int]
    ) -> None:
        key = (tuple(actual), kind, rank, length)
        if key in self.seen:
            return
        self.seen.add(key)
        previous = self.previous
        if (
            previous is not None
            and kind is previous.kind
            and rank <= previous.rank
            and kind is not K.BOMB
        ):
            return  # same kind, not higher: can't beat it
        # The stand-ins are a function of the key (the main part's are forced and the
        # kickers' are placed in a fixed order): the same play always reads the same.
        combo = wild_combo(
            kind, rank, length, Cards.from_counts(actual), tuple(stand), self.wild, self.rules
        )
        if previous is None or beats(combo, previous, self.rules):
            self.out.append(combo)

    # -- plays of wildcards only: they stand for themselves (R-LZ-ALONE)
    def all_wild(self) -> None:
        for n in range(1, self.n_wild + 1):
            vec = [0] * NUM_RANKS
            vec[self.wild] = n
            for kind, rank, length in natural_readings(vec, self.rules):
                if self.wants(kind) or kind is K.BOMB:
                    self.add(vec, kind, rank, length, [self.wild] * n)

    # -- singles, pairs, trios, bombs, the rocket
    def plain(self) -> None:
        nat = self.nat
        wild = self.wild
        n_wild = self.n_wild
        previous = self.previous
        sizes = [
            (n, kind)
            for n, kind in enumerate(_PLAIN)
            if kind is not None and (self.wants(kind) or kind is K.BOMB)
        ]
        for rank in range(_X):
            if rank == wild or not nat[rank]:
                continue  # wildcards alone are all_wild's
            for n, kind in sizes:
                have = min(n, nat[rank])
                spent = n - have
                if spent > n_wild:
                    break
                if (
                    previous is not None
                    and kind is previous.kind
                    and kind is not K.BOMB
                    and rank <= previous.rank
                ):
                    continue  # same kind, not higher: can't beat it (each key comes once)
                used = [0] * NUM_RANKS
                used[rank] = have
                used[wild] = spent
                self.add(used, kind, rank, 1, [rank] * spent)
        for joker in (_X, _D):
            if self.nat[joker] and self.wants(K.SINGLE):
                vec = [0] * NUM_RANKS
                vec[joker] = 1
                self.add(vec, K.SINGLE, joker, 1, [])
        if self.nat[_X] and self.nat[_D]:
            vec = [0] * NUM_RANKS
            vec[_X] = vec[_D] = 1
            self.add(vec, K.ROCKET, _D, 1, [])

    # -- trio or four with kickers
    def with_kickers(self, size: int) -> None:
        singles_kind, pairs_kind = (
            (K.TRIO_SINGLE, K.TRIO_PAIR) if size == 3 else (K.FOUR_TWO_SINGLES, K.FOUR_TWO_PAIRS)
        )
        n_kickers = 1 if size == 3 else 2
        nat = self.nat
        n_wild = self.n_wild
        for rank in range(_X):
            have = min(nat[rank], size)
            if size - have > n_wild:
                continue  # the wildcards can't cover it
            used = [0] * NUM_RANKS
            used[rank] = have
            part = (used, [rank] * (size - have), size - have)
            main = _ALONE[rank]
            if self.wants(singles_kind):
                self.attach(part, main, (), n_kickers, singles_kind, rank, 1, pairs=False)
            if self.wants(pairs_kind):
                self.attach(part, main, (), n_kickers, pairs_kind, rank, 1, pairs=True)

    # -- straights, pair straights, planes (with wings)
    def sequences(self) -> None:
        nat = self.nat
        n_wild = self.n_wild
        want = self.want
        want_length = self.want_length
        avail = [min(nat[r] + n_wild, 4) for r in range(SEQUENCE_TOP + 1)]
        for kind, width, shortest, longest in SEQUENCE_KINDS:
            wings = kind is K.PLANE and self.wants(K.PLANE_SINGLES, K.PLANE_PAIRS)
            if not (self.wants(kind) or wings):
                continue
            for start in range(SEQUENCE_TOP + 1):
                # the main part grows one rank at a time (what ``taken`` would give)
                used = [0] * NUM_RANKS
                stand: list[int] = []
                for end in range(start, min(SEQUENCE_TOP, start + longest - 1) + 1):
                    if avail[end] < width:
                        break
                    have = min(nat[end], width)
                    used[end] = have
                    stand.extend([end] * (width - have))
                    if len(stand) > n_wild:
                        break  # the wildcards can't cover it, nor any longer one
                    length = end - start + 1
                    if length < shortest or (want is not None and length != want_length):
                        continue
                    spent = len(stand)
                    part = (used, stand, spent)
                    if self.wants(kind) and any(used):
                        actual = used[:]
                        actual[self.wild] = spent
                        self.add(actual, kind, end, length, stand)
                    if wings:
                        main = frozenset(range(start, end + 1))
                        beside = tuple(r for r in (start - 1, end + 1) if 0 <= r <= SEQUENCE_TOP)
                        if self.wants(K.PLANE_SINGLES) and 4 * length <= 20:
                            self.attach(
                                part,
                                main,
                                beside,
                                length,
                                K.PLANE_SINGLES,
                                end,
                                length,
                                pairs=False,
                            )
                        if self.wants(K.PLANE_PAIRS) and 5 * length <= 20:
                            self.attach(
                                part, main, beside, length, K.PLANE_PAIRS, end, length, pairs=True
                            )

    # -- kickers
    def attach(
        self,
        part: tuple[list[int], list[int], int],
        main: frozenset[int],
        beside: tuple[int, ...],
        count: int,
        kind: ComboKind,
        rank: int,
        length: int,
        *,
        pairs: bool,
    ) -> None:
        previous = self.previous
        if previous is not None and kind is previous.kind and rank <= previous.rank:
            return  # same kind, not higher: none of these can beat it
        used, stand, spent = part
        rest = self.nat[:]
        for r in main:
            rest[r] = 0  # R-KICK-MAIN (the main part takes naturals of its own ranks only)
        left = self.n_wild - spent
        kicks = (
            self.pair_kickers(rest, main, count, left)
            if pairs
            else self.single_kickers(rest, main, beside, count, left)
        )
        wild = self.wild
        rules = self.rules
        append = self.out.append
        main_has_natural = any(used)
        base = [r for r in sorted(main) for _ in range(used[r])]
        # Each (kind, rank, length) gets its kickers here only, once, and distinct kickers
        # make distinct cards: no play repeats, so the combos go straight to the output.
        # They are made afresh, not cached: a cache of them keeps tens of thousands of
        # objects for the garbage collector to walk again and again, which costs more
        # than making them.
        for kick, n_wild, kick_stand in kicks:
            if not (main_has_natural or kick):
                continue  # wildcards alone: all_wild's
            # The stand-ins are a function of the cards and the reading (the main part's
            # are forced, the kickers' placed in a fixed order).
            if kick_stand is None:
                kick_stand = [wild] * n_wild
            wild_as = tuple(sorted(stand + kick_stand))
            if wild_as.count(wild) == len(wild_as):
                wild_as = ()  # every wildcard stands for itself: nothing to show
            cards = Cards.presorted(sorted([*base, *kick, *[wild] * (spent + n_wild)]))
            combo = Combo(kind, rank, length, cards, wild_as)
            if previous is None or beats(combo, previous, rules):
                append(combo)

    def single_kickers(
        self, rest: list[int], main: frozenset[int], beside: tuple[int, ...], count: int, left: int
    ) -> Iterator[tuple[tuple[int, ...], int, list[int] | None]]:
        """Single kickers (R-KICK-SINGLES, R-KICK-ROCKET): naturals from ``rest`` plus
        wildcards standing where no natural of the rank is left unused. Yields the natural
        kicker ranks, the number of wildcard kickers and what they stand for (None: for
        themselves)."""
        caps = [cap for cap in self.single_caps if cap[0] not in main]
        plane = len(main) > 1
        wild = self.wild
        # the wildcards' own rank is the usual place for them: no natural of it exists
        wild_room = 0 if wild in main else (2 if plane and wild in beside else 3)
        rocket = any(r == _X for r, _ in caps) and any(r == _D for r, _ in caps)
        for n_nat in range(max(0, count - left), count + 1):
            n_wild = count - n_nat
            if n_wild and len(caps) >= n_nat + 2:
                # some rank with a natural left is neither chosen nor barred (only one
                # joker can be): ``natural_instead`` holds for every choice
                continue
            for chosen in kicker_multisets(caps, n_nat):
                if rocket and _X in chosen and _D in chosen:
                    continue
                if plane and beside and any(chosen.count(r) >= 3 for r in beside):
                    continue
                if n_wild and self.natural_instead(chosen, rest, beside, plane):
                    continue  # a natural kicker in the wildcard's place keeps the wildcard
                if n_wild <= wild_room:
                    yield chosen, n_wild, None  # the wildcards stand for themselves
                    continue
                stand = self.place_single_wilds(chosen, rest, main, beside, n_wild, plane)
                if stand is not None:
                    yield chosen, n_wild, stand

    @staticmethod
    def natural_instead(
        chosen: tuple[int, ...], rest: list[int], beside: tuple[int, ...], plane: bool
    ) -> bool:
        """Could a natural card left in hand take one wildcard kicker's place? Then the
        play with the wildcard is dominated (kickers never matter, a wildcard kept can
        still be that card later)."""
        for r in range(NUM_RANKS):
            have = rest[r] - chosen.count(r)
            if have <= 0:
                continue
            if (r == _X and _D in chosen) or (r == _D and _X in chosen):
                continue
            taken = chosen.count(r) + 1
            if taken > (2 if plane and r in beside else 3):
                continue
            return True
        return False

    def place_single_wilds(
        self,
        chosen: tuple[int, ...],
        rest: list[int],
        main: frozenset[int],
        beside: tuple[int, ...],
        n_wild: int,
        plane: bool,
    ) -> list[int] | None:
        """Ranks for ``n_wild`` wildcard kickers: never a main rank, never four of a rank,
        never a trio beside a plane, never a rank whose natural stays unused."""
        stand: list[int] = []
        order = [self.wild] + [r for r in range(_X) if r != self.wild]
        for r in order:
            if len(stand) == n_wild:
                break
            taken = chosen.count(r)
            if r in main or rest[r] - taken > 0:
                continue
            top = 2 if plane and r in beside else 3
            room = top - taken
            stand.extend([r] * max(0, min(room, n_wild - len(stand))))
        return stand if len(stand) == n_wild else None

    def pair_kickers(
        self, rest: list[int], main: frozenset[int], count: int, left: int
    ) -> Iterator[tuple[tuple[int, ...], int, list[int] | None]]:
        """Pair kickers of distinct ranks (R-KICK-PAIRS): natural pairs, a natural single
        topped up by a wildcard, or two wildcards on a rank of their own."""
        natural = [r for r in self.pair_naturals if r not in main]
        free = [r for r in self.pair_free if r not in main]
        pair_of = self.pair_of
        for n_nat in range(0, count + 1):
            n_free = count - n_nat
            if n_free > len(free) or 2 * n_free > left:
                continue
            free_stand = [r for r in free[:n_free] for _ in range(2)]
            for chosen in combinations(natural, n_nat):
                kick: tuple[int, ...] = ()
                for r in chosen:
                    kick += pair_of[r]
                n_topped = 2 * n_nat - len(kick)
                n_wild = n_topped + 2 * n_free
                if n_wild > left:
                    continue
                if n_topped:
                    yield kick, n_wild, [r for r in chosen if rest[r] == 1] + free_stand
                else:
                    yield kick, n_wild, free_stand


def wild_legal_moves(
    counts: list[int], wild: int, previous: Combo | None, rules: RuleSet
) -> list[Combo]:
    """Every legal play of a hand holding wildcards (R-LZ-SUB, R-LZ-ALONE, R-LZ-BOMBS),
    its rank ``counts`` holding ``counts[wild]`` wildcards, against ``previous``.

    Each target shape fits the hand topped up by the wildcards; it is kept when the
    wildcards cover what the naturals lack, then expanded over which naturals the
    spare wildcards may replace. One canonical stand-in per (cards, reading).
    """
    n_wild = counts[wild]
    naturals = counts[:]
    naturals[wild] = 0
    limit = rules.max_of_a_rank
    avail = [
        min(naturals[r] + n_wild, limit) if r <= _TWO else naturals[r] for r in range(NUM_RANKS)
    ]
    found: dict[tuple[Cards, ComboKind, int, int], tuple[int, ...]] = {}
    for target in combo_shapes(avail, rules, previous, naturals, n_wild):
        deficit = sum(t - n for t, n in zip(target, naturals, strict=True) if t > n)
        if deficit > n_wild:
            continue
        readings = natural_readings(target, rules)
        if not readings:
            continue
        for used in _natural_choices(target, naturals, n_wild):
            n_used_wild = sum(target) - sum(used)
            if (
                n_used_wild
                and not any(used)
                and any(target[r] for r in range(NUM_RANKS) if r != wild)
            ):
                continue  # R-LZ-ALONE: wildcards alone stand for themselves
            stand_in: list[int] = []
            for r in range(NUM_RANKS):
                stand_in.extend([r] * (target[r] - used[r]))
            actual = used[:]
            actual[wild] += n_used_wild
            cards = Cards.from_counts(actual)
            stand = tuple(stand_in)
            for kind, rank, length in readings:
                key = (cards, kind, rank, length)
                best = found.get(key)
                if best is None or preferred_stand_in(stand, best, wild):
                    found[key] = stand
    out: list[Combo] = []
    for (cards, kind, rank, length), stand in found.items():
        combo = wild_combo(kind, rank, length, cards, stand, wild, rules)
        if previous is None or beats(combo, previous, rules):
            out.append(combo)
    return out


def _natural_choices(target: list[int], naturals: list[int], n_wild: int) -> Iterator[list[int]]:
    """Ways to take ``target`` from the naturals with at most ``n_wild`` wildcards filling
    in: yields the natural counts used."""
    base = [min(t, n) for t, n in zip(target, naturals, strict=True)]
    spare = n_wild - (sum(target) - sum(base))
    ranks = [r for r in range(NUM_RANKS) if base[r] and r <= _TWO]

    def walk(i: int, spare_left: int, used: list[int]) -> Iterator[list[int]]:
        if i == len(ranks):
            yield used[:]
            return
        r = ranks[i]
        for drop in range(0, min(spare_left, base[r]) + 1):
            used[r] = base[r] - drop
            yield from walk(i + 1, spare_left - drop, used)
        used[r] = base[r]

    yield from walk(0, spare, base[:])
