"""Storage on SQLite (the default) or PostgreSQL: players, the bean ledger, hands, tables in
play, groups.

Beans never move without a ledger row in the same transaction, and a hand's settlement is keyed
by its id, so it can never apply twice.
"""

from .backend import ConstraintError, Engine
from .core import DEFAULT_PATH, is_database_url
from .database import Database
from .errors import (
    AlreadyClaimedError,
    BadChangeError,
    InsufficientBeansError,
    ReliefRefusedError,
    SchemaTooNewError,
    StorageError,
    UnknownPlayerError,
    UnknownTableError,
)
from .migrations import LATEST_VERSION
from .models import (
    DEFAULT_GAME,
    LANGUAGES,
    AILevel,
    BeanOutcome,
    DailyClaim,
    EconomySettings,
    FinishedHand,
    GroupSettings,
    HandAction,
    HandRecord,
    HandResult,
    Holdings,
    LeaderboardEntry,
    LeaderboardPage,
    LedgerChange,
    LedgerEntry,
    Player,
    PlayerCard,
    Ranking,
    Reason,
    ReliefClaim,
    RoleRecord,
    SavedAction,
    SettlementOutcome,
    TableRecord,
    changes_by_user,
)
from .seasons import SeasonFinal, SeasonPeriod, SeasonSettings, SeasonStanding
from .settlement import SettleFunction
from .tournament_history import PastTournament
from .tournaments import (
    Entrant,
    HandScore,
    Tournament,
    TournamentError,
    TournamentScore,
    TournamentState,
)

__all__ = [
    "DEFAULT_GAME",
    "DEFAULT_PATH",
    "LANGUAGES",
    "LATEST_VERSION",
    "AILevel",
    "AlreadyClaimedError",
    "BadChangeError",
    "BeanOutcome",
    "ConstraintError",
    "DailyClaim",
    "Database",
    "EconomySettings",
    "Engine",
    "Entrant",
    "FinishedHand",
    "GroupSettings",
    "HandAction",
    "HandRecord",
    "HandResult",
    "HandScore",
    "Holdings",
    "InsufficientBeansError",
    "LeaderboardEntry",
    "LeaderboardPage",
    "LedgerChange",
    "LedgerEntry",
    "PastTournament",
    "Player",
    "PlayerCard",
    "Ranking",
    "Reason",
    "ReliefClaim",
    "ReliefRefusedError",
    "RoleRecord",
    "SavedAction",
    "SchemaTooNewError",
    "SeasonFinal",
    "SeasonPeriod",
    "SeasonSettings",
    "SeasonStanding",
    "SettleFunction",
    "SettlementOutcome",
    "StorageError",
    "TableRecord",
    "Tournament",
    "TournamentError",
    "TournamentScore",
    "TournamentState",
    "UnknownPlayerError",
    "UnknownTableError",
    "changes_by_user",
    "is_database_url",
]
