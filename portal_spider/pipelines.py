"""Glue: every Article the spider yields goes through storage.Archive.save().

Duplicates are kept (linked to their root), so the only drops are pages that held no
article at all; each drop reason is a DropItem subclass, so the crawl stats say why.
"""

from __future__ import annotations

from scrapy.exceptions import DropItem

from portal_spider.archive_link import archive_for
from storage import Article


class EmptyArticle(DropItem):
    """The page had neither a title nor any body text: not an article."""


class ArchivePipeline:
    def __init__(self, archive, stats):
        self.archive = archive
        self.stats = stats

    @classmethod
    def from_crawler(cls, crawler):
        return cls(archive_for(crawler), crawler.stats)

    def process_item(self, item: Article, spider=None):
        if not (item.body_text.strip() or (item.title or "").strip()):
            self.archive.record_error(
                spider.crawler.portal_run_id, item.url, "EmptyArticle: no title and no body", item.portal
            )
            raise EmptyArticle(f"no title and no body at {item.url}")
        result = self.archive.save(item)
        self.stats.inc_value(f"archive/{result.status}")
        return item
