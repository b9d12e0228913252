"""Crawl bookkeeping: runs, failed URLs and the queue of discovered URLs.

All of it lives in the archive so a crawl killed with SIGKILL can be resumed and
a scheduler can see how the last run of each portal went.
"""

from __future__ import annotations

import json
import os
import socket
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager

from sqlite_utils import Database

from storage.clock import now
from storage.errors import archive_errors

RUN_STATUSES = frozenset({"running", "ok", "partial", "failed", "interrupted"})

# Kinds of crawl_notes, and whether one is a problem: the run may have missed articles.
NOTE_KINDS = {
    "listing_failed": True,          # a listing page could not be fetched (HTTP status, network)
    "listing_forbidden": True,       # a listing page was not fetched on purpose (robots.txt)
    "listing_not_html": True,        # a listing URL answered with something other than HTML
    "listing_without_links": True,   # a listing page on which no article link was found
    "portal_without_links": True,    # none of a portal's listing pages showed an article link
    "max_listing_pages": True,       # pagination cut at the cap of listing pages per run
    "no_new_links": False,           # pagination stopped: pages in a row brought no link not yet seen
    "unparseable_links": True,       # links on a page that cannot be parsed (a port past 65535): skipped
    "sitemap_failed": True,          # a sitemap named by robots.txt or an index, or a broken /sitemap.xml
    "feed_failed": True,             # an RSS/Atom feed linked from a listing page could not be fetched or read
    "page_error": True,              # an exception raised handling a robots.txt, sitemap or feed
    "published_at_invalid": False,   # an article's published_at was not ISO 8601 with an offset: stored without it
    "archive_write_failed": True,    # a write into the archive failed (disk full, read-only, damaged): the crawl stopped
    "crawl_failed": True,            # an exception raised outside any page (starting the crawl): start URLs may be unread
    "article_forbidden": False,      # an article URL not fetched on purpose (robots.txt): not retried
    "max_article_pages": True,       # an article cut at the cap of pages per article: its first pages archived
    "canonical_untrusted": False,    # rel=canonical named another page without its content: archived under its own URL
    "charset_mislabelled": False,    # the declared charset does not decode the page: decoded by detection
    "published_at_zone_guessed": False,  # naive dates, and no zone from portals.toml or the page: read as UTC
}
# Kinds that are failures (counted in the run's errors), beside listing_failed.
FAILURE_NOTES = frozenset({"unparseable_links", "sitemap_failed", "feed_failed", "page_error", "crawl_failed"})

PORTAL_RUN_COUNTS = (
    "listing_pages", "article_links", "articles_archived", "articles_new", "articles_updated", "duplicates",
)

# Matches a URL that is archived, under its own or an alias address.
ARCHIVED = "(EXISTS (SELECT 1 FROM articles WHERE url = {0}) OR EXISTS (SELECT 1 FROM article_urls WHERE url = {0}))"


