"""What the live table's page shows of a 比赛: during a hand, which tournament, round, board and
hand the table plays; between hands (the hand counted, its table closed), the standings as
stored after it, and the way on to the next table.

Every hand of a tournament is a table of its own, so a page watching one sees it end and let
go; ``after`` gives that page the standings the hand left (names and points, never a card:
a spectator gets the same), ``successor`` the table it goes on to once that is dealt (the
person's own next table, or for a spectator the same board's next hand), and ``followed`` tells
the live hub, when a tournament's table is first published, which closed tables' pages learn
of it. Kept in memory only: a page open across a restart reconnects and is told afresh.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from ddz_bot.games import GAMES

from ..render.tournament_board import TournamentBoard, TournamentRow
from ..storage import Tournament
from .table import Table
from .tournament_plan import Standing

__all__ = ["TournamentPages", "board_of", "final_board"]


def board_of(table: Table) -> tuple[int, int, int, int] | None:
    """(tournament, round, board, hand) of a tournament's table (``Table.event``)."""
    parts = table.event.split(":") if table.event else []
    if len(parts) != 4 or not all(p.isdigit() for p in parts):
        return None
    tid, round_no, board, hand = (int(p) for p in parts)
    return tid, round_no, board, hand


def final_board(
    found: Tournament, final: Sequence[Standing], paid: Sequence[tuple[int, int]]
) -> TournamentBoard:
    """The tournament's final standings picture's content: every entrant, their prize."""
    prize = dict(paid)
    rows = tuple(
        TournamentRow(s.place, s.name, s.points, s.hands, s.wins, prize.get(s.user_id, 0))
        for s in final
    )
    game = GAMES.for_rules(found.rules).name
    pool = found.fee * len(final)
    return TournamentBoard(found.id, game, found.rounds, found.hands, pool, True, rows)


class TournamentPages:
    """The tournaments' part of the live page (see the module docstring)."""

    def __init__(self) -> None:
        #: each counted hand's closed table: its (tournament, round, board, hand)
        self._past: dict[int, tuple[int, int, int, int]] = {}
        #: each tournament's closed tables, in the order they were counted
        self._closed: dict[int, list[int]] = {}
        #: each tournament's standings as the page shows them, after its last counted hand
        self._standings: dict[int, dict[str, Any]] = {}
        #: who sat at each closed table (people only)
        self._seated: dict[int, set[int]] = {}
        #: each board's last closed table (told again when the tournament ends)
        self._last: dict[tuple[int, int], Table] = {}
        #: told of a closed table whose pages must learn it (the live hub: ``LiveDoor``)
        self.observers: list[Callable[[Table], None]] = []
        #: each tournament's rounds and hands a round
        self._terms: dict[int, tuple[int, int]] = {}
        #: the tournament tables the hub was told of already
        self._announced: set[int] = set()

    def dealt(self, found: Tournament) -> None:
        """A hand of ``found`` is dealt: its rounds and hands a round, for the page's head."""
        self._terms[found.id] = (found.rounds, found.hands)

    def header(self, table: Table) -> dict[str, Any] | None:
        """The frame's ``tour`` block of a tournament's table in play: which tournament,
        round (of how many), board and hand (of how many a round)."""
        board = board_of(table)
        if board is None:
            return None
        tid, round_no, number, hand = board
        head: dict[str, Any] = {"id": tid, "round": round_no, "board": number, "hand": hand}
        terms = self._terms.get(tid)
        if terms is not None:
            head |= {"rounds": terms[0], "hands": terms[1]}
        return head

    def counted(self, table: Table, found: Tournament, final: Sequence[Standing]) -> None:
        """The hand of ``table`` was counted, its table about to close: the standings after it."""
        board = board_of(table)
        if board is None:
            return
        self._past[table.id] = board
        self._seated[table.id] = {seat.user_id for seat in table.seats if not seat.is_ai}
        self._last[board[0], board[2]] = table
        self._closed.setdefault(board[0], []).append(table.id)
        self._standings[board[0]] = {
            "id": found.id,
            "round": found.round,
            "rounds": found.rounds,
            "hands": found.hands,
            "over": False,
            "rows": [
                {
                    "place": s.place,
                    "name": s.name,
                    "points": s.points,
                    "hands": s.hands,
                    "wins": s.wins,
                }
                for s in final
            ],
        }

    def finished(self, found: Tournament) -> None:
        """The tournament ended: its standings say so, to the pages of each board's last
        table (a page of an earlier one was sent on)."""
        shown = self._standings.get(found.id)
        if shown is not None:
            shown["over"] = True
        for key in [key for key in self._last if key[0] == found.id]:
            self.tell(self._last.pop(key))

    def after(self, table_id: int) -> dict[str, Any] | None:
        """The standings a closed tournament table's page shows (None: not one)."""
        board = self._past.get(table_id)
        return None if board is None else self._standings.get(board[0])

    def successor(
        self, table_id: int, user_id: int | None, tables: Iterable[Table]
    ) -> Table | None:
        """Where the page of the closed ``table_id`` goes on: the person's own table of the
        tournament in play, else (a spectator, or a person out of this round's boards) the
        same board's next hand."""
        board = self._past.get(table_id)
        if board is None:
            return None
        tid, round_no, number, hand = board
        own: Table | None = None
        same: Table | None = None
        for table in tables:
            other = board_of(table)
            later = other is not None and (other[1], other[3]) > (round_no, hand)
            if other is None or other[0] != tid or not later or not table.in_hand():
                continue
            if user_id is not None and table.seat_of(user_id) is not None:
                own = table
            elif other[2] == number:  # one hand of a board in play at a time
                same = table
        return own or same

    def followed(self, table: Table) -> list[int]:
        """The closed tables whose pages learn of ``table`` now: a counted hand's own (it is
        gone, the standings it left), or, when a tournament's table is first published, those
        it follows on from (the same board, or a person seated at both), once it is dealt."""
        if table.id in self._past:
            return [table.id]
        if table.id in self._announced or not table.in_hand():
            return []  # told already, or not dealt yet (the pages go on to a hand in play)
        board = board_of(table)
        if board is None:
            return []
        self._announced.add(table.id)
        people = {seat.user_id for seat in table.seats if not seat.is_ai}
        return [
            closed
            for closed in self._closed.get(board[0], ())
            if self._past[closed][2] == board[2] or people & self._seated.get(closed, set())
        ]

    def tell(self, table: Table) -> None:
        """Tell the observers (the live hub) of the closed ``table``: its pages learn it is
        gone, with the standings as they are now."""
        for observer in self.observers:
            observer(table)
