"""跑得快's host rules (RULES.md section 6): one deal does it all; a time-out is the engine's
``Timeout`` (R-PDK-AFK: the lowest play that beats, else pass); the previous hand's winner
leads the next one (R-PDK-FIRST); an escape costs a shut full hand to each other seat
(R-PDK-ESCAPE)."""

from __future__ import annotations

from ddz_bot.games.kit.host import HandStart, Host, escape_beans
from ddz_bot.tg.games import HostedGame

from ..engine import PLAYERS, PdkGame, PdkRules, escape_points
from .text import GAME_KEY

__all__ = ["PAODEKUAI", "PDK_HOST", "pdk_rules"]

#: the name of 跑得快 in a table's ``rules`` and in the registry
PAODEKUAI = GAME_KEY


def pdk_rules(rules: str) -> PdkRules:
    """The 跑得快 options a table's ``rules`` names (``paodekuai+cards15``); ``ValueError``
    for another game's rules or an unknown option."""
    return PdkRules.from_name(rules)


def _hand(start: HandStart) -> PdkGame:
    """``dealer``: the previous hand's winner, who leads; ``None`` on a table's first hand,
    which the ♠3 leads (R-PDK-FIRST)."""
    return PdkGame(
        pdk_rules(start.rules), start.room, start.balances, start.rng, leader=start.dealer
    )


def _winner(game: HostedGame) -> int | None:
    """R-PDK-FIRST: the previous hand's winner leads the next one."""
    return game.winner if isinstance(game, PdkGame) else None


def _escape_cost(game: HostedGame, seat: int) -> int:
    """R-PDK-ESCAPE: a shut full hand to each other seat."""
    assert isinstance(game, PdkGame)
    return escape_beans(game.room, -escape_points(seat, game.rules.hand_size)[seat])


#: 跑得快 with the options its ``rules`` name (see the module docstring)
PDK_HOST = Host(
    seats_for=lambda rules: PLAYERS,
    make=_hand,
    read=PdkGame.from_dict,
    dealer_after=_winner,
    escape_cost=_escape_cost,
)
