"""The Unicode bidirectional algorithm (UAX #9) for one line of plain text.

A name is one line with no explicit embeddings (``fonts.py`` drops the invisible
controls before it gets here), so the implicit rules are all it needs: the paragraph's
direction from its first strong letter (P2, P3), the weak types (W1-W7), the neutrals
(N1, N2), the levels (I1, I2), trailing spaces (L1) and the visual order (L2). Brackets
are not paired (N0): a bracket takes the direction of the text around it. Pure, so that
the order is tested without drawing; the shaping of each run is libraqm's.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from typing import Final

__all__ = ["has_rtl", "levels", "mirror", "paragraph_level", "visual_order"]

_STRONG: Final = {"L": 0, "R": 1, "AL": 1}
_NUMBER: Final = ("EN", "AN")
_NEUTRAL: Final = ("B", "S", "WS", "ON")
#: Removed by X9: the explicit controls and boundary neutrals (they take a neighbour's level).
_REMOVED: Final = ("BN", "LRE", "RLE", "LRO", "RLO", "PDF")
_ISOLATES: Final = ("LRI", "RLI", "FSI", "PDI")

#: Bidi_Mirroring_Glyph for the brackets and signs a name may hold (drawn by a font that
#: does not mirror them itself).
_MIRRORS: Final = dict(
    zip(
        "()[]{}<>«»‹›≤≥（）［］｛｝＜＞〈〉《》「」『』【】〔〕〖〗",
        ")(][}{><»«›‹≥≤）（］［｝｛＞＜〉〈》《」「』『】【〕〔〗〖",
        strict=True,
    )
)


def _type(char: str) -> str:
    kind = unicodedata.bidirectional(char)
    if kind in _ISOLATES:
        return "ON"
    return kind or "L"


def has_rtl(text: str) -> bool:
    """Whether ``text`` holds anything that reorders it (a right-to-left letter or an Arabic
    digit); without, the visual order is the logical one."""
    return any(unicodedata.bidirectional(c) in ("R", "AL", "AN") for c in text)


def paragraph_level(text: str) -> int:
    """0 (left to right) or 1: the direction of the first strong letter (P2, P3)."""
    for char in text:
        level = _STRONG.get(_type(char))
        if level is not None:
            return level
    return 0


def levels(text: str, base: int | None = None) -> list[int]:
    """The resolved embedding level of each character of ``text`` (odd: right to left)."""
    base = paragraph_level(text) if base is None else base
    kept = [i for i, c in enumerate(text) if _type(c) not in _REMOVED]
    types = _weak([_type(text[i]) for i in kept], base)
    _neutrals(types, base)
    out = [base] * len(text)
    for i, kind in zip(kept, types, strict=True):
        if base % 2 == 0:
            out[i] = base + {"R": 1, "AN": 2, "EN": 2}.get(kind, 0)
        else:
            out[i] = base + (1 if kind in ("L", "EN", "AN") else 0)
    previous = base
    for i, char in enumerate(text):  # X9: a removed character goes with its neighbour
        if _type(char) in _REMOVED:
            out[i] = previous
        previous = out[i]
    trailing = True  # L1: separators, and the spaces before them or the end, at the base
    for i in range(len(text) - 1, -1, -1):
        kind = _type(text[i])
        if kind in ("S", "B"):
            trailing = True
        elif kind not in ("WS", *_REMOVED):
            trailing = False
        if trailing:
            out[i] = base
    return out


def _weak(types: list[str], base: int) -> list[str]:
    """W1-W7 over one level run (the whole line), ``sos`` and ``eos`` the base direction."""
    sos = "R" if base % 2 else "L"
    previous = sos
    for i, kind in enumerate(types):  # W1: a mark takes its base's type
        if kind == "NSM":
            types[i] = previous
        previous = types[i]
    strong = sos
    for i, kind in enumerate(types):  # W2: digits after an Arabic letter are Arabic; W3
        if kind in _STRONG:
            strong = kind
            if kind == "AL":
                types[i] = "R"
        elif kind == "EN" and strong == "AL":
            types[i] = "AN"
    for i in range(1, len(types) - 1):  # W4: one separator between two numbers
        before, kind, after = types[i - 1], types[i], types[i + 1]
        if kind == "ES" and before == after == "EN":
            types[i] = "EN"
        elif kind == "CS" and before == after and before in _NUMBER:
            types[i] = before
    for i, kind in enumerate(types):  # W5: terminators beside European digits
        if kind != "ET":
            continue
        end = i
        while end < len(types) and types[end] == "ET":
            end += 1
        if (i > 0 and types[i - 1] == "EN") or (end < len(types) and types[end] == "EN"):
            types[i:end] = ["EN"] * (end - i)
    types = ["ON" if kind in ("ES", "ET", "CS") else kind for kind in types]  # W6
    strong = sos
    for i, kind in enumerate(types):  # W7: European digits in left-to-right text are L
        if kind in ("L", "R"):
            strong = kind
        elif kind == "EN" and strong == "L":
            types[i] = "L"
    return types


def _neutrals(types: list[str], base: int) -> None:
    """N1, N2: a run of neutrals between two of one direction takes it, else the base's."""
    edge = "R" if base % 2 else "L"
    i = 0
    while i < len(types):
        if types[i] not in _NEUTRAL:
            i += 1
            continue
        end = i
        while end < len(types) and types[end] in _NEUTRAL:
            end += 1
        before = _direction(types[i - 1]) if i > 0 else edge
        after = _direction(types[end]) if end < len(types) else edge
        types[i:end] = [before if before == after else edge] * (end - i)
        i = end


def _direction(kind: str) -> str:
    return "R" if kind in ("R", "AN", "EN") else "L"


def visual_order(resolved: Sequence[int]) -> list[int]:
    """The logical indices from left to right (L2: reverse each run at or above a level,
    from the highest level down to the lowest odd one)."""
    order = list(range(len(resolved)))
    if not resolved:
        return order
    highest = max(resolved)
    lowest_odd = min((level for level in resolved if level % 2), default=highest + 1)
    for level in range(highest, lowest_odd - 1, -1):
        i = 0
        while i < len(order):
            if resolved[order[i]] < level:
                i += 1
                continue
            end = i
            while end < len(order) and resolved[order[end]] >= level:
                end += 1
            order[i:end] = order[i:end][::-1]
            i = end
    return order


def mirror(char: str) -> str:
    """The character drawn for ``char`` in right-to-left text (``(`` for ``)``)."""
    return _MIRRORS.get(char, char)
