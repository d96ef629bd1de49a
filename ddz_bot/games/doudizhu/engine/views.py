"""What one seat, or the group, may see of a hand (the observer idea).

The AI and the renderer receive these views, never the ``Game``: a ``PublicView``
holds no card of a hidden hand, so a group picture drawn from it can't leak one.
Cards here are physical ``Card`` values (suits for pictures); ``Cards`` (ranks) where
only the rules matter.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from ddz_bot.kernel import Card, Cards, TableView, Termination

from .combos import Combo
from .rules import RuleSet

__all__ = [
    "HandOutcome",
    "MultiplierItem",
    "MultiplierReason",
    "Phase",
    "PublicView",
    "Role",
    "SeatInfo",
    "SeatView",
    "ShowKind",
]


class Phase(StrEnum):
    SHOW_START = "show_start"  # 明牌开始 choices before the deal
    DEALING = "dealing"  # between the two dealing steps: 发牌明牌 x4, then x3
    BIDDING = "bidding"  # 叫地主/抢地主 or 叫分
    LANDLORD_SHOW = "landlord_show"  # the landlord may show (x2) before doubling
    DOUBLING = "doubling"  # 加倍
    PLAYING = "playing"
    FINISHED = "finished"
    ABORTED = "aborted"  # three redeals with no call, or the table closed: no beans move


class Role(StrEnum):
    LANDLORD = "landlord"
    FARMER = "farmer"


class ShowKind(StrEnum):
    """When a seat showed its cards (明牌, R-SHOW): the factor depends on it."""

    START = "start"  # 明牌开始, chosen in the lobby: x5
    DEAL_FIRST = "deal_first"  # 发牌明牌 in the first half of the deal: x4
    DEAL_SECOND = "deal_second"  # 发牌明牌 in the second half: x3
    LANDLORD = "landlord"  # the landlord after taking the bottom cards: x2


class MultiplierReason(StrEnum):
    """Why a factor is in the hand's multiplier (R-MULT); bombs use the combo kind's name."""

    INITIAL = "initial"  # the room's initial multiplier
    GRAB = "grab"  # 抢地主
    BID = "bid"  # the base from points bidding (叫分), when itemised
    BOMB = "bomb"
    SOFT_BOMB = "soft_bomb"  # 软炸弹
    WILD_BOMB = "wild_bomb"  # 纯癞子炸弹
    ROCKET = "rocket"
    SHOW = "show"  # 明牌 (the kind in ``detail``)
    SPRING = "spring"
    ANTI_SPRING = "anti_spring"


@dataclass(frozen=True, slots=True)
class MultiplierItem:
    """One factor of the hand's multiplier, for the itemised display. A show carries its
    ``ShowKind`` in ``detail``. Doubling is per pair of players and lives in
    ``SeatInfo.doubled``."""

    reason: MultiplierReason
    factor: int
    seat: int | None = None
    detail: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "reason", MultiplierReason(self.reason))


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """What everyone may see of one seat."""

    seat: int
    card_count: int
    role: Role | None = None
    shown_hand: tuple[Card, ...] | None = None  # face up (明牌, or the hand is over)
    auto_play: bool = False  # 托管
    doubled: bool | None = None  # None: not asked yet / not answered
    bid: str | None = None  # the seat's last bidding word: call, decline, grab, no_grab, 1..3, pass
    last_play: Combo | None = None  # this seat's play in the current trick
    last_play_cards: tuple[Card, ...] = ()
    passed: bool = False  # said 不出 in the current trick
    escaped: bool = False
    #: every card this seat played this hand, in the order played: everyone saw them go
    #: down, and the AI needs to know whose they were (the landlord's bottom cards)
    played_cards: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class HandOutcome:
    """How a hand ended (the engine's ``Game.outcome()``): ``termination`` says whether it
    was played out, escaped (``escaped`` is who) or aborted."""

    winner_role: Role | None  # None unless played out
    winners: tuple[int, ...]
    landlord: int | None
    spring: bool = False
    anti_spring: bool = False
    multiplier: int = 1
    base: int = 1
    #: stake of each (landlord, farmer) pair, by farmer seat: base x multiplier x doubling
    stakes: dict[int, int] = field(default_factory=dict)
    escaped: int | None = None
    termination: Termination = Termination.WON
    wildcard: bool = False

    @property
    def aborted(self) -> bool:
        return self.termination is Termination.ABORTED


@dataclass(frozen=True, slots=True)
class PublicView(TableView[RuleSet, Phase, SeatInfo]):
    """The hand as the group sees it: no card of a hidden hand."""

    landlord: int | None
    bottom: tuple[Card, ...] | None  # None until revealed
    bottom_count: int
    wild_rank: int | None
    base: int
    multiplier: int
    multiplier_items: tuple[MultiplierItem, ...]
    to_beat: Combo | None  # the combo on the table; None when the turn leads
    to_beat_seat: int | None
    played: Cards  # every card played so far (for the card tracker 记牌器)
    redeals: int = 0
    outcome: HandOutcome | None = None
    deadline: float | None = None  # set by the bot layer; the engine keeps no clock
    deal_step: int = 0  # 0 before the deal, 1 after the first cards, 2 when all are dealt


@dataclass(frozen=True, slots=True)
class SeatView:
    """What one seat may see: the public view plus its own hand."""

    public: PublicView
    seat: int
    hand: tuple[Card, ...]  # sorted by rank

    @property
    def hand_ranks(self) -> Cards:
        return Cards(card.rank for card in self.hand)
