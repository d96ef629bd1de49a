"""The hard level's samples: the unseen cards dealt to the other seats as their actions
suggest.

Each sample (a determinisation) deals the unseen cards to the other seats with their exact
card counts, the landlord keeping the bottom cards not yet played, and prefers deals that
fit what the seats were seen to do: no seat holding what would have beaten (without a
bomb) a play of an enemy it passed on, and every seat's earlier plays fitting the plan of
the hand it held then.

A player who plans its hand (as people and the policy do) leads the costliest combo of
its plan (its lowest single or pair, mostly) and follows with what keeps the rest of its
hand best: it does not break a pair or a chain without a reason. So a deal under which a
seat's plays would have broken its plan is less likely than one under which they fit;
``implausibility`` measures the misfit in the plan's own units (one combo more in hand
costs ``HAND_COST``).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Final

from ddz_bot.games.doudizhu.engine import CLASSIC, Combo, ComboKind, RuleSet, legal_moves
from ddz_bot.kernel import Cards, Rank

from .hand import HAND_COST, Part, plan_hand, plan_score
from .policy import NORMAL, score_options
from .simple import simple_lead
from .situation import Acted, Observed, Situation, full_counts

__all__ = ["Sampler", "implausibility", "part_cost", "plays_simply", "simple_misfit"]

#: the most cards a seat held when its decision is read back (``Sampler``)
_READ_UP_TO: Final = 20
#: the follows found without listing moves: a single, a pair or a trio of a higher rank
_WIDTH: Final = {ComboKind.SINGLE: 1, ComboKind.PAIR: 2, ComboKind.TRIO: 3}
_SMALL_JOKER: Final = int(Rank.SMALL_JOKER)


def part_cost(combo: Combo) -> float:
    """What ``combo`` costs a plan as one of its parts (``plan_score``'s units)."""
    return HAND_COST - Part(combo.kind, combo.rank, combo.length, tuple(combo.cards)).value


def implausibility(observed: Observed, counts: Sequence[int], rules: RuleSet) -> float:
    """How far ``observed``'s play was from the one that keeps the hand best, had its seat
    held ``counts`` now (and so ``counts`` plus ``observed.since`` then), in plan points:
    a lead against leading the costliest combo of the hand's best plan (the lowest single
    or pair, as a planning player leads), a follow against the best follow of the hand, a
    bomb on a follow against keeping it in the plan. 0 when it was that play; never
    negative."""
    then = [n + s for n, s in zip(counts, observed.since, strict=True)]
    play = observed.play
    rest = then[:]
    for r in play.cards:
        rest[r] -= 1
    kept = plan_score(rest)
    faced = observed.faced
    if faced is None:
        plan = plan_hand(then)
        costliest = max(HAND_COST - part.value for part in plan.parts)
        return max(0.0, kept - plan.score + costliest)
    if play.is_bomb:
        return max(0.0, kept + part_cost(play) - plan_score(then))
    best = kept
    width = _WIDTH.get(faced.kind)
    if width is not None and rules.decks == 1:  # a single, pair or trio: a higher rank
        top = len(then) if width == 1 else _SMALL_JOKER
        for r in range(faced.rank + 1, top):
            if then[r] >= width:
                then[r] -= width
                best = min(best, plan_score(then))
                then[r] += width
        return kept - best
    for move in legal_moves(Cards.from_counts(then), faced, rules):
        if move.is_bomb:
            continue
        other = then[:]
        for r in move.cards:
            other[r] -= 1
        best = min(best, plan_score(other))
    return kept - best


def simple_misfit(observed: Observed, counts: Sequence[int], rules: RuleSet) -> float:
    """How far ``observed``'s play was from a simple player's (``search._simple_play``) had
    its seat held ``counts`` now: 1 for a lead without the hand's lowest card, a follow
    over a lower combo of the kind that beats, or a bomb with a combo of the kind in hand;
    else 0."""
    then = [n + s for n, s in zip(counts, observed.since, strict=True)]
    play = observed.play
    faced = observed.faced
    if faced is None:
        low = next((r for r in range(len(then)) if then[r]), 0)
        return float(low < min(play.cards))
    if play.is_bomb and faced.is_bomb:
        return 0.0
    width = _WIDTH.get(faced.kind)
    if width is not None and rules.decks == 1:
        top = len(then) if width == 1 else _SMALL_JOKER
        below = top if play.is_bomb else min(play.rank, top)
        return float(any(then[r] >= width for r in range(faced.rank + 1, below)))
    for move in legal_moves(Cards.from_counts(then), faced, rules):
        same = move.kind is faced.kind and move.length == faced.length
        if same and (play.is_bomb or move.rank < play.rank):
            return 1.0
    return 0.0


def _simple_read(observed: Observed, counts: Sequence[int], rules: RuleSet) -> float:
    """``simple_misfit`` with the whole hand known (a sample's): a lead is 1 unless it is
    the simple player's lead of the hand then (``simple_lead``), not only one that holds
    its lowest card."""
    if observed.faced is not None:
        return simple_misfit(observed, counts, rules)
    play = observed.play
    then = [n + s for n, s in zip(counts, observed.since, strict=True)]
    return float(simple_lead(then) != (play.kind, play.rank, play.length))


def plays_simply(situation: Situation, seat: int) -> bool:
    """Whether every play and pass of ``seat`` seen this hand could have been a simple
    player's: none contradicts ``simple_misfit`` (or, a pass, held a combo of the kind that
    beat without a bomb, or a hand its size couldn't be without one) with the cards it
    played since, which it held then."""
    rules = situation.rules
    none = [0] * len(situation.unseen)
    if any(simple_misfit(seen, none, rules) for seen in situation.observed if seen.seat == seat):
        return False
    # a simple player passes only without a combo of the kind that beats (partner or not):
    # not holding one since, and, on a single or a pair, a hand that size can be without one
    for who, combo, since in situation.passes:
        if who != seat:
            continue
        if _could_beat(list(since), [combo]):
            return False
        width = _WIDTH.get(combo.kind)
        if width is None or width > 2:
            continue
        held = situation.card_counts[seat] + sum(since)
        could = [n + s for n, s in zip(situation.unseen, since, strict=True)]
        room = sum(could[: combo.rank + 1])
        if width == 2:  # one card of each higher rank, and the jokers (no pair of them)
            room += sum(min(1, n) for n in could[combo.rank + 1 : _SMALL_JOKER])
            room += sum(could[_SMALL_JOKER:])
        if held > room:
            return False
    return True


class Sampler:
    """Deals the samples of one decision: of ``tries`` deals the one that fits best what
    the other seats were seen to do, then ``refine`` swaps of a card between two of them,
    each kept when the fit is no worse; with ``chain``, each sample after the first goes
    on from the one before by that many swaps (a worse fit kept by chance: a Markov chain
    over the deals, each sample a few swaps' cost instead of a fresh deal's).

    A deal's misfit counts, for each seat, the passes on an enemy's play it remembers that
    the hand could have beaten without a bomb, the decisions on the table's top
    (``Acted``, with ``read``) the normal policy would not have made from the hand, and
    ``history`` times the ``implausibility`` of its earlier plays."""

    __slots__ = (
        "chain",
        "checks",
        "full",
        "history",
        "last",
        "memo",
        "observed",
        "others",
        "passes",
        "pinned",
        "played",
        "refine",
        "simple",
        "simple_passes",
        "situation",
        "tries",
    )

    def __init__(
        self,
        situation: Situation,
        tries: int = 12,
        read: bool = True,
        history: float = 0.0,
        refine: int = 0,
        chain: int = 0,
        simple: frozenset[int] = frozenset(),
    ) -> None:
        self.situation = situation
        #: the seats read as simple players (``simple_misfit``), not as planners
        self.simple = simple
        self.chain = chain
        #: the last sample and its seats' misfits, where a ``chain`` of samples goes on from
        self.last: tuple[list[list[int]], list[float]] | None = None
        self.tries = tries
        self.history = history
        self.refine = refine
        plain = situation.rules.wild_rank is None
        # two decks' hands are too large to read in time (four players: decisions' p99 151
        # ms, the longest 205, when they were read)
        self.observed = (
            [o for o in situation.observed if o.seat != situation.seat]
            if history > 0 and plain and situation.rules.decks == 1
            else []
        )
        self.full = full_counts(situation.rules)
        # the policy is read on hands up to a farmer's deal: beyond, a lead weighs hundreds
        self.checks = [
            a
            for a in situation.acted
            if read
            and plain
            and situation.card_counts[a.seat] + (len(a.play.cards) if a.play else 0) <= _READ_UP_TO
        ]
        # a pass read back exactly is not also asked to be one the hand couldn't top: the
        # policy passes with cards that would beat, to keep a 2 or a pair
        exact = {(a.seat, a.faced) for a in self.checks if a.play is None}
        self.passes = {
            seat: [c for c in combos if (seat, c) not in exact]
            for seat, combos in situation.passed_on.items()
        }
        #: a simple player passes only without a combo of the kind that beats, its
        #: partner's play too: each of its passes, with the cards it has played since (the
        #: hand then is the sample's and those), is read as such (not ``passes``)
        self.simple_passes: dict[int, list[tuple[list[Combo], tuple[int, ...]]]] = {
            seat: [([combo], since) for who, combo, since in situation.passes if who == seat]
            for seat in simple
        }
        self.memo: dict[tuple[int, tuple[int, ...]], bool] = {}
        hand = situation.hand.counts()
        self.played = [self.full[r] - situation.unseen[r] - hand[r] for r in range(len(hand))]
        self.others = [s for s in range(situation.players) if s != situation.seat]
        # the cards a swap may not move: the landlord's known bottom cards
        self.pinned = [[0] * len(hand) for _ in range(situation.players)]
        if situation.bottom_left is not None and not situation.is_landlord:
            self.pinned[situation.landlord] = list(situation.bottom_left)

    def deal(
        self, rng: random.Random, out_of_time: Callable[[], bool] | None = None
    ) -> list[list[int]]:
        """One sample; no further try or swap once ``out_of_time`` says so."""
        if not self._reads():
            return _deal_once(self.situation, rng)
        if self.last is not None and self.chain:
            hands = [h[:] for h in self.last[0]]
            misfits = self.last[1][:]
            for _ in range(self.chain):
                if out_of_time is not None and out_of_time():
                    break
                self._swap(hands, misfits, rng, settle=False)
            self.last = ([h[:] for h in hands], misfits)
            return hands
        hands = _deal_once(self.situation, rng)
        misfits = self._misfits(hands)
        for _ in range(self.tries - 1):
            if not sum(misfits) or (out_of_time is not None and out_of_time()):
                break
            other = _deal_once(self.situation, rng)
            found = self._misfits(other)
            if sum(found) < sum(misfits):
                hands, misfits = other, found
        for _ in range(self.refine):
            if not sum(misfits) or (out_of_time is not None and out_of_time()):
                break
            self._swap(hands, misfits, rng)
        if self.chain:  # the next sample goes on from this one
            self.last = ([h[:] for h in hands], misfits)
        return hands

    def _reads(self) -> bool:
        """Whether anything seen can make one deal fit better than another."""
        return (
            any(self.passes.values())
            or any(self.simple_passes.values())
            or bool(self.checks)
            or bool(self.observed)
        )

    def _swap(
        self, hands: list[list[int]], misfits: list[float], rng: random.Random, settle: bool = True
    ) -> None:
        """Swap a random free card of one of two random seats with one of the other's (none
        with one other seat); undo it if the two seats' misfit grew (``settle``), else with
        the chance that an increase of the misfit by 1 leaves it 1/e."""
        if len(self.others) < 2:
            return
        a, b = rng.sample(self.others, 2)
        ra, rb = self._free_card(a, hands[a], rng), self._free_card(b, hands[b], rng)
        if ra is None or rb is None or ra == rb:
            return
        hands[a][ra] -= 1
        hands[a][rb] += 1
        hands[b][rb] -= 1
        hands[b][ra] += 1
        new_a, new_b = self._misfit(a, hands[a]), self._misfit(b, hands[b])
        grew = new_a + new_b - misfits[a] - misfits[b]
        if grew <= 0 or (not settle and rng.random() < math.exp(-grew)):
            misfits[a], misfits[b] = new_a, new_b
            return
        hands[a][ra] += 1
        hands[a][rb] -= 1
        hands[b][rb] += 1
        hands[b][ra] -= 1

    def _free_card(self, seat: int, counts: list[int], rng: random.Random) -> int | None:
        pinned = self.pinned[seat]
        free = [r for r, n in enumerate(counts) for _ in range(n - pinned[r])]
        return rng.choice(free) if free else None

    def _misfits(self, hands: list[list[int]]) -> list[float]:
        return [
            0.0 if seat == self.situation.seat else self._misfit(seat, counts)
            for seat, counts in enumerate(hands)
        ]

    def _disagreements(self, hands: list[list[int]]) -> float:
        """The misfit of a whole deal."""
        return sum(self._misfits(hands))

    def _misfit(self, seat: int, counts: list[int]) -> float:
        found: float = 0.0
        simple_passes = self.simple_passes.get(seat)
        if simple_passes is not None:
            for combos, since in simple_passes:
                found += _could_beat([n + s for n, s in zip(counts, since, strict=True)], combos)
        else:
            passed = self.passes.get(seat)
            if passed:
                found += _could_beat(counts, passed)
        for i, acted in enumerate(self.checks):
            if acted.seat == seat:
                found += not self._agrees(i, acted, counts)
        if self.observed:
            rules = self.situation.rules
            simple = seat in self.simple
            for seen in self.observed:
                if seen.seat == seat:
                    if simple:
                        found += _simple_read(seen, counts, rules)
                    else:
                        found += self.history * implausibility(seen, counts, rules)
        return found

    def _agrees(self, index: int, acted: Acted, counts: list[int]) -> bool:
        """Whether the policy, holding ``counts`` (and the play's cards) then, does what
        ``acted`` did."""
        then = counts[:]
        played = self.played[:]
        card_counts = list(self.situation.card_counts)
        if acted.play is not None:
            for r in acted.play.cards:
                then[r] += 1
                played[r] -= 1
            card_counts[acted.seat] += len(acted.play.cards)
        key = (index, tuple(then))
        known = self.memo.get(key)
        if known is not None:
            return known
        sit = self.situation
        moment = Situation(
            sit.rules,
            acted.seat,
            Cards.from_counts(then),
            sit.landlord,
            tuple(card_counts),
            acted.faced,
            acted.faced_seat,
            [self.full[r] - then[r] - played[r] for r in range(len(then))],
        )
        options = score_options(moment, NORMAL)
        choice = options[0].play if options else None
        if choice is None or acted.play is None:
            known = choice is acted.play
        else:
            known = choice.cards == acted.play.cards
        self.memo[key] = known
        return known


def _could_beat(counts: list[int], combos: list[Combo]) -> bool:
    """Whether the hand beats any of ``combos`` without a bomb (a single, pair or trio by a
    higher rank held that many times, read off the counts; the rest by the moves)."""
    hand: Cards | None = None
    for combo in combos:
        width = _WIDTH.get(combo.kind)
        if width is not None:
            top = len(counts) if width == 1 else _SMALL_JOKER
            if any(n >= width for n in counts[combo.rank + 1 : top]):
                return True
            continue
        if hand is None:
            hand = Cards.from_counts(counts)
        if any(not m.is_bomb for m in legal_moves(hand, combo, CLASSIC)):
            return True
    return False


def _deal_once(situation: Situation, rng: random.Random) -> list[list[int]]:
    seats = situation.players
    hands: list[list[int]] = [[0] * 15 for _ in range(seats)]
    hands[situation.seat] = situation.hand.counts()
    pool = [r for r in range(15) for _ in range(situation.unseen[r])]
    need = [0 if s == situation.seat else situation.card_counts[s] for s in range(seats)]
    landlord = situation.landlord
    if situation.bottom_left is not None and landlord != situation.seat:
        for r, n in enumerate(situation.bottom_left):
            for _ in range(n):
                if need[landlord] and r in pool:
                    pool.remove(r)
                    hands[landlord][r] += 1
                    need[landlord] -= 1
    rng.shuffle(pool)
    i = 0
    for s in range(seats):
        for _ in range(need[s]):
            if i < len(pool):
                hands[s][pool[i]] += 1
                i += 1
    return hands
