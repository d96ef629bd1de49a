"""Moves of natural hands: every distinct play a hand without wildcards can make.

The classic game goes through a fast generator that works on rank counts and hands
out interned ``Combo`` values (each combo is built once per process and reused), so
listing all moves of a 20-card hand costs tens of microseconds. Two decks go through
the shapes of every combo that fits the hand (``combo_shapes``), read with
``natural_readings``. Hands holding wildcards are ``wildmoves``' (it builds on the
shapes and kicker sets here); ``catalogue.legal_moves`` sends each hand to its generator.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import combinations, combinations_with_replacement
from typing import Final

from ddz_bot.kernel import NUM_RANKS, SEQUENCE_TOP, Cards, Rank

from .combos import SEQUENCE_KINDS, Combo, ComboKind, beats, natural_readings
from .rules import RuleSet

__all__ = ["classic_moves", "combo_shapes", "kicker_multisets", "natural_moves", "two_deck_moves"]

_X: Final = int(Rank.SMALL_JOKER)
_D: Final = int(Rank.BIG_JOKER)
_TWO: Final = int(Rank.TWO)
K = ComboKind

# Interned combos. With one deck the cards of a combo determine it, so one object
# serves every hand; the key names the kind and the ranks that build it (see _build).
_CACHE: dict[tuple[int, ...], Combo] = {}

# key tags
_T_SINGLE, _T_PAIR, _T_TRIO, _T_BOMB, _T_ROCKET = 0, 1, 2, 3, 4
_T_TRIO_SINGLE, _T_TRIO_PAIR, _T_FOUR_SINGLES, _T_FOUR_PAIRS = 5, 6, 7, 8
_T_STRAIGHT, _T_PAIR_STRAIGHT, _T_PLANE, _T_PLANE_SINGLES, _T_PLANE_PAIRS = 9, 10, 11, 12, 13


def _build(key: tuple[int, ...]) -> Combo:
    """Make (once) the combo a cache key names: ``(tag, main..., kickers...)``."""
    tag = key[0]
    if tag <= _T_BOMB:
        r = key[1]
        kind = (K.SINGLE, K.PAIR, K.TRIO, K.BOMB)[tag]
        combo = Combo(kind, r, 1, Cards.presorted((r,) * (tag + 1)))
    elif tag == _T_ROCKET:
        combo = Combo(K.ROCKET, _D, 1, Cards.presorted((_X, _D)))
    elif tag <= _T_FOUR_PAIRS:
        main, kick = key[1], key[2:]
        kind, per_main, per_kick = {
            _T_TRIO_SINGLE: (K.TRIO_SINGLE, 3, 1),
            _T_TRIO_PAIR: (K.TRIO_PAIR, 3, 2),
            _T_FOUR_SINGLES: (K.FOUR_TWO_SINGLES, 4, 1),
            _T_FOUR_PAIRS: (K.FOUR_TWO_PAIRS, 4, 2),
        }[tag]
        ranks = [main] * per_main + [r for r in kick for _ in range(per_kick)]
        combo = Combo(kind, main, 1, Cards(ranks))
    else:
        end, length, kick = key[1], key[2], key[3:]
        kind, width, per_kick = {
            _T_STRAIGHT: (K.STRAIGHT, 1, 0),
            _T_PAIR_STRAIGHT: (K.PAIR_STRAIGHT, 2, 0),
            _T_PLANE: (K.PLANE, 3, 0),
            _T_PLANE_SINGLES: (K.PLANE_SINGLES, 3, 1),
            _T_PLANE_PAIRS: (K.PLANE_PAIRS, 3, 2),
        }[tag]
        ranks = [r for r in range(end - length + 1, end + 1) for _ in range(width)]
        ranks.extend(r for r in kick for _ in range(per_kick))
        combo = Combo(kind, end, length, Cards(ranks))
    _CACHE[key] = combo
    return combo


def natural_moves(counts: list[int], previous: Combo | None, rules: RuleSet) -> list[Combo]:
    """Every distinct legal play from a hand without wildcards (its rank ``counts``)
    against ``previous`` (``None``: leading); passing is not a move."""
    if rules.decks != 1:
        return two_deck_moves(counts, previous, rules)
    return classic_moves(counts, previous)


# --------------------------------------------------------------------------- classic


def classic_moves(h: list[int], previous: Combo | None) -> list[Combo]:
    """Every distinct legal play of a one-deck hand without wildcards (its rank counts
    ``h``) against ``previous`` (``None``: leading). Against a combo only its kind, bombs
    and the rocket are generated, then kept if they beat it."""
    want = None if previous is None else previous.kind
    if want is K.ROCKET:
        return []
    get = _CACHE.get
    out: list[Combo] = []
    add = out.append
    present = [r for r in range(NUM_RANKS) if h[r]]
    pairs = [r for r in present if h[r] >= 2]
    trios = [r for r in pairs if h[r] >= 3]
    fours = [r for r in trios if h[r] == 4]

    if want is None or want is K.SINGLE:
        for r in present:
            add(get((_T_SINGLE, r)) or _build((_T_SINGLE, r)))
    if want is None or want is K.PAIR:
        for r in pairs:
            add(get((_T_PAIR, r)) or _build((_T_PAIR, r)))
    if want is None or want is K.TRIO:
        for r in trios:
            add(get((_T_TRIO, r)) or _build((_T_TRIO, r)))
    if want is None or want is K.TRIO_SINGLE:
        for t in trios:
            for s in present:
                if s != t:
                    key = (_T_TRIO_SINGLE, t, s)
                    add(get(key) or _build(key))
    if want is None or want is K.TRIO_PAIR:
        for t in trios:
            for p in pairs:
                if p != t:
                    key = (_T_TRIO_PAIR, t, p)
                    add(get(key) or _build(key))
    if want is None or want in (
        K.STRAIGHT,
        K.PAIR_STRAIGHT,
        K.PLANE,
        K.PLANE_SINGLES,
        K.PLANE_PAIRS,
    ):
        _sequences(h, want, add)
    if want is None or want is K.FOUR_TWO_SINGLES:
        for f in fours:
            others = [r for r in present if r != f]
            for i, a in enumerate(others):
                if h[a] >= 2:
                    k4 = (_T_FOUR_SINGLES, f, a, a)
                    add(get(k4) or _build(k4))
                for b in others[i + 1 :]:
                    if a == _X and b == _D:
                        continue  # R-KICK-ROCKET
                    k4 = (_T_FOUR_SINGLES, f, a, b)
                    add(get(k4) or _build(k4))
    if want is None or want is K.FOUR_TWO_PAIRS:
        for f in fours:
            for a, b in combinations([r for r in pairs if r != f], 2):
                k4 = (_T_FOUR_PAIRS, f, a, b)
                add(get(k4) or _build(k4))
    for r in fours:
        add(get((_T_BOMB, r)) or _build((_T_BOMB, r)))
    if h[_X] and h[_D]:
        add(get((_T_ROCKET,)) or _build((_T_ROCKET,)))
    if previous is None:
        return out
    return [c for c in out if beats(c, previous)]


def _runs(h: list[int], width: int) -> list[tuple[int, int]]:
    """Maximal runs (low, high) of ranks up to the ace holding at least ``width`` cards."""
    runs: list[tuple[int, int]] = []
    low = -1
    for r in range(SEQUENCE_TOP + 1):
        if h[r] >= width:
            if low < 0:
                low = r
        elif low >= 0:
            runs.append((low, r - 1))
            low = -1
    if low >= 0:
        runs.append((low, SEQUENCE_TOP))
    return runs


_SMALL_KINDS: Final = (None, K.SINGLE, K.PAIR, K.TRIO)
_SEQ_TAG: Final = {K.STRAIGHT: _T_STRAIGHT, K.PAIR_STRAIGHT: _T_PAIR_STRAIGHT, K.PLANE: _T_PLANE}


def _sequences(h: list[int], want: ComboKind | None, add: Callable[[Combo], None]) -> None:
    get = _CACHE.get
    for kind, width, shortest, longest in SEQUENCE_KINDS:
        wings = kind is K.PLANE and (want is None or want in (K.PLANE_SINGLES, K.PLANE_PAIRS))
        if not (want is None or want is kind or wings):
            continue
        tag = _SEQ_TAG[kind]
        for low, high in _runs(h, width):
            for start in range(low, high - shortest + 2):
                for end in range(start + shortest - 1, min(high, start + longest - 1) + 1):
                    if want is None or want is kind:
                        key = (tag, end, end - start + 1)
                        add(get(key) or _build(key))
                    if wings:
                        _plane_wings(h, start, end, want, add)


def _plane_wings(
    h: list[int], start: int, end: int, want: ComboKind | None, add: Callable[[Combo], None]
) -> None:
    """Planes carrying singles or pairs (R-KICK-*), for the plane ``start..end``."""
    get = _CACHE.get
    k = end - start + 1
    if (want is None or want is K.PLANE_SINGLES) and 4 * k <= 20:
        caps = [(r, min(h[r], 3)) for r in range(NUM_RANKS) if h[r] and (r < start or r > end)]
        for kick in kicker_multisets(caps, k):
            if _X in kick and _D in kick:
                continue  # R-KICK-ROCKET
            if k >= 3 and (
                (start > 0 and kick.count(start - 1) == 3)
                or (end < SEQUENCE_TOP and kick.count(end + 1) == 3)
            ):
                continue  # R-KICK-SINGLES: a longer plane, not wings
            key = (_T_PLANE_SINGLES, end, k, *kick)
            add(get(key) or _build(key))
    if (want is None or want is K.PLANE_PAIRS) and 5 * k <= 20:
        pairs = [r for r in range(_X) if h[r] >= 2 and (r < start or r > end)]
        for kick in combinations(pairs, k):
            key = (_T_PLANE_PAIRS, end, k, *kick)
            add(get(key) or _build(key))


def kicker_multisets(
    caps: list[tuple[int, int]], k: int, free: list[int] | None = None, budget: int = 0
) -> Iterator[tuple[int, ...]]:
    """Distinct k-multisets of ranks, ascending, taking at most ``cap`` of each
    ``(rank, cap)`` in ``caps`` (sorted by rank).

    With ``free`` (naturals per rank), taking more of a rank than ``free`` holds costs
    wildcards, and multisets costing more than ``budget`` are skipped.
    """
    if free is None and k <= 2:
        if k == 0:
            yield ()
            return
        for i, (rank, cap) in enumerate(caps):
            if k == 1:
                yield (rank,)
                continue
            if cap >= 2:
                yield (rank, rank)
            for other, _ in caps[i + 1 :]:
                yield (rank, other)
        return
    # room[i]: how many cards the ranks from i on can still give (prunes dead ends)
    room = [0] * (len(caps) + 1)
    for i in range(len(caps) - 1, -1, -1):
        room[i] = room[i + 1] + caps[i][1]
    out: list[int] = []

    def walk(i: int, left: int, spend: int) -> Iterator[tuple[int, ...]]:
        if left == 0:
            yield tuple(out)
            return
        if room[i] < left:
            return
        rank, cap = caps[i]
        yield from walk(i + 1, left, spend)
        taken = 0
        for n in range(1, min(cap, left) + 1):
            cost = 0 if free is None else max(0, n - free[rank])
            if cost > spend:
                break
            out.append(rank)
            taken += 1
            yield from walk(i + 1, left - n, spend - cost)
        del out[len(out) - taken :]

    yield from walk(0, k, budget)


# --------------------------------------------------------------------------- generic


def two_deck_moves(counts: list[int], previous: Combo | None, rules: RuleSet) -> list[Combo]:
    """Every distinct legal play of a two-deck hand without wildcards: every shape that
    fits, read with ``natural_readings`` (several readings may exist, R-AMBIG)."""
    out: list[Combo] = []
    for target in combo_shapes(counts, rules, previous):
        for kind, rank, length in natural_readings(target, rules):
            combo = Combo(kind, rank, length, Cards.from_counts(target))
            if previous is None or beats(combo, previous, rules):
                out.append(combo)
    return out


def combo_shapes(
    avail: list[int],
    rules: RuleSet,
    previous: Combo | None = None,
    naturals: list[int] | None = None,
    budget: int = 0,
) -> Iterator[list[int]]:
    """Count vectors of every combo shape that fits in ``avail``, each once.

    With ``previous``, only shapes that could beat it: its own kind and length, bombs
    and the rocket (callers still check with ``beats``).
    """
    want = None if previous is None else previous.kind
    want_length = 0 if previous is None else previous.length
    seen: set[tuple[int, ...]] = set()

    def emit(vec: list[int]) -> Iterator[list[int]]:
        key = tuple(vec)
        if key not in seen:
            seen.add(key)
            yield vec

    present = [r for r in range(NUM_RANKS) if avail[r]]
    yield from _group_shapes(avail, present, rules, want, emit)
    yield from _kicker_shapes(avail, present, rules.decks == 1, want, emit)
    yield from _sequence_shapes(avail, want, want_length, emit, naturals, budget)


def _group_shapes(
    avail: list[int],
    present: list[int],
    rules: RuleSet,
    want: ComboKind | None,
    emit: Callable[[list[int]], Iterator[list[int]]],
) -> Iterator[list[int]]:
    """Singles, pairs, trios, bombs of one rank, and the rocket."""
    one_deck = rules.decks == 1
    limit = rules.max_of_a_rank
    for r in present:
        top = min(avail[r], limit)
        for n in range(1, top + 1):
            if r >= _X and (n > 2 or (n == 2 and one_deck)):
                break
            if want is not None and n < 4 and want is not _SMALL_KINDS[n]:
                continue
            vec = [0] * NUM_RANKS
            vec[r] = n
            yield from emit(vec)
    rocket = rules.rocket_size // 2
    if avail[_X] >= rocket and avail[_D] >= rocket:
        vec = [0] * NUM_RANKS
        vec[_X] = vec[_D] = rocket
        yield from emit(vec)


def _kicker_shapes(
    avail: list[int],
    present: list[int],
    one_deck: bool,
    want: ComboKind | None,
    emit: Callable[[list[int]], Iterator[list[int]]],
) -> Iterator[list[int]]:
    """A trio with its kicker, and four with two singles or two pairs."""
    trio_kickers = want is None or want in (K.TRIO_SINGLE, K.TRIO_PAIR)
    four_two = want is None or want in (K.FOUR_TWO_SINGLES, K.FOUR_TWO_PAIRS)
    for t in present:
        if trio_kickers and avail[t] >= 3 and t < _X:
            for s in present:
                if s == t:
                    continue
                vec = [0] * NUM_RANKS
                vec[t] = 3
                vec[s] = 1
                yield from emit(vec)
                if avail[s] >= 2 and (s < _X or not one_deck):
                    vec = vec[:]
                    vec[s] = 2
                    yield from emit(vec)
        if four_two and avail[t] >= 4 and t < _X:
            yield from _four_two_shapes(avail, present, t, one_deck, emit)


def _four_two_shapes(
    avail: list[int],
    present: list[int],
    t: int,
    one_deck: bool,
    emit: Callable[[list[int]], Iterator[list[int]]],
) -> Iterator[list[int]]:
    others = [r for r in present if r != t]
    for a, b in combinations_with_replacement(others, 2):
        if (a == b and avail[a] < 2) or (a == _X and b == _D):
            continue
        vec = [0] * NUM_RANKS
        vec[t] = 4
        vec[a] += 1
        vec[b] += 1
        yield from emit(vec)
    pair_ranks = [r for r in others if avail[r] >= 2 and (r < _X or not one_deck)]
    for a, b in combinations(pair_ranks, 2):
        if a == _X and b == _D:
            continue  # R-KICK-ROCKET
        vec = [0] * NUM_RANKS
        vec[t] = 4
        vec[a] = vec[b] = 2
        yield from emit(vec)


def _sequence_shapes(
    avail: list[int],
    want: ComboKind | None,
    want_length: int,
    emit: Callable[[list[int]], Iterator[list[int]]],
    naturals: list[int] | None,
    budget: int,
) -> Iterator[list[int]]:
    """Straights, pair straights and planes, with the planes' wings."""
    for kind, width, shortest, longest in SEQUENCE_KINDS:
        wings = width == 3 and (want is None or want in (K.PLANE_SINGLES, K.PLANE_PAIRS))
        if not (want is None or want is kind or wings):
            continue
        for low, high in _runs(avail, width):
            for start in range(low, high - shortest + 2):
                for end in range(start + shortest - 1, min(high, start + longest - 1) + 1):
                    if want is not None and end - start + 1 != want_length:
                        continue
                    vec = [0] * NUM_RANKS
                    for r in range(start, end + 1):
                        vec[r] = width
                    if want is None or want is kind:
                        yield from emit(vec)
                    if wings:
                        yield from _wing_shapes(
                            avail, vec, start, end, emit, want, naturals, budget
                        )


