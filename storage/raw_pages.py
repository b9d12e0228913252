"""The ``raw_pages`` table: where in the WARC files each fetched page is, and what it fed."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlite_utils import Database

from storage.errors import archive_errors
from storage.warc import Original, StoredRecord, warc_date


class PagesNotStored(ValueError):
    """An article names fetched pages (WARC records) that raw_pages does not hold."""


@dataclass(frozen=True)
class StoredPage:
    """A page of an article as re-extraction reads it: where its payload is."""

    url: str
    fetched_at: str
    content_type: str | None
    payload_digest: str
    warc_file: str  # of the record holding the payload (a revisit's original)
    warc_offset: int


class RawPages:
    """An :class:`storage.Archive`'s ``raw_pages``."""

    def __init__(self, db: Database, path: str):
        self.db = db
        self.path = path

    def original(self, digest: str) -> Original | None:
        """The first stored response with this payload digest, for a revisit record."""
        row = self.db.execute(
            "SELECT url, fetched_at FROM raw_pages WHERE payload_digest = ? AND record_type = 'response'"
            " ORDER BY id LIMIT 1", [digest]).fetchone()
        return Original(row[0], _warc_date(row[1])) if row else None

    def record(self, stored: StoredRecord, url: str, fetched_at: str, status: int, content_type: str | None,
               run_id: int | None) -> None:
        """Record a fetch once its WARC records are written; committed at once."""
        with archive_errors(self.path), self.db.atomic():
            self.db.execute(
                """INSERT INTO raw_pages (record_id, url, fetched_at, status, content_type, payload_digest,
                                          record_type, warc_file, warc_offset, warc_length, run_id)
                   VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""",
                [stored.record_id, url, fetched_at, status, content_type, stored.payload_digest,
                 stored.record_type, stored.warc_file, stored.offset, stored.length, run_id],
            )

    def link(self, article_id: int, record_ids: Sequence[str]) -> None:
        """The pages (by record id, in reading order) an article was extracted from.

        Called inside the article's save transaction, which fails with PagesNotStored if a
        page has no row (writing its WARC records failed): an article is archived with the
        bytes it came from or not at all, and its URL stays queued for the next run."""
        if not record_ids:
            return
        first = self.db.execute("SELECT id FROM raw_pages WHERE record_id = ?", [record_ids[0]]).fetchone()
        before = self.db.conn.total_changes
        self.db.conn.executemany(
            "UPDATE raw_pages SET article_id = ?, article_page = ?, article_fetch = ? WHERE record_id = ?",
            [(article_id, page, first[0] if first else None, record_id)
             for page, record_id in enumerate(record_ids, start=1)],
        )
        if self.db.conn.total_changes - before != len(record_ids):
            raise PagesNotStored("its pages are not in the WARC files (writing them failed)")

    def latest_fetch(self, article_id: int) -> list[StoredPage]:
        """The pages of the article's latest fetch in reading order, with where each
        payload is (a revisit's in its original response record); [] if none is stored."""
        rows = self.db.execute(
            """WITH fetch AS (SELECT max(article_fetch) AS id FROM raw_pages WHERE article_id = :id)
               SELECT p.url, p.fetched_at, p.content_type, p.record_type, p.payload_digest,
                      p.warc_file, p.warc_offset
               FROM raw_pages p, fetch WHERE p.article_id = :id AND p.article_fetch = fetch.id
               ORDER BY p.article_page""",
            {"id": article_id},
        ).fetchall()
        pages = []
        for url, fetched_at, content_type, record_type, digest, warc_file, offset in rows:
            if record_type == "revisit":
                original = self.db.execute(
                    "SELECT warc_file, warc_offset FROM raw_pages WHERE payload_digest = ?"
                    " AND record_type = 'response' ORDER BY id LIMIT 1", [digest]).fetchone()
                if original is None:
                    return []
                warc_file, offset = original
            pages.append(StoredPage(url, fetched_at, content_type, digest, warc_file, offset))
        return pages


def _warc_date(fetched_at: str) -> str:
    """An ISO 8601 time with an offset as WARC-Date writes it (UTC, Z)."""
    return warc_date(datetime.fromisoformat(fetched_at))
