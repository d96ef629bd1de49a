"""From a finished 跑得快 hand to beans, through the one settlement path storage offers (keyed
by the hand's id, applied once, one ledger line per change), and the result the group reads.

The engine's ``pdk_settle`` runs inside storage's transaction on the beans and points the
players hold then (R-PDK-BEANS, R-PDK-ESCAPE). 跑得快 has no sides: every seat's role is
stored as '' (a player's record counts the game's wins and losses only); whether a seat won is
whether its score rose (a loser's standing bombs may outweigh its cards).
"""

from __future__ import annotations

from typing import Any

from ddz_bot.games.kit.settle import GameSettle, HandSettlement, hand_of, seat_lines
from ddz_bot.i18n import t
from ddz_bot.tg.settle import Applied, won_by_score
from ddz_bot.tg.table import Table

from ..engine import PdkGame, PdkOutcome
from .host import PAODEKUAI
from .text import result_lines

__all__ = ["pdk_result_lines", "settle_pdk_hand"]


def _hand(game: PdkGame, outcome: PdkOutcome) -> HandSettlement:
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
    # no sides, no multipliers: bombs score points of their own (itemised in the result)
    won = won_by_score(outcome.scores, outcome.escaped)
    return hand_of(PAODEKUAI, game.actions, result, won, rules=game.rules.to_dict())


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


#: settles the 跑得快 hand in storage (idempotent) and says the result to the group
settle_pdk_hand = GameSettle(PdkGame, _hand, pdk_result_lines)
