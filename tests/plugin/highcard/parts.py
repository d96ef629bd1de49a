"""比大小's parts for the table layer: host rules, typed words, AI, narration, settlement,
replay, options and its live page, each implementing its protocol of ``GameModule``."""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from ddz_bot.ai import SEAT_LEVEL, LevelName
from ddz_bot.games import rules_word
from ddz_bot.games.module import GamePage, TableTerms
from ddz_bot.i18n import t as shared
from ddz_bot.kernel import (
    Action,
    Cards,
    Deal,
    Escaped,
    Event,
    GameProtocol,
    Play,
    PlayReading,
    Room,
    Settlement,
    Timeout,
    Waiting,
)
from ddz_bot.storage import Database, FinishedHand, GroupSettings
from ddz_bot.tg.games import HostedGame
from ddz_bot.tg.refusals import Refused
from ddz_bot.tg.settle import Settled, hand_record, settle_in_storage

from .engine import GAME_NAME, CardPlayed, HandTaken, HighCardGame, read_action
from .words import card_text, cards_text, t

if TYPE_CHECKING:
    from ddz_bot.tg.table import Table

__all__ = [
    "ALIASES",
    "TWO_SEATS",
    "HighCardAI",
    "HighCardHost",
    "HighCardOptions",
    "HighCardPage",
    "HighCardReplay",
    "HighCardTyping",
    "event_line",
    "play_text",
    "settle_high_card",
]

#: the variant word of a two-seat table (a plain ``highcard`` table has three)
TWO_SEATS = "highcard2"
#: words after /newgame and the variant each opens
ALIASES = {"highcard": GAME_NAME, "比大小": GAME_NAME, TWO_SEATS: TWO_SEATS}


def _game(game: GameProtocol) -> HighCardGame:
    assert isinstance(game, HighCardGame)
    return game


class HighCardHost:
    """The table actions of 比大小: one deal, a time-out plays the lowest card, the winner
    of a hand plays first in the next."""

    def seats(self, rules: str) -> int:
        return 2 if rules_word(rules) == TWO_SEATS else 3

    def new_hand(
        self,
        rules: str,
        room: Room,
        balances: Sequence[int],
        rng: random.Random | None,
        humans: Sequence[bool],
        dealer: int | None = None,
    ) -> HighCardGame:
        return HighCardGame(self.seats(rules), room, balances, rng, first=dealer or 0)

    def next_dealer(self, game: HostedGame) -> int | None:
        return _game(game).winner

    def load(self, data: dict[str, Any]) -> HighCardGame:
        return HighCardGame.from_dict(data)

    def opening(self, show_seats: Sequence[int], *, deal_window: bool) -> list[Action]:
        return [Deal()]

    def timed_out(self, waiting: Waiting) -> list[Action]:
        return [Timeout(seat) for seat in waiting.seats]

    def shared_clock(self, before: Waiting, after: Waiting) -> bool:
        return False

    def escape_cost(self, game: HostedGame, seat: int) -> int:
        room = game.room
        return room.coefficient * (game.players - 1)


class HighCardTyping:
    """Typed words: one card (``K``, ``10``); nothing is decided before the play."""

    unknown_text = "unknown_text"

    def decision(self, game: GameProtocol, seat: int, words: str, lang: str) -> Action:
        raise Refused("not_your_turn")

    def readings(self, game: GameProtocol, cards: Cards) -> Sequence[Any]:
        return [cards] if len(cards) == 1 else []

    def typed_reading(
        self, game: GameProtocol, cards: Cards, lang: str
    ) -> tuple[PlayReading, str] | None:
        return None

    def hint_text(self, game: GameProtocol, cards: Cards, lang: str) -> str:
        return cards_text(cards)

    def hand_text(self, cards: Iterable[int], lang: str) -> str:
        return cards_text(cards)[:200]

    def select(self, chosen: list[int], held: list[int], rank: int, everything: bool) -> list[int]:
        """A tap chooses that one card (one card a play)."""
        return [1 if r == rank else 0 for r in range(len(held))]

    def button(self, action: str, arg: str, seat: int) -> Action | None:
        return None


class HighCardAI:
    """The AI plays its highest card; hints are the seat's cards from the highest."""

    def configure(self, thinking_share: float) -> None:
        """Nothing to search."""

    def choose(
        self,
        view: Any,
        legal: list[Action],
        *,
        level: LevelName = SEAT_LEVEL,
        asked: float | None = None,
    ) -> Action:
        return legal[-1]

    def hints(self, game: GameProtocol, seat: int) -> list[Cards]:
        return [
            action.cards
            for action in reversed(game.legal_actions(seat))
            if isinstance(action, Play)
        ]


