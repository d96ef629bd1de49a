"""What one seat, or the group, may see of a 保皇 hand (the observer idea).

A picture renderer and an AI receive these views, never the game. ``PublicView`` holds no
card of a hidden hand and no hidden role: the guard appears in it only once revealed (the
guard card played, 明保, or a revolt of two or more rebels, R-BH-GUARD, R-BH-REVOLT), and a
hidden solo only once revealed. ``SeatView`` adds the seat's own hand (physical cards) and
what only that seat knows: its own role and, for the emperor, that it plays a hidden solo.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum, StrEnum

from ddz_bot.kernel import Card, Cards, TableView, Termination, gainers

from .cards import RANK_OF, Face
from .melds import Meld
from .rules import BaoHuangRules

__all__ = [
    "BaoHuangOutcome",
    "Declaration",
    "FactorReason",
    "Phase",
    "Place",
    "PublicView",
    "Role",
    "ScoreFactor",
    "SeatInfo",
    "SeatView",
    "Solo",
    "ThroneOffer",
]


class Phase(StrEnum):
    """Where a 保皇 hand is."""

    DEALING = "dealing"  # created; the table sends ``Deal`` (R-BH-DEAL)
    THRONE = "throne"  # the emperor card is offered (R-BH-THRONE, R-BH-CALL)
    DECLARING = "declaring"  # 明独保 / 明保 / 造反 / 抢独 (R-BH-DECLARE)
    PLAYING = "playing"  # R-BH-PLAY
    FINISHED = "finished"  # played out or escaped
    ABORTED = "aborted"  # redeals ran out, or every human seat ended on auto-play


class Role(StrEnum):
    """A seat's side. In a solo everyone but the emperor is a rebel."""

    EMPEROR = "emperor"  # 皇帝
    GUARD = "guard"  # 侍卫 / 保子
    REBEL = "rebel"  # 起义军 / 平民


class Solo(StrEnum):
    """独保: the emperor alone against four (R-BH-SOLO, R-BH-GRAB-SOLO)."""

    HIDDEN = "hidden"  # 暗独保: the table doesn't know it (until revealed)
    OPEN = "open"  # 明独保: declared, or grabbed (抢独)


class Declaration(StrEnum):
    """What a seat said in the declaration round (R-BH-DECLARE); ``NOTHING`` is silence."""

    NOTHING = "nothing"
    OPEN_SOLO = "open_solo"  # the emperor: 明独保
    OPEN_GUARD = "open_guard"  # the guard: 明保
    REVOLT = "revolt"  # a rebel: 造反 (a hoe mark for the rest of the hand)
    GRAB_SOLO = "grab_solo"  # a rebel or the guard: 抢独 (table option)


class Place(IntEnum):
    """Places in the order players go out (R-BH-PLACES); ``zh`` is the table's word."""

    FIRST = 1  # 头客
    SECOND = 2  # 二客
    THIRD = 3  # 三客
    FOURTH = 4  # 二拉
    FIFTH = 5  # 大拉

    @property
    def zh(self) -> str:
        return ("头客", "二客", "三客", "二拉", "大拉")[self - 1]


class FactorReason(StrEnum):
    """Why the hand's score is multiplied (R-BH-DOUBLE)."""

    OPEN_GUARD = "open_guard"  # 明保: x2
    REVOLT = "revolt"  # a successful revolt: x2


@dataclass(frozen=True, slots=True)
class ScoreFactor:
    """One factor of the hand's score, for the itemised display (as ``MultiplierItem``).

    ``seat`` is who caused it (the guard for 明保; ``None`` for a revolt, made by several).
    ``conditional`` is True while the factor applies only if it comes true (a revolt doubles
    only if the rebels win); the outcome lists only the factors that applied.
    """

    reason: FactorReason
    factor: int
    seat: int | None = None
    conditional: bool = False


