"""What every game's pictures share, drawn with Pillow: the canvas (felt, panels, rows of
cards, encoding), the fonts, the palette, the card sprites, the words drawn on pictures, the
player card for /balance, and the refusals of bad input. Each game draws its own table, hand
and result in its folder (``ddz_bot.games.<game>.render``).

Bad input (an unknown language, a names list of the wrong length, a selection not in the
hand, a result for a hand not over) raises a ``ValueError`` subclass and draws nothing. Card
sprites are drawn on first use and cached (a cold first picture costs about 40 ms, so
nothing draws them ahead). A picture costs a few milliseconds of CPU
(``bench/render_bench.py``).
"""

from .errors import NamesMismatch, NoOutcome, ResultLine, SelectionNotInHand
from .labels import LANGS, UnknownLanguage
from .profile import PlayerRecord, render_profile

__all__ = [
    "LANGS",
    "NamesMismatch",
    "NoOutcome",
    "PlayerRecord",
    "ResultLine",
    "SelectionNotInHand",
    "UnknownLanguage",
    "render_profile",
]
