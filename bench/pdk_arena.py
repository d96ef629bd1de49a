"""跑得快's AI: its decision time, and the arena against random and greedy players.

Run: python bench/pdk_arena.py --rules paodekuai [--deals N] [--player hard]

Targets (issue 30): decision median ≤ 50 ms, p99 ≤ 150 ms; over ≥ 1,000 deals with the seats
rotated, the AI first out in ≥ 75% of hands against two random players, and more points on
average than a greedy player from every seat (the same deals, two greedy players beside it).
The shared arena (``ddz_bot.ai.arena``) plays 斗地主; this one plays 跑得快's first hands
(♠3 leads), so ``--rules`` takes ``paodekuai`` and its options (``paodekuai+cards15``).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ddz_bot.games.paodekuai.ai import run
from ddz_bot.games.paodekuai.engine import PdkRules


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="paodekuai", help="paodekuai[+cards15][+four_three]")
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--player", default="hard", help="easy, normal, hard, greedy, random")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)
    try:
        rules = PdkRules.from_name(args.rules)
    except ValueError as exc:
        parser.error(str(exc))
    started = time.perf_counter()
    result = run(args.deals, args.player, args.seed, rules)
    elapsed = time.perf_counter() - started
    print(
        f"== {rules.name}: {args.player} over {args.deals} deals, seats rotated ({elapsed:.0f} s)"
    )
    print(
        f"first out against two random players: {result.first_out_rate:.1%} "
        f"(by seat {', '.join(f'{n / args.deals:.1%}' for n in result.first_out)})"
    )
    for seat in range(3):
        mine, theirs = result.average(seat), result.baseline_average(seat)
        verdict = "more" if mine > theirs else "NOT more"
        print(
            f"seat {seat} against two greedy players: {mine:+.2f} points a hand, "
            f"a greedy player there {theirs:+.2f} ({verdict})"
        )
    times = sorted(result.timings)
    if times:
        p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
        print(
            f"decision time over {len(times)} decisions: median "
            f"{statistics.median(times) * 1e3:.2f} ms, p99 {p99 * 1e3:.2f} ms, "
            f"max {times[-1] * 1e3:.2f} ms"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
