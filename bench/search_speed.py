"""What one sample of the hard level's search costs: the sampler's deal and the playouts.

Run: python bench/search_speed.py [--deals N] [--samples K] [--role landlord|farmers]

A decision's strength grows with its samples (twice the time made the landlord +0.017 ±
0.009 against ``normal_v1`` over 2,000 deals), and its time is bounded by the table's
latency, so the cost of a sample is what the search buys strength with. The bench plays
the arena's deals with ``normal`` in one role against ``normal_v1`` (deterministic: the
same decisions whatever the machine's load), keeps each decision of the watched seat that
the search would play out, and then searches each one again with exactly K samples and no
clock: the CPU time per sample, split into dealing the samples and playing them out, and
a digest of the choices made, which a change that only makes the search faster keeps.
The decisions of ``--warm`` other deals are searched first, untimed: a player in the bot
or the arena runs for hours, and what its memos know by then is part of its speed.
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ddz_bot.games.doudizhu.ai import AIPlayer, Situation, search
from ddz_bot.games.doudizhu.ai.arena import _deal, play_deal
from ddz_bot.games.doudizhu.ai.players import _Base, make_player
from ddz_bot.games.doudizhu.ai.policy import NORMAL, score_options
from ddz_bot.games.doudizhu.ai.sampler import Sampler
from ddz_bot.games.doudizhu.ai.search import SearchConfig, search_candidates
from ddz_bot.games.doudizhu.engine import CLASSIC
from ddz_bot.games.doudizhu.engine.views import SeatView
from ddz_bot.kernel import Action

HARD = SearchConfig()


class Recorder(AIPlayer):
    """``normal``, keeping each of its decisions that a search would play out."""

    def __init__(self, seed: int, kept: list[Situation]) -> None:
        super().__init__("normal", seed)
        self.kept = kept

    def act(self, view: SeatView, legal: Sequence[Action], asked: float | None = None) -> Action:
        if len(legal) > 1 and view.public.landlord is not None:
            situation = Situation.from_view(view)
            self.observe(view, situation)
            if search_candidates(score_options(situation, NORMAL), HARD.candidates):
                self.kept.append(dataclasses.replace(situation))
        return super().act(view, legal, asked)


class TimedSampler(Sampler):
    """The search's sampler, adding the CPU time of its deals to ``spent``."""

    spent = 0.0

    def deal(
        self, rng: random.Random, out_of_time: Callable[[], bool] | None = None
    ) -> list[list[int]]:
        began = time.process_time()
        try:
            return super().deal(rng, out_of_time)
        finally:
            TimedSampler.spent += time.process_time() - began


def record(deals: int, seed: int, role: str) -> list[Situation]:
    """The watched seat's searched decisions over ``deals`` of the arena's deals."""
    rng = random.Random(seed)
    kept: list[Situation] = []
    watched = "watched"
    kinds = [watched, "normal_v1", "normal_v1"]
    if role == "farmers":
        kinds = ["normal_v1", watched, "normal_v1"]

    def make(kind: str, seat_seed: int) -> _Base:
        if kind == watched:
            return Recorder(seat_seed, kept)
        return make_player(kind, seat_seed)

    for _ in range(deals):
        hands, bottom = _deal(rng, CLASSIC)
        play_deal(hands, bottom, kinds, rng.randrange(2**31), CLASSIC, make=make)
    return kept


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=30)
    parser.add_argument("--samples", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--role", choices=("landlord", "farmers"), default="landlord")
    parser.add_argument(
        "--warm", type=int, default=20, help="deals searched first, untimed (a running player)"
    )
    args = parser.parse_args()
    situations = record(args.deals, args.seed, args.role)
    warming = record(args.warm, args.seed + 1, args.role)
    config = dataclasses.replace(
        HARD,
        budget=1e9,
        ceiling=1e9,
        max_samples=args.samples,
        min_samples=args.samples,
        settle_after=args.samples + 1,
    )
    dealing: list[float] = []
    searching: list[float] = []
    digest = hashlib.sha256()
    for i, situation in enumerate(warming):
        search.search_play(situation, random.Random(i), config)
    for i, situation in enumerate(situations):
        began = time.process_time()
        search.Sampler = TimedSampler  # type: ignore[misc]
        try:
            play, _, samples = search.search_play(situation, random.Random(i), config)
        finally:
            search.Sampler = Sampler  # type: ignore[misc]
        searching.append(time.process_time() - began)
        dealing.append(TimedSampler.spent)
        TimedSampler.spent = 0.0
        digest.update(f"{play}/{samples};".encode())
    per_sample = 1000 / args.samples
    deal_ms = statistics.mean(dealing) * per_sample
    search_ms = statistics.mean(searching) * per_sample
    print(
        f"{args.deals} deals, normal as {args.role} against normal_v1: {len(situations)} "
        f"searched decisions, {args.samples} samples each, after {args.warm} deals' warming"
    )
    print(
        f"a sample {search_ms:.2f} ms of CPU: dealing it {deal_ms:.2f} ms, its playouts "
        f"{search_ms - deal_ms:.2f} ms"
    )
    print(f"choices digest {digest.hexdigest()[:16]}")


if __name__ == "__main__":
    main()
