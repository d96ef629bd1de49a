"""Typed words in the private chat: plays (33344, 10jqka; 保皇's 8888, 大王 77, dx77), pass,
hint, the decisions before the play (叫地主, 3分, 加倍...; 保皇's in ``baohuang.typed``), and
asking for the panel again.

A word that means nothing now is answered with what may be typed now, built from the engine's
legal actions; the buttons do the same things (see ``buttons``).
"""

from __future__ import annotations

import unicodedata
from typing import Any

from telegram import Message, Update
from telegram.ext import ContextTypes

from ddz_bot.games.baohuang.engine import BaoHuangGame
from ddz_bot.games.baohuang.engine import Phase as BhPhase
from ddz_bot.games.doudizhu.engine import (
    Bid,
    Call,
    Decline,
    Game,
    NoDouble,
    NoGrab,
    NoShow,
    Phase,
    Reading,
    typed_reading,
)
from ddz_bot.kernel import Action, CardParseError, Cards, DecisionKind, Pass, Play, parse_cards

from ..i18n import t
from . import players
from .baohuang.typed import bh_typed_decision
from .commands import reply, repost_panel
from .keyboards import DECISIONS, decision_of, reading_label
from .refusals import Refused, echo
from .runtime import Runtime, runtime_of
from .table import PLAYING, Table
from .words import cards_text

__all__ = ["hint", "play_cards", "typed_text"]

_PASS_WORDS = {"pass", "p", "不出", "不要", "要不起", "过", "過", "pass!"}
_HINT_WORDS = {"hint", "h", "提示", "?", "？"}
#: typed words that bring the panel back to the bottom of the private chat
_PANEL_WORDS = {"我的牌", "我的手牌", "手牌", "my cards", "cards", "hand", "panel"}
#: typed words for the decisions before the play (bidding, doubling, showing the hand):
#: each maps to the kinds of engine action it may mean; the first one legal now is taken
#: (the words of each decision are in ``keyboards.DECISIONS``; pass means any "no")
_DECISION_WORDS: dict[str, tuple[type[Action], ...]] = {
    **dict.fromkeys(_PASS_WORDS, (Decline, NoGrab, NoDouble, NoShow)),
    **{word: (decision.kind,) for decision in DECISIONS for word in decision.words},
}
#: the longest typed text read as a play (a hand has at most 33 cards)
_MAX_TYPED = 80
#: 一二三 typed for a bid of points
_CHINESE_DIGITS = {"一": "1", "二": "2", "两": "2", "兩": "2", "三": "3"}
#: a bid typed with its unit: 3分, 3 pt, 3 points
_POINT_UNITS = ("points", "point", "pts", "pt", "分")


async def typed_text(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Text typed in the private chat: a play, pass, hint, a decision, the panel again."""
    rt = runtime_of(context)
    user, message = update.effective_user, update.message
    if user is None or message is None or not message.text:
        return
    lang = await rt.people.lang_of(user)
    table = rt.registry.of_user(user.id)
    if table is None:
        reply(rt, message, t(lang, "help" if rt.people.first_help(user.id) else "no_table_dm"))
        return
    if table.game is None or table.phase != PLAYING:
        reply(rt, message, t(lang, "not_playing"))
        return
    words = message.text.strip()
    lowered = " ".join(words.lower().split())
    if lowered in _PANEL_WORDS:
        repost_panel(rt, user.id)
        return
    try:
        game = table.game
        if isinstance(game, BaoHuangGame) and game.phase is not BhPhase.PLAYING:
            await rt.hands.decide(
                table, user.id, None, lambda g, s: bh_typed_decision(g, s, lowered, lang)
            )
        elif isinstance(game, Game) and game.phase is not Phase.PLAYING:
            await _typed_decision(rt, table, user.id, lowered, message, lang)
        elif lowered in _PASS_WORDS:
            await rt.hands.decide(table, user.id, None, lambda g, s: Pass(s))
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
                key = "bh_unknown_text" if isinstance(game, BaoHuangGame) else "unknown_text"
                reply(rt, message, t(lang, key, text=echo(words)))
                return
            await _typed_play(rt, table, user.id, cards, message, lang)
    except Refused as refusal:
        reply(rt, message, refusal.text(lang))


async def _typed_decision(
    rt: Runtime, table: Table, user_id: int, lowered: str, message: Message, lang: str
) -> None:
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
        raise Refused(
            "decision_not_now" if known else "unknown_decision",
            text=lowered,
            options=_options_text(legal, lang),
        )

    await rt.hands.decide(table, user_id, None, make)


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
    if isinstance(game, Game) and seat is not None and waiting is not None and seat in waiting:
        chosen = typed_reading(game.readings(cards)) if len(game.readings(cards)) > 1 else None
    reading = None if chosen is None else (chosen.kind, chosen.rank, chosen.length)
    await play_cards(rt, table, user_id, cards, None, reading)
    if chosen is not None:
        reply(
            rt,
            message,
            t(
                lang,
                "typed_reading",
                cards=cards_text(cards, lang),
                combo=reading_label(chosen, lang),
            ),
        )


async def play_cards(
    rt: Runtime,
    table: Table,
    user_id: int,
    cards: Cards,
    version: int | None,
    reading: Reading | None = None,
) -> bool:
    """Play ``cards``. From the buttons (``version`` given) with several wildcard
    readings and none chosen, ask which one (returns False: the keyboard now offers the
    readings, R-LZ-CHOICE); typed plays choose their reading before (R-AMBIG)."""
    game = table.game
    if isinstance(game, Game) and reading is None and version is not None:
        seat = table.seat_of(user_id)
        waiting = game.waiting_for()
        if seat is not None and waiting is not None and seat in waiting:
            options = game.readings(cards)
            if len(options) > 1:
                rt.presenter.panels.ask_reading(table.id, seat, cards, options)
                rt.hands.refresh_panel(table, seat)
                return False
    await rt.hands.decide(table, user_id, version, lambda g, s: Play(s, cards, reading))
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


def _typed_points(lowered: str) -> int | None:
    """A bid of points as typed: 3, 3分, 3 分, 三分, 叫3分, 3 pt, 3 points."""
    text = unicodedata.normalize("NFKC", lowered).replace(" ", "")
    if text.startswith("叫") and len(text) > 1:
        text = text[1:]
    for unit in _POINT_UNITS:
        if text.endswith(unit) and len(text) > len(unit):
            text = text[: -len(unit)]
            break
    text = _CHINESE_DIGITS.get(text, text)
    return int(text) if text in ("1", "2", "3") else None


def _options_text(legal: list[Action], lang: str) -> str:
    """What a player may type now, built from the legal actions: ``叫地主 / 不叫``."""
    words: list[str] = []
    for action in legal:
        if isinstance(action, Bid):
            word = t(lang, "say_bid", n=action.points)
        else:
            decision = decision_of(type(action))
            if decision is None:
                continue
            word = t(lang, decision.say)
        if word not in words:
            words.append(word)
    return " / ".join(words)
