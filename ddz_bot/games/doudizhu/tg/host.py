"""斗地主's host rules: how a hand is dealt (明牌 before the deal, a deal window), what a
time-out sends (加倍 answered "no" by silence), 托管, an escape and its cost (R-ESCAPE)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ddz_bot.games.doudizhu.engine import Game, NoDouble, ShowCards, escape_score, ruleset_by_name
from ddz_bot.games.kit.host import escape_beans
from ddz_bot.kernel import Action, Deal, Room, TimeLimit, Timeout, Waiting
from ddz_bot.tg.games import HostedGame

__all__ = ["DouDizhuHost"]


class DouDizhuHost:
    """斗地主 in all its variants (classic, points bidding, wildcard, four players)."""

    def seats(self, rules: str) -> int:
        return ruleset_by_name(rules).players

    def new_hand(
        self,
        rules: str,
        room: Room,
        balances: Sequence[int],
        rng: random.Random | None,
        humans: Sequence[bool],
        dealer: int | None = None,
    ) -> Game:
        return Game(ruleset_by_name(rules), room, list(balances), rng=rng)

    def next_dealer(self, game: HostedGame) -> int | None:
        return None  # whoever bids first is drawn at random each hand

    def load(self, data: dict[str, Any]) -> Game:
        return Game.from_dict(data)

    def opening(self, show_seats: Sequence[int], *, deal_window: bool) -> list[Action]:
        actions: list[Action] = [ShowCards(seat) for seat in show_seats]
        return actions + [Deal()] * (1 if deal_window else 3)

    def timed_out(self, waiting: Waiting) -> list[Action]:
        # while doubling everyone answers at once: silence is "no" (not an AFK time-out)
        if waiting.limit is TimeLimit.DOUBLE:
            return [NoDouble(seat) for seat in sorted(waiting.seats)]
        return [Timeout(seat) for seat in sorted(waiting.seats)]

    def shared_clock(self, before: Waiting, after: Waiting) -> bool:
        # 加倍: everyone answers against the clock set when the doubling began
        return before.limit is after.limit is TimeLimit.DOUBLE

    def escape_cost(self, game: HostedGame, seat: int) -> int:
        """R-ESCAPE."""
        assert isinstance(game, Game)
        score = escape_score(
            landlord=game.landlord == seat,
            base=game.base,
            multiplier=game.escape_multiplier(),
            landlord_known=game.landlord is not None,
        )
        return escape_beans(game.room, score)
