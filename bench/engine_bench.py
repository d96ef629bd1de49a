"""Engine speed: classify, and legal-move generation leading (17 and 20 cards) and following.

Run: python bench/engine_bench.py [--situations N]

The wildcard part also times ``useful_moves`` (the plays that don't waste a wildcard, what
the game, the AI and the hints list); it keeps no cache, so every call lists afresh.
Prints the median time per call (µs) and the median number of moves, over fixed-seed
random situations. Each situation is timed several times and its best run is kept, so
noise from other processes on a shared machine mostly drops out.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ddz_bot.games.doudizhu.engine import CLASSIC, WILDCARD, classify
from ddz_bot.games.doudizhu.engine.catalogue import classify_structural, legal_moves
from ddz_bot.games.doudizhu.engine.rules import RuleSet
from ddz_bot.games.doudizhu.engine.wildmoves import useful_moves
from ddz_bot.games.doudizhu.engine.wildreadings import wild_readings
from ddz_bot.kernel import Cards, full_deck


def best_of(fn: Callable[[], object], repeat: int = 5, number: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(number):
            fn()
        best = min(best, (time.perf_counter() - start) / number)
    return best


def deal(rng: random.Random, size: int) -> Cards:
    deck = full_deck()
    rng.shuffle(deck)
    return Cards.of(deck[:size])


def row(label: str, times: list[float], counts: list[int] | None = None) -> None:
    med = statistics.median(times) * 1e6
    p90 = sorted(times)[int(len(times) * 0.9)] * 1e6
    extra = (
        ""
        if counts is None
        else f"   moves median {statistics.median(counts):.0f} max {max(counts)}"
    )
    print(f"{label:<44} median {med:8.2f} µs   p90 {p90:8.2f} µs{extra}")


def bench(rules: RuleSet, situations: int, label: str) -> None:
    rng = random.Random(20261129)
    print(f"== {label} ({situations} situations)")
    # classify: every legal lead of random hands, each a real combo a player could put down
    plays: list[Cards] = []
    while len(plays) < 2000:
        hand = deal(rng, 17)
        leads = legal_moves(hand, None, rules)
        plays.extend(m.cards for m in rng.sample(leads, k=min(20, len(leads))))
    sample = plays[:2000]
    classify(sample[0], rules)  # builds the classic lookup table once (not timed)
    times = [best_of(partial(classify, cards, rules), repeat=3, number=5) for cards in sample[:300]]
    row("classify (a legal play)", times)

    def cold(cards: Cards) -> None:
        wild_readings.cache_clear()
        classify_structural(cards, rules)

    times = [best_of(partial(cold, cards), repeat=3, number=1) for cards in sample[:300]]
    row("classify, computed without lookup or memo", times)
    for size in (17, 20):
        times, counts = [], []
        for _ in range(situations):
            hand = deal(rng, size)
            times.append(best_of(partial(legal_moves, hand, None, rules)))
            counts.append(len(legal_moves(hand, None, rules)))
        row(f"legal_moves leading, {size} cards", times, counts)
    times, counts = [], []
    for _ in range(situations):
        hand = deal(rng, 17)
        other = deal(rng, 17)
        leads = legal_moves(other, None, rules)
        previous = rng.choice(leads)
        times.append(best_of(partial(legal_moves, hand, previous, rules)))
        counts.append(len(legal_moves(hand, previous, rules)))
    row("legal_moves following, 17 cards", times, counts)
    if rules.wild_rank is not None:
        times, counts = [], []
        for _ in range(situations):
            hand = deal(rng, 17)
            times.append(best_of(partial(useful_moves, hand, None, rules)))
            counts.append(len(useful_moves(hand, None, rules)))
        row("useful_moves leading, 17 cards", times, counts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--situations", type=int, default=300)
    args = parser.parse_args()
    bench(CLASSIC, args.situations, "classic")
    bench(WILDCARD.with_wild_rank(4), max(20, args.situations // 10), "wildcard (7 wild)")


if __name__ == "__main__":
    main()
