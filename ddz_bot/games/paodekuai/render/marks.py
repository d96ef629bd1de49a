"""Small pieces every 跑得快 picture draws: checks of its input, words, the one-card warning."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from PIL import ImageDraw

from ..engine import PublicView
from ..i18n import LANGS, t
from . import _shared as ui

__all__ = ["WARN_BG", "check", "warning"]

#: the one-card warning (报单): red on the seat, seen from across the table
WARN_BG: Final = (214, 40, 40)


def check(view: PublicView, names: Sequence[str] | None, lang: str) -> None:
    """``UnknownLanguage``, ``NamesMismatch``: bad input draws nothing."""
    if lang not in LANGS:
        raise ui.UnknownLanguage(lang)
    if names is not None and len(names) != len(view.seats):
        raise ui.NamesMismatch(len(names), len(view.seats))


def warning(draw: ImageDraw.ImageDraw, x: int, y: int, lang: str, size: int = 22) -> int:
    """The one-card warning pill at (x, y); its width."""
    return ui.pill(draw, x, y, "! " + t(lang, "pic_one_card"), size, ui.WHITE, WARN_BG)
