"""Where a 斗地主 player loses: its lost deals of the arena, read with every hand known.

Run: python tools/ddz_losses.py --a normal --b rlcard_rule --games 300 [--seed 1]

Each deal is played as the arena plays it (``arena.play_deal``: the landlord by the deal,
both ways round), every play decision logged with all hands. For each deal A lost, the
exact solver (``endgame.Endgame``: both sides seeing every hand) reads the positions from
``--solve-from`` cards left in all hands on: either the first of them was already lost,
or one of A's decisions turned a won position into a lost one (it threw the end away,
with every hand seen: a bound, since A saw only its own), or no position was small enough
to solve (the hand ended with many cards left). The report counts the lost deals so, by
role, and prints the thrown-away decisions.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ddz_bot.games.doudizhu.ai.arena import _deal, make_arena_player, play_deal
from ddz_bot.games.doudizhu.ai.endgame import Endgame, TooLarge
from ddz_bot.games.doudizhu.ai.players import _Base
from ddz_bot.games.doudizhu.ai.situation import Situation
from ddz_bot.games.doudizhu.engine import CLASSIC, Combo, SeatView, classify
from ddz_bot.kernel import Action, Pass, Play, format_cards, parse_cards

#: positions the solver may visit for one position of a lost deal
NODES = 200_000

#: (hands, whose turn, the combo to beat, its seat)
Position = tuple[list[list[int]], int, Combo | None, int | None]


@dataclass
class Step:
    """One play decision: the position before it, what was played, whose side it was."""

    position: Position
    action: Action
    side: bool  # A's


@dataclass
class Log:
    steps: list[Step] = field(default_factory=list)
    #: every seat's hand as the deal goes on
    hands: list[list[int]] = field(default_factory=list)


class Logged(_Base):
    """A player whose play decisions go to ``log`` with every hand (kept by the log)."""

    def __init__(self, inner: _Base, log: Log, side: bool) -> None:
        super().__init__()
        self.inner = inner
        self.log = log
        self.side = side
        self.name = inner.name

    def act(self, view: SeatView, legal: Sequence[Action], asked: float | None = None) -> Action:
        self.inner.keep_timings = self.keep_timings
        before = len(self.inner.timings)
        action = self.inner.act(view, legal, asked)
        self.timings.extend(self.inner.timings[before:])
        if isinstance(action, Play | Pass) and view.public.landlord is not None:
            sit = Situation.from_view(view)
            hands = [h[:] for h in self.log.hands]
            position = (hands, view.seat, sit.to_beat, sit.to_beat_seat)
            self.log.steps.append(Step(position, action, self.side))
            if isinstance(action, Play):
                for r in action.cards:
                    self.log.hands[view.seat][r] -= 1
        return action


def solve(position: Position, landlord: int = 0) -> bool | None:
    """Whether the landlord wins with every hand seen (None: too large to solve)."""
    hands, turn, to_beat, by = position
    try:
        return Endgame(CLASSIC, landlord, lambda: False).landlord_wins(
            hands, turn, to_beat, by, nodes=NODES
        )
    except TooLarge:
        return None


def after(step: Step) -> Position:
    """The position after ``step``'s play or pass."""
    hands, seat, to_beat, by = step.position
    hands = [h[:] for h in hands]
    nxt = (seat + 1) % len(hands)
    action = step.action
    if isinstance(action, Play):
        for r in action.cards:
            hands[seat][r] -= 1
        readings = classify(action.cards, CLASSIC)
        combo = next(
            (c for c in readings if (c.kind, c.rank, c.length) == action.reading), readings[0]
        )
        return hands, nxt, combo, seat
    if by == nxt:
        return hands, nxt, None, None
    return hands, nxt, to_beat, by


def verdict(log: Log, a_landlord: bool, solve_from: int) -> tuple[str, Step | None]:
    """Why A lost a deal, and the decision that threw it away (if one did)."""
    for step in log.steps:
        hands = step.position[0]
        if sum(map(sum, hands)) > solve_from:
            continue
        won = solve(step.position)
        if won is None:
            continue
        if won != a_landlord:
            return "already lost", None
        if step.side and solve(after(step)) == (not a_landlord):
            seat = step.position[1]
            who = "landlord" if seat == 0 else f"farmer {seat}"
            kind = "lead" if step.position[2] is None else "follow"
            return f"thrown away ({who}'s {kind})", step
    return "never small enough to solve", None


def show(step: Step) -> str:
    hands, seat, to_beat, by = step.position
    held = " | ".join(format_cards([r for r in range(15) for _ in range(h[r])]) for h in hands)
    return f"  seat {seat}, hands {held}, to beat {to_beat} (seat {by}): {step.action}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--a", default="normal")
    parser.add_argument("--b", default="rlcard_rule")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--solve-from", type=int, default=18, help="cards left in all hands")
    parser.add_argument("--show", type=int, default=10, help="thrown-away decisions printed")
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    counts: Counter[str] = Counter()
    thrown: list[Step] = []
    for _ in range(args.games):
        hands, bottom = _deal(rng, CLASSIC)
        deal_seed = rng.randrange(2**31)
        for a_landlord in (True, False):
            kinds = [args.a, args.b, args.b] if a_landlord else [args.b, args.a, args.a]
            log = Log(hands=[parse_cards(h).counts() for h in hands])
            for r, n in enumerate(parse_cards(bottom).counts()):
                log.hands[0][r] += n

            def make(kind: str, seed: int, log: Log = log, a_landlord: bool = a_landlord) -> _Base:
                side = (seed % 7 == 0) == a_landlord  # play_deal seeds seat s with 7k + s
                return Logged(make_arena_player(kind, seed), log, side)

            times: dict[str, list[float]] = {k: [] for k in kinds}
            won, _ = play_deal(hands, bottom, kinds, deal_seed, CLASSIC, None, times, make=make)
            role = "landlord" if a_landlord else "farmers"
            counts[f"A as {role}: deals"] += 1
            if won == a_landlord:
                continue
            why, step = verdict(log, a_landlord, args.solve_from)
            counts[f"A as {role}: lost, {why}"] += 1
            if step is not None:
                thrown.append(step)
    for key in sorted(counts):
        print(f"{key:60s} {counts[key]}")
    for step in thrown[: args.show]:
        print(show(step))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
