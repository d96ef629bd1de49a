"""保皇 card art on top of the shared sprites: the emperor card and the guard card, and
rows of cards that stay readable however many there are.

The emperor card (皇牌) is a big joker drawn on gold paper with a sceptre, the guard card
(侍卫牌) a small joker with a sword, both in a coloured frame, so that they are told apart
from the other jokers even when overlapped. Every face still goes through
``sprites.face`` (the one function a test watches to know which cards a picture shows);
the marks are laid over it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from PIL import Image, ImageChops, ImageDraw

from ddz_bot.games.baohuang.engine import EMPEROR_CARD, GUARD_CARD, BaoHuangRules, GuardMethod
from ddz_bot.kernel import Card
from ddz_bot.render import canvas as cv
from ddz_bot.render import sprites
from ddz_bot.render.fonts import draw_text, text_width
from ddz_bot.render.sprites import CardSize

__all__ = [
    "CardGroup",
    "bh_face",
    "card_groups",
    "draw_bh_cards",
    "draw_card_row",
    "has_sword",
    "marked_cards",
    "marks_last",
    "warm_up",
]

SCALE: Final = 3  # supersampling, as in ``sprites``
EMPEROR_PAPER: Final = (255, 246, 214)
EMPEROR_FRAME: Final = (232, 176, 32)
GUARD_PAPER: Final = (240, 245, 252)
GUARD_FRAME: Final = (54, 140, 206)
_GOLD_DARK: Final = (150, 95, 0)
_GEM: Final = (208, 32, 43)
_STEEL: Final = (200, 212, 228)
_STEEL_EDGE: Final = (48, 60, 84)
_GRIP: Final = (120, 70, 30)


def bh_face(card: Card, size: CardSize, *, sword: bool = True) -> Image.Image:
    """The face of ``card`` as 保皇 shows it: the shared sprite, marked if it is the emperor
    card or (``sword``: the fixed-guard method only) the guard card."""
    base = sprites.face(card, size)
    if card == EMPEROR_CARD:
        return _special(size, emperor=True, base=base)
    if card == GUARD_CARD and sword:
        return _special(size, emperor=False, base=base)
    return base


def has_sword(rules: BaoHuangRules) -> bool:
    """Whether the guard card exists: only in the fixed-guard method (R-BH-GUARD); with a
    called guard its small joker is an ordinary one."""
    return rules.method is GuardMethod.FIXED


_SPECIAL: dict[tuple[CardSize, bool], Image.Image] = {}


def _special(size: CardSize, emperor: bool, base: Image.Image) -> Image.Image:
    """The marked sprite, made once a size from the joker's (the same every time)."""
    key = (size, emperor)
    sprite = _SPECIAL.get(key)
    if sprite is None:
        sprite = _SPECIAL[key] = _special_sprite(size, emperor, base)
    return sprite


