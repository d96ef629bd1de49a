"""``GameModule``: everything the table layer needs of one game, as one value.

The table layer (``ddz_bot.tg``) hosts every game through the kernel's ``GameProtocol`` (who
must act, legal actions, apply, views, outcome, settlement, storage) and this value, which a
game's folder gives as ``module.py``'s ``GAME``: its names, its host rules (dealing, time-outs,
托管, escape and its cost, who deals next, loading a saved hand), its contents (lobby, table,
result, panels), its panel buttons and typed words, the narration of its events, its
settlement and replay, its AI and hints, and its options in a group's /settings. The registry
(``ddz_bot.games.GAMES``) finds it by name or by a table's rules.

docs/architecture.md ("How to add a game") lists what a new game's folder holds.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from ddz_bot.ai import GameAI
from ddz_bot.kernel import Action, Cards, Event, GameProtocol, IllegalAction, PlayReading, Room
from ddz_bot.storage import FinishedHand, GroupSettings
from ddz_bot.tg.games import GameHost
from ddz_bot.tg.keyboards import Keyboards
from ddz_bot.tg.screens import Contents
from ddz_bot.tg.settle import SettleHand

if TYPE_CHECKING:
    from ddz_bot.tg.table import Table

__all__ = [
    "GameAI",
    "GameModule",
    "GameOptions",
    "GamePage",
    "GamePageParts",
    "GameReplay",
    "GameTyping",
    "TableTerms",
    "deck_counts",
]


class GameTyping(Protocol):
    """What a player's words and taps mean in a game: its decisions before the play, how a
    play reads, which ranks a tap selects."""

    #: the refusal key for text that is neither a play nor a word of the game
    unknown_text: str

    def decision(self, game: GameProtocol, seat: int, words: str, lang: str) -> Action:
        """The decision before the play that ``words`` (lowered) mean now; ``Refused`` with
        what may be typed instead."""
        ...

    def readings(self, game: GameProtocol, cards: Cards) -> Sequence[Any]:
        """How ``cards`` may read as a play now (several: the player is asked which)."""
        ...

    def typed_reading(
        self, game: GameProtocol, cards: Cards, lang: str
    ) -> tuple[PlayReading, str] | None:
        """For typed cards that read several ways: the reading taken and its words."""
        ...

    def hint_text(self, game: GameProtocol, cards: Cards, lang: str) -> str:
        """A hint as the player is told it."""
        ...

    def hand_text(self, cards: Iterable[int], lang: str) -> str:
        """A whole hand in an alert (200 characters at most)."""
        ...

    def select(self, chosen: list[int], held: list[int], rank: int, everything: bool) -> list[int]:
        """The selection after a rank button of the panel is pressed."""
        ...

    def button(self, action: str, arg: str, seat: int) -> Action | None:
        """The action a decision button of the panel makes: the table layer's Pass, or one of
        the game's own buttons (``codec.game_action``: its namespace); ``None``: no such button."""
        ...


class GameReplay(Protocol):
    """A finished hand of the game as ``/replay`` tells it."""

    def owns(self, hand: FinishedHand) -> bool:
        """Whether ``hand`` was played in this game."""
        ...

    def head(self, hand: FinishedHand, names: list[str], lang: str) -> str: ...

    def lines(self, hand: FinishedHand, names: list[str], lang: str) -> list[str]: ...


@dataclass(frozen=True, slots=True)
class TableTerms:
    """What a group's tables play for and how long a seat may think, as /rules tells them:
    the room (coefficient, fee, beans to sit) and the group's time limits in seconds."""

    room: Room
    room_name: str  # the room as the reader calls it (初级场, Beginner)
    bid_seconds: int
    double_seconds: int
    play_seconds: int

    def fields(self) -> dict[str, object]:
        """The placeholders a rules text may use: ``room`` (its name), ``coefficient``,
        ``fee``, ``min_beans``, ``threshold`` (doubling), ``bid``, ``double``, ``play``."""
        room = self.room
        return {
            "room": self.room_name,
            "coefficient": room.coefficient,
            "fee": room.fee,
            "min_beans": room.min_beans,
            "threshold": room.double_threshold,
            "bid": self.bid_seconds,
            "double": self.double_seconds,
            "play": self.play_seconds,
        }


