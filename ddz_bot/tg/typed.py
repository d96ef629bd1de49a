"""Typed words in the private chat: plays (33344, 10jqka), pass, hint, the decisions before
the play (叫地主, 3分, 加倍...), and asking for the panel again.

A word that means nothing now is answered with what may be typed now, built from the engine's
legal actions; the buttons do the same things (see ``buttons``).
"""

from __future__ import annotations

import unicodedata
from typing import Any

from telegram import Message, Update, User
from telegram.ext import ContextTypes

from ..engine.actions import Action, Bid, Call, Decline, NoDouble, NoGrab, NoShow, Pass
from ..engine.cards import CardParseError, Cards, parse_cards
from ..engine.views import Phase
from ..i18n import t
from .core import echo
from .keyboards import DECISIONS, decision_of, reading_label
from .manager import Refused, TableManager
from .present import cards_text
from .table import PLAYING, Table

__all__ = ["TypedText"]

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


class TypedText:
    """The bot's handling of typed text (mixed into ``handlers.Handlers``)."""

    manager: TableManager

    async def lang_of(self, user: User | None) -> str:
        raise NotImplementedError

    async def reply(self, message: Message | None, text: str, **kwargs: Any) -> None:
        raise NotImplementedError

    def _repost_panel(self, user_id: int) -> bool:
        """Someone in a hand asks for their panel: it comes back as a new message at the
        bottom of their chat (the old one deleted). Whether there was one."""
        table = self.manager.table_of(user_id)
        seat = None if table is None else table.seat_of(user_id)
        if table is None or seat is None or not table.in_hand():
            return False
        self.manager.refresh_panel(table, seat, repost=True)
        return True

    async def text(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        user, message = update.effective_user, update.message
        if user is None or message is None or not message.text:
            return
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
                await self.reply(
                    message,
                    t(lang, "panel_hint", cards=cards_text(hint, lang))
                    if hint is not None
                    else t(lang, "no_hint"),
                )
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

    async def _typed_decision(
        self, table: Table, user_id: int, lowered: str, message: Message, lang: str
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

        await self.manager.decide(table, user_id, None, make)

    async def _typed_play(
        self, table: Table, user_id: int, cards: Cards, message: Message, lang: str
    ) -> None:
        """A typed play. Cards that read several ways take the R-AMBIG reading (the kind
        with the fewest kickers, then the highest main rank) and the player is told which;
        the buttons ask instead (R-LZ-CHOICE)."""
        from ..engine.combos import typed_reading

        game = table.game
        seat = table.seat_of(user_id)
        chosen = None
        if game is not None and seat is not None and game.turn == seat:
            chosen = typed_reading(game.readings(cards)) if len(game.readings(cards)) > 1 else None
        reading = None if chosen is None else (chosen.kind, chosen.rank, chosen.length)
        await self.manager.play_cards(table, user_id, cards, None, reading)
        if chosen is not None:
            await self.reply(
                message,
                t(
                    lang,
                    "typed_reading",
                    cards=cards_text(cards, lang),
                    combo=reading_label(chosen, lang),
                ),
            )

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
