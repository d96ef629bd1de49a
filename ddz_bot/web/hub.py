"""The live tables' hub: who watches which table, the frame each one gets, and what a
page's messages do.

Each viewer gets the table as their seat sees it (``view_for(seat)``, their decision with the
labelled legal actions) or, not seated, the public view and nothing else. The registry tells
the hub of every published table and its frames go out at once, the seats that must decide
first: a loaded loop may take a while to come back, and the person on the clock must not wait
for it (a frame that could not be written then goes at the loop's next turn). A page's action
carries the version it was made at and goes through the table flow like a button press, so a
page that reconnects (a lost network, a bot restart) and sends an old action is refused as
stale: never a double move.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..games import GAMES
from ..kernel import Action, CardParseError, Pass, Play, parse_cards
from ..tg.live import LiveDoor
from ..tg.phases import TablePhase
from ..tg.refusals import Refused
from ..tg.table import Table
from . import adapter
from .frames import TableFrames, dumps
from .mirrors import Mirrors, Sink
from .tokens import TableTokens

__all__ = ["Connection", "LiveHub", "RateLimit", "Viewer"]

log = logging.getLogger(__name__)

#: the longest play a page may send (notation characters: a 保皇 hand has at most 45 cards)
MAX_PLAY = 64


class Connection(Protocol):
    """A page's live connection (the server's WebSocket)."""

    def send(self, text: str) -> None: ...

    def close(self, code: int, reason: str) -> None: ...


@dataclass(slots=True)
class RateLimit:
    """A token bucket: ``burst`` messages at once, ``rate`` a second after, and a few more
    each time the page is asked to decide (``grant``): however fast the table moves, a page
    may answer every decision it is asked for (a hint, the action, one retry)."""

    rate: float = 5.0
    burst: float = 20.0
    tokens: float = 20.0
    stamp: float = field(default_factory=time.monotonic)

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    def grant(self, messages: float) -> None:
        self.tokens = min(self.burst, self.tokens + messages)


#: what a page may send for each decision it is asked for: a hint, the action, one retry
ANSWERS_PER_DECISION = 3


@dataclass(eq=False, slots=True)
class Viewer:
    """One open page: who (from the checked launch data), which table, what it was sent."""

    connection: Connection
    user_id: int
    table_id: int
    lang: str
    sent: tuple[int, int | None] | None = None  # (version, seat) of the last state frame
    limit: RateLimit = field(default_factory=RateLimit)


class LiveHub:
    """The viewers of every table and their frames (see the module docstring)."""

    def __init__(self, door: LiveDoor, tokens: TableTokens) -> None:
        self.door = door
        self.tokens = tokens
        self._viewers: dict[int, set[Viewer]] = {}
        #: each page's message rate: a burst, then so many a second (a person taps far less)
        self.rate, self.burst = 5.0, 20.0
        self._dirty: set[int] = set()
        self._flushing = False
        #: when each watched table reached its version (a frame says it: the wait it took)
        self._moved_at: dict[int, float] = {}
        #: each watched table's frames as it is now (``frames.TableFrames``)
        self._frames: dict[int, TableFrames] = {}
        #: each watched table's last hints: ((version, seat), the plays' notation)
        self._hinted: dict[int, tuple[tuple[int, int | None], list[str]]] = {}
        #: tables whose messages are shown again at the loop's next turn (pages closed)
        self._showing: set[int] = set()
        door.watch(self.published)
        #: with several workers: the tables other workers hold that pages here watch
        self.remote: Mirrors | None = None
        #: the pages of tables held here that are open at other workers: table ->
        #: (worker, user) -> how many (``Mirrors.tell``)
        self._elsewhere: dict[int, dict[tuple[int, int], int]] = {}

    def _table(self, table_id: int) -> Table | None:
        """The table a page watches: held here, or a copy of one held elsewhere."""
        table = self.door.table(table_id)
        if table is None and self.remote is not None:
            table = self.remote.get(table_id)
        return table

    # ---- presence (the table layer asks: tg.live.Presence) -------------------------------
    def at_page(self, table_id: int, user_id: int) -> bool:
        """Whether ``user_id`` has a page of the table open, here or at a live worker."""
        if any(v.user_id == user_id for v in self._viewers.get(table_id, ())):
            return True
        pages, remote = self._elsewhere.get(table_id), self.remote
        if not pages or remote is None:
            return False
        return any(user == user_id and remote.alive(worker) for worker, user in pages)

    def present(self, table_id: int) -> dict[int, int]:
        """The people with pages of the table open here: how many each."""
        counts: dict[int, int] = {}
        for viewer in self._viewers.get(table_id, ()):
            counts[viewer.user_id] = counts.get(viewer.user_id, 0) + 1
        return counts

    def elsewhere(self, worker: int, table_id: int, user_id: int, pages: int) -> None:
        """``worker`` has ``pages`` pages of ``user_id`` open on a table held here: while
        it does, they are at the page; when the last closes, their panel catches up."""
        known = self._elsewhere.setdefault(table_id, {})
        if pages > 0:
            known[(worker, user_id)] = pages
            return
        known.pop((worker, user_id), None)
        if not known:
            del self._elsewhere[table_id]
        table = self.door.table(table_id)
        seated = table is not None and table.seat_of(user_id) is not None
        if table is not None and seated and not self.at_page(table_id, user_id):
            self._show_soon(table_id)

    def viewers(self, table_id: int) -> int:
        return len(self._viewers.get(table_id, ()))

    def pages(self, table_id: int) -> tuple[Viewer, ...]:
        """The open pages of a table."""
        return tuple(self._viewers.get(table_id, ()))

    def watching(self) -> int:
        """Open pages, all tables together."""
        return sum(len(viewers) for viewers in self._viewers.values())

    # ---- viewers come and go -------------------------------------------------------------
    def join(self, viewer: Viewer) -> None:
        viewer.limit = RateLimit(self.rate, self.burst, self.burst)
        self._viewers.setdefault(viewer.table_id, set()).add(viewer)
        table = self._table(viewer.table_id)
        if table is None and self.remote is not None:  # held by another worker, maybe
            asyncio.get_running_loop().create_task(self._join_remote(viewer, self.remote))
            return
        self._send_state(viewer, table, opened=time.time())
        self._tell_holder(viewer)  # a copy already read for another page: this one counts too

    async def _join_remote(self, viewer: Viewer, remote: Mirrors) -> None:
        opened = time.time()
        try:
            table = await remote.load(viewer.table_id)
        except Exception:
            log.exception("table %s: reading it for a page failed", viewer.table_id)
            table = None
        if viewer in self._viewers.get(viewer.table_id, ()):
            self._send_state(viewer, self._table(viewer.table_id) or table, opened=opened)
            self._tell_holder(viewer)

    def _tell_holder(self, viewer: Viewer) -> None:
        """A table held elsewhere: its holder hears how many pages of the viewer's person
        watch it here now (``Mirrors.tell``), at each page's opening and closing."""
        if self.remote is not None and self.door.table(viewer.table_id) is None:
            pages = self.present(viewer.table_id).get(viewer.user_id, 0)
            self.remote.tell(viewer.table_id, viewer.user_id, pages)

    def leave(self, viewer: Viewer) -> None:
        viewers = self._viewers.get(viewer.table_id)
        if viewers is None:
            return
        viewers.discard(viewer)
        self._tell_holder(viewer)
        if not viewers:
            del self._viewers[viewer.table_id]
            self._moved_at.pop(viewer.table_id, None)
            self._frames.pop(viewer.table_id, None)
            self._hinted.pop(viewer.table_id, None)
            if self.remote is not None:
                self.remote.forget(viewer.table_id)
        table = self.door.table(viewer.table_id)
        seated = table is not None and table.seat_of(viewer.user_id) is not None
        if table is not None and seated and not self.at_page(table.id, viewer.user_id):
            self._show_soon(table.id)  # their panel (and the group) catch up

    def _show_soon(self, table_id: int) -> None:
        """The table's messages are shown again at the loop's next turn: once, however many
        of its pages closed meanwhile (a room of phones losing the network at once)."""
        if not self._showing:
            asyncio.get_running_loop().call_soon(self._show)
        self._showing.add(table_id)

    def _show(self) -> None:
        showing, self._showing = self._showing, set()
        for table_id in showing:
            table = self._table(table_id)
            if table is not None:
                self.door.show(table)

    def close_all(self) -> None:
        for viewers in list(self._viewers.values()):
            for viewer in list(viewers):
                viewer.connection.close(1001, "going away")
        self._viewers.clear()
        self._frames.clear()
        self._hinted.clear()

    # ---- the table moved -----------------------------------------------------------------
    def published(self, table: Table) -> None:
        """The registry published ``table`` (under its lock: only take note)."""
        again = table.again_of
        if again is not None and again in self._viewers and table.phase == TablePhase.LOBBY:
            self._frames.pop(again, None)  # the finished table's pages learn of the next one
            for viewer in self._viewers[again]:
                viewer.sent = None
            self._mark(again)
        for before in self.door.followed(table):  # a tournament's next hand: pages follow
            if before in self._viewers and self._table(before) is None:
                self._mark(before)
        if table.id not in self._viewers or self._table(table.id) is not table:
            return  # (a closed table: its pages were told it is gone)
        self._frames.pop(table.id, None)
        self._moved_at[table.id] = time.time()
        try:
            self._send_table(table)
        except Exception:  # the table is saved and published all the same: sent later
            log.exception("table %s: frames not written at once", table.id)
            self._mark(table.id)

    def _mark(self, table_id: int) -> None:
        self._dirty.add(table_id)
        if not self._flushing:
            self._flushing = True
            asyncio.get_running_loop().call_soon(self._flush)

    def _flush(self) -> None:
        self._flushing = False
        dirty, self._dirty = self._dirty, set()
        for table_id in dirty:
            table = self._table(table_id)
            try:
                if table is None:
                    for viewer in list(self._viewers.get(table_id, ())):
                        self._send_state(viewer, None)
                else:
                    self._send_table(table)
            except Exception:  # one table's frames never hold up the others'
                log.exception("table %s: frames not written", table_id)

    def _send_table(self, table: Table) -> None:
        """Every page of ``table`` gets its frame, the seats the table waits for first."""
        viewers = self._viewers.get(table.id)
        if not viewers:
            return
        frames = self.frames(table)
        waiting = frames.waiting
        deciding = () if waiting is None else waiting.seats
        if deciding:
            ordered = sorted(viewers, key=lambda v: table.seat_of(v.user_id) not in deciding)
        else:
            ordered = list(viewers)
        for viewer in ordered:
            self._send_state(viewer, table, frames=frames)

    def _send_state(
        self,
        viewer: Viewer,
        table: Table | None,
        *,
        opened: float | None = None,
        frames: TableFrames | None = None,
    ) -> None:
        if table is None:
            self._gone(viewer)
            return
        seat = table.seat_of(viewer.user_id)
        if viewer.sent == (table.version, seat):
            return
        viewer.sent = (table.version, seat)
        if frames is None:
            frames = self.frames(table)
        if seat is not None and frames.waiting is not None and seat in frames.waiting.seats:
            viewer.limit.grant(ANSWERS_PER_DECISION)
        self._send_text(viewer, frames.text(seat, viewer.lang, opened))

    def _gone(self, viewer: Viewer) -> None:
        """The page's table is over and let go; where Again opened the next one, the page
        learns its token and may follow."""
        successor = self.door.successor(viewer.table_id, viewer.user_id)
        gone: dict[str, Any] = {"t": "gone"}
        if successor is not None:
            gone["next"] = self.tokens.token(successor.id)
        standings = self.door.standings_after(viewer.table_id)
        if standings is not None:  # a tournament's hand: the standings it left
            gone["tour"] = standings
        self._send(viewer, gone)

    def frames(self, table: Table) -> TableFrames:
        """The frames of ``table`` as it is now, written once until it is published again."""
        frames = self._frames.get(table.id)
        if frames is None or frames.table is not table:
            successor = None if table.in_hand() else self.door.successor(table.id)
            frames = TableFrames(
                table,
                self._moved_at.get(table.id),
                None if successor is None else self.tokens.token(successor.id),
                tour=self.door.tournament(table),
            )
            if table.id in self._viewers:
                self._frames[table.id] = frames
        return frames

    def _send(self, viewer: Viewer, frame: dict[str, Any]) -> None:
        self._send_text(viewer, dumps(frame))

    @staticmethod
    def _send_text(viewer: Viewer, text: str) -> None:
        try:
            viewer.connection.send(text)
        except Exception:  # a connection that just closed: it leaves on its own
            log.debug("frame to a closed page", exc_info=True)

    # ---- what a page sends ---------------------------------------------------------------
    async def message(self, viewer: Viewer, text: str) -> None:
        """One message from a page (already size-limited by the server)."""
        if not viewer.limit.allow():
            viewer.connection.close(1008, "too many messages")
            return
        try:
            data = json.loads(text)
            kind = data["t"]
            ident = data.get("id")
        except (ValueError, KeyError, TypeError):
            viewer.connection.close(1003, "not a message")
            return
        table = self._table(viewer.table_id)
        if kind == "ping":
            self._send(viewer, {"t": "pong", "id": ident})
            return
        if table is None:
            self._gone(viewer)
            return
        if kind != "hint" and self.remote is not None and self.remote.is_mirror(table):
            # a hint is worked out here, from the copy this page is shown: the plays the
            # holder lists at that version, without a message to it and its answer back
            await self._forward(viewer, table, text, self.remote)
            return
        lang = self._lang(table, viewer)
        try:
            if kind == "hint":
                hints = await self._hints(table, viewer)
                self._send(viewer, {"t": "hints", "id": ident, "cards": hints})
                return
            if kind == "take_back":  # 托管 ends: the seat's person decides again
                await self.door.take_back(table, viewer.user_id)
                self._send(viewer, {"t": "ok", "id": ident, "v": table.version})
                return
            if kind in ("act", "play"):
                version = int(data["v"])
                make = self._maker(kind, data)
                await self.door.act(table, viewer.user_id, version, make)
                # the version the action made: older frames still on their way are history
                self._send(viewer, {"t": "ok", "id": ident, "v": table.version})
                return
        except Refused as refused:
            self._send(viewer, {"t": "refused", "id": ident, "text": refused.text(lang)})
            self._send_state(viewer, self._table(viewer.table_id))
            return
        except (ValueError, KeyError, TypeError):
            self._send(
                viewer, {"t": "refused", "id": ident, "text": Refused("bad_button").text(lang)}
            )
            return
        viewer.connection.close(1003, "not a message")

    async def _forward(self, viewer: Viewer, table: Table, text: str, remote: Mirrors) -> None:
        """A page's message about a table another worker holds: answered there."""
        texts, closed = await remote.forward(table, viewer.user_id, viewer.lang, text)
        for answer in texts:
            self._send_text(viewer, answer)
        if closed is not None:
            viewer.connection.close(*closed)

    async def answer_remote(self, message: dict[str, Any]) -> dict[str, Any]:
        """A page at another worker sent ``message["text"]`` about a table held here: the
        hub answers it as for a page of its own; what it wrote goes back."""
        sink = Sink()
        viewer = Viewer(sink, int(message["user"]), int(message["table"]), str(message["lang"]))
        await self.message(viewer, str(message["text"]))
        return {"texts": sink.texts, "closed": sink.closed}

    async def _hints(self, table: Table, viewer: Viewer) -> list[str]:
        """The seat's hints, worked out once a version (asked again: the same)."""
        key = (table.version, table.seat_of(viewer.user_id))
        found = self._hinted.get(table.id)
        if found is not None and found[0] == key:
            return found[1]
        hints = [str(cards) for cards in await self.door.hints(table, viewer.user_id)]
        if table.id in self._viewers:
            self._hinted[table.id] = (key, hints)
        return hints

    @staticmethod
    def _maker(kind: str, data: dict[str, Any]) -> Callable[[Any, int], Action]:
        """How the page's message becomes the seat's action, checked when the lock is held:
        a play as the notation typed words use; a decision only as one of the legal ones."""
        if kind == "play":
            text = str(data["cards"])[:MAX_PLAY]

            def play(game: Any, seat: int) -> Action:
                try:
                    cards = parse_cards(text)
                except CardParseError:
                    raise Refused("live_bad_play", text=text) from None
                return adapter.play_action(game, seat, cards)

            return play
        wanted = data["a"]
        if not isinstance(wanted, dict):
            raise ValueError("an action is an object")

        def decision(game: Any, seat: int) -> Action:
            try:
                action = GAMES[game.game_name].read_action({**wanted, "seat": seat})
            except ValueError:
                raise Refused("bad_button") from None
            if isinstance(action, Pass):
                return action
            if isinstance(action, Play) or action not in game.legal_actions(seat):
                raise Refused("live_stale")
            return action

        return decision

    @staticmethod
    def _lang(table: Table, viewer: Viewer) -> str:
        seat = table.seat_of(viewer.user_id)
        return table.seats[seat].lang if seat is not None else viewer.lang
