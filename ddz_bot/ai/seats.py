"""What a game's AI gives the table: ``GameAI``, its players for AI seats, 托管 and hints; and
``SeatPlayers``, the one way every game keeps them (a player a level, made when first asked
for; hints that fall back to the game's own list when the AI fails)."""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import Any, Generic, Protocol, TypeVar

from ddz_bot.kernel import Action, Cards, GameProtocol

from .levels import SEAT_LEVEL, LevelName

__all__ = ["GameAI", "SeatPlayer", "SeatPlayers"]

log = logging.getLogger(__name__)


class GameAI(Protocol):
    """A game's players for AI seats, 托管 and hints, one a level in each process."""

    def configure(self, thinking_share: float) -> None:
        """The share of the processor this process's searching player may take."""
        ...

    def choose(
        self,
        view: Any,
        legal: list[Action],
        *,
        level: LevelName = SEAT_LEVEL,
        asked: float | None = None,
    ) -> Action:
        """The AI's choice for a seat from its view and legal actions (may raise); a search's
        time counts from ``asked`` (perf_counter) when given."""
        ...

    def hints(self, game: GameProtocol, seat: int) -> list[Cards]:
        """The seat's legal plays, best first, for the hint button (never a pass)."""
        ...


class SeatPlayer(Protocol):
    """One player of a game: an action of ``legal`` from a seat's ``view``."""

    def act(self, view: Any, legal: Sequence[Action]) -> Action: ...


P = TypeVar("P", bound=SeatPlayer)


def _untimed(player: SeatPlayer, view: Any, legal: list[Action], asked: float | None) -> Action:
    return player.act(view, legal)


def _no_hints(game: GameProtocol, seat: int) -> list[Cards]:
    return []


class SeatPlayers(Generic[P]):
    """A ``GameAI``: this process's players, one a level, each made by ``make`` (from the
    level and the processor's share its search may take) when first asked for. ``act`` asks
    one (the time ``asked`` goes to a game whose search counts it); ``hints`` lists a seat's
    plays, ``fallback`` where the AI fails. A game's class gives these to ``__init__`` and
    nothing else: a worker process makes its own copy from the class, by reference."""

    def __init__(
        self,
        make: Callable[[LevelName, float], P],
        hints: Callable[[SeatPlayers[P], GameProtocol, int], list[Cards]],
        *,
        fallback: Callable[[GameProtocol, int], list[Cards]] = _no_hints,
        act: Callable[[P, Any, list[Action], float | None], Action] = _untimed,
        searching: frozenset[LevelName] = frozenset(),
        share: float = 0.0,
    ) -> None:
        self._make, self._hints, self._fallback, self._act = make, hints, fallback, act
        #: the levels that search, made again when the share changes
        self._searching = searching
        self._share = share
        self._players: dict[LevelName, P] = {}

    def configure(self, thinking_share: float) -> None:
        self._share = thinking_share
        if self._searching:
            for level in self._searching:
                self._players.pop(level, None)  # made again, with this share, when next asked
            self.player()  # made before the first question, which must not wait for it

    def player(self, level: LevelName = SEAT_LEVEL) -> P:
        """This process's player at ``level``."""
        level = LevelName(level)
        found = self._players.get(level)
        if found is None:
            found = self._players[level] = self._make(level, self._share)
        return found

    def choose(
        self,
        view: Any,
        legal: list[Action],
        *,
        level: LevelName = SEAT_LEVEL,
        asked: float | None = None,
    ) -> Action:
        return self._act(self.player(level), view, legal, asked)

    def hints(self, game: GameProtocol, seat: int) -> list[Cards]:
        try:
            return self._hints(self, game, seat)
        except Exception:
            log.exception("the %s AI failed to hint", game.game_name)
            return self._fallback(game, seat)
