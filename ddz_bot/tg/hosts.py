"""The host of a table's game, found through the registry: the flows' one way from a
table's ``rules`` to its game's ``GameHost`` (``tg/games.py`` names the types only)."""

from __future__ import annotations

from ddz_bot.games import GAMES

from .games import GameHost

__all__ = ["host_for"]


def host_for(rules: str) -> GameHost:
    """The host of the game a table of ``rules`` plays; ``UnknownGame`` if none."""
    return GAMES.for_rules(rules).host
