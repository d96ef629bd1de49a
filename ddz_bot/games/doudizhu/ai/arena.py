"""Arena: two kinds of player against each other over many deals, with role rotation.

Each deal is played twice with the landlord fixed by the deal (seat 0 calls, nobody
grabs, nobody doubles: no bidding noise): once with A as landlord against B farmers
(two, or three in the four-player game), once with B as landlord against A farmers.
The hands go through the real ``Game``. Prints, for each role of A, the win rate (WP)
and the average score (ADP: the landlord's stake sum, or the farmers' together, base x
multiplier), and the percentiles of A's and B's decision times.

    python -m ddz_bot.games.arena --games 2000 --a hard --b greedy --seed 1 --rules classic

A change is measured against a run of the same deals: ``--save`` keeps each deal's result,
``--paired`` prints the difference deal by deal with its standard error (the same deals
cancel most of the luck of the cards; ``hard``'s timed search still varies from run to
run). ``--search`` sets the hard level's ``SearchConfig`` (``--search endgame=8 --search
budget=0.07``), and ``--role`` plays one role only (a landlord's change needs no farmer hands).

With ``--full`` the hands are played whole instead, bidding and doubling on, beans settled
in ``--room``, for every pair of ``--kinds`` (see ``full_arena``).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from functools import partial
from pathlib import Path

from ddz_bot.ai.timing import describe_times
from ddz_bot.games.doudizhu.engine import (
    CLASSIC,
    FOUR_PLAYER,
    POINTS,
    WILDCARD,
    Bid,
    Call,
    Decline,
    Game,
    NoGrab,
    NoShow,
    Phase,
    RuleSet,
)
from ddz_bot.kernel import DEFAULT_ROOM, ROOMS, Deal, format_cards, room_by_key

from .full_arena import report, run_all
from .players import AIPlayer, Baseline, LevelName, _Base, make_player
from .rlcard_rule import RLCardRulePlayer, rlcard_available
from .search import SearchConfig

__all__ = [
    "ArenaResult",
    "Paired",
    "Role",
    "main",
    "make_arena_player",
    "overall",
    "paired",
    "play_deal",
    "run",
    "search_config",
]

_RULES = {"classic": CLASSIC, "points": POINTS, "wildcard": WILDCARD, "four": FOUR_PLAYER}


class Role(StrEnum):
    """Which of A's roles an arena plays."""

    BOTH = "both"
    LANDLORD = "landlord"
    FARMERS = "farmers"


@dataclass
class RoleStats:
    score: int = 0
    #: each deal's result for A, in the order dealt (``paired`` compares two runs by them)
    results: list[bool] = field(default_factory=list)

    @property
    def games(self) -> int:
        return len(self.results)

    @property
    def wins(self) -> int:
        return sum(self.results)

    @property
    def wp(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def adp(self) -> float:
        return self.score / self.games if self.games else 0.0

    @property
    def error(self) -> float:
        """The standard error of ``wp`` (each deal one win or loss)."""
        n = self.games
        return math.sqrt(self.wp * (1 - self.wp) / (n - 1)) if n > 1 else 0.0


def overall(landlord: list[bool], farmers: list[bool]) -> tuple[float, float, int]:
    """A's win rate over both roles of the same deals and its standard error, each deal
    counted once (the mean of its two results): a deal that favours the landlord favours
    A in one role and not in the other, so the roles' errors don't simply add.

    >>> wp, error, deals = overall([True, True, False, True], [False, True, True, True])
    >>> wp, round(error, 4), deals
    (0.75, 0.1443, 4)
    """
    n = min(len(landlord), len(farmers))
    if not n:
        return 0.0, 0.0, 0
    means = [(int(a) + int(b)) / 2 for a, b in zip(landlord[:n], farmers[:n], strict=True)]
    mean = sum(means) / n
    variance = sum((m - mean) ** 2 for m in means) / max(1, n - 1)
    return mean, math.sqrt(variance / n), n


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


def make_arena_player(kind: str, seed: int, search: SearchConfig | None = None) -> _Base:
    """A player of any kind the arena seats: ``make_player``'s, and RLCard's rule agent
    (which needs the bench's requirements, so no table can seat it)."""
    if kind == Baseline.RLCARD_RULE:
        return RLCardRulePlayer(seed)
    return make_player(kind, seed, search)


def _on_cpu_clock(make: Callable[[str, int], _Base], kind: str, seed: int) -> _Base:
    player = make(kind, seed)
    if isinstance(player, AIPlayer):
        player.clock = time.process_time
    return player


def play_deal(
    hands: list[str],
    bottom: str,
    kinds: list[str],
    seed: int,
    rules: RuleSet,
    wild_rank: int | None = None,
    times: dict[str, list[float]] | None = None,
    searched: dict[str, list[float]] | None = None,
    search: SearchConfig | None = None,
    make: Callable[[str, int], _Base] | None = None,
) -> tuple[bool, int]:
    """Play one deal through ``Game`` with seat 0 as landlord; (landlord won, landlord's
    score). ``make`` builds the player of a kind for a seed (default ``make_player``);
    ``times`` gathers each kind's decision times (None: not kept)."""
    game = Game.from_deal(
        hands, bottom, rules=rules, first_bidder=0, wild_rank=wild_rank, rng=random.Random(seed)
    )
    if make is None:
        make = partial(make_arena_player, search=search)
    players = [make(kind, seed * 7 + seat) for seat, kind in enumerate(kinds)]
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
        if times is not None and len(player.timings) > before:
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
    search: SearchConfig | None = None,
    role: Role = Role.BOTH,
    make: Callable[[str, int], _Base] | None = None,
    cpu_clock: bool = False,
) -> ArenaResult:
    """Play ``games`` deals, each in A's ``role`` (both: once as landlord, once as farmers);
    ``search`` tunes the hard level (None: as it plays at the tables), ``make`` builds the
    players (``play_deal``); ``cpu_clock``: the searches are timed by the process's CPU
    time, not the wall clock (a run then searches alike whatever else loads the machine)."""
    if cpu_clock:
        make = partial(_on_cpu_clock, make or partial(make_arena_player, search=search))
    result = ArenaResult()
    rng = random.Random(seed)
    started = time.perf_counter()
    tag_a, tag_b = "A:" + a, "B:" + b
    for i in range(games):
        hands, bottom = _deal(rng, rules)
        wild = rng.randrange(13) if rules.wildcard else None
        deal_seed = rng.randrange(2**31)
        for a_landlord in (True, False):
            if role is not Role.BOTH and a_landlord != (role is Role.LANDLORD):
                continue
            farmers = rules.players - 1
            kinds = [a] + [b] * farmers if a_landlord else [b] + [a] * farmers
            tags = [tag_a] + [tag_b] * farmers if a_landlord else [tag_b] + [tag_a] * farmers
            times: dict[str, list[float]] = {a: [], b: []}
            if a == b:
                times = {a: []}
            searched: dict[str, list[float]] = {}
            won, score = play_deal(
                hands, bottom, kinds, deal_seed, rules, wild, times, searched, search, make
            )
            if a != b:
                result.searched_a.extend(searched.get(a, []))
            if a == b:
                (result.times_a if tags[0] == tag_a else result.times_b).extend(times[a])
            else:
                result.times_a.extend(times[a])
                result.times_b.extend(times[b])
            stats = result.landlord if a_landlord else result.farmers
            stats.results.append(won if a_landlord else not won)
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


