"""The portal-archive library: an SQLite archive of articles over sqlite-utils.

It knows nothing of Scrapy: anything that can produce an :class:`Article` can store one.
"""

from storage.archive import Archive, ArchiveDamaged, ArchiveError, InvalidArticle, SaveResult
from storage.article import Article
from storage.urls import DEFAULT_TRACKING_PARAMS

__all__ = ["Archive", "ArchiveDamaged", "ArchiveError", "InvalidArticle", "Article", "DEFAULT_TRACKING_PARAMS", "SaveResult"]
