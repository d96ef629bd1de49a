"""The engine's scoring and storage together: the worked example of R-BEANS and the cap of
R-CAP-LOSER settle as docs/rules.md section 1 says."""

from __future__ import annotations

from collections.abc import Mapping

from ddz_bot.games.doudizhu.engine.scoring import settle
from ddz_bot.games.doudizhu.engine.views import HandOutcome, Role
from ddz_bot.kernel import room_by_key
from ddz_bot.storage import (
    Database,
    HandResult,
    Holdings,
    LedgerChange,
    SettleFunction,
    changes_by_user,
)

from .conftest import hand_record, seat_players

SEATS = [501, 502, 503]  # user ids in seats 0, 1, 2; seat 0 is the landlord


def _compute(outcome: HandOutcome) -> SettleFunction:
    room = room_by_key("intermediate")

    def compute(
        holdings: Mapping[int, Holdings],
    ) -> tuple[list[LedgerChange], list[HandResult]]:
        result = settle(
            outcome, room, [holdings[u].beans for u in SEATS], [holdings[u].points for u in SEATS]
        )
        results = [
            HandResult(
                user,
                (Role.LANDLORD if seat == outcome.landlord else Role.FARMER).value,
                seat in outcome.winners,
                result.points[seat],
            )
            for seat, user in enumerate(SEATS)
        ]
        return changes_by_user(SEATS, result.changes), results

    return compute


async def test_seeds_example_landlord_wins(db: Database) -> None:
    """R-BEANS: N = 1000, X = 6, A = 50: landlord +11950, each farmer -6050."""
    await seat_players(db, *SEATS)
    for user in SEATS:
        await db.adjust_beans(user, 90_000, key="stake")
    outcome = HandOutcome(
        winner_role=Role.LANDLORD, winners=(0,), landlord=0, multiplier=6, stakes={1: 6, 2: 6}
    )
    settled = await db.settle_hand("seed", hand_record(SEATS), _compute(outcome))
    assert settled.balances == {501: 111_950, 502: 93_950, 503: 93_950}
    assert (await db.settle_hand("seed", hand_record(SEATS), _compute(outcome))).applied is False
    assert await db.ledger_mismatches() == {}


async def test_a_poor_farmer_pays_what_they_hold(db: Database) -> None:
    """R-CAP-LOSER, with the balance read inside the settling transaction."""
    await seat_players(db, *SEATS)
    await db.adjust_beans(501, 90_000, key="rich landlord")
    await db.adjust_beans(503, -7_000, key="poor farmer")  # 3,000 left
    outcome = HandOutcome(
        winner_role=Role.LANDLORD, winners=(0,), landlord=0, multiplier=6, stakes={1: 6, 2: 6}
    )
    settled = await db.settle_hand("cap", hand_record(SEATS), _compute(outcome))
    assert settled.balances[503] == 0
    assert sum(settled.balances.values()) < 100_000 + 10_000 + 3_000  # fees left the table
    assert await db.ledger_mismatches() == {}
