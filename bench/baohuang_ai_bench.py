"""保皇 AI speed: the time of each decision of the AI levels, over whole self-play hands.

Run: python bench/baohuang_ai_bench.py [--hands N] [--levels normal,hard]

Each level plays every seat of fixed-seed hands through the real game (the throne round and
the declarations included); every decision is timed with the process's CPU clock, so other
processes on a shared machine weigh less. Targets: a median of at most 50 ms and a 99th
percentile of at most 200 ms.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ddz_bot.ai.timing import percentile
from ddz_bot.games.baohuang.ai import make_baohuang_player
from ddz_bot.games.baohuang.engine import BaoHuangGame, BaoHuangRules, GuardMethod
from ddz_bot.kernel import Deal


def decision_times(level: str, hands: int, seed: int, rules: BaoHuangRules) -> list[float]:
    times: list[float] = []
    rng = random.Random(seed)
    for _ in range(hands):
        game = BaoHuangGame(rules, rng=random.Random(rng.randrange(2**31)))
        game.apply(Deal())
        players = [make_baohuang_player(level, rng.randrange(2**31)) for _ in range(5)]
        while not game.over:
            waiting = game.waiting_for()
            assert waiting is not None
            seat = waiting.seats[0]
            view, legal = game.view_for(seat), game.legal_actions(seat)
            started = time.process_time()
            action = players[seat].act(view, legal)
            times.append(time.process_time() - started)
            game.apply(action)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100)
    parser.add_argument("--levels", default="easy,normal,hard")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for rules in (BaoHuangRules(), BaoHuangRules(GuardMethod.CALLED, roast=True, six=True)):
        for level in args.levels.split(","):
            times = sorted(decision_times(level, args.hands, args.seed, rules))
            p99 = percentile(times, 0.99)
            print(
                f"{level:<7} {rules!s:<34} median {statistics.median(times) * 1e3:6.2f} ms"
                f"   p99 {p99 * 1e3:6.2f} ms   max {times[-1] * 1e3:6.1f} ms"
                f"   ({len(times)} decisions)"
            )


if __name__ == "__main__":
    main()
