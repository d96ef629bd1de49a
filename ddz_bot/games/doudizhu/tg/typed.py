"""What a player's words and taps mean at a 斗地主 table: 叫地主 / 不叫 / 抢 / 3分 / 加倍 ...
typed instead of pressed (the first legal action the words may mean), how typed cards read
(R-AMBIG) and which readings a wildcard play offers (R-LZ-CHOICE), a rank tapped on the panel.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence

from ddz_bot.games.doudizhu.engine import Bid, Call, Combo, Decline, Game, NoDouble, NoGrab, NoShow
from ddz_bot.games.doudizhu.engine import typed_reading as reading_rule
from ddz_bot.i18n import t
from ddz_bot.kernel import Action, Cards, GameProtocol, PlayReading
from ddz_bot.tg.cardwords import cards_text
from ddz_bot.tg.refusals import Refused

from .keyboards import DECISIONS, decision_action, decision_of, reading_label
from .words import combo_text

__all__ = ["DouDizhuTyping"]

_PASS_WORDS = {"pass", "p", "不出", "不要", "要不起", "过", "過", "pass!"}
#: typed words for the decisions before the play (bidding, doubling, showing the hand):
#: each maps to the kinds of engine action it may mean; the first one legal now is taken
#: (the words of each decision are in ``keyboards.DECISIONS``; pass means any "no")
_DECISION_WORDS: dict[str, tuple[type[Action], ...]] = {
    **dict.fromkeys(_PASS_WORDS, (Decline, NoGrab, NoDouble, NoShow)),
    **{word: (decision.kind,) for decision in DECISIONS for word in decision.words},
}
#: 一二三 typed for a bid of points
_CHINESE_DIGITS = {"一": "1", "二": "2", "两": "2", "兩": "2", "三": "3"}
#: a bid typed with its unit: 3分, 3 pt, 3 points
_POINT_UNITS = ("points", "point", "pts", "pt", "分")


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


def typed_decision(game: GameProtocol, seat: int, lowered: str, lang: str) -> Action:
    """叫地主 / 不叫 / 抢 / 3分 / 加倍 ... typed instead of pressed: the first legal action
    the words may mean. In points bidding 叫 (叫地主) is the lowest bid allowed. Words that
    mean nothing now get the list of what may be typed now."""
    kinds = _DECISION_WORDS.get(lowered)
    points = _typed_points(lowered)

    def wanted(action: Action) -> bool:
        if points is not None:
            return isinstance(action, Bid) and action.points == points
        return kinds is not None and isinstance(action, kinds)

    legal = game.legal_actions(seat)
    if not legal:
        raise Refused("not_your_turn")
    for action in legal:
        if wanted(action):
            return action
    bids = [a for a in legal if isinstance(a, Bid)]
    if kinds is not None and Call in kinds and bids:
        return min(bids, key=lambda bid: bid.points)
    known = kinds is not None or points is not None
    raise Refused(
        "decision_not_now" if known else "unknown_decision",
        text=lowered,
        options=_options_text(legal, lang),
    )


def _game(game: GameProtocol) -> Game:
    assert isinstance(game, Game)
    return game


class DouDizhuTyping:
    """斗地主's ``GameTyping``."""

    unknown_text = "unknown_text"

    def decision(self, game: GameProtocol, seat: int, words: str, lang: str) -> Action:
        return typed_decision(game, seat, words, lang)

    def readings(self, game: GameProtocol, cards: Cards) -> Sequence[Combo]:
        return _game(game).readings(cards)

    def typed_reading(
        self, game: GameProtocol, cards: Cards, lang: str
    ) -> tuple[PlayReading, str] | None:
        readings = _game(game).readings(cards)
        if len(readings) <= 1:
            return None
        chosen = reading_rule(readings)
        if chosen is None:
            return None
        return (chosen.kind, chosen.rank, chosen.length), reading_label(chosen, lang)

    def hint_text(self, game: GameProtocol, cards: Cards, lang: str) -> str:
        readings = _game(game).readings(cards)
        return combo_text(readings[0], lang) if readings else cards_text(cards, lang)

    def hand_text(self, cards: Iterable[int], lang: str) -> str:
        return cards_text(cards, lang)

    def select(self, chosen: list[int], held: list[int], rank: int, everything: bool) -> list[int]:
        chosen = list(chosen)
        chosen[rank] = chosen[rank] + 1 if chosen[rank] < held[rank] else 0
        return chosen

    def button(self, action: str, arg: str, seat: int) -> Action | None:
        return decision_action(action, arg, seat)
