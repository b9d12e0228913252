"""portal-archive: crawl guide portals with Scrapy into an SQLite archive."""
