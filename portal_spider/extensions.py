"""Crawl-wide components: the run record, and the live progress line."""

from __future__ import annotations

import asyncio
import logging
import sys
import time

from scrapy import signals
from scrapy.exceptions import NotConfigured
from twisted.internet import task

from portal_spider.archive_link import ArchiveWriter
from storage import ArchiveError

log = logging.getLogger(__name__)


class RunRecorder:
    """One crawl_runs row per crawl, opened at start and closed with its counts.

    The other components ask it about the run (``crawler.get_extension(RunRecorder)``):
    ``run_id``, how each portal's previous run went (``previous_status``,
    ``listing_failed``), and whether the archive itself failed (``archive_failure``, set
    through :meth:`archive_failed`, which stops the crawl). It owns the crawl's one
    archive writer (``writer``), and stops it once the run is recorded.
    """

    def __init__(self, crawler):
        self.crawler = crawler
        self.writer = ArchiveWriter(crawler.settings, on_failure=self.archive_failed)
        self.run_id: int | None = None
        self.previous_status: dict[str, str | None] = {}
        self.listing_failed: dict[str, bool] = {}
        self.archive_failure: str | None = None

    @classmethod
    def from_crawler(cls, crawler):
        recorder = cls(crawler)
        crawler.signals.connect(recorder.spider_opened, signal=signals.spider_opened)
        crawler.signals.connect(recorder.spider_closed, signal=signals.spider_closed)
        return recorder

    async def spider_opened(self, spider):
        portals = [portal.name for portal in spider.portals]

        def open_run(archive):
            # A run still marked running was killed (SIGKILL, power loss): say so.
            archive.crawl.mark_interrupted_runs()
            # Read before this run is recorded: the spider walks every listing page of a
            # portal whose last run did not finish cleanly or lost a listing page, to find
            # what it never reached.
            previous = {name: archive.crawl.last_run_status(name) for name in portals}
            listing_failed = {name: archive.crawl.listing_failed_last_run(name) for name in portals}
            return previous, listing_failed, archive.crawl.start_run(portals)

        try:
            self.previous_status, self.listing_failed, self.run_id = await self.writer.call(open_run)
            await self.writer.load_known(portals)
        except ArchiveError as error:  # nothing can be recorded: do not crawl
            self.archive_failed(error)

    def archive_failed(self, error: Exception) -> None:
        """A write failed because of the archive itself: stop the crawl (once), keep why."""
        if self.archive_failure is not None:
            return
        self.archive_failure = str(error)
        self.crawler.stats.inc_value("portal/errors")
        log.error("%s", error)
        asyncio.ensure_future(self.crawler.engine.close_spider_async(reason="archive_failed"))

    async def spider_closed(self, spider, reason):
        try:
            if self.run_id is not None:
                await self._finish(spider, reason)
        except ArchiveError as error:  # the run stays "running"; the next one marks it interrupted
            self.archive_failure = self.archive_failure or str(error)
        finally:
            self.writer.close()
        if self.archive_failure:
            # One line for the user (cron mail), whatever the log level.
            sys.stderr.write(
                f"Error: {self.archive_failure}; the crawl stopped: what was saved stays, the rest is queued"
                " for the next run\n"
            )

    async def _finish(self, spider, reason: str) -> None:
        stats = self.crawler.stats
        counts = {
            "pages_fetched": stats.get_value("downloader/response_count", 0),
            "articles_new": stats.get_value("archive/new", 0),
            "articles_updated": stats.get_value("archive/revised", 0),
            "duplicates": stats.get_value("archive/duplicate", 0),
            "errors": stats.get_value("portal/errors", 0),
        }
        run_id, failure = self.run_id, self.archive_failure
        reports = spider.portal_reports(finished=reason == "finished")
        records = []
        for report in reports:
            name = report.pop("portal")
            archived = {
                "articles_new": stats.get_value(f"archive/new/{name}", 0),
                "articles_updated": stats.get_value(f"archive/revised/{name}", 0),
                "duplicates": stats.get_value(f"archive/duplicate/{name}", 0),
            }
            records.append((name, {"articles_archived": sum(archived.values()), **archived, **report}))
        article_links = sum(report["article_links"] for report in reports)

        def finish(archive):
            # After every note the crawl sent: commands run in order.
            if failure:
                archive.crawl.record_note(run_id, "archive_write_failed", f"the crawl stopped: {failure}"[:500])
            for name, record in records:
                archive.crawl.record_portal_run(run_id, name, **record)
            problems = sum(note["problem"] for note in archive.crawl.run_notes(run_id))
            archive.crawl.finish_run(run_id, self._status(reason, counts, problems, article_links), **counts)

        await self.writer.call(finish)

    @staticmethod
    def _status(reason: str, counts: dict, problems: int, article_links: int) -> str:
        """failed if the archive could not be written or the crawl could not start; interrupted; failed if nothing could be
        fetched or no listing showed an article link;
        partial if some page failed or a listing has a problem (crawl_notes); else ok."""
        if reason in ("archive_failed", "start_error"):
            return "failed"
        if reason != "finished":
            return "interrupted"
        if counts["errors"] and counts["pages_fetched"] <= counts["errors"]:
            return "failed"
        if not article_links:
            return "failed"
        return "partial" if counts["errors"] or problems else "ok"


class LiveProgress:
    """A one-line live display on a terminal: pages, new, duplicates, errors, rate.

    Enabled by the PROGRESS_LIVE setting, which ``portal-archive crawl`` sets only when
    stderr is a terminal, so cron mail stays a few lines long.
    """

    INTERVAL = 0.5

    def __init__(self, crawler, stream):
        self.stats = crawler.stats
        self.stream = stream
        self.started = None
        self.task = None

    @classmethod
    def from_crawler(cls, crawler):
        if not crawler.settings.getbool("PROGRESS_LIVE"):
            raise NotConfigured
        progress = cls(crawler, sys.stderr)
        crawler.signals.connect(progress.spider_opened, signal=signals.spider_opened)
        crawler.signals.connect(progress.spider_closed, signal=signals.spider_closed)
        return progress

    def spider_opened(self, spider):
        self.started = time.monotonic()
        self.task = task.LoopingCall(self.show)
        self.task.start(self.INTERVAL, now=True)

    def line(self) -> str:
        value = self.stats.get_value
        pages = value("downloader/response_count", 0)
        rate = pages / max(time.monotonic() - self.started, 1e-6)
        return (
            f"pages {pages}  new {value('archive/new', 0)}  duplicates {value('archive/duplicate', 0)}"
            f"  updated {value('archive/revised', 0)}  errors {value('portal/errors', 0)}  {rate:.1f} pages/s"
        )

    def show(self):
        self.stream.write("\r\x1b[K" + self.line())
        self.stream.flush()

    def spider_closed(self, spider, reason):
        if self.task and self.task.running:
            self.task.stop()
        self.stream.write("\r\x1b[K")
        self.stream.flush()
