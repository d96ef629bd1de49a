"""What a 跑得快 player's words and taps mean at a table: no decision comes before the play,
a play reads one way (its combo), a rank tap adds one card of the rank. Plays, ``pass`` and
``hint`` are typed as in the other games (``ddz_bot.tg.typed``); a ``pass`` while the seat
can beat is refused by the engine (``must_beat``, R-PDK-MUST)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ddz_bot.kernel import Action, Cards, GameProtocol, Pass, PlayReading
from ddz_bot.tg.keyboards import PASS_ACTION
from ddz_bot.tg.refusals import Refused

from ..engine import NotAPlay, PdkCombo, PdkGame, combo_of
from .text import cards_text, select_rank

__all__ = ["PdkTyping"]


class PdkTyping:
    """跑得快's ``GameTyping``."""

    #: the table's own words for text that is no play (cards like 34567, pass, hint)
    unknown_text = "unknown_text"

    def decision(self, game: GameProtocol, seat: int, words: str, lang: str) -> Action:
        """跑得快 has no decision before the play: only a seat to play is waited for."""
        raise Refused("not_your_turn")

    def readings(self, game: GameProtocol, cards: Cards) -> Sequence[PdkCombo]:
        """One reading at most: the combo ``cards`` make for the seat to play (its last cards
        may make a short combo, R-PDK-LAST)."""
        assert isinstance(game, PdkGame)
        turn = game.turn
        last = turn is not None and len(cards) == len(game.hand(turn))
        try:
            return [combo_of(cards, game.rules, last)]
        except NotAPlay:
            return []

    def typed_reading(
        self, game: GameProtocol, cards: Cards, lang: str
    ) -> tuple[PlayReading, str] | None:
        return None

    def hint_text(self, game: GameProtocol, cards: Cards, lang: str) -> str:
        return cards_text(cards, lang)

    def hand_text(self, cards: Iterable[int], lang: str) -> str:
        return cards_text(cards, lang)[:200]

    def select(self, chosen: list[int], held: list[int], rank: int, everything: bool) -> list[int]:
        return select_rank(chosen, held, rank, everything)

    def button(self, action: str, arg: str, seat: int) -> Action | None:
        if action == PASS_ACTION and arg == "":
            return Pass(seat)
        return None
