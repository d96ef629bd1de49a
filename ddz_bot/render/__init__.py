"""Pictures drawn with Pillow: the table, a hand, a result, a player card.

Every function takes views (never the ``Game``), a language code (``zh-Hans``,
``zh-Hant``, ``en``) and returns PNG bytes ready for Telegram::

    render_table(view: PublicView, names, lang) -> bytes      # the group's picture
    render_hand(view: SeatView, selected: Cards | None, lang, names=None) -> bytes
    render_result(view: PublicView, lines: Sequence[ResultLine], lang) -> bytes
    render_profile(record: PlayerRecord, lang) -> bytes

保皇 has its own three (``baohuang/``): ``render_bh_table``, ``render_bh_hand`` and
``render_bh_result``, on the 保皇 views and with the same errors.

``names`` are display names by seat. Bad input (an unknown language, a names list of
the wrong length, a selection not in the hand, a result for a hand not over) raises a
``ValueError`` subclass and draws nothing. Card sprites are drawn on first use and
cached; ``warm_up()`` draws them all ahead (about a second: in a thread at start-up).
A picture costs a few milliseconds of CPU (``bench/render_bench.py``).
"""

from .baohuang import render_bh_hand, render_bh_result, render_bh_table
from .hand import SelectionNotInHand, render_hand
from .labels import LANGS, UnknownLanguage
from .profile import PlayerRecord, render_profile
from .result import NoOutcome, ResultLine, render_result
from .sprites import warm_up
from .table import NamesMismatch, render_table

__all__ = [
    "LANGS",
    "NamesMismatch",
    "NoOutcome",
    "PlayerRecord",
    "ResultLine",
    "SelectionNotInHand",
    "UnknownLanguage",
    "render_bh_hand",
    "render_bh_result",
    "render_bh_table",
    "render_hand",
    "render_profile",
    "render_result",
    "render_table",
    "warm_up",
]
