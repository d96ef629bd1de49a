"""The table layer's side of the live table (the Mini App): its buttons on the messages, the
quiet group while everyone plays at the page, and the door the page's actions come in by.

The door goes through the same flow as a button press: ``HandFlow.apply_person_decision``
(the table's lock, the draft, commit then publish, the same refusals in the person's
language); the registry tells its observers of every published table. Nothing here knows a
game: what a game's page needs is the live table's adapter (``web.adapter``), handed in as
functions.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import replace
from typing import Any, Protocol

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, WebAppInfo

from ..config import Settings
from ..i18n import t
from ..kernel import Cards
from ..web.tokens import TableTokens
from .content import Content
from .hands import MakeAction
from .phases import TablePhase
from .refusals import Refused
from .runtime import Runtime
from .table import Table

__all__ = ["LiveDoor", "LiveLinks", "Presence"]


class Presence(Protocol):
    """Who has the table's page open now (the live table's server knows)."""

    def at_page(self, table_id: int, user_id: int) -> bool: ...


class LiveLinks:
    """The links to a table's page and the buttons that carry them."""

    def __init__(self, settings: Settings, bot_username: str, tokens: TableTokens) -> None:
        self.settings = settings
        self.bot_username = bot_username
        self.tokens = tokens

    def open_url(self, table: Table) -> str:
        """The direct link (works in groups): ``t.me/<bot>/<app>?startapp=<token>``."""
        app = f"/{self.settings.webapp_name}" if self.settings.webapp_name else ""
        return f"https://t.me/{self.bot_username}{app}?startapp={self.tokens.token(table.id)}"

    def page_url(self, table: Table) -> str:
        """The page itself, for a ``web_app`` button (private chats only)."""
        return f"{self.settings.webapp_url}?t={self.tokens.token(table.id)}"

    def group_button(self, table: Table, lang: str) -> InlineKeyboardButton:
        return InlineKeyboardButton(t(lang, "btn_open_table"), url=self.open_url(table))

    def panel_button(self, table: Table, lang: str) -> InlineKeyboardButton:
        return InlineKeyboardButton(
            t(lang, "btn_live_panel"), web_app=WebAppInfo(url=self.page_url(table))
        )


def _with_row(
    markup: InlineKeyboardMarkup | None, button: InlineKeyboardButton
) -> InlineKeyboardMarkup:
    rows = [] if markup is None else [list(row) for row in markup.inline_keyboard]
    return InlineKeyboardMarkup([*rows, [button]])


class LiveShow:
    """The presenter's live part (``Presenter.live``): the Open button on the group's table
    message and the page's button on each panel; while everyone seated is at the page, the
    group's picture follows only the table's key moments (``moment``) and their panels
    rest (the page shows it all), so a hand costs a few Telegram calls."""

    def __init__(
        self, links: LiveLinks, presence: Presence, moment: Callable[[Table], Hashable]
    ) -> None:
        self.links = links
        self.presence = presence
        self.moment = moment
        self._shown: dict[int, Hashable] = {}  # table -> the key moment the group shows

    def everyone_at_page(self, table: Table) -> bool:
        people = table.humans()
        return bool(people) and all(
            self.presence.at_page(table.id, seat.user_id) for _, seat in people
        )

    def quiet(self, table: Table) -> bool:
        moment = self.moment(table)
        if self.everyone_at_page(table) and self._shown.get(table.id) == moment:
            return True
        self._shown[table.id] = moment
        return False

    def resting(self, table: Table, seat: int) -> bool:
        person = table.seats[seat]
        return table.phase == TablePhase.PLAYING and self.presence.at_page(table.id, person.user_id)

    def group(self, table: Table, content: Content) -> Content:
        button = self.links.group_button(table, table.lang)
        return replace(content, markup=_with_row(content.markup, button))

    def panel(self, table: Table, seat: int, content: Content) -> Content:
        button = self.links.panel_button(table, table.seats[seat].lang)
        return replace(content, markup=_with_row(content.markup, button))

    def forget(self, table_id: int) -> None:
        self._shown.pop(table_id, None)


class LiveDoor:
    """What the live table's server may do with the tables: look one up, be told of every
    published one, act through the table flow, take a seat back from 托管, ask for hints,
    bring the messages back."""

    def __init__(self, rt: Runtime) -> None:
        self.rt = rt

    def table(self, table_id: int) -> Table | None:
        return self.rt.registry.get(table_id)

    def successor(self, table_id: int, user_id: int | None = None) -> Table | None:
        """Where the page of a finished or closed table goes on: the lobby Again opened, or
        a tournament's next table (the person's own, or the same board's next hand)."""
        registry = self.rt.registry
        found = registry.successor_of(table_id)
        if found is None:
            found = self.rt.tournaments.pages.successor(table_id, user_id, registry.tables())
        return found

    def tournament(self, table: Table) -> dict[str, Any] | None:
        """A tournament's table: which tournament, round, board and hand (its page's head)."""
        return self.rt.tournaments.pages.header(table) if table.event else None

    def standings_after(self, table_id: int) -> dict[str, Any] | None:
        """A closed tournament table: the standings its hand left (names and points)."""
        return self.rt.tournaments.pages.after(table_id)

    def followed(self, table: Table) -> list[int]:
        """The closed tables whose pages learn of ``table`` now (a tournament's next hand)."""
        return self.rt.tournaments.pages.followed(table)

    def watch(self, observer: Callable[[Table], None]) -> None:
        self.rt.registry.observers.append(observer)
        self.rt.tournaments.pages.observers.append(observer)  # a tournament's hand closed

    async def act(self, table: Table, user_id: int, version: int, make: MakeAction) -> None:
        """A decision from the page: the button path (``Refused`` when it is refused)."""
        await self.rt.hands.apply_person_decision(table, user_id, version, make)

    async def take_back(self, table: Table, user_id: int) -> None:
        """A person at the page takes their seat back from 托管: the panel's button path
        (``Refused`` when the seat is not on auto-play, or the hand moved on)."""
        await self.rt.hands.take_back(table, user_id)

    async def hints(self, table: Table, user_id: int) -> list[Cards]:
        """The seat's hints now (best first); ``Refused`` when it is not their turn. Worked
        out off the loop where the AI has workers (from the state just saved)."""
        seat = table.seat_of(user_id)
        game = table.game
        waiting = None if game is None else game.waiting_for()
        if seat is None or game is None or waiting is None or seat not in waiting:
            raise Refused("not_your_turn")
        state = self.rt.registry.saved_state(table)
        return await self.rt.thinker.hints(game, seat, None if state is None else state["game"])

    def show(self, table: Table) -> None:
        """The group's message and the panels as the table is now (someone left the page)."""
        if self.rt.registry.holds(table) and table.in_hand():
            self.rt.presenter.show_table(table)

    @staticmethod
    def refusal(refused: Refused, lang: str) -> str:
        return refused.text(lang)
