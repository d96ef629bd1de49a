"""The parts of a game that has no options, nothing to decide before the play and nothing
hidden at the live table beyond a seat's cards: written once, each given the little that is
the game's own (its words, how its cards read, its summary). A game with more of its own
writes that part itself."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from ddz_bot.games.module import GamePage, TableTerms
from ddz_bot.kernel import Action, Cards, Event, GameProtocol, Pass, Play, PlayReading
from ddz_bot.storage import FinishedHand, GroupSettings
from ddz_bot.tg.keyboards import PASS_ACTION
from ddz_bot.tg.refusals import Refused

if TYPE_CHECKING:
    from ddz_bot.tg.table import Table

__all__ = ["EventReplay", "NoOptions", "PlainPage", "PlainTyping", "Words"]


class Words(Protocol):
    """A game's ``t``: its words ``key`` in ``lang`` with their placeholders filled."""

    def __call__(self, lang: str, key: str, /, **values: object) -> str: ...


@dataclass(frozen=True, slots=True)
class NoOptions:
    """A ``GameOptions`` without options: a table's ``rules`` is the variant named, else the
    game's name; its title and description are its ``game_name``, its line in /help its
    ``pitch``, its paragraph of /rules its ``rules`` (given the table's terms)."""

    name: str
    words: Words

    def table_rules(self, group: GroupSettings, variant: str | None) -> str:
        return variant or self.name

    def title(self, lang: str) -> str:
        return self.words(lang, "game_name")

    def describe(self, rules: str, lang: str) -> str:
        return self.words(lang, "game_name")

    def pitch(self, lang: str) -> str:
        return self.words(lang, "pitch")

    def rules_text(self, terms: TableTerms, lang: str) -> str:
        return self.words(lang, "rules", **terms.fields())

    def settings_lines(self, group: GroupSettings, lang: str) -> list[str]:
        return []

    def settings_buttons(self, group: GroupSettings, lang: str) -> dict[str, str]:
        return {}

    def cycle(self, group: GroupSettings, key: str) -> dict[str, Any] | None:
        return None


@dataclass(slots=True)
class PlainTyping:
    """A ``GameTyping`` with nothing to decide before the play and no button of its own but
    Pass where the game ``passes``: typed cards read as the game's ``readings`` say; hints
    and hands in its ``cards_text``; a tap on a rank selects as ``select`` says."""

    readings_of: Callable[[GameProtocol, Cards], Sequence[Any]]
    cards_text: Callable[[Iterable[int], str], str]
    select_rank: Callable[[list[int], list[int], int, bool], list[int]]
    unknown_text: str = "unknown_text"
    passes: bool = False

    def decision(self, game: GameProtocol, seat: int, words: str, lang: str) -> Action:
        raise Refused("not_your_turn")

    def readings(self, game: GameProtocol, cards: Cards) -> Sequence[Any]:
        return self.readings_of(game, cards)

    def typed_reading(
        self, game: GameProtocol, cards: Cards, lang: str
    ) -> tuple[PlayReading, str] | None:
        return None

    def hint_text(self, game: GameProtocol, cards: Cards, lang: str) -> str:
        return self.cards_text(cards, lang)

    def hand_text(self, cards: Iterable[int], lang: str) -> str:
        return self.cards_text(cards, lang)[:200]

    def select(self, chosen: list[int], held: list[int], rank: int, everything: bool) -> list[int]:
        return self.select_rank(chosen, held, rank, everything)

    def button(self, action: str, arg: str, seat: int) -> Action | None:
        return Pass(seat) if self.passes and action == PASS_ACTION and arg == "" else None


@dataclass(frozen=True, slots=True)
class PlainPage:
    """``GamePageParts`` of a game whose plays are cards and never a pass: its ``page``, a
    play's label in its ``cards_text``, the group's picture following each phase, a seat's
    view its own, the table as ``summary`` draws it."""

    described: GamePage
    cards_text: Callable[[Iterable[int], str], str]
    summary_of: Callable[[Any], dict[str, Any]]

    def page(self, game: GameProtocol) -> GamePage:
        return self.described

    def label(self, game: GameProtocol, action: Action, lang: str) -> str:
        return self.cards_text(action.cards, lang) if isinstance(action, Play) else str(action.type)

    def play_action(self, game: GameProtocol, seat: int, cards: Cards) -> Action:
        return Play(seat, cards)

    def may_pass(self, game: GameProtocol, view: Any, seat: int) -> bool:
        return False

    def key_moment(self, table: Table) -> Hashable:
        return (table.hand_no, str(table.phase), table.game is not None and table.game.over)

    def seat_view(self, game: GameProtocol, seat: int, public: Any) -> Any:
        return game.view_for(seat)

    def seat_summary(self, game: GameProtocol, view: Any) -> dict[str, Any]:
        return {}

    def summary(self, game: GameProtocol, view: Any) -> dict[str, Any]:
        return self.summary_of(getattr(view, "public", view))


@dataclass(frozen=True, slots=True)
class EventReplay:
    """A ``GameReplay`` of a hand stored with its ``start`` and ``log`` (the game named in
    its start): the game's ``head`` of the rebuilt hand, then a numbered ``line`` for each
    event that has one."""

    name: str
    rebuild: Callable[[dict[str, Any], list[dict[str, Any]]], GameProtocol]
    read_action: Callable[[dict[str, Any]], Action]
    head_of: Callable[[GameProtocol, list[str], str], str]
    line: Callable[[Event, int, list[str], str], str | None]

    def owns(self, hand: FinishedHand) -> bool:
        start = hand.result.get("start")
        return isinstance(start, dict) and start.get("game") == self.name

    def head(self, hand: FinishedHand, names: list[str], lang: str) -> str:
        return self.head_of(self.rebuild(hand.result["start"], hand.result["log"]), names, lang)

    def lines(self, hand: FinishedHand, names: list[str], lang: str) -> list[str]:
        game = self.rebuild(hand.result["start"], [])
        lines: list[str] = []
        for data in hand.result["log"]:
            for event in game.apply(self.read_action(data)):
                said = self.line(event, len(lines) + 1, names, lang)
                if said is not None:
                    lines.append(said)
        return lines
