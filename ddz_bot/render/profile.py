"""The player card for /balance: title, beans, points, progress, record."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from PIL import Image

from . import canvas as cv
from .fonts import clean_name, draw_text, fit_text, text_width
from .labels import TITLES, check_lang, label, title_index, title_name

__all__ = ["PlayerRecord", "draw_profile", "render_profile"]

WIDTH: Final = 900
HEIGHT: Final = 520
MARGIN: Final = 28


@dataclass(frozen=True, slots=True)
class PlayerRecord:
    """What the card shows; the title and its progress follow from ``beans`` (R-TITLE).

    ``streak``: wins in a row if positive, losses in a row if negative. ``columns``, when
    given, are the record's columns before the total (a label, wins and losses each; two at
    most: a player's most played games), ``totals`` every hand's wins and losses; else the
    columns are 斗地主's two sides."""

    name: str
    beans: int
    points: int
    landlord_wins: int = 0
    landlord_losses: int = 0
    farmer_wins: int = 0
    farmer_losses: int = 0
    streak: int = 0
    columns: tuple[tuple[str, int, int], ...] | None = None
    totals: tuple[int, int] = (0, 0)

    @property
    def games(self) -> int:
        if self.columns is not None:
            return sum(self.totals)
        return self.landlord_wins + self.landlord_losses + self.farmer_wins + self.farmer_losses

    @property
    def wins(self) -> int:
        if self.columns is not None:
            return self.totals[0]
        return self.landlord_wins + self.farmer_wins

    def sides(self, lang: str) -> tuple[tuple[str, int, int], ...]:
        """The columns before the total."""
        if self.columns is not None:
            return self.columns[:2]
        return (
            (label("as_landlord", lang), self.landlord_wins, self.landlord_losses),
            (label("as_farmer", lang), self.farmer_wins, self.farmer_losses),
        )


def render_profile(record: PlayerRecord, lang: str) -> bytes:
    """The player card (PNG bytes)."""
    return cv.encode(draw_profile(record, lang))


def _rate(wins: int, games: int) -> str:
    return f"{100 * wins / games:.0f}%" if games else "—"


def draw_profile(record: PlayerRecord, lang: str) -> Image.Image:
    check_lang(lang)
    image, draw = cv.new_canvas(WIDTH, HEIGHT)
    draw.rectangle((0, 0, WIDTH, 150), fill=cv.FELT_DARK)
    index = title_index(record.beans)
    # name and title
    draw_text(
        draw,
        (MARGIN, 50),
        fit_text(clean_name(record.name), 40, WIDTH - 2 * MARGIN, bold=True),
        40,
        cv.WHITE,
        bold=True,
    )
    cv.pill(draw, MARGIN, 110, title_name(index, lang), 28, (50, 34, 0), cv.GOLD)
    # beans and points
    y = 200
    draw_text(draw, (MARGIN, y - 26), label("beans", lang), 22, cv.MUTED, bold=True)
    draw_text(draw, (MARGIN, y + 12), f"{record.beans:,}", 44, cv.GOLD, bold=True)
    draw_text(draw, (WIDTH // 2 + 40, y - 26), label("points", lang), 22, cv.MUTED, bold=True)
    draw_text(draw, (WIDTH // 2 + 40, y + 12), f"{record.points:,}", 44, cv.WHITE, bold=True)
    # progress to the next title
    y = 272
    bar = (MARGIN, y, WIDTH - MARGIN, y + 22)
    draw.rounded_rectangle(bar, 11, fill=cv.PANEL)
    if index + 1 < len(TITLES):
        floor, ceiling = TITLES[index][0], TITLES[index + 1][0]
        share = (record.beans - floor) / (ceiling - floor)
        text = (
            f"{label('next_title', lang)} {title_name(index + 1, lang)}: {ceiling - record.beans:,}"
        )
    else:
        share, text = 1.0, label("top_title", lang)
    fill_right = bar[0] + max(22, round((bar[2] - bar[0]) * min(1.0, max(0.0, share))))
    draw.rounded_rectangle((bar[0], bar[1], fill_right, bar[3]), 11, fill=cv.GOLD)
    draw_text(draw, (MARGIN, y + 44), text, 22, cv.MUTED)
    # record
    y = 400
    columns = dict(enumerate(record.sides(lang)))  # the total keeps its place after two
    columns[2] = (label("total", lang), record.wins, record.games - record.wins)
    width = (WIDTH - 2 * MARGIN) // 4
    draw.rounded_rectangle(
        (MARGIN - 10, y - 46, WIDTH - MARGIN + 10, HEIGHT - 18), 16, fill=cv.PANEL
    )
    for i, (title, wins, losses) in columns.items():
        x = MARGIN + i * width
        draw_text(draw, (x, y - 18), title, 22, cv.MUTED, bold=True)
        score = f"{wins:,}{label('win', lang)} {losses:,}{label('loss', lang)}"
        size = 30
        while text_width(score, size, bold=True) > width - 18 and size > 16:
            size -= 2  # big records shrink rather than run into the next column
        draw_text(draw, (x, y + 22), score, size, cv.WHITE, bold=True)
        draw_text(draw, (x, y + 62), _rate(wins, wins + losses), 22, cv.MUTED)
    x = MARGIN + 3 * width
    draw_text(draw, (x, y - 18), label("win_rate", lang), 22, cv.MUTED, bold=True)
    draw_text(draw, (x, y + 22), _rate(record.wins, record.games), 30, cv.GOLD, bold=True)
    if record.streak > 0:
        streak, colour = f"{label('streak_win', lang)} {record.streak}", cv.GREEN
    elif record.streak < 0:
        streak, colour = f"{label('streak_loss', lang)} {-record.streak}", cv.RED_TEXT
    else:
        streak, colour = label("streak_none", lang), cv.MUTED
    draw_text(draw, (x, y + 62), streak, 22, colour)
    return image
