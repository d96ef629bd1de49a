"""From a finished 保皇 hand to beans, through the one settlement path storage offers (keyed by
the hand's id, applied once, one ledger line per change), and the result the group reads.

The engine's ``bh_settle`` runs inside storage's transaction on the beans and points the
players hold then (R-BH-BEANS, R-BH-ESCAPE). Each seat's role is stored in the game's words:
``emperor``, ``guard`` (none in a solo), ``rebel``; whether a seat won is whether its score
was above zero (after an escape: whether it stayed).
"""

from __future__ import annotations

from typing import Any

from ddz_bot.games.baohuang.engine import BaoHuangGame, BaoHuangOutcome, Role, Solo
from ddz_bot.games.kit.settle import (
    GameSettle,
    HandSettlement,
    cards_left_lines,
    escaped_line,
    hand_of,
    seat_lines,
)
from ddz_bot.i18n import t
from ddz_bot.kernel import Termination
from ddz_bot.storage import LedgerChange
from ddz_bot.tg.settle import Applied, won_by_score
from ddz_bot.tg.table import Table

from .host import BAOHUANG

__all__ = ["bh_result_lines", "settle_bh_hand"]


def _winner_side(outcome: BaoHuangOutcome) -> str | None:
    """Which side won (``emperor`` or ``rebels``), ``None`` for a draw or an escape."""
    if outcome.termination is not Termination.WON or outcome.emperor is None:
        return None
    score = outcome.scores[outcome.emperor]
    return None if score == 0 else ("emperor" if score > 0 else "rebels")


def _role(outcome: BaoHuangOutcome, seat: int) -> str:
    """The seat's role as storage keeps it."""
    if seat == outcome.emperor:
        return Role.EMPEROR.value
    return (Role.GUARD if seat == outcome.guard else Role.REBEL).value


def _hand(game: BaoHuangGame, outcome: BaoHuangOutcome) -> HandSettlement:
    result: dict[str, Any] = {
        "game": BAOHUANG,
        "winner_role": _winner_side(outcome),
        "winners": list(outcome.winners),
        "places": list(outcome.places),
        "emperor": outcome.emperor,
        "guard": outcome.guard,
        "solo": None if outcome.solo is None else outcome.solo.value,
        "scores": list(outcome.scores),
        "multiplier": outcome.multiplier,
        "escaped": outcome.escaped,
    }
    return hand_of(
        BAOHUANG,
        game.actions,
        result,
        won_by_score(outcome.scores, outcome.escaped),
        lambda seat: _role(outcome, seat),
        game.rules.to_dict(),
        [{"reason": f.reason.value, "factor": f.factor, "seat": f.seat} for f in outcome.factors],
    )


def bh_result_lines(
    table: Table,
    game: BaoHuangGame,
    outcome: BaoHuangOutcome,
    applied: Applied,
) -> list[str]:
    """The result as the group reads it: who won, the sides, the places, the factors, each
    seat's beans, the cards left."""
    lang, names = table.lang, table.names()
    separator = ", " if lang == "en" else "、"
    lines = []
    if outcome.escaped is not None:
        lines.append(escaped_line(table, outcome.escaped, applied.bean_changes))
    else:
        side = _winner_side(outcome)
        solo = outcome.solo is not None
        key = "bh_result_draw" if side is None else f"bh_result_{'solo_' if solo else ''}{side}"
        emperor = "" if outcome.emperor is None else names[outcome.emperor]
        lines.append(t(lang, key, name=emperor))
        sides = [t(lang, "bh_cap_emperor", name=emperor)]
        if outcome.guard is not None:
            sides.append(t(lang, "bh_cap_guard", name=names[outcome.guard]))
        elif outcome.solo is Solo.HIDDEN:
            sides.append(t(lang, "bh_cap_hidden_solo"))
        elif outcome.solo is Solo.OPEN:
            sides.append(t(lang, "bh_cap_open_solo"))
        lines.append(" · ".join(sides))
        places = [
            f"{names[seat]} {t(lang, f'bh_place_{n}')}"
            for n, seat in enumerate(outcome.places, start=1)
        ]
        lines.append(t(lang, "bh_result_places", places=separator.join(places)))
        if outcome.multiplier > 1:
            why = separator.join(t(lang, f"bh_factor_{f.reason.value}") for f in outcome.factors)
            lines.append(t(lang, "bh_result_mult", multiplier=outcome.multiplier, reasons=why))
        lines.append(t(lang, "result_rate", coefficient=game.room.coefficient))

    def score(seat: int, mine: list[LedgerChange]) -> list[str]:
        if outcome.escaped is not None:
            return []
        return [t(lang, "panel_score", score=outcome.scores[seat])]

    lines += seat_lines(table, applied.balances, applied.bean_changes, score)
    if outcome.escaped is None:
        lines += cards_left_lines(table, game, lambda seat: True)
    return lines


#: settles the 保皇 hand in storage (idempotent) and says the result to the group
settle_bh_hand = GameSettle(BaoHuangGame, _hand, bh_result_lines)
