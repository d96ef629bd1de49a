"""Every legal play of a hand (R-PDK-MUST, R-PDK-WARN, R-PDK-FIRST, R-PDK-LAST).

The generator works on rank counts and builds each play's sorted ranks directly (a trio's
kickers split around it), so a 16-card hand lists its plays in tens of microseconds.
``pdk_moves`` is checked against a brute force over every sub-multiset of the hand read by
``combos.readings`` (tests/games/paodekuai/test_moves.py).
"""

from __future__ import annotations

from bisect import bisect_right
from typing import Final

from ddz_bot.kernel import SEQUENCE_TOP, Action, Cards, Play

from .cards import PLAYERS, TOP_RANK
from .combos import NotAPlay, PdkCombo, PdkKind, beating_reading, combo_of, readings
from .rules import DEFAULT_RULES, PdkRules

__all__ = [
    "follow_moves",
    "lead_moves",
    "legal_plays",
    "listed_moves",
    "lowest_play",
    "pdk_moves",
]

_ACE: Final = SEQUENCE_TOP
# the kinds as plain names (on Python 3.11 reading an enum member off its class is slow)
_IS_SINGLE, _IS_PAIR, _IS_PAIRS = PdkKind.SINGLE, PdkKind.PAIR, PdkKind.PAIRS
_IS_STRAIGHT, _IS_TRIO_TWO, _IS_PLANE = PdkKind.STRAIGHT, PdkKind.TRIO_TWO, PdkKind.PLANE
_IS_FOUR_THREE, _IS_BOMB = PdkKind.FOUR_THREE, PdkKind.BOMB
_RANKS: Final = TOP_RANK + 1
_new = tuple.__new__
_SINGLES: Final = tuple(_new(Cards, (r,)) for r in range(_RANKS))
_PAIRS: Final = tuple(_new(Cards, (r, r)) for r in range(_RANKS))
_BOMBS: Final = tuple(_new(Cards, (r,) * 4) for r in range(_RANKS))


def _trio_twos() -> tuple[tuple[tuple[Cards, ...], ...], ...]:
    """Every trio with two kickers, by trio rank, then the kickers (low, high)."""

    def make(r: int, a: int, b: int) -> Cards:
        kick = (a, b)
        cut = bisect_right(kick, r)
        return _new(Cards, (*kick[:cut], r, r, r, *kick[cut:]))

    return tuple(
        tuple(tuple(make(r, a, b) for b in range(_RANKS)) for a in range(_RANKS))
        for r in range(_RANKS)
    )


#: _TRIO_TWO[r][a][b]: the trio of r with kickers a <= b (built once: a hand lists dozens)
_TRIO_TWO: Final = _trio_twos()


_Chains = tuple[tuple[Cards, ...], ...]


def _chains(width: int) -> _Chains:
    """``[top][length]``: ``length`` consecutive ranks up to ``top``, ``width`` of each."""
    return tuple(
        tuple(
            _new(Cards, tuple(x for x in range(top - n + 1, top + 1) for _ in range(width)))
            for n in range(top + 2)
        )
        for top in range(_ACE + 1)
    )


#: straights and runs of pairs by top and length (index 0 unused), built once
_CHAINS: Final = {1: _chains(1), 2: _chains(2)}


def _trio_two(counts: list[int], r: int, out: list[Cards]) -> None:
    """Append the trio of ``r`` with every two kickers of other ranks."""
    table = _TRIO_TWO[r]
    ranks = [x for x in range(_RANKS) if counts[x] and x != r]
    for i, a in enumerate(ranks):
        row = table[a]
        if counts[a] >= 2:
            out.append(row[a])
        out.extend([row[b] for b in ranks[i + 1 :]])


def _counts(hand: Cards) -> list[int]:
    counts = [0] * _RANKS
    for r in hand:
        counts[r] += 1
    return counts


