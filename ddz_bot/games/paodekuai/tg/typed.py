"""What a 跑得快 player's words and taps mean at a table: no decision comes before the play,
a play reads one way (its combo), a rank tap adds one card of the rank. Plays, ``pass`` and
``hint`` are typed as in the other games (``ddz_bot.tg.typed``); a ``pass`` while the seat
can beat is refused by the engine (``must_beat``, R-PDK-MUST)."""

from __future__ import annotations

from collections.abc import Sequence

from ddz_bot.games.kit.plain import PlainTyping
from ddz_bot.kernel import Cards, GameProtocol

from ..engine import NotAPlay, PdkCombo, PdkGame, combo_of
from .text import cards_text, select_rank

__all__ = ["PDK_TYPING"]


def _readings(game: GameProtocol, cards: Cards) -> Sequence[PdkCombo]:
    """One reading at most: the combo ``cards`` make for the seat to play (its last cards may
    make a short combo, R-PDK-LAST)."""
    assert isinstance(game, PdkGame)
    turn = game.turn
    last = turn is not None and len(cards) == len(game.hand(turn))
    try:
        return [combo_of(cards, game.rules, last)]
    except NotAPlay:
        return []


#: 跑得快's ``GameTyping``: no decision before the play, only a seat to play is waited for;
#: the table's own words for text that is no play (cards like 34567, pass, hint)
PDK_TYPING = PlainTyping(_readings, cards_text, select_rank, passes=True)
