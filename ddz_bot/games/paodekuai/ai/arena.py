"""The 跑得快 arena: players meet on the same deals with the seats rotated.

Two measures (bench/pdk_arena.py prints them): how often a player is first out against two
random players, and its average points from each seat against two greedy players compared
with a greedy player's on the same deals and seats.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field

from ddz_bot.kernel import Deal

from ..engine import DEFAULT_RULES, PdkGame, PdkRules
from .players import PdkPlayer, make_pdk_player

__all__ = ["ArenaResult", "play_deal", "run"]


def play_deal(
    seed: int, players: Sequence[PdkPlayer], rules: PdkRules = DEFAULT_RULES
) -> tuple[int | None, tuple[int, ...]]:
    """A table's first hand dealt from ``seed``: who went out first, and the seats' points."""
    game = PdkGame(rules, rng=random.Random(seed))
    game.apply(Deal())
    while not game.over:
        waiting = game.waiting_for()
        assert waiting is not None
        seat = waiting.seats[0]
        game.apply(players[seat].act(game.view_for(seat), game.legal_actions(seat)))
    outcome = game.outcome()
    assert outcome is not None
    return outcome.winner, outcome.scores


@dataclass
class ArenaResult:
    deals: int
    first_out: list[int] = field(default_factory=lambda: [0, 0, 0])  # vs two random, by seat
    points: list[list[int]] = field(default_factory=lambda: [[], [], []])  # vs two greedy
    baseline: list[list[int]] = field(default_factory=lambda: [[], [], []])  # greedy there
    timings: list[float] = field(default_factory=list)

    @property
    def first_out_rate(self) -> float:
        return sum(self.first_out) / (3 * self.deals)

    def average(self, seat: int) -> float:
        return statistics.fmean(self.points[seat])

    def baseline_average(self, seat: int) -> float:
        return statistics.fmean(self.baseline[seat])


def run(
    deals: int, player: str = "hard", seed: int = 2026, rules: PdkRules = DEFAULT_RULES
) -> ArenaResult:
    """``deals`` deals, each played three times a measure with ``player`` in each seat."""
    result = ArenaResult(deals)
    ai = make_pdk_player(player, seed)
    ai.keep_timings = True
    for deal in range(deals):
        deal_seed = seed * 1_000_003 + deal
        _, greedy_all = play_deal(deal_seed, [make_pdk_player("greedy") for _ in range(3)], rules)
        for seat in range(3):
            randoms = [make_pdk_player("random", deal_seed + s) for s in range(3)]
            randoms[seat] = ai
            winner, _ = play_deal(deal_seed, randoms, rules)
            result.first_out[seat] += winner == seat
            greedy = [make_pdk_player("greedy") for _ in range(3)]
            greedy[seat] = ai
            result.points[seat].append(play_deal(deal_seed, greedy, rules)[1][seat])
            result.baseline[seat].append(greedy_all[seat])
    result.timings = ai.timings
    return result
