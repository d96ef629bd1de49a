"""What one seat, or the group, may see of a 跑得快 hand (the observer idea).

``PublicView`` holds no card of a hand still held: only counts, the plays on the table, the
cards played, who is down to one card (报单, R-PDK-WARN) and the bombs that stood; the hands
are shown face up once the hand is over. ``SeatView`` adds the seat's own cards.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ddz_bot.kernel import Card, Cards, TableView, Termination, gainers

from .cards import ranks_of
from .combos import PdkCombo
from .rules import PdkRules

__all__ = ["BombItem", "PdkOutcome", "Phase", "PublicView", "SeatInfo", "SeatView"]


class Phase(StrEnum):
    """Where a 跑得快 hand is."""

    DEALING = "dealing"  # created; the table sends ``Deal``
    PLAYING = "playing"
    FINISHED = "finished"  # played out or escaped


@dataclass(frozen=True, slots=True)
class BombItem:
    """A bomb that won its trick (R-PDK-SCORE): 10 points from each other seat."""

    seat: int
    rank: int


@dataclass(frozen=True, slots=True)
class PdkOutcome:
    """How a 跑得快 hand ended (``PdkGame.outcome()``). Per seat: the cards left, whether the
    seat was shut (被关: it played no card), the points for cards and for bombs, and their
    sum ``scores``; the three seats' scores add up to zero. An escape scores only its
    penalty (R-PDK-ESCAPE)."""

    termination: Termination
    winner: int | None  # None after an escape
    cards_left: tuple[int, ...]
    shut: tuple[bool, ...]
    bombs: tuple[BombItem, ...]
    card_points: tuple[int, ...]
    bomb_points: tuple[int, ...]
    scores: tuple[int, ...]
    escaped: int | None = None

    @property
    def aborted(self) -> bool:
        """Whether the hand ended with nothing to settle (the table closed it)."""
        return self.termination is Termination.ABORTED

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats whose score rose (the winner, and a loser whose bombs outweighed)."""
        return gainers(self.scores)


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """What everyone may see of one seat."""

    seat: int
    card_count: int
    play: PdkCombo | None = None  # this seat's play in the current trick
    play_cards: tuple[Card, ...] = ()
    passed: bool = False  # said 不出 in the current trick
    played_any: bool = False  # False at the end: shut (被关)
    bombs: int = 0  # bombs of this seat that stood so far
    auto_play: bool = False  # 托管
    escaped: bool = False
    shown_hand: tuple[Card, ...] | None = None  # face up once the hand is over

    @property
    def one_card(self) -> bool:
        """报单: the seat holds exactly one card (R-PDK-WARN)."""
        return self.card_count == 1


@dataclass(frozen=True, slots=True)
class PublicView(TableView[PdkRules, Phase, SeatInfo]):
    """The hand as the group sees it: no card of a hand still held."""

    leader: int  # who led the first trick
    first_hand: bool  # a table's first hand: ♠3 leads (R-PDK-FIRST)
    must_three: bool  # the next play must hold the ♠3 (R-PDK-FIRST)
    to_beat: PdkCombo | None  # the play on the table; None when the turn leads
    to_beat_seat: int | None
    played: Cards  # every card played so far (for a card tracker)
    bombs: tuple[BombItem, ...]  # the bombs that stood so far
    outcome: PdkOutcome | None = None
    deadline: float | None = None  # set by the table; the engine keeps no clock

    @property
    def players(self) -> int:
        return len(self.seats)

    def next_seat(self, seat: int) -> int:
        return (seat + 1) % len(self.seats)


@dataclass(frozen=True, slots=True)
class SeatView:
    """What one seat may see: the public view and its own cards."""

    public: PublicView
    seat: int
    hand: tuple[Card, ...]  # sorted by rank, physical cards

    @property
    def hand_ranks(self) -> Cards:
        return ranks_of(self.hand)

    @property
    def next_has_one(self) -> bool:
        """The next seat holds one card: a single must be the highest (R-PDK-WARN)."""
        return self.public.seats[self.public.next_seat(self.seat)].one_card

    @property
    def my_turn(self) -> bool:
        return self.public.turn == self.seat