def search_config(settings: list[str]) -> SearchConfig:
    """``SearchConfig`` with ``name=value`` settings, each value read as its field's type
    (``ceiling=none`` for no ceiling of its own).

    >>> search_config(["endgame=8", "budget=0.07"]).endgame
    8
    >>> search_config(["depth=3"])
    Traceback (most recent call last):
    ...
    ValueError: no search setting 'depth'; one of budget, ceiling, candidates, ...
    """
    kinds = {f.name: f.type for f in dataclasses.fields(SearchConfig)}
    values: dict[str, object] = {}
    for setting in settings:
        name, sep, text = setting.partition("=")
        if name not in kinds:
            shown = ", ".join(list(kinds)[:3])
            raise ValueError(f"no search setting {name!r}; one of {shown}, ...")
        if not sep:
            raise ValueError(f"search setting {setting!r}: name=value")
        kind = str(kinds[name])
        try:
            if text.lower() == "none" and "None" in kind:
                values[name] = None
            elif kind.startswith("bool"):
                values[name] = {"true": True, "false": False}[text.lower()]
            elif kind.startswith("int"):
                values[name] = int(text)
            else:
                values[name] = float(text)
        except (KeyError, ValueError):
            raise ValueError(f"search setting {setting!r}: expects {kind}") from None
    return dataclasses.replace(SearchConfig(), **values)  # type: ignore[arg-type]


@dataclass(frozen=True)
class Paired:
    """One role's difference between two runs of the same deals, deal by deal."""

    deals: int
    difference: float  # this run's WP less the other's, over the deals both played
    error: float  # its standard error
    discordant: float  # the share of deals whose result differs


def paired(results: list[bool], other: list[bool]) -> Paired | None:
    """Compare two runs' results of the same deals (None: no deal in common)."""
    n = min(len(results), len(other))
    if not n:
        return None
    diffs = [int(a) - int(b) for a, b in zip(results[:n], other[:n], strict=True)]
    mean = sum(diffs) / n
    variance = sum((d - mean) ** 2 for d in diffs) / max(1, n - 1)
    discordant = sum(1 for d in diffs if d) / n
    return Paired(n, mean, math.sqrt(variance / n), discordant)


def _run_key(args: argparse.Namespace) -> dict[str, object]:
    """What makes two runs' deals the same."""
    return {"seed": args.seed, "rules": args.rules}


