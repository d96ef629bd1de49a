"""Telegram handlers: commands, buttons (``buttons``), typed text (``typed``); one error
handler.

Every handler turns an update into a call on the ``TableManager`` and answers the person in
their language. A refused action gets a short alert (buttons) or reply (typed text) and
changes nothing; a button press is always answered, even when something fails.
"""

from __future__ import annotations

import logging
import time
import unicodedata
from typing import Any

from telegram import Chat, Message, Update, User
from telegram.constants import ChatMemberStatus, ChatType
from telegram.error import TelegramError
from telegram.ext import (
    Application,
    CallbackQueryHandler,
    ChatMemberHandler,
    CommandHandler,
    ContextTypes,
    MessageHandler,
    TypeHandler,
    filters,
)

from ..i18n import lang_from_code, t
from ..render import PlayerRecord, render_profile
from ..storage import AlreadyClaimedError, Ranking, ReliefRefusedError
from .buttons import Buttons
from .codec import CallbackCodec
from .core import RECENT_USERS, Recent, echo
from .group_settings import settings_view
from .manager import Person, Refused, TableManager
from .replay import replay_text
from .table import FINISHED, LOBBY, PLAYING
from .typed import TypedText

__all__ = ["COMMANDS", "Handlers", "install"]

log = logging.getLogger(__name__)

#: command -> aliases (Telegram commands are latin: pinyin aliases for Chinese players)
COMMANDS: dict[str, tuple[str, ...]] = {
    "start": (),
    "help": ("bangzhu",),
    "rules": ("guize",),
    "newgame": ("kaiju", "kaizhuo", "ddz", "doudizhu"),
    "join": ("jiaru",),
    "leave": ("likai", "tuichu"),
    "stop": ("jieshu",),
    "balance": ("douzi", "qianbao"),
    "rank": ("paihang",),
    "daily": ("qiandao",),
    "relief": ("jiuji",),
    "replay": ("huifang",),
    "settings": ("shezhi",),
    "lang": ("yuyan",),
}
GROUP_MENU = ("newgame", "join", "leave", "rank", "replay", "rules", "stop", "settings", "help")
PRIVATE_MENU = (
    "start",
    "balance",
    "daily",
    "relief",
    "rank",
    "replay",
    "lang",
    "leave",
    "rules",
    "help",
)

#: how many recent button presses are remembered as answered (Telegram takes one answer)
ANSWERED_PRESSES = 10_000
#: seconds an answer of Telegram's on who administers a group is trusted
ADMIN_TTL = 60.0
#: words after /newgame -> the game it opens
_MODES = {
    **dict.fromkeys(("classic", "经典", "經典", "jingdian"), "classic"),
    **dict.fromkeys(("points", "point", "score", "jiaofen", "叫分"), "points"),
    **dict.fromkeys(
        ("wild", "wildcard", "laizi", "lz", "癞子", "癩子", "赖子", "賴子"), "wildcard"
    ),
    **dict.fromkeys(("four", "4", "4p", "4人", "四人", "4player", "4players", "siren"), "four"),
}
#: words around a mode that change nothing (/newgame four players)
_MODE_FILLERS = {"players", "player", "people", "game", "mode", "人", "局", "玩法"}


