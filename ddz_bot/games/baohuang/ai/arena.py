"""保皇 arena: two kinds of player against each other over many deals, each side in turn.

Each deal is played twice through the real ``BaoHuangGame``: once with A as the emperor's
side (emperor and guard, or the emperor alone in a solo) against B as the rebels, once the
other way round. The side's kind plays the throne round for every seat (who takes the
throne, with what attached, what is called), so a weak hand yields and a solo is taken only
with a hand for it; the seats are then given by the roles. Declarations are the players'.
With ``--seating single`` each deal is played instead with A alone at each of the five seats
among B players (every decision each seat's own), and once with B at every seat for
reference: the AI with baseline partners. Prints, per role, how often each kind's side won
(its side's score positive), the average points per hand of A and of B in that role, and the
percentiles of A's and B's decision times.

    python -m ddz_bot.games.baohuang.ai.arena --games 200 --a normal --b greedy --seed 1
    python -m ddz_bot.games.baohuang.ai.arena --games 100 --a hard --b greedy --seating single
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from dataclasses import dataclass, field
from enum import StrEnum

from ddz_bot.ai.timing import describe_times
from ddz_bot.games.baohuang.engine import (
    BaoHuangGame,
    BaoHuangOutcome,
    BaoHuangRules,
    GuardMethod,
    Role,
)
from ddz_bot.kernel import Deal, DecisionKind

from .players import make_baohuang_player

__all__ = ["ArenaResult", "ArenaRole", "RoleStats", "main", "play_deal", "report", "run"]

KINDS = ("random", "greedy", "easy", "normal", "hard")
_MAX_STEPS = 2_000


class ArenaRole(StrEnum):
    """The role a kind of player held in a hand, as the arena reports it."""

    EMPEROR = "emperor"
    GUARD = "guard"
    REBEL = "rebel"
    SOLO = "solo emperor"  # alone against four
    SOLO_REBEL = "solo rebel"  # one of the four against a solo


@dataclass
class RoleStats:
    hands: int = 0
    wins: int = 0  # the side's score was positive
    points: int = 0  # summed over hands, per seat of the role

    def columns(self) -> str:
        """The report's columns: the hands, the wins a hand and the points a hand."""
        hands = self.hands or 1  # none played: 0 wins and 0 points a hand
        return f"{self.hands:8d} {self.wins / hands:7.3f} {self.points / hands:+7.2f}"


@dataclass
class ArenaResult:
    a: dict[ArenaRole, RoleStats] = field(default_factory=dict)
    b: dict[ArenaRole, RoleStats] = field(default_factory=dict)
    times_a: list[float] = field(default_factory=list)
    times_b: list[float] = field(default_factory=list)
    aborted: int = 0


def _throne(game: BaoHuangGame, kind: str, seed: int) -> None:
    """The throne round, every seat's decision taken by a player of ``kind``: the emperor's
    side decides who sits on the throne (and what is called)."""
    players = [make_baohuang_player(kind, seed * 11 + seat) for seat in range(game.players)]
    while not game.over:
        waiting = game.waiting_for()
        if waiting is None or waiting.kind not in (DecisionKind.THRONE, DecisionKind.CALL_GUARD):
            return
        seat = waiting.seats[0]
        game.apply(players[seat].act(game.view_for(seat), game.legal_actions(seat)))


def _roles(game: BaoHuangGame) -> list[Role]:
    return [game.view_for(seat).role or Role.REBEL for seat in range(game.players)]


