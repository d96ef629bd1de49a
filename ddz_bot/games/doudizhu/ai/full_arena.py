"""The full-hand arena: bidding, 抢地主, 明牌 and 加倍 on, beans settled in a room.

For two kinds of player A and B, every deal is played once for each way of seating one
of them alone against the other kind (A alone in each seat, then B alone in each seat:
twice as many seatings as seats). The deal, the first bidder and any redeal are the same
in all of them, so the luck of the cards cancels out and what is left is the players.
Every seat brings ``balance`` beans, the same each hand, so that each hand stands alone
and doubling is always allowed. Per kind: the beans won per hand per seat (after the
room's fee; with a 95% interval over the deals), how often it became the landlord and
won as such, and how often it doubled.

    python -m ddz_bot.games.arena --full --kinds normal,never_bids,always_bids --games 500
"""

from __future__ import annotations

import itertools
import random
import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field

from ddz_bot.games.doudizhu.engine import CLASSIC, Double, Game, Phase, RuleSet
from ddz_bot.kernel import DEFAULT_ROOM, Deal, Room

from .players import make_player

__all__ = ["FullHandStats", "PairResult", "play_full_hand", "run_pair"]

#: beans each seat brings to every hand: far above every room's doubling threshold
DEFAULT_BALANCE = 10_000_000
_MAX_STEPS = 1_000


@dataclass(frozen=True, slots=True)
class HandResult:
    """One full hand: the beans each seat won (fees taken), who was the landlord (None:
    no one called, the hand was aborted), whether the landlord won, who doubled."""

    deltas: tuple[int, ...]
    landlord: int | None
    landlord_won: bool
    doubled: tuple[bool, ...]


@dataclass
class FullHandStats:
    """One kind's figures in a pair."""

    seat_hands: int = 0
    beans: int = 0
    landlord: int = 0  # hands this kind was the landlord in
    landlord_won: int = 0
    doubled: int = 0
    per_deal: list[float] = field(default_factory=list)  # beans per seat-hand, each deal

    @property
    def beans_per_hand(self) -> float:
        return self.beans / self.seat_hands if self.seat_hands else 0.0

    @property
    def interval(self) -> float:
        """Half the width of the 95% interval of ``beans_per_hand`` over the deals."""
        if len(self.per_deal) < 2:
            return 0.0
        return float(1.96 * statistics.stdev(self.per_deal) / len(self.per_deal) ** 0.5)


@dataclass
class PairResult:
    a: str
    b: str
    hands: int = 0
    aborted: int = 0  # hands nobody called, three redeals running
    stats: dict[str, FullHandStats] = field(default_factory=dict)


def play_full_hand(
    kinds: Sequence[str], seed: int, rules: RuleSet, room: Room, balance: int
) -> HandResult:
    """One hand through ``Game`` from the deal to the settlement, ``kinds[s]`` in seat s."""
    n = rules.players
    game = Game(rules, room, [balance] * n, rng=random.Random(seed))
    players = [make_player(kind, seed * 7 + seat) for seat, kind in enumerate(kinds)]
    doubled = [False] * n
    for _ in range(_MAX_STEPS):
        if game.over:
            break
        if game.phase in (Phase.SHOW_START, Phase.DEALING):  # nobody shows before the deal
            game.apply(Deal())
            continue
        waiting = game.waiting_for()
        assert waiting is not None
        seat = waiting.seats[0]
        action = players[seat].act(game.view_for(seat), game.legal_actions(seat))
        doubled[seat] |= isinstance(action, Double)
        game.apply(action)
    settlement = game.settlement()
    outcome = game.outcome()
    assert settlement is not None and outcome is not None
    landlord = None if outcome.aborted else outcome.landlord
    landlord_won = landlord is not None and landlord in outcome.winners
    return HandResult(settlement.deltas, landlord, landlord_won, tuple(doubled))


def seatings(players: int, a: str, b: str) -> list[list[str]]:
    """A alone in each seat, then B alone in each seat."""
    out = []
    for alone, others in ((a, b), (b, a)):
        for seat in range(players):
            out.append([alone if s == seat else others for s in range(players)])
    return out


def run_pair(
    games: int,
    a: str,
    b: str,
    seed: int = 1,
    rules: RuleSet = CLASSIC,
    room: Room = DEFAULT_ROOM,
    balance: int = DEFAULT_BALANCE,
) -> PairResult:
    """``games`` deals, each in every seating of ``seatings``."""
    if a == b:
        raise ValueError("a pair needs two different kinds")
    result = PairResult(a, b, stats={a: FullHandStats(), b: FullHandStats()})
    rng = random.Random(seed)
    for _ in range(games):
        deal_seed = rng.randrange(2**31)
        deal_beans = {a: 0, b: 0}
        deal_seats = {a: 0, b: 0}
        for kinds in seatings(rules.players, a, b):
            hand = play_full_hand(kinds, deal_seed, rules, room, balance)
            result.hands += 1
            result.aborted += hand.landlord is None
            for seat, kind in enumerate(kinds):
                stats = result.stats[kind]
                stats.seat_hands += 1
                stats.beans += hand.deltas[seat]
                stats.doubled += hand.doubled[seat]
                deal_beans[kind] += hand.deltas[seat]
                deal_seats[kind] += 1
                if hand.landlord == seat:
                    stats.landlord += 1
                    stats.landlord_won += hand.landlord_won
        for kind in (a, b):
            result.stats[kind].per_deal.append(deal_beans[kind] / deal_seats[kind])
    return result


def report(result: PairResult) -> list[str]:
    """The pair's lines for the arena's output."""
    lines = [
        f"{result.a} vs {result.b}: {result.hands} hands "
        f"({len(result.stats[result.a].per_deal)} deals x "
        f"{result.hands // max(1, len(result.stats[result.a].per_deal))} seatings), "
        f"{result.aborted} aborted"
    ]
    for kind in (result.a, result.b):
        s = result.stats[kind]
        landlord_wp = s.landlord_won / s.landlord if s.landlord else 0.0
        lines.append(
            f"  {kind:12s} {s.beans_per_hand:+9.1f} beans/hand/seat (±{s.interval:.1f})  "
            f"landlord in {s.landlord / result.hands:.1%} of hands, won {landlord_wp:.1%}; "
            f"doubled {s.doubled / s.seat_hands:.1%} of seat-hands"
        )
    return lines


def run_all(
    games: int,
    kinds: list[str],
    seed: int = 1,
    rules: RuleSet = CLASSIC,
    room: Room = DEFAULT_ROOM,
    balance: int = DEFAULT_BALANCE,
) -> list[PairResult]:
    """Every pair of ``kinds``, on the same deals."""
    return [
        run_pair(games, a, b, seed, rules, room, balance)
        for a, b in itertools.combinations(kinds, 2)
    ]