def _multisets(avail: list[tuple[int, int]], k: int) -> list[tuple[int, ...]]:
    """Every sorted multiset of ``k`` ranks from ``avail`` ((rank, copies) ascending)."""
    if k == 2:
        out: list[tuple[int, ...]] = []
        for i, (r, c) in enumerate(avail):
            if c >= 2:
                out.append((r, r))
            for s, _ in avail[i + 1 :]:
                out.append((r, s))
        return out
    found: list[tuple[int, ...]] = []

    def walk(start: int, left: int, acc: tuple[int, ...]) -> None:
        if not left:
            found.append(acc)
            return
        for i in range(start, len(avail)):
            r, c = avail[i]
            for m in range(min(c, left), 0, -1):
                walk(i + 1, left - m, acc + (r,) * m)

    walk(0, k, ())
    return sorted(found)


def _with_kickers(
    counts: list[int], low: int, high: int, width: int, wings: int, out: list[Cards]
) -> None:
    """Append main ranks ``low..high`` ``width`` times each with every multiset of
    ``wings`` kickers of other ranks."""
    avail = [(r, c) for r, c in enumerate(counts) if c and not low <= r <= high]
    if sum(c for _, c in avail) < wings:
        return
    main = tuple(r for r in range(low, high + 1) for _ in range(width))
    for kick in _multisets(avail, wings):
        cut = bisect_right(kick, high)
        out.append(_new(Cards, kick[:cut] + main + kick[cut:]))


def _runs(counts: list[int], need: int, length: int, above: int) -> list[int]:
    """Tops of the runs of ``length`` consecutive ranks (up to A) holding ``need`` or more
    cards each, with a top above ``above``."""
    tops: list[int] = []
    run = 0
    for r in range(_ACE + 1):
        run = run + 1 if counts[r] >= need else 0
        if run >= length and r > above:
            tops.append(r)
    return tops


def _planes(counts: list[int], k: int, above: int, out: list[Cards]) -> None:
    found: list[Cards] = []
    for top in _runs(counts, 3, k, above):
        _with_kickers(counts, top - k + 1, top, 3, 2 * k, found)
    out.extend(dict.fromkeys(found))  # one airplane may read with different trios


def _chain_moves(ranks: tuple[int, ...], least: int, table: _Chains) -> list[Cards]:
    """Every chain of ``least`` or more consecutive ``ranks`` (ascending) up to A, by top,
    then length."""
    out: list[Cards] = []
    run, prev = 0, -2
    for r in ranks:
        if r > _ACE:
            break
        run = run + 1 if r == prev + 1 else 1
        prev = r
        if run >= least:
            out += table[r][least : run + 1]
    return out


#: a rank's count -> whether it is held (``bytes.translate``), and whether it makes a pair
_HELD: Final = bytes(min(c, 1) for c in range(256))
_PAIRED: Final = bytes(int(c >= 2) for c in range(256))

_Shape = tuple[tuple[int, ...], tuple[Cards, ...], tuple[Cards, ...]]
#: by which ranks a hand holds (at most 2**13 patterns), then which it holds twice: those
#: ranks, their singles (pairs), their straights (runs of pairs); filled as hands meet them
_SINGLE_SHAPES: dict[bytes, _Shape] = {}
_PAIR_SHAPES: dict[bytes, _Shape] = {}


def _shape(pattern: bytes, width: int) -> _Shape:
    """The ranks of ``pattern`` (a 0 or 1 a rank), ``width`` of each and their chains."""
    ranks = tuple(r for r, x in enumerate(pattern) if x)
    base = _SINGLES if width == 1 else _PAIRS
    chains = _chain_moves(ranks, 5 if width == 1 else 2, _CHAINS[width])
    found = (ranks, tuple(base[r] for r in ranks), tuple(chains))
    (_SINGLE_SHAPES if width == 1 else _PAIR_SHAPES)[pattern] = found
    return found


