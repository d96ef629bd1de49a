"""跑得快's engine speed: legal moves of 16-card hands leading and following, and random
self-play in hands a second.

Run: python bench/pdk_engine.py [--situations N] [--hands N]

Targets (issue 30): legal moves median ≤ 50 µs leading, ≤ 10 µs following; random self-play
≥ 1,000 hands/s. Each situation is timed several times and its best run kept, so noise from
other processes mostly drops out; the follow situations are the plays a random hand meets.
A lead remembers the shapes of the hands it met (which ranks are held once, which twice: at
most 2**13 of each), so repeats run warm as they do at a table that has dealt a while; the
"1st call" row times each hand's first listing alone, before any repeat.
Self-play is counted in CPU seconds of this process (time.process_time), which other
processes on a shared machine don't inflate; the wall-clock rate is printed beside it.
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

from ddz_bot.games.paodekuai import PdkRules, pdk_moves
from ddz_bot.games.paodekuai.engine import PdkGame, combo_of, deck_for, legal_plays
from ddz_bot.kernel import Cards, Deal


def best_of(fn: Callable[[], object], repeat: int = 5, number: int = 5) -> float:
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
        f"{label:<40} median {med:7.2f} µs   p90 {p90:7.2f} µs   "
        f"moves median {statistics.median(counts):.0f} max {max(counts)}"
    )


def moves_bench(situations: int, rules: PdkRules) -> None:
    rng = random.Random(20261203)
    lead_t, lead_n, follow_t, follow_n, first_t = [], [], [], [], []
    for _ in range(situations):
        deck = deck_for(rules)
        rng.shuffle(deck)
        hand = Cards.of(deck[: rules.hand_size])
        other = Cards.of(deck[rules.hand_size : 2 * rules.hand_size])
        first_t.append(best_of(partial(pdk_moves, hand, None, rules), repeat=1, number=1))
        lead_t.append(best_of(partial(pdk_moves, hand, None, rules)))
        lead_n.append(len(pdk_moves(hand, None, rules)))
        previous = combo_of(rng.choice(pdk_moves(other, None, rules)), rules)
        follow_t.append(best_of(partial(legal_plays, hand, previous, rules)))
        follow_n.append(len(legal_plays(hand, previous, rules)))
    row(f"legal moves leading, {rules.hand_size} cards", lead_t, lead_n)
    row(f"legal moves leading, {rules.hand_size} cards, 1st call", first_t, lead_n)
    row(f"legal moves following, {rules.hand_size} cards", follow_t, follow_n)


def selfplay_bench(hands: int, rules: PdkRules) -> None:
    rng = random.Random(7)
    actions = 0
    start, cpu = time.perf_counter(), time.process_time()
    for _ in range(hands):
        game = PdkGame(rules, rng=rng)
        game.apply(Deal())
        while not game.over:
            waiting = game.waiting_for()
            assert waiting is not None
            game.apply(rng.choice(game.legal_actions(waiting.seats[0])))
            actions += 1
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    print(
        f"random self-play: {hands / cpu:,.0f} hands per CPU second "
        f"({hands / elapsed:,.0f} per wall second on this machine's load; "
        f"{actions / hands:.1f} actions a hand, {hands} hands)"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--situations", type=int, default=300)
    parser.add_argument("--hands", type=int, default=2000)
    args = parser.parse_args(argv)
    for rules in (PdkRules(), PdkRules(four_three=True)):
        print(f"== {rules.name} ({args.situations} situations)")
        moves_bench(args.situations, rules)
    selfplay_bench(args.hands, PdkRules())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
