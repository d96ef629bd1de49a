"""How close the hard level's samples come to the hands the other seats really hold.

Run: python bench/sample_fit.py [--deals N] [--samples K] [--role landlord|farmers]

Plays the arena's deals with ``normal`` in one role against ``normal_v1`` (deterministic:
the figures don't depend on the machine's load) and at each of its decisions with a choice
of play draws K samples of the unseen cards in several ways: uniform, the passes read (the
best of 6 deals), the plays of the hand read too, and those refined by card swaps (the
hard level's way). For each it prints the misfit (``Sampler``'s, with the hard level's
weights: what the deal contradicts of what the seats did), the cards the sample puts in the
wrong other hand (0: the real hands), and the CPU time a sample takes; the real hands'
misfit for comparison.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ddz_bot.ai import AIPlayer, Situation, make_player
from ddz_bot.ai.arena import _deal, play_deal
from ddz_bot.ai.players import _Base
from ddz_bot.ai.sampler import Sampler
from ddz_bot.ai.search import SearchConfig
from ddz_bot.engine import CLASSIC, Cards
from ddz_bot.engine.actions import Action
from ddz_bot.engine.views import SeatView

HARD = SearchConfig()
#: the ways of sampling compared: (name, tries, history weight, swaps, chained swaps)
WAYS: tuple[tuple[str, int, float, int, int], ...] = (
    ("uniform", 1, 0.0, 0, 0),
    ("passes read (best of 6)", 6, 0.0, 0, 0),
    ("plays read (best of 6)", 6, HARD.history, 0, 0),
    ("plays read, 20 swaps", 6, HARD.history, 20, 0),
    ("plays read, a chain of 5", 6, HARD.history, 20, 5),
    ("plays read, a chain of 2", 6, HARD.history, 20, 2),
)


@dataclass
class Fit:
    misfit: list[float] = field(default_factory=list)
    misplaced: list[float] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)


def _misplaced(sample: Sequence[Sequence[int]], real: Sequence[Sequence[int]], me: int) -> float:
    """Cards of the other seats' hands that ``sample`` deals to the wrong one."""
    wrong = sum(
        abs(sample[s][r] - real[s][r]) for s in range(len(real)) if s != me for r in range(15)
    )
    return wrong / 2


class Watcher(AIPlayer):
    """``normal``, measuring the samples of each of its decisions."""

    def __init__(
        self,
        seed: int,
        dealt: list[list[int]],
        samples: int,
        fits: dict[str, Fit],
        real_misfit: list[float],
    ) -> None:
        super().__init__("normal", seed)
        self.dealt = dealt
        self.samples = samples
        self.fits = fits
        self.real_misfit = real_misfit

    def act(self, view: SeatView, legal: Sequence[Action], asked: float | None = None) -> Action:
        if len(legal) > 1 and view.public.landlord is not None:
            self._measure(view)
        return super().act(view, legal, asked)

    def _measure(self, view: SeatView) -> None:
        situation = Situation.from_view(view)
        self.observe(view, situation)
        real = [hand[:] for hand in self.dealt]
        for info in view.public.seats:
            for card in info.played_cards:
                real[info.seat][card.rank] -= 1
        rng = random.Random(len(self.real_misfit))
        judge = Sampler(situation, 1, False, HARD.history)
        self.real_misfit.append(judge._disagreements(real))
        for name, tries, history, refine, chain in WAYS:
            sampler = Sampler(situation, tries, False, history, refine, chain)
            fit = self.fits.setdefault(name, Fit())
            for _ in range(self.samples):
                began = time.process_time()
                sample = sampler.deal(rng)
                fit.seconds.append(time.process_time() - began)
                fit.misfit.append(judge._disagreements(sample))
                fit.misplaced.append(_misplaced(sample, real, view.seat))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=30)
    parser.add_argument("--samples", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--role", choices=("landlord", "farmers"), default="landlord")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    fits: dict[str, Fit] = {}
    real: list[float] = []
    watched = "watched"
    kinds = [watched, "normal_v1", "normal_v1"]
    if args.role == "farmers":
        kinds = ["normal_v1", watched, "normal_v1"]
    for _ in range(args.deals):
        hands, bottom = _deal(rng, CLASSIC)
        dealt = [Cards.parse(h).counts() for h in hands]
        for r in Cards.parse(bottom):
            dealt[0][r] += 1

        def make(kind: str, seed: int, dealt: list[list[int]] = dealt) -> _Base:
            if kind != watched:
                return make_player(kind, seed)
            return Watcher(seed, dealt, args.samples, fits, real)

        play_deal(
            hands,
            bottom,
            kinds,
            rng.randrange(2**31),
            CLASSIC,
            None,
            {k: [] for k in kinds},
            make=make,
        )
    print(
        f"{args.deals} deals, normal as {args.role} against normal_v1: {len(real)} decisions, "
        f"{args.samples} samples each"
    )
    print(f"the real hands: misfit {statistics.mean(real):.1f}")
    for name, fit in fits.items():
        print(
            f"{name:27} misfit {statistics.mean(fit.misfit):5.1f}  misplaced cards "
            f"{statistics.mean(fit.misplaced):4.2f}  "
            f"a sample {1000 * statistics.mean(fit.seconds):.2f} ms"
        )


if __name__ == "__main__":
    main()