def _wing_shapes(
    avail: list[int],
    plane: list[int],
    start: int,
    end: int,
    emit: Callable[[list[int]], Iterator[list[int]]],
    want: ComboKind | None,
    naturals: list[int] | None,
    budget: int,
) -> Iterator[list[int]]:
    k = end - start + 1
    if naturals is not None:
        budget -= sum(max(0, plane[r] - naturals[r]) for r in range(start, end + 1))
        if budget < 0:
            return
    if (want is None or want is K.PLANE_SINGLES) and 4 * k <= 20:
        caps = [
            (r, min(avail[r], 3)) for r in range(NUM_RANKS) if avail[r] and (r < start or r > end)
        ]
        both = avail[_X] > 0 and avail[_D] > 0
        for kick in kicker_multisets(caps, k, naturals, budget):
            if both and _X in kick and _D in kick:
                continue  # R-KICK-ROCKET
            vec = plane[:]
            for r in kick:
                vec[r] += 1
            yield from emit(vec)
    if (want is None or want is K.PLANE_PAIRS) and 5 * k <= 20:
        pairs = [r for r in range(NUM_RANKS) if avail[r] >= 2 and (r < start or r > end)]
        for kick in combinations(pairs, k):
            if kick[-1] == _D and _X in kick:
                continue  # R-KICK-ROCKET
            if naturals is not None and sum(max(0, 2 - naturals[r]) for r in kick) > budget:
                continue
            vec = plane[:]
            for r in kick:
                vec[r] += 2
            yield from emit(vec)