def _special_sprite(size: CardSize, emperor: bool, base: Image.Image) -> Image.Image:
    paper = EMPEROR_PAPER if emperor else GUARD_PAPER
    tinted = ImageChops.multiply(base.convert("RGB"), Image.new("RGB", base.size, paper))
    tinted.putalpha(base.getchannel("A"))
    s = SCALE
    overlay = Image.new("RGBA", (size.width * s, size.height * s), (0, 0, 0, 0))
    draw = ImageDraw.Draw(overlay)
    if size.pip:  # cover the joker's star with the mark
        cx, cy = size.width * s * 0.6, size.height * s * 0.58
        r = size.pip * s * 0.64
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=paper)
        cx += size.width * s * 0.05
        height = size.height * s * 0.6
    else:
        cx, cy = size.width * s * 0.7, size.height * s * 0.62
        height = size.height * s * 0.56
    if emperor:
        _sceptre(draw, cx, cy, height)
    else:
        _sword(draw, cx, cy, height)
    frame = EMPEROR_FRAME if emperor else GUARD_FRAME
    width = max(2, size.width // 20) * s
    draw.rounded_rectangle(
        (s, s, size.width * s - 2 * s, size.height * s - 2 * s),
        size.radius * s,
        outline=frame,
        width=width,
    )
    small = overlay.resize(base.size, Image.Resampling.LANCZOS)
    tinted.alpha_composite(small)
    return tinted


def _sceptre(draw: ImageDraw.ImageDraw, cx: float, cy: float, height: float) -> None:
    """A gold rod with an orb, a small cross and a red gem: the emperor's sceptre."""
    top, bottom = cy - height / 2, cy + height / 2
    rod = height * 0.07
    edge = max(1.0, height * 0.025)
    draw.rounded_rectangle(
        (cx - rod, top + height * 0.3, cx + rod, bottom),
        rod,
        fill=sprites.GOLD,
        outline=_GOLD_DARK,
        width=round(edge),
    )
    for at, half in ((0.55, 0.16), (0.93, 0.12)):  # collars on the rod
        y = top + height * at
        draw.rounded_rectangle(
            (cx - height * half, y - rod * 0.8, cx + height * half, y + rod * 0.8),
            rod * 0.6,
            fill=sprites.GOLD,
            outline=_GOLD_DARK,
            width=round(edge),
        )
    orb = height * 0.16
    oy = top + height * 0.22
    draw.ellipse(
        (cx - orb, oy - orb, cx + orb, oy + orb),
        fill=sprites.GOLD,
        outline=_GOLD_DARK,
        width=round(edge),
    )
    gem = orb * 0.5
    draw.ellipse((cx - gem, oy - gem, cx + gem, oy + gem), fill=_GEM)
    arm = orb * 0.55
    cross_top = top
    draw.rectangle((cx - rod * 0.7, cross_top, cx + rod * 0.7, oy - orb), fill=_GOLD_DARK)
    draw.rectangle(
        (cx - arm, cross_top + arm * 0.6, cx + arm, cross_top + arm * 0.6 + rod * 1.2),
        fill=_GOLD_DARK,
    )


def _sword(draw: ImageDraw.ImageDraw, cx: float, cy: float, height: float) -> None:
    """A steel blade pointing up, a gold cross-guard, a brown grip: the guard's sword."""
    top, bottom = cy - height / 2, cy + height / 2
    blade = height * 0.075
    edge = round(max(1.0, height * 0.025))
    guard_y = top + height * 0.7
    draw.polygon(
        [
            (cx, top),
            (cx + blade, top + height * 0.12),
            (cx + blade, guard_y),
            (cx - blade, guard_y),
            (cx - blade, top + height * 0.12),
        ],
        fill=_STEEL,
        outline=_STEEL_EDGE,
        width=edge,
    )
    draw.line((cx, top + height * 0.1, cx, guard_y), fill=_STEEL_EDGE, width=edge)
    arm = height * 0.22
    draw.rounded_rectangle(
        (cx - arm, guard_y, cx + arm, guard_y + height * 0.07),
        height * 0.03,
        fill=sprites.GOLD,
        outline=_GOLD_DARK,
        width=edge,
    )
    grip = blade * 0.8
    draw.rectangle(
        (cx - grip, guard_y + height * 0.07, cx + grip, bottom - height * 0.07),
        fill=_GRIP,
        outline=_STEEL_EDGE,
        width=edge,
    )
    pommel = height * 0.065
    py = bottom - pommel
    draw.ellipse(
        (cx - pommel, py - pommel, cx + pommel, py + pommel),
        fill=sprites.GOLD,
        outline=_GOLD_DARK,
        width=edge,
    )


def draw_bh_cards(
    image: Image.Image,
    cards: Sequence[Card],
    x: int,
    y: int,
    size: CardSize,
    step: int,
    raised: Sequence[bool] = (),
    *,
    sword: bool = True,
) -> cv.Box:
    """Paste faces left to right from (x, y), as ``canvas.draw_cards`` with the marks."""
    lift = size.height // 6
    for i, card in enumerate(cards):
        top = y - lift if i < len(raised) and raised[i] else y
        sprite = bh_face(card, size, sword=sword)
        image.paste(sprite, (x + i * step, top), sprite)
    right = x + (len(cards) - 1) * step + size.width if cards else x
    return x, y - (lift if any(raised) else 0), right, y + size.height


# --------------------------------------------------------------------------- rows


class CardGroup(tuple[Card, ...]):
    """Cards that look alike in play: one rank, the emperor card or the guard card apart."""


def marked_cards(sword: bool = True) -> tuple[Card, ...]:
    """The cards drawn with a mark: the emperor card, and the guard card if it exists."""
    return (EMPEROR_CARD, GUARD_CARD) if sword else (EMPEROR_CARD,)


def card_groups(cards: Sequence[Card], sword: bool = True) -> list[CardGroup]:
    """Consecutive runs of one rank (the marked cards each alone), in the given order."""
    marked = marked_cards(sword)
    groups: list[list[Card]] = []
    last: tuple[int, bool] | None = None
    for card in cards:
        key = (int(card.rank), card in marked)
        if key == last and not key[1]:
            groups[-1].append(card)
        else:
            groups.append([card])
        last = key
    return [CardGroup(group) for group in groups]


def marks_last(cards: Sequence[Card], sword: bool = True) -> list[Card]:
    """By rank, the marked cards last of theirs: the card drawn last in a row shows whole,
    so the sceptre and the sword are never covered."""
    marked = marked_cards(sword)
    return sorted(cards, key=lambda card: (int(card.rank), card in marked))


#: In a compact row, at most this many cards of a group are fanned, then "×n".
FAN: Final = 3


def _count_size(size: CardSize) -> int:
    return max(18, round(size.index * 0.95))


def _compact_width(groups: Sequence[CardGroup], size: CardSize, fan_step: int, fan: int) -> int:
    total = 0
    for group in groups:
        shown = min(len(group), fan)
        total += (shown - 1) * fan_step + size.width
        if len(group) > fan:
            total += 6 + text_width(f"×{len(group)}", _count_size(size), True)
        total += 8
    return total - 8 if groups else 0


def draw_card_row(
    image: Image.Image,
    cards: Sequence[Card],
    x: int,
    y: int,
    size: CardSize,
    max_width: int,
    max_step: int,
    min_step: int,
    *,
    sword: bool = True,
) -> cv.Box:
    """``cards`` in a row that fits ``max_width``: overlapped while each card still shows its
    corner (``min_step``), otherwise by rank, a few cards of each and the count (×12), or
    one of each if that is still too wide.

    Returns the box covered."""
    if not cards:
        return x, y, x, y + size.height
    cards = marks_last(cards, sword)
    step = cv.card_step(len(cards), size, max_width, max_step)
    groups = card_groups(cards, sword)
    fan_step = max(6, min(min_step // 2, size.width // 4))
    fan = next(
        (f for f in (FAN, 1) if _compact_width(groups, size, fan_step, f) <= max_width), None
    )
    if step >= min_step or fan is None:
        return draw_bh_cards(image, cards, x, y, size, step, sword=sword)
    draw = ImageDraw.Draw(image)
    left = x
    for group in groups:
        shown = list(group) if len(group) <= fan else [*group[: fan - 1], group[-1]]
        _, _, right, _ = draw_bh_cards(image, shown, left, y, size, fan_step, sword=sword)
        left = right
        if len(group) > fan:
            count = f"×{len(group)}"
            font_size = _count_size(size)
            left += 6
            left += draw_text(
                draw, (left, y + size.height // 2), count, font_size, cv.WHITE, bold=True
            )
        left += 8
    return x, y, left - 8, y + size.height


def warm_up() -> None:
    """Draw the emperor and guard cards at every size now (the other faces are the shared
    sprites, see ``sprites.warm_up``)."""
    for size in (sprites.LARGE, sprites.MEDIUM, sprites.SMALL, sprites.TINY):
        bh_face(EMPEROR_CARD, size)
        bh_face(GUARD_CARD, size)
