"""The parts of a game that has no options, nothing to decide before the play and nothing
hidden at the live table beyond a seat's cards: written once, each given the little that is
the game's own (its words, how its cards read, its summary). A game with more of its own
writes that part itself."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from telegram import InlineKeyboardMarkup

from ddz_bot.games.module import GamePage, TableTerms
from ddz_bot.i18n import t as shared
from ddz_bot.kernel import Action, Card, Cards, Event, GameProtocol, Pass, Play, PlayReading
from ddz_bot.render import ResultLine
from ddz_bot.storage import FinishedHand, GroupSettings
from ddz_bot.tg.keyboards import PASS_ACTION, Keyboards
from ddz_bot.tg.panels import SeatPanel
from ddz_bot.tg.refusals import Refused

from .contents import Render, turn_line, your_turn

if TYPE_CHECKING:
    from ddz_bot.tg.table import Table

__all__ = ["EventReplay", "NoOptions", "PlainPage", "PlainScreens", "PlainTyping", "Words"]


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


@dataclass(slots=True)
class PlainScreens:
    """The ``GameScreens`` of a game whose table is a row of cards: the lobby, the caption's
    head (its ``game_name`` and whose turn), the cards ``on_table`` (said ``on_table`` and
    drawn by ``draw``), a seat's ``hand`` (said ``your_cards`` and drawn), a button a rank
    held with the play's row, 取消托管 on 托管, won or lost at the end."""

    keyboards: Keyboards
    mark: str
    words: Words
    cards_text: Callable[[Iterable[int], str], str]
    on_table: Callable[[Table], Sequence[Card]]
    hand: Callable[[Table, int], Sequence[Card]]
    draw: Callable[[Sequence[Card]], bytes]

    def lobby_text(self, table: Table, seats: str) -> str:
        room = shared(table.lang, f"room_{table.room}")
        return self.words(table.lang, "lobby", room=room, seats=seats)

    def head(self, table: Table) -> str | None:
        return turn_line(table, self.words(table.lang, "game_name"))

    def caption_lines(self, table: Table) -> list[str]:
        cards = self.cards_text((c.rank for c in self.on_table(table)), table.lang)
        return [self.words(table.lang, "on_table", cards=cards)]

    def table_picture(self, table: Table) -> Render:
        cards = self.on_table(table)
        return lambda: self.draw(cards)

    def result_picture(self, table: Table, pictures: list[ResultLine]) -> Render | None:
        return self.table_picture(table)

    def panel_lines(self, table: Table, seat: int, lang: str, panel: SeatPanel) -> list[str]:
        cards = self.cards_text((c.rank for c in self.hand(table, seat)), lang)
        return [*your_turn(table, seat, lang), self.words(lang, "your_cards", cards=cards)]

    def panel_keyboard(
        self, table: Table, seat: int, lang: str, panel: SeatPanel
    ) -> InlineKeyboardMarkup | None:
        game, keyboards = table.game, self.keyboards
        assert game is not None
        if game.auto[seat] and not game.over:
            return keyboards.take_back(table, lang)
        if game.over or not game.legal_actions(seat):
            return None
        counts = Cards(card.rank for card in self.hand(table, seat)).counts()
        ranks = keyboards.rank_buttons(table, counts, panel.selection or [], lang)
        return InlineKeyboardMarkup([ranks, keyboards.play_row(table, lang, may_pass=False)])

    def panel_picture(self, table: Table, seat: int, lang: str) -> tuple[str, Render]:
        hand = list(self.hand(table, seat))
        return "".join(str(c) for c in hand), lambda: self.draw(hand)

    def own_result(self, table: Table, seat: int, lang: str, outcome: Any) -> list[str]:
        return [shared(lang, "panel_won" if seat in outcome.winners else "panel_lost")]
