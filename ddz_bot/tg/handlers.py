"""Telegram handlers: commands, buttons, typed plays; one error handler.

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
from ..engine.cards import CardParseError, Cards, parse_cards
from ..engine.views import Phase
from ..i18n import lang_from_code, t
from ..render import PlayerRecord, render_profile
from ..storage import AlreadyClaimedError, Ranking, ReliefRefusedError
from .buttons import Buttons, settings_message
from .codec import CallbackCodec
from .core import RECENT_USERS, Recent, echo
from .keyboards import reading_label
from .manager import Person, Refused, TableManager
from .present import cards_text
from .replay import replay_text
from .table import FINISHED, LOBBY, PLAYING, Table

__all__ = ["COMMANDS", "Bot", "install"]

log = logging.getLogger(__name__)

#: command -> aliases (Telegram commands are latin: pinyin aliases for Chinese players)
COMMANDS: dict[str, tuple[str, ...]] = {
    "start": (), "help": ("bangzhu",), "rules": ("guize",),
    "newgame": ("kaiju", "kaizhuo", "ddz", "doudizhu"), "join": ("jiaru",),
    "leave": ("likai", "tuichu"), "stop": ("jieshu",), "balance": ("douzi", "qianbao"),
    "rank": ("paihang",), "daily": ("qiandao",), "relief": ("jiuji",), "replay": ("huifang",),
    "settings": ("shezhi",), "lang": ("yuyan",),
}
GROUP_MENU = ("newgame", "join", "leave", "rank", "replay", "rules", "stop", "settings",
              "help")
PRIVATE_MENU = ("start", "balance", "daily", "relief", "rank", "replay", "lang", "leave",
                "rules", "help")

_PASS_WORDS = {"pass", "p", "不出", "不要", "要不起", "过", "過", "pass!"}
_HINT_WORDS = {"hint", "h", "提示", "?", "？"}
#: typed words that bring the panel back to the bottom of the private chat
_PANEL_WORDS = {"我的牌", "我的手牌", "手牌", "my cards", "cards", "hand", "panel"}
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
#: seconds an answer of Telegram's on who administers a group is trusted
ADMIN_TTL = 60.0
#: words after /newgame -> the game it opens
_MODES = {
    **dict.fromkeys(("classic", "经典", "經典", "jingdian"), "classic"),
    **dict.fromkeys(("points", "point", "score", "jiaofen", "叫分"), "points"),
    **dict.fromkeys(("wild", "wildcard", "laizi", "lz", "癞子", "癩子", "赖子", "賴子"),
                    "wildcard"),
    **dict.fromkeys(("four", "4", "4p", "4人", "四人", "4player", "4players", "siren"),
                    "four"),
}
#: words around a mode that change nothing (/newgame four players)
_MODE_FILLERS = {"players", "player", "people", "game", "mode", "人", "局", "玩法"}
#: 一二三 typed for a bid of points
_CHINESE_DIGITS = {"一": "1", "二": "2", "两": "2", "兩": "2", "三": "3"}
#: a bid typed with its unit: 3分, 3 pt, 3 points
_POINT_UNITS = ("points", "point", "pts", "pt", "分")


class Bot(Buttons):
    """The handlers, bound to one ``TableManager``."""

    def __init__(self, manager: TableManager, codec: CallbackCodec, default_lang: str) -> None:
        self.manager = manager
        self.codec = codec
        self.default_lang = default_lang
        self._langs = Recent(RECENT_USERS)  # user id -> language, the recent ones
        self._admins = Recent(RECENT_USERS)  # (chat, user) -> until when, is an admin

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
        if self._repost_panel(user.id):
            return
        await self.reply(message, t(lang, "welcome"))

    def _repost_panel(self, user_id: int) -> bool:
        """Someone in a hand asks for their panel: it comes back as a new message at the
        bottom of their chat (the old one deleted). Whether there was one."""
        table = self.manager.table_of(user_id)
        seat = None if table is None else table.seat_of(user_id)
        if table is None or seat is None or not table.in_hand():
            return False
        self.manager.refresh_panel(table, seat, repost=True)
        return True

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
        if self._private(chat):
            await self.reply(message, t(lang, "group_only"))
            return
        if table is None or table.phase != LOBBY:
            await self.reply(message, t(lang, "join_in_hand" if table is not None
                                        and table.phase == PLAYING else "no_table"))
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
        """Whether ``user`` administers ``chat``, asked of Telegram at most once a minute
        (updates are handled one at a time: a settings panel pressed five times should not
        wait for Telegram five times)."""
        key = hash((chat.id, user.id))
        known = self._admins.get(key)
        if known is not None and known[0] == (chat.id, user.id) and \
                time.monotonic() < known[1]:
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
            key = ("relief_not_needed" if player is not None and player.beans >= below
                   else "relief_used_up")
            await self.reply(update.message, t(lang, key, below=below))
            return
        await self.reply(update.message, t(lang, "relief_ok", amount=claim.amount,
                                           beans=claim.balance, left=claim.claims_left))

    async def replay(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """The last finished hand, play by play: of this group, or in private of the player."""
        chat, user = update.effective_chat, update.effective_user
        if chat is None or user is None:
            return
        lang = await self.lang_of(user)
        db = self.manager.db
        hands = (await db.recent_hands(user_id=user.id, limit=1) if self._private(chat)
                 else await db.recent_hands(chat_id=chat.id, limit=1))
        if not hands:
            await self.reply(update.message, t(lang, "replay_none"))
            return
        await self.reply(update.message, await replay_text(db, hands[0], lang))

    async def lang(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        lang = await self.lang_of(update.effective_user)
        await self.reply(update.message, t(lang, "lang_choose"),
                         reply_markup=self.manager.keyboards.languages())

    async def settings(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        asked = await self._group_admin(update)
        if asked is None:
            return
        chat, message, _lang = asked
        text, markup = await settings_message(self.manager, chat.id, chat.title or "")
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
        if lowered in _PANEL_WORDS:
            self._repost_panel(user.id)
            return
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
                    await self.reply(message, t(lang, "unknown_text", text=echo(words)))
                    return
                await self._typed_play(table, user.id, cards, message, lang)
        except Refused as refusal:
            await self.reply(message, refusal.text(lang))

    async def _typed_decision(self, table: Table, user_id: int, lowered: str,
                              message: Message, lang: str) -> None:
        """叫地主 / 不叫 / 抢 / 3分 / 加倍 ... typed instead of pressed: the first legal action
        the words may mean. In points bidding 叫 (叫地主) is the lowest bid allowed. Words that
        mean nothing now get the list of what may be typed now."""
        kinds = _DECISION_WORDS.get(lowered)
        points = _typed_points(lowered)

        def wanted(action: Action) -> bool:
            if points is not None:
                return isinstance(action, Bid) and action.points == points
            return kinds is not None and isinstance(action, kinds)

        def make(game: Any, seat: int) -> Action:
            legal = game.legal_actions(seat)
            if not legal:
                raise Refused("not_your_turn")
            for action in legal:
                if wanted(action):
                    return action  # type: ignore[no-any-return]
            bids = [a for a in legal if isinstance(a, Bid)]
            if kinds is not None and Call in kinds and bids:
                return min(bids, key=lambda bid: bid.points)
            known = kinds is not None or points is not None
            raise Refused("decision_not_now" if known else "unknown_decision", text=lowered,
                          options=_options_text(legal, lang))

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

    # ---- errors -----------------------------------------------------------------------
    async def error(self, update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
        log.error("update %s failed", getattr(update, "update_id", "?"), exc_info=context.error)
        if isinstance(update, Update) and update.callback_query is not None:
            lang = await self.lang_of(update.callback_query.from_user)
            await self._answer(update.callback_query, t(lang, "error_generic"), alert=True)


def _typed_points(lowered: str) -> int | None:
    """A bid of points as typed: 3, 3分, 3 分, 三分, 叫3分, 3 pt, 3 points."""
    text = unicodedata.normalize("NFKC", lowered).replace(" ", "")
    if text.startswith("叫") and len(text) > 1:
        text = text[1:]
    for unit in _POINT_UNITS:
        if text.endswith(unit) and len(text) > len(unit):
            text = text[:-len(unit)]
            break
    text = _CHINESE_DIGITS.get(text, text)
    return int(text) if text in ("1", "2", "3") else None


_SAY_KEYS: dict[type[Action], str] = {Call: "say_call", Decline: "say_no_call",
                                      Grab: "say_grab", NoGrab: "say_no_grab",
                                      Double: "say_double", NoDouble: "say_no_double",
                                      Show: "say_show", NoShow: "say_no_show"}


def _options_text(legal: list[Action], lang: str) -> str:
    """What a player may type now, built from the legal actions: ``叫地主 / 不叫``."""
    words: list[str] = []
    for action in legal:
        if isinstance(action, Bid):
            word = t(lang, "say_bid", n=action.points)
        elif type(action) in _SAY_KEYS:
            word = t(lang, _SAY_KEYS[type(action)])
        else:
            continue
        if word not in words:
            words.append(word)
    return " / ".join(words)


def install(application: Application[Any, Any, Any, Any, Any, Any], bot: Bot) -> None:
    """Register every handler of ``bot`` on ``application``."""
    for command, aliases in COMMANDS.items():
        application.add_handler(CommandHandler((command, *aliases), getattr(bot, command)))
    application.add_handler(CallbackQueryHandler(bot.button))
    application.add_handler(ChatMemberHandler(bot.my_member, ChatMemberHandler.MY_CHAT_MEMBER))
    application.add_handler(MessageHandler(filters.ChatType.PRIVATE & filters.TEXT
                                           & ~filters.COMMAND, bot.text))
    application.add_error_handler(bot.error)


