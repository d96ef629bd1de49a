"""A finished hand's settlement as every game writes it: the record storage keeps, the one
settlement path (``tg.settle.settle_in_storage``), and the words around it (who escaped and
what it cost, a line a seat with its beans, balance and notes). A game says what its hand was
(``HandSettlement``) and its own lines; the rest is here."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from ddz_bot.i18n import t
from ddz_bot.kernel import Action, Settlement
from ddz_bot.storage import Database, LedgerChange, Reason
from ddz_bot.tg.cardwords import grouped_cards_text
from ddz_bot.tg.games import HostedGame
from ddz_bot.tg.settle import Applied, Settled, hand_record, settle_in_storage
from ddz_bot.tg.table import Table

__all__ = [
    "GameSettle",
    "HandSettlement",
    "SeatNotes",
    "cards_left_lines",
    "escaped_line",
    "hand_of",
    "no_sides",
    "seat_lines",
    "settle_game",
]

#: a game's notes on one seat's result line: (the seat, its ledger rows) -> the notes
SeatNotes = Callable[[int, list[LedgerChange]], list[str]]


@dataclass(frozen=True, slots=True)
class HandSettlement:
    """What a game says of its finished hand: its name and ``rules`` as stored, its
    ``result`` (JSON; its ``log`` of actions and the hand's start close it, what /replay
    rebuilds the hand from), whether a seat won, a seat's role in the game's words (''
    without sides), the itemised multipliers. The beans are the game's ``settlement`` on
    those held inside storage's transaction."""

    name: str
    rules: Mapping[str, Any]
    result: dict[str, Any]
    log: list[dict[str, Any]]
    won: Callable[[int], bool]
    role: Callable[[int], str]
    multipliers: Sequence[Mapping[str, Any]] = ()


def no_sides(seat: int) -> str:
    """The role of every seat of a game without sides."""
    return ""


def hand_of(
    name: str,
    actions: Iterable[Action],
    result: dict[str, Any],
    won: Callable[[int], bool],
    role: Callable[[int], str] = no_sides,
    rules: Mapping[str, Any] | None = None,
    multipliers: Sequence[Mapping[str, Any]] = (),
) -> HandSettlement:
    """The ``HandSettlement`` of a game that stores its rules under its ``name`` (with the
    record of its ``rules``) and its log as its ``actions``."""
    return HandSettlement(
        name=name,
        rules={"game": name, **(rules or {})},
        result=result,
        log=[action.to_dict() for action in actions],
        won=won,
        role=role,
        multipliers=multipliers,
    )


async def settle_game(
    db: Database,
    table: Table,
    game: HostedGame,
    hand: HandSettlement,
    lines: Callable[[Applied], list[str]],
) -> Settled:
    """Settle ``hand`` in storage (keyed by the hand: idempotent) and say it with the game's
    ``lines`` of what was applied."""
    result = {**hand.result, "log": hand.log, "start": game.start_dict()}
    record = hand_record(
        table, game, name=hand.name, rules=hand.rules, result=result, multipliers=hand.multipliers
    )

    def scored(beans: list[int], points: list[int]) -> Settlement:
        settlement = game.settlement(points, beans)
        assert settlement is not None  # the hand is over
        return settlement

    users = [seat.user_id for seat in table.seats]
    applied = await settle_in_storage(db, table, users, record, scored, hand.won, role=hand.role)
    return Settled(lines(applied), applied.pictures)


GameT = TypeVar("GameT", bound=HostedGame)


@dataclass(frozen=True, slots=True)
class GameSettle(Generic[GameT]):
    """A game's ``SettleHand`` (``GameModule.settle``): its finished hand (an ``engine``
    hand) said as ``hand`` of the game and its outcome, settled once in storage, the group's
    result its ``lines`` of what was applied."""

    engine: type[GameT]
    hand: Callable[[GameT, Any], HandSettlement]
    lines: Callable[[Table, GameT, Any, Applied], list[str]]

    async def __call__(self, db: Database, table: Table, game: HostedGame) -> Settled:
        assert isinstance(game, self.engine)
        outcome = game.outcome()
        assert outcome is not None  # the hand is over
        return await settle_game(
            db,
            table,
            game,
            self.hand(game, outcome),
            lambda applied: self.lines(table, game, outcome, applied),
        )


def escaped_line(table: Table, seat: int, changes: list[LedgerChange]) -> str:
    """Who left the hand and the beans it cost them."""
    runner = table.seats[seat]
    paid = -sum(c.delta for c in changes if c.user_id == runner.user_id)
    return t(table.lang, "escaped", name=runner.name, beans=paid)


def _no_notes(seat: int, mine: list[LedgerChange]) -> list[str]:
    return []


def seat_lines(
    table: Table,
    balances: Mapping[int, int],
    changes: list[LedgerChange],
    notes: SeatNotes = _no_notes,
) -> list[str]:
    """A line a seat: its name, the beans the hand moved, its balance, the game's ``notes``
    and the fee it paid."""
    lang = table.lang
    lines = []
    for index, seat in enumerate(table.seats):
        mine = [c for c in changes if c.user_id == seat.user_id]
        line = t(
            lang,
            "result_line",
            name=seat.name,
            delta=sum(c.delta for c in mine),
            balance=balances.get(seat.user_id, 0),
        )
        said = notes(index, mine)
        fee = -sum(c.delta for c in mine if Reason(c.reason) is Reason.FEE)
        if fee:
            said.append(t(lang, "result_note_fee", fee=fee))
        lines.append(" · ".join([line, *said]))
    return lines


def cards_left_lines(table: Table, game: HostedGame, shown: Callable[[int], bool]) -> list[str]:
    """The cards each seat still held when the hand ended (the seats ``shown``), grouped."""
    lang = table.lang
    return [
        t(lang, "result_cards_left", name=seat.name, cards=grouped_cards_text(rest, lang))
        for index, seat in enumerate(table.seats)
        if (rest := game.hand(index)) and shown(index)
    ]
