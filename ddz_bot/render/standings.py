"""A group's season standings as a picture (/rank, /season N, a season's final standings).

The top ten, medals for the first three, and the asker's own row below them when they are
further down. It names people, points and hands only: no card, no hand's content.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from PIL import Image, ImageDraw

from . import canvas as cv
from .fonts import clean_name, draw_text, fit_text
from .labels import check_lang, label

__all__ = ["StandingRow", "Standings", "draw_standings", "render_standings"]

WIDTH: Final = 1000
MARGIN: Final = 28
HEAD: Final = 132
ROW: Final = 66
TOP: Final = HEAD + 64
#: gold, silver and bronze: the first three's medals
MEDALS: Final = ((246, 196, 60), (206, 212, 222), (165, 120, 44))
DARK: Final = (40, 30, 10)
#: the columns' right edges (the rank's centre and the name's left edge before them)
_RANK_X, _NAME_X = 62, 112
_POINTS_X, _HANDS_X, _RATE_X, _BEST_X = 612, 716, 836, WIDTH - MARGIN - 14


@dataclass(frozen=True, slots=True)
class StandingRow:
    """One person's line: their place, name, points, hands, win rate (0..1), best hand."""

    rank: int
    name: str
    points: int
    hands: int
    win_rate: float
    best: int
    own: bool = False


@dataclass(frozen=True, slots=True)
class Standings:
    """What the picture shows: the season's label (``2026-12``), whether it is over, the
    game it counts (``None``: all games), its days, the top rows, the asker's row when it is
    not among them, and how many people played."""

    season: str
    final: bool
    game: str | None
    span: str
    rows: tuple[StandingRow, ...]
    own: StandingRow | None = None
    players: int = 0


def render_standings(standings: Standings, lang: str) -> bytes:
    """The standings picture (PNG bytes)."""
    return cv.encode(draw_standings(standings, lang))


def _game_name(game: str | None, lang: str) -> str:
    if game is None:
        return label("season_all_games", lang)
    try:
        return label(f"game_name_{game}", lang)
    except KeyError:
        return game


def _height(standings: Standings) -> int:
    rows = max(1, len(standings.rows)) + (1 if standings.own is not None else 0)
    gap = 28 if standings.own is not None else 0
    return TOP + rows * ROW + gap + 20


def draw_standings(standings: Standings, lang: str) -> Image.Image:
    check_lang(lang)
    image, draw = cv.new_canvas(WIDTH, _height(standings))
    draw.rectangle((0, 0, WIDTH, HEAD), fill=cv.FELT_DARK)
    title = f"{label('season', lang)} {standings.season}"
    draw_text(draw, (MARGIN, 46), title, 40, cv.GOLD, bold=True)
    state = label("season_final" if standings.final else "season_now", lang)
    colours = (DARK, cv.GOLD) if standings.final else (cv.WHITE, cv.PANEL_TURN)
    cv.pill(draw, WIDTH - MARGIN, 46, state, 26, *colours, align="r")
    line = f"{_game_name(standings.game, lang)} · {standings.span}"
    if standings.players:
        line += f" · {standings.players} {label('season_players', lang)}"
    draw_text(draw, (MARGIN, 102), line, 24, cv.MUTED)
    _column_heads(draw, lang)
    y = TOP
    if not standings.rows:
        draw.rounded_rectangle(
            (MARGIN - 10, y + 4, WIDTH - MARGIN + 10, y + ROW - 4), 14, fill=cv.PANEL
        )
        draw_text(
            draw, (WIDTH // 2, y + ROW // 2), label("season_empty", lang), 26, cv.MUTED, align="m"
        )
    for row in standings.rows:
        _row(draw, y, row)
        y += ROW
    if standings.own is not None:
        draw_text(draw, (WIDTH // 2, y + 12), "…", 26, cv.MUTED, align="m")
        _row(draw, y + 28, standings.own)
    return image


def _column_heads(draw: ImageDraw.ImageDraw, lang: str) -> None:
    draw_column_heads(
        draw,
        lang,
        (
            (_POINTS_X, "season_points"),
            (_HANDS_X, "season_hands"),
            (_RATE_X, "win_rate"),
            (_BEST_X, "season_best"),
        ),
    )


def draw_column_heads(
    draw: ImageDraw.ImageDraw, lang: str, columns: Sequence[tuple[int, str]]
) -> None:
    """A standings picture's heads: place, name, then each number's (right-aligned at x)."""
    y = HEAD + 32
    draw_text(draw, (_RANK_X, y), "#", 22, cv.MUTED, bold=True, align="m")
    draw_text(draw, (_NAME_X, y), label("season_player", lang), 22, cv.MUTED, bold=True)
    for x, key in columns:
        draw_text(draw, (x, y), label(key, lang), 22, cv.MUTED, bold=True, align="r")


def signed(value: int) -> str:
    return f"{value:+,}" if value else "0"


def draw_row_head(
    draw: ImageDraw.ImageDraw, middle: int, place: int, name: str, points: int, points_x: int
) -> None:
    """A standings line's start: the place (a medal for the top three), the name fitted
    before the points, and the points coloured by their sign."""
    if place <= len(MEDALS):
        radius = 21
        draw.ellipse(
            (_RANK_X - radius, middle - radius, _RANK_X + radius, middle + radius),
            fill=MEDALS[place - 1],
        )
        draw_text(draw, (_RANK_X, middle), str(place), 24, DARK, bold=True, align="m")
    else:
        draw_text(draw, (_RANK_X, middle), str(place), 24, cv.WHITE, bold=True, align="m")
    fitted = fit_text(clean_name(name), 28, points_x - 130 - _NAME_X, bold=True)
    draw_text(draw, (_NAME_X, middle), fitted, 28, cv.WHITE, bold=True)
    colour = cv.GREEN if points > 0 else cv.RED_TEXT if points < 0 else cv.WHITE
    draw_text(draw, (points_x, middle), signed(points), 28, colour, bold=True, align="r")


def _row(draw: ImageDraw.ImageDraw, y: int, row: StandingRow) -> None:
    box = (MARGIN - 10, y + 4, WIDTH - MARGIN + 10, y + ROW - 4)
    if row.own:
        draw.rounded_rectangle(box, 14, fill=cv.PANEL_TURN, outline=cv.GOLD, width=3)
    else:
        draw.rounded_rectangle(box, 14, fill=cv.PANEL)
    middle = y + ROW // 2
    draw_row_head(draw, middle, row.rank, row.name, row.points, _POINTS_X)
    draw_text(draw, (_HANDS_X, middle), f"{row.hands:,}", 26, cv.WHITE, align="r")
    draw_text(draw, (_RATE_X, middle), f"{100 * row.win_rate:.0f}%", 26, cv.WHITE, align="r")
    draw_text(draw, (_BEST_X, middle), signed(row.best), 26, cv.GOLD, align="r")
