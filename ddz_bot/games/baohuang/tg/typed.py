"""Typed words for a 保皇 hand's decisions before the play: 登基 / 让位, 叫 ♥K (the called
guard), 明独保 / 明保 / 造反 / 抢独 / 不表态. Plays, pass and hint are typed as in 斗地主
(``typed``). A word that means nothing now is answered with the words this seat may type
now, built from its own legal actions (so only what applies to the seat itself).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence
from typing import Final

from ddz_bot.games.baohuang.engine import (
    BaoHuangGame,
    CallGuard,
    Declaration,
    Declare,
    Face,
    Meld,
    TakeThrone,
    YieldThrone,
    meld_of,
)
from ddz_bot.i18n import t
from ddz_bot.kernel import Action, CardParseError, Cards, GameProtocol, Pass, PlayReading
from ddz_bot.tg.cardwords import cards_text, grouped_cards_text
from ddz_bot.tg.games import HostedGame
from ddz_bot.tg.keyboards import PASS_ACTION
from ddz_bot.tg.refusals import Refused

from .keyboards import bh_decision, select_rank
from .words import declaration_word, face_text

__all__ = ["BaoHuangTyping", "bh_typed_decision"]

#: "no" in any decision: yield the throne, say nothing
_NO_WORDS: Final = frozenset({"pass", "p", "no", "不", "不要", "过", "過", "不出"})
_TAKE_WORDS: Final = frozenset({"登基", "take", "take throne", "当皇帝", "當皇帝"})
_YIELD_WORDS: Final = frozenset({"让位", "讓位", "yield"}) | _NO_WORDS
_DECLARE_WORDS: Final[dict[str, Declaration]] = {
    **dict.fromkeys(("不表态", "不表態", "nothing", "silent", *_NO_WORDS), Declaration.NOTHING),
    **dict.fromkeys(
        ("明独保", "明獨保", "独保", "獨保", "solo", "open solo"), Declaration.OPEN_SOLO
    ),
    **dict.fromkeys(("明保", "guard", "open guard"), Declaration.OPEN_GUARD),
    **dict.fromkeys(("造反", "revolt"), Declaration.REVOLT),
    **dict.fromkeys(("抢独", "搶獨", "grab", "grab solo"), Declaration.GRAB_SOLO),
}
_CALL_PREFIXES: Final = ("叫", "call")
_SUITS: Final = {"♠": "s", "♥": "h", "♣": "c", "♦": "d", "黑桃": "s", "红桃": "h", "紅桃": "h"}


def _face(text: str) -> Face | None:
    """A face as typed: ``Kh``, ``kh``, ``♥K``, ``K♥``, ``10h``, after 叫 / call or alone."""
    body = unicodedata.normalize("NFKC", text).replace(" ", "")
    for prefix in _CALL_PREFIXES:
        if body.startswith(prefix):
            body = body[len(prefix) :]
    for symbol, letter in _SUITS.items():
        if body.startswith(symbol):
            body = body[len(symbol) :] + letter
        elif body.endswith(symbol):
            body = body[: -len(symbol)] + letter
    try:
        return Face.parse(body)
    except (CardParseError, ValueError):
        return None


def _wanted(action: Action, lowered: str) -> bool:
    if isinstance(action, TakeThrone):
        return lowered in _TAKE_WORDS
    if isinstance(action, YieldThrone):
        return lowered in _YIELD_WORDS
    if isinstance(action, CallGuard):
        return _face(lowered) == action.face
    if isinstance(action, Declare):
        return _DECLARE_WORDS.get(lowered) is action.declaration
    return False


def _known(lowered: str) -> bool:
    return (
        lowered in _TAKE_WORDS
        or lowered in _YIELD_WORDS
        or lowered in _DECLARE_WORDS
        or _face(lowered) is not None
    )


def _say(action: Action, lang: str) -> str | None:
    if isinstance(action, TakeThrone):
        return t(lang, "bh_btn_take")
    if isinstance(action, YieldThrone):
        return t(lang, "bh_btn_yield")
    if isinstance(action, CallGuard):
        return t(lang, "bh_btn_call", face=face_text(action.face, lang))
    if isinstance(action, Declare):
        return declaration_word(action.declaration, lang)
    return None


def bh_typed_decision(game: HostedGame, seat: int, lowered: str, lang: str) -> Action:
    """The legal action of ``seat`` the typed words mean; ``Refused`` with what may be typed
    now if they mean none."""
    assert isinstance(game, BaoHuangGame)
    legal = game.legal_actions(seat)
    if not legal:
        raise Refused("not_your_turn")
    for action in legal:
        if _wanted(action, lowered):
            return action
    words = [word for word in (_say(action, lang) for action in legal) if word is not None]
    raise Refused(
        "decision_not_now" if _known(lowered) else "unknown_decision",
        text=lowered,
        options=" / ".join(dict.fromkeys(words)),
    )


class BaoHuangTyping:
    """保皇's ``GameTyping``: a play reads one way (its meld) and is never asked about; a tap
    on a natural rank replaces the natural rank chosen before."""

    unknown_text = "bh_unknown_text"

    def decision(self, game: GameProtocol, seat: int, words: str, lang: str) -> Action:
        return bh_typed_decision(game, seat, words, lang)

    def readings(self, game: GameProtocol, cards: Cards) -> Sequence[Meld]:
        meld = meld_of(cards)
        return [] if meld is None else [meld]

    def typed_reading(
        self, game: GameProtocol, cards: Cards, lang: str
    ) -> tuple[PlayReading, str] | None:
        return None

    def hint_text(self, game: GameProtocol, cards: Cards, lang: str) -> str:
        return cards_text(cards, lang)

    def hand_text(self, cards: Iterable[int], lang: str) -> str:
        return grouped_cards_text(cards, lang)

    def select(self, chosen: list[int], held: list[int], rank: int, everything: bool) -> list[int]:
        return select_rank(chosen, held, rank, everything=everything)

    def button(self, action: str, arg: str, seat: int) -> Action | None:
        if action == PASS_ACTION and arg == "":
            return Pass(seat)
        return bh_decision(action, arg, seat)
