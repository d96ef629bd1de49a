"""A 比赛's standings as a picture (the group's picture when the tournament ends).

Drawn as the season's standings are (``standings.py``): the first ten, medals for the first
three, then how many more took part; each row's points, hands, hands won and prize. It names
people, points and beans only: no card, no hand's content.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from PIL import Image, ImageDraw

from . import canvas as cv
from .fonts import draw_text, fit_text
from .labels import check_lang, label
from .standings import (
    DARK,
    HEAD,
    MARGIN,
    ROW,
    TOP,
    WIDTH,
    _game_name,
    draw_column_heads,
    draw_row_head,
)

__all__ = ["TournamentBoard", "TournamentRow", "draw_tournament", "render_tournament"]

#: rows drawn at most (the rest are counted below them)
SHOWN: Final = 10
_POINTS_X, _HANDS_X, _WINS_X, _PRIZE_X = 600, 700, 800, WIDTH - MARGIN - 14


@dataclass(frozen=True, slots=True)
class TournamentRow:
    """One entrant's line: place, name, points, hands, hands won, prize in beans."""

    place: int
    name: str
    points: int
    hands: int
    wins: int
    prize: int = 0


@dataclass(frozen=True, slots=True)
class TournamentBoard:
    """What the picture shows: the tournament's number, its game, rounds and hands a round,
    the pool, whether it is over, and its rows in the order of the standings."""

    number: int
    game: str | None
    rounds: int
    hands: int
    pool: int
    final: bool
    rows: tuple[TournamentRow, ...]


def render_tournament(board: TournamentBoard, lang: str) -> bytes:
    """The standings picture (PNG bytes)."""
    return cv.encode(draw_tournament(board, lang))


def _height(board: TournamentBoard) -> int:
    more = 1 if len(board.rows) > SHOWN else 0
    return TOP + (max(1, min(len(board.rows), SHOWN)) + more) * ROW + 20


def _shape(board: TournamentBoard, lang: str) -> str:
    """ "2 轮 × 2 局", "2 rounds × 2 hands"."""
    rounds, hands = label("tour_rounds", lang), label("tour_hands", lang)
    return f"{board.rounds} {rounds} × {board.hands} {hands}"


def draw_tournament(board: TournamentBoard, lang: str) -> Image.Image:
    check_lang(lang)
    image, draw = cv.new_canvas(WIDTH, _height(board))
    draw.rectangle((0, 0, WIDTH, HEAD), fill=cv.FELT_DARK)
    title = f"{label('tour', lang)} #{board.number}"
    draw_text(draw, (MARGIN, 46), title, 40, cv.GOLD, bold=True)
    state = label("tour_final" if board.final else "tour_now", lang)
    colours = (DARK, cv.GOLD) if board.final else (cv.WHITE, cv.PANEL_TURN)
    cv.pill(draw, WIDTH - MARGIN, 46, state, 26, *colours, align="r")
    line = f"{_game_name(board.game, lang)} · {_shape(board, lang)}"
    line += f" · {len(board.rows)} {label('season_players', lang)}"
    if board.pool:
        beans = label("beans", lang)
        beans = beans.lower() if lang == "en" else beans  # mid-line: "pool 140 beans"
        line += f" · {label('tour_pool', lang)} {board.pool:,} {beans}"
    draw_text(draw, (MARGIN, 102), fit_text(line, 24, WIDTH - 2 * MARGIN), 24, cv.MUTED)
    paid = board.final and board.pool > 0  # the prizes: once paid, where there was a pool
    _column_heads(draw, lang, paid)
    y = TOP
    for row in board.rows[:SHOWN]:
        _row(draw, y, row, paid)
        y += ROW
    rest = len(board.rows) - SHOWN
    if rest > 0:
        more = f"… {label('tour_more', lang)} {rest} {label('tour_more_people', lang)}"
        draw_text(draw, (WIDTH // 2, y + ROW // 2), more, 24, cv.MUTED, align="m")
    return image


def _column_heads(draw: ImageDraw.ImageDraw, lang: str, paid: bool) -> None:
    """The columns' heads; the prize's only where prizes were paid."""
    columns = (
        (_POINTS_X, "season_points"),
        (_HANDS_X, "season_hands"),
        (_WINS_X, "tour_wins"),
        (_PRIZE_X, "tour_prize"),
    )
    draw_column_heads(draw, lang, columns[: 4 if paid else 3])


def _row(draw: ImageDraw.ImageDraw, y: int, row: TournamentRow, paid: bool) -> None:
    draw.rounded_rectangle(
        (MARGIN - 10, y + 4, WIDTH - MARGIN + 10, y + ROW - 4), 14, fill=cv.PANEL
    )
    middle = y + ROW // 2
    draw_row_head(draw, middle, row.place, row.name, row.points, _POINTS_X)
    draw_text(draw, (_HANDS_X, middle), f"{row.hands:,}", 26, cv.WHITE, align="r")
    draw_text(draw, (_WINS_X, middle), f"{row.wins:,}", 26, cv.WHITE, align="r")
    if not paid:
        return
    prize = f"+{row.prize:,}" if row.prize else "-"
    draw_text(draw, (_PRIZE_X, middle), prize, 26, cv.GOLD if row.prize else cv.MUTED, align="r")
