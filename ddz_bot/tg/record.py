"""A player's record as /balance tells it: a line a game played, in each its roles.

Storage counts wins and losses by game and role in the game's own words; the words a player
reads are the catalogues': ``game_<game>`` for the game and ``role_<game>_<role>`` for each
of its roles (a game without sides stores the role '' and has none).
"""

from __future__ import annotations

from ddz_bot.games import GAMES

from ..i18n import t
from ..storage import PastTournament, Player
from .tournament_plan import standings

__all__ = ["MOST_PLAYED", "record_columns", "record_lines", "tournament_lines"]

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


def tournament_lines(past: list[PastTournament], user_id: int, lang: str) -> list[str]:
    """The card's 比赛 lines (none for a person who finished none): how many, the best
    place, the prizes in all, then the last one's place and prize. The places are the final
    standings (``tournament_plan.standings``), summed from what each tournament stored."""
    places: list[tuple[PastTournament, int, int]] = []  # newest first
    for done in past:
        final = standings(done.entrants, done.scores)
        place = next((s.place for s in final if s.user_id == user_id), None)
        if place is not None:
            places.append((done, place, len(final)))
    if not places:
        return []
    head = t(
        lang,
        "balance_tour",
        played=len(places),
        best=min(place for _, place, _ in places),
        prizes=sum(done.prize for done, _, _ in places),
    )
    last, place, count = places[0]
    prize = t(lang, "balance_tour_prize", beans=last.prize) if last.prize > 0 else ""
    game = GAMES.for_rules(last.tournament.rules).options.title(lang)
    line = t(
        lang,
        "balance_tour_last",
        id=last.tournament.id,
        game=game,
        place=place,
        count=count,
        prize=prize,
    )
    return [head, line]
