"""What storage refuses, and why: each error names the input it refused."""

from __future__ import annotations

__all__ = [
    "AlreadyClaimedError",
    "BadChangeError",
    "InsufficientBeansError",
    "ReliefRefusedError",
    "SchemaTooNewError",
    "StorageError",
    "UnknownPlayerError",
    "UnknownTableError",
]


class StorageError(ValueError):
    """Base of every error the storage layer raises on purpose."""


class SchemaTooNewError(StorageError):
    """The database was written by a newer version of the bot; opening it could corrupt it."""

    def __init__(self, path: str, found: int, known: int) -> None:
        super().__init__(
            f"database {path} has schema version {found}, but this bot only knows up to "
            f"version {known}; upgrade the bot (or restore an older backup)"
        )
        self.path = path
        self.found = found
        self.known = known


class UnknownPlayerError(StorageError):
    def __init__(self, user_id: int) -> None:
        super().__init__(f"no player with user id {user_id}")
        self.user_id = user_id


class UnknownTableError(StorageError):
    def __init__(self, table_id: str) -> None:
        super().__init__(f"no open table {table_id!r}")
        self.table_id = table_id


class InsufficientBeansError(StorageError):
    """A change would take a balance below zero; nothing was written."""

    def __init__(self, user_id: int, balance: int, delta: int) -> None:
        super().__init__(
            f"player {user_id} holds {balance} beans and can't take a change of {delta}"
        )
        self.user_id = user_id
        self.balance = balance
        self.delta = delta


class BadChangeError(StorageError):
    """A settlement or bean change that makes no sense (duplicate player, unknown reason...)."""


class AlreadyClaimedError(StorageError):
    """The daily bonus was already claimed today."""

    def __init__(self, user_id: int, day: str) -> None:
        super().__init__(f"player {user_id} already claimed the daily bonus of {day}")
        self.user_id = user_id
        self.day = day


class ReliefRefusedError(StorageError):
    """Relief (救济金) is only for players below the threshold, a few times a day."""

    def __init__(self, user_id: int, why: str) -> None:
        super().__init__(f"no relief for player {user_id}: {why}")
        self.user_id = user_id
        self.why = why