def play_deal(
    seed: int, rules: BaoHuangRules, a: str, b: str, a_rules_the_throne: bool, result: ArenaResult
) -> None:
    """Play one deal with A as the emperor's side (or as the rebels); add it to ``result``."""
    game = BaoHuangGame(rules, rng=random.Random(seed), dealer=seed % 5)
    game.apply(Deal())
    emperor_kind, rebel_kind = (a, b) if a_rules_the_throne else (b, a)
    _throne(game, emperor_kind, seed)
    if game.over:
        result.aborted += 1
        return
    roles = _roles(game)
    solo = Role.GUARD not in roles
    kinds = [emperor_kind if role is not Role.REBEL else rebel_kind for role in roles]
    players = [make_baohuang_player(kind, seed * 7 + seat) for seat, kind in enumerate(kinds)]
    for player in players:
        player.keep_timings = True
    steps = 0
    while not game.over and steps < _MAX_STEPS:
        waiting = game.waiting_for()
        assert waiting is not None
        seat = waiting.seats[0]
        game.apply(players[seat].act(game.view_for(seat), game.legal_actions(seat)))
        steps += 1
    outcome = game.outcome()
    if outcome is None or outcome.aborted:
        result.aborted += 1
        return
    for seat, player in enumerate(players):
        a_seat = (roles[seat] is not Role.REBEL) == a_rules_the_throne
        (result.times_a if a_seat else result.times_b).extend(player.timings)
    emperor = roles.index(Role.EMPEROR)
    emperor_side_won = outcome.scores[emperor] > 0
    rebels_won = any(outcome.scores[s] > 0 for s, role in enumerate(roles) if role is Role.REBEL)
    side = result.a if a_rules_the_throne else result.b
    other = result.b if a_rules_the_throne else result.a
    for seat, role in enumerate(roles):
        if role is Role.REBEL:
            stats = other.setdefault(ArenaRole.SOLO_REBEL if solo else ArenaRole.REBEL, RoleStats())
            won = rebels_won
        else:
            key = ArenaRole.SOLO if solo else ArenaRole(role.value)
            stats = side.setdefault(key, RoleStats())
            won = emperor_side_won
        stats.hands += 1
        stats.wins += won
        stats.points += outcome.scores[seat]


def _seat_role(outcome: BaoHuangOutcome, seat: int) -> ArenaRole:
    if outcome.solo is not None:
        return ArenaRole.SOLO if seat == outcome.emperor else ArenaRole.SOLO_REBEL
    if seat == outcome.emperor:
        return ArenaRole.EMPEROR
    return ArenaRole.GUARD if seat == outcome.guard else ArenaRole.REBEL


def play_table(
    seed: int, rules: BaoHuangRules, kinds: list[str]
) -> tuple[BaoHuangOutcome | None, list[list[float]]]:
    """Play one deal with a player of ``kinds[seat]`` at each seat deciding everything (the
    throne round included): the outcome (``None`` if aborted) and each seat's timings."""
    game = BaoHuangGame(rules, rng=random.Random(seed), dealer=seed % 5)
    game.apply(Deal())
    players = [make_baohuang_player(kind, seed * 7 + seat) for seat, kind in enumerate(kinds)]
    for player in players:
        player.keep_timings = True
    steps = 0
    while not game.over and steps < _MAX_STEPS:
        waiting = game.waiting_for()
        assert waiting is not None
        seat = waiting.seats[0]
        game.apply(players[seat].act(game.view_for(seat), game.legal_actions(seat)))
        steps += 1
    outcome = game.outcome()
    timings = [player.timings for player in players]
    return (None if outcome is None or outcome.aborted else outcome), timings


def _add(stats: dict[ArenaRole, RoleStats], role: ArenaRole, points: int) -> None:
    entry = stats.setdefault(role, RoleStats())
    entry.hands += 1
    entry.wins += points > 0
    entry.points += points


