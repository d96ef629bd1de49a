"""A person's finished 比赛 (tournaments), for their ``/balance`` card: each one's record, its
entrants with their points, hands and wins (the standings are summed from these, as in play)
and the prize the person was paid. Read from what the tournaments stored; nothing is written.
"""

from __future__ import annotations

from dataclasses import dataclass

from .core import StoreCore
from .models import Reason
from .tournaments import _READ, Entrant, Tournament, TournamentScore, TournamentState, _tournament

__all__ = ["PastTournament", "TournamentHistoryMixin"]

#: at most this many of a person's latest finished tournaments are read for their card
HISTORY_LIMIT = 100


@dataclass(frozen=True, slots=True)
class PastTournament:
    """A finished tournament one person entered: everything their card needs of it."""

    tournament: Tournament
    entrants: list[Entrant]
    scores: list[TournamentScore]
    #: beans the person was paid as its prize (0: none)
    prize: int


class TournamentHistoryMixin(StoreCore):
    async def finished_tournaments_of(
        self, user_id: int, limit: int = HISTORY_LIMIT
    ) -> list[PastTournament]:
        """The finished tournaments ``user_id`` entered, newest first (at most ``limit``)."""
        entered = await self._fetchall(
            f"SELECT {', '.join('t.' + c.strip() for c in _READ.split(','))}"
            " FROM tournaments t JOIN tournament_entrants e"
            " ON e.tournament_id = t.tournament_id"
            " WHERE e.user_id = ? AND t.state = ? ORDER BY t.tournament_id DESC LIMIT ?",
            (user_id, TournamentState.FINISHED.value, max(1, int(limit))),
        )
        found = [_tournament(row) for row in entered]
        if not found:
            return []
        ids = [t.id for t in found]
        marks = ", ".join("?" for _ in ids)
        rows = await self._fetchall(
            "SELECT e.tournament_id, e.user_id, e.name, e.entry_order,"
            " COALESCE(SUM(s.points), 0) AS points, COUNT(s.user_id) AS hands,"
            " COALESCE(SUM(s.won), 0) AS wins"
            " FROM tournament_entrants e LEFT JOIN tournament_scores s"
            " ON s.tournament_id = e.tournament_id AND s.user_id = e.user_id"
            f" WHERE e.tournament_id IN ({marks})"
            " GROUP BY e.tournament_id, e.user_id, e.name, e.entry_order",
            tuple(ids),
        )
        entrants: dict[int, list[Entrant]] = {i: [] for i in ids}
        scores: dict[int, list[TournamentScore]] = {i: [] for i in ids}
        for r in rows:
            tid, user = int(r["tournament_id"]), int(r["user_id"])
            entrants[tid].append(Entrant(user, r["name"], int(r["entry_order"])))
            scores[tid].append(
                TournamentScore(user, int(r["points"]), int(r["hands"]), int(r["wins"]))
            )
        paid = await self._fetchall(  # the prize rows, keyed by the tournament
            "SELECT op_key, delta FROM ledger WHERE user_id = ? AND reason = ?"
            " AND op_key LIKE 'tour:%:prize'",
            (user_id, Reason.ADMIN.value),
        )
        prizes = {key: 0 for key in ids}
        for row in paid:
            number = str(row["op_key"]).split(":")[1]
            if number.isdigit() and int(number) in prizes:
                prizes[int(number)] += int(row["delta"])
        return [
            PastTournament(
                t,
                sorted(entrants[t.id], key=lambda e: e.order),
                scores[t.id],
                prizes[t.id],
            )
            for t in found
        ]
