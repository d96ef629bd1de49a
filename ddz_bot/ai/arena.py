"""Arena: two kinds of player against each other over many deals, with role rotation.

Each deal is played twice with the landlord fixed by the deal (seat 0 calls, nobody
grabs, nobody doubles: no bidding noise): once with A as landlord against B farmers
(two, or three in the four-player game), once with B as landlord against A farmers.
The hands go through the real ``Game``. Prints, for each role of A, the win rate (WP)
and the average score (ADP: the landlord's stake sum, or the farmers' together, base x
multiplier), and the percentiles of A's and B's decision times.

    python -m ddz_bot.ai.arena --games 2000 --a hard --b greedy --seed 1 --rules classic

With ``--full`` the hands are played whole instead, bidding and doubling on, beans settled
in ``--room``, for every pair of ``--kinds`` (see ``full_arena``).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from dataclasses import dataclass, field

from ddz_bot.engine import (
    CLASSIC,
    DEFAULT_ROOM,
    FOUR_PLAYER,
    POINTS,
    ROOMS,
    WILDCARD,
    RuleSet,
    format_cards,
    room_by_key,
)

from ..engine import Bid, Call, Deal, Decline, Game, NoGrab, NoShow, Phase
from .full_arena import report, run_all
from .players import Baseline, LevelName, make_player

__all__ = ["ArenaResult", "main", "play_deal", "run"]

_RULES = {"classic": CLASSIC, "points": POINTS, "wildcard": WILDCARD, "four": FOUR_PLAYER}


@dataclass
class RoleStats:
    games: int = 0
    wins: int = 0
    score: int = 0

    @property
    def wp(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def adp(self) -> float:
        return self.score / self.games if self.games else 0.0


@dataclass
class ArenaResult:
    landlord: RoleStats = field(default_factory=RoleStats)  # A as landlord
    farmers: RoleStats = field(default_factory=RoleStats)  # A as the farmers
    times_a: list[float] = field(default_factory=list)
    times_b: list[float] = field(default_factory=list)
    searched_a: list[float] = field(default_factory=list)  # A's decisions that ran playouts


def _deal(rng: random.Random, rules: RuleSet) -> tuple[list[str], str]:
    deck = [r for r in range(13) for _ in range(4 * rules.decks)] + [13, 14] * rules.decks
    rng.shuffle(deck)
    size = rules.hand_size
    hands = [format_cards(deck[i * size : (i + 1) * size]) for i in range(rules.players)]
    return hands, format_cards(deck[rules.players * size :])


def play_deal(
    hands: list[str],
    bottom: str,
    kinds: list[str],
    seed: int,
    rules: RuleSet,
    wild_rank: int | None,
    times: dict[str, list[float]],
    searched: dict[str, list[float]] | None = None,
    options: dict[str, float] | None = None,
) -> tuple[bool, int]:
    """Play one deal through ``Game`` with seat 0 as landlord; (landlord won, landlord's
    score)."""
    game = Game.from_deal(
        hands, bottom, rules=rules, first_bidder=0, wild_rank=wild_rank, rng=random.Random(seed)
    )
    players = [
        make_player(kind, seed * 7 + seat, **(options or {})) for seat, kind in enumerate(kinds)
    ]
    for player in players:
        player.keep_timings = True
    while game.phase in (Phase.SHOW_START, Phase.DEALING):
        game.apply(Deal())
    while game.phase is Phase.BIDDING:  # the landlord by the deal
        seat = game.turn
        assert seat is not None
        legal = game.legal_actions(seat)
        wanted = (
            [
                a
                for a in legal
                if isinstance(a, Call | NoGrab) or (isinstance(a, Bid) and a.points == 1)
            ]
            if seat == 0
            else [a for a in legal if isinstance(a, NoGrab | Decline)]
        )
        game.apply(wanted[0])
    if game.phase is Phase.LANDLORD_SHOW:
        game.apply(NoShow(0))
    steps = 0
    while not game.over and steps < 500:
        seat = game.turn
        assert seat is not None
        player = players[seat]
        before = len(player.timings)
        action = player.act(game.view_for(seat), game.legal_actions(seat))
        if len(player.timings) > before:
            times[kinds[seat]].extend(player.timings[before:])
        game.apply(action)
        steps += 1
    if searched is not None:
        for kind, player in zip(kinds, players, strict=True):
            searched.setdefault(kind, []).extend(getattr(player, "searched", []))
    outcome = game.outcome()
    assert outcome is not None and outcome.winner_role is not None
    won = outcome.winners == (0,)
    total = sum(outcome.stakes.values())
    return won, total if won else -total


def run(
    games: int,
    a: str,
    b: str,
    seed: int = 1,
    rules: RuleSet = CLASSIC,
    progress: bool = False,
    options: dict[str, float] | None = None,
) -> ArenaResult:
    result = ArenaResult()
    rng = random.Random(seed)
    started = time.perf_counter()
    tag_a, tag_b = "A:" + a, "B:" + b
    for i in range(games):
        hands, bottom = _deal(rng, rules)
        wild = rng.randrange(13) if rules.wildcard else None
        deal_seed = rng.randrange(2**31)
        for a_landlord in (True, False):
            farmers = rules.players - 1
            kinds = [a] + [b] * farmers if a_landlord else [b] + [a] * farmers
            tags = [tag_a] + [tag_b] * farmers if a_landlord else [tag_b] + [tag_a] * farmers
            times: dict[str, list[float]] = {a: [], b: []}
            if a == b:
                times = {a: []}
            searched: dict[str, list[float]] = {}
            won, score = play_deal(
                hands, bottom, kinds, deal_seed, rules, wild, times, searched, options
            )
            if a != b:
                result.searched_a.extend(searched.get(a, []))
            if a == b:
                (result.times_a if tags[0] == tag_a else result.times_b).extend(times[a])
            else:
                result.times_a.extend(times[a])
                result.times_b.extend(times[b])
            stats = result.landlord if a_landlord else result.farmers
            stats.games += 1
            a_won = won if a_landlord else not won
            stats.wins += a_won
            stats.score += score if a_landlord else -score
        if progress and (i + 1) % 50 == 0:
            elapsed = time.perf_counter() - started
            print(
                f"  {i + 1}/{games} deals, {elapsed:.0f} s: A landlord WP "
                f"{result.landlord.wp:.3f}, A farmers WP {result.farmers.wp:.3f}",
                file=sys.stderr,
                flush=True,
            )
    return result


def _percentiles(times: list[float]) -> str:
    if not times:
        return "no decisions"
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    return (
        f"median {statistics.median(ordered) * 1e3:.1f} ms, p99 {p99 * 1e3:.1f} ms, "
        f"max {ordered[-1] * 1e3:.1f} ms over {len(ordered)} decisions"
    )


def main(argv: list[str] | None = None) -> int:
    given = sys.argv[1:] if argv is None else argv
    if "baohuang" in given or "--rules=baohuang" in given:  # 保皇 has an arena of its own
        from .baohuang.arena import main as baohuang_main

        return baohuang_main(given)
    parser = argparse.ArgumentParser(
        prog="python -m ddz_bot.ai.arena", description=__doc__.split("\n\n")[0]
    )
    kinds = [*LevelName, *Baseline]
    parser.add_argument("--games", type=int, default=100, help="deals (each played twice)")
    parser.add_argument("--a", default="hard", choices=kinds)
    parser.add_argument("--b", default="greedy", choices=kinds)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", default="classic", choices=sorted(_RULES))
    parser.add_argument("--progress", action="store_true", help="progress on stderr")
    parser.add_argument(
        "--budget", type=float, default=None, help="hard: seconds of playouts per searched decision"
    )
    parser.add_argument(
        "--ceiling", type=float, default=None, help="hard: seconds no decision goes past"
    )
    parser.add_argument(
        "--endgame",
        type=int,
        default=None,
        help="hard: play each sample's end exactly from this many cards in all hands (0: never)",
    )
    parser.add_argument(
        "--full", action="store_true", help="whole hands with bidding and doubling, in beans"
    )
    parser.add_argument(
        "--kinds",
        default=",".join((LevelName.NORMAL, Baseline.NEVER_BIDS, Baseline.ALWAYS_BIDS)),
        help="--full: the kinds, comma-separated; every pair of them is played",
    )
    parser.add_argument(
        "--room", default=DEFAULT_ROOM.key, choices=[r.key for r in ROOMS], help="--full"
    )
    args = parser.parse_args(argv)
    options: dict[str, float] = {}
    if args.budget is not None:
        options["budget"] = args.budget
    if args.ceiling is not None:
        options["ceiling"] = args.ceiling
    if args.endgame is not None:
        options["endgame"] = args.endgame
    if args.full:
        return _main_full(args)
    started = time.perf_counter()
    result = run(args.games, args.a, args.b, args.seed, _RULES[args.rules], args.progress, options)
    elapsed = time.perf_counter() - started
    print(
        f"{args.a} (A) vs {args.b} (B), {args.games} deals x 2 roles, rules {args.rules}, "
        f"seed {args.seed}, {elapsed:.0f} s{', ' + str(options) if options else ''}"
    )
    for role, stats in (("landlord", result.landlord), ("farmers", result.farmers)):
        print(f"A as {role:8s}: WP {stats.wp:.3f}  ADP {stats.adp:+.3f}  ({stats.games} hands)")
    print(f"A decision time: {_percentiles(result.times_a)}")
    if result.searched_a:
        print(f"A searched decisions only: {_percentiles(result.searched_a)}")
    print(f"B decision time: {_percentiles(result.times_b)}")
    return 0


def _main_full(args: argparse.Namespace) -> int:
    kinds = [k.strip() for k in args.kinds.split(",") if k.strip()]
    known = {str(k) for k in (*LevelName, *Baseline)}
    if len(kinds) < 2 or not set(kinds) <= known:
        raise SystemExit(f"--kinds: two or more of {', '.join(sorted(known))}")
    room = room_by_key(args.room)
    started = time.perf_counter()
    results = run_all(args.games, kinds, args.seed, _RULES[args.rules], room)
    elapsed = time.perf_counter() - started
    print(
        f"full hands, rules {args.rules}, room {room.key} (x{room.coefficient}, fee "
        f"{room.fee}), {args.games} deals per pair, seed {args.seed}, {elapsed:.0f} s"
    )
    for result in results:
        print("\n".join(report(result)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