def play_single_seats(seed: int, rules: BaoHuangRules, a: str, b: str, result: ArenaResult) -> None:
    """One deal six times: A alone at each seat among B players, and B at every seat (the
    reference for the same seat and deal)."""
    for a_seat in range(5):
        kinds = [a if seat == a_seat else b for seat in range(5)]
        outcome, timings = play_table(seed, rules, kinds)
        result.times_a.extend(timings[a_seat])
        if outcome is None:
            result.aborted += 1
            continue
        _add(result.a, _seat_role(outcome, a_seat), outcome.scores[a_seat])
    outcome, timings = play_table(seed, rules, [b] * 5)
    for seat_timings in timings:
        result.times_b.extend(seat_timings)
    if outcome is None:
        result.aborted += 1
        return
    for seat in range(5):
        _add(result.b, _seat_role(outcome, seat), outcome.scores[seat])


def run(
    games: int,
    a: str,
    b: str,
    seed: int = 1,
    rules: BaoHuangRules | None = None,
    progress: bool = False,
    single: bool = False,
) -> ArenaResult:
    """``games`` deals, each played by sides (A's side against B's, then the other way
    round) or, with ``single``, with A alone at each seat in turn."""
    rules = rules or BaoHuangRules()
    result = ArenaResult()
    rng = random.Random(seed)
    started = time.perf_counter()
    for i in range(games):
        deal_seed = rng.randrange(2**31)
        if single:
            play_single_seats(deal_seed, rules, a, b, result)
        else:
            for a_rules_the_throne in (True, False):
                play_deal(deal_seed, rules, a, b, a_rules_the_throne, result)
        if progress and (i + 1) % 20 == 0:
            elapsed = time.perf_counter() - started
            print(f"  {i + 1}/{games} deals, {elapsed:.0f} s", file=sys.stderr, flush=True)
    return result


def report(result: ArenaResult, a: str, b: str) -> list[str]:
    """The table the arena prints: per role, each kind's win rate and points per hand."""
    lines = [
        f"{'role':13s} {'A hands':>8s} {'A wins':>7s} {'A pts':>7s}"
        f" {'B hands':>8s} {'B wins':>7s} {'B pts':>7s}"
    ]
    for role in ArenaRole:
        sa, sb = result.a.get(role, RoleStats()), result.b.get(role, RoleStats())
        if not sa.hands and not sb.hands:
            continue
        lines.append(f"{role.value:13s} {sa.columns()} {sb.columns()}")
    lines.append(f"A ({a}) decision time: {describe_times(result.times_a, 2)}")
    lines.append(f"B ({b}) decision time: {describe_times(result.times_b, 2)}")
    if result.aborted:
        lines.append(f"aborted hands (nobody took the throne): {result.aborted}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m ddz_bot.games.baohuang.ai.arena", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--rules", default="baohuang", choices=["baohuang"])
    parser.add_argument("--games", type=int, default=100, help="deals (each played twice)")
    parser.add_argument("--a", default="normal", choices=KINDS)
    parser.add_argument("--b", default="greedy", choices=KINDS)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--method", default="fixed", choices=[m.value for m in GuardMethod])
    parser.add_argument("--roast", action="store_true", help="烤牌 (R-BH-ROAST)")
    parser.add_argument("--six", action="store_true", help="憋6 (R-BH-SIX)")
    parser.add_argument("--grab-solo", action="store_true", help="抢独 (R-BH-GRAB-SOLO)")
    parser.add_argument(
        "--seating",
        default="sides",
        choices=["sides", "single"],
        help="sides: A's side against B's and back; single: A alone at each seat among B",
    )
    parser.add_argument("--progress", action="store_true", help="progress on stderr")
    args = parser.parse_args(argv)
    rules = BaoHuangRules(GuardMethod(args.method), args.roast, args.six, args.grab_solo)
    started = time.perf_counter()
    single = args.seating == "single"
    result = run(args.games, args.a, args.b, args.seed, rules, args.progress, single)
    elapsed = time.perf_counter() - started
    print(
        f"{args.a} (A) vs {args.b} (B), {args.games} deals x "
        f"{'5 seats (A alone; B: all B)' if single else '2 sides'}, {rules}, "
        f"seed {args.seed}, {elapsed:.0f} s"
    )
    for line in report(result, args.a, args.b):
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