class CrawlState:
    """The crawl's state in the archive: runs, failed URLs (crawl_errors), notes, the queue
    of discovered URLs and sitemap lastmods. An :class:`storage.Archive`'s ``crawl``."""

    def __init__(self, db: Database, canonicalize: Callable[[str], str], path: str):
        self.db = db
        self.canonicalize = canonicalize
        self.path = path

    @contextmanager
    def _writing(self) -> Iterator[None]:
        """A transaction; a failure of the archive itself is an ArchiveError."""
        with archive_errors(self.path), self.db.atomic():
            yield

    def start_run(self, portals: list[str]) -> int:
        with self._writing():
            cursor = self.db.execute(
                "INSERT INTO crawl_runs (started_at, portals, status, hostname, pid) VALUES (?, ?, 'running', ?, ?)",
                # Milliseconds: a run's duration gives its pages per second.
                [now("milliseconds"), json.dumps(list(portals), ensure_ascii=False), socket.gethostname(), os.getpid()],
            )
        return cursor.lastrowid

    def finish_run(
        self,
        run_id: int,
        status: str,
        *,
        pages_fetched: int,
        articles_new: int,
        articles_updated: int,
        duplicates: int,
        errors: int,
    ) -> None:
        if status not in RUN_STATUSES - {"running"}:
            raise ValueError(f"unknown run status {status!r}")
        with self._writing():
            self.db.execute(
                """UPDATE crawl_runs SET finished_at = ?, status = ?, pages_fetched = ?, articles_new = ?,
                   articles_updated = ?, duplicates = ?, errors = ? WHERE id = ?""",
                [now("milliseconds"), status, pages_fetched, articles_new, articles_updated, duplicates, errors, run_id],
            )

    def mark_interrupted_runs(self) -> int:
        """Mark runs still "running" whose process is gone as "interrupted".

        A run whose process is alive on this host (another crawl going on right
        now) is left alone; a run recorded on another host is presumed dead.
        """
        rows = self.db.execute("SELECT id, hostname, pid FROM crawl_runs WHERE status = 'running'").fetchall()
        dead = [run_id for run_id, host, pid in rows if not _alive(host, pid)]
        with self._writing():
            self.db.conn.executemany(
                "UPDATE crawl_runs SET status = 'interrupted', finished_at = ? WHERE id = ?",
                [(now(), run_id) for run_id in dead],
            )
        return len(dead)

    def last_run_status(self, portal: str) -> str | None:
        """Status of the newest run that included ``portal`` ("running" included)."""
        row = self.db.execute(
            """SELECT status FROM crawl_runs
               WHERE EXISTS (SELECT 1 FROM json_each(crawl_runs.portals) WHERE value = ?)
               ORDER BY id DESC LIMIT 1""",
            [portal],
        ).fetchone()
        return row[0] if row else None

    def listing_failed_last_run(self, portal: str) -> bool:
        """Whether a listing page of ``portal`` failed in its newest run: what is behind it was not read."""
        row = self.db.execute(
            """SELECT EXISTS (SELECT 1 FROM crawl_notes WHERE kind = 'listing_failed' AND portal = ? AND run_id = (
                   SELECT id FROM crawl_runs
                   WHERE EXISTS (SELECT 1 FROM json_each(crawl_runs.portals) WHERE value = ?)
                   ORDER BY id DESC LIMIT 1))""",
            [portal, portal],
        ).fetchone()
        return bool(row[0])

    def record_error(self, run_id: int, url: str, error: str, portal: str | None = None) -> None:
        stamp = now()
        with self._writing():
            self.db.execute(
                """INSERT INTO crawl_errors (url, run_id, portal, status, attempts, first_seen, last_seen)
                   VALUES (?, ?, ?, ?, 1, ?, ?)
                   ON CONFLICT(url) DO UPDATE SET run_id = excluded.run_id,
                       portal = coalesce(excluded.portal, crawl_errors.portal), status = excluded.status,
                       attempts = crawl_errors.attempts + 1, last_seen = excluded.last_seen""",
                [self.canonicalize(url), run_id, portal, error, stamp, stamp],
            )

    def clear_error(self, url: str) -> None:
        with self._writing():
            self.db.execute("DELETE FROM crawl_errors WHERE url = ?", [self.canonicalize(url)])

    def record_note(
        self, run_id: int, kind: str, reason: str, *, portal: str | None = None, url: str | None = None,
        hint: str | None = None,
    ) -> None:
        """A page-level finding of a run (never retried as an article, unlike crawl_errors)."""
        if kind not in NOTE_KINDS:
            raise ValueError(f"unknown note kind {kind!r}")
        with self._writing():
            self.db.execute(
                """INSERT INTO crawl_notes (run_id, portal, url, kind, problem, reason, hint, recorded_at)
                   VALUES (?, ?, ?, ?, ?, ?, ?, ?)""",
                [run_id, portal, url, kind, int(NOTE_KINDS[kind]), reason, hint, now()],
            )

    def run_notes(self, run_id: int) -> list[dict]:
        rows = self.db.execute(
            "SELECT portal, url, kind, problem, reason, hint, recorded_at FROM crawl_notes WHERE run_id = ? ORDER BY id",
            [run_id],
        )
        columns = [d[0] for d in rows.description]
        notes = [dict(zip(columns, row)) for row in rows]
        for note in notes:
            note["problem"] = bool(note["problem"])
        return notes

    def record_portal_run(self, run_id: int, portal: str, *, stop_reason: str | None, **counts: int) -> None:
        """What one run did for one portal (counts: every name in PORTAL_RUN_COUNTS)."""
        if set(counts) != set(PORTAL_RUN_COUNTS):
            raise ValueError(f"portal run counts are {', '.join(PORTAL_RUN_COUNTS)}")
        columns = ("run_id", "portal", *PORTAL_RUN_COUNTS, "stop_reason")
        values = [run_id, portal, *(counts[name] for name in PORTAL_RUN_COUNTS), stop_reason]
        with self._writing():
            self.db.execute(
                f"INSERT OR REPLACE INTO crawl_run_portals ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})",
                values,
            )

    def portal_runs(self, run_id: int) -> list[dict]:
        """The run's per-portal records, in the order they were recorded."""
        rows = self.db.execute(
            f"SELECT portal, {', '.join(PORTAL_RUN_COUNTS)}, stop_reason FROM crawl_run_portals"
            " WHERE run_id = ? ORDER BY rowid",
            [run_id],
        )
        columns = [d[0] for d in rows.description]
        return [dict(zip(columns, row)) for row in rows]

    def failed_urls(self, portal: str | None = None) -> list[str]:
        return self._urls("crawl_errors", "last_seen", portal)

    def enqueue(self, urls: Iterable[str], portal: str) -> None:
        stamp = now()
        rows = [(u, portal, stamp, u, u) for u in {self.canonicalize(url) for url in urls}]
        with self._writing():
            self.db.conn.executemany(
                f"INSERT OR IGNORE INTO crawl_queue (url, portal, discovered_at) SELECT ?, ?, ? WHERE NOT {ARCHIVED.format('?')}",
                rows,
            )

    def pending_urls(self, portal: str | None = None) -> list[str]:
        """Queued URLs not archived yet, oldest discovery first."""
        return self._urls("crawl_queue", "discovered_at", portal, f"NOT {ARCHIVED.format('t.url')}")

    def push_listings(self, pages: Iterable[tuple[str, int]], portal: str) -> None:
        """Listing pages scheduled, with how many pages before each brought no new link."""
        stamp = now()
        with self._writing():
            self.db.conn.executemany(
                "INSERT INTO crawl_queue_listings (url, portal, pages_without_new_links, discovered_at)"
                " VALUES (?, ?, ?, ?) ON CONFLICT(url) DO NOTHING",
                [(url, portal, count, stamp) for url, count in pages],
            )

    def mark_listing_read(self, url: str, portal: str) -> None:
        """A listing page read, failed or given up: not to be read again by a resumed run."""
        with self._writing():
            self.db.execute(
                "INSERT INTO crawl_queue_listings (url, portal, read, discovered_at) VALUES (?, ?, 1, ?)"
                " ON CONFLICT(url) DO UPDATE SET read = 1",
                [url, portal, now()],
            )

    def listing_frontier(self, portal: str) -> tuple[list[tuple[str, int]], list[str]]:
        """What an unfinished run left: the listing pages to read (with their counts of
        pages without new links), oldest first, and those it read."""
        rows = self.db.execute(
            "SELECT url, pages_without_new_links, read FROM crawl_queue_listings WHERE portal = ?"
            " ORDER BY discovered_at, url",
            [portal],
        ).fetchall()
        return [(url, count) for url, count, read in rows if not read], [url for url, _, read in rows if read]

    def clear_listing_frontier(self, portals: Iterable[str]) -> None:
        with self._writing():
            self.db.conn.executemany("DELETE FROM crawl_queue_listings WHERE portal = ?", [(p,) for p in portals])

    def lastmod_changed(self, lastmods: dict[str, str]) -> list[str]:
        """Archived URLs among ``lastmods`` whose sitemap lastmod differs from the one recorded."""
        canonical = {self.canonicalize(url): lastmod for url, lastmod in lastmods.items()}
        rows = self.db.execute(
            f"""SELECT given.key FROM json_each(?) given JOIN sitemap_lastmod recorded ON recorded.url = given.key
                WHERE recorded.lastmod IS NOT given.value AND {ARCHIVED.format('given.key')}""",
            [json.dumps(canonical, ensure_ascii=False)],
        )
        return [url for (url,) in rows]

    def record_lastmods(self, lastmods: dict[str, str]) -> None:
        rows = [(self.canonicalize(url), lastmod) for url, lastmod in lastmods.items()]
        with self._writing():
            self.db.conn.executemany(
                "INSERT INTO sitemap_lastmod (url, lastmod) VALUES (?, ?)"
                " ON CONFLICT(url) DO UPDATE SET lastmod = excluded.lastmod",
                rows,
            )

    def _urls(self, table: str, order: str, portal: str | None, condition: str = "1") -> list[str]:
        sql = f"SELECT url FROM {table} t WHERE {condition} AND (? IS NULL OR portal = ?) ORDER BY {order}, url"
        return [row[0] for row in self.db.execute(sql, [portal, portal])]

    def run(self, run_id: int) -> dict | None:
        """The crawl_runs row, or None."""
        rows = self.db.execute("SELECT * FROM crawl_runs WHERE id = ?", [run_id])
        found = rows.fetchone()
        return dict(zip([d[0] for d in rows.description], found)) if found else None

    def run_failures(self, run_id: int, most: int) -> list[tuple[str, str]]:
        """Up to ``most`` (URL, reason) of the URLs that failed in the run, oldest first."""
        return self.db.execute(
            "SELECT url, status FROM crawl_errors WHERE run_id = ? ORDER BY last_seen LIMIT ?", [run_id, most]
        ).fetchall()

    def forget_fetched(self, urls: list[str]) -> None:
        """Drop queue entries and errors for URLs just archived (inside save's transaction)."""
        marks = ", ".join("?" * len(urls))
        self.db.execute(f"DELETE FROM crawl_queue WHERE url IN ({marks})", urls)
        self.db.execute(f"DELETE FROM crawl_errors WHERE url IN ({marks})", urls)


def _alive(hostname: str | None, pid: int | None) -> bool:
    if hostname != socket.gethostname() or pid is None:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # exists, owned by someone else
        return True
    return True
