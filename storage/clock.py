"""The archive's one notion of "now": ISO 8601 in UTC with an explicit ``+00:00``."""

from datetime import datetime, timezone


def now(timespec: str = "seconds") -> str:
    return datetime.now(timezone.utc).isoformat(timespec=timespec)
