"""How often the simple player the search models (``ai/simple.py``) answers as RLCard's rule
agent really does.

Run: python bench/simple_model.py [--games N] [--seed S]
(needs rlcard: pip install -r requirements-bench.txt)

Plays the arena's deals with ``normal`` against the agent, both ways round, and at each of
the agent's play decisions asks ``simple_choice`` for its answer from the agent's own hand
and the table: it prints, for the landlord's and the farmers' answers, by kind of decision
(a lead, a follow with a combo of the kind on the table, an answer without one), how many
the model predicted, and a few it didn't.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter, defaultdict
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ddz_bot.games.doudizhu.ai import Situation, arena
from ddz_bot.games.doudizhu.ai.players import _Base
from ddz_bot.games.doudizhu.ai.rlcard_rule import RLCardRulePlayer
from ddz_bot.games.doudizhu.ai.simple import simple_choice
from ddz_bot.games.doudizhu.engine import legal_moves
from ddz_bot.games.doudizhu.engine.views import SeatView
from ddz_bot.kernel import Action, Pass, Play

#: (role, kind of decision) -> [predicted, missed]
TALLY: defaultdict[tuple[str, str], Counter[bool]] = defaultdict(Counter)
MISSED: defaultdict[tuple[str, str], list[str]] = defaultdict(list)


class Checked(RLCardRulePlayer):
    """The agent, its every answer compared with the model's."""

    def _answer(self, view: SeatView, plays: list[Play], passes: list[Pass]) -> Action:
        action = super()._answer(view, plays, passes)
        situation = Situation.from_view(view)
        table = situation.to_beat
        moves = legal_moves(situation.hand, table, situation.rules)
        played = sum(len(info.played_cards) for info in view.public.seats)
        model = simple_choice(
            situation.hand.counts(),
            table,
            situation.seat,
            situation.landlord,
            situation.players,
            moves,
            played,
        )
        real = action.cards if isinstance(action, Play) else None
        guess = None if model is None else model.cards
        if table is None:
            kind = "lead"
        elif any(m.kind is table.kind and m.length == table.length for m in moves):
            kind = "follow"
        else:
            kind = "none of the kind"
        role = "landlord" if situation.is_landlord else "farmer"
        TALLY[role, kind][guess == real] += 1
        if guess != real and len(MISSED[role, kind]) < 3:
            MISSED[role, kind].append(f"hand {situation.hand}: model {guess}, agent {real}")
        return action


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args(argv)

    def make(kind: str, seed: int) -> _Base:
        if kind == "rlcard_rule":
            return Checked(seed)
        return arena.make_arena_player(kind, seed)

    arena.run(args.games, "normal", "rlcard_rule", seed=args.seed, make=make)
    print(f"{args.games} deals both ways, normal against rlcard_rule (seed {args.seed}):")
    for (role, kind), tally in sorted(TALLY.items()):
        total = tally[True] + tally[False]
        print(f"  the {role}'s {kind}: the model's answer {tally[True]} of {total}")
        for line in MISSED[role, kind]:
            print(f"    {line}")


if __name__ == "__main__":
    main()
