"""Command handlers: plain functions of the update, finding the bot's parts in the
application (``runtime_of``). Each answers the person in their language; a refused action
gets a short reply and changes nothing."""

from __future__ import annotations

import unicodedata

from telegram import Chat, InlineKeyboardMarkup, Message, Update
from telegram.constants import ChatType
from telegram.ext import ContextTypes

from ddz_bot.games import GAMES
from ddz_bot.kernel import room_by_key
from ddz_bot.render import PlayerRecord, render_profile
from ddz_bot.render.labels import title_index, title_name

from ..i18n import t
from ..storage import AlreadyClaimedError, ReliefRefusedError
from .group_settings import settings_view
from .guide import help_text, rules_text, unknown_mode_text, welcome_text
from .people import Person
from .record import record_columns, record_lines, tournament_lines
from .refusals import Refused, echo
from .replay import replay_text
from .runtime import Runtime, runtime_of
from .table import FINISHED, LOBBY, PLAYING

__all__ = [
    "COMMANDS",
    "GROUP_MENU",
    "MODE_FILLERS",
    "PRIVATE_MENU",
    "is_private",
    "mode_word",
    "modes",
    "reply",
    "repost_panel",
]

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
    "season": ("saiji",),
    "tournament": ("bisai",),
    "daily": ("qiandao",),
    "relief": ("jiuji",),
    "replay": ("huifang",),
    "settings": ("shezhi",),
    "lang": ("yuyan",),
}
GROUP_MENU = (
    "newgame",
    "join",
    "leave",
    "rank",
    "season",
    "tournament",
    "replay",
    "rules",
    "stop",
    "settings",
    "help",
)
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

#: words around a mode that change nothing (/newgame four players)
MODE_FILLERS = {"players", "player", "people", "game", "mode", "人", "局", "玩法"}


def modes() -> dict[str, str]:
    """Words after /newgame -> the game or variant each opens (every game's aliases)."""
    return {word: variant for name in GAMES for word, variant in GAMES[name].aliases.items()}


def is_private(chat: Chat | None) -> bool:
    return chat is not None and chat.type == ChatType.PRIVATE


def reply(
    rt: Runtime,
    message: Message | None,
    text: str,
    *,
    reply_markup: InlineKeyboardMarkup | None = None,
) -> None:
    """Reply in the background, at the chat's pace: a group's 20 messages a minute and a
    private chat's one a second count every message, a table's and an answer's alike."""
    if message is None:
        return
    rt.outbox.post(message.chat.id, text, reply_markup, reply_to=message.message_id)


def repost_panel(rt: Runtime, user_id: int) -> bool:
    """Someone in a hand asks for their panel: it comes back as a new message at the
    bottom of their chat (the old one deleted). Whether there was one."""
    table = rt.registry.of_user(user_id)
    seat = None if table is None else table.seat_of(user_id)
    if table is None or seat is None or not table.in_hand():
        return False
    rt.hands.refresh_panel(table, seat, repost=True)
    return True