def lead_moves(counts: list[int], rules: PdkRules) -> list[Cards]:
    """Every full-size combo a hand may lead (no R-PDK-LAST, no R-PDK-WARN)."""
    key = bytes(counts)
    held, singles, straights = _SINGLE_SHAPES.get(key.translate(_HELD)) or _shape(
        key.translate(_HELD), 1
    )
    _, pairs, chains = _PAIR_SHAPES.get(key.translate(_PAIRED)) or _shape(key.translate(_PAIRED), 2)
    out = [*singles, *pairs, *straights, *chains]
    if max(counts) < 3:
        return out
    trios = [r for r in held if counts[r] >= 3]
    for r in trios:
        _trio_two(counts, r, out)
    if len(trios) >= 2:
        for k in range(2, 7):
            if not _runs(counts, 3, k, -1):
                break
            _planes(counts, k, -1, out)
    if 4 in counts:
        for r in held:
            if counts[r] == 4:
                if rules.four_three:
                    _with_kickers(counts, r, r, 4, 3, out)
                out.append(_BOMBS[r])
    return out


def follow_moves(counts: list[int], previous: PdkCombo, rules: PdkRules) -> list[Cards]:
    """Every full-size combo that beats ``previous`` (R-PDK-BEAT; no R-PDK-LAST)."""
    kind, p = previous.kind, previous.rank
    if kind is _IS_SINGLE:
        out = [_SINGLES[r] for r in range(p + 1, _RANKS) if counts[r]]
    elif kind is _IS_PAIR:
        out = [_PAIRS[r] for r in range(p + 1, _RANKS) if counts[r] >= 2]
    else:
        out = []
        if kind is _IS_STRAIGHT or kind is _IS_PAIRS:
            width = 1 if kind is _IS_STRAIGHT else 2
            n = previous.length
            table = _CHAINS[width]
            out += [table[top][n] for top in _runs(counts, width, n, p)]
        elif kind is _IS_TRIO_TWO:
            for r in range(p + 1, _RANKS):
                if counts[r] >= 3:
                    _trio_two(counts, r, out)
        elif kind is _IS_PLANE:
            _planes(counts, previous.length, p, out)
        elif kind is _IS_FOUR_THREE and rules.four_three:
            for r in range(p + 1, _RANKS):
                if counts[r] == 4:
                    _with_kickers(counts, r, r, 4, 3, out)
    if 4 in counts:
        above = p if kind is _IS_BOMB else -1
        out += [_BOMBS[r] for r in range(above + 1, _RANKS) if counts[r] == 4]
    return out


def legal_plays(
    hand: Cards,
    previous: PdkCombo | None,
    rules: PdkRules = DEFAULT_RULES,
    *,
    next_has_one: bool = False,
    first: bool = False,
) -> list[Cards]:
    """``pdk_moves`` with the play on the table already read (what the hand calls)."""
    return listed_moves(hand, _counts(hand), previous, rules, next_has_one, first)


def listed_moves(
    hand: Cards,
    counts: list[int],
    previous: PdkCombo | None,
    rules: PdkRules,
    next_has_one: bool,
    first: bool,
) -> list[Cards]:
    """``legal_plays`` of a hand whose cards of each rank its caller keeps (``counts``)."""
    if not hand:
        return []
    moves = lead_moves(counts, rules) if previous is None else follow_moves(counts, previous, rules)
    n = len(hand)
    if n <= 4 or n < 5 * counts.count(3):  # the whole hand may be a short last play
        short = [x for x in readings(hand, rules, True) if x.short]
        if (
            short
            and (previous is None or beating_reading(hand, previous, rules, True) is not None)
            and hand not in moves
        ):
            moves.append(hand)
    if first and not rules.free_first:
        moves = [m for m in moves if m[0] == 0]  # R-PDK-FIRST: the play holds a 3
    if next_has_one:
        top = hand[-1]  # R-PDK-WARN: a single is the highest card
        moves = [m for m in moves if len(m) != 1 or m[0] == top]
    return moves


