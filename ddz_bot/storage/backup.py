"""Backups of a live database: a consistent copy while the bot plays, checked before kept.

SQLite's online backup API copies the database in one step, inside one read transaction:
in WAL mode a reader never blocks the writer, so play goes on while it copies, and the copy
is the database as it was at one commit (a hand's moves are all in it or not yet). The copy
is written beside its final name, checked with ``PRAGMA quick_check`` and only then renamed,
so a backup that exists is whole. The source is opened read-only: a backup never writes to
the live file. Everything here blocks: the bot runs it off its event loop, on a thread of
its own at the lowest CPU priority (``backup_thread``), so a busy machine serves the moves
first.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from .errors import StorageError

__all__ = [
    "BACKUP_PREFIX",
    "BackupError",
    "BackupReport",
    "backup",
    "backup_into",
    "backup_thread",
    "prune",
]

#: Backups the bot makes on its own are named ``ddz-YYYYMMDD-HHMMSS.sqlite3``.
BACKUP_PREFIX = "ddz-"
_SUFFIX = ".sqlite3"


class BackupError(StorageError):
    """A backup that could not be made (nothing was left at its path)."""


@dataclass(frozen=True, slots=True)
class BackupReport:
    """Where a backup went, its size, and how long copying and checking it took."""

    path: Path
    size: int
    copy_seconds: float
    check_seconds: float

    def line(self, source: Path) -> str:
        return (
            f"backup of {source} written to {self.path}: {self.size / 1e6:.1f} MB, copied in "
            f"{self.copy_seconds:.1f} s, checked in {self.check_seconds:.1f} s"
        )


def _lowest_priority() -> None:
    """This thread yields the CPU to every other (Linux: the nice value is per thread)."""
    with contextlib.suppress(OSError, AttributeError):
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), 19)


def backup_thread() -> ThreadPoolExecutor:
    """A thread for backups at the lowest CPU priority (shut it down when done)."""
    return ThreadPoolExecutor(
        max_workers=1, thread_name_prefix="ddz-backup", initializer=_lowest_priority
    )


def _sync_folder(folder: Path) -> None:
    descriptor = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


def _copy(source: Path, part: Path) -> None:
    try:
        src = sqlite3.connect(f"{source.resolve().as_uri()}?mode=ro", uri=True)
    except sqlite3.Error as error:
        raise BackupError(f"can't open {source}: {error}") from None
    try:
        dst = sqlite3.connect(part)
        try:
            src.backup(dst)  # every page in one step: one read transaction, one commit
        finally:
            dst.close()
    except sqlite3.Error as error:
        raise BackupError(f"copying {source} failed: {error}") from None
    finally:
        src.close()


def _check(part: Path) -> None:
    conn = sqlite3.connect(f"{part.resolve().as_uri()}?mode=ro", uri=True)
    try:
        rows = [str(row[0]) for row in conn.execute("PRAGMA quick_check(1)")]
    except sqlite3.Error as error:
        raise BackupError(f"the copy {part} is not whole: {error}") from None
    finally:
        conn.close()
    if rows != ["ok"]:
        raise BackupError(f"the copy {part} is not whole: {rows[0] if rows else '?'}")


def backup(source: Path, target: Path) -> BackupReport:
    """Copy the database ``source`` to ``target`` (a new file; a folder: a timed name in
    it), check the copy, and say how it went. ``BackupError`` if it could not be made."""
    source, target = Path(source), Path(target)
    if not source.is_file() or source.stat().st_size == 0:
        raise BackupError(f"no database at {source}")
    if target.is_dir():
        target = target / timed_name(datetime.now(UTC))
    if target.exists():
        raise BackupError(f"{target} exists already; a backup never overwrites a file")
    if not target.parent.is_dir():
        raise BackupError(f"no folder {target.parent}")
    part = target.with_name(target.name + ".part")
    start = time.perf_counter()
    try:
        _copy(source, part)
        copied = time.perf_counter()
        _check(part)
        checked = time.perf_counter()
        os.replace(part, target)
        _sync_folder(target.parent)
    except OSError as error:
        raise BackupError(f"writing {target} failed: {error.strerror or error}") from None
    finally:
        part.unlink(missing_ok=True)
        for extra in ("-journal", "-wal", "-shm"):
            part.with_name(part.name + extra).unlink(missing_ok=True)
    return BackupReport(target, target.stat().st_size, copied - start, checked - copied)


def timed_name(moment: datetime) -> str:
    """A backup's name for the time it was taken: names sort as times do."""
    return f"{BACKUP_PREFIX}{moment.astimezone(UTC):%Y%m%d-%H%M%S}{_SUFFIX}"


def prune(folder: Path, keep: int) -> list[Path]:
    """Delete all but the newest ``keep`` backups the bot made in ``folder`` (other files
    are left alone); returns the deleted ones."""
    ours = sorted(
        path
        for path in Path(folder).glob(f"{BACKUP_PREFIX}*{_SUFFIX}")
        if path.name[len(BACKUP_PREFIX) : -len(_SUFFIX)].replace("-", "").isdigit()
    )
    old = ours[: max(0, len(ours) - max(1, keep))]
    for path in old:
        path.unlink(missing_ok=True)
    return old


def backup_into(source: Path, folder: Path, keep: int) -> BackupReport:
    """The bot's own backup: a timed copy in ``folder`` (made if missing), then only the
    newest ``keep`` kept."""
    folder = Path(folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise BackupError(f"can't make {folder}: {error.strerror or error}") from None
    report = backup(source, folder / timed_name(datetime.now(UTC)))
    prune(folder, keep)
    return report
