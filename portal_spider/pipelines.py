"""Glue: every Article the spider yields goes through storage.Archive.save().

Saves run one at a time on a writer thread with its own connection: SQLite releases the
GIL while it works, so fetching and scheduling go on meanwhile, and the archive still
has a single writer. Duplicates are kept (linked to their root), so the only drops are
pages that held no article at all; each drop reason is a DropItem subclass, so the crawl
stats say why.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

from scrapy.exceptions import DropItem

from portal_spider.archive_link import archive_for, open_archive
from storage import Article, SaveResult


class EmptyArticle(DropItem):
    """The page had neither a title nor any body text: not an article."""


class ArchivePipeline:
    def __init__(self, crawler):
        self.crawler = crawler
        self.stats = crawler.stats
        self.writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="archive-writer")
        self.writer_archive = None  # opened on the writer thread, used only there

    @classmethod
    def from_crawler(cls, crawler):
        return cls(crawler)

    def _save(self, item: Article) -> SaveResult:
        if self.writer_archive is None:
            self.writer_archive = open_archive(self.crawler.settings)
        return self.writer_archive.save(item)

    def _close_writer_archive(self) -> None:
        if self.writer_archive is not None:
            self.writer_archive.db.close()

    async def process_item(self, item: Article, spider=None):
        if not (item.body_text.strip() or (item.title or "").strip()):
            archive_for(self.crawler).record_error(
                self.crawler.portal_run_id, item.url, "EmptyArticle: no title and no body", item.portal
            )
            raise EmptyArticle(f"no title and no body at {item.url}")
        result = await asyncio.wrap_future(self.writer.submit(self._save, item))
        self.stats.inc_value(f"archive/{result.status}")
        return item

    def close_spider(self, spider=None):
        self.writer.submit(self._close_writer_archive).result()
        self.writer.shutdown(wait=True)
