"""The portal-archive library: an SQLite archive of articles over sqlite-utils.

It knows nothing of Scrapy: anything that can produce an :class:`Article` can store one.
"""

from storage.article import Article

__all__ = ["Article"]