def _save(path: Path, args: argparse.Namespace, result: ArenaResult) -> None:
    record = {
        **_run_key(args),
        "a": args.a,
        "b": args.b,
        "search": args.search,
        "landlord": [int(w) for w in result.landlord.results],
        "farmers": [int(w) for w in result.farmers.results],
    }
    path.write_text(json.dumps(record) + "\n", encoding="utf-8")


def _load_paired(path: Path, args: argparse.Namespace) -> dict[str, object]:
    """The saved run to compare with, read before the run: one of other deals is refused."""
    other: dict[str, object] = json.loads(path.read_text(encoding="utf-8"))
    if {k: other.get(k) for k in _run_key(args)} != _run_key(args):
        raise SystemExit(
            f"--paired {path}: other deals (seed {other.get('seed')}, rules {other.get('rules')})"
        )
    return other


def _print_paired(path: Path, other: dict[str, object], result: ArenaResult) -> None:
    print(f"paired with {path} (A {other.get('a')}, search {other.get('search') or 'default'}):")
    for role, stats in (("landlord", result.landlord), ("farmers", result.farmers)):
        saved = other.get(role)
        found = paired(stats.results, [bool(w) for w in saved] if isinstance(saved, list) else [])
        if found is not None:
            print(
                f"  A as {role:8s}: WP {found.difference:+.4f} \u00b1 {found.error:.4f} over "
                f"{found.deals} deals ({found.discordant:.0%} ended differently)"
            )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m ddz_bot.games.doudizhu.ai.arena", description=__doc__.split("\n\n")[0]
    )
    kinds = [*LevelName, *Baseline]
    parser.add_argument("--games", type=int, default=100, help="deals (each played twice)")
    parser.add_argument("--a", default="hard", choices=kinds)
    parser.add_argument("--b", default="greedy", choices=kinds)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", default="classic", choices=sorted(_RULES))
    parser.add_argument("--progress", action="store_true", help="progress on stderr")
    parser.add_argument(
        "--search",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="hard: a SearchConfig setting (budget, ceiling, endgame, candidates, ...)",
    )
    parser.add_argument("--role", default=Role.BOTH, choices=list(Role), help="A's roles")
    parser.add_argument(
        "--cpu-clock",
        action="store_true",
        help="hard: time the search by the process's CPU time (runs under other loads compare)",
    )
    parser.add_argument("--save", type=Path, help="keep each deal's result in this file")
    parser.add_argument("--paired", type=Path, help="compare deal by deal with a --save file")
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
    try:
        search = search_config(args.search) if args.search else None
    except ValueError as error:
        parser.error(str(error))
    if args.full:
        return _main_full(args)
    if Baseline.RLCARD_RULE in (args.a, args.b) and not rlcard_available():
        parser.error("rlcard_rule needs the rlcard package: pip install -r requirements-bench.txt")
    other = None if args.paired is None else _load_paired(args.paired, args)
    started = time.perf_counter()
    result = run(
        args.games,
        args.a,
        args.b,
        args.seed,
        _RULES[args.rules],
        args.progress,
        search,
        Role(args.role),
        cpu_clock=args.cpu_clock,
    )
    elapsed = time.perf_counter() - started
    roles = "2 roles" if args.role == Role.BOTH else f"A as {args.role}"
    print(
        f"{args.a} (A) vs {args.b} (B), {args.games} deals x {roles}, rules {args.rules}, "
        f"seed {args.seed}, {elapsed:.0f} s{', search ' + ' '.join(args.search) if search else ''}"
        f"{', CPU clock' if args.cpu_clock else ''}"
    )
    _print_result(result, rlcard=Baseline.RLCARD_RULE in (args.a, args.b))
    if args.paired is not None and other is not None:
        _print_paired(args.paired, other, result)
    if args.save is not None:
        _save(args.save, args, result)
    return 0


def _print_result(result: ArenaResult, rlcard: bool) -> None:
    """A's win rate in each role and in both, and the decision times."""
    for role, stats in (("landlord", result.landlord), ("farmers", result.farmers)):
        if stats.games:
            print(
                f"A as {role:8s}: WP {stats.wp:.3f} \u00b1 {stats.error:.3f}  ADP {stats.adp:+.3f}"
                f"  ({stats.games} hands)"
            )
    wp, wp_error, deals = overall(result.landlord.results, result.farmers.results)
    if deals:
        print(f"A overall    : WP {wp:.3f} \u00b1 {wp_error:.3f}  (both roles of {deals} deals)")
    print(f"A decision time: {describe_times(result.times_a)}")
    if result.searched_a:
        print(f"A searched decisions only: {describe_times(result.searched_a)}")
    print(f"B decision time: {describe_times(result.times_b)}")
    if rlcard:
        totals = RLCardRulePlayer.totals
        print(
            f"rlcard_rule: {totals['fallbacks']} of {totals['decisions']} answers not legal here "
            "(a random legal action played instead)"
        )


def _main_full(args: argparse.Namespace) -> int:
    kinds = [k.strip() for k in args.kinds.split(",") if k.strip()]
    known = {str(k) for k in (*LevelName, *Baseline)} - {Baseline.RLCARD_RULE.value}
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
