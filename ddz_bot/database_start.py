"""The database before and beside the bot: what ``python bot.py`` checks at start, the exit
code of each database it refuses, ``backup`` and ``copy-db``, and the timed backups and
checks of a running bot (SQLite's; a PostgreSQL database is checked by opening it, and
backed up by its server)."""

from __future__ import annotations

import asyncio
import logging
import sys
from pathlib import Path
from typing import Any

from .config import Settings
from .storage.backup import BackupError, backup, backup_into, backup_thread
from .storage.errors import (
    DatabaseDamagedError,
    DatabaseLockedError,
    DatabaseRefusedLoginError,
    DatabaseUnreachableError,
    DatabaseUnreadableError,
    NoDatabaseFolderError,
    NoSuchDatabaseError,
    NotADatabaseError,
    SchemaTooNewError,
    StartRefusedError,
    StorageError,
)
from .storage.guard import CheckReport, DatabaseLock, check, check_whole, hold

__all__ = [
    "BACKUP_FAILED",
    "COPY_FAILED",
    "EXIT_CODES",
    "LOST_HOLD",
    "check_server",
    "exit_code",
    "run_backup",
    "run_copy",
    "schedule_backups",
    "schedule_whole_check",
    "take_database",
]

#: The exit code of each database the bot refuses at start (2: a bad setting; 3, 4 and 16:
#: Telegram refused the token, is out of reach, refused the webhook: ``tg.connection``).
EXIT_CODES: dict[type[StartRefusedError], int] = {
    DatabaseLockedError: 5,
    NotADatabaseError: 6,
    DatabaseDamagedError: 7,
    SchemaTooNewError: 8,
    DatabaseUnreadableError: 9,
    NoDatabaseFolderError: 10,
    DatabaseUnreachableError: 12,
    DatabaseRefusedLoginError: 13,
    NoSuchDatabaseError: 14,
}
#: ``python bot.py backup PATH`` that could not make its backup.
BACKUP_FAILED = 11
#: ``python bot.py copy-db`` that made no copy (or kept none: it didn't check out).
COPY_FAILED = 15
#: A worker on PostgreSQL that lost its hold of the database while playing, and stopped.
LOST_HOLD = 17


def exit_code(error: StartRefusedError) -> int:
    """The exit code of a refused database."""
    for kind in type(error).__mro__:
        if kind in EXIT_CODES:
            return EXIT_CODES[kind]
    return 1


def take_database(settings: Settings) -> tuple[DatabaseLock, CheckReport]:
    """Lock the database for this process, then check it (read-only): the lock first, so
    the check never reads a file another bot is writing as if it were idle."""
    lock = hold(settings.db_path)
    try:
        report = check(settings.db_path)
    except BaseException:
        lock.release()
        raise
    return lock, report


def check_server(settings: Settings) -> None:
    """On PostgreSQL: the server answers, takes the login, has the database and its schema
    is one this bot knows (brought up to date if older); a ``StartRefusedError`` if not.
    (Whether another worker plays on it now is the start's to find: this one then stands by,
    ``tg.app``.)"""
    from ddz_bot.storage import Database

    async def opened() -> None:
        database = await Database.open(settings.database_url, pool_size=1)
        await database.close()

    asyncio.run(opened())


def run_copy(arguments: list[str]) -> int:
    """``python bot.py copy-db SQLITE_FILE postgresql://...``: one line, done or why not."""
    from ddz_bot.storage.copying import copy_database

    if len(arguments) != 2 or not arguments[1].startswith(("postgresql://", "postgres://")):
        print(
            "Usage: python bot.py copy-db SQLITE_FILE postgresql://user@host/database",
            file=sys.stderr,
        )
        return 2
    source, target = Path(arguments[0]), arguments[1]
    try:
        report = asyncio.run(copy_database(source, target))
    except StartRefusedError as error:
        print(f"Copy failed: {error}", file=sys.stderr)
        return exit_code(error)
    except StorageError as error:
        print(f"Copy failed: {error}", file=sys.stderr)
        return COPY_FAILED
    print(report.line(source, target))
    return 0


def run_backup(settings: Settings, target: str) -> int:
    """``python bot.py backup PATH``: one line saying where it went, or why it could not."""
    if settings.on_postgresql:
        print(
            "Backup: a PostgreSQL database is backed up by its server (pg_dump, point-in-time"
            " recovery): see README.md, 'Backups on PostgreSQL'",
            file=sys.stderr,
        )
        return 2
    try:
        report = backup(settings.db_path, Path(target))
    except BackupError as error:
        print(f"Backup failed: {error}", file=sys.stderr)
        return BACKUP_FAILED
    print(report.line(settings.db_path))
    return 0


def schedule_backups(application: Any, settings: Settings) -> None:
    """Every ``DDZ_BACKUP_EVERY`` a backup in ``DDZ_BACKUP_DIR`` (the newest
    ``DDZ_BACKUP_KEEP`` kept), copied on a thread of its own at the lowest CPU priority:
    play goes on meanwhile."""
    folder = settings.backup_dir
    if folder is None or application.job_queue is None:
        return
    log = logging.getLogger("ddz_bot.backup")

    async def one(_: object) -> None:
        thread = backup_thread()
        try:
            report = await asyncio.get_running_loop().run_in_executor(
                thread, backup_into, settings.db_path, folder, settings.backup_keep
            )
        except BackupError as error:
            log.error("backup failed: %s", error)
            return
        finally:
            thread.shutdown(wait=False)
        log.info("%s", report.line(settings.db_path))

    application.job_queue.run_repeating(
        one, interval=settings.backup_every, first=settings.backup_every, name="ddz:backup"
    )


def schedule_whole_check(application: Any, settings: Settings) -> None:
    """A large file's archive of finished hands, checked once the bot plays (on a thread of
    its own); damage found is logged as the one line a refused start would print."""
    log = logging.getLogger("ddz_bot.check")

    async def whole(_: object) -> None:
        try:
            seconds = await asyncio.to_thread(check_whole, settings.db_path)
        except StartRefusedError as error:
            log.error("%s", error)
            return
        log.info("database %s checked whole in %.1f s", settings.db_path, seconds)

    if application.job_queue is not None:
        application.job_queue.run_once(whole, when=0, name="ddz:check")
