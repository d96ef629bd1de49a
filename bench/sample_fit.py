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

Two bounds follow, no player's way: the samples judged by the opponents' own policy, each
of their decisions this hand made again by ``normal_v1`` from the sampled hand (then) in the
situation it really was in, and a deal's misfit the decisions it doesn't make alike (alone,
and added to the plays read). They tell how much a seat's decisions can tell of its hand.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ddz_bot.games.doudizhu.ai import AIPlayer, Situation
from ddz_bot.games.doudizhu.ai.arena import _deal, play_deal
from ddz_bot.games.doudizhu.ai.bidding import BiddingStyle
from ddz_bot.games.doudizhu.ai.players import _Base
from ddz_bot.games.doudizhu.ai.policy import NORMAL_V1, score_options
from ddz_bot.games.doudizhu.ai.sampler import Sampler
from ddz_bot.games.doudizhu.ai.search import SearchConfig
from ddz_bot.games.doudizhu.engine import CLASSIC, Combo
from ddz_bot.games.doudizhu.engine.views import SeatView
from ddz_bot.kernel import Action, Cards

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

#: the bounds: (name, the weight of the plays read beside the opponents' own choices)
BOUNDS: tuple[tuple[str, float], ...] = (
    ("their own choices, 20 swaps", 0.0),
    ("plays read and own choices", HARD.history),
)


@dataclass(frozen=True)
class Decision:
    """One decision of an opponent: its seat, the situation it was in, what it played."""

    seat: int
    situation: Situation
    play: Combo | None


class Logged(AIPlayer):
    """``normal_v1``, keeping each of its card-play decisions in the deal's log."""

    def __init__(self, seed: int, log: list[Decision]) -> None:
        super().__init__("normal", seed, bidding=BiddingStyle.JUDGED_V1, policy=NORMAL_V1)
        self.log = log

    def choose_play(self, situation: Situation, started: float | None = None) -> Combo | None:
        play = super().choose_play(situation, started)
        self.log.append(Decision(situation.seat, dataclasses.replace(situation), play))
        return play


class OwnPolicySampler(Sampler):
    """The hard level's sampler, a deal's misfit being (beside the plays read, when its
    ``history`` weighs them) the logged decisions ``normal_v1`` wouldn't make from it."""

    def __init__(self, situation: Situation, log: list[Decision], history: float) -> None:
        super().__init__(situation, 6, False, history, 20)
        self.log = [d for d in log if d.seat != situation.seat]
        self.read_plans = history > 0
        #: each decision's cards played by its seat from then on (its own play included)
        self.since: list[list[int]] = []
        for i, decision in enumerate(self.log):
            counts = [0] * 15
            for later in self.log[i:]:
                if later.seat == decision.seat and later.play is not None:
                    for r in later.play.cards:
                        counts[r] += 1
            self.since.append(counts)
        self.made_alike: dict[tuple[int, tuple[int, ...]], bool] = {}

    def _reads(self) -> bool:
        return bool(self.log) or super()._reads()

    def _misfit(self, seat: int, counts: list[int]) -> float:
        found = sum(
            not self._alike(i, counts)
            for i, decision in enumerate(self.log)
            if decision.seat == seat
        )
        if self.read_plans:
            return found + super()._misfit(seat, counts)
        return float(found)

    def _alike(self, index: int, counts: list[int]) -> bool:
        decision = self.log[index]
        then = [n + k for n, k in zip(counts, self.since[index], strict=True)]
        key = (index, tuple(then))
        known = self.made_alike.get(key)
        if known is not None:
            return known
        real = decision.situation
        unseen = [u + a - b for u, a, b in zip(real.unseen, real.hand.counts(), then, strict=True)]
        if min(unseen) < 0:
            known = False
        else:
            moment = dataclasses.replace(real, hand=Cards.from_counts(then), unseen=unseen)
            options = score_options(moment, NORMAL_V1)
            choice = options[0].play if options else None
            played = decision.play
            known = (choice is None and played is None) or (
                choice is not None and played is not None and choice.cards == played.cards
            )
        self.made_alike[key] = known
        return known


@dataclass
class Fit:
    misfit: list[float] = field(default_factory=list)
    misplaced: list[float] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)


def misplaced(sample: Sequence[Sequence[int]], real: Sequence[Sequence[int]], me: int) -> float:
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
        log: list[Decision],
    ) -> None:
        super().__init__("normal", seed)
        self.log = log  # the opponents' decisions so far
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
        samplers: list[tuple[str, Sampler]] = [
            (name, Sampler(situation, tries, False, history, refine, chain))
            for name, tries, history, refine, chain in WAYS
        ]
        samplers += [
            (name, OwnPolicySampler(situation, self.log, history)) for name, history in BOUNDS
        ]
        for name, sampler in samplers:
            fit = self.fits.setdefault(name, Fit())
            for _ in range(self.samples):
                began = time.process_time()
                sample = sampler.deal(rng)
                fit.seconds.append(time.process_time() - began)
                fit.misfit.append(judge._disagreements(sample))
                fit.misplaced.append(misplaced(sample, real, view.seat))


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
        log: list[Decision] = []

        def make(
            kind: str, seed: int, dealt: list[list[int]] = dealt, log: list[Decision] = log
        ) -> _Base:
            if kind != watched:
                return Logged(seed, log)
            return Watcher(seed, dealt, args.samples, fits, real, log)

        play_deal(hands, bottom, kinds, rng.randrange(2**31), CLASSIC, make=make)
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
