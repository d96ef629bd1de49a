"""Telegram handlers: commands, buttons, typed plays; one error handler.

Every handler turns an update into a call on the ``TableManager`` and answers the person in
their language. A refused action gets a short alert (buttons) or reply (typed text) and
changes nothing; a button press is always answered, even when something fails.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from telegram import CallbackQuery, Chat, Message, Update, User
from telegram.constants import ChatMemberStatus, ChatType
from telegram.error import TelegramError
from telegram.ext import (
    Application,
    CallbackQueryHandler,
    ChatMemberHandler,
    CommandHandler,
    ContextTypes,
    MessageHandler,
    filters,
)

from ..engine.actions import (
    Action,
    Bid,
    Call,
    Decline,
    Double,
    Grab,
    NoDouble,
    NoGrab,
    NoShow,
    Pass,
)
from ..engine.actions import ShowCards as Show
from ..engine.cards import RANK_CHARS, CardParseError, Cards, parse_cards
from ..engine.views import Phase
from ..i18n import LANGS, lang_from_code, t
from ..render import PlayerRecord, render_profile
from ..storage import AlreadyClaimedError, Ranking
from .codec import BadCallback, Callback, CallbackCodec
from .core import ECHO_LIMIT, RECENT_USERS, Recent
from .group_settings import cycle_setting, settings_view
from .keyboards import reading_label
from .manager import Person, Refused, TableManager
from .present import cards_text
from .table import FINISHED, LOBBY, PLAYING, Table

__all__ = ["COMMANDS", "Bot", "install"]

log = logging.getLogger(__name__)

#: command -> aliases (Telegram commands are latin: pinyin aliases for Chinese players)
COMMANDS: dict[str, tuple[str, ...]] = {
    "start": (), "help": ("bangzhu",), "rules": ("guize",),
    "newgame": ("kaiju", "kaizhuo", "ddz", "doudizhu"), "join": ("jiaru",),
    "leave": ("likai", "tuichu"), "stop": ("jieshu",), "balance": ("douzi", "qianbao"),
    "rank": ("paihang",), "daily": ("qiandao",), "settings": ("shezhi",), "lang": ("yuyan",),
}
GROUP_MENU = ("newgame", "join", "leave", "rank", "rules", "stop", "settings", "help")
PRIVATE_MENU = ("start", "balance", "daily", "rank", "lang", "leave", "rules", "help")

_PASS_WORDS = {"pass", "p", "不出", "不要", "要不起", "过", "過", "pass!"}
_HINT_WORDS = {"hint", "h", "提示", "?", "？"}
#: typed words for the decisions before the play (bidding, doubling, showing the hand):
#: each maps to the kinds of engine action it may mean; the first one legal now is taken
_DECISION_WORDS: dict[str, tuple[type[Action], ...]] = {
    **dict.fromkeys(("叫", "叫地主", "call"), (Call,)),
    **dict.fromkeys(("不叫", "no call"), (Decline,)),
    **dict.fromkeys(_PASS_WORDS, (Decline, NoGrab, NoDouble, NoShow)),
    **dict.fromkeys(("抢", "搶", "抢地主", "搶地主", "grab"), (Grab,)),
    **dict.fromkeys(("不抢", "不搶", "no grab", "nograb"), (NoGrab,)),
    **dict.fromkeys(("加倍", "double"), (Double,)),
    **dict.fromkeys(("不加倍", "no double", "nodouble"), (NoDouble,)),
    **dict.fromkeys(("明牌", "show"), (Show,)),
    **dict.fromkeys(("不明牌", "no show"), (NoShow,)),
}
#: the longest typed text read as a play (a hand has at most 33 cards)
_MAX_TYPED = 80
_MODES = {"classic": "classic", "points": "points", "score": "points", "jiaofen": "points",
          "叫分": "points", "wild": "wildcard", "wildcard": "wildcard", "laizi": "wildcard",
          "癞子": "wildcard", "four": "four", "4": "four", "4p": "four"}


Answer = tuple[str | None, bool, str | None]  # the answer text, as an alert, a url to open


@dataclass(frozen=True, slots=True)
class _Press:
    """A button pressed on a table's message."""

    query: CallbackQuery
    cb: Callback
    lang: str
    table: Table
    person: Person


