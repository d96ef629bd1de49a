"""The games the bot hosts: ``GAMES``, the one registry of game modules.

Each game is one folder with the same shape (``engine/``, ``ai/``, ``render/``, ``tg/``,
``i18n/`` and ``module.py``, whose ``GAME`` is its ``GameModule``); a new game is its folder and
one line in ``_REGISTERED`` below. The table layer finds a game only here: by its name, or by
the first word of a table's ``rules`` (``classic``, ``baohuang+called``...).

Game modules are imported when first asked for, so importing a game's engine (an AI worker, a
benchmark) does not bring in the table layer. The registry gives the games' words to
``ddz_bot.i18n`` when it is made (i18n imports no game), so ``t`` knows every game's keys as
soon as any game's code is imported.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import TYPE_CHECKING

from ddz_bot.i18n import read_game_words

if TYPE_CHECKING:
    from .module import GameModule

__all__ = ["GAMES", "GameRegistry", "UnknownGame", "rules_word"]

#: every game the bot hosts: its name and the module whose ``GAME`` is its ``GameModule``
_REGISTERED: dict[str, str] = {
    "doudizhu": "ddz_bot.games.doudizhu.module",
    "baohuang": "ddz_bot.games.baohuang.module",
    "paodekuai": "ddz_bot.games.paodekuai.module",
}


class UnknownGame(ValueError):
    """A name or a table's rules that no registered game answers to."""

    def __init__(self, what: str) -> None:
        super().__init__(f"no game is hosted under {what!r}")
        self.what = what


def rules_word(rules: str) -> str:
    """The word of a table's ``rules`` that names its game or variant (``baohuang`` for
    ``baohuang+called``, ``classic`` for ``classic``)."""
    return rules.split("+", 1)[0]


class GameRegistry(Mapping[str, "GameModule"]):
    """The registered games by name, loaded on first use."""

    def __init__(self, paths: Mapping[str, str]) -> None:
        self._paths = dict(paths)
        self._loaded: dict[str, GameModule] = {}

    def __getitem__(self, name: str) -> GameModule:
        loaded = self._loaded.get(name)
        if loaded is not None:
            return loaded
        path = self._paths.get(name)
        if path is None:
            raise UnknownGame(name)
        module: GameModule = importlib.import_module(path).GAME
        if module.name != name:
            raise ValueError(f"{path} holds the game {module.name!r}, registered as {name!r}")
        self._loaded[name] = module
        return module

    def __contains__(self, name: object) -> bool:
        return name in self._paths or name in self._loaded

    def __iter__(self) -> Iterator[str]:
        return iter([*self._paths, *(n for n in self._loaded if n not in self._paths)])

    def __len__(self) -> int:
        return len(set(self._paths) | set(self._loaded))

    def chosen(self, name: str) -> GameModule:
        """The game a group's stored choice names (``GroupSettings.game``): the first game
        hosted when the group chose none, or chose one the bot no longer hosts."""
        return self[name] if name in self else self[next(iter(self))]

    def words(self) -> Iterator[Mapping[str, Mapping[str, str]]]:
        """Each game's own words (``GameModule.words``): what ``ddz_bot.i18n.t`` reads."""
        for name in self:
            yield self[name].words

    def for_rules(self, rules: str) -> GameModule:
        """The game a table of ``rules`` plays; ``UnknownGame`` if none answers to it."""
        word = rules_word(rules)
        for name in self:
            module = self[name]
            if word in module.variants:
                return module
        raise UnknownGame(rules)

    @contextmanager
    def registered(self, module: GameModule) -> Iterator[GameModule]:
        """``module`` hosted for the time of a ``with`` block (a test's own game)."""
        if module.name in self:
            raise ValueError(f"a game named {module.name!r} is registered already")
        self._loaded[module.name] = module
        try:
            yield module
        finally:
            del self._loaded[module.name]


#: the one registry of the games the bot hosts
GAMES = GameRegistry(_REGISTERED)
read_game_words(GAMES.words)
