"""How close the landlord's samples come to the hands of farmers it reads as simple players.

Run: python bench/simple_fit.py [--deals N] [--samples K] [--seed S]
(needs rlcard: pip install -r requirements-bench.txt)

Plays the arena's deals with ``normal`` as the landlord against RLCard's rule agent (the
simple player ``ai/simple.py`` models) and, at each of the landlord's decisions where its
search reads both farmers as simple players (``search.simple_enemies``), draws K samples
each way: uniform, and the search's sampler with 6 deals and 20 swaps and with more. For
each it prints the misfit (what the deal contradicts of the farmers' plays and passes, read
as a simple player's), the share of samples that contradict nothing, the farmers' cards
the sample puts in the wrong hand (0: the real hands) and the CPU time a sample takes; the
real hands' misfit for comparison (0: the reading never rules the real hands out).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sample_fit import misplaced

from ddz_bot.games.doudizhu.ai import AIPlayer, Situation
from ddz_bot.games.doudizhu.ai.arena import _deal, make_arena_player, play_deal
from ddz_bot.games.doudizhu.ai.players import _Base
from ddz_bot.games.doudizhu.ai.sampler import Sampler
from ddz_bot.games.doudizhu.ai.search import SearchConfig, simple_enemies
from ddz_bot.games.doudizhu.engine import CLASSIC
from ddz_bot.games.doudizhu.engine.views import SeatView
from ddz_bot.kernel import Cards

HARD = SearchConfig()
#: the ways of sampling compared: (name, deals, swaps; 0 deals: uniform)
WAYS: tuple[tuple[str, int, int], ...] = (
    ("uniform", 0, 0),
    ("6 deals, 20 swaps", 6, 20),
    ("6 deals, 60 swaps", 6, 60),
    ("12 deals, 100 swaps", 12, 100),
)


class Watcher(AIPlayer):
    """``normal`` as the landlord, measuring the samples of its decisions."""

    def __init__(
        self, seed: int, dealt: list[list[int]], samples: int, fits: dict[str, list[list[float]]]
    ) -> None:
        super().__init__("normal", seed)
        self.dealt = dealt
        self.samples = samples
        self.fits = fits

    def observe(self, view: SeatView, situation: Situation) -> None:
        super().observe(view, situation)
        simple = simple_enemies(situation, HARD)
        if len(simple) != 2:
            return
        real = [hand[:] for hand in self.dealt]
        for info in view.public.seats:
            for card in info.played_cards:
                real[info.seat][card.rank] -= 1
        judge = Sampler(situation, 1, False, HARD.history, 0, 0, simple)
        self.fits.setdefault("real", [[], [], [], []])[0].append(judge._disagreements(real))
        rng = random.Random(len(self.fits["real"][0]))
        for name, tries, refine in WAYS:
            sampler = Sampler(situation, max(1, tries), False, HARD.history, refine, 0, simple)
            fit = self.fits.setdefault(name, [[], [], [], []])
            for _ in range(self.samples):
                began = time.process_time()
                sample = sampler.deal(rng) if tries else _uniform(situation, rng)
                fit[3].append(time.process_time() - began)
                misfit = judge._disagreements(sample)
                fit[0].append(misfit)
                fit[1].append(float(misfit == 0))
                fit[2].append(misplaced(sample, real, view.seat))


def _uniform(situation: Situation, rng: random.Random) -> list[list[int]]:
    return Sampler(situation, 1, False, 0.0, 0, 0).deal(rng)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=25)
    parser.add_argument("--samples", type=int, default=8)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    fits: dict[str, list[list[float]]] = {}
    watched = "watched"
    kinds = [watched, "rlcard_rule", "rlcard_rule"]
    for _ in range(args.deals):
        hands, bottom = _deal(rng, CLASSIC)
        dealt = [Cards.parse(h).counts() for h in hands]
        for r in Cards.parse(bottom):
            dealt[0][r] += 1

        def make(kind: str, seed: int, dealt: list[list[int]] = dealt) -> _Base:
            if kind == watched:
                return Watcher(seed, dealt, args.samples, fits)
            return make_arena_player(kind, seed)

        play_deal(hands, bottom, kinds, rng.randrange(2**31), CLASSIC, make=make)
    real = fits.pop("real", [[0.0]])[0]
    print(
        f"{args.deals} deals, normal as the landlord against rlcard_rule: {len(real)} decisions "
        f"with both farmers read as simple, {args.samples} samples each"
    )
    print(f"the real hands: misfit {statistics.mean(real):.2f}")
    for name, (misfit, clean, wrong, seconds) in fits.items():
        print(
            f"{name:20} misfit {statistics.mean(misfit):.3f}  none {statistics.mean(clean):.2f}  "
            f"misplaced cards {statistics.mean(wrong):.2f}  "
            f"a sample {1000 * statistics.mean(seconds):.2f} ms"
        )


if __name__ == "__main__":
    main()
