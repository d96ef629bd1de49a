"""Before a bot plays on a database: one bot per file, and a file that is whole.

``hold(path)`` takes an exclusive lock on a file beside the database (``ddz.sqlite3.lock``)
for the life of the process: the operating system releases it on any exit, a SIGKILL
included, so a second bot on the same file is refused while the first runs and nothing has
to be cleaned up after a crash. ``check(path)`` reads the file, read-only, and refuses it if
it is not a database, cut short, damaged (SQLite's ``PRAGMA quick_check``), written by a
newer bot, or unreadable: one ``StartRefusedError`` each, the file's bytes unchanged.

The check reads every page: about 2 s a GB with the file in the page cache, 24 s from a cold
disk (``bench/durability_bench.py check``). Up to ``WHOLE_CHECK_BYTES`` all of it is checked
at start; a larger file has the tables the bot plays on checked at start (players, the
ledger, tables in play, groups: a fraction of a second) and the archive of finished hands
(``ARCHIVE``) afterwards, in the background (``check_whole``).
"""

from __future__ import annotations

import errno
import fcntl
import os
import socket
import sqlite3
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import IO

from .errors import (
    DatabaseDamagedError,
    DatabaseLockedError,
    DatabaseUnreadableError,
    NoDatabaseFolderError,
    NotADatabaseError,
    SchemaTooNewError,
)
from .migrations import LATEST_VERSION

__all__ = [
    "ARCHIVE",
    "WHOLE_CHECK_BYTES",
    "CheckReport",
    "DatabaseLock",
    "check",
    "check_whole",
    "hold",
    "lock_path",
]

#: Files up to this size are checked whole before the bot starts (about 6 s from a cold disk).
WHOLE_CHECK_BYTES = 256 * 1024 * 1024
#: The tables of finished hands: most of a large file, read only for replays and records.
ARCHIVE = frozenset({"hands", "hand_actions"})

_HEADER = b"SQLite format 3\x00"
_HEADER_SIZE = 100


def lock_path(database: Path) -> Path:
    """The lock file of ``database``: beside it, named after it."""
    return database.with_name(database.name + ".lock")


@dataclass
class DatabaseLock:
    """An exclusive lock on a database for this process (released by ``release`` or by the
    process ending, however it ends)."""

    path: Path
    handle: IO[str] | None

    def release(self) -> None:
        if self.handle is not None:
            fcntl.flock(self.handle, fcntl.LOCK_UN)
            self.handle.close()
            self.handle = None


def _folder(database: Path) -> None:
    """The database's folder, made if missing."""
    folder = database.parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise NoDatabaseFolderError(str(database), f"{folder} is not a folder") from None
    except PermissionError:
        raise NoDatabaseFolderError(str(database), f"no permission to make {folder}") from None
    except OSError as error:
        raise NoDatabaseFolderError(str(database), error.strerror or str(error)) from None
    if not folder.is_dir():
        raise NoDatabaseFolderError(str(database), f"{folder} is not a folder")


def hold(database: Path) -> DatabaseLock:
    """Take the database's lock, or refuse: ``DatabaseLockedError`` names the process that
    holds it. The folder is made if missing (``NoDatabaseFolderError`` if it can't be)."""
    database = Path(database)
    _folder(database)
    path = lock_path(database)
    try:
        handle = open(path, "a+", encoding="utf-8")  # noqa: SIM115 (held for the process's life)
    except PermissionError:
        raise DatabaseUnreadableError(str(database), f"no permission in {path.parent}") from None
    except OSError as error:
        raise DatabaseUnreadableError(str(database), error.strerror or str(error)) from None
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as error:
        handle.seek(0)
        holder = handle.read().strip() or "a process that wrote nothing yet"
        handle.close()
        if error.errno in (errno.EAGAIN, errno.EACCES, errno.EWOULDBLOCK):
            raise DatabaseLockedError(str(database), holder) from None
        raise DatabaseUnreadableError(str(database), error.strerror or str(error)) from None
    since = datetime.now(UTC).isoformat(timespec="seconds")
    handle.seek(0)
    handle.truncate()
    handle.write(f"pid {os.getpid()} on {socket.gethostname()} since {since}")
    handle.flush()
    return DatabaseLock(path, handle)


@dataclass(frozen=True, slots=True)
class CheckReport:
    """What ``check`` found: the file's size and how long SQLite's check took."""

    size: int
    seconds: float
    new: bool  # no file yet (or an empty one): a new database will be made
    whole: bool = True  # False: the archive is left for ``check_whole``


