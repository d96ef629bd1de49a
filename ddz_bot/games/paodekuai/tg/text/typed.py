"""Words a player types in the private chat during a 跑得快 hand: cards (``34567``, ``55579``,
``10jqka``), ``pass``/``不出``/``要不起`` only where passing is allowed (R-PDK-MUST), and
``hint``/``提示``. What they mean is decided from the seat's legal actions; whether the
cards make a legal play is the engine's to say (its refusal has a code with words).
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import Final

from ddz_bot.kernel import Action, CardParseError, Pass, Play, parse_cards

from ...engine import PdkGame
from ...i18n import t
from .words import cards_text

__all__ = ["HINT_WORDS", "PASS_WORDS", "Hint", "TypedRefusal", "read_typed"]

PASS_WORDS: Final = frozenset({"pass", "p", "不出", "要不起", "过", "過", "不要", "要不了"})
HINT_WORDS: Final = frozenset({"hint", "h", "提示", "tip"})
_SHOWN: Final = 5  # plays named when passing is refused


@dataclass(frozen=True, slots=True)
class Hint:
    """The player asked for a hint (the panel steps through the plays)."""

    seat: int


class TypedRefusal(ValueError):
    """Typed words that mean no action now; ``words(lang)`` says why and what may be typed."""

    def __init__(self, key: str, **values: object) -> None:
        self.key = key
        self.values = values
        super().__init__(key)

    def words(self, lang: str) -> str:
        values = {k: (v(lang) if callable(v) else v) for k, v in self.values.items()}
        return t(lang, self.key, **values)


def _options(game: PdkGame, seat: int) -> object:
    plays = game.moves(seat)[:_SHOWN]
    return lambda lang: " / ".join(cards_text(p, lang) for p in plays)


def read_typed(text: str, game: PdkGame, seat: int) -> Action | Hint:
    """The action (``Play``/``Pass``) or ``Hint`` the typed words mean for ``seat``;
    ``TypedRefusal`` when they mean none now."""
    lowered = unicodedata.normalize("NFKC", text).strip().lower()
    waiting = game.waiting_for()
    if waiting is None or seat not in waiting:
        raise TypedRefusal("typed_not_your_turn")
    if lowered in HINT_WORDS:
        return Hint(seat)
    if lowered in PASS_WORDS:
        if Pass(seat) in game.legal_actions(seat):
            return Pass(seat)
        if game.to_beat is None:
            raise TypedRefusal("illegal_must_lead")
        raise TypedRefusal("typed_no_pass", options=_options(game, seat))
    try:
        cards = parse_cards(lowered)
    except CardParseError:
        cards = None
    if not cards:
        raise TypedRefusal(
            "typed_unknown", text=text.strip(), pass_word=lambda lang: t(lang, "btn_pass")
        )
    return Play(seat, cards)