@dataclass(frozen=True, slots=True)
class ThroneOffer:
    """The emperor card on its way round (R-BH-THRONE, R-BH-CALL): public.

    ``holder`` must take the throne or yield it; ``number`` counts offers from 1 (at most 10);
    ``attached`` are the cards travelling with it (贴牌, face up); ``yielded`` the seats that
    yielded so far, in order.
    """

    holder: int
    number: int
    attached: tuple[Card, ...]
    yielded: tuple[int, ...]
    must_take: bool = False  # called-guard method, second round: take it if you can call


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """What everyone may see of one seat."""

    seat: int
    card_count: int
    #: the public role: the emperor; the guard once revealed; a rebel once the sides are known
    role: Role | None = None
    #: said in the declaration round (``None``: not asked yet)
    declaration: Declaration | None = None
    hoe: bool = False  # 锄头: this seat revolted (win or lose)
    play: Meld | None = None  # this seat's play in the current trick
    play_cards: tuple[Card, ...] = ()
    passed: bool = False  # said 不出 in the current trick
    place: Place | None = None  # once out (or placed at the end)
    auto_play: bool = False  # 托管
    auto_locked: bool = False  # the owner can't take the seat back (R-BH-AFK)
    escaped: bool = False
    shown_hand: tuple[Card, ...] | None = None  # face up once the hand is over


@dataclass(frozen=True, slots=True)
class BaoHuangOutcome:
    """How a 保皇 hand ended (``BaoHuangGame.outcome()``).

    ``scores`` per seat sum to zero: ``base_scores`` (from the places, R-BH-SCORE /
    R-BH-SOLO-SCORE) times ``multiplier``, the product of ``factors`` (R-BH-DOUBLE). An
    escape (R-BH-ESCAPE) scores only the penalty; an aborted hand scores nothing.
    """

    termination: Termination
    places: tuple[int, ...]  # seats in place order (头客 first); all five once played out
    emperor: int | None
    guard: int | None  # None in a solo
    solo: Solo | None
    scores: tuple[int, ...]
    base_scores: tuple[int, ...]
    factors: tuple[ScoreFactor, ...] = ()
    multiplier: int = 1
    revolts: tuple[int, ...] = ()
    open_guard: bool = False
    escaped: int | None = None
    reason: str = ""  # why an aborted hand was aborted: no_emperor | all_auto

    @property
    def aborted(self) -> bool:
        return self.termination is Termination.ABORTED

    def place_of(self, seat: int) -> Place | None:
        return Place(self.places.index(seat) + 1) if seat in self.places else None

    @property
    def winners(self) -> tuple[int, ...]:
        return gainers(self.scores)


@dataclass(frozen=True, slots=True)
class PublicView(TableView[BaoHuangRules, Phase, SeatInfo]):
    """The hand as the group sees it: no card of a hidden hand, no hidden role."""

    dealer: int  # who was dealt the first card (the previous emperor)
    emperor: int | None  # once somebody took the throne (or grabbed it)
    guard: int | None  # only once revealed
    solo: Solo | None  # an open solo, or a hidden solo once revealed
    offer: ThroneOffer | None  # while the emperor card goes round
    called: Face | None  # the called card (特画, R-BH-CALL): public
    to_beat: Meld | None  # the play on the table; None when the turn leads
    to_beat_seat: int | None
    played: Cards  # every card played so far (for a card tracker)
    places: tuple[int, ...]  # seats out so far, in place order
    factors: tuple[ScoreFactor, ...]  # the score's factors so far
    redeals: int = 0
    outcome: BaoHuangOutcome | None = None
    deadline: float | None = None  # set by the bot layer; the engine keeps no clock

    @property
    def revolts(self) -> tuple[int, ...]:
        return tuple(info.seat for info in self.seats if info.hoe)


@dataclass(frozen=True, slots=True)
class SeatView:
    """What one seat may see: the public view, its own hand and its own (secret) role."""

    public: PublicView
    seat: int
    hand: tuple[Card, ...]  # sorted by rank, physical cards
    role: Role | None  # own role once the emperor is known (a guard knows it is the guard)
    solo: Solo | None = None  # the emperor knows its hidden solo
    holds_guard_card: bool = False  # fixed-guard method: this hand holds the sword
    callable_faces: tuple[Face, ...] = ()  # called-guard method: faces this hand may call

    @property
    def hand_ranks(self) -> Cards:
        return Cards.presorted([RANK_OF[card] for card in self.hand])
