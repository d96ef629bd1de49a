"""A table's state frames, written once a version and shared by all its pages.

Every page of a table gets the same frame but for its seat's own part: the table block, the
page's description, the public view, whose turn, the settlement. Those are written as JSON
text once a version (``TableFrames.head``; the hand's ``public_view()`` made and written once,
with its summary, for the seats and the spectators alike); a seat's own part (its view on that
public view, its hand and secret role in the summary, its decision) once a seat; a
spectator's once a language. A frame is then a few strings joined, so a move costs the same
whether three pages or thirty watch.

What a frame holds is what it held before: a seat gets ``view_for(seat)`` (made on the shared
public view: ``GamePageParts.seat_view``), a spectator ``public_view()`` and nothing else.
"""

from __future__ import annotations

import dataclasses
import json
import time
from typing import Any

from ..games.module import GamePage
from ..kernel import Action, DecisionKind, Room, Settlement, Waiting
from ..tg import clock
from ..tg.phases import TablePhase
from ..tg.table import Table
from . import adapter
from .jsonview import to_json

__all__ = ["TableFrames", "dumps", "stated_terms"]

#: one encoder for every frame (``json.dumps`` with options makes a new one each call)
_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), check_circular=False)
#: each game page's description as JSON text (a game has one or two, made at import)
_PAGE_TEXTS: dict[int, tuple[GamePage, str]] = {}
#: the members of each kind of seat view but its public part
_PRIVATE: dict[type, tuple[str, ...]] = {}


def dumps(data: Any) -> str:
    """JSON text as the pages read it: compact, names kept readable."""
    return _ENCODER.encode(data)


def _page_text(page: GamePage) -> str:
    found = _PAGE_TEXTS.get(id(page))
    if found is None or found[0] is not page:
        found = _PAGE_TEXTS[id(page)] = (page, dumps(page.to_json()))
    return found[1]


def _private(kind: type) -> tuple[str, ...]:
    found = _PRIVATE.get(kind)
    if found is None:
        names = (item.name for item in dataclasses.fields(kind) if item.name != "public")
        found = _PRIVATE[kind] = tuple(names)
    return found


