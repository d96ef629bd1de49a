"""斗地主's pictures: the table, a hand, a result, drawn from views with the shared canvas.

Every function takes views (never the ``Game``), a language code (``zh-Hans``, ``zh-Hant``,
``en``) and returns PNG bytes ready for Telegram::

    render_table(view: PublicView, names, lang) -> bytes      # the group's picture
    render_hand(view: SeatView, selected: Cards | None, lang, names=None) -> bytes
    render_result(view: PublicView, lines: Sequence[ResultLine], lang) -> bytes

Bad input raises the shared ``ValueError`` subclasses of ``ddz_bot.render`` and draws nothing.
"""

from .hand import render_hand
from .result import render_result
from .table import render_table

__all__ = ["render_hand", "render_result", "render_table"]
