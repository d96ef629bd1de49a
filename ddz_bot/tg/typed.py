"""Typed words in the private chat: plays (33344, 10jqka; 保皇's 8888, 大王 77, dx77), pass,
hint, the decisions before the play (each game's words: its ``GameTyping``), and asking for
the panel again.

A word that means nothing now is answered with what may be typed now, built from the engine's
legal actions; the buttons do the same things (see ``buttons``).
"""

from __future__ import annotations

from telegram import Message, Update
from telegram.ext import ContextTypes

from ddz_bot.games import GAMES
from ddz_bot.kernel import CardParseError, Cards, DecisionKind, Pass, Play, PlayReading, parse_cards

from ..i18n import t
from . import players
from .commands import reply, repost_panel
from .guide import help_text
from .refusals import Refused, echo
from .runtime import Runtime, runtime_of
from .table import PLAYING, Table
from .words import cards_text

__all__ = ["hint", "play_cards", "typed_text"]

_PASS_WORDS = {"pass", "p", "不出", "不要", "要不起", "过", "過", "pass!"}
_HINT_WORDS = {"hint", "h", "提示", "?", "？"}
#: typed words that bring the panel back to the bottom of the private chat
_PANEL_WORDS = {"我的牌", "我的手牌", "手牌", "my cards", "cards", "hand", "panel"}
#: the longest typed text read as a play (a hand has at most 33 cards)
_MAX_TYPED = 80


async def typed_text(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Text typed in the private chat: a play, pass, hint, a decision, the panel again."""
    rt = runtime_of(context)
    user, message = update.effective_user, update.message
    if user is None or message is None or not message.text:
        return
    rt.outbox.awaited(user.id)  # what this chat is sent next answers the words
    lang = await rt.people.lang_of(user)
    table = rt.registry.of_user(user.id)
    if table is None:
        first = rt.people.first_help(user.id)
        reply(rt, message, help_text(lang) if first else t(lang, "no_table_dm"))
        return
    if table.game is None or table.phase != PLAYING:
        reply(rt, message, t(lang, "not_playing"))
        return
    words = message.text.strip()
    lowered = " ".join(words.lower().split())
    if lowered in _PANEL_WORDS:
        repost_panel(rt, user.id)
        return
    typing = GAMES.for_rules(table.rules).typing
    try:
        waiting = table.game.waiting_for()
        if waiting is None or waiting.kind is not DecisionKind.PLAY:
            await rt.hands.apply_person_decision(
                table, user.id, None, lambda g, s: typing.decision(g, s, lowered, lang)
            )
        elif lowered in _PASS_WORDS:
            await rt.hands.apply_person_decision(table, user.id, None, lambda g, s: Pass(s))
        elif lowered in _HINT_WORDS:
            found = await hint(rt, table, user.id)
            reply(
                rt,
                message,
                t(lang, "panel_hint", cards=cards_text(found, lang))
                if found is not None
                else t(lang, "no_hint"),
            )
        else:
            try:
                if len(words) > _MAX_TYPED:
                    raise CardParseError(words[:_MAX_TYPED])
                cards = parse_cards(words)
            except CardParseError:
                reply(rt, message, t(lang, typing.unknown_text, text=echo(words)))
                return
            await _typed_play(rt, table, user.id, cards, message, lang)
    except Refused as refusal:
        reply(rt, message, refusal.text(lang))


async def _typed_play(
    rt: Runtime, table: Table, user_id: int, cards: Cards, message: Message, lang: str
) -> None:
    """A typed play. Cards that read several ways take the R-AMBIG reading (the kind
    with the fewest kickers, then the highest main rank) and the player is told which;
    the buttons ask instead (R-LZ-CHOICE)."""
    game = table.game
    seat = table.seat_of(user_id)
    chosen = None
    waiting = None if game is None else game.waiting_for()
    if game is not None and seat is not None and waiting is not None and seat in waiting:
        chosen = GAMES.for_rules(table.rules).typing.typed_reading(game, cards, lang)
    reading = None if chosen is None else chosen[0]
    await play_cards(rt, table, user_id, cards, None, reading)
    if chosen is not None:
        reply(
            rt,
            message,
            t(lang, "typed_reading", cards=cards_text(cards, lang), combo=chosen[1]),
        )


async def play_cards(
    rt: Runtime,
    table: Table,
    user_id: int,
    cards: Cards,
    version: int | None,
    reading: PlayReading | None = None,
) -> bool:
    """Play ``cards``. From the buttons (``version`` given) with several wildcard
    readings and none chosen, ask which one (returns False: the keyboard now offers the
    readings, R-LZ-CHOICE); typed plays choose their reading before (R-AMBIG)."""
    game = table.game
    if game is not None and reading is None and version is not None:
        seat = table.seat_of(user_id)
        waiting = game.waiting_for()
        if seat is not None and waiting is not None and seat in waiting:
            options = list(GAMES.for_rules(table.rules).typing.readings(game, cards))
            if len(options) > 1:
                rt.presenter.panels.ask_reading(table.id, seat, cards, options)
                rt.hands.refresh_panel(table, seat)
                return False
    await rt.hands.apply_person_decision(
        table, user_id, version, lambda g, s: Play(s, cards, reading)
    )
    return True


async def hint(rt: Runtime, table: Table, user_id: int) -> Cards | None:
    """The next hint for the player whose turn it is to play, selected on their panel (each
    press the next one); None when nothing beats the table."""
    seat = table.seat_of(user_id)
    game = table.game
    waiting = None if game is None else game.waiting_for()
    if (
        seat is None
        or game is None
        or waiting is None
        or waiting.kind is not DecisionKind.PLAY
        or seat not in waiting
    ):
        raise Refused("not_your_turn")
    options = players.hints(game, seat)
    if not options:
        return None
    panels = rt.presenter.panels
    found = options[panels.next_hint(table.id, seat, len(options))]
    panels.select(table.id, seat, found.counts())
    rt.hands.refresh_panel(table, seat)
    return found