class Handlers(TypedText, Buttons):
    """The handlers, bound to one ``TableManager``."""

    def __init__(self, manager: TableManager, codec: CallbackCodec, default_lang: str) -> None:
        self.manager = manager
        self.codec = codec
        self.default_lang = default_lang
        self._langs = Recent(RECENT_USERS)  # user id -> language, the recent ones
        self._admins = Recent(RECENT_USERS)  # (chat, user) -> until when, is an admin
        self._answered = Recent(ANSWERED_PRESSES)  # button presses answered already

    # ---- who is asking ----------------------------------------------------------------
    def cached_lang(self, user: User | None) -> str:
        """The person's language without asking the database (for answering errors)."""
        cached: str | None = None if user is None else self._langs.get(user.id)
        return cached or self.default_lang

    async def lang_of(self, user: User | None) -> str:
        if user is None:
            return self.default_lang
        cached: str | None = self._langs.get(user.id)
        if cached is not None:
            return cached
        player = await self.manager.db.get_player(user.id)
        lang = (
            (player.language if player is not None and player.language else None)
            or lang_from_code(user.language_code, self.default_lang)
            or self.default_lang
        )
        self._langs.add(user.id, lang)
        return lang

    async def person(self, user: User) -> Person:
        return Person(
            user.id, user.full_name or user.first_name or str(user.id), await self.lang_of(user)
        )

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
        if self._repost_panel(user.id):
            return
        await self.reply(message, t(lang, "welcome"))

    async def help(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        await self.reply(update.message, t(await self.lang_of(update.effective_user), "help"))

    async def rules(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        from ..engine.rules import room_by_key

        chat = update.effective_chat
        lang = await self.lang_of(update.effective_user)
        group = (
            None
            if chat is None or self._private(chat)
            else await self.manager.db.get_group(chat.id)
        )
        room = room_by_key(group.room if group is not None else "beginner")
        settings = self.manager.settings
        await self.reply(
            update.message,
            t(
                lang,
                "rules",
                room=t(lang, f"room_{room.key}"),
                coefficient=room.coefficient,
                fee=room.fee,
                min_beans=room.min_beans,
                threshold=room.double_threshold,
                bid=int(group.bid_seconds if group else settings.bid_timeout),
                double=int(group.double_seconds if group else settings.double_timeout),
                play=int(group.play_seconds if group else settings.play_timeout),
            ),
        )

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
            word = unicodedata.normalize("NFKC", arg).lower().replace("-", "").replace("_", "")
            if word in _MODE_FILLERS:
                continue
            mode = _MODES.get(word)
            if mode is None:  # a game the player wants that we don't know: say which exist
                await self.reply(message, t(lang, "unknown_mode", text=echo(arg)))
                return
        person = await self.person(user)
        try:
            await self.manager.new_table(chat.id, chat.title or "", person, mode)
        except Refused as refusal:
            open_lobby = self.manager.table_in(chat.id)
            if (
                refusal.key == "table_exists"
                and open_lobby is not None
                and open_lobby.phase == LOBBY
            ):
                # the lobby may be far up the chat: its Join button comes down here
                await self.reply(
                    message,
                    refusal.text(lang),
                    reply_markup=self.manager.keyboards.join(open_lobby, lang),
                )
                return
            await self._refused_in_group(message, refusal, lang, chat.id, person)

    async def _refused_in_group(
        self, message: Message | None, refusal: Refused, lang: str, chat_id: int, person: Person
    ) -> None:
        """A refusal answered in the group; one who can't get private messages yet gets the
        ``t.me`` link that finishes sitting down."""
        if refusal.key == "need_dm":
            table = self.manager.table_in(chat_id)
            if table is not None:
                url = self.manager.deep_link(table)
                await self.reply(
                    message,
                    t(lang, "need_dm_group", name=person.name, link=url),
                    reply_markup=self.manager.keyboards.open_dm(url, lang),
                )
                return
        await self.reply(message, refusal.text(lang))

    async def join(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        chat, user, message = update.effective_chat, update.effective_user, update.message
        if chat is None or user is None:
            return
        lang = await self.lang_of(user)
        table = self.manager.table_in(chat.id)
        if self._private(chat):
            await self.reply(message, t(lang, "group_only"))
            return
        if table is None or table.phase != LOBBY:
            await self.reply(
                message,
                t(
                    lang,
                    "join_in_hand" if table is not None and table.phase == PLAYING else "no_table",
                ),
            )
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
            if (
                table is not None
                and table.seat_of(user.id) is None
                and user.id not in table.invited
            ):  # someone invited back declines
                table = None
        if table is None:
            await self.reply(message, t(lang, "not_seated"))
            return
        if table.phase == PLAYING:
            cost = self.manager.escape_cost(table, user.id)
            seat = table.seat_of(user.id)
            assert seat is not None
            await self.reply(
                message,
                t(lang, "escape_confirm", beans=cost),
                reply_markup=self.manager.keyboards.escape(table, seat, lang),
            )
            return
        try:
            await self.manager.leave_table(table, await self.person(user))
        except Refused as refusal:
            await self.reply(message, refusal.text(lang))

    async def _is_admin(self, chat: Chat, user: User) -> bool:
        """Whether ``user`` administers ``chat``, asked of Telegram at most once a minute
        (updates are handled one at a time: a settings panel pressed five times should not
        wait for Telegram five times)."""
        key = hash((chat.id, user.id))
        known = self._admins.get(key)
        if known is not None and known[0] == (chat.id, user.id) and time.monotonic() < known[1]:
            return bool(known[2])
        try:
            member = await self.manager.bot.get_chat_member(chat.id, user.id)
        except TelegramError:
            return False
        admin = member.status in (ChatMemberStatus.ADMINISTRATOR, ChatMemberStatus.OWNER)
        self._admins.add(key, ((chat.id, user.id), time.monotonic() + ADMIN_TTL, admin))
        return admin

    async def _group_admin(self, update: Update) -> tuple[Chat, Message | None, str] | None:
        """The group, message and language of a command only group admins may give; tells
        anyone else why not and returns None."""
        chat, user, message = update.effective_chat, update.effective_user, update.message
        if chat is None or user is None:
            return None
        lang = await self.lang_of(user)
        if self._private(chat):
            await self.reply(message, t(lang, "group_only"))
            return None
        if not await self._is_admin(chat, user):
            await self.reply(message, t(lang, "admin_only"))
            return None
        return chat, message, lang

    async def stop(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        asked = await self._group_admin(update)
        if asked is None:
            return
        chat, message, lang = asked
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
        text = t(
            lang,
            "balance",
            name=person.name,
            title=title,
            beans=player.beans,
            points=player.points,
            wins=player.wins,
            losses=player.losses,
        )
        record = PlayerRecord(
            person.name,
            player.beans,
            player.points,
            player.landlord_wins,
            player.landlord_losses,
            player.farmer_wins,
            player.farmer_losses,
            player.streak,
        )
        self.manager.outbox.spawn(message.reply_photo(render_profile(record, lang), caption=text))

    async def rank(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        chat, user = update.effective_chat, update.effective_user
        lang = await self.lang_of(user)
        args = [a.lower() for a in context.args or ()]
        scope_global = (
            self._private(chat)
            or chat is None
            or any(a in ("global", "all", "quanbu", "全部") for a in args)
        )
        by = (
            Ranking.POINTS
            if any(a in ("points", "jifen", "积分", "積分") for a in args)
            else Ranking.BEANS
        )
        page = await self.manager.db.leaderboard(
            by=by, chat_id=None if scope_global or chat is None else chat.id
        )
        lines = [
            t(
                lang,
                "rank_header",
                scope=t(lang, "scope_global" if scope_global else "scope_group"),
                by=t(lang, f"by_{by.value}"),
            )
        ]
        for entry in page.entries:
            value = entry.beans if by is Ranking.BEANS else entry.points
            lines.append(t(lang, "rank_line", pos=entry.rank, name=entry.display_name, value=value))
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
        await self.reply(
            update.message,
            t(lang, "daily_ok", bonus=claim.amount, beans=claim.balance, streak=claim.streak),
        )

    async def relief(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """救济金: a top-up for a player short of the lowest paid room, a few times a day."""
        user = update.effective_user
        if user is None:
            return
        lang = await self.lang_of(user)
        person = await self.person(user)
        db = self.manager.db
        await db.ensure_player(user.id, person.name)
        try:
            claim = await db.claim_relief(user.id)
        except ReliefRefusedError:
            player = await db.get_player(user.id)
            below = db.economy.relief_below
            key = (
                "relief_not_needed"
                if player is not None and player.beans >= below
                else "relief_used_up"
            )
            await self.reply(update.message, t(lang, key, below=below))
            return
        await self.reply(
            update.message,
            t(lang, "relief_ok", amount=claim.amount, beans=claim.balance, left=claim.claims_left),
        )

    async def replay(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """The last finished hand, play by play: of this group, or in private of the player."""
        chat, user = update.effective_chat, update.effective_user
        if chat is None or user is None:
            return
        lang = await self.lang_of(user)
        db = self.manager.db
        hands = (
            await db.recent_hands(user_id=user.id, limit=1)
            if self._private(chat)
            else await db.recent_hands(chat_id=chat.id, limit=1)
        )
        if not hands:
            await self.reply(update.message, t(lang, "replay_none"))
            return
        await self.reply(update.message, await replay_text(db, hands[0], lang))

    async def lang(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """Each person's own language (a group's is set by its admins in /settings)."""
        lang = await self.lang_of(update.effective_user)
        chat = update.effective_chat
        key = "lang_choose" if chat is None or self._private(chat) else "lang_choose_group"
        await self.reply(
            update.message, t(lang, key), reply_markup=self.manager.keyboards.languages()
        )

    async def settings(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        asked = await self._group_admin(update)
        if asked is None:
            return
        chat, message, _lang = asked
        text, markup = await settings_view(self.manager, chat.id, chat.title or "")
        await self.reply(message, text, reply_markup=markup)

    async def private_chat_alive(
        self,
        update: Update,
        context: ContextTypes.DEFAULT_TYPE,
    ) -> None:
        """A person wrote or pressed in their private chat: it takes messages again."""
        user, chat = update.effective_user, update.effective_chat
        if update.my_chat_member is not None:  # blocking the bot is no sign of life
            return
        if user is not None and chat is not None and self._private(chat) and chat.id == user.id:
            self.manager.reachable_again(user.id)

    # ---- the bot in or out of a group --------------------------------------------------
    async def my_member(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        change = update.my_chat_member
        if change is None:
            return
        status = change.new_chat_member.status
        if status in (ChatMemberStatus.LEFT, ChatMemberStatus.BANNED):
            await self.manager.group_gone(change.chat.id)
        elif (
            status in (ChatMemberStatus.MEMBER, ChatMemberStatus.ADMINISTRATOR)
            and change.old_chat_member.status in (ChatMemberStatus.LEFT, ChatMemberStatus.BANNED)
            and change.chat.type in ("group", "supergroup")
        ):
            # just added to a group: how to play, and where its admins choose the rules
            group = await self.manager.db.get_group(change.chat.id)
            lang = group.language if group is not None else await self.lang_of(change.from_user)
            self.manager.outbox.post(
                change.chat.id, t(lang, "help") + "\n\n" + t(lang, "bot_added_settings")
            )

    # ---- errors -----------------------------------------------------------------------
    async def error(self, update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
        """Whatever failed, the person hears of it: a press gets an alert, a command or typed
        text a reply. Nothing here reads the database (which may be what failed) or raises."""
        log.error("update %s failed", getattr(update, "update_id", "?"), exc_info=context.error)
        if not isinstance(update, Update):
            return
        try:
            lang = self.cached_lang(update.effective_user)
            if update.callback_query is not None:
                self._answer_once(
                    update.callback_query, t(lang, "error_generic"), alert=True, refusal=True
                )
            elif update.effective_message is not None:
                await self.reply(update.effective_message, t(lang, "error_generic"))
        except Exception:
            log.exception("answering the failure of update %s failed", update.update_id)


def install(application: Application[Any, Any, Any, Any, Any, Any], handlers: Handlers) -> None:
    """Register every handler of ``handlers`` on ``application``."""
    for command, aliases in COMMANDS.items():
        application.add_handler(CommandHandler((command, *aliases), getattr(handlers, command)))
    # before anything else: any word or press of a person in their private chat shows that
    # the bot may write there again (they may have blocked it and unblocked it since)
    application.add_handler(TypeHandler(Update, handlers.private_chat_alive), group=-1)
    application.add_handler(CallbackQueryHandler(handlers.button))
    application.add_handler(ChatMemberHandler(handlers.my_member, ChatMemberHandler.MY_CHAT_MEMBER))
    application.add_handler(
        MessageHandler(filters.ChatType.PRIVATE & filters.TEXT & ~filters.COMMAND, handlers.text)
    )
    application.add_error_handler(handlers.error)
