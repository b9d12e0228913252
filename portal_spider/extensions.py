"""RunRecorder: one crawl_runs row per crawl, opened at start and closed with its counts."""

from __future__ import annotations

from scrapy import signals

from portal_spider.archive_link import archive_for


class RunRecorder:
    def __init__(self, crawler):
        self.crawler = crawler
        self.archive = archive_for(crawler)

    @classmethod
    def from_crawler(cls, crawler):
        recorder = cls(crawler)
        crawler.signals.connect(recorder.spider_opened, signal=signals.spider_opened)
        crawler.signals.connect(recorder.spider_closed, signal=signals.spider_closed)
        return recorder

    def spider_opened(self, spider):
        # A run still marked running was killed (SIGKILL, power loss): say so.
        self.archive.mark_interrupted_runs()
        portals = [portal.name for portal in spider.portals]
        self.crawler.portal_run_id = self.archive.start_run(portals)

    def spider_closed(self, spider, reason):
        stats = self.crawler.stats
        counts = {
            "pages_fetched": stats.get_value("downloader/response_count", 0),
            "articles_new": stats.get_value("archive/new", 0),
            "articles_updated": stats.get_value("archive/revised", 0),
            "duplicates": stats.get_value("archive/duplicate", 0),
            "errors": stats.get_value("portal/errors", 0),
        }
        self.archive.finish_run(self.crawler.portal_run_id, self._status(reason, counts), **counts)

    @staticmethod
    def _status(reason: str, counts: dict) -> str:
        if reason != "finished":
            return "interrupted"
        if not counts["errors"]:
            return "ok"
        return "partial" if counts["pages_fetched"] > counts["errors"] else "failed"
