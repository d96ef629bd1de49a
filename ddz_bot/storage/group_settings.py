"""A group's settings as storage keeps them: the table's own (room, time-outs, language,
tracker, the AI's level, the game a plain /newgame opens) and each game's options under its
name, which storage checks for plain values and never reads.

Storage imports no game: a game's name is checked for its form only. Which games the bot hosts
is the registry's to say (``ddz_bot.games.GAMES.chosen``: a group whose game the bot no longer
hosts plays the first one)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Final

from ddz_bot.kernel import room_by_key

from ..i18n import LANGS

__all__ = ["DEFAULT_GAME", "LANGUAGES", "AILevel", "GroupSettings"]

#: The languages a player or a group may choose.
LANGUAGES: Final = LANGS  # the one list of languages (i18n)

#: a game's name as storage keeps it (``doudizhu``, ``paodekuai``)
GAME_NAME: Final = re.compile(r"[a-z][a-z0-9_]{0,31}")
#: the game of a group that chose none: the schema's default (migration 4), which is the
#: registry's first game (a test keeps the two alike)
DEFAULT_GAME: Final = "doudizhu"
#: a role as a game names it: ``landlord``, ``emperor``, ``rebel``; '' for a game without sides
ROLE_WORD: Final = re.compile(r"(?:[a-z][a-z0-9_]{0,31})?")


class AILevel(StrEnum):
    """How strongly a group's AI seats and 托管 play (/settings): the AI's own level names
    (``ddz_bot.ai.LevelName``, which storage doesn't import; a test keeps the two alike)."""

    EASY = "easy"
    NORMAL = "normal"
    HARD = "hard"


def _game_options(
    options: Mapping[str, Mapping[str, bool | int | str]],
) -> dict[str, dict[str, bool | int | str]]:
    """Games' options checked: by game name, option names to plain values."""
    out: dict[str, dict[str, bool | int | str]] = {}
    for game, values in dict(options).items():
        if not isinstance(game, str) or not GAME_NAME.fullmatch(game):
            raise ValueError(f"{game!r} is not the name of a game")
        if not isinstance(values, Mapping):
            raise ValueError(f"the options of {game} are not a mapping: {values!r}")
        checked: dict[str, bool | int | str] = {}
        for name, value in values.items():
            if not isinstance(name, str) or not isinstance(value, bool | int | str):
                raise ValueError(f"{game} option {name!r} = {value!r} is no plain value")
            checked[name] = value
        out[game] = checked
    return out


@dataclass(frozen=True, slots=True)
class GroupSettings:
    """A group's table options; construction checks every field. Storage reads none of a
    game's own options: each game's ``GameOptions`` reads and writes its entry of
    ``game_options`` (``options_of``)."""

    chat_id: int
    title: str = ""
    language: str = "zh-Hans"
    room: str = "beginner"
    bid_seconds: int = 15
    double_seconds: int = 10
    play_seconds: int = 30
    tracker: bool = True
    #: the game a plain /newgame opens, by its name (one the bot no longer hosts: its first)
    game: str = DEFAULT_GAME
    #: the level of the AI seats and 托管 at the tables opened in the group
    ai_level: AILevel = AILevel.HARD
    #: each game's options by its own names: ``{game: {option: value}}``
    game_options: Mapping[str, Mapping[str, bool | int | str]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        game = str(self.game)
        if not GAME_NAME.fullmatch(game):
            raise ValueError(f"{game!r} is not the name of a game")
        object.__setattr__(self, "game", game)
        object.__setattr__(self, "game_options", _game_options(self.game_options))
        object.__setattr__(self, "ai_level", AILevel(self.ai_level))
        if self.language not in LANGUAGES:
            raise ValueError(f"unknown language {self.language!r}; one of {', '.join(LANGUAGES)}")
        room_by_key(self.room)
        for name in ("bid_seconds", "double_seconds", "play_seconds"):
            seconds = getattr(self, name)
            if not isinstance(seconds, int) or not 5 <= seconds <= 600:
                raise ValueError(f"{name} must be 5..600 seconds, not {seconds!r}")
        if not isinstance(self.tracker, bool):
            raise ValueError(f"tracker is on or off, not {self.tracker!r}")

    def options_of(self, game: str) -> dict[str, bool | int | str]:
        """The options ``game`` keeps in the group (none kept: empty; the game has defaults)."""
        return dict(self.game_options.get(game, {}))

    def with_options(self, game: str, values: Mapping[str, bool | int | str]) -> dict[str, Any]:
        """The change (for ``update_group``) that keeps ``values`` as ``game``'s options."""
        stored = {name: dict(kept) for name, kept in self.game_options.items()}
        stored[game] = dict(values)
        return {"game_options": stored}
