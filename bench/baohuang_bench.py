"""保皇 engine speed: ``bh_moves`` for 34-card hands leading and following, random self-play
hands per second, and the size of a stored hand.

Run: python bench/baohuang_bench.py [--situations N] [--hands N]

``bh_moves`` is timed on fixed-seed random 34-card hands, leading and following a play led
from another hand, with the default options and with 烤牌 and 憋6; each situation is timed
several times and its best run kept (so noise from other processes mostly drops out), after a
warm-up that fills the count-shape tables. Self-play deals fresh hands (the four shuffles
included) and plays random legal actions through ``legal_actions``/``apply`` to the end.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ddz_bot.games.baohuang.engine import BaoHuangGame, BaoHuangRules, bh_deck, bh_moves
from ddz_bot.kernel import Cards, Deal


def best_of(fn: Callable[[], object], repeat: int = 5, number: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(number):
            fn()
        best = min(best, (time.perf_counter() - start) / number)
    return best


def row(label: str, times: list[float], counts: list[int]) -> None:
    med = statistics.median(times) * 1e6
    p90 = sorted(times)[int(len(times) * 0.9)] * 1e6
    print(
        f"{label:<40} median {med:7.2f} µs   p90 {p90:7.2f} µs"
        f"   moves median {statistics.median(counts):.0f} max {max(counts)}"
    )


def situations(rng: random.Random, n: int) -> list[tuple[Cards, Cards]]:
    out = []
    deck = bh_deck()
    for _ in range(n):
        rng.shuffle(deck)
        hand = Cards.of(deck[:34])
        other = Cards.of(deck[34:68])
        size = rng.randint(1, 4)  # the size of the play to follow, 1 to 4 cards
        leads = [m for m in bh_moves(other, None) if len(m) == size] or bh_moves(other, None)
        out.append((hand, rng.choice(leads)))
    return out


def bench_moves(rules: BaoHuangRules, label: str, cases: list[tuple[Cards, Cards]]) -> None:
    for hand, previous in cases:  # warm-up: the count-shape tables fill once per process
        bh_moves(hand, None, rules)
        bh_moves(hand, previous, rules)
    lead = [best_of(partial(bh_moves, hand, None, rules)) for hand, _ in cases]
    row(f"{label} leading (34 cards)", lead, [len(bh_moves(h, None, rules)) for h, _ in cases])
    follow = [best_of(partial(bh_moves, hand, prev, rules)) for hand, prev in cases]
    row(
        f"{label} following (34 cards)",
        follow,
        [len(bh_moves(h, p, rules)) for h, p in cases],
    )


def self_play(hands: int, seed: int) -> tuple[float, float, int, int]:
    """Hands per second of wall time and of this process's CPU time (the machine may be
    shared), actions per hand, and the median stored size."""
    rng = random.Random(seed)
    actions = 0
    sizes = []
    start, cpu = time.perf_counter(), time.process_time()
    for _ in range(hands):
        game = BaoHuangGame(balances=[10**6] * 5, rng=rng)
        game.apply(Deal())
        while not game.over:
            waiting = game.waiting_for()
            assert waiting is not None
            game.apply(rng.choice(game.legal_actions(waiting.seats[0])))
            actions += 1
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    for _ in range(20):
        sizes.append(len(json.dumps(game.to_dict(), separators=(",", ":"))))
        game = BaoHuangGame(balances=[10**6] * 5, rng=rng)
        game.apply(Deal())
        while not game.over:
            waiting = game.waiting_for()
            assert waiting is not None
            game.apply(rng.choice(game.legal_actions(waiting.seats[0])))
    return hands / elapsed, hands / cpu, actions // hands, int(statistics.median(sizes))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--situations", type=int, default=300)
    parser.add_argument("--hands", type=int, default=300)
    args = parser.parse_args()
    cases = situations(random.Random(1), args.situations)
    bench_moves(BaoHuangRules(), "bh_moves", cases)
    bench_moves(BaoHuangRules(roast=True, six=True), "bh_moves 烤牌+憋6", cases)
    wall, cpu, actions, size = self_play(args.hands, 2)
    print(
        f"random self-play: {wall:.0f} hands/s wall, {cpu:.0f} hands/s of CPU time"
        f" ({actions} actions a hand)"
    )
    print(f"to_dict of a finished hand: {size} bytes of JSON (median)")
    fresh = BaoHuangGame(rng=random.Random(3))
    fresh.apply(Deal())
    print(f"to_dict of a fresh hand: {len(json.dumps(fresh.to_dict(), separators=(',', ':')))}")


if __name__ == "__main__":
    main()
