"""What a distributed crawl's writer has applied: its stream entries, and the workers' runs."""

from __future__ import annotations

import json
from collections.abc import Iterable

from sqlite_utils import Database

from storage.clock import now


class IngestLog:
    """The runs of workers (by their own run names) and the stream entries applied.

    Call inside the transaction that applies the entries (``Archive.transaction``): an
    entry and its effect commit together.
    """

    def __init__(self, db: Database):
        self.db = db

    def applied(self, entry_ids: Iterable[str]) -> set[str]:
        ids = list(entry_ids)
        rows = self.db.execute(
            "SELECT entry_id FROM ingested_entries WHERE entry_id IN (SELECT value FROM json_each(?))",
            [json.dumps(ids)],
        )
        return {entry_id for (entry_id,) in rows}

    def mark_applied(self, entry_id: str, op: str, run_id: int | None, portal: str | None = None,
                     outcome: str | None = None) -> None:
        self.db.execute(
            "INSERT INTO ingested_entries (entry_id, run_id, portal, op, outcome, ingested_at) VALUES (?, ?, ?, ?, ?, ?)",
            [entry_id, run_id, portal, op, outcome, now()],
        )

    def run_id(self, worker_run: str, hostname: str | None = None, pid: int | None = None) -> int:
        """The crawl_runs row of a worker's run, recorded as running when first seen."""
        row = self.db.execute("SELECT id FROM crawl_runs WHERE worker_run = ?", [worker_run]).fetchone()
        if row:
            return row[0]
        cursor = self.db.execute(
            "INSERT INTO crawl_runs (started_at, portals, status, hostname, pid, worker_run) VALUES (?, '[]', 'running', ?, ?, ?)",
            [now("milliseconds"), hostname, pid, worker_run],
        )
        return cursor.lastrowid

    def add_portal(self, run_id: int, portal: str) -> None:
        self.db.execute(
            """UPDATE crawl_runs SET portals = json_insert(portals, '$[#]', ?)
               WHERE id = ? AND NOT EXISTS (SELECT 1 FROM json_each(portals) WHERE value = ?)""",
            [portal, run_id, portal],
        )

    def saved(self, run_id: int, portal: str | None = None) -> dict[str, int]:
        """How the run's articles were saved: outcome -> count (for one portal, or all)."""
        rows = self.db.execute(
            """SELECT outcome, count(*) FROM ingested_entries WHERE run_id = ? AND op = 'save'
               AND (? IS NULL OR portal = ?) GROUP BY outcome""",
            [run_id, portal, portal],
        )
        return dict(rows.fetchall())

    def finish_run(self, run_id: int, status: str, pages_fetched: int, errors: int) -> None:
        saved = self.saved(run_id)
        self.db.execute(
            """UPDATE crawl_runs SET finished_at = ?, status = ?, pages_fetched = ?, errors = ?,
               articles_new = ?, articles_updated = ?, duplicates = ? WHERE id = ?""",
            [now("milliseconds"), status, pages_fetched, errors + saved.get("failed", 0),
             saved.get("new", 0), saved.get("revised", 0), saved.get("duplicate", 0), run_id],
        )
