"""Button presses: each action code of a signed button goes to the method that answers it.

Every press is answered once (text, as an alert or not, or a url to open); a refused press
raises ``Refused`` and changes nothing. A press whose answer has no text is answered as soon
as it is accepted, before the slow part (the deal, saving, the AI's moves): the button stops
spinning at once; a word that comes after that goes to the player's private chat.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from telegram import CallbackQuery, Chat, Update, User
from telegram.ext import ContextTypes

from ..engine.actions import Pass
from ..engine.cards import RANK_CHARS, Cards
from ..i18n import LANGS, t
from .codec import BadCallback, Callback, CallbackCodec
from .core import Person, Recent, Refused
from .group_settings import cycle_setting, settings_view
from .keyboards import decision_action
from .manager import TableManager
from .present import cards_text, combo_text
from .table import PLAYING, Table

__all__ = ["Answer", "Buttons"]

log = logging.getLogger(__name__)

Answer = tuple[str | None, bool, str | None]  # the answer text, as an alert, a url to open


@dataclass(frozen=True, slots=True)
class _Press:
    """A button pressed on a table's message."""

    query: CallbackQuery
    cb: Callback
    lang: str
    table: Table
    person: Person


class Buttons:
    """The bot's button handling (mixed into ``handlers.Handlers``)."""

    manager: TableManager
    codec: CallbackCodec
    _langs: Recent
    _answered: Recent

    async def lang_of(self, user: User | None) -> str:
        raise NotImplementedError

    async def person(self, user: User) -> Person:
        raise NotImplementedError

    async def _is_admin(self, chat: Chat, user: User) -> bool:
        raise NotImplementedError

    async def _hint(self, table: Table, user_id: int) -> Cards | None:
        raise NotImplementedError

    async def button(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        query = update.callback_query
        if query is None:
            return
        user = query.from_user
        lang = await self.lang_of(user)
        try:
            callback = self.codec.decode(query.data)
        except BadCallback:
            await self._answer(query, t(lang, "bad_button"), alert=True)
            return
        try:
            text, alert, url = await self._press(query, callback, lang)
        except Refused as refusal:
            self._answer_once(query, refusal.text(lang), alert=True, refusal=True)
            return
        except BadCallback:  # signed by us, yet asking for something that doesn't exist
            self._answer_once(query, t(lang, "bad_button"), alert=True, refusal=True)
            return
        self._answer_once(query, text, alert=alert, url=url)

    async def _answer(
        self,
        query: CallbackQuery,
        text: str | None = None,
        *,
        alert: bool = False,
        url: str | None = None,
    ) -> None:
        """Answer the button press (sent in the background: the update is done)."""
        self._answer_once(query, text, alert=alert, url=url)

    def _answer_once(
        self,
        query: CallbackQuery,
        text: str | None = None,
        *,
        alert: bool = False,
        url: str | None = None,
        refusal: bool = False,
    ) -> None:
        """Answer the press unless it was answered already (Telegram takes one answer); a
        refusal that comes after that, on the private chat's panel, is written there."""
        key = hash(query.id)
        if key in self._answered:
            message = query.message
            if refusal and text and message is not None and message.chat.id == query.from_user.id:
                self.manager.outbox.post(query.from_user.id, text)
            elif refusal and text and message is not None:
                # a group press answered early whose action then failed: said in the group
                self.manager.outbox.post(message.chat.id, text)
            elif refusal:
                log.info("press %s answered already; not said: %s", query.id, text)
            return
        self._answered.add(key)
        self.manager.outbox.spawn(
            query.answer(text[:190] if text else None, show_alert=alert, url=url)
        )

    def _accepted(self, query: CallbackQuery, text: str | None = None) -> Callable[[], None]:
        """What to call once the press is accepted: it is answered then (``text`` as a
        passing note), before the slow part that follows."""
        return lambda: self._answer_once(query, text)

    async def _press(self, query: CallbackQuery, cb: Callback, lang: str) -> Answer:
        """Do what the button asks; return (answer text, as alert, url to open)."""
        message = query.message
        chat_id = message.chat.id if message is not None else None
        unbound = _UNBOUND_BUTTONS.get(cb.action)
        if unbound is not None:
            return await unbound(self, query, cb, lang)
        table = self.manager.get(cb.table)
        if table is None and cb.action in _RESULT_BUTTONS:
            # a result whose Again opened a new lobby: its buttons lead there
            return await _RESULT_BUTTONS[cb.action](self, query, cb, lang)
        if table is None:
            raise Refused("join_expired" if cb.action in _GROUP_BUTTONS else "stale_button")
        press = _Press(query, cb, lang, table, await self.person(query.from_user))
        group = _GROUP_BUTTONS.get(cb.action)
        if group is not None:
            if chat_id is None or chat_id != table.chat_id:
                raise Refused("bad_button")
            return await group(self, press)
        anywhere = _TABLE_BUTTONS.get(cb.action)
        if anywhere is not None:
            return await anywhere(self, press)
        # the rest are DM panel buttons: only the panel's owner may press them
        if chat_id != query.from_user.id:
            raise Refused("foreign_button")
        seat = table.seat_of(query.from_user.id)
        if seat is None:
            raise Refused("foreign_button")
        return await self._panel(query, table, seat, cb, lang)

    # buttons on no table
    async def _press_language(self, query: CallbackQuery, cb: Callback, lang: str) -> Answer:
        if cb.arg not in LANGS:
            raise BadCallback(cb.arg, "unknown language")
        user = query.from_user
        await self.manager.db.ensure_player(user.id, user.full_name or str(user.id))
        await self.manager.db.set_language(user.id, cb.arg)
        self._langs.add(user.id, cb.arg)
        self.manager.set_language(user.id, cb.arg)
        message = query.message
        in_group = message is not None and message.chat.id != user.id
        return t(cb.arg, "lang_set_own" if in_group else "lang_set"), in_group, None

    async def _press_setting(self, query: CallbackQuery, cb: Callback, lang: str) -> Answer:
        message = query.message
        if message is None:
            raise Refused("bad_button")
        chat = message.chat
        if not await self._is_admin(chat, query.from_user):
            raise Refused("admin_only")
        await cycle_setting(self.manager, chat.id, cb.arg)
        text, markup = await settings_view(self.manager, chat.id, chat.title or "")
        self.manager.outbox.spawn(query.edit_message_text(text, reply_markup=markup))
        return t(lang, "settings_saved"), False, None

    # buttons on the group's lobby and result messages
    async def _press_join(self, press: _Press) -> Answer:
        try:
            await self.manager.join(
                press.table,
                press.person,
                accepted=self._accepted(
                    press.query, t(press.lang, "joined", name=press.person.name)
                ),
            )
        except Refused as refusal:
            if refusal.key == "need_dm":
                return None, False, self.manager.deep_link(press.table)
            raise
        return t(press.lang, "joined", name=press.person.name), False, None

    async def _press_leave(self, press: _Press) -> Answer:
        await self.manager.leave_table(press.table, press.person)
        return t(press.lang, "left", name=press.person.name), False, None

    async def _press_add_ai(self, press: _Press) -> Answer:
        await self.manager.add_ai(press.table, press.person, accepted=self._accepted(press.query))
        return None, False, None

    async def _press_start(self, press: _Press) -> Answer:
        await self.manager.start(press.table, press.person, accepted=self._accepted(press.query))
        return None, False, None

    async def _press_show_start(self, press: _Press) -> Answer:
        on = await self.manager.toggle_show_start(press.table, press.person)
        return t(press.lang, "show_start_on" if on else "show_start_off"), False, None

    async def _press_again(self, press: _Press) -> Answer:
        try:
            await self.manager.again(
                press.table, press.person, accepted=self._accepted(press.query)
            )
        except Refused as refusal:
            if refusal.key == "need_dm":  # the private chat first, then Again once more
                return None, False, self.manager.dm_link()
            raise
        return None, False, None

    # the buttons of a result whose Again opened a new lobby
    async def _again_after(self, query: CallbackQuery, cb: Callback, lang: str) -> Answer:
        person = await self.person(query.from_user)
        manager = self.manager
        try:
            lobby = manager.successor_of(cb.table)
            await manager.again_after(cb.table, person, accepted=self._accepted(query))
        except Refused as refusal:
            if refusal.key == "need_dm" and lobby is not None:
                return None, False, manager.deep_link(lobby)
            raise
        return None, False, None

    async def _leave_after(self, query: CallbackQuery, cb: Callback, lang: str) -> Answer:
        person = await self.person(query.from_user)
        await self.manager.decline(cb.table, person)
        return t(lang, "left", name=person.name), False, None

    # buttons of a table, wherever they are
    async def _press_my_cards(self, press: _Press) -> Answer:
        table = press.table
        seat = table.seat_of(press.person.id)
        if seat is None or table.game is None:
            raise Refused("not_seated")
        if press.cb.version != table.hand_version:
            raise Refused("stale_button")
        if table.in_hand():
            self.manager.refresh_panel(table, seat, repost=True)  # back at the chat's bottom
        return (
            t(press.lang, "my_cards", cards=cards_text(table.game.hand(seat), press.lang)),
            True,
            None,
        )

    async def _press_escape(self, press: _Press) -> Answer:
        table, cb = press.table, press.cb
        seat = table.seat_of(press.person.id)
        if seat is None or cb.arg[1:] != str(seat):
            raise Refused("foreign_button")
        if cb.version != table.hand_version or table.phase != PLAYING:
            raise Refused("stale_button")
        if press.query.message is not None:
            self.manager.outbox.spawn(press.query.delete_message())
        self._answer_once(press.query)  # the settlement that follows takes a while
        if cb.arg[:1] == "y":
            await self.manager.escape(table, press.person.id)
        return None, False, None

    async def _panel(
        self, query: CallbackQuery, table: Table, seat: int, cb: Callback, lang: str
    ) -> Answer:
        game = table.game
        if game is None or table.phase != PLAYING or cb.version < table.hand_version:
            raise Refused("stale_button")
        button = _PANEL_BUTTONS.get(cb.action)
        if button is not None:
            return await button(self, query, table, seat, cb, lang)
        decision = decision_action(cb.action, cb.arg, seat)
        if decision is None:
            raise BadCallback(f"{cb.action}:{cb.arg}", "no such decision")
        if cb.version == table.version and (
            decision in game.legal_actions(seat)
            if not isinstance(decision, Pass)
            else game.turn == seat and game.to_beat is not None
        ):
            self._answer_once(query)  # taken: the button stops spinning before the AI moves
        await self.manager.decide(
            table, table.seats[seat].user_id, cb.version, lambda g, s: decision
        )
        return None, False, None

    def _playable(
        self, query: CallbackQuery, table: Table, seat: int, cards: Cards, version: int
    ) -> None:
        """A play the table will take: answered at once (the AI's answers follow)."""
        game = table.game
        if (
            game is not None
            and version == table.version
            and game.turn == seat
            and game.hand(seat).contains(cards)
            and game.readings(cards)
        ):
            self._answer_once(query)

    # buttons of a player's panel
    async def _panel_rank(
        self, query: CallbackQuery, table: Table, seat: int, cb: Callback, lang: str
    ) -> Answer:
        game = table.game
        assert game is not None
        if len(cb.arg) != 1 or cb.arg not in RANK_CHARS:
            raise BadCallback(cb.arg, "not a rank")
        rank = RANK_CHARS.index(cb.arg)
        held = game.hand(seat).counts()
        if held[rank] == 0:
            raise Refused("stale_button")
        chosen = table.selections.setdefault(seat, [0] * len(held))
        chosen[rank] = chosen[rank] + 1 if chosen[rank] < held[rank] else 0
        self.manager.refresh_panel(table, seat)
        return None, False, None

    async def _panel_clear(
        self, query: CallbackQuery, table: Table, seat: int, cb: Callback, lang: str
    ) -> Answer:
        table.selections.pop(seat, None)
        table.readings.pop(seat, None)
        self.manager.refresh_panel(table, seat)
        return None, False, None

    async def _panel_hint(
        self, query: CallbackQuery, table: Table, seat: int, cb: Callback, lang: str
    ) -> Answer:
        if cb.version != table.version:
            raise Refused("stale_button")
        hint = await self._hint(table, table.seats[seat].user_id)
        if hint is None:
            return t(lang, "no_hint"), False, None
        readings = table.game.readings(hint) if table.game is not None else []
        shown = combo_text(readings[0], lang) if readings else cards_text(hint, lang)
        return t(lang, "panel_hint", cards=shown), False, None

    async def _panel_play(
        self, query: CallbackQuery, table: Table, seat: int, cb: Callback, lang: str
    ) -> Answer:
        selection = table.selections.get(seat)
        if not selection or not any(selection):
            raise Refused("nothing_selected")
        cards = Cards.from_counts(selection)
        self._playable(query, table, seat, cards, cb.version)
        await self.manager.play_cards(table, table.seats[seat].user_id, cards, cb.version)
        return None, False, None

    async def _panel_reading(
        self, query: CallbackQuery, table: Table, seat: int, cb: Callback, lang: str
    ) -> Answer:
        pending = table.readings.get(seat)
        if pending is None or not cb.arg.isdigit() or int(cb.arg) >= len(pending[1]):
            raise Refused("stale_button")
        cards, combos = pending
        combo = combos[int(cb.arg)]
        self._playable(query, table, seat, cards, cb.version)
        await self.manager.play_cards(
            table,
            table.seats[seat].user_id,
            cards,
            cb.version,
            reading=(combo.kind, combo.rank, combo.length),
        )
        return None, False, None

    async def _panel_take_back(
        self, query: CallbackQuery, table: Table, seat: int, cb: Callback, lang: str
    ) -> Answer:
        game = table.game
        text = t(lang, "auto_off_you")
        if game is not None and game.auto[seat]:
            self._answer_once(query, text)  # taken back: the AI's answers may follow
        await self.manager.take_back(table, table.seats[seat].user_id)
        return text, False, None


#: button action code -> the ``Buttons`` method that answers it
_Unbound = Callable[[Buttons, CallbackQuery, Callback, str], Awaitable[Answer]]
_UNBOUND_BUTTONS: dict[str, _Unbound] = {"L": Buttons._press_language, "o": Buttons._press_setting}
_GROUP_BUTTONS: dict[str, Callable[[Buttons, _Press], Awaitable[Answer]]] = {
    "j": Buttons._press_join,
    "l": Buttons._press_leave,
    "a": Buttons._press_add_ai,
    "s": Buttons._press_start,
    "S": Buttons._press_show_start,
    "g": Buttons._press_again,
}
_RESULT_BUTTONS: dict[str, _Unbound] = {"g": Buttons._again_after, "l": Buttons._leave_after}
_TABLE_BUTTONS: dict[str, Callable[[Buttons, _Press], Awaitable[Answer]]] = {
    "m": Buttons._press_my_cards,
    "e": Buttons._press_escape,
}
_Panel = Callable[[Buttons, CallbackQuery, Table, int, Callback, str], Awaitable[Answer]]
_PANEL_BUTTONS: dict[str, _Panel] = {
    "r": Buttons._panel_rank,
    "c": Buttons._panel_clear,
    "i": Buttons._panel_hint,
    "P": Buttons._panel_play,
    "w": Buttons._panel_reading,
    "t": Buttons._panel_take_back,
}
