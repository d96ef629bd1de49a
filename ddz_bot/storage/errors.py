"""What storage refuses, and why: each error names the input it refused."""

from __future__ import annotations

__all__ = [
    "AlreadyClaimedError",
    "BadChangeError",
    "ConnectionLostError",
    "DatabaseDamagedError",
    "DatabaseLockedError",
    "DatabaseRefusedLoginError",
    "DatabaseUnreachableError",
    "DatabaseUnreadableError",
    "InsufficientBeansError",
    "NoDatabaseFolderError",
    "NoSuchDatabaseError",
    "NotADatabaseError",
    "ReliefRefusedError",
    "SchemaTooNewError",
    "StaleTableError",
    "StartRefusedError",
    "StorageError",
    "UnknownPlayerError",
    "UnknownTableError",
]

#: Where the README says how to put a backup back.
RESTORE_HINT = "see README.md, 'Backups and restore'"


class StorageError(ValueError):
    """Base of every error the storage layer raises on purpose."""


class StartRefusedError(StorageError):
    """The database can't be used at start; the bot says this one line and stops, the file
    left as it was."""

    def __init__(self, path: str, line: str) -> None:
        super().__init__(" ".join(line.split()))  # one line, whatever SQLite said
        self.path = path


class SchemaTooNewError(StartRefusedError):
    """The database was written by a newer version of the bot; opening it could corrupt it."""

    def __init__(self, path: str, found: int, known: int) -> None:
        super().__init__(
            path,
            f"database {path} has schema version {found}, but this bot only knows up to "
            f"version {known}; upgrade the bot (or restore an older backup)",
        )
        self.found = found
        self.known = known


class DatabaseLockedError(StartRefusedError):
    """Another bot holds the database: two would both run its tables and fork its hands."""

    def __init__(self, path: str, holder: str) -> None:
        super().__init__(
            path,
            f"database {path} is in use by another bot ({holder}); stop that one first "
            "(one bot per database)",
        )
        self.holder = holder


class NotADatabaseError(StartRefusedError):
    """The file is not an SQLite database (another file, or one cut short)."""

    def __init__(self, path: str, why: str) -> None:
        super().__init__(path, f"{path} is not a database the bot can use ({why}); {RESTORE_HINT}")


class DatabaseDamagedError(StartRefusedError):
    """SQLite's own check finds the file damaged: playing on would lose beans."""

    def __init__(self, path: str, first_problem: str) -> None:
        super().__init__(
            path, f"database {path} is damaged ({first_problem}); restore a backup: {RESTORE_HINT}"
        )
        self.first_problem = first_problem


class DatabaseUnreadableError(StartRefusedError):
    """The file or its folder can't be read or written by this user."""

    def __init__(self, path: str, why: str) -> None:
        super().__init__(
            path, f"database {path} can't be opened: {why}; check the owner and permissions"
        )


class NoDatabaseFolderError(StartRefusedError):
    """The folder meant to hold the database doesn't exist and can't be made."""

    def __init__(self, path: str, why: str) -> None:
        super().__init__(path, f"no folder for the database {path} and none can be made: {why}")


class DatabaseUnreachableError(StartRefusedError):
    """The PostgreSQL server doesn't answer: not running, a wrong host or port, a firewall."""

    def __init__(self, name: str, why: str) -> None:
        super().__init__(
            name,
            f"the database server of {name} doesn't answer ({why}); start it, or check "
            "the host and port in DDZ_DATABASE_URL",
        )


class DatabaseRefusedLoginError(StartRefusedError):
    """The PostgreSQL server refused the user or the password."""

    def __init__(self, name: str, why: str) -> None:
        super().__init__(
            name,
            f"the database server refused the login to {name} ({why}); check the user and "
            "password in DDZ_DATABASE_URL",
        )


class NoSuchDatabaseError(StartRefusedError):
    """The PostgreSQL server has no database of that name."""

    def __init__(self, name: str, why: str) -> None:
        super().__init__(
            name, f"no database {name} on its server ({why}); create it first (createdb)"
        )


class ConnectionLostError(StorageError):
    """The connection to the database server went away during a transaction: the server
    rolls back what it had not committed (a keyed write, such as a settlement, may simply
    be asked for again)."""

    def __init__(self, name: str, why: str) -> None:
        super().__init__(f"the connection to {name} was lost during a write ({why})")
        self.name = name


class StaleTableError(StorageError):
    """A table was saved by someone else since it was read: this save was refused, nothing
    written (compare and set on the table's version)."""

    def __init__(self, table_id: str, expected: int, found: int | None) -> None:
        now = "gone" if found is None else f"at version {found}"
        super().__init__(f"table {table_id!r} was read at version {expected} but is {now}")
        self.table_id = table_id
        self.expected = expected
        self.found = found


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