class GameOptions(Protocol):
    """The game's options as a group keeps them and a table carries them in its ``rules``."""

    def table_rules(self, group: GroupSettings, variant: str | None) -> str:
        """The ``rules`` of a table of this game opened in ``group`` (``variant``: the word
        a /newgame named, else the group's choice)."""
        ...

    def title(self, lang: str) -> str:
        """The game's name as players read it (the /settings button of a group's game)."""
        ...

    def describe(self, rules: str, lang: str) -> str:
        """The game and its options in a few words (what a plain /newgame opens)."""
        ...

    def pitch(self, lang: str) -> str:
        """One line for /start and /help: the game, its players and the /newgame words that
        open it."""
        ...

    def rules_text(self, terms: TableTerms, lang: str) -> str:
        """The game's rules in a paragraph or two, for /rules, with the group's terms."""
        ...

    def settings_lines(self, group: GroupSettings, lang: str) -> list[str]:
        """Lines of the /settings message about this game's options."""
        ...

    def settings_buttons(self, group: GroupSettings, lang: str) -> dict[str, str]:
        """The /settings buttons of this game's options: their key and label."""
        ...

    def cycle(self, group: GroupSettings, key: str) -> dict[str, Any] | None:
        """The group's changes when the /settings button ``key`` is pressed (``None``: the
        key is not one of this game's)."""
        ...


@dataclass(frozen=True, slots=True)
class GamePage:
    """How a game's live page looks: its hand's layout, its special cards (by name) and the
    cards of each rank in its deck (the card tracker counts down from them)."""

    game: str
    layout: str  # "fan": one row of cards; "columns": a column a rank
    special: Mapping[str, str]  # card name -> its mark (保皇's sceptre and sword)
    deck: Mapping[str, int]  # rank character -> copies in the deck

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "layout": self.layout,
            "special": dict(self.special),
            "deck": dict(self.deck),
        }


def deck_counts(decks: int, ranks: str) -> dict[str, int]:
    """Copies of each rank in ``decks`` decks (a joker once a deck, other ranks four times)."""
    return {rank: decks * (1 if rank in "XD" else 4) for rank in ranks}


def own_part(view: Any) -> dict[str, Any]:
    """A seat view's own part of the page's summary: its cards by name and its secret role
    (``None`` where the game's view has none), for ``GamePageParts.seat_summary``."""
    hand = getattr(view, "hand", None)
    role = getattr(view, "role", None)
    return {
        "hand": None if hand is None else [str(card) for card in hand],
        "role": None if role is None else str(role),
    }


class GamePageParts(Protocol):
    """What the live table (``ddz_bot.web``) needs of a game: the rest of the page speaks
    only the game protocol and writes views generically."""

    def page(self, game: GameProtocol) -> GamePage:
        """The page's description and card faces for ``game``."""
        ...

    def label(self, game: GameProtocol, action: Action, lang: str) -> str:
        """A decision's label as the game's panel button says it."""
        ...

    def play_action(self, game: GameProtocol, seat: int, cards: Cards) -> Action:
        """The action of a play sent from the page in the shared notation."""
        ...

    def may_pass(self, game: GameProtocol, view: Any, seat: int) -> bool:
        """Whether the seat whose turn it is to play may pass now."""
        ...

    def key_moment(self, table: Table) -> Hashable:
        """What the group's picture follows while everyone plays at the page."""
        ...

    def summary(self, game: GameProtocol, view: Any) -> dict[str, Any]:
        """The table as the page draws it (the same shape for every game; see
        ``ddz_bot/web/static/app.js``)."""
        ...

    def seat_view(self, game: GameProtocol, seat: int, public: Any) -> Any:
        """``view_for(seat)`` on ``public``, the hand's ``public_view()`` made already: a
        table's pages share one public view a version."""
        ...

    def seat_summary(self, game: GameProtocol, view: Any) -> dict[str, Any]:
        """What a seat's own view changes in ``summary``: its hand and secret role (the rest
        is the public view's summary, written once a version)."""
        ...


@dataclass(frozen=True, slots=True)
class GameModule:
    """Everything the table layer needs of one game (see the module docstring)."""

    #: the game's name: its key in ``GAMES``, in a group's settings and in stored hands
    name: str
    #: the first words of a table's ``rules`` that name this game (its variants)
    variants: frozenset[str]
    #: words after /newgame and the variant each opens
    aliases: Mapping[str, str]
    host: GameHost
    contents: Callable[[Keyboards], Contents]
    settle: SettleHand
    #: one line for the group about one of the game's events (``None``: nothing to tell)
    event_line: Callable[[Event, Sequence[str], str], str | None]
    #: the words of a play event (``None``: the event is no play)
    play_text: Callable[[Event, str], str | None]
    typing: GameTyping
    ai: GameAI
    replay: GameReplay
    options: GameOptions
    #: the game's own refusals (the kernel's ``SHARED_REFUSALS`` are every game's)
    refusals: tuple[type[IllegalAction], ...]
    #: reads one of the game's actions back from its plain dict (``ValueError`` else)
    read_action: Callable[[dict[str, Any]], Action]
    #: the game at the live table (its page, labels, key moments, summary)
    page: GamePageParts
    #: the game's own message keys by language (``ddz_bot.i18n.t`` reads them after the
    #: shared keys; a game may keep further words that only its own code reads)
    words: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    #: builds the game's tables filled on first use, at start: the first person to type a
    #: play would otherwise wait while every table's updates stall behind it
    warm_up: Callable[[], None] = lambda: None
