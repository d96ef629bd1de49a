"""``Database``: the one object the rest of the bot talks to for anything stored."""

from __future__ import annotations

from .groups import GroupsMixin
from .queries import QueriesMixin
from .seasons import SeasonsMixin
from .settlement import SettlementMixin
from .tables import TablesMixin
from .tournament_history import TournamentHistoryMixin
from .tournaments import TournamentsMixin

__all__ = ["Database"]


class Database(
    QueriesMixin,
    SettlementMixin,
    TablesMixin,
    GroupsMixin,
    SeasonsMixin,
    TournamentsMixin,
    TournamentHistoryMixin,
):
    """Players, the ledger, settlements, tables in play, hands, groups, rankings, seasons
    and tournaments.

    Use ``db = await Database.open(target)`` ... ``await db.close()``, or
    ``async with Database(target) as db: ...``, where ``target`` is an SQLite file's path or
    a ``postgresql://`` URL. Every write is one transaction (``backend.py``).
    """
