"""What a play decision of the hard level costs in CPU time: one core's worth, whatever
else loads the machine.

Run: python bench/decision_cpu.py [--games N] [--seed S] [--b rlcard_rule] [--search NAME=VALUE]

The arena's decision times are the wall clock's, so on a shared machine they measure the
load as much as the search. This plays the arena's deals both ways round (``hard`` against
``--b``, the search timed by the process's CPU time as the arena's ``--cpu-clock`` does)
and prints the median, p99 and max of the CPU time of each of ``hard``'s play decisions,
from the view read to the action chosen: what the decision takes on a core of its own.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ddz_bot.games.doudizhu.ai.arena import _deal, make_arena_player, play_deal, search_config
from ddz_bot.games.doudizhu.ai.players import AIPlayer, _Base
from ddz_bot.games.doudizhu.ai.search import SearchConfig
from ddz_bot.games.doudizhu.engine import CLASSIC
from ddz_bot.games.doudizhu.engine.views import SeatView
from ddz_bot.kernel import Action, Pass, Play


class CpuTimed(AIPlayer):
    """``hard`` on the CPU clock, keeping the CPU time of each play decision."""

    def __init__(self, seed: int, spent: list[float], search: SearchConfig) -> None:
        super().__init__("hard", seed, search)
        self.clock = time.process_time
        self.spent = spent

    def act(self, view: SeatView, legal: Sequence[Action], asked: float | None = None) -> Action:
        began = time.process_time()
        action = super().act(view, legal, asked)
        if view.public.landlord is not None and any(isinstance(a, Play | Pass) for a in legal):
            self.spent.append(time.process_time() - began)
        return action


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="deals (each played twice)")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--b", default="rlcard_rule")
    parser.add_argument(
        "--search", action="append", default=[], metavar="NAME=VALUE", help="as the arena's"
    )
    args = parser.parse_args()
    try:
        search = search_config(args.search) if args.search else SearchConfig()
    except ValueError as error:
        parser.error(str(error))
    rng = random.Random(args.seed)
    spent: list[float] = []

    def make(kind: str, seed: int) -> _Base:
        return CpuTimed(seed, spent, search) if kind == "hard" else make_arena_player(kind, seed)

    for _ in range(args.games):
        hands, bottom = _deal(rng, CLASSIC)
        seed = rng.randrange(2**31)
        for kinds in (["hard", args.b, args.b], [args.b, "hard", "hard"]):
            times: dict[str, list[float]] = {kind: [] for kind in kinds}
            play_deal(hands, bottom, kinds, seed, CLASSIC, None, times, make=make)
    spent.sort()
    p99 = spent[int(0.99 * (len(spent) - 1))]
    print(
        f"hard against {args.b}, {args.games} deals both ways, {len(spent)} play decisions"
        f"{' (' + ' '.join(args.search) + ')' if args.search else ''}: "
        f"CPU median {1000 * statistics.median(spent):.1f} ms, p99 {1000 * p99:.1f} ms, "
        f"max {1000 * spent[-1]:.1f} ms"
    )


if __name__ == "__main__":
    main()
