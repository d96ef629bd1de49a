"""Sample season standings for the gallery and the tests: a full board with medals, the
asker's row below the top ten, a season nobody played, names of every script."""

from __future__ import annotations

from ddz_bot.render.standings import StandingRow, Standings
from ddz_bot.render.tournament_board import TournamentBoard, TournamentRow

from .render_samples import LONG_NAMES, WORLD_NAMES

__all__ = ["standings_samples", "tournament_samples"]

_NAMES = ("小明", "Alice", "王大锤", *WORLD_NAMES, *LONG_NAMES, "阿强", "Bob", "Ива")


def _rows(count: int, own_at: int | None = None) -> list[StandingRow]:
    rows = []
    for i in range(count):
        points = 480 - 47 * i
        hands = 20 + 3 * i
        rows.append(
            StandingRow(
                rank=i + 1,
                name=_NAMES[i % len(_NAMES)],
                points=points,
                hands=hands,
                win_rate=max(0.0, 0.72 - 0.05 * i),
                best=max(0, 96 - 8 * i),
                own=i == own_at,
            )
        )
    return rows


def standings_samples() -> list[tuple[str, Standings, str]]:
    """(name, standings, language) for each sample picture."""
    board = _rows(14, own_at=12)
    return [
        (
            "season_now_zh-Hans",
            Standings("2026-12", False, None, "12-01 – 12-31", tuple(board[:10]), board[12], 14),
            "zh-Hans",
        ),
        (
            "season_final_zh-Hant",
            Standings("2026-11", True, "paodekuai", "11-01 – 11-30", tuple(_rows(3, 1)), None, 3),
            "zh-Hant",
        ),
        (
            "season_final_en",
            Standings("2026-W49", True, "doudizhu", "11-30 – 12-06", tuple(_rows(10)), None, 10),
            "en",
        ),
        ("season_empty_en", Standings("2026-12", False, None, "12-01 – 12-31", ()), "en"),
    ]


def _entrants(count: int, pool: int, hands: int = 4) -> tuple[TournamentRow, ...]:
    shares = (pool * 50 // 100, pool * 30 // 100, pool * 20 // 100)
    return tuple(
        TournamentRow(
            place=i + 1,
            name=_NAMES[i % len(_NAMES)],
            points=9 * hands - 9 * i,
            hands=hands,
            wins=max(0, hands - 1 - i // 2),
            prize=shares[i] if i < len(shares) else 0,
        )
        for i in range(count)
    )


def tournament_samples() -> list[tuple[str, TournamentBoard, str]]:
    """(name, board, language): a final of seven with prizes, 300 people in play (no prize
    yet), a 保皇 final of five in traditional characters."""
    in_play = tuple(
        TournamentRow(r.place, r.name, r.points, r.hands, r.wins) for r in _entrants(300, 0)
    )
    return [
        (
            "tournament_final_zh-Hans",
            TournamentBoard(7, "doudizhu", 2, 2, 140, True, _entrants(7, 140)),
            "zh-Hans",
        ),
        ("tournament_now_en", TournamentBoard(12, "doudizhu", 3, 2, 30_000, False, in_play), "en"),
        (
            "tournament_final_zh-Hant",
            TournamentBoard(3, "baohuang", 2, 1, 0, True, _entrants(5, 0, hands=2)),
            "zh-Hant",
        ),
    ]
