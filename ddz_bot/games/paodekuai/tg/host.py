"""跑得快's host rules (RULES.md section 6): one deal does it all; a time-out is the engine's
``Timeout`` (R-PDK-AFK: the lowest play that beats, else pass); the previous hand's winner
leads the next one (R-PDK-FIRST); an escape costs a shut full hand to each other seat
(R-PDK-ESCAPE)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ddz_bot.kernel import Action, Deal, Room, Timeout, Waiting
from ddz_bot.tg.games import HostedGame

from ..engine import PLAYERS, PdkGame, PdkRules, escape_points
from .text import GAME_KEY

__all__ = ["PAODEKUAI", "PdkHost", "pdk_rules"]

#: the name of 跑得快 in a table's ``rules`` and in the registry
PAODEKUAI = GAME_KEY


def pdk_rules(rules: str) -> PdkRules:
    """The 跑得快 options a table's ``rules`` names (``paodekuai+cards15``); ``ValueError``
    for another game's rules or an unknown option."""
    return PdkRules.from_name(rules)


class PdkHost:
    """跑得快 with the options its ``rules`` name (see the module docstring)."""

    def seats(self, rules: str) -> int:
        return PLAYERS

    def new_hand(
        self,
        rules: str,
        room: Room,
        balances: Sequence[int],
        rng: random.Random | None,
        humans: Sequence[bool],
        dealer: int | None = None,
    ) -> PdkGame:
        """``dealer``: the previous hand's winner, who leads; ``None`` on a table's first
        hand, which the ♠3 leads (R-PDK-FIRST)."""
        return PdkGame(pdk_rules(rules), room, list(balances), rng, leader=dealer)

    def next_dealer(self, game: HostedGame) -> int | None:
        """R-PDK-FIRST: the previous hand's winner leads the next one."""
        return game.winner if isinstance(game, PdkGame) else None

    def load(self, data: dict[str, Any]) -> PdkGame:
        return PdkGame.from_dict(data)

    def opening(self, show_seats: Sequence[int], *, deal_window: bool) -> list[Action]:
        return [Deal()]

    def timed_out(self, waiting: Waiting) -> list[Action]:
        return [Timeout(seat) for seat in sorted(waiting.seats)]

    def shared_clock(self, before: Waiting, after: Waiting) -> bool:
        return False  # one seat plays at a time

    def escape_cost(self, game: HostedGame, seat: int) -> int:
        """R-PDK-ESCAPE: a shut full hand to each other seat at the room's rate, and the fee."""
        assert isinstance(game, PdkGame)
        points = -escape_points(seat, game.rules.hand_size)[seat]
        return points * game.room.coefficient + game.room.fee
