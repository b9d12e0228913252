"""Failures of the archive itself, told apart from an article that cannot be stored.

A full disk, a read-only file, an I/O error, a lock held too long or a damaged file
makes every later write fail too: callers stop (a crawl ends, an import stops) instead
of recording each article as failed. Anything else is about one article.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from shlex import quote


class ArchiveError(Exception):
    """The archive file cannot be opened, created or written."""


class ArchiveDamaged(ArchiveError):
    """The archive file is corrupt: nothing more is written into it."""


def is_archive_failure(error: BaseException) -> bool:
    # OperationalError: full, read-only, I/O error, locked, cannot open; a bare
    # DatabaseError: "database disk image is malformed", "file is not a database".
    return isinstance(error, (sqlite3.OperationalError, OSError)) or type(error) is sqlite3.DatabaseError


def is_damage(error: BaseException) -> bool:
    return type(error) is sqlite3.DatabaseError or "malformed" in str(error)


def recovery_hint(path: str) -> str:
    return (f"recover what it holds into a new file with: sqlite3 {quote(path)} .recover | sqlite3 recovered.db"
            " (then use recovered.db)")


def damaged(path: str, detail: str) -> ArchiveDamaged:
    return ArchiveDamaged(f"the archive {path} is damaged ({detail}); nothing was written to it; {recovery_hint(path)}")


@contextmanager
def archive_errors(path: str) -> Iterator[None]:
    """Re-raise a failure of the archive itself as ArchiveError (one line, with the file)."""
    try:
        yield
    except sqlite3.Error as error:
        if is_damage(error):
            raise damaged(path, str(error)) from error
        if is_archive_failure(error):
            raise ArchiveError(f"cannot write the archive {path}: {error}") from error
        raise
    except OSError as error:
        raise ArchiveError(f"cannot write the archive {path}: {error.strerror or error}") from error
