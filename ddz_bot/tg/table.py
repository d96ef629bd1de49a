"""A table in a group: its seats, its hand, its clock, as a saveable value.

A ``Table`` holds what is saved and nothing else (everything a restart needs is in
``to_dict()``, stored with each accepted action). The lock is the registry's; what only
matters while a player taps (their selection, the hint cursor) is the presenter's panel state.
A change works on a ``draft()``; once the draft is saved, ``adopt`` makes it the current one.
"""

from __future__ import annotations

import dataclasses
import secrets
import time
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from ddz_bot.ai import SEAT_LEVEL, LevelName
from ddz_bot.kernel import Card, TimeLimit
from ddz_bot.render import ResultLine

from .games import HostedGame, HostOf
from .phases import TablePhase, next_phase
from .timers import TimerKind

__all__ = ["AI_BASE_ID", "FINISHED", "LOBBY", "PLAYING", "Seat", "Table", "TablePhase"]

LOBBY = TablePhase.LOBBY
PLAYING = TablePhase.PLAYING
FINISHED = TablePhase.FINISHED
#: AI seats are players with these (negative) user ids: AI 1, AI 2, ...
AI_BASE_ID = -1_000_000


@dataclass(slots=True)
class Seat:
    user_id: int
    name: str
    is_ai: bool = False
    lang: str = "zh-Hans"
    show_start: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {
            "user_id": self.user_id,
            "name": self.name,
            "is_ai": self.is_ai,
            "lang": self.lang,
            "show_start": self.show_start,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Seat:
        return cls(
            int(data["user_id"]),
            str(data["name"]),
            bool(data["is_ai"]),
            str(data.get("lang", "zh-Hans")),
            bool(data.get("show_start", False)),
        )


@dataclass(slots=True)
class Table:
    """One table of one group (see the module docstring)."""

    id: int
    chat_id: int
    title: str
    lang: str
    rules: str = "classic"
    room: str = "beginner"
    bid_seconds: float = 15.0
    double_seconds: float = 10.0
    play_seconds: float = 30.0
    tracker: bool = True  # the card tracker (记牌器) in the players' panels
    #: how strongly the AI seats and 托管 play: the group's level when the table opened
    ai_level: LevelName = SEAT_LEVEL
    phase: TablePhase = TablePhase.LOBBY
    seats: list[Seat] = field(default_factory=list)
    #: how many seats the table's game has (its host says, when the lobby opens: 3 for the
    #: default rules)
    seat_count: int = 3
    game: HostedGame | None = None
    hand_no: int = 0
    version: int = 0
    hand_version: int = 0  # the version when the current hand was dealt
    #: drawn at random for each dealt hand: a hand's id never repeats, even if a table id
    #: does (the ids come from the clock, which may step back across a restart)
    hand_token: str = ""
    deadline: float | None = None
    timer_kind: TimerKind | None = None
    narration: str = ""  # the last thing that happened, in the group's language
    created_at: float = field(default_factory=time.time)
    lobby_message_id: int | None = None
    #: people whose private chat refuses our messages (the group was told once)
    unreachable: set[int] = field(default_factory=set)
    #: a finished table: people who pressed its Leave (their seat stays: the hand's result
    #: keeps naming the right people; its Again and the next lobby's invitation skip them)
    left: set[int] = field(default_factory=set)
    #: a lobby opened by Again: the finished table it follows (its result's Again leads here)
    again_of: int | None = None
    #: a lobby opened by Again: the people of the finished table asked to sit down again
    #: (user id -> name), until they press Again or Join, or Leave on the old result
    invited: dict[int, str] = field(default_factory=dict)
    #: a lobby opened by Again: the person who deals first, if the game says who (保皇: the
    #: finished hand's emperor, R-BH-DEAL); ``None``: the game draws a seat
    dealer_user: int | None = None
    #: what the settlement of the hand moved, one line a seat (the final panels say it):
    #: saved with the finished table, so a restart or a reload shows the same
    settled: tuple[ResultLine, ...] = ()
    #: a tournament's hand: ``<tournament>:<round>:<board>:<hand>`` (``tournament.py``); its
    #: group sees the tournament's standings, not this table's messages; '' for any other
    event: str = ""

    @property
    def players(self) -> int:
        """How many seats the table's game has (the game's own count once dealt)."""
        return self.game.players if self.game is not None else self.seat_count

    @property
    def hand_id(self) -> str:
        """The key of the hand's log and settlement (tables saved before hands had a token
        keep their old ids)."""
        base = f"{self.id}-{self.hand_no}"
        return f"{base}-{self.hand_token}" if self.hand_token else base

    def new_hand_token(self) -> str:
        self.hand_token = secrets.token_hex(4)
        return self.hand_token

    @property
    def full(self) -> bool:
        return len(self.seats) >= self.players

    def seat_of(self, user_id: int) -> int | None:
        for index, seat in enumerate(self.seats):
            if seat.user_id == user_id and not seat.is_ai:
                return index
        return None

    def humans(self) -> list[tuple[int, Seat]]:
        return [(i, s) for i, s in enumerate(self.seats) if not s.is_ai]

    def has_people(self) -> bool:
        return any(not s.is_ai for s in self.seats)

    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    def in_hand(self) -> bool:
        return self.phase == PLAYING and self.game is not None and not self.game.over

    def acting_phase(self) -> StrEnum | None:
        """The hand's own phase (the game's closed set), None before a deal."""
        return None if self.game is None else self.game.phase

    def owes_settlement(self) -> bool:
        """The hand is over (its last move saved) but its beans are not settled yet."""
        return self.phase == PLAYING and self.game is not None and self.game.over

    def seconds_for(self, limit: TimeLimit) -> float:
        """The group's seconds for a decision on the clock ``limit``."""
        if limit is TimeLimit.DOUBLE:
            return self.double_seconds
        if limit is TimeLimit.PLAY:
            return self.play_seconds
        return self.bid_seconds

    def people_waiting(self) -> frozenset[int]:
        """Seats of people (not AI seats, not on 托管) whose decision the hand waits for."""
        waiting = None if self.game is None else self.game.waiting_for()
        if waiting is None or self.game is None:
            return frozenset()
        return frozenset(
            seat
            for seat in waiting.seats
            if not self.seats[seat].is_ai and not self.game.auto[seat]
        )

    def move_to(self, phase: TablePhase) -> None:
        """Go to ``phase``; a move ``phases.TRANSITIONS`` does not list is refused."""
        self.phase = next_phase(self.phase, phase)

    def bump(self) -> int:
        self.version += 1
        return self.version

    # ---- a change: a draft, then adopted once saved ------------------------------------------
    def draft(self) -> Table:
        """A copy to change: nothing of it is shared with this table (the hand is cloned:
        a direct copy of its state, no read of its stored form)."""
        return dataclasses.replace(
            self,
            seats=[dataclasses.replace(seat) for seat in self.seats],
            game=None if self.game is None else self.game.clone(),
            unreachable=set(self.unreachable),
            left=set(self.left),
            invited=dict(self.invited),
        )

    def adopt(self, committed: Table) -> None:
        """Become ``committed`` (a saved draft of this table; the registry calls it under the
        table's lock). The table object stays the one everyone holds; its hand becomes the
        committed hand object: a published hand is never changed (a change works on a
        clone), so whoever read ``game`` before holds a whole saved state, never a
        half-applied one."""
        for item in dataclasses.fields(self):
            setattr(self, item.name, getattr(committed, item.name))

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": 1,
            "id": self.id,
            "chat_id": self.chat_id,
            "title": self.title,
            "lang": self.lang,
            "rules": self.rules,
            "room": self.room,
            "bid_seconds": self.bid_seconds,
            "double_seconds": self.double_seconds,
            "play_seconds": self.play_seconds,
            "tracker": self.tracker,
            "ai_level": str(self.ai_level),
            "phase": str(self.phase),
            "seats": [s.to_dict() for s in self.seats],
            "seat_count": self.seat_count,
            "hand_no": self.hand_no,
            "version": self.version,
            "hand_version": self.hand_version,
            "deadline": self.deadline,
            "timer_kind": None if self.timer_kind is None else str(self.timer_kind),
            "narration": self.narration,
            "created_at": self.created_at,
            "lobby_message_id": self.lobby_message_id,
            "hand_token": self.hand_token,
            "unreachable": sorted(self.unreachable),
            "left": sorted(self.left),
            "again_of": self.again_of,
            "invited": [[user, name] for user, name in self.invited.items()],
            "dealer_user": self.dealer_user,
            "settled": [_line_to_dict(line) for line in self.settled],
            "event": self.event,
            "game": None if self.game is None else self.game.to_dict(),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any], host_of: HostOf) -> Table:
        """The table ``to_dict`` saved, its hand loaded by its game's host (``host_of``:
        ``ddz_bot.tg.hosts.host_for``; an unknown game raises ``UnknownGame``)."""
        if data.get("format") != 1:
            raise ValueError(f"unknown table format {data.get('format')!r}")
        game = data.get("game")
        rules = str(data["rules"])
        host = host_of(rules)
        timer_kind = data.get("timer_kind")
        return cls(
            id=int(data["id"]),
            chat_id=int(data["chat_id"]),
            title=str(data["title"]),
            lang=str(data["lang"]),
            rules=rules,
            room=str(data["room"]),
            bid_seconds=float(data["bid_seconds"]),
            double_seconds=float(data["double_seconds"]),
            play_seconds=float(data["play_seconds"]),
            tracker=bool(data.get("tracker", True)),
            # saved before tables carried a level: their AI played hard, as every table did
            ai_level=LevelName(data.get("ai_level", LevelName.HARD)),
            phase=TablePhase(data["phase"]),
            seats=[Seat.from_dict(s) for s in data["seats"]],
            hand_no=int(data["hand_no"]),
            version=int(data["version"]),
            hand_version=int(data["hand_version"]),
            deadline=data.get("deadline"),
            timer_kind=None if timer_kind is None else TimerKind(timer_kind),
            narration=str(data.get("narration", "")),
            created_at=float(data.get("created_at", time.time())),
            lobby_message_id=data.get("lobby_message_id"),
            hand_token=str(data.get("hand_token", "")),
            unreachable={int(user) for user in data.get("unreachable", ())},
            left={int(user) for user in data.get("left", ())},
            again_of=None if data.get("again_of") is None else int(data["again_of"]),
            invited={int(user): str(name) for user, name in data.get("invited", ())},
            dealer_user=None if data.get("dealer_user") is None else int(data["dealer_user"]),
            settled=tuple(_line_from_dict(line) for line in data.get("settled", ())),
            event=str(data.get("event", "")),
            # saved before tables kept their count: the host says it
            seat_count=int(data.get("seat_count") or host.seats(rules)),
            game=None if game is None else host.load(game),
        )


def _line_to_dict(line: ResultLine) -> dict[str, Any]:
    cards = None if line.cards_left is None else [int(card) for card in line.cards_left]
    return {
        "seat": line.seat,
        "name": line.name,
        "beans_delta": line.beans_delta,
        "points_delta": line.points_delta,
        "beans_after": line.beans_after,
        "cards_left": cards,
    }


def _line_from_dict(data: dict[str, Any]) -> ResultLine:
    cards = data.get("cards_left")
    return ResultLine(
        int(data["seat"]),
        str(data["name"]),
        int(data["beans_delta"]),
        int(data["points_delta"]),
        int(data["beans_after"]),
        None if cards is None else tuple(Card(int(card)) for card in cards),
    )
