"""保皇 pictures: the five-seat table, a hand of 33 to 45 cards, the result.

Like the classic pictures, every function takes views (never the game), a language code
and returns PNG bytes::

    render_bh_table(view: PublicView, names, lang) -> bytes      # the group's picture
    render_bh_hand(view: SeatView, selected: Cards | None, lang, names=None) -> bytes
    render_bh_result(view: PublicView, lines: Sequence[ResultLine], lang) -> bytes

Bad input raises the classic pictures' ``ValueError`` subclasses: ``UnknownLanguage``,
``NamesMismatch`` (names or result lines not one a seat), ``SelectionNotInHand``,
``NoOutcome`` (a result for a hand not over).
"""

from .cards import bh_face, warm_up
from .hand import draw_bh_hand, render_bh_hand
from .result import draw_bh_result, render_bh_result
from .table import draw_bh_table, render_bh_table

__all__ = [
    "bh_face",
    "draw_bh_hand",
    "draw_bh_result",
    "draw_bh_table",
    "render_bh_hand",
    "render_bh_result",
    "render_bh_table",
    "warm_up",
]