async def start(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    rt = runtime_of(context)
    chat, user, message = update.effective_chat, update.effective_user, update.message
    if user is None or chat is None:
        return
    lang = await rt.people.lang_in(update.effective_chat, user)
    if not is_private(chat):
        reply(rt, message, help_text(lang))
        return
    payload = context.args[0] if context.args else ""
    if payload.startswith("j"):
        try:
            table = rt.registry.get(int(payload[1:], 16))
        except ValueError:
            table = None
        if table is None or table.phase != LOBBY:
            reply(rt, message, t(lang, "join_expired"))
            return
        try:
            await rt.lobby.join(table, await rt.people.person(user))
        except Refused as refusal:
            if refusal.key != "already_seated":
                reply(rt, message, refusal.text(lang))
                return
        seat = table.seat_of(user.id)
        if not table.in_hand():
            reply(rt, message, t(lang, "dm_join_done", group=table.title))
        elif seat is not None:  # sitting down dealt the hand: the first panel says so
            rt.presenter.panels.sat_down(table.id, seat)
            rt.hands.refresh_panel(table, seat)
        return
    if repost_panel(rt, user.id):
        return
    reply(rt, message, welcome_text(lang))


async def help(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    rt = runtime_of(context)
    reply(
        rt,
        update.message,
        help_text(await rt.people.lang_in(update.effective_chat, update.effective_user)),
    )


async def rules(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Every hosted game's rules with the group's room and time limits; ``/rules pdk``: that
    game's alone (any word that opens it with /newgame)."""
    rt = runtime_of(context)
    chat = update.effective_chat
    lang = await rt.people.lang_in(update.effective_chat, update.effective_user)
    only = None
    for arg in context.args or ():
        word = mode_word(arg)
        if word in MODE_FILLERS:
            continue
        variant = modes().get(word)
        if variant is None:
            reply(rt, update.message, unknown_mode_text(lang, echo(arg)))
            return
        only = GAMES.for_rules(variant)
    group = None if chat is None or is_private(chat) else await rt.db.get_group(chat.id)
    room = room_by_key(group.room if group is not None else "beginner")
    settings = rt.settings
    seconds = (
        int(group.bid_seconds if group else settings.bid_timeout),
        int(group.double_seconds if group else settings.double_timeout),
        int(group.play_seconds if group else settings.play_timeout),
    )
    reply(rt, update.message, rules_text(lang, room, seconds, only))


def mode_word(arg: str) -> str:
    """A word after /newgame or /rules as the games' aliases spell it."""
    return unicodedata.normalize("NFKC", arg).lower().replace("-", "").replace("_", "")


async def newgame(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    rt = runtime_of(context)
    chat, user, message = update.effective_chat, update.effective_user, update.message
    if chat is None or user is None:
        return
    lang = await rt.people.lang_in(update.effective_chat, user)
    if is_private(chat):
        reply(rt, message, t(lang, "group_only"))
        return
    mode = None
    for arg in context.args or ():
        word = mode_word(arg)
        if word in MODE_FILLERS:
            continue
        mode = modes().get(word)
        if mode is None:  # a game the player wants that we don't know: say which exist
            reply(rt, message, unknown_mode_text(lang, echo(arg)))
            return
    person = await rt.people.person(user)
    try:
        await rt.lobby.new_table(chat.id, chat.title or "", person, mode)
    except Refused as refusal:
        open_lobby = rt.registry.in_chat(chat.id)
        if refusal.key == "table_exists" and open_lobby is not None and open_lobby.phase == LOBBY:
            # the lobby may be far up the chat: its Join button comes down here
            reply(
                rt,
                message,
                refusal.text(lang),
                reply_markup=rt.keyboards.join(open_lobby, lang),
            )
            return
        await _refused_in_group(rt, message, refusal, person.lang, chat.id, person)


async def _refused_in_group(
    rt: Runtime, message: Message | None, refusal: Refused, lang: str, chat_id: int, person: Person
) -> None:
    """A refusal answered in the group, in the language of the one it speaks to (``lang``);
    one who can't get private messages yet gets the ``t.me`` link that finishes sitting
    down."""
    if refusal.key == "need_dm":
        table = rt.registry.in_chat(chat_id)
        if table is not None:
            url = rt.deep_link(table)
            reply(
                rt,
                message,
                t(lang, "need_dm_group", name=person.name, link=url),
                reply_markup=rt.keyboards.open_dm(url, lang),
            )
            return
    reply(rt, message, refusal.text(lang))


async def join(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    rt = runtime_of(context)
    chat, user, message = update.effective_chat, update.effective_user, update.message
    if chat is None or user is None:
        return
    lang = await rt.people.lang_in(update.effective_chat, user)
    table = rt.registry.in_chat(chat.id)
    if is_private(chat):
        reply(rt, message, t(lang, "group_only"))
        return
    if table is None or table.phase != LOBBY:
        reply(
            rt,
            message,
            t(
                lang,
                "join_in_hand" if table is not None and table.phase == PLAYING else "no_table",
            ),
        )
        return
    person = await rt.people.person(user)
    try:
        await rt.lobby.join(table, person)
    except Refused as refusal:
        await _refused_in_group(rt, message, refusal, person.lang, chat.id, person)


async def leave(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    rt = runtime_of(context)
    user, message = update.effective_user, update.message
    if user is None:
        return
    lang = await rt.people.lang_of(user)  # whether one may leave is one's own business
    table = rt.registry.of_user(user.id)
    chat = update.effective_chat
    if chat is not None and not is_private(chat):
        table = rt.registry.in_chat(chat.id)  # in a group: only that group's table
        if (
            table is not None and table.seat_of(user.id) is None and user.id not in table.invited
        ):  # someone invited back declines
            table = None
    if table is None:
        reply(rt, message, t(lang, "not_seated"))
        return
    if table.phase == PLAYING:
        cost = rt.hands.escape_cost(table, user.id)
        seat = table.seat_of(user.id)
        assert seat is not None
        reply(
            rt,
            message,
            t(lang, "escape_confirm", beans=cost),
            reply_markup=rt.keyboards.escape(table, seat, lang),
        )
        return
    try:
        await rt.lobby.leave_table(table, await rt.people.person(user))
    except Refused as refusal:
        reply(rt, message, refusal.text(lang))


async def _group_admin(rt: Runtime, update: Update) -> tuple[Chat, Message | None, str] | None:
    """The group, message and language of a command only group admins may give; tells
    anyone else why not and returns None."""
    chat, user, message = update.effective_chat, update.effective_user, update.message
    if chat is None or user is None:
        return None
    lang = await rt.people.lang_in(update.effective_chat, user)
    if is_private(chat):
        reply(rt, message, t(lang, "group_only"))
        return None
    if not await rt.people.is_admin(chat, user):
        reply(rt, message, t(lang, "admin_only"))
        return None
    return chat, message, lang


async def stop(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    rt = runtime_of(context)
    asked = await _group_admin(rt, update)
    if asked is None:
        return
    chat, message, lang = asked
    table = rt.registry.in_chat(chat.id)
    if table is None or table.phase == FINISHED:
        reply(rt, message, t(lang, "no_table"))
        return
    await rt.ending.stop(table)


async def balance(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    rt = runtime_of(context)
    chat, user, message = update.effective_chat, update.effective_user, update.message
    if user is None or message is None:
        return
    lang = await rt.people.lang_in(update.effective_chat, user)
    person = await rt.people.person(user)
    db = rt.db
    await db.ensure_player(user.id, person.name)
    group_id = None if is_private(chat) or chat is None else chat.id
    card = await db.player_card(user.id, group_id)
    if card is None:
        return
    player = card.player
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
    text += "".join("\n" + line for line in record_lines(player, lang))
    past = await db.finished_tournaments_of(user.id)
    text += "".join("\n" + line for line in tournament_lines(past, user.id, lang))
    record = PlayerRecord(
        person.name,
        player.beans,
        player.points,
        streak=player.streak,
        columns=record_columns(player, lang),
        totals=(player.wins, player.losses),
    )
    rt.outbox.post(
        message.chat.id,
        text,
        photo=lambda: render_profile(record, lang),
        reply_to=message.message_id,
    )


async def daily(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    rt = runtime_of(context)
    user = update.effective_user
    if user is None:
        return
    lang = await rt.people.lang_in(update.effective_chat, user)
    person = await rt.people.person(user)
    await rt.db.ensure_player(user.id, person.name)
    try:
        claim = await rt.db.claim_daily(user.id)
    except AlreadyClaimedError:
        reply(rt, update.message, t(lang, "daily_again"))
        return
    reply(
        rt,
        update.message,
        t(lang, "daily_ok", bonus=claim.amount, beans=claim.balance, streak=claim.streak),
    )


async def relief(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """救济金: a top-up for a player short of the lowest paid room, a few times a day."""
    rt = runtime_of(context)
    user = update.effective_user
    if user is None:
        return
    lang = await rt.people.lang_in(update.effective_chat, user)
    person = await rt.people.person(user)
    db = rt.db
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
        reply(rt, update.message, t(lang, key, below=below))
        return
    reply(
        rt,
        update.message,
        t(lang, "relief_ok", amount=claim.amount, beans=claim.balance, left=claim.claims_left),
    )


async def replay(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """The last finished hand, play by play: of this group, or in private of the player."""
    rt = runtime_of(context)
    chat, user = update.effective_chat, update.effective_user
    if chat is None or user is None:
        return
    lang = await rt.people.lang_in(update.effective_chat, user)
    db = rt.db
    hands = (
        await db.recent_hands(user_id=user.id, limit=1)
        if is_private(chat)
        else await db.recent_hands(chat_id=chat.id, limit=1)
    )
    if not hands:
        reply(rt, update.message, t(lang, "replay_none"))
        return
    reply(rt, update.message, await replay_text(db, hands[0], lang))


async def lang(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Each person's own language (a group's is set by its admins in /settings)."""
    rt = runtime_of(context)
    lang = await rt.people.lang_in(update.effective_chat, update.effective_user)
    chat = update.effective_chat
    key = "lang_choose" if chat is None or is_private(chat) else "lang_choose_group"
    reply(rt, update.message, t(lang, key), reply_markup=rt.keyboards.languages())


async def settings(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    rt = runtime_of(context)
    asked = await _group_admin(rt, update)
    if asked is None:
        return
    chat, message, _lang = asked
    text, markup = await settings_view(rt.db, rt.settings, rt.keyboards, chat.id, chat.title or "")
    reply(rt, message, text, reply_markup=markup)
