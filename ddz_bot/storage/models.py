"""Value types going in and out of storage: small, frozen, printable."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import Any, Protocol
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from ddz_bot.kernel import ROOMS, BeanReason, Title, next_title, title_for

from .errors import BadChangeError
from .group_settings import DEFAULT_GAME, GAME_NAME, LANGUAGES, ROLE_WORD, AILevel, GroupSettings

__all__ = [
    "DEFAULT_GAME",
    "LANGUAGES",
    "AILevel",
    "BeanOutcome",
    "DailyClaim",
    "EconomySettings",
    "FinishedHand",
    "GroupSettings",
    "HandAction",
    "HandRecord",
    "HandResult",
    "Holdings",
    "LeaderboardEntry",
    "LeaderboardPage",
    "LedgerChange",
    "LedgerEntry",
    "Player",
    "PlayerCard",
    "Ranking",
    "Reason",
    "ReliefClaim",
    "RoleRecord",
    "SavedAction",
    "SeatChange",
    "SettlementOutcome",
    "TableRecord",
    "changes_by_user",
]

JSONDict = dict[str, Any]


class Reason(StrEnum):
    """Why a ledger row moved beans: a hand's reasons are the engine's ``BeanReason``."""

    SETTLE = BeanReason.SETTLE.value
    FEE = BeanReason.FEE.value
    ESCAPE = BeanReason.ESCAPE.value
    DAILY = "daily"
    RELIEF = "relief"
    INITIAL = "initial"
    ADMIN = "admin"


#: Reasons a hand's settlement may carry.
HAND_REASONS = frozenset(Reason(reason.value) for reason in BeanReason)


class Ranking(StrEnum):
    """What a leaderboard orders by."""

    BEANS = "beans"
    POINTS = "points"


def _lowest_paid_room_minimum() -> int:
    paid = [room.min_beans for room in ROOMS if room.fee > 0]
    return min(paid) if paid else 0


@dataclass(frozen=True, slots=True)
class EconomySettings:
    """The amounts of the bean economy; the defaults are the README's.

    Daily bonus: ``daily_base`` plus ``daily_streak_bonus`` for each consecutive earlier day,
    counting at most ``daily_streak_cap`` days. Relief: ``relief_amount`` for a player holding
    less than ``relief_below`` beans, at most ``relief_per_day`` times a calendar day.
    """

    initial_beans: int = 10_000
    daily_base: int = 1_000
    daily_streak_bonus: int = 200
    daily_streak_cap: int = 6
    relief_below: int = field(default_factory=_lowest_paid_room_minimum)
    relief_amount: int = 2_000
    relief_per_day: int = 3
    timezone: str = "Asia/Shanghai"

    def __post_init__(self) -> None:
        for name in (
            "initial_beans",
            "daily_base",
            "daily_streak_bonus",
            "daily_streak_cap",
            "relief_below",
            "relief_amount",
            "relief_per_day",
        ):
            if getattr(self, name) < 0:
                raise ValueError(f"{name} can't be negative: {getattr(self, name)}")
        try:
            ZoneInfo(self.timezone)
        except (ValueError, ZoneInfoNotFoundError):
            raise ValueError(f"unknown time zone {self.timezone!r}") from None

    def daily_amount(self, streak: int) -> int:
        """The bonus for the ``streak``-th consecutive day (1 = first day)."""
        return self.daily_base + self.daily_streak_bonus * min(
            max(streak - 1, 0), self.daily_streak_cap
        )


@dataclass(frozen=True, slots=True, order=True)
class RoleRecord:
    """A player's wins and losses in one role of one game (``baohuang``, ``guard``); the
    role is the game's own word, '' for a game without sides."""

    game: str
    role: str
    wins: int
    losses: int

    @property
    def played(self) -> int:
        return self.wins + self.losses


@dataclass(frozen=True, slots=True)
class Player:
    user_id: int
    display_name: str
    language: str | None
    beans: int
    points: int
    streak: int
    best_streak: int
    is_ai: bool
    created_at: datetime
    last_seen_at: datetime
    #: wins and losses by game and role, by game then role
    records: tuple[RoleRecord, ...] = ()

    @property
    def wins(self) -> int:
        return sum(r.wins for r in self.records)

    @property
    def losses(self) -> int:
        return sum(r.losses for r in self.records)

    @property
    def win_rate(self) -> float | None:
        """Wins over hands played, or ``None`` before the first hand."""
        played = self.wins + self.losses
        return None if played == 0 else self.wins / played

    def record(self, game: str, role: str | None = None) -> tuple[int, int]:
        """Wins and losses in ``game`` (in one of its roles if given)."""
        mine = [r for r in self.records if r.game == game and role in (None, r.role)]
        return sum(r.wins for r in mine), sum(r.losses for r in mine)

    def games(self) -> list[str]:
        """The games played, the most played first."""
        played: dict[str, int] = {}
        for r in self.records:
            played[r.game] = played.get(r.game, 0) + r.played
        return sorted(played, key=lambda game: (-played[game], game))

    def __str__(self) -> str:
        return f"{self.display_name} ({self.user_id}): {self.beans} beans, {self.points} points"


@dataclass(frozen=True, slots=True)
class LedgerChange:
    """One ledger row of a hand's settlement, by user (the engine's ``BeanChange`` is by
    seat), e.g. ``-6050 settle`` for user 42."""

    user_id: int
    delta: int
    reason: Reason = Reason.SETTLE

    def __post_init__(self) -> None:
        if Reason(self.reason) not in HAND_REASONS:
            raise BadChangeError(f"a hand can't move beans for {self.reason!r}")

    def __str__(self) -> str:
        return f"{self.user_id}:{self.delta:+d}:{Reason(self.reason).value}"

    @classmethod
    def parse(cls, text: str) -> LedgerChange:
        """Read back ``str(change)``: ``42:-6050:settle``."""
        try:
            user, delta, reason = text.split(":")
            return cls(int(user), int(delta), Reason(reason))
        except ValueError:
            raise BadChangeError(f"not a bean change: {text!r}") from None


