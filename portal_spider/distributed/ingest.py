"""The distributed crawl's single writer: drains the workers' stream into the archive.

Delivery is at least once, the effect exactly once: entries are read through a Redis
consumer group, applied in one archive transaction together with a record of their
ids (``ingested_entries``), and acknowledged only once that transaction has committed.
An ingester killed at any point leaves its entries unacknowledged; when it starts again
it reads them first, skips those already applied, and applies the rest.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field, fields

import redis

from portal_spider import distributed as keys
from portal_spider.distributed.stream import BadEntry, decode
from portal_spider.distributed.worker import connect
from storage import Archive, ArchiveError
from storage.warc import StoredRecord

_STORED_FIELDS = [f.name for f in fields(StoredRecord)]

log = logging.getLogger(__name__)
CONSUMER = "ingest"


@dataclass
class Ingested:
    entries: int = 0
    saved: dict[str, int] = field(default_factory=dict)  # outcome -> articles
    bad: int = 0

    def add(self, other: Ingested) -> None:
        self.entries += other.entries
        self.bad += other.bad
        for outcome, count in other.saved.items():
            self.saved[outcome] = self.saved.get(outcome, 0) + count


class Ingester:
    def __init__(self, archive: Archive, redis_url: str, batch: int = 256):
        self.archive = archive
        self.redis = connect(redis_url)
        self.batch = batch

    def prepare(self) -> int:
        """Create the consumer group if need be, and seed ``known`` with every archived URL."""
        try:
            self.redis.xgroup_create(keys.STREAM, keys.WRITERS, id="0", mkstream=True)
        except redis.ResponseError as error:
            if "BUSYGROUP" not in str(error):
                raise
        urls = list(self.archive.known_urls(None))
        for start in range(0, len(urls), 10_000):
            self.redis.sadd(keys.KNOWN, *urls[start:start + 10_000])
        return len(urls)

    def run(self, idle_exit: float | None = None, stopping: Callable[[], bool] = lambda: False) -> Ingested:
        """Apply entries until ``stopping()``, or until none came for ``idle_exit`` seconds."""
        total = Ingested()
        # First what was delivered to this writer before and never acknowledged.
        while entries := self._read("0"):
            total.add(self.apply(entries))
        idle_since = time.monotonic()
        while not stopping():
            entries = self._read(">", block_ms=500)
            if entries:
                total.add(self.apply(entries))
                idle_since = time.monotonic()
            elif idle_exit is not None and time.monotonic() - idle_since >= idle_exit:
                break
        return total

    def _read(self, start: str, block_ms: int | None = None) -> list[tuple[str, dict]]:
        reply = self.redis.xreadgroup(keys.WRITERS, CONSUMER, {keys.STREAM: start}, count=self.batch, block=block_ms)
        if not reply:
            return []
        return [(entry_id.decode(), values) for entry_id, values in reply[0][1]]

    def apply(self, entries: list[tuple[str, dict]]) -> Ingested:
        """Apply entries in one transaction, then acknowledge (and drop) them."""
        done = Ingested()
        saved_urls: list[str] = []
        with self.archive.transaction():
            applied = self.archive.ingested.applied(entry_id for entry_id, _ in entries)
            for entry_id, values in entries:
                if entry_id in applied:
                    continue
                done.entries += 1
                try:
                    entry = decode(values)
                except BadEntry as error:
                    log.warning("stream entry %s skipped: %s", entry_id, error)
                    done.bad += 1
                    self.archive.ingested.mark_applied(entry_id, "bad", None, outcome=str(error)[:300])
                    continue
                try:
                    with self.archive.db.atomic():  # one entry's effect, all or nothing
                        outcome = self._apply(entry_id, entry)
                except ArchiveError:
                    raise
                except Exception as error:  # applying it failed: recorded, never retried forever
                    log.warning("stream entry %s not applied: %s", entry_id, error)
                    done.bad += 1
                    self.archive.ingested.mark_applied(entry_id, "bad", None, outcome=f"{type(error).__name__}: {error}"[:300])
                    continue
                if outcome is not None:
                    done.saved[outcome] = done.saved.get(outcome, 0) + 1
                    if outcome != "failed":
                        article = entry["article"]
                        saved_urls += [self.archive.canonicalize(u) for u in
                                       (article.canonical_url, article.url, *article.alias_urls) if u]
        ids = [entry_id for entry_id, _ in entries]
        with self.redis.pipeline() as pipe:
            if saved_urls:
                pipe.sadd(keys.KNOWN, *saved_urls)
            pipe.xack(keys.STREAM, keys.WRITERS, *ids)
            pipe.xdel(keys.STREAM, *ids)
            pipe.execute()
        return done

    def _apply(self, entry_id: str, entry: dict) -> str | None:
        """Apply one entry; for a save, its outcome."""
        op, archive = entry["op"], self.archive
        ingested, crawl = archive.ingested, archive.crawl
        run_id = ingested.run_id(entry["run"], entry.get("hostname"), entry.get("pid")) if entry["run"] else None
        portal = entry.get("portal")
        outcome = None
        if op == "save":
            article = entry["article"]
            portal = article.portal
            [result] = archive.save_each([article])  # an ArchiveError is raised: nothing is acknowledged
            if isinstance(result, Exception):
                outcome = "failed"
                crawl.record_error(run_id, article.url, f"not stored: {type(result).__name__}: {result}"[:300], portal)
            else:
                outcome = result.status
        elif op == "record_error":
            crawl.record_error(run_id, entry["url"], entry["error"], portal)
        elif op == "record_note":
            crawl.record_note(run_id, entry["kind"], entry["reason"], portal=portal, url=entry["url"], hint=entry["hint"])
        elif op == "record_raw_page":
            page = dict(entry["page"])
            stored = StoredRecord(**{name: page.pop(name) for name in _STORED_FIELDS})
            archive.raw_pages.record(stored, page["url"], page["fetched_at"], page["status"], page["content_type"],
                                     run_id)
        elif op == "record_lastmods":
            crawl.record_lastmods(entry["lastmods"])
        elif op == "record_portal_run":
            ingested.add_portal(run_id, portal)
            saved = ingested.saved(run_id, portal)
            archived = {"articles_new": saved.get("new", 0), "articles_updated": saved.get("revised", 0),
                        "duplicates": saved.get("duplicate", 0)}
            counts = {**entry["counts"], **archived, "articles_archived": sum(archived.values())}
            crawl.record_portal_run(run_id, portal, stop_reason=entry["stop_reason"], **counts)
        elif op == "finish_run":
            ingested.finish_run(run_id, entry["status"], entry["pages_fetched"], entry["errors"])
        ingested.mark_applied(entry_id, op, run_id, portal, outcome)
        return outcome
