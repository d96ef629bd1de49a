"""A player's record as /balance tells it: a line a game played, in each its roles.

Storage counts wins and losses by game and role in the game's own words; the words a player
reads are the catalogues': ``game_<game>`` for the game and ``role_<game>_<role>`` for each
of its roles (a game without sides stores the role '' and has none).
"""

from __future__ import annotations

from ddz_bot.games import GAMES

from ..i18n import t
from ..storage import Player

__all__ = ["MOST_PLAYED", "record_columns", "record_lines"]

#: the games the /balance card draws a column for (the most played ones)
MOST_PLAYED = 2


def _role_word(lang: str, game: str, role: str) -> str:
    try:
        return t(lang, f"role_{game}_{role}")
    except KeyError:  # a role the catalogues don't name yet is told as stored
        return role


def _game_word(lang: str, game: str) -> str:
    """The game's name as its module says it (a game no longer hosted: as stored)."""
    return GAMES[game].options.title(lang) if game in GAMES else game


def record_lines(player: Player, lang: str) -> list[str]:
    """One line a game played, the most played first: its roles' wins and losses."""
    lines = []
    for game in player.games():
        parts = []
        for record in player.records:
            if record.game != game:
                continue
            score = t(lang, "balance_score", wins=record.wins, losses=record.losses)
            role = _role_word(lang, game, record.role) if record.role else ""
            parts.append(f"{role} {score}" if role else score)
        lines.append(t(lang, "balance_game", game=_game_word(lang, game), record=" · ".join(parts)))
    return lines


def record_columns(player: Player, lang: str) -> tuple[tuple[str, int, int], ...]:
    """The card's columns before the total: the most played games' wins and losses."""
    return tuple(
        (_game_word(lang, game), *player.record(game)) for game in player.games()[:MOST_PLAYED]
    )