def event_line(event: Event, names: Sequence[str], lang: str) -> str | None:
    if isinstance(event, CardPlayed):
        return t(lang, "played", name=names[event.seat], card=card_text(event.card.rank))
    if isinstance(event, HandTaken):
        return t(lang, "took", name=names[event.seat], card=card_text(event.card.rank))
    if isinstance(event, Escaped):
        return t(lang, "escaped", name=names[event.seat])
    return None


def play_text(event: Event, lang: str) -> str | None:
    return card_text(event.card.rank) if isinstance(event, CardPlayed) else None


async def settle_high_card(db: Database, table: Table, game: HostedGame) -> Settled:
    """The hand's beans through storage's one settlement path, and the group's result."""
    played = _game(game)
    outcome = played.outcome()
    assert outcome is not None
    users = [seat.user_id for seat in table.seats]
    result: dict[str, Any] = {
        "game": GAME_NAME,
        "winner": outcome.winner,
        "escaped": outcome.escaped,
        "start": played.start_dict(),
        "log": [action.to_dict() for action in played.actions],
    }
    record = hand_record(table, played, name=GAME_NAME, rules={"game": GAME_NAME}, result=result)

    def scored(beans: list[int], points: list[int]) -> Settlement:
        settlement = played.settlement(points, beans)
        assert settlement is not None
        return settlement

    applied = await settle_in_storage(
        db,
        table,
        users,
        record,
        scored,
        lambda seat: seat in outcome.winners,
        role=lambda seat: "",  # high card has no sides
    )
    lang = table.lang
    lines = [_head(outcome.winner, outcome.escaped, table.names(), lang)]
    for seat in table.seats:
        delta = sum(c.delta for c in applied.bean_changes if c.user_id == seat.user_id)
        balance = applied.balances.get(seat.user_id, 0)
        lines.append(shared(lang, "result_line", name=seat.name, delta=delta, balance=balance))
    return Settled(lines, applied.pictures)


def _head(winner: int | None, escaped: int | None, names: Sequence[str], lang: str) -> str:
    if escaped is not None:
        return t(lang, "escaped", name=names[escaped])
    assert winner is not None
    return t(lang, "winner_is", name=names[winner])


class HighCardReplay:
    """/replay of a stored 比大小 hand, rebuilt from its start and its actions."""

    def owns(self, hand: FinishedHand) -> bool:
        start = hand.result.get("start")
        return isinstance(start, dict) and start.get("game") == GAME_NAME

    def _game(self, hand: FinishedHand) -> HighCardGame:
        return HighCardGame.replay(hand.result["start"], hand.result["log"])

    def head(self, hand: FinishedHand, names: list[str], lang: str) -> str:
        outcome = self._game(hand).outcome()
        assert outcome is not None
        return t(lang, "replay_head", result=_head(outcome.winner, outcome.escaped, names, lang))

    def lines(self, hand: FinishedHand, names: list[str], lang: str) -> list[str]:
        game = HighCardGame.replay(hand.result["start"], [])
        lines: list[str] = []
        for data in hand.result["log"]:
            for event in game.apply(read_action(data)):
                if isinstance(event, CardPlayed):
                    card = card_text(event.card.rank)
                    n = len(lines) + 1
                    lines.append(t(lang, "replay_line", n=n, name=names[event.seat], card=card))
        return lines


class HighCardOptions:
    """比大小 has no options: a table's ``rules`` is the variant named (three seats else)."""

    def table_rules(self, group: GroupSettings, variant: str | None) -> str:
        return variant or GAME_NAME

    def title(self, lang: str) -> str:
        return t(lang, "game_name")

    def describe(self, rules: str, lang: str) -> str:
        return t(lang, "game_name")

    def pitch(self, lang: str) -> str:
        return t(lang, "pitch")

    def rules_text(self, terms: TableTerms, lang: str) -> str:
        return t(lang, "rules", **terms.fields())

    def settings_lines(self, group: GroupSettings, lang: str) -> list[str]:
        return []

    def settings_buttons(self, group: GroupSettings, lang: str) -> dict[str, str]:
        return {}

    def cycle(self, group: GroupSettings, key: str) -> dict[str, Any] | None:
        return None


class HighCardPage:
    """比大小 at the live table: a fanned hand of three, the cards played."""

    def page(self, game: GameProtocol) -> GamePage:
        return GamePage(GAME_NAME, "fan", {}, {})

    def label(self, game: GameProtocol, action: Action, lang: str) -> str:
        return cards_text(action.cards) if isinstance(action, Play) else str(action.type)

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
        public = getattr(view, "public", view)
        return {
            "phase": str(public.phase),
            "turn": public.turn,
            "played": [None if c is None else str(c) for c in public.played],
        }
