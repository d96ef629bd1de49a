"""What the bot tells a newcomer: the welcome, /help and /rules, and the answer to a /newgame
word it doesn't know. Each names every game the bot hosts, in the reader's language, from the
games' own words (``GameOptions.pitch`` and ``rules_text``), so a new game is in them as soon
as it is registered."""

from __future__ import annotations

from ddz_bot.games import GAMES
from ddz_bot.games.module import GameModule, TableTerms
from ddz_bot.i18n import t
from ddz_bot.kernel import Room

__all__ = ["games_list", "help_text", "rules_text", "unknown_mode_text", "welcome_text"]


def games_list(lang: str) -> str:
    """A line per hosted game: what it is and the /newgame words that open it."""
    return "\n".join(f"• {GAMES[name].options.pitch(lang)}" for name in GAMES)


def welcome_text(lang: str) -> str:
    """The answer to /start in a private chat with no table to return to."""
    return t(lang, "welcome", games=games_list(lang))


def help_text(lang: str) -> str:
    """/help, and the first word someone at no table types in their private chat."""
    extra = (t(lang, "help_compete"), t(lang, "help_tournament"))
    return "\n".join((t(lang, "help", games=games_list(lang)), *extra))


def unknown_mode_text(lang: str, text: str) -> str:
    """A /newgame word that opens nothing: the games there are and their words."""
    return t(lang, "unknown_mode", text=text, games=games_list(lang))


def rules_text(
    lang: str,
    room: Room,
    seconds: tuple[int, int, int],
    only: GameModule | None = None,
) -> str:
    """/rules: each hosted game's rules (or ``only`` that game's) with the group's room and
    its time limits (``seconds``: to bid, to double, to play)."""
    bid, double, play = seconds
    terms = TableTerms(room, t(lang, f"room_{room.key}"), bid, double, play)
    games = [only] if only is not None else [GAMES[name] for name in GAMES]
    parts = [game.options.rules_text(terms, lang) for game in games]
    if only is None:
        parts += [t(lang, "rules_compete"), t(lang, "rules_tournament")]
    return "\n\n".join(parts)
