"""Self-play speed of whole hands, and the size of a stored hand.

Run: python bench/selfplay_bench.py [--hands N] [--seconds S]
A random policy plays complete hands (deal, bidding, doubling, play) through
``Game.apply``, choosing each step uniformly among ``Game.legal_actions`` (which lists
every legal move). Prints hands per second for the classic and the wildcard game
(target >= 200 hands/s), the share of the time spent listing moves, the size of
``to_dict()`` as compact JSON at the start, the middle and the end of a hand, and the
process's peak memory.

"µs/action outside legal_actions" is the hand's own cost per action (checking and
applying it, classify included); the rest is move listing (engine.moves), which for a
hand holding wildcards lists every reading of every shape and dominates that game.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ddz_bot.games.doudizhu.engine.game import Game
from ddz_bot.games.doudizhu.engine.rules import CLASSIC, POINTS, WILDCARD, RuleSet
from ddz_bot.games.doudizhu.engine.views import Phase
from ddz_bot.kernel import Deal

TARGET_HANDS_PER_S = 200


def play_hand(rules: RuleSet, seed: int, sizes: list[int] | None = None) -> tuple[int, float]:
    """Play one random hand; return (actions applied, seconds spent listing actions)."""
    rng = random.Random(seed)
    game = Game(rules, balances=[10**7] * rules.players, rng=random.Random(seed))
    steps, listing = 0, 0.0
    while not game.over:
        if game.phase in (Phase.SHOW_START, Phase.DEALING):
            game.apply(Deal())
        else:
            if game.phase is Phase.DOUBLING:
                seat = next(s for s in range(game.players) if game.doubled[s] is None)
            else:
                assert game.turn is not None
                seat = game.turn
            start = time.perf_counter()
            actions = game.legal_actions(seat)
            listing += time.perf_counter() - start
            game.apply(rng.choice(actions))
        steps += 1
        if sizes is not None and steps in (1, 25):
            sizes.append(len(json.dumps(game.to_dict(), separators=(",", ":"))))
    if sizes is not None:
        sizes.append(len(json.dumps(game.to_dict(), separators=(",", ":"))))
    return steps, listing


def bench(rules: RuleSet, hands: int, seconds: float) -> None:
    play_hand(rules, -1)  # warm caches
    start = time.perf_counter()
    steps, listing, played = 0, 0.0, 0
    while played < hands and time.perf_counter() - start < seconds:
        n, spent = play_hand(rules, played)
        steps += n
        listing += spent
        played += 1
    elapsed = time.perf_counter() - start
    rate = played / elapsed
    verdict = "ok" if rate >= TARGET_HANDS_PER_S else f"below the {TARGET_HANDS_PER_S}/s target"
    print(
        f"{rules.name:9} {played:5d} hands in {elapsed:6.2f} s: {rate:7.1f} hands/s "
        f"({verdict}); {steps / played:5.1f} actions/hand, "
        f"{1e6 * (elapsed - listing) / steps:6.1f} µs/action outside legal_actions, "
        f"{100 * listing / elapsed:4.1f}% of the time listing moves"
    )


def replay_speed(rules: RuleSet, hands: int) -> None:
    """Replaying recorded hands (crash recovery, replays): no move listing at all."""
    recorded = []
    for seed in range(hands):
        game = Game(rules, balances=[10**7] * rules.players, rng=random.Random(seed))
        rng = random.Random(seed)
        while not game.over:
            if game.phase in (Phase.SHOW_START, Phase.DEALING):
                game.apply(Deal())
                continue
            waiting = game.waiting_for()
            assert waiting is not None
            game.apply(rng.choice(game.legal_actions(waiting.seats[0])))
        recorded.append((game.start_dict(), list(game.log)))
    start = time.perf_counter()
    actions = 0
    for first, log in recorded:
        Game.replay(first, log)
        actions += len(log)
    elapsed = time.perf_counter() - start
    print(
        f"{rules.name:9} replay of {hands} recorded hands: {hands / elapsed:7.1f} hands/s, "
        f"{1e6 * elapsed / actions:5.1f} µs/action"
    )


def sizes(rules: RuleSet, hands: int) -> None:
    start, middle, end = [], [], []
    for seed in range(hands):
        found: list[int] = []
        play_hand(rules, seed, found)
        start.append(found[0])
        if len(found) == 3:
            middle.append(found[1])
        end.append(found[-1])
    print(
        f"{rules.name:9} to_dict() as JSON: {statistics.median(start):6.0f} B after the first "
        f"step, {statistics.median(middle):6.0f} B after 25 actions, "
        f"{statistics.median(end):6.0f} B finished (medians of {hands} hands)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=1000, help="hands per game (at most)")
    parser.add_argument("--seconds", type=float, default=20.0, help="time per game (at most)")
    args = parser.parse_args()
    for rules in (CLASSIC, POINTS, WILDCARD):
        bench(rules, args.hands, args.seconds)
    for rules in (CLASSIC, WILDCARD):
        replay_speed(rules, 60)
    for rules in (CLASSIC, WILDCARD):
        sizes(rules, 50)
    # the engine keeps nothing between hands that grows with them: this stays flat
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
    print(f"process peak RSS: {peak} MB")


if __name__ == "__main__":
    main()
