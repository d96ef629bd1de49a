"""Review: where the normal policy's choice loses to another option, found by long playouts.

The policy weighs a hand's plan; what it doesn't count shows as decisions that playouts win
more often otherwise. This plays the arena's deals (the landlord fixed by the deal) with the
normal level in one role against ``normal_v1``, and at each of that role's decisions with a
real choice plays the policy's best few options, the pass and the best bomb out on the same
``--samples`` samples, with no clock (``search.playout_wins``). The game goes on with the
policy's choice, so the positions are the policy's own. It prints, for each kind of
decision, by how much the best option beat the policy's on average, and, where the policy
passed on an enemy's play, what playing its best play instead would have won, by the score
margin between them (the table that found the cost of passing):

    python -m ddz_bot.games.doudizhu.ai.review --games 400 --role landlord --samples 120 --seed 101

A best option's gain is biased upward (the best of several noisy rates); a flip's gain (one
option against another, on the same samples) is not. Slow: 2 to 5 s a deal.
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from ddz_bot.games.doudizhu.engine import CLASSIC, Combo

from .arena import Role, run
from .players import AIPlayer, Baseline, _Base, make_player
from .policy import NORMAL, Scored, score_options
from .search import playout_wins, search_candidates
from .situation import Situation

__all__ = ["Decision", "main", "review"]

#: the policy's best options reviewed (the search plays out 4)
_REVIEWED = 6


@dataclass(frozen=True, slots=True)
class Decision:
    """One reviewed decision: the options in the policy's order (its choice first), their
    scores and how many of ``samples`` each won."""

    lead: bool
    table: Combo | None
    by_enemy: bool  # the table's top is an enemy's
    cards: int  # in the deciding seat's hand
    options: tuple[Combo | None, ...]
    scores: tuple[float, ...]
    wins: tuple[int, ...]
    samples: int

    @property
    def best(self) -> int:
        return max(range(len(self.wins)), key=lambda i: self.wins[i])

    def gain(self, i: int, j: int = 0) -> float:
        """Option ``i``'s win rate less option ``j``'s."""
        return (self.wins[i] - self.wins[j]) / self.samples


def _options(situation: Situation) -> list[Scored]:
    """The options a search would weigh, a few more of the policy's best among them."""
    return search_candidates(score_options(situation, NORMAL), _REVIEWED)


class _Reviewer(AIPlayer):
    """The normal level, keeping a review of each decision it makes."""

    def __init__(self, seed: int, samples: int, found: list[Decision]) -> None:
        super().__init__("normal", seed)
        self.samples = samples
        self.found = found

    def choose_play(self, situation: Situation, started: float | None = None) -> Combo | None:
        options = _options(situation)
        if not options:
            return super().choose_play(situation, started)
        plays = [o.play for o in options]
        wins = playout_wins(situation, plays, self.samples, self.rng)
        self.found.append(
            Decision(
                lead=situation.to_beat is None,
                table=situation.to_beat,
                by_enemy=situation.to_beat_seat is not None
                and not situation.is_partner(situation.to_beat_seat),
                cards=len(situation.hand),
                options=tuple(plays),
                scores=tuple(o.score for o in options),
                wins=tuple(wins),
                samples=self.samples,
            )
        )
        return plays[0]


def review(games: int, role: Role, samples: int, seed: int) -> list[Decision]:
    """The reviewed decisions of the normal level in ``role`` over ``games`` deals."""
    found: list[Decision] = []
    reviewed = "review"

    def make(kind: str, player_seed: int) -> _Base:
        if kind == reviewed:
            return _Reviewer(player_seed, samples, found)
        return make_player(kind, player_seed)

    run(games, reviewed, Baseline.NORMAL_V1, seed, CLASSIC, role=role, make=make)
    return found


def _kind(play: Combo | None) -> str:
    return "pass" if play is None else play.kind.value


def _cards_band(n: int) -> str:
    return "≤5" if n <= 5 else "6-10" if n <= 10 else "11+"


def _margin_band(margin: float) -> str:
    for top in (4, 8, 16, 30):
        if margin < top:
            return f"<{top}"
    return "30+"


def report(decisions: Sequence[Decision]) -> str:
    """The review's tables: the best option against the policy's by kind, and the passes'
    flips by margin and cards in hand."""
    lines = [f"{len(decisions)} decisions reviewed"]
    by_kind: dict[tuple[str, str, str], list[float]] = defaultdict(list)
    flips: dict[tuple[str, str], list[float]] = defaultdict(list)
    for d in decisions:
        move = "lead" if d.lead else f"on {_kind(d.table)}"
        by_kind[(move, _kind(d.options[0]), _kind(d.options[d.best]))].append(d.gain(d.best))
        if not d.by_enemy or d.options[0] is not None:
            continue
        plays = [i for i, o in enumerate(d.options) if o is not None]
        if plays:
            i = min(plays, key=lambda k: d.scores[k])
            flips[(_cards_band(d.cards), _margin_band(d.scores[i] - d.scores[0]))].append(d.gain(i))
    lines.append("the best option against the policy's (biased up: the best of several):")
    for (move, mine, best), gains in sorted(by_kind.items(), key=lambda kv: -sum(kv[1])):
        if len(gains) >= 10:
            mean = sum(gains) / len(gains)
            lines.append(
                f"  {move:18s} policy {mine:18s} best {best:18s} n={len(gains):4d} {mean:+.3f}"
            )
    lines.append("the policy passed: its best play instead, by the score margin (cards in hand):")
    for (band, margin), gains in sorted(flips.items()):
        mean = sum(gains) / len(gains)
        lines.append(f"  {band:5s} margin {margin:4s} n={len(gains):4d} {mean:+.3f}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m ddz_bot.games.doudizhu.ai.review", description=__doc__
    )
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument(
        "--role", type=Role, choices=[Role.LANDLORD, Role.FARMERS], default=Role.LANDLORD
    )
    parser.add_argument("--samples", type=int, default=120)
    parser.add_argument("--seed", type=int, default=101)
    args = parser.parse_args(argv)
    print(report(review(args.games, args.role, args.samples, args.seed)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
