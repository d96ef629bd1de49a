"""Shared scripted deals and drivers for the hand tests."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ddz_bot.games.doudizhu.engine.game import Game
from ddz_bot.games.doudizhu.engine.rules import CLASSIC, RuleSet
from ddz_bot.games.doudizhu.engine.views import Phase
from ddz_bot.kernel import DEFAULT_ROOM, Action, Deal, Event, Room

RICH = [10**7] * 3

# Seat 0 can spring: rocket, bomb of 2s, plane 333444+56, plane KKKAAA (with the bottom 56D).
SPRING_DEAL = ("333444KKKAAA2222X", "3455577779999JJJJ", "6668888TTTTQQQQKA", "56D")
# Seat 1 beats seat 0's first single with the big joker, then lays down 3456 + 777888999TTT.
ANTI_SPRING_DEAL = ("333444555666789TX", "3456777888999TTTD", "JJJJQQQQKKKKAAAA2", "222")


def deal(
    cards: Sequence[str] = SPRING_DEAL,
    *,
    rules: RuleSet = CLASSIC,
    room: Room = DEFAULT_ROOM,
    balances: Sequence[int] | None = None,
    first_bidder: int = 0,
    wild_rank: int | None = None,
) -> Game:
    """A game with a chosen deal, dealt and waiting for the first bid."""
    game = Game.from_deal(
        cards[:-1],
        cards[-1],
        rules=rules,
        room=room,
        balances=balances,
        first_bidder=first_bidder,
        wild_rank=wild_rank,
        rng=random.Random(7),
    )
    for _ in range(3):
        game.apply(Deal())
    assert game.phase is Phase.BIDDING
    return game


def run(game: Game, *actions: Action) -> list[Event]:
    events: list[Event] = []
    for action in actions:
        events += game.apply(action)
    return events
