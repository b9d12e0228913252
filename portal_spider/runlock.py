"""One crawl at a time per archive: an exclusive flock on ``<db>.lock``.

The kernel drops a flock when its process dies, however it dies, so a lock left by a
killed run is never stale: the next run simply takes it. The file records the holder's
pid for the message a refused run prints.
"""

from __future__ import annotations

import fcntl
import os
from contextlib import contextmanager
from pathlib import Path


class ArchiveLocked(RuntimeError):
    """Another process holds the crawl lock of this archive."""


@contextmanager
def crawl_lock(db_path: str | Path):
    lock_path = Path(f"{db_path}.lock")
    handle = open(lock_path, "a+")
    try:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            handle.seek(0)
            holder = handle.read().strip() or "another process"
            raise ArchiveLocked(f"another crawl (pid {holder}) is running on {db_path}") from None
        handle.seek(0)
        handle.truncate()
        handle.write(str(os.getpid()))
        handle.flush()
        yield
    finally:
        handle.close()
