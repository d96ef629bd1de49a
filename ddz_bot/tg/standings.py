"""/rank and /season: the group's season as a picture, the all-time and global lists as text,
a past season again. Plain handlers; the seasons themselves are ``Seasons``' (``seasons.py``).
"""

from __future__ import annotations

from typing import Final

from telegram import Message, Update
from telegram.ext import ContextTypes

from ddz_bot.games import GAMES

from ..i18n import LANGS, t
from ..render.standings import render_standings
from ..storage import Ranking
from .commands import MODE_FILLERS, is_private, mode_word, modes, reply
from .runtime import Runtime, runtime_of

__all__ = ["game_words", "rank", "season"]

#: words after /rank
_GLOBAL: Final = frozenset({"global", "quanqiu", "全球", "世界"})
_ALL: Final = frozenset({"all", "quanbu", "全部", "总", "總", "alltime"})
_LAST: Final = frozenset({"last", "shangci", "上赛季", "上賽季", "上期", "prev", "previous"})
_POINTS: Final = frozenset({"points", "jifen", "积分", "積分"})


def game_words() -> dict[str, str]:
    """Words that name a game after /rank: its name, its title in each language, and every
    word that opens it with /newgame."""
    words = {mode_word(alias): GAMES.for_rules(variant).name for alias, variant in modes().items()}
    for name in GAMES:
        words[name] = name
        for lang in LANGS:
            words[mode_word(GAMES[name].options.title(lang))] = name
    return words


async def _leaderboard(
    rt: Runtime, message: Message | None, lang: str, chat_id: int | None, by: Ranking
) -> None:
    """The all-time list by beans or points, of a group (``chat_id``) or of everyone."""
    page = await rt.db.leaderboard(by=by, chat_id=chat_id)
    lines = [
        t(
            lang,
            "rank_header",
            scope=t(lang, "scope_global" if chat_id is None else "scope_group"),
            by=t(lang, f"by_{by.value}"),
        )
    ]
    for entry in page.entries:
        value = entry.beans if by is Ranking.BEANS else entry.points
        lines.append(t(lang, "rank_line", pos=entry.rank, name=entry.display_name, value=value))
    if not page.entries:
        lines.append(t(lang, "rank_empty"))
    reply(rt, message, "\n".join(lines))


async def rank(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """In a group: this season's standings as a picture (``last``: the season before; a
    game's word: that game only); ``all``: the group's all-time list, ``global`` (or in
    private): everyone's."""
    rt = runtime_of(context)
    chat, user, message = update.effective_chat, update.effective_user, update.message
    lang = await rt.people.lang_in(chat, user)
    words = {mode_word(a) for a in context.args or ()} - MODE_FILLERS
    by = Ranking.POINTS if words & _POINTS else Ranking.BEANS
    if chat is None or is_private(chat) or words & _GLOBAL:
        await _leaderboard(rt, message, lang, None, by)
        return
    if words & _ALL:
        await _leaderboard(rt, message, lang, chat.id, by)
        return
    game = None
    named = game_words()
    for word in words - _LAST - _POINTS:
        game = named.get(word, game)
    now = await rt.seasons.current(chat.id)
    last = bool(words & _LAST)
    season = now.season.previous() if last else now.season
    board = await rt.seasons.board(
        chat.id, season, final=last, game=game, viewer=None if user is None else user.id
    )
    key = "season_last_caption" if last else "season_caption"
    caption = t(lang, key, season=season.label())
    if message is not None:
        rt.outbox.post(
            chat.id,
            caption,
            photo=lambda: render_standings(board, lang),
            reply_to=message.message_id,
        )


async def season(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """``/season N``: the group's season N's final standings again; ``/season``: the
    group's past seasons."""
    rt = runtime_of(context)
    chat, user, message = update.effective_chat, update.effective_user, update.message
    lang = await rt.people.lang_in(chat, user)
    if chat is None or is_private(chat):
        reply(rt, message, t(lang, "group_only"))
        return
    number = next((int(a) for a in context.args or () if a.isdigit()), None)
    if number is None:
        finals = await rt.db.season_finals(chat.id)
        if not finals:
            reply(rt, message, t(lang, "season_none"))
            return
        lines = "\n".join(
            t(
                lang,
                "season_list_line",
                number=final.number,
                season=rt.seasons.of_final(final).label(),
            )
            for final in finals
        )
        reply(rt, message, t(lang, "season_list", lines=lines))
        return
    final = await rt.db.season_final(chat.id, number)
    if final is None:
        reply(rt, message, t(lang, "season_unknown", number=number))
        return
    past = rt.seasons.of_final(final)
    board = await rt.seasons.board(
        chat.id, past, final=True, viewer=None if user is None else user.id
    )
    if message is not None:
        rt.outbox.post(
            chat.id,
            t(lang, "season_list_line", number=number, season=past.label()),
            photo=lambda: render_standings(board, lang),
            reply_to=message.message_id,
        )
