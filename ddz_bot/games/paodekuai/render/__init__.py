"""跑得快's pictures, drawn with the shared canvas, fonts and card sprites from its views::

    render_pdk_table(view: PublicView, names, lang) -> bytes     # the group's picture
    render_pdk_hand(view: SeatView, selected: Cards | None, lang, names=None) -> bytes
    render_pdk_result(view: PublicView, names, lang, beans=None) -> bytes

Bad input raises the shared pictures' errors: ``UnknownLanguage``, ``NamesMismatch``,
``SelectionNotInHand``, ``NoOutcome``. ``gallery.pictures()`` draws samples of each.
"""

from .hand import draw_pdk_hand, render_pdk_hand
from .result import draw_pdk_result, render_pdk_result
from .table import draw_pdk_table, render_pdk_table

__all__ = [
    "draw_pdk_hand",
    "draw_pdk_result",
    "draw_pdk_table",
    "render_pdk_hand",
    "render_pdk_result",
    "render_pdk_table",
]
