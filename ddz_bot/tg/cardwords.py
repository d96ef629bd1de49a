"""Cards as people write them, for any game: the words a caption, a panel or a refusal uses
to name cards (ranks: 斗地主's and 保皇's are the engine's same ranks)."""

from __future__ import annotations

from collections.abc import Iterable

from .keyboards import rank_label

__all__ = ["cards_text", "grouped_cards_text"]


def cards_text(cards: Iterable[int], lang: str) -> str:
    """Cards as people write them: ``33344`` when every label is one character, spaced as
    soon as one is longer (``7 8 10 10 10 10``, ``小王 大王``) so the tens stay readable."""
    labels = [rank_label(rank, lang) for rank in cards]
    return (" " if any(len(label) > 1 for label in labels) else "").join(labels)


def grouped_cards_text(cards: Iterable[int], lang: str) -> str:
    """A hand as groups of a rank, easy to scan at a glance: ``3 4 555 7777 JJJJ``, a
    rank with a long label counted (``10×4``, ``小王``)."""
    counts: dict[int, int] = {}
    for rank in cards:
        counts[rank] = counts.get(rank, 0) + 1
    groups = []
    for rank in sorted(counts):
        label, n = rank_label(rank, lang), counts[rank]
        groups.append(label * n if len(label) == 1 else (f"{label}×{n}" if n > 1 else label))
    return " ".join(groups)
