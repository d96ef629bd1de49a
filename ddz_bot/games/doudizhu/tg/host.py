"""斗地主's host rules: how a hand is dealt (明牌 before the deal, a deal window), what a
time-out sends (加倍 answered "no" by silence), 托管, an escape and its cost (R-ESCAPE)."""

from __future__ import annotations

from collections.abc import Sequence

from ddz_bot.games.doudizhu.engine import Game, NoDouble, ShowCards, escape_score, ruleset_by_name
from ddz_bot.games.kit.host import Host, escape_beans, time_out_each
from ddz_bot.kernel import Action, Deal, TimeLimit, Waiting
from ddz_bot.tg.games import HostedGame

__all__ = ["DOUDIZHU_HOST"]


def _opening(show_seats: Sequence[int], deal_window: bool) -> list[Action]:
    actions: list[Action] = [ShowCards(seat) for seat in show_seats]
    return actions + [Deal()] * (1 if deal_window else 3)


def _timed_out(waiting: Waiting) -> list[Action]:
    # while doubling everyone answers at once: silence is "no" (not an AFK time-out)
    if waiting.limit is TimeLimit.DOUBLE:
        return [NoDouble(seat) for seat in sorted(waiting.seats)]
    return time_out_each(waiting)


def _shared_clock(before: Waiting, after: Waiting) -> bool:
    # 加倍: everyone answers against the clock set when the doubling began
    return before.limit is after.limit is TimeLimit.DOUBLE


def _escape_cost(game: HostedGame, seat: int) -> int:
    """R-ESCAPE."""
    assert isinstance(game, Game)
    score = escape_score(
        landlord=game.landlord == seat,
        base=game.base,
        multiplier=game.escape_multiplier(),
        landlord_known=game.landlord is not None,
    )
    return escape_beans(game.room, score)


#: 斗地主 in all its variants (classic, points bidding, wildcard, four players): whoever bids
#: first is drawn at random each hand, so the game names no next dealer
DOUDIZHU_HOST = Host(
    seats_for=lambda rules: ruleset_by_name(rules).players,
    make=lambda start: Game(
        ruleset_by_name(start.rules), start.room, start.balances, rng=start.rng
    ),
    read=Game.from_dict,
    dealer_after=lambda game: None,
    escape_cost=_escape_cost,
    opening_of=_opening,
    timed_out_of=_timed_out,
    shared_clock_of=_shared_clock,
)
