"""A table's state frames, written once a version and shared by all its pages.

Every page of a table gets the same frame but for its seat's own part: the table block, the
page's description, the public view, whose turn, the settlement. Those are written as JSON
text once a version (``TableFrames.head``; the public view's text once for the seats, from
the first seat's view, and once for the spectators, from ``public_view()``); a seat's own part
(its view, summary and decision) once a seat; a spectator's once a language. A frame is
then a few strings joined, so a move costs the same whether three pages or thirty watch.

What a frame holds is what it held before: a seat gets ``view_for(seat)`` (its public part
written once for the seats whose public parts are equal), a spectator ``public_view()`` and
nothing else.
"""

from __future__ import annotations

import dataclasses
import json
import time
from typing import Any

from ..kernel import Action, DecisionKind
from ..tg import clock
from ..tg.phases import TablePhase
from ..tg.table import Table
from . import adapter
from .jsonview import to_json

__all__ = ["TableFrames", "dumps"]


def dumps(data: Any) -> str:
    """JSON text as the pages read it: compact, names kept readable."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


class TableFrames:
    """The frames of one table as it is now (made again once the table is published)."""

    __slots__ = (
        "_at",
        "_public",
        "_public_text",
        "_seat_public",
        "_seats",
        "_spectators",
        "head",
        "table",
    )

    def __init__(self, table: Table, moved_at: float | None, successor: str | None) -> None:
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
        #: the public view and its text, once a spectator's frame needs them
        self._public: Any = None
        self._public_text = "null"
        #: the public part of a seat's view and its text, shared by the seats whose views'
        #: public parts are equal to it (in every game so far: all of them)
        self._seat_public: tuple[Any, str] | None = None
        if game is not None:
            head["page"] = adapter.page_of(game).to_json()
            waiting = None if game.over else game.waiting_for()
            if waiting is not None:
                head["waiting"] = {"seats": list(waiting.seats), "kind": str(waiting.kind)}
            settlement = game.settlement() if game.over else None
            if settlement is not None:
                head["settlement"] = {
                    "deltas": list(settlement.deltas),
                    "points": list(settlement.points),
                    "scores": list(settlement.scores),
                    "fees": settlement.fees,
                }
        self.head = dumps(head)[1:-1]
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

    def _spectator(self, lang: str) -> str:
        own = f',"seat":null,"lang":{dumps(lang)}'
        game = self.table.game
        if game is None:
            return own
        if self._public is None:
            self._public = game.public_view()
            self._public_text = dumps(to_json(self._public))
        summary = adapter.summary(game, self._public)
        return own + f',"view":{self._public_text},"sum":{dumps(summary)}'

    def _seat(self, seat: int) -> str:
        table = self.table
        lang = table.seats[seat].lang
        own = f',"seat":{seat},"lang":{dumps(lang)}'
        game = table.game
        if game is None:
            return own
        view = game.view_for(seat)
        own += f',"view":{self._view_text(view)},"sum":{dumps(adapter.summary(game, view))}'
        if not game.over and table.phase == TablePhase.PLAYING:
            decide = _decision(game, view, seat, lang)
            own += f',"decide":{dumps(decide)}'
        return own

    def _view_text(self, view: Any) -> str:
        """A seat's view as JSON text: its public part written once for the seats whose
        public parts are the same."""
        public = getattr(view, "public", None)
        if public is None:
            return dumps(to_json(view))
        members = []
        for item in dataclasses.fields(view):
            if item.name == "public":
                value = self._public_part(public)
            else:
                value = dumps(to_json(getattr(view, item.name)))
            members.append(f"{dumps(item.name)}:{value}")
        return "{" + ",".join(members) + "}"

    def _public_part(self, public: Any) -> str:
        shared = self._seat_public
        if shared is not None and (shared[0] is public or shared[0] == public):
            return shared[1]
        text = dumps(to_json(public))
        if shared is None:
            self._seat_public = (public, text)
        return text


def _decision(game: Any, view: Any, seat: int, lang: str) -> dict[str, Any] | None:
    """What the seat may decide now, for its page: a play (and whether Pass is offered), or
    the legal decisions with their labels."""
    waiting = game.waiting_for()
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
