"""From a finished 斗地主 hand to beans: its scoring, written by storage in one transaction
(``ddz_bot.tg.settle``), and the result lines the group is told. A seat's role is stored in
the game's words: ``landlord``, else ``farmer`` (also in a hand left before anyone was).

Settling is idempotent (storage keys the settlement by the hand id), so a restart that finds a
finished but unsettled hand simply settles it again: beans move once.
"""

from __future__ import annotations

from typing import Any

from ddz_bot.games.doudizhu.engine import WILDCARD_FACTOR, Game, HandOutcome, Role
from ddz_bot.games.kit.settle import (
    HandSettlement,
    cards_left_lines,
    escaped_line,
    seat_lines,
    settle_game,
)
from ddz_bot.i18n import t
from ddz_bot.storage import Database, LedgerChange, Reason
from ddz_bot.tg.games import HostedGame
from ddz_bot.tg.settle import Applied, Settled
from ddz_bot.tg.table import Table

from .options import GAME_KEY as DOUDIZHU
from .present import multiplier_text

__all__ = ["result_lines", "settle_hand"]


async def settle_hand(db: Database, table: Table, game: HostedGame) -> Settled:
    """Settle the 斗地主 hand in storage; return the result lines for the group.

    The engine's scoring runs inside storage's transaction, on the beans and points the
    players hold at that moment (a /daily claimed a second ago counts, and no balance read
    earlier can make the write fail)."""
    assert isinstance(game, Game)
    outcome = game.outcome()
    assert outcome is not None
    result: dict[str, Any] = {
        "winner_role": outcome.winner_role.value if outcome.winner_role else None,
        "winners": list(outcome.winners),
        "landlord": outcome.landlord,
        "spring": outcome.spring,
        "anti_spring": outcome.anti_spring,
        "multiplier": outcome.multiplier,
        "base": outcome.base,
        "escaped": outcome.escaped,
    }

    def won(seat: int) -> bool:
        return seat != outcome.escaped if outcome.escaped is not None else seat in outcome.winners

    def role(seat: int) -> str:
        return (Role.LANDLORD if seat == outcome.landlord else Role.FARMER).value

    hand = HandSettlement(
        name=DOUDIZHU,
        rules=game.rules.to_dict(),
        result=result,
        log=game.log,
        won=won,
        role=role,
        multipliers=[
            {"reason": i.reason, "factor": i.factor, "seat": i.seat, "detail": i.detail}
            for i in game.multiplier_items()
        ],
    )
    return await settle_game(
        db,
        table,
        game,
        hand,
        lambda applied: result_lines(table, game, outcome, applied),
    )


def _full_claims(outcome: HandOutcome, game: Game) -> dict[int, int]:
    """The beans each seat would move without any cap (R-BEANS, R-LZ-SCORE's x1/4): what a
    line compares with to say it was capped."""
    coefficient = game.room.coefficient
    num, den = WILDCARD_FACTOR if outcome.wildcard else (1, 1)
    claims = {f: stake * coefficient * num // den for f, stake in outcome.stakes.items()}
    if outcome.landlord is not None:
        claims[outcome.landlord] = sum(claims.values())
    return claims


def result_lines(
    table: Table,
    game: Game,
    outcome: HandOutcome,
    applied: Applied,
) -> list[str]:
    lang = table.lang
    lines = []
    if outcome.escaped is not None:
        lines.append(escaped_line(table, outcome.escaped, applied.bean_changes))
    else:
        landlord = "" if outcome.landlord is None else table.seats[outcome.landlord].name
        key = "result_landlord" if outcome.winner_role is Role.LANDLORD else "result_farmers"
        lines.append(t(lang, key, name=landlord))
    if outcome.spring:
        lines.append(t(lang, "result_spring"))
    if outcome.anti_spring:
        lines.append(t(lang, "result_anti_spring"))
    if outcome.escaped is None:
        lines.append(multiplier_text(game, table.names(), lang))
    claims = _full_claims(outcome, game) if outcome.escaped is None else {}

    def capped(seat: int, mine: list[LedgerChange]) -> list[str]:
        moved = abs(sum(c.delta for c in mine if Reason(c.reason) is Reason.SETTLE))
        if seat in claims and moved < claims[seat]:
            return [t(lang, "result_note_capped")]  # R-CAP-LOSER / R-CAP-WINNER
        return []

    lines += seat_lines(table, applied.balances, applied.bean_changes, capped)
    if outcome.escaped is None:
        lines += cards_left_lines(table, game, lambda seat: seat not in outcome.winners)
    return lines