class SeatChange(Protocol):
    """A change by seat, as the engine's scoring lists them."""

    @property
    def seat(self) -> int: ...
    @property
    def amount(self) -> int: ...
    @property
    def reason(self) -> str: ...


def changes_by_user(
    seat_users: Sequence[int],
    changes: Iterable[SeatChange],
) -> list[LedgerChange]:
    """Turn seat-numbered changes into changes of the users in those seats."""
    try:
        return [LedgerChange(seat_users[c.seat], c.amount, Reason(c.reason)) for c in changes]
    except (IndexError, ValueError) as error:
        raise BadChangeError(f"changes don't fit seats {list(seat_users)}: {error}") from None


@dataclass(frozen=True, slots=True)
class Holdings:
    """A seated player's beans and points, as ``settle_hand`` shows them to its function."""

    beans: int
    points: int


@dataclass(frozen=True, slots=True)
class HandResult:
    """How one seat's hand went: its role in the game's own words ('' in a game without
    sides), whether it won, and its points change."""

    user_id: int
    role: str
    won: bool
    points_delta: int = 0

    def __post_init__(self) -> None:
        if not isinstance(self.role, str) or not ROLE_WORD.fullmatch(self.role):
            raise BadChangeError(f"{self.role!r} is not a role's word")


@dataclass(frozen=True, slots=True)
class HandRecord:
    """What a finished hand leaves behind for replays and history (JSON-able parts);
    ``game`` is the registry's name of the game played (a player's record counts by it)."""

    room: str
    rules: Mapping[str, Any]
    seats: Sequence[int]
    result: Mapping[str, Any]
    multipliers: Sequence[Any] | Mapping[str, Any]
    started_at: datetime
    finished_at: datetime
    chat_id: int | None = None
    table_id: str | None = None
    game: str = field(kw_only=True)

    def __post_init__(self) -> None:
        if not isinstance(self.game, str) or not GAME_NAME.fullmatch(self.game):
            raise BadChangeError(f"{self.game!r} is not the name of a game")


@dataclass(frozen=True, slots=True)
class SettlementOutcome:
    """``applied`` is False when the hand had already been settled: nothing moved this time."""

    hand_id: str
    applied: bool
    balances: Mapping[int, int]
    points: Mapping[int, int]

    def __str__(self) -> str:
        state = "applied" if self.applied else "already applied"
        return f"hand {self.hand_id}: {state}"


@dataclass(frozen=True, slots=True)
class BeanOutcome:
    user_id: int
    applied: bool
    balance: int


@dataclass(frozen=True, slots=True)
class LedgerEntry:
    id: int
    user_id: int
    delta: int
    balance_after: int
    reason: Reason
    hand_id: str | None
    op_key: str
    created_at: datetime


@dataclass(frozen=True, slots=True)
class DailyClaim:
    user_id: int
    day: str
    amount: int
    streak: int
    balance: int


@dataclass(frozen=True, slots=True)
class ReliefClaim:
    user_id: int
    day: str
    amount: int
    claims_today: int
    claims_left: int
    balance: int


@dataclass(frozen=True, slots=True)
class TableRecord:
    """A table in play as it was last saved: enough to resume it after a restart."""

    table_id: str
    chat_id: int
    hand_id: str | None
    state: JSONDict
    version: int
    table_message_id: int | None
    panel_message_ids: Mapping[int, int]
    deadline: datetime | None
    updated_at: datetime


@dataclass(frozen=True, slots=True)
class SavedAction:
    """What ``save_table_state`` wrote: the table's new version and the action's place."""

    version: int
    action_seq: int | None


@dataclass(frozen=True, slots=True)
class HandAction:
    seq: int
    action: JSONDict
    at: datetime


@dataclass(frozen=True, slots=True)
class FinishedHand:
    hand_id: str
    table_id: str | None
    chat_id: int | None
    room: str
    rules: JSONDict
    seats: list[int]
    result: JSONDict
    multipliers: Any
    bean_changes: list[LedgerChange]
    started_at: datetime
    finished_at: datetime


@dataclass(frozen=True, slots=True)
class PlayerCard:
    """What ``/balance`` shows. Ranks order by beans (then points for ``*_points_rank``);
    ``None`` for AI players and, for the group ranks, outside a group."""

    player: Player
    global_rank: int | None
    global_points_rank: int | None
    group_rank: int | None
    group_points_rank: int | None

    @property
    def win_rate(self) -> float | None:
        return self.player.win_rate

    @property
    def title(self) -> Title:
        """The title the balance earns (R-TITLE); ``card.title.name(language)`` to show it."""
        return title_for(self.player.beans)

    @property
    def next_title(self) -> Title | None:
        """The next title up, ``None`` at the top."""
        return next_title(self.player.beans)

    @property
    def beans_to_next_title(self) -> int | None:
        """How many more beans the next title needs."""
        upcoming = self.next_title
        return None if upcoming is None else upcoming.min_beans - self.player.beans


@dataclass(frozen=True, slots=True)
class LeaderboardEntry:
    rank: int
    user_id: int
    display_name: str
    beans: int
    points: int


@dataclass(frozen=True, slots=True)
class LeaderboardPage:
    by: Ranking
    chat_id: int | None
    page: int
    page_size: int
    total: int
    entries: list[LeaderboardEntry]

    @property
    def pages(self) -> int:
        return max(1, -(-self.total // self.page_size))
