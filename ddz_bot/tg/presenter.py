"""The presenter: the one place that knows which message shows what for a table.

The group's table message, the lobby message, each player's private panel (a tournament's
tables show the panels only: the group follows the tournament's standings): the presenter
picks the table's game's ``Contents`` (its folder's ``tg/present.py``), decides who
gets a panel and whether it comes as a new message, and hands it all to the outbox. It owns
the panels' half-made choices (``panels``), which are never saved.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from ddz_bot.games import GAMES
from ddz_bot.render import ResultLine

from ..i18n import t
from .content import Content
from .keyboards import Keyboards
from .outbox import Outbox, Urgency
from .panels import PanelState
from .screens import GROUP_SLOT, PANEL_SLOT, Contents, lobby_slot
from .table import Table

__all__ = ["LiveShow", "Presenter"]


class LiveShow(Protocol):
    """What the live table changes in the messages (``tg.live``): its buttons, and quiet
    chats for the people who play at the page."""

    def quiet(self, table: Table) -> bool:
        """Whether the group's table message may wait (everyone plays at the page and
        nothing the group must see happened)."""
        ...

    def resting(self, table: Table, seat: int) -> bool:
        """Whether the seat's panel may wait (its person plays at the page)."""
        ...

    def group(self, table: Table, content: Content) -> Content:
        """The group's table message with the Open button."""
        ...

    def panel(self, table: Table, seat: int, content: Content) -> Content:
        """A seat's panel with the page's button."""
        ...


class Presenter:
    """Shows tables through the outbox; owns the panels' half-made choices (``panels``)."""

    def __init__(self, outbox: Outbox, keyboards: Keyboards, panels: PanelState) -> None:
        self.outbox = outbox
        self.keyboards = keyboards
        self.panels = panels
        #: each game's contents, made once, by game name
        self._contents: dict[str, Contents] = {}
        #: the live table, when the bot runs one (``tg.live``)
        self.live: LiveShow | None = None

    def contents(self, table: Table) -> Contents:
        """The contents of ``table``'s game (``UnknownGame`` if it is not hosted)."""
        module = GAMES.for_rules(table.rules)
        found = self._contents.get(module.name)
        if found is None:
            found = self._contents[module.name] = module.contents(self.keyboards)
        return found

    def show_lobby(self, table: Table, closed_text: str | None = None) -> None:
        if table.event:  # a tournament's table is seated by the tournament: no lobby
            return
        self.outbox.show(
            table.chat_id,
            lobby_slot(table.id),
            self.contents(table).lobby(table, closed_text=closed_text),
        )

    def show_table(self, table: Table, *, new_messages: bool = False) -> None:
        """Show the table in the group and each panel. A person who now has to decide and
        is not looking at the chat (``PanelState.looking``) gets their panel as a new
        message, the old one deleted: an edit notifies nobody. One who decided moments ago
        sees the edit, which costs one call instead of two."""
        if table.game is None:
            return
        asked = self.panels.take_asked(table.id) & table.people_waiting()
        live = self.live
        if not table.event and (live is None or not live.quiet(table)):
            group = self.contents(table).group(table)
            if live is not None:
                group = live.group(table, group)
            self.outbox.show(table.chat_id, GROUP_SLOT, group, new_message=new_messages)
        for seat, _ in table.humans():
            notify = seat in asked and not self.panels.looking(table.id, seat)
            self.show_panel(table, seat, new_message=new_messages, replace=notify)

    def show_panel(
        self, table: Table, seat: int, *, new_message: bool = False, replace: bool = False
    ) -> None:
        """Show one seat's panel as the table is now: the one place that knows who gets a
        panel (a person, in a hand, whose private chat takes our messages). ``new_message``:
        a new message, the old one stays; ``replace``: a new one, the old one deleted."""
        person = table.seats[seat]
        if table.game is None or person.is_ai or person.user_id in table.unreachable:
            return
        if self.live is not None and self.live.resting(table, seat):
            return
        decision: tuple[int, int, int | None] | None = None
        if seat in table.people_waiting():
            urgency = Urgency.DECIDING
            decision = (table.id, seat, self.panels.open_since(table.id, seat))
        elif self.panels.just_decided(table.id, seat):
            urgency = Urgency.ANSWER
        else:
            urgency = Urgency.WAITING
        panel = self.contents(table).panel(
            table,
            seat,
            person.lang,
            self.panels.seat(table.id, seat),
            since=self.panels.open_since(table.id, seat),
        )
        if self.live is not None:
            panel = self.live.panel(table, seat, panel)
        self.outbox.show(
            person.user_id,
            PANEL_SLOT,
            panel,
            new_message=new_message,
            replace=replace,
            urgency=urgency,
            decision=decision,
        )

    def show_result(self, table: Table, text: list[str], pictures: list[ResultLine] | None) -> None:
        if table.event:  # the group follows a tournament by its standings message
            return
        self.outbox.show(
            table.chat_id, GROUP_SLOT, self.contents(table).result(table, text, pictures)
        )

    def close_panels(self, table: Table, reason_key: str) -> None:
        """Each player's panel says the table closed and why (no buttons); someone who had
        no panel to show it on gets it as a message (once: never the same words twice)."""
        for _, person in table.humans():
            if person.user_id in table.unreachable:
                continue
            text = (
                t(person.lang, "panel_table", group=table.title)
                + "\n"
                + t(person.lang, reason_key, group=table.title)
            )
            if not self.outbox.retire(person.user_id, PANEL_SLOT, text):
                self.outbox.post(person.user_id, text)

    def post(self, chat_id: int, text: str) -> None:
        self.outbox.post(chat_id, text)

    def forget(self, table: Table, *, group_in_use: bool, users_in_use: Sequence[int]) -> None:
        """The table is gone: so are its half-made choices and the outbox slots only it used
        (once what they still have to show is shown)."""
        self.panels.forget(table.id)
        self.outbox.release(table.chat_id, lobby_slot(table.id))
        if not group_in_use:
            self.outbox.release(table.chat_id, GROUP_SLOT)
        for _, seat in table.humans():
            if seat.user_id not in users_in_use:
                self.outbox.release(seat.user_id, PANEL_SLOT)
