"""Glue: every Article the spider yields goes to the archive, through the run's one writer.

Storing runs on the writer thread (``portal_spider.archive_link``), which saves articles
that queue up while it is busy in one transaction; this pipeline only hands articles over
and counts what became of them.

Duplicates are kept (linked to their root), so the only drops are pages that held
no article at all, and articles that arrive once the archive itself failed; each drop
reason is a DropItem subclass, so the crawl stats say why.

A write that fails because of the archive (disk full, read-only, I/O error, damage)
stops the crawl (the run recorder's archive_failed): what was committed stays, and the
articles not saved stay in crawl_queue for the next run.
"""

from __future__ import annotations

from scrapy.exceptions import DropItem

from portal_spider.extensions import RunRecorder
from storage import Article, ArchiveError
from storage.article import published_at_problem


class EmptyArticle(DropItem):
    """The page had neither a title nor any body text: not an article."""


class ArchiveUnavailable(DropItem):
    """Not stored: the archive itself failed; the URL stays queued for the next run."""


_STOP = None


class ArchivePipeline:
    def __init__(self, crawler):
        self.crawler = crawler
        self.stats = crawler.stats

    @classmethod
    def from_crawler(cls, crawler):
        return cls(crawler)

    async def process_item(self, item: Article, spider=None):
        run = self.crawler.get_extension(RunRecorder)
        if run.archive_failure:
            raise ArchiveUnavailable(f"not stored, the archive failed: {item.url}")
        run_id, url, portal = run.run_id, item.url, item.portal
        if not (item.body_text.strip() or (item.title or "").strip()):
            run.writer.send(lambda archive: archive.crawl.record_error(run_id, url, "EmptyArticle: no title and no body", portal))
            raise EmptyArticle(f"no title and no body at {item.url}")
        problem = published_at_problem(item.published_at)
        if problem:  # the archive would refuse the article: store it without the date, and say so
            item.published_at = item.published_precision = None
            reason = f"{problem}; stored without it"
            run.writer.send(lambda archive: archive.crawl.record_note(
                run_id, "published_at_invalid", reason, portal=portal, url=url))
        try:
            result = await run.writer.save(item)
        except ArchiveError as error:
            run.archive_failed(error)
            raise ArchiveUnavailable(f"not stored, the archive failed: {item.url}") from None
        self.stats.inc_value(f"archive/{result.status}")
        self.stats.inc_value(f"archive/{result.status}/{item.portal}")  # the run's per-portal record
        return item