#: (action, arg) of a decision button -> the engine action it makes for (game, seat)
_DECISION_BUTTONS: dict[tuple[str, str], Callable[[Any, int], Action]] = {
    ("p", ""): lambda g, s: Pass(s),
    ("b", "call"): lambda g, s: Call(s), ("b", "no"): lambda g, s: Decline(s),
    ("b", "pass"): lambda g, s: Decline(s),
    ("b", "grab"): lambda g, s: Grab(s), ("b", "nograb"): lambda g, s: NoGrab(s),
    ("b", "1"): lambda g, s: Bid(s, 1), ("b", "2"): lambda g, s: Bid(s, 2),
    ("b", "3"): lambda g, s: Bid(s, 3),
    ("h", "1"): lambda g, s: Show(s), ("h", "0"): lambda g, s: NoShow(s),
    ("d", "1"): lambda g, s: Double(s), ("d", "0"): lambda g, s: NoDouble(s),
}


class Bot:
    """The handlers, bound to one ``TableManager``."""

    def __init__(self, manager: TableManager, codec: CallbackCodec, default_lang: str) -> None:
        self.manager = manager
        self.codec = codec
        self.default_lang = default_lang
        self._langs = Recent(RECENT_USERS)  # user id -> language, the recent ones

    # ---- who is asking ----------------------------------------------------------------
    async def lang_of(self, user: User | None) -> str:
        if user is None:
            return self.default_lang
        cached: str | None = self._langs.get(user.id)
        if cached is not None:
            return cached
        player = await self.manager.db.get_player(user.id)
        lang = (player.language if player is not None and player.language else None) or \
            lang_from_code(user.language_code, self.default_lang) or self.default_lang
        self._langs.add(user.id, lang)
        return lang

    async def person(self, user: User) -> Person:
        return Person(user.id, user.full_name or user.first_name or str(user.id),
                      await self.lang_of(user))

    async def group_lang(self, chat: Chat) -> str:
        table = self.manager.table_in(chat.id)
        if table is not None:
            return table.lang
        group = await self.manager.db.get_group(chat.id)
        return group.language if group is not None else self.default_lang

    @staticmethod
    def _private(chat: Chat | None) -> bool:
        return chat is not None and chat.type == ChatType.PRIVATE

    async def reply(self, message: Message | None, text: str, **kwargs: Any) -> None:
        if message is None:
            return
        self.manager.outbox.spawn(message.reply_text(text, **kwargs))

    # ---- commands ---------------------------------------------------------------------
    async def start(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        chat, user, message = update.effective_chat, update.effective_user, update.message
        if user is None or chat is None:
            return
        lang = await self.lang_of(user)
        if not self._private(chat):
            await self.reply(message, t(lang, "help"))
            return
        self.manager.reachable_again(user.id)
        payload = context.args[0] if context.args else ""
        if payload.startswith("j"):
            try:
                table = self.manager.get(int(payload[1:], 16))
            except ValueError:
                table = None
            if table is None or table.phase != LOBBY:
                await self.reply(message, t(lang, "join_expired"))
                return
            try:
                await self.manager.join(table, await self.person(user))
            except Refused as refusal:
                if refusal.key != "already_seated":
                    await self.reply(message, refusal.text(lang))
                    return
            if not table.in_hand():
                await self.reply(message, t(lang, "dm_join_done", group=table.title))
            return
        await self.reply(message, t(lang, "welcome"))

    async def help(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        await self.reply(update.message, t(await self.lang_of(update.effective_user), "help"))

    async def rules(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        from ..engine.rules import room_by_key

        chat = update.effective_chat
        lang = await self.lang_of(update.effective_user)
        group = None if chat is None or self._private(chat) else \
            await self.manager.db.get_group(chat.id)
        room = room_by_key(group.room if group is not None else "beginner")
        settings = self.manager.settings
        await self.reply(update.message, t(
            lang, "rules", room=t(lang, f"room_{room.key}"), coefficient=room.coefficient,
            fee=room.fee, min_beans=room.min_beans, threshold=room.double_threshold,
            bid=int(group.bid_seconds if group else settings.bid_timeout),
            double=int(group.double_seconds if group else settings.double_timeout),
            play=int(group.play_seconds if group else settings.play_timeout)))

    async def newgame(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        chat, user, message = update.effective_chat, update.effective_user, update.message
        if chat is None or user is None:
            return
        lang = await self.lang_of(user)
        if self._private(chat):
            await self.reply(message, t(lang, "group_only"))
            return
        mode = None
        for arg in context.args or ():
            mode = _MODES.get(arg.lower(), mode)
        person = await self.person(user)
        try:
            await self.manager.new_table(chat.id, chat.title or "", person, mode)
        except Refused as refusal:
            await self._refused_in_group(message, refusal, lang, chat.id, person)

    async def _refused_in_group(self, message: Message | None, refusal: Refused, lang: str,
                                chat_id: int, person: Person) -> None:
        """A refusal answered in the group; one who can't get private messages yet gets the
        ``t.me`` link that finishes sitting down."""
        if refusal.key == "need_dm":
            table = self.manager.table_in(chat_id)
            if table is not None:
                url = self.manager.deep_link(table)
                await self.reply(message, t(lang, "need_dm_group", name=person.name, link=url),
                                 reply_markup=self.manager.keyboards.open_dm(url, lang))
                return
        await self.reply(message, refusal.text(lang))

    async def join(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        chat, user, message = update.effective_chat, update.effective_user, update.message
        if chat is None or user is None:
            return
        lang = await self.lang_of(user)
        table = self.manager.table_in(chat.id)
        if self._private(chat) or table is None or table.phase != LOBBY:
            await self.reply(message, t(lang, "no_table" if not self._private(chat)
                                        else "group_only"))
            return
        person = await self.person(user)
        try:
            await self.manager.join(table, person)
        except Refused as refusal:
            await self._refused_in_group(message, refusal, lang, chat.id, person)

    async def leave(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        user, message = update.effective_user, update.message
        if user is None:
            return
        lang = await self.lang_of(user)
        table = self.manager.table_of(user.id)
        chat = update.effective_chat
        if chat is not None and not self._private(chat):
            table = self.manager.table_in(chat.id)  # in a group: only that group's table
            if table is not None and table.seat_of(user.id) is None:
                table = None
        if table is None:
            await self.reply(message, t(lang, "not_seated"))
            return
        if table.phase == PLAYING:
            cost = self.manager.escape_cost(table, user.id)
            seat = table.seat_of(user.id)
            assert seat is not None
            await self.reply(message, t(lang, "escape_confirm", beans=cost),
                             reply_markup=self.manager.keyboards.escape(table, seat, lang))
            return
        try:
            await self.manager.leave_lobby(table, await self.person(user))
        except Refused as refusal:
            await self.reply(message, refusal.text(lang))

    async def _is_admin(self, chat: Chat, user: User) -> bool:
        try:
            member = await self.manager.bot.get_chat_member(chat.id, user.id)
        except TelegramError:
            return False
        return member.status in (ChatMemberStatus.ADMINISTRATOR, ChatMemberStatus.OWNER)

    async def stop(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        chat, user, message = update.effective_chat, update.effective_user, update.message
        if chat is None or user is None:
            return
        lang = await self.lang_of(user)
        if self._private(chat):
            await self.reply(message, t(lang, "group_only"))
            return
        if not await self._is_admin(chat, user):
            await self.reply(message, t(lang, "admin_only"))
            return
        table = self.manager.table_in(chat.id)
        if table is None or table.phase == FINISHED:
            await self.reply(message, t(lang, "no_table"))
            return
        await self.manager.stop(table)

    async def balance(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        chat, user, message = update.effective_chat, update.effective_user, update.message
        if user is None or message is None:
            return
        lang = await self.lang_of(user)
        person = await self.person(user)
        db = self.manager.db
        await db.ensure_player(user.id, person.name)
        group_id = None if self._private(chat) or chat is None else chat.id
        card = await db.player_card(user.id, group_id)
        if card is None:
            return
        player = card.player
        from ..render.labels import title_index, title_name

        title = title_name(title_index(player.beans), lang)
        text = t(lang, "balance", name=person.name, title=title, beans=player.beans,
                 points=player.points, wins=player.wins, losses=player.losses)
        record = PlayerRecord(person.name, player.beans, player.points, player.landlord_wins,
                              player.landlord_losses, player.farmer_wins,
                              player.farmer_losses, player.streak)
        self.manager.outbox.spawn(message.reply_photo(render_profile(record, lang),
                                                      caption=text))

    async def rank(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        chat, user = update.effective_chat, update.effective_user
        lang = await self.lang_of(user)
        args = [a.lower() for a in context.args or ()]
        scope_global = self._private(chat) or chat is None or \
            any(a in ("global", "all", "quanbu", "全部") for a in args)
        by = Ranking.POINTS if any(a in ("points", "jifen", "积分", "積分") for a in args) \
            else Ranking.BEANS
        page = await self.manager.db.leaderboard(
            by=by, chat_id=None if scope_global or chat is None else chat.id)
        lines = [t(lang, "rank_header", scope=t(lang, "scope_global" if scope_global
                                                   else "scope_group"),
                   by=t(lang, f"by_{by.value}"))]
        for entry in page.entries:
            value = entry.beans if by is Ranking.BEANS else entry.points
            lines.append(t(lang, "rank_line", pos=entry.rank, name=entry.display_name,
                           value=value))
        if not page.entries:
            lines.append(t(lang, "rank_empty"))
        await self.reply(update.message, "\n".join(lines))

    async def daily(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        user = update.effective_user
        if user is None:
            return
        lang = await self.lang_of(user)
        person = await self.person(user)
        await self.manager.db.ensure_player(user.id, person.name)
        try:
            claim = await self.manager.db.claim_daily(user.id)
        except AlreadyClaimedError:
            await self.reply(update.message, t(lang, "daily_again"))
            return
        await self.reply(update.message, t(lang, "daily_ok", bonus=claim.amount,
                                           beans=claim.balance, streak=claim.streak))

    async def lang(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        lang = await self.lang_of(update.effective_user)
        await self.reply(update.message, t(lang, "lang_choose"),
                         reply_markup=self.manager.keyboards.languages())

    async def settings(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        chat, user, message = update.effective_chat, update.effective_user, update.message
        if chat is None or user is None:
            return
        lang = await self.lang_of(user)
        if self._private(chat):
            await self.reply(message, t(lang, "group_only"))
            return
        if not await self._is_admin(chat, user):
            await self.reply(message, t(lang, "admin_only"))
            return
        text, markup = await settings_view(self.manager, chat.id, chat.title or "")
        await self.reply(message, text, reply_markup=markup)

    # ---- the bot in or out of a group --------------------------------------------------
    async def my_member(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        change = update.my_chat_member
        if change is None:
            return
        if change.new_chat_member.status in (ChatMemberStatus.LEFT, ChatMemberStatus.BANNED):
            await self.manager.group_gone(change.chat.id)

    # ---- typed plays in the DM ---------------------------------------------------------
    async def text(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        user, message = update.effective_user, update.message
        if user is None or message is None or not message.text:
            return
        self.manager.reachable_again(user.id)
        lang = await self.lang_of(user)
        table = self.manager.table_of(user.id)
        if table is None:
            await self.reply(message, t(lang, "help"))
            return
        if table.game is None or table.phase != PLAYING:
            await self.reply(message, t(lang, "not_playing"))
            return
        words = message.text.strip()
        lowered = " ".join(words.lower().split())
        try:
            if table.game.phase is not Phase.PLAYING:
                await self._typed_decision(table, user.id, lowered, message, lang)
            elif lowered in _PASS_WORDS:
                await self.manager.decide(table, user.id, None, lambda g, s: Pass(s))
            elif lowered in _HINT_WORDS:
                hint = await self._hint(table, user.id)
                await self.reply(message, t(lang, "panel_hint", cards=cards_text(hint, lang))
                                 if hint is not None else t(lang, "no_hint"))
            else:
                try:
                    if len(words) > _MAX_TYPED:
                        raise CardParseError(words[:_MAX_TYPED])
                    cards = parse_cards(words)
                except CardParseError:
                    await self.reply(message, t(lang, "unknown_text", text=_echo(words)))
                    return
                await self._typed_play(table, user.id, cards, message, lang)
        except Refused as refusal:
            await self.reply(message, refusal.text(lang))

    async def _typed_decision(self, table: Table, user_id: int, lowered: str,
                              message: Message, lang: str) -> None:
        """叫地主 / 不叫 / 抢 / 1 2 3 / 加倍 ... typed instead of pressed: the first legal
        action the words may mean."""
        kinds = _DECISION_WORDS.get(lowered)
        points = int(lowered) if lowered in ("1", "2", "3") else None
        if kinds is None and points is None:
            await self.reply(message, t(lang, "unknown_decision", text=_echo(lowered)))
            return

        def wanted(action: Action) -> bool:
            if points is not None:
                return isinstance(action, Bid) and action.points == points
            return kinds is not None and isinstance(action, kinds)

        def make(game: Any, seat: int) -> Action:
            legal = game.legal_actions(seat)
            for action in legal:
                if wanted(action):
                    return action  # type: ignore[no-any-return]
            raise Refused("illegal" if legal else "not_your_turn")

        await self.manager.decide(table, user_id, None, make)

    async def _typed_play(self, table: Table, user_id: int, cards: Cards, message: Message,
                          lang: str) -> None:
        """A typed play. Cards that read several ways take the R-AMBIG reading (the kind
        with the fewest kickers, then the highest main rank) and the player is told which;
        the buttons ask instead (R-LZ-CHOICE)."""
        from ..engine.combos import typed_reading

        game = table.game
        seat = table.seat_of(user_id)
        chosen = None
        if game is not None and seat is not None and game.turn == seat:
            chosen = typed_reading(game.readings(cards)) \
                if len(game.readings(cards)) > 1 else None
        reading = None if chosen is None else (chosen.kind, chosen.rank, chosen.length)
        await self.manager.play_cards(table, user_id, cards, None, reading)
        if chosen is not None:
            await self.reply(message, t(lang, "typed_reading", cards=cards_text(cards, lang),
                                        combo=reading_label(chosen, lang)))

    async def _hint(self, table: Table, user_id: int) -> Cards | None:
        from . import players

        seat = table.seat_of(user_id)
        game = table.game
        if seat is None or game is None or game.phase is not Phase.PLAYING or game.turn != seat:
            raise Refused("not_your_turn")
        options = players.hints(game, seat)
        if not options:
            return None
        index = table.hint_cursor.get(seat, -1) + 1
        if index >= len(options):
            index = 0
        table.hint_cursor[seat] = index
        hint = options[index]
        table.selections[seat] = hint.counts()
        self.manager.refresh_panel(table, seat)
        return hint

    # ---- buttons ----------------------------------------------------------------------
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
            await self._answer(query, refusal.text(lang), alert=True)
            return
        except BadCallback:  # signed by us, yet asking for something that doesn't exist
            await self._answer(query, t(lang, "bad_button"), alert=True)
            return
        await self._answer(query, text, alert=alert, url=url)

    async def _answer(self, query: CallbackQuery, text: str | None = None, *,
                      alert: bool = False, url: str | None = None) -> None:
        """Answer the button press (sent in the background: the update is done)."""
        self.manager.outbox.spawn(query.answer(text[:190] if text else None,
                                               show_alert=alert, url=url))

    async def _press(self, query: CallbackQuery, cb: Callback, lang: str) -> Answer:
        """Do what the button asks; return (answer text, as alert, url to open)."""
        message = query.message
        chat_id = message.chat.id if message is not None else None
        unbound = _UNBOUND_BUTTONS.get(cb.action)
        if unbound is not None:
            return await unbound(self, query, cb, lang)
        table = self.manager.get(cb.table)
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
        return await self._panel(table, seat, cb, lang)

    # buttons on no table
    async def _press_language(self, query: CallbackQuery, cb: Callback, lang: str) -> Answer:
        if cb.arg not in LANGS:
            raise BadCallback(cb.arg, "unknown language")
        user = query.from_user
        await self.manager.db.ensure_player(user.id, user.full_name or str(user.id))
        await self.manager.db.set_language(user.id, cb.arg)
        self._langs.add(user.id, cb.arg)
        return t(cb.arg, "lang_set"), False, None

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
            await self.manager.join(press.table, press.person)
        except Refused as refusal:
            if refusal.key == "need_dm":
                return None, False, self.manager.deep_link(press.table)
            raise
        return t(press.lang, "joined", name=press.person.name), False, None

    async def _press_leave(self, press: _Press) -> Answer:
        await self.manager.leave_lobby(press.table, press.person)
        return t(press.lang, "left", name=press.person.name), False, None

    async def _press_add_ai(self, press: _Press) -> Answer:
        await self.manager.add_ai(press.table, press.person)
        return None, False, None

    async def _press_start(self, press: _Press) -> Answer:
        await self.manager.start(press.table, press.person, show=press.cb.action == "S")
        return None, False, None

    async def _press_again(self, press: _Press) -> Answer:
        manager = self.manager
        try:
            await manager.again(press.table, press.person)
        except Refused as refusal:
            fresh = manager.table_in(press.table.chat_id)
            if refusal.key == "need_dm" and fresh is not None:
                return None, False, manager.deep_link(fresh)
            raise
        return None, False, None

    # buttons of a table, wherever they are
    async def _press_my_cards(self, press: _Press) -> Answer:
        table = press.table
        seat = table.seat_of(press.person.id)
        if seat is None or table.game is None:
            raise Refused("not_seated")
        if press.cb.version != table.hand_version:
            raise Refused("stale_button")
        return t(press.lang, "my_cards", cards=cards_text(table.game.hand(seat),
                                                          press.lang)), True, None

    async def _press_escape(self, press: _Press) -> Answer:
        table, cb = press.table, press.cb
        seat = table.seat_of(press.person.id)
        if seat is None or cb.arg[1:] != str(seat):
            raise Refused("foreign_button")
        if cb.version != table.hand_version or table.phase != PLAYING:
            raise Refused("stale_button")
        if press.query.message is not None:
            self.manager.outbox.spawn(press.query.delete_message())
        if cb.arg[:1] == "y":
            await self.manager.escape(table, press.person.id)
        return None, False, None

    async def _panel(self, table: Table, seat: int, cb: Callback, lang: str) -> Answer:
        game = table.game
        if game is None or table.phase != PLAYING or cb.version < table.hand_version:
            raise Refused("stale_button")
        button = _PANEL_BUTTONS.get(cb.action)
        if button is not None:
            return await button(self, table, seat, cb, lang)
        make = _DECISION_BUTTONS.get((cb.action, cb.arg))
        if make is None:
            raise BadCallback(f"{cb.action}:{cb.arg}", "no such decision")
        await self.manager.decide(table, table.seats[seat].user_id, cb.version, make)
        return None, False, None

    # buttons of a player's panel
    async def _panel_rank(self, table: Table, seat: int, cb: Callback, lang: str) -> Answer:
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

    async def _panel_clear(self, table: Table, seat: int, cb: Callback, lang: str) -> Answer:
        table.selections.pop(seat, None)
        table.readings.pop(seat, None)
        self.manager.refresh_panel(table, seat)
        return None, False, None

    async def _panel_hint(self, table: Table, seat: int, cb: Callback, lang: str) -> Answer:
        if cb.version != table.version:
            raise Refused("stale_button")
        hint = await self._hint(table, table.seats[seat].user_id)
        if hint is None:
            return t(lang, "no_hint"), False, None
        return t(lang, "panel_hint", cards=cards_text(hint, lang)), False, None

    async def _panel_play(self, table: Table, seat: int, cb: Callback, lang: str) -> Answer:
        selection = table.selections.get(seat)
        if not selection or not any(selection):
            raise Refused("nothing_selected")
        await self.manager.play_cards(table, table.seats[seat].user_id,
                                      Cards.from_counts(selection), cb.version)
        return None, False, None

    async def _panel_reading(self, table: Table, seat: int, cb: Callback, lang: str,
                             ) -> Answer:
        pending = table.readings.get(seat)
        if pending is None or not cb.arg.isdigit() or int(cb.arg) >= len(pending[1]):
            raise Refused("stale_button")
        cards, combos = pending
        combo = combos[int(cb.arg)]
        await self.manager.play_cards(table, table.seats[seat].user_id, cards, cb.version,
                                      reading=(combo.kind, combo.rank, combo.length))
        return None, False, None

    async def _panel_take_back(self, table: Table, seat: int, cb: Callback, lang: str,
                               ) -> Answer:
        await self.manager.take_back(table, table.seats[seat].user_id)
        return t(lang, "auto_off", name=table.seats[seat].name), False, None

    # ---- errors -----------------------------------------------------------------------
    async def error(self, update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
        log.error("update %s failed", getattr(update, "update_id", "?"), exc_info=context.error)
        if isinstance(update, Update) and update.callback_query is not None:
            lang = await self.lang_of(update.callback_query.from_user)
            await self._answer(update.callback_query, t(lang, "error_generic"), alert=True)


#: button action code -> the ``Bot`` method that answers it
_UNBOUND_BUTTONS: dict[str, Callable[[Bot, CallbackQuery, Callback, str], Awaitable[Answer]]] = {
    "L": Bot._press_language, "o": Bot._press_setting}
_GROUP_BUTTONS: dict[str, Callable[[Bot, _Press], Awaitable[Answer]]] = {
    "j": Bot._press_join, "l": Bot._press_leave, "a": Bot._press_add_ai,
    "s": Bot._press_start, "S": Bot._press_start, "g": Bot._press_again}
_TABLE_BUTTONS: dict[str, Callable[[Bot, _Press], Awaitable[Answer]]] = {
    "m": Bot._press_my_cards, "e": Bot._press_escape}
_PANEL_BUTTONS: dict[str, Callable[[Bot, Table, int, Callback, str], Awaitable[Answer]]] = {
    "r": Bot._panel_rank, "c": Bot._panel_clear, "i": Bot._panel_hint,
    "P": Bot._panel_play, "w": Bot._panel_reading, "t": Bot._panel_take_back}


def _echo(text: str) -> str:
    """A player's own words, repeated back short."""
    return text if len(text) <= ECHO_LIMIT else text[:ECHO_LIMIT - 1] + "…"


def install(application: Application[Any, Any, Any, Any, Any, Any], bot: Bot) -> None:
    """Register every handler of ``bot`` on ``application``."""
    for command, aliases in COMMANDS.items():
        application.add_handler(CommandHandler((command, *aliases), getattr(bot, command)))
    application.add_handler(CallbackQueryHandler(bot.button))
    application.add_handler(ChatMemberHandler(bot.my_member, ChatMemberHandler.MY_CHAT_MEMBER))
    application.add_handler(MessageHandler(filters.ChatType.PRIVATE & filters.TEXT
                                           & ~filters.COMMAND, bot.text))
    application.add_error_handler(bot.error)