class TableFrames:
    """The frames of one table as it is now (made again once the table is published)."""

    __slots__ = (
        "_at",
        "_public",
        "_public_text",
        "_seats",
        "_spectators",
        "_sum",
        "_sum_rest",
        "_sum_text",
        "head",
        "table",
        "waiting",
    )

    def __init__(
        self,
        table: Table,
        moved_at: float | None,
        successor: str | None,
        *,
        tour: dict[str, Any] | None = None,
    ) -> None:
        self.table = table
        game = table.game
        head: dict[str, Any] = {
            "t": "state",
            "v": table.version,
            "table": {
                "title": table.title,
                "phase": str(table.phase),
                "hand": table.hand_no,
                "tracker": table.tracker,
                "seats": [{"name": s.name, "ai": s.is_ai} for s in table.seats],
            },
        }
        #: when the table reached this version (unknown, not published while watched: the
        #: moment each frame goes, as a page that opens now learns it now)
        self._at = "" if moved_at is None else f',"at":{round(moved_at, 3)}'
        if successor is not None:
            head["next"] = successor
        if tour is not None:  # a tournament's table: which tournament, round, board, hand
            head["tour"] = tour
        #: the hand's public view and its text, made once a frame needs them
        self._public: Any = None
        self._public_text = "null"
        #: the public view's summary, its text, and its text but a seat's own keys (by
        #: those keys; the closing brace off)
        self._sum: dict[str, Any] = {}
        self._sum_text = "null"
        self._sum_rest: dict[tuple[str, ...], str] = {}
        #: who the hand waits for now (asked once a version)
        self.waiting: Waiting | None = None
        #: after the page's description: whose turn, the settlement
        rest: dict[str, Any] = {}
        if game is not None:
            waiting = self.waiting = None if game.over else game.waiting_for()
            if waiting is not None:
                rest["waiting"] = {"seats": list(waiting.seats), "kind": str(waiting.kind)}
            settlement = game.settlement() if game.over else None
            if settlement is not None:
                rest["settlement"] = {
                    "deltas": list(settlement.deltas),
                    "points": list(settlement.points),
                    "scores": list(settlement.scores),
                    "fees": settlement.fees,
                }
                rest["settlement"] |= stated_terms(settlement, game.room)
        text = dumps(head)[1:-1]
        if game is not None:  # the page's description written once a game page
            text += ',"page":' + _page_text(adapter.page_of(game))
        if rest:
            text += "," + dumps(rest)[1:-1]
        self.head = text
        self._seats: dict[int, str] = {}
        self._spectators: dict[str, str] = {}

    def text(self, seat: int | None, lang: str, opened: float | None = None) -> str:
        """The frame ``seat`` gets (``None``: a spectator reading ``lang``); ``opened``: the
        page opened then, after the table reached this version (the frame's moment)."""
        if seat is None:
            own = self._spectators.get(lang)
            if own is None:
                own = self._spectators[lang] = self._spectator(lang)
        else:
            own = self._seats.get(seat)
            if own is None:
                own = self._seats[seat] = self._seat(seat)
        deadline = self.table.deadline
        left = "" if deadline is None else f',"left":{round(max(0.0, deadline - clock.now()), 1)}'
        if opened is not None:
            at = f',"at":{round(opened, 3)}'
        else:
            at = self._at or f',"at":{round(time.time(), 3)}'
        return "{" + self.head + own + at + left + "}"

    def _public_view(self) -> Any:
        """The hand's public view, made and written once a version (with its summary)."""
        public = self._public
        if public is None:
            game = self.table.game
            assert game is not None
            public = self._public = game.public_view()
            self._public_text = dumps(to_json(public))
            self._sum = adapter.summary(game, public)
            self._sum_text = dumps(self._sum)
        return public

    def _summary(self, own: dict[str, Any]) -> str:
        """The summary: the public view's, a seat's ``own`` keys taking their values."""
        if not own:
            return self._sum_text
        keys = tuple(own)
        rest = self._sum_rest.get(keys)
        if rest is None:  # the public view's summary but those keys, its closing brace off
            rest = dumps({k: v for k, v in self._sum.items() if k not in own})[:-1]
            rest = self._sum_rest[keys] = rest if rest == "{" else rest + ","
        return rest + dumps(own)[1:]

    def _spectator(self, lang: str) -> str:
        own = "," + dumps({"seat": None, "lang": lang})[1:-1]
        if self.table.game is None:
            return own
        self._public_view()
        return own + f',"view":{self._public_text},"sum":{self._sum_text}'

    def _seat(self, seat: int) -> str:
        table = self.table
        lang = table.seats[seat].lang
        meta: dict[str, Any] = {"seat": seat, "lang": lang}
        game = table.game
        if game is None:
            return "," + dumps(meta)[1:-1]
        view = adapter.seat_view(game, seat, self._public_view())
        summary = self._summary(adapter.seat_summary(game, view))
        if not game.over and table.phase == TablePhase.PLAYING:
            meta["decide"] = _decision(game, self.waiting, view, seat, lang)
        return "," + dumps(meta)[1:-1] + f',"view":{self._view_text(view)},"sum":{summary}'

    def _view_text(self, view: Any) -> str:
        """A seat's view as JSON text: its public part the public view's text, written once."""
        if getattr(view, "public", None) is not self._public or not dataclasses.is_dataclass(view):
            return dumps(to_json(view))
        private = {name: to_json(getattr(view, name)) for name in _private(type(view))}
        if not private:
            return '{"public":' + self._public_text + "}"
        return '{"public":' + self._public_text + "," + dumps(private)[1:]


def _decision(
    game: Any, waiting: Waiting | None, view: Any, seat: int, lang: str
) -> dict[str, Any] | None:
    """What the seat may decide now (the hand waits for ``waiting``), for its page: a play
    (and whether Pass is offered), or the legal decisions with their labels."""
    if waiting is not None and seat in waiting and waiting.kind is DecisionKind.PLAY:
        return {"kind": "play", "pass": adapter.may_pass(game, view, seat)}
    legal: list[Action] = game.legal_actions(seat)
    if not legal:
        return None
    return {
        "kind": str(waiting.kind) if waiting is not None else "show",
        "actions": [
            {"label": adapter.label(game, action, lang), "action": action.to_dict()}
            for action in legal
        ],
    }


def stated_terms(settlement: Settlement, room: Room) -> dict[str, int]:
    """The room's rate and fee, for the result to say how points became beans, where every
    seat's change is plainly its score at that rate less the fee; nothing where it is not (an
    escape, a fee cut short, a cap, a 癞子 table's factor): a line that did not add up would
    mislead more than no line."""
    plain = any(settlement.deltas) and all(
        abs(delta + room.fee) == abs(score) * room.coefficient
        for delta, score in zip(settlement.deltas, settlement.scores, strict=True)
    )
    return {"rate": room.coefficient, "fee": room.fee} if plain else {}