def _header(database: Path) -> tuple[int, bytes]:
    """The file's size and its first 100 bytes; refuses a file that can't be read."""
    name = str(database)
    try:
        with open(database, "rb") as file:
            head = file.read(_HEADER_SIZE)
            size = os.fstat(file.fileno()).st_size
    except PermissionError:
        raise DatabaseUnreadableError(name, "no permission to read it") from None
    except IsADirectoryError:
        raise NotADatabaseError(name, "it is a folder") from None
    except OSError as error:
        raise DatabaseUnreadableError(name, error.strerror or str(error)) from None
    return size, head


def _cut_short(size: int, head: bytes) -> str | None:
    """Why the header says the file is shorter than it should be (None: it isn't)."""
    page_size = int.from_bytes(head[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    if page_size < 512 or page_size & (page_size - 1):
        return "its header is damaged"
    pages = int.from_bytes(head[28:32], "big")
    counted = int.from_bytes(head[24:28], "big") == int.from_bytes(head[92:96], "big")
    if counted and pages and size < pages * page_size:
        return f"cut short: {size} of {pages * page_size} bytes"
    if size % page_size:
        return f"cut short: {size} bytes is not a whole number of {page_size}-byte pages"
    return None


def check(database: Path, *, whole_up_to: int = WHOLE_CHECK_BYTES) -> CheckReport:
    """Refuse a file the bot must not play on (see the module docstring), reading only;
    a file larger than ``whole_up_to`` bytes has its ``ARCHIVE`` left unchecked."""
    database = Path(database)
    name = str(database)
    if not database.exists():
        if not os.access(database.parent, os.W_OK | os.X_OK):
            raise DatabaseUnreadableError(name, f"no permission to write in {database.parent}")
        return CheckReport(0, 0.0, new=True)
    size, head = _header(database)
    if size == 0:
        return CheckReport(0, 0.0, new=True)
    if size < _HEADER_SIZE or not head.startswith(_HEADER):
        raise NotADatabaseError(name, "not an SQLite file" if size else "empty")
    short = _cut_short(size, head)
    if short is not None:
        raise NotADatabaseError(name, short)
    if not os.access(database, os.R_OK | os.W_OK):
        raise DatabaseUnreadableError(name, "no permission to write it")
    start = time.perf_counter()
    whole = size <= whole_up_to
    _quick_check(database, None if whole else ARCHIVE)
    return CheckReport(size, time.perf_counter() - start, new=False, whole=whole)


def check_whole(database: Path) -> float:
    """Check every page of the database (the archive too); returns the seconds it took."""
    start = time.perf_counter()
    _quick_check(Path(database), None)
    return time.perf_counter() - start


def _quick_check(database: Path, leave_out: frozenset[str] | None) -> None:
    """``PRAGMA quick_check`` of the whole file, or of each table but ``leave_out``."""
    name = str(database)
    try:
        conn = sqlite3.connect(f"{database.resolve().as_uri()}?mode=ro", uri=True)
    except sqlite3.Error as error:
        raise DatabaseUnreadableError(name, str(error)) from None
    try:
        version = int(conn.execute("PRAGMA user_version").fetchone()[0])
        if version > LATEST_VERSION:
            raise SchemaTooNewError(name, version, LATEST_VERSION)
        if leave_out is None:
            rows = [str(row[0]) for row in conn.execute("PRAGMA quick_check(1)")]
        else:
            tables = [
                str(row[0])
                for row in conn.execute("SELECT name FROM sqlite_schema WHERE type = 'table'")
                if row[0] not in leave_out
            ]
            rows = ["ok"]
            for table in tables:
                quoted = '"' + table.replace('"', '""') + '"'  # a pragma takes no parameters
                found = [str(row[0]) for row in conn.execute(f"PRAGMA quick_check({quoted})")]
                if found != ["ok"]:
                    rows = found
                    break
    except sqlite3.DatabaseError as error:
        text = str(error)
        if "not a database" in text:
            raise NotADatabaseError(name, text) from None
        if isinstance(error, sqlite3.OperationalError) and "unable to open" in text:
            raise DatabaseUnreadableError(name, text) from None
        raise DatabaseDamagedError(name, text) from None
    finally:
        conn.close()
    if rows != ["ok"]:
        raise DatabaseDamagedError(name, rows[0] if rows else "no answer from the check")
