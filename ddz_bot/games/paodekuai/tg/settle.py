"""From a finished 跑得快 hand to beans, through the one settlement path storage offers (keyed
by the hand's id, applied once, one ledger line per change), and the result the group reads.

The engine's ``pdk_settle`` runs inside storage's transaction on the beans and points the
players hold then (R-PDK-BEANS, R-PDK-ESCAPE). 跑得快 has no sides: every seat's role is
stored as '' (a player's record counts the game's wins and losses only); whether a seat won is
whether its score rose (a loser's standing bombs may outweigh its cards).
"""

from __future__ import annotations

from typing import Any

from ddz_bot.games.kit.settle import HandSettlement, seat_lines, settle_game
from ddz_bot.i18n import t
from ddz_bot.storage import Database
from ddz_bot.tg.games import HostedGame
from ddz_bot.tg.settle import Applied, Settled, won_by_score
from ddz_bot.tg.table import Table

from ..engine import PdkGame, PdkOutcome
from .host import PAODEKUAI
from .text import result_lines

__all__ = ["NO_ROLE", "pdk_result_lines", "settle_pdk_hand"]

#: every seat's role: the game has no sides
NO_ROLE = ""


async def settle_pdk_hand(db: Database, table: Table, game: HostedGame) -> Settled:
    """Settle the 跑得快 hand in storage (idempotent); return the result for the group."""
    assert isinstance(game, PdkGame)
    outcome = game.outcome()
    assert outcome is not None
    result: dict[str, Any] = {
        "game": PAODEKUAI,
        "winner": outcome.winner,
        "winners": list(outcome.winners),
        "cards_left": list(outcome.cards_left),
        "shut": list(outcome.shut),
        "bombs": [{"seat": b.seat, "rank": b.rank} for b in outcome.bombs],
        "scores": list(outcome.scores),
        "escaped": outcome.escaped,
    }
    # no multipliers: bombs score points of their own (itemised in the result)
    hand = HandSettlement(
        name=PAODEKUAI,
        rules={"game": PAODEKUAI, **game.rules.to_dict()},
        result=result,
        log=[action.to_dict() for action in game.actions],
        won=won_by_score(outcome.scores, outcome.escaped),
        role=lambda seat: NO_ROLE,
    )
    return await settle_game(
        db,
        table,
        game,
        hand,
        lambda applied: pdk_result_lines(table, game, outcome, applied),
    )


def pdk_result_lines(
    table: Table,
    game: PdkGame,
    outcome: PdkOutcome,
    applied: Applied,
) -> list[str]:
    """The result as the group reads it: who went out first (or escaped), each seat's cards
    left, shut and bombs itemised with its points, the rate, then each seat's beans."""
    lang = table.lang
    lines = result_lines(outcome, table.names(), lang)
    lines.append(t(lang, "result_rate", coefficient=game.room.coefficient))
    return lines + seat_lines(table, applied.balances, applied.bean_changes)
