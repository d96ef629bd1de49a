"""The name tag of a combination as the 斗地主 pictures write it."""

from __future__ import annotations

from ddz_bot.render import sprites
from ddz_bot.render.labels import combo_name

from ..engine import Combo

__all__ = ["combo_tag"]


def combo_tag(combo: Combo, lang: str) -> str:
    """The combo's kind, and what its wildcards stand for (R-LZ-CHOICE: shown on the table)."""
    tag = combo_name(combo.kind.value, lang)
    if combo.wild_as:
        tag += " ★=" + "".join(sprites.index_label(rank) for rank in combo.wild_as)
    return tag
