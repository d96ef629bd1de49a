"""Value types going in and out of storage: small, frozen, printable."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import Any, Final, Protocol
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from ddz_bot.games import GAMES
from ddz_bot.games.baohuang.engine import GuardMethod
from ddz_bot.games.doudizhu.engine import Bidding, Role
from ddz_bot.kernel import ROOMS, BeanReason, Title, next_title, room_by_key, title_for

from ..i18n import LANGS
from .errors import BadChangeError

__all__ = [
    "LANGUAGES",
    "AILevel",
    "BeanOutcome",
    "DailyClaim",
    "EconomySettings",
    "FinishedHand",
    "GroupGame",
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
    "Role",
    "SavedAction",
    "SeatChange",
    "SettlementOutcome",
    "TableRecord",
    "changes_by_user",
]

JSONDict = dict[str, Any]

#: The languages a player or a group may choose.
LANGUAGES: Final = LANGS  # the one list of languages (i18n)


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


@dataclass(frozen=True, slots=True)
class Player:
    user_id: int
    display_name: str
    language: str | None
    beans: int
    points: int
    landlord_wins: int
    landlord_losses: int
    farmer_wins: int
    farmer_losses: int
    streak: int
    best_streak: int
    is_ai: bool
    created_at: datetime
    last_seen_at: datetime

    @property
    def wins(self) -> int:
        return self.landlord_wins + self.farmer_wins

    @property
    def losses(self) -> int:
        return self.landlord_losses + self.farmer_losses

    @property
    def win_rate(self) -> float | None:
        """Wins over hands played, or ``None`` before the first hand."""
        played = self.wins + self.losses
        return None if played == 0 else self.wins / played

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
    """How one seat's hand went: its role, whether it won, and its points change."""

    user_id: int
    role: Role
    won: bool
    points_delta: int = 0


@dataclass(frozen=True, slots=True)
class HandRecord:
    """What a finished hand leaves behind for replays and history (JSON-able parts)."""

    room: str
    rules: Mapping[str, Any]
    seats: Sequence[int]
    result: Mapping[str, Any]
    multipliers: Sequence[Any] | Mapping[str, Any]
    started_at: datetime
    finished_at: datetime
    chat_id: int | None = None
    table_id: str | None = None


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


class GroupGame(StrEnum):
    """The games a group may play by default (/settings)."""

    DOUDIZHU = "doudizhu"
    BAOHUANG = "baohuang"


class AILevel(StrEnum):
    """How strongly a group's AI seats and 托管 play (/settings): the AI's own level names
    (``ddz_bot.ai.LevelName``, which storage doesn't import; a test keeps the two alike)."""

    EASY = "easy"
    NORMAL = "normal"
    HARD = "hard"


#: a game's name as a group keeps it (``doudizhu``, ``paodekuai``)
_GAME_NAME: Final = re.compile(r"[a-z][a-z0-9_]{0,31}")


def _game_options(
    options: Mapping[str, Mapping[str, bool | int | str]],
) -> dict[str, dict[str, bool | int | str]]:
    """Games' options checked: by game name, option names to plain values."""
    out: dict[str, dict[str, bool | int | str]] = {}
    for game, values in dict(options).items():
        if not isinstance(game, str) or not _GAME_NAME.fullmatch(game):
            raise ValueError(f"{game!r} is not the name of a game")
        if not isinstance(values, Mapping):
            raise ValueError(f"the options of {game} are not a mapping: {values!r}")
        checked: dict[str, bool | int | str] = {}
        for name, value in values.items():
            if not isinstance(name, str) or not isinstance(value, bool | int | str):
                raise ValueError(f"{game} option {name!r} = {value!r} is no plain value")
            checked[name] = value
        out[game] = checked
    return out


@dataclass(frozen=True, slots=True)
class GroupSettings:
    """A group's table options; construction checks every field."""

    chat_id: int
    title: str = ""
    language: str = "zh-Hans"
    room: str = "beginner"
    bidding: Bidding = Bidding.GRAB
    wildcard: bool = False
    bid_seconds: int = 15
    double_seconds: int = 10
    play_seconds: int = 30
    tracker: bool = True
    #: the game a plain /newgame opens (a game of the registry ``GAMES``), and 保皇's options
    #: (RULES.md section 4)
    game: str = GroupGame.DOUDIZHU
    bh_method: GuardMethod = GuardMethod.FIXED
    bh_roast: bool = False
    bh_six: bool = False
    bh_grab: bool = False
    #: the level of the AI seats and 托管 at the tables opened in the group
    ai_level: AILevel = AILevel.HARD
    #: the options of games that keep them here by their own names: ``{game: {option: value}}``
    #: (a game's ``GameOptions`` reads and writes its own entry)
    game_options: Mapping[str, Mapping[str, bool | int | str]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        game = str(self.game)
        if game not in GAMES:
            raise ValueError(f"{game!r} is no game the bot hosts; one of {', '.join(GAMES)}")
        known = {g.value: g for g in GroupGame}
        object.__setattr__(self, "game", known.get(game, game))
        object.__setattr__(self, "game_options", _game_options(self.game_options))
        object.__setattr__(self, "ai_level", AILevel(self.ai_level))
        object.__setattr__(self, "bh_method", GuardMethod(self.bh_method))
        if self.language not in LANGUAGES:
            raise ValueError(f"unknown language {self.language!r}; one of {', '.join(LANGUAGES)}")
        room_by_key(self.room)
        object.__setattr__(self, "bidding", Bidding(self.bidding))
        for name in ("bid_seconds", "double_seconds", "play_seconds"):
            seconds = getattr(self, name)
            if not isinstance(seconds, int) or not 5 <= seconds <= 600:
                raise ValueError(f"{name} must be 5..600 seconds, not {seconds!r}")
        for name in ("wildcard", "tracker", "bh_roast", "bh_six", "bh_grab"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"{name} is on or off, not {getattr(self, name)!r}")


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