def pdk_moves(
    hand: Cards,
    previous: Cards | None,
    rules: PdkRules = DEFAULT_RULES,
    *,
    next_has_one: bool = False,
    first: bool = False,
) -> list[Cards]:
    """Every distinct legal play from ``hand`` against ``previous`` (``None``: leading), as
    rank multisets: R-PDK-LAST for the play that empties the hand, R-PDK-WARN when the next
    player holds one card, R-PDK-FIRST when ``first`` (and the table's ``free_first`` is off:
    the play holds a 3). Passing is not a move: a follower may pass only when the list is
    empty (R-PDK-MUST). ``NotAPlay`` if ``previous`` forms no combo."""
    table = None
    if previous is not None:
        found = readings(previous, rules)
        if not found:
            raise NotAPlay(previous)
        table = combo_of(previous, rules)
    return legal_plays(hand, table, rules, next_has_one=next_has_one, first=first)


def lowest_play(moves: list[Cards], previous: PdkCombo | None, rules: PdkRules) -> Cards:
    """R-PDK-AFK's "lowest play": not a bomb if anything else will do, then the lowest
    reading, then the fewest cards, then the lowest cards."""

    def key(cards: Cards) -> tuple[bool, int, int, Cards]:
        if previous is None:
            combo = combo_of(cards, rules, True)
            return combo.is_bomb, combo.rank, len(cards), cards
        found = beating_reading(cards, previous, rules, True)
        assert found is not None
        return found.kind == "bomb", found.rank, len(cards), cards

    return min(moves, key=key)


_set = object.__setattr__


#: the plays the engine listed, by seat, then cards: a frozen ``Play`` serves every hand
_PLAYS: Final[tuple[dict[Cards, Play], ...]] = tuple({} for _ in range(PLAYERS))
_PLAYS_KEPT = 1 << 16


def _make_play(seat: int, cards: Cards) -> Play:
    kept = _PLAYS[seat]
    if len(kept) >= _PLAYS_KEPT:
        kept.clear()
    play = object.__new__(Play)
    _set(play, "seat", seat)
    _set(play, "cards", cards)
    _set(play, "reading", None)
    kept[cards] = play
    return play


def listed_play(seat: int, cards: Cards) -> Play:
    """A ``Play`` of ranks the engine listed itself (nothing to convert), made once."""
    return _PLAYS[seat].get(cards) or _make_play(seat, cards)


def _table_ids() -> frozenset[int]:
    """The ids of the plays built into this module's tables (kept for the process)."""
    built: list[Cards] = [*_SINGLES, *_PAIRS, *_BOMBS]
    built += (x for by_low in _TRIO_TWO for row in by_low for x in row)
    built += (x for table in _CHAINS.values() for by_top in table for x in by_top)
    return frozenset(map(id, built))


#: a table's plays live as long as the process, so an id names one for good: looking a
#: ``Play`` up by it spares hashing the ranks of every play a lead lists
_TABLE_IDS: Final = _table_ids()
_BY_ID: Final[tuple[dict[int, Play], ...]] = tuple({} for _ in range(PLAYERS))


def _play_of(seat: int, cards: Cards) -> Play:
    if id(cards) not in _TABLE_IDS:
        return listed_play(seat, cards)
    play = _BY_ID[seat][id(cards)] = listed_play(seat, cards)
    return play


def listed_plays(seat: int, moves: list[Cards]) -> list[Action]:
    """``listed_play`` of every move (a lead lists dozens)."""
    plays: list[Action | None] = list(map(_BY_ID[seat].get, map(id, moves)))
    if not all(plays):  # (not ``None in``: that would compare every play with None)
        plays = [p or _play_of(seat, m) for p, m in zip(plays, moves, strict=True)]
    return plays  # type: ignore[return-value]
